"""Access proposals: who may resolve, role required for ACCEPT, sharing checks, notifications."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_accept_needs_a_role_and_runs_the_sharing_checks():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "needs a role" in s.call_error("drive_resolve_access_proposal", file_id="FIL01290", proposal_id="APR0001",
                                              action="ACCEPT")
        assert "domain_users_only" in s.call_error("drive_resolve_access_proposal", file_id="FIL01290",
                                                   proposal_id="APR0002", action="ACCEPT", role="reader")
        assert "suspended" in s.call_error("drive_resolve_access_proposal", file_id="FIL01290", proposal_id="APR0003",
                                           action="ACCEPT", role="reader")
        out = s.call("drive_resolve_access_proposal", file_id="FIL01290", proposal_id="APR0001", action="ACCEPT",
                     role="commenter")
        assert out["state"] == "accepted" and out["granted_role"] == "commenter" and out["permission_id"]
        assert "already accepted" in s.call_error("drive_resolve_access_proposal", file_id="FIL01290",
                                                  proposal_id="APR0001", action="DENY")
        s.call("drive_resolve_access_proposal", file_id="FIL01290", proposal_id="APR0003", action="DENY",
               message="account suspended")
        assert s.scalar("SELECT message FROM drive.notification WHERE proposal_id = 'APR0003'").endswith("account suspended")


def test_only_people_who_can_share_see_requests():
    with tool_session("drive", as_user="P0280") as s:           # the requester herself
        assert "no access" in s.call_error("drive_list_access_proposals", file_id="FIL01290")
        assert "file_id is required" in s.call_error("drive_list_access_proposals")

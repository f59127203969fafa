from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_sensitive_access_only_through_job_profile():
    with tool_session("hr", as_user=ADMIN) as s:
        # EMP0300 is in Sales: Payroll System (RES005) is sensitive and not in the profile
        assert "sensitive" in s.call_error("grant_access", employee_id="EMP0300", resource_id="RES005")
        # non-sensitive resource outside the profile is fine
        g = s.call("grant_access", employee_id="EMP0300", resource_id="RES016", access_level="read")
        assert g["state"] == "active"
        assert "already has access" in s.call_error("grant_access", employee_id="EMP0300", resource_id="RES016")


def test_frozen_resource_and_terminated_employee():
    with tool_session("hr", as_user=ADMIN) as s:
        frozen = s.scalar("SELECT resource_id FROM hr.access_resource WHERE status = 'frozen'")
        assert "frozen" in s.call_error("grant_access", employee_id="EMP0300", resource_id=frozen)
        term = s.scalar("SELECT employee_id FROM hr.employee WHERE status = 'terminated' LIMIT 1")
        assert "terminated" in s.call_error("grant_access", employee_id=term, resource_id="RES016")


def test_revoke_all_access_and_badges():
    with tool_session("hr", as_user=ADMIN) as s:
        out = s.call("revoke_all_access", employee_id="EMP0300", reason="Termination")
        assert len(out["revoked_grants"]) >= 4 and len(out["deactivated_badges"]) == 1
        assert s.scalar("SELECT count(*) FROM hr.access_grant WHERE employee_id='EMP0300' AND state <> 'revoked'") == 0
        assert "already revoked" in s.call_error("revoke_access", grant_id=out["revoked_grants"][0], reason="x")


def test_suspend_restore_and_badges():
    with tool_session("hr", as_user=ADMIN) as s:
        vpn = s.scalar("SELECT grant_id FROM hr.access_grant WHERE employee_id='EMP0300' AND resource_id='RES003'")
        assert s.call("suspend_access", grant_id=vpn, reason="Leave")["state"] == "suspended"
        assert s.call("restore_access", grant_id=vpn)["state"] == "active"
        assert "already has an active badge" in s.call_error("issue_badge", employee_id="EMP0300")
        b = s.call("list_badges", employee_id="EMP0300")[0]
        assert s.call("deactivate_badge", badge_id=b["badge_id"], lost=True)["state"] == "lost"
        nb = s.call("issue_badge", employee_id="EMP0300")
        assert nb["state"] == "active" and nb["badge_id"] == "BDG00626"


def test_provision_profile_for_transfer_target():
    with tool_session("hr", as_user=ADMIN) as s:
        pos = s.scalar("SELECT position_id FROM hr.position WHERE status='open' AND department_id='DEP006' ORDER BY 1 LIMIT 1")
        ev = s.call("start_transfer", employee_id="EMP0300", to_position_id=pos, effective_date="2025-12-05", reason="Move")
        out = s.call("provision_job_profile_access", employee_id="EMP0300", event_id=ev["event_id"])
        names = {g["name"] for g in out["granted"]}
        assert "ERP Finance" in names
        assert any(x["reason"] == "already granted" for x in out["skipped"])

from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_only_admins_disable_accounts_and_not_twice():
    with tool_session("teams", as_user="P0145") as s:
        assert "Teams administrator" in error(s, "teams_disable_user", user_id="P0146")
    with tool_session("teams", as_user=ADMIN) as s:
        assert call(s, "teams_disable_user", user_id="P0146")["account_enabled"] is False
        assert "already disabled" in error(s, "teams_disable_user", user_id="P0146")
        assert s.scalar("SELECT count(*) FROM teams.audit_log WHERE action = 'teams_disable_user' AND target_id = 'P0146'") == 1


def test_status_message_is_self_only_and_validated():
    with tool_session("teams", as_user="P0145") as s:
        assert "future" in error(s, "teams_set_status_message", message="Out", expires_at="2025-01-01T00:00:00Z")
        assert "ISO 8601" in error(s, "teams_set_status_message", message="Out", expires_at="next week")
        call(s, "teams_set_status_message", message="On call", expires_at="2025-12-08T09:00:00Z")
        assert s.scalar("SELECT status_message FROM teams.user_account WHERE person_id = 'P0145'") == "On call"
        assert "administrator" in error(s, "teams_update_user", user_id="P0146", job_title="x")


def test_guest_invitation_respects_domain_rules():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "blocked" in error(s, "teams_invite_guest", email="x.y@litware.example", display_name="X Y")
        assert "Look-alike" in error(s, "teams_invite_guest", email="a.b@arcturus-example.com", display_name="A B")
        assert "no external collaboration rule" in error(s, "teams_invite_guest", email="a@unknown.example", display_name="A")
        g = call(s, "teams_invite_guest", email="New.Person@northwind.example", display_name="New Person")
        assert g["invitation_state"] == "pending_acceptance" and g["email"] == "new.person@northwind.example"


def test_list_users_paginates_and_filters():
    with tool_session("teams", as_user=ADMIN) as s:
        page = call(s, "teams_list_users", department_id="DEP013", limit=5)
        assert page["total"] == 22 and len(page["items"]) == 5 and page["next_offset"] == 5
        assert "limit" in error(s, "teams_list_users", limit=1000)
        assert call(s, "teams_list_users", account_enabled=False, limit=100)["total"] == 24

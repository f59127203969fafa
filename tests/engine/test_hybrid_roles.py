"""A hybrid task's tools check the acting user's role in their own domain, not the first domain's."""

from pytest_enterpriseops.runner import describe_roles
from pytest_enterpriseops.testing import tool_session

ADMIN = "P0023"  # an ITSM agent who is also a Teams administrator in the seed


def _an_enabled_user(s) -> str:
    return s.scalar("SELECT person_id FROM teams.user_account WHERE account_enabled AND role = 'user' "
                    "ORDER BY person_id LIMIT 1")


def test_each_domain_sees_its_own_role():
    with tool_session(["itsm", "teams"], as_user=ADMIN) as s:
        assert s.ctx.roles["itsm"] == "agent" and s.ctx.roles["teams"] == "teams_admin"
        target = _an_enabled_user(s)
        out = s.call("teams_disable_user", user_id=target)  # admin-only in Teams
        assert out["account_enabled"] is False
        # an ITSM tool afterwards runs with the ITSM role again
        s.call("find_incidents")
        assert s.ctx.role == "agent"


def test_an_itsm_manager_who_is_a_plain_teams_user_is_refused_in_teams():
    with tool_session(["itsm", "teams"], as_user="P0001") as s:
        person = s.scalar("SELECT i.person_id FROM itsm.sys_user i JOIN teams.user_account t USING (person_id) "
                          "WHERE i.role = 'manager' AND t.role = 'user' AND t.account_enabled ORDER BY 1 LIMIT 1")
    with tool_session(["itsm", "teams"], as_user=person) as s:
        assert (s.ctx.roles["itsm"], s.ctx.roles["teams"]) == ("manager", "user")
        err = s.call_error("teams_disable_user", user_id=_an_enabled_user(s))
        assert "Teams administrator" in err


def test_roles_are_described_per_domain_only_when_they_differ():
    assert describe_roles({"itsm": "agent"}) == "agent"
    assert describe_roles({"itsm": "agent", "teams": "agent"}) == "agent"
    # no role in one system is shown, not hidden behind the other system's role
    assert describe_roles({"itsm": "agent", "teams": None}) == "itsm: agent; teams: no role"
    assert describe_roles({"itsm": "agent", "teams": "teams_admin"}) == "itsm: agent; teams: teams_admin"
    assert describe_roles({}) is None

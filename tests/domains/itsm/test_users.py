from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT, MANAGER


def test_find_and_get_user():
    with tool_session("itsm", as_user=AGENT) as s:
        page = s.env.call("itsm_find_users", {"name": "stephanie smith"}).data  # 'name' clashes with call()
        assert page["items"][0]["user_id"] == "USR11702"
        u = s.call("itsm_get_user", user_id="USR11702")
        assert u["role"] == "agent" and u["line_manager"]["user_id"]


def test_only_admin_updates_users():
    with tool_session("itsm", as_user=AGENT) as s:
        assert "not allowed" in s.call_error("itsm_update_user", user_id="USR10640", active=False)
    with tool_session("itsm", as_user=ADMIN) as s:
        assert s.call("itsm_update_user", user_id="USR10640", active=False)["active"] is False
        assert "own account" in s.call_error("itsm_update_user", user_id="USR10826", role="agent")


def test_group_manager_manages_membership():
    with tool_session("itsm", as_user=MANAGER) as s:
        s.call("itsm_add_group_member", group_id="GRP0003", user_id="USR11402")
        assert "already a member" in s.call_error("itsm_add_group_member", group_id="GRP0003", user_id="USR11402")
        assert "not allowed" in s.call_error("itsm_add_group_member", group_id="GRP0005", user_id="USR11402")
        assert "reporter" in s.call_error("itsm_add_group_member", group_id="GRP0003", user_id="USR10640")
        assert "manages" in s.call_error("itsm_remove_group_member", group_id="GRP0003", user_id="USR10814")
        s.call("itsm_remove_group_member", group_id="GRP0003", user_id="USR11402")


def test_group_members_show_open_workload():
    with tool_session("itsm", as_user=AGENT) as s:
        items = s.call("itsm_list_group_members", group_id="GRP0002", active_only=True)["items"]
        loads = {r["user_id"]: r["open_incidents"] for r in items}
        for uid, n in loads.items():
            assert n == s.scalar("SELECT count(*) FROM itsm.incident WHERE assigned_to = ? AND state IN "
                                 "('new', 'in_progress', 'on_hold')", uid)

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


def test_a_member_with_open_incidents_of_the_group_cannot_be_removed():
    with tool_session("itsm", as_user=ADMIN) as s:
        row = s.rows("SELECT i.assignment_group_id AS g, i.assigned_to AS u, i.incident_id AS inc, i.number "
                     "FROM itsm.incident i JOIN itsm.user_group gr ON gr.group_id = i.assignment_group_id "
                     "WHERE i.state IN ('new', 'in_progress', 'on_hold') AND i.assigned_to IS NOT NULL "
                     "AND i.assigned_to <> gr.manager_id ORDER BY i.number LIMIT 1")[0]
        err = s.call_error("itsm_remove_group_member", group_id=row["g"], user_id=row["u"])
        assert "open incident" in err and row["number"] in err
        # once every open incident of the group is reassigned, the removal goes through
        other = s.scalar("SELECT m.user_id FROM itsm.group_member m JOIN itsm.sys_user u USING (user_id) "
                         "WHERE m.group_id = ? AND m.user_id <> ? AND u.active ORDER BY 1 LIMIT 1", row["g"], row["u"])
        s.ctx.cursor.execute("UPDATE itsm.incident SET assigned_to = ? WHERE assignment_group_id = ? AND assigned_to = ?",
                             [other, row["g"], row["u"]])
        assert s.call("itsm_remove_group_member", group_id=row["g"], user_id=row["u"])["removed"] is True

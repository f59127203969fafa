from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT, reporter_of


def test_create_incident_derives_priority_group_and_slas():
    with tool_session("itsm", as_user=AGENT) as s:
        out = s.call("create_incident", caller_id="USR10640", short_description="VPN down", category_id="network.vpn",
                     impact=2, urgency=1)
        assert out["priority"] == 2 and out["major_incident"] is False
        assert out["assignment_group_id"] == "GRP0004"  # the inactive legacy rule (order 50) is ignored
        assert out["number"] == "INC0010901"
        slas = s.rows("SELECT sla_def_id, target FROM itsm.task_sla WHERE incident_id = ? ORDER BY 1", out["incident_id"])
        assert [r["sla_def_id"] for r in slas] == ["SLA003", "SLA004"]
        assert s.scalar("SELECT count(*) FROM itsm.audit_log WHERE record_id = ? AND action = 'create'", out["incident_id"]) == 1


def test_p1_is_major_and_inactive_caller_refused():
    with tool_session("itsm", as_user=AGENT) as s:
        out = s.call("create_incident", caller_id="USR10640", short_description="Mail down", category_id="email",
                     impact=1, urgency=1)
        assert out["priority"] == 1 and out["major_incident"] is True
        inactive = s.scalar("SELECT user_id FROM itsm.sys_user WHERE NOT active ORDER BY user_id LIMIT 1")
        assert "inactive" in s.call_error("create_incident", caller_id=inactive, short_description="x",
                                          category_id="email", impact=3, urgency=3)


def test_assignee_must_be_active_member():
    with tool_session("itsm", as_user=AGENT) as s:
        err = s.call_error("assign_incident", incident_id="INC_0009", assigned_to="USR11702")
        assert "not a member" in err
        out = s.call("assign_incident", incident_id="INC_0009", assignment_group_id="GRP0003", assigned_to="USR11702")
        assert out["assigned_to"] == "USR11702"


def test_update_recomputes_priority_but_not_slas():
    with tool_session("itsm", as_user=AGENT) as s:
        before = s.scalar("SELECT count(*) FROM itsm.task_sla WHERE incident_id = 'INC_0009'")
        out = s.call("update_incident", incident_id="INC_0009", impact=1)
        assert out["priority"] == 2
        assert s.scalar("SELECT count(*) FROM itsm.task_sla WHERE incident_id = 'INC_0009'") == before
        assert "nothing to change" in s.call_error("update_incident", incident_id="INC_0009", impact=1)


def test_reporter_sees_only_own_incidents():
    with tool_session("itsm", as_user=AGENT) as s0:
        rep = reporter_of(s0, "INC_0009")
    with tool_session("itsm", as_user=rep) as s:
        assert s.call("get_incident", incident_id="INC_0009")["incident_id"] == "INC_0009"
        assert "not allowed" in s.call_error("get_incident", incident_id="INC_0013")
        page = s.call("find_incidents", limit=100)
        uid = s.scalar("SELECT user_id FROM itsm.sys_user WHERE person_id = ?", rep)
        assert page["items"] and all(r["caller_id"] == uid for r in page["items"])
        assert "not allowed" in s.call_error("update_incident", incident_id="INC_0009", impact=1)


def test_lookup_assignment_group_prefers_ci_rule():
    with tool_session("itsm", as_user=ADMIN) as s:
        api = s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE name = 'Portal API'")
        assert s.call("lookup_assignment_group", category_id="application.portal", ci_id=api)["group_id"] == "GRP0006"
        assert s.call("lookup_assignment_group", category_id="application.portal")["group_id"] == "GRP0010"


def test_parent_child_one_level():
    with tool_session("itsm", as_user=AGENT) as s:
        s.call("set_parent_incident", incident_id="INC_0018", parent_incident_id="INC_0009")
        assert "has child incidents" in s.call_error("set_parent_incident", incident_id="INC_0009", parent_incident_id="INC_0013")
        assert [r["incident_id"] for r in s.call("list_child_incidents", incident_id="INC_0009")] == ["INC_0018"]

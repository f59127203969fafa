from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT


def test_windows_templates_and_cab_lookup():
    with tool_session("itsm", as_user=AGENT) as s:
        bl = s.call("list_maintenance_windows", window_type="blackout", ends_after="2025-12-05T10:00:00Z")
        assert {w["name"] for w in bl} >= {"Year-end change freeze", "Payroll run freeze"}
        assert all(t["active"] for t in s.call("list_standard_change_templates"))
        planned = s.call("list_cab_meetings", state="planned")
        assert [m["cab_id"] for m in planned] == ["CAB010", "CAB011", "CAB012"]
        assert s.call("get_cab_meeting", cab_id="CAB010")["attendees"]


def test_change_tasks_must_finish_before_review():
    with tool_session("itsm", as_user=ADMIN) as s:
        ci = s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE criticality = 4 AND ci_class = 'server' AND status = "
                      "'operational' AND environment = 'production' ORDER BY 1 LIMIT 1")
        ci = ci or s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE ci_class = 'server' AND status = 'operational' "
                            "ORDER BY 1 LIMIT 1")
        inc = s.call("create_incident", caller_id="USR10640", short_description="down", category_id="server",
                     impact=1, urgency=2, ci_id=ci)
        c = s.call("create_change", change_type="emergency", short_description="Fix", ci_id=ci, justification="x",
                   implementation_plan="a", backout_plan="b", test_plan="c",
                   planned_start="2025-12-05T10:00:00Z", planned_end="2025-12-05T11:00:00Z")
        cid = c["change_id"]
        t = s.call("create_change_task", change_id=cid, short_description="Reboot")
        assert "implement" in s.call_error("update_change_task", ctask_id=t["ctask_id"], state="in_progress")
        s.call("link_incident_to_change", change_id=cid, incident_id=inc["incident_id"], link_type="resolves")
        s.call("advance_change", change_id=cid, state="authorize")
        mgr = s.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", c["assignment_group_id"])
        a = s.call("request_change_approval", change_id=cid, approver_id=mgr, approver_type="group_manager")
        s.call("decide_change_approval", approval_id=a["approval_id"], decision="approve", comments="by phone")
        s.call("advance_change", change_id=cid, state="scheduled")
        s.call("advance_change", change_id=cid, state="implement")
        assert "unfinished change task" in s.call_error("advance_change", change_id=cid, state="review")
        assert "close_notes" in s.call_error("update_change_task", ctask_id=t["ctask_id"], state="closed_complete")
        s.call("update_change_task", ctask_id=t["ctask_id"], state="closed_complete", close_notes="rebooted")
        assert s.call("advance_change", change_id=cid, state="review")["state"] == "review"
        sched = s.call("check_change_schedule", change_id=cid)
        assert sched["ok"] is True

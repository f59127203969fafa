from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT

W_START, W_END = "2025-12-13T23:00:00Z", "2025-12-14T01:00:00Z"   # inside the 13 Dec weekend window


def _ci(s, criticality, cls="server"):
    return s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE criticality = ? AND ci_class = ? AND status = 'operational' "
                    "AND environment = 'production' ORDER BY ci_id LIMIT 1", criticality, cls)


def _normal(s, ci, **kw):
    return s.call("create_change", change_type="normal", short_description="Upgrade firmware", ci_id=ci,
                  implementation_plan="steps", backout_plan="rollback", test_plan="checks",
                  planned_start=W_START, planned_end=W_END, **kw)


def test_risk_derived_from_ci_criticality():
    with tool_session("itsm", as_user=AGENT) as s:
        assert _normal(s, _ci(s, 1))["risk"] == "high"
        assert _normal(s, _ci(s, 2))["risk"] == "moderate"
        c = _normal(s, _ci(s, 4))
        assert c["risk"] == "low" and c["state"] == "new" and c["approval"] == "not_requested"


def test_normal_low_risk_full_flow_with_group_manager_approval():
    with tool_session("itsm", as_user=ADMIN) as s:
        c = _normal(s, _ci(s, 4))
        cid = c["change_id"]
        assert "allowed next state: assess" in s.call_error("advance_change", change_id=cid, state="authorize")
        s.call("advance_change", change_id=cid, state="assess")
        s.call("advance_change", change_id=cid, state="authorize")
        mgr = s.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", c["assignment_group_id"])
        assert "not the group manager" in s.call_error("request_change_approval", change_id=cid, approver_id="USR10814",
                                                       approver_type="group_manager")
        assert "needs an approved" in s.call_error("advance_change", change_id=cid, state="scheduled")
        a = s.call("request_change_approval", change_id=cid, approver_id=mgr, approver_type="group_manager")
        assert s.scalar("SELECT count(*) FROM itsm.notification WHERE change_id = ? AND recipient_id = ?", cid, mgr) == 1
        assert "mandatory" in s.call_error("decide_change_approval", approval_id=a["approval_id"], decision="approve")
        out = s.call("decide_change_approval", approval_id=a["approval_id"], decision="approve", comments="Approved by phone")
        assert out["change_approval"] == "approved"
        assert s.call("advance_change", change_id=cid, state="scheduled")["state"] == "scheduled"
        assert "inside its planned window" in s.call_error("advance_change", change_id=cid, state="implement")


def test_moderate_risk_needs_cab_before_authorize():
    with tool_session("itsm", as_user=AGENT) as s:
        c = _normal(s, _ci(s, 2))
        s.call("advance_change", change_id=c["change_id"], state="assess")
        assert "CAB" in s.call_error("advance_change", change_id=c["change_id"], state="authorize")
        assert "must take place before" in s.call_error("add_change_to_cab", change_id=c["change_id"], cab_id="CAB011")
        s.call("add_change_to_cab", change_id=c["change_id"], cab_id="CAB010")
        assert s.call("advance_change", change_id=c["change_id"], state="authorize")["state"] == "authorize"


def test_blackout_blocks_normal_change():
    with tool_session("itsm", as_user=ADMIN) as s:
        c = s.call("create_change", change_type="standard", short_description="Reboot", ci_id=_ci(s, 4),
                   template_id="STD008", planned_start="2025-12-20T23:00:00Z", planned_end="2025-12-21T00:00:00Z")
        assert c["approval"] == "approved" and c["risk"] == "low"
        assert "blackout" in s.call_error("advance_change", change_id=c["change_id"], state="scheduled")


def test_emergency_needs_p1_p2_incident_and_runs_now():
    with tool_session("itsm", as_user=ADMIN) as s:
        ci = _ci(s, 1)
        assert "justification" in s.call_error("create_change", change_type="emergency", short_description="Reboot", ci_id=ci)
        c = s.call("create_change", change_type="emergency", short_description="Reboot", ci_id=ci, justification="outage",
                   implementation_plan="reboot", backout_plan="none", test_plan="ping",
                   planned_start="2025-12-05T10:00:00Z", planned_end="2025-12-05T12:00:00Z")
        cid = c["change_id"]
        assert "priority 1 or 2" in s.call_error("advance_change", change_id=cid, state="authorize")
        inc = s.call("create_incident", caller_id="USR10640", short_description="down", category_id="server.outage",
                     impact=1, urgency=1, ci_id=ci)
        s.call("link_incident_to_change", change_id=cid, incident_id=inc["incident_id"], link_type="resolves")
        s.call("advance_change", change_id=cid, state="authorize")
        mgr = s.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", c["assignment_group_id"])
        a = s.call("request_change_approval", change_id=cid, approver_id=mgr, approver_type="group_manager")
        s.call("decide_change_approval", approval_id=a["approval_id"], decision="approve", comments="ECAB by phone")
        s.call("advance_change", change_id=cid, state="scheduled")
        assert s.call("advance_change", change_id=cid, state="implement")["actual_start"] == "2025-12-05T10:00:00"
        s.call("advance_change", change_id=cid, state="review")
        out = s.call("close_change", change_id=cid, close_code="successful", close_notes="Rebooted")
        assert out["state"] == "closed" and out["closed_by"] == "USR10826"


def test_agent_cannot_decide_someone_elses_approval():
    with tool_session("itsm", as_user=AGENT) as s:
        aid = s.scalar("SELECT approval_id FROM itsm.change_approval WHERE state = 'requested' AND approver_id <> 'USR11702' "
                       "ORDER BY 1 LIMIT 1")
        assert "not allowed" in s.call_error("decide_change_approval", approval_id=aid, decision="approve", comments="x")


def test_cancel_cascades_to_tasks_and_approvals():
    with tool_session("itsm", as_user=AGENT) as s:
        cid = s.scalar("SELECT change_id FROM itsm.change_request WHERE state = 'authorize' ORDER BY 1 LIMIT 1")
        s.call("cancel_change", change_id=cid, reason="No longer needed")
        assert s.scalar("SELECT count(*) FROM itsm.change_approval WHERE change_id = ? AND state = 'requested'", cid) == 0
        assert s.scalar("SELECT count(*) FROM itsm.change_task WHERE change_id = ? AND state = 'open'", cid) == 0


def test_high_risk_owner_approval_not_asked_twice():
    with tool_session("itsm", as_user=ADMIN) as s:
        # a criticality-1 business-critical server: owned by the department head, not the group manager
        ci = s.scalar("SELECT ci_id FROM itsm.configuration_item c JOIN itsm.user_group g ON g.group_id = c.support_group_id "
                      "WHERE c.criticality = 1 AND c.ci_class = 'server' AND c.owned_by <> g.manager_id ORDER BY 1 LIMIT 1")
        c = _normal(s, ci)
        assert c["risk"] == "high"
        s.call("advance_change", change_id=c["change_id"], state="assess")
        s.call("add_change_to_cab", change_id=c["change_id"], cab_id="CAB010")
        s.call("advance_change", change_id=c["change_id"], state="authorize")
        owner = s.scalar("SELECT owned_by FROM itsm.configuration_item WHERE ci_id = ?", ci)
        s.call("request_change_approval", change_id=c["change_id"], approver_id=owner, approver_type="ci_owner")
        err = s.call_error("advance_change", change_id=c["change_id"], state="scheduled")
        assert "group_manager" in err

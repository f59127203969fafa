from pytest_enterpriseops.testing import tool_session

from .conftest import AGENT, reporter_of

NEW_SQL = "SELECT incident_id FROM itsm.incident WHERE state = 'new' AND assigned_to IS NULL ORDER BY 1 LIMIT 1"


def test_start_needs_assignee_and_completes_response_sla():
    with tool_session("itsm", as_user=AGENT) as s:
        iid = s.scalar(NEW_SQL)
        assert "no assignee" in s.call_error("start_incident_work", incident_id=iid)
        s.call("assign_incident", incident_id=iid, assignment_group_id="GRP0003", assigned_to="USR11702")
        s.call("start_incident_work", incident_id=iid)
        assert s.scalar("SELECT stage FROM itsm.task_sla WHERE incident_id = ? AND target = 'response'", iid) == "completed"


def test_hold_pauses_and_resume_extends_due():
    with tool_session("itsm", as_user=AGENT) as s:
        assert "needs a linked problem" in s.call_error("put_incident_on_hold", incident_id="INC_0018", reason="awaiting_problem")
        s.call("put_incident_on_hold", incident_id="INC_0018", reason="awaiting_caller")
        assert s.scalar("SELECT stage FROM itsm.task_sla WHERE incident_id = 'INC_0018' AND target = 'resolution'") == "paused"
        s.call("start_incident_work", incident_id="INC_0018")
        assert s.scalar("SELECT stage FROM itsm.task_sla WHERE incident_id = 'INC_0018' AND target = 'resolution'") == "in_progress"


def test_resolve_requires_code_notes_and_stops_timers():
    with tool_session("itsm", as_user=AGENT) as s:
        assert "mandatory" in s.call_error("resolve_incident", incident_id="INC_0018", resolution_code="solved_permanently",
                                           resolution_notes="  ")
        assert "parent" in s.call_error("resolve_incident", incident_id="INC_0018", resolution_code="duplicate",
                                        resolution_notes="dup")
        out = s.call("resolve_incident", incident_id="INC_0018", resolution_code="solved_permanently", resolution_notes="Replaced cable")
        assert out["state"] == "resolved" and out["resolved_by"] == "USR11702"
        assert s.scalar("SELECT count(*) FROM itsm.task_sla WHERE incident_id = 'INC_0018' AND stage IN ('in_progress','paused')") == 0


def test_reporter_cannot_close_others_incident_but_can_close_own():
    with tool_session("itsm", as_user=AGENT) as s0:
        resolved = s0.scalar("SELECT incident_id FROM itsm.incident WHERE state = 'resolved' ORDER BY 1 LIMIT 1")
        other = s0.scalar("SELECT incident_id FROM itsm.incident WHERE state = 'resolved' AND caller_id <> "
                          "(SELECT caller_id FROM itsm.incident WHERE incident_id = ?) ORDER BY 1 LIMIT 1", resolved)
        rep = reporter_of(s0, resolved)
    with tool_session("itsm", as_user=rep) as s:
        assert "not allowed" in s.call_error("close_incident", incident_id=other)
        assert s.call("close_incident", incident_id=resolved)["state"] == "closed"


def test_reopen_window_and_closed_never_reopen():
    with tool_session("itsm", as_user=AGENT) as s:
        closed = s.scalar("SELECT incident_id FROM itsm.incident WHERE state = 'closed' ORDER BY 1 LIMIT 1")
        assert "cannot be reopened" in s.call_error("reopen_incident", incident_id=closed, reason="back")
        recent = s.scalar("SELECT incident_id FROM itsm.incident WHERE state = 'resolved' AND resolved_at > TIMESTAMP '2025-12-01' ORDER BY 1 LIMIT 1")
        out = s.call("reopen_incident", incident_id=recent, reason="Still failing")
        assert out["state"] == "in_progress" and out["reopen_count"] >= 1 and out["resolution_code"] is None
        old = s.scalar("SELECT incident_id FROM itsm.incident WHERE state = 'resolved' AND resolved_at < TIMESTAMP '2025-11-27' ORDER BY 1 LIMIT 1")
        if old:
            assert "more than 7 days" in s.call_error("reopen_incident", incident_id=old, reason="x")


def test_cancel_cancels_timers():
    with tool_session("itsm", as_user=AGENT) as s:
        s.call("cancel_incident", incident_id="INC_0018", reason="Logged in error")
        assert s.scalar("SELECT count(*) FROM itsm.task_sla WHERE incident_id = 'INC_0018' AND stage = 'cancelled'") >= 1
        assert "only open" in s.call_error("cancel_incident", incident_id="INC_0018", reason="again")

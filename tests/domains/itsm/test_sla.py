from pytest_enterpriseops.testing import tool_session

from .conftest import AGENT


def test_attach_requires_matching_priority_and_no_running_timer():
    with tool_session("itsm", as_user=AGENT) as s:
        # INC_0009 is P4 in progress with a running P4 resolution timer
        assert "priority 4" in s.call_error("attach_task_sla", incident_id="INC_0009", sla_def_id="SLA004")
        assert "already has a running" in s.call_error("attach_task_sla", incident_id="INC_0009", sla_def_id="SLA008")
        s.call("update_incident", incident_id="INC_0009", impact=1)   # -> P2
        assert "inactive" in s.call_error("attach_task_sla", incident_id="INC_0009", sla_def_id="SLA013")
        tid = s.scalar("SELECT task_sla_id FROM itsm.task_sla WHERE incident_id = 'INC_0009' AND stage = 'in_progress'")
        s.call("cancel_task_sla", task_sla_id=tid, reason="priority changed")
        assert "already been responded" in s.call_error("attach_task_sla", incident_id="INC_0009", sla_def_id="SLA003")
        out = s.call("attach_task_sla", incident_id="INC_0009", sla_def_id="SLA004")
        opened = s.scalar("SELECT opened_at FROM itsm.incident WHERE incident_id = 'INC_0009'")
        assert out["start_time"] == opened
        assert out["breached"] is True  # opened days ago, P2 resolution is 8 h


def test_find_about_to_breach_and_breached():
    with tool_session("itsm", as_user=AGENT) as s:
        soon = s.call("find_task_slas", due_within_minutes=600, limit=100)
        assert all(not r["breached"] and r["stage"] == "in_progress" for r in soon["items"])
        br = s.call("find_task_slas", breached=True, stage="in_progress", limit=5)
        assert br["total"] > 0 and all(r["breached"] for r in br["items"])


def test_cancel_completed_refused():
    with tool_session("itsm", as_user=AGENT) as s:
        tid = s.scalar("SELECT task_sla_id FROM itsm.task_sla WHERE stage = 'completed' ORDER BY 1 LIMIT 1")
        assert "only running" in s.call_error("cancel_task_sla", task_sla_id=tid, reason="x")

from pytest_enterpriseops.testing import tool_session

from .conftest import AGENT


def test_problem_lifecycle_and_known_error():
    with tool_session("itsm", as_user=AGENT) as s:
        p = s.call("create_problem", short_description="VPN drops", impact=2, urgency=1, assignment_group_id="GRP0003",
                   assigned_to="USR11702")
        pid = p["problem_id"]
        assert p["priority"] == 2 and p["number"] == "PRB0040061"
        assert "allowed next states" in s.call_error("advance_problem_state", problem_id=pid, state="fix_in_progress")
        assert "only problems under" in s.call_error("mark_problem_known_error", problem_id=pid, workaround="w")
        s.call("advance_problem_state", problem_id=pid, state="assess")
        assert "no root cause" in s.call_error("mark_problem_known_error", problem_id=pid, workaround="w")
        s.call("update_problem", problem_id=pid, root_cause="MTU mismatch")
        kb = s.scalar("SELECT article_id FROM itsm.kb_article WHERE state = 'draft' ORDER BY 1 LIMIT 1")
        out = s.call("mark_problem_known_error", problem_id=pid, workaround="Reconnect", kb_article_id=kb)
        assert out["known_error"] is True and out["kb_article_id"] == kb
        assert s.scalar("SELECT problem_id FROM itsm.kb_article WHERE article_id = ?", kb) == pid
        assert "fix_in_progress" in s.call_error("resolve_problem", problem_id=pid, resolution_code="fix_applied", notes="x")


def test_link_incidents_and_close_guard():
    with tool_session("itsm", as_user=AGENT) as s:
        p = s.call("create_problem", short_description="Printer jams", impact=3, urgency=3)
        s.call("link_incident_to_problem", incident_id="INC_0018", problem_id=p["problem_id"])
        assert "already linked to problem" in s.call_error("link_incident_to_problem", incident_id="INC_0009",
                                                           problem_id=p["problem_id"])
        assert [r["incident_id"] for r in s.call("list_problem_incidents", problem_id=p["problem_id"])] == ["INC_0018"]
        s.call("resolve_problem", problem_id=p["problem_id"], resolution_code="canceled", notes="dup")
        assert "link incidents only to open" in s.call_error("link_incident_to_problem", incident_id="INC_0013",
                                                             problem_id=p["problem_id"])


def test_close_problem_needs_no_open_incidents():
    with tool_session("itsm", as_user=AGENT) as s:
        pid = s.scalar("SELECT p.problem_id FROM itsm.problem p WHERE state = 'resolved' AND EXISTS (SELECT 1 FROM "
                       "itsm.incident i WHERE i.problem_id = p.problem_id AND i.state IN ('new','in_progress','on_hold')) "
                       "ORDER BY 1 LIMIT 1")
        if pid:
            assert "open linked incident" in s.call_error("close_problem", problem_id=pid)


def test_reporter_cannot_read_problems():
    with tool_session("itsm", as_user="P0300") as s:
        assert "not allowed" in s.call_error("get_problem", problem_id="PRB_0001")

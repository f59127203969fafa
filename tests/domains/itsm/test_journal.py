from pytest_enterpriseops.testing import tool_session

from .conftest import AGENT, reporter_of


def test_work_note_comment_and_notify_caller():
    with tool_session("itsm", as_user=AGENT) as s:
        s.call("add_work_note", record_id="INC_0009", body="Checked logs")
        s.call("add_comment", record_id="INC_0009", body="We are on it")
        assert "not a record id" in s.call_error("add_work_note", record_id="INC0010009", body="x")
        n = s.call("notify_caller", incident_id="INC_0009", subject="Update", body="Working on it")
        caller = s.scalar("SELECT caller_id FROM itsm.incident WHERE incident_id = 'INC_0009'")
        assert n["recipient_id"] == caller and n["incident_id"] == "INC_0009"
        kinds = [r["kind"] for r in s.call("list_journal", record_id="INC_0009")["items"][:2]]
        assert sorted(kinds) == ["comment", "work_note"]
        assert s.call("itsm_get_audit_log", record_id="INC_0009", action="work_note")["total"] == 1


def test_inactive_recipient_refused():
    with tool_session("itsm", as_user=AGENT) as s:
        inactive = s.scalar("SELECT user_id FROM itsm.sys_user WHERE NOT active ORDER BY 1 LIMIT 1")
        assert "inactive" in s.call_error("itsm_send_notification", recipient_id=inactive, subject="s", body="b",
                                          notification_type="general")


def test_reporter_comments_only_on_own_and_sees_no_work_notes():
    with tool_session("itsm", as_user=AGENT) as s0:
        rep = reporter_of(s0, "INC_0009")
    with tool_session("itsm", as_user=rep) as s:
        assert "not allowed" in s.call_error("add_work_note", record_id="INC_0009", body="x")
        s.call("add_comment", record_id="INC_0009", body="Still broken")
        assert all(r["kind"] == "comment" for r in s.call("list_journal", record_id="INC_0009")["items"])
        assert "not allowed" in s.call_error("add_comment", record_id="INC_0013", body="x")

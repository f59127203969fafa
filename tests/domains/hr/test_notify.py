from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_notification_needs_one_recipient():
    with tool_session("hr", as_user=ADMIN) as s:
        assert "exactly one" in s.call_error("send_hr_notification", subject="s", body="b")
        assert "exactly one" in s.call_error("send_hr_notification", subject="s", body="b", recipient_person_id="P0300",
                                             recipient_group_id="GRP011")
        assert "not found" in s.call_error("send_hr_notification", subject="s", body="b", recipient_person_id="EMP0300")
        n = s.call("send_hr_notification", subject="s", body="b", recipient_group_id="GRP011")
        assert n["sent_by"] == "P0185"
        assert s.call("list_hr_notifications", recipient_group_id="GRP011")["total"] == 1


def test_audit_log_records_writes():
    with tool_session("hr", as_user=ADMIN) as s:
        s.call("send_hr_notification", subject="s", body="b", recipient_person_id="P0300")
        log = s.call("hr_get_audit_log", action="send_hr_notification")
        assert log["total"] == 1 and log["items"][0]["actor_id"] == "P0185"

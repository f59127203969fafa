from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_notifications_validate_references_and_audit():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "disabled" in error(s, "teams_send_activity_notification", recipient_id="P0005",
                                   activity_type="general", preview_text="x")
        assert "not in team" in error(s, "teams_send_activity_notification", recipient_id="P0145",
                                      activity_type="channelChange", preview_text="x", team_id="TEAM030",
                                      channel_id="CH0110")
        n = call(s, "teams_send_activity_notification", recipient_id="P0145", activity_type="ownershipChange",
                 preview_text="You are now an owner of IR Payments Platform", channel_id="CH0110")
        assert n["team_id"] == "TEAM029"
        log = call(s, "teams_list_audit_log", action="teams_send_activity_notification")
        assert log["items"][0]["target_id"] == n["notification_id"]
        assert "limit" in error(s, "teams_list_audit_log", limit=0)

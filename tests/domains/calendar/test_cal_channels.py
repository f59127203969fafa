from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, ER_CAL, USER

HOOK = "https://hooks.arcturus.example/calendar/audit"


def test_watch_limits_and_duplicates():
    with tool_session("calendar", as_user=ADMIN) as s:
        assert "30 days" in s.call_error("cal_watch_acl", calendar_id=ER_CAL, address=HOOK, ttl_seconds=40 * 86400)
        assert "https" in s.call_error("cal_watch_acl", calendar_id=ER_CAL, address="http://x.example/hook")
        ch = s.call("cal_watch_acl", calendar_id=ER_CAL, address=HOOK, ttl_seconds=30 * 86400)
        assert ch["expiration"] == "2026-01-04T10:00:00"
        assert "already watches" in s.call_error("cal_watch_acl", calendar_id=ER_CAL, address=HOOK)
        s.call("cal_stop_channel", channel_id=ch["channel_id"], resource_id=ch["resource_id"])
        assert "already stopped" in s.call_error("cal_stop_channel", channel_id=ch["channel_id"],
                                                 resource_id=ch["resource_id"])


def test_stop_needs_matching_ids_and_rights():
    with tool_session("calendar", as_user=USER) as s:
        assert "no channel" in s.call_error("cal_stop_channel", channel_id="chn-000001", resource_id="wrong")
        rid = s.scalar("SELECT resource_id FROM calendar.channel WHERE channel_id = 'chn-000001'")
        assert "not allowed" in s.call_error("cal_stop_channel", channel_id="chn-000001", resource_id=rid)
        assert "administrators" in s.call_error("cal_list_channels")


def test_expired_flag():
    with tool_session("calendar", as_user=ADMIN) as s:
        rows = s.call("cal_list_channels", calendar_id=ER_CAL)["items"]
        assert rows[0]["expired"] is True and rows[0]["status"] == "active"

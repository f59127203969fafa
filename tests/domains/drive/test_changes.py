"""Changes feed, channels and their limits, quota and the audit log."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_changes_after_a_token_include_my_change():
    with tool_session("drive", as_user=ADMIN) as s:
        token = s.call("drive_get_start_page_token")["start_page_token"]
        s.call("drive_trash_file", file_id="FIL01288")
        out = s.call("drive_list_changes", page_token=token)
        assert [c["file_id"] for c in out["changes"]] == ["FIL01288"] and "new_start_page_token" in out
        assert "invalid page_token" in s.call_error("drive_list_changes", page_token="abc")
        older = s.call("drive_list_changes", page_token="1001", page_size=5)
        assert len(older["changes"]) == 5 and older["next_page_token"] == str(older["changes"][0]["change_id"] + 5)


def test_channel_limits_and_stopping():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "https" in s.call_error("drive_watch_changes", page_token="1001", address="http://x.arcturus.example/")
        assert "at most 7" in s.call_error("drive_watch_changes", page_token="1001", address="https://siem.arcturus.example/h",
                                           expiration_time="2025-12-20T00:00:00Z")
        c = s.call("drive_watch_changes", page_token="1001", address="https://siem.arcturus.example/h", drive_id="DRV002",
                   expiration_time="2025-12-12T10:00:00Z")
        assert c["channel_id"] == "CHN0004"
        assert "at most 1 day" in s.call_error("drive_watch_file", file_id="FIL01285", address="https://siem.arcturus.example/h",
                                               expiration_time="2025-12-08T00:00:00Z")
        s.call("drive_stop_channel", channel_id="CHN0001")
        assert "already stopped" in s.call_error("drive_stop_channel", channel_id="CHN0001")
    with tool_session("drive", as_user="P0613") as s:
        assert "only the channel's creator" in s.call_error("drive_stop_channel", channel_id="CHN0002")


def test_quota_and_audit():
    with tool_session("drive", as_user="P0547") as s:
        q = s.call("drive_get_about")["storage_quota"]
        assert q["limit_bytes"] == 30 * 1024 ** 3 and q["usage_in_trash_bytes"] > 20 * 1024 ** 3
        assert "administrator" in s.call_error("drive_list_audit_events")
    with tool_session("drive", as_user=ADMIN) as s:
        ev = s.call("drive_list_audit_events", drive_id="DRV001", action="delete")
        assert ev["total"] == 1 and "Q2 2025 Close Binder" in ev["items"][0]["details"]
        assert "RFC 3339" in s.call_error("drive_list_audit_events", start_time="last week")

from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, CEO, LIT_CAL, USER

OPS = "c_exec-ops-review@group.calendar.arcturus.example"


def test_insert_patch_archive_and_delete_secondary():
    with tool_session("calendar", as_user=ADMIN) as s:
        cal = s.call("cal_insert_calendar", summary="[IT] Patch Tuesday", time_zone="America/Chicago")
        cid = cal["calendar_id"]
        assert cal["access_role"] == "owner"
        assert "already exists" in s.call_error("cal_insert_calendar", summary="[IT] Patch Tuesday", time_zone="UTC")
        s.call("cal_patch_calendar", calendar_id=cid, archived=True)
        assert "archived" in s.call_error("cal_insert_event", calendar_id=cid, summary="x", start="2025-12-09T10:00",
                                          end="2025-12-09T11:00")
        s.call("cal_delete_calendar", calendar_id=cid)
        assert s.scalar("SELECT count(*) FROM calendar.acl_rule WHERE calendar_id = ?", cid) == 0


def test_primary_and_held_calendars_are_protected():
    with tool_session("calendar", as_user=ADMIN) as s:
        assert "cannot be deleted" in s.call_error("cal_delete_calendar", calendar_id=CEO)
        assert "legal hold" in s.call_error("cal_delete_calendar", calendar_id=LIT_CAL)
        assert "legal hold" in s.call_error("cal_patch_calendar", calendar_id=LIT_CAL, archived=True)
        assert "time zone" in s.call_error("cal_patch_calendar", calendar_id=CEO, time_zone="Mars/Olympus")


def test_transfer_ownership_is_admin_only_and_needs_active_owner():
    with tool_session("calendar", as_user=USER) as s:
        assert "administrators" in s.call_error("cal_transfer_calendar_ownership", calendar_id=OPS,
                                                new_owner_email="andrea.thompson@arcturus.example")
    with tool_session("calendar", as_user=ADMIN) as s:
        assert "suspended" in s.call_error("cal_transfer_calendar_ownership", calendar_id=OPS,
                                           new_owner_email="donna.woods@arcturus.example")
        out = s.call("cal_transfer_calendar_ownership", calendar_id=OPS, new_owner_email="andrea.thompson@arcturus.example")
        assert out["owner_email"] == "andrea.thompson@arcturus.example"
        assert s.scalar("SELECT count(*) FROM calendar.acl_rule WHERE calendar_id = ? AND rule_id = "
                        "'user:donna.woods@arcturus.example'", OPS) == 0


def test_find_calendars_is_admin_only():
    with tool_session("calendar", as_user=USER) as s:
        assert "administrators" in s.call_error("cal_find_calendars", query="Release")
    with tool_session("calendar", as_user=ADMIN) as s:
        items = s.call("cal_find_calendars", query="Release Train")["items"]
        assert [i["summary"] for i in items] == ["[ENG] Release Train"]
        items = s.call("cal_find_calendars", query="Release Train", include_archived=True)["items"]
        assert len(items) == 2

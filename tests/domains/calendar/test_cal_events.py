from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, ASSISTANT, CEO, HUDSON, LIT_CAL, STAFF_CAL, USER


def test_insert_event_converts_wall_time_and_invites():
    with tool_session("calendar", as_user=ADMIN) as s:
        ev = s.call("cal_insert_event", calendar_id=CEO, summary="Board prep", start="2025-12-10T10:00",
                    end="2025-12-10T11:00", time_zone="America/New_York",
                    attendees=["andrea.thompson@arcturus.example"], send_updates="all")
        assert ev["start"]["utc"] == "2025-12-10T15:00:00Z"
        assert ev["organizer_email"] == CEO
        assert s.scalar("SELECT count(*) FROM calendar.notification WHERE event_id = ? AND kind = 'invitation'",
                        ev["event_id"]) == 1
        assert s.scalar("SELECT count(*) FROM calendar.audit_log WHERE event_id = ?", ev["event_id"]) == 1


def test_bad_dates_and_rules_are_tool_errors():
    with tool_session("calendar", as_user=ADMIN) as s:
        assert "valid date" in s.call_error("cal_insert_event", calendar_id=CEO, summary="x", start="2025-13-01T10:00",
                                            end="2025-12-01T11:00")
        assert "end must be after start" in s.call_error("cal_insert_event", calendar_id=CEO, summary="x",
                                                         start="2025-12-01T10:00", end="2025-12-01T09:00")
        assert "recurrence" in s.call_error("cal_insert_event", calendar_id=CEO, summary="x", start="2025-12-01T10:00",
                                            end="2025-12-01T11:00", recurrence=["RRULE:FREQ=SECONDLY"])
        assert "limit" in s.call_error("cal_list_events", calendar_id=CEO, limit=1000)


def test_plain_user_cannot_write_someone_elses_calendar_but_assistant_can():
    with tool_session("calendar", as_user=USER) as s:
        assert "not allowed" in s.call_error("cal_insert_event", calendar_id=CEO, summary="x",
                                             start="2025-12-10T10:00", end="2025-12-10T11:00")
    with tool_session("calendar", as_user=ASSISTANT) as s:
        s.call("cal_insert_event", calendar_id=CEO, summary="Hold", start="2025-12-10T10:00", end="2025-12-10T11:00")


def test_instance_patch_creates_override_and_series_stays():
    with tool_session("calendar", as_user=ADMIN) as s:
        page = s.call("cal_list_event_instances", calendar_id=STAFF_CAL, event_id="evt000003", time_min="2025-12-01",
                      limit=2)
        iid = page["items"][0]["event_id"]
        assert iid == "evt000003_20251204T160000Z"
        s.call("cal_patch_event", calendar_id=STAFF_CAL, event_id=iid, start="2025-12-04T12:00",
               end="2025-12-04T13:00", send_updates="all")
        assert s.scalar("SELECT recurring_event_id FROM calendar.event WHERE event_id = ?", iid) == "evt000003"
        nxt = s.call("cal_list_event_instances", calendar_id=STAFF_CAL, event_id="evt000003", time_min="2025-12-01",
                     limit=2)["items"]
        assert nxt[0]["start"]["dateTime"].startswith("2025-12-04T12:00")
        assert nxt[1]["event_id"] == "evt000003_20260101T160000Z"


def test_delete_instance_only_cancels_that_occurrence():
    with tool_session("calendar", as_user=ADMIN) as s:
        s.call("cal_delete_event", calendar_id=STAFF_CAL, event_id="evt000003_20260101T160000Z", send_updates="none")
        ids = [i["event_id"] for i in s.call("cal_list_event_instances", calendar_id=STAFF_CAL, event_id="evt000003",
                                             time_min="2025-12-01", time_max="2026-03-01")["items"]]
        assert "evt000003_20260101T160000Z" not in ids and "evt000003_20260205T160000Z" in ids


def test_legal_hold_blocks_delete_and_move():
    with tool_session("calendar", as_user=ADMIN) as s:
        ev = s.call("cal_list_events", calendar_id=LIT_CAL)["items"][0]
        assert "legal hold" in s.call_error("cal_delete_event", calendar_id=LIT_CAL, event_id=ev["event_id"])
        assert "legal hold" in s.call_error("cal_move_event", calendar_id=LIT_CAL, event_id=ev["event_id"],
                                            destination_calendar_id=CEO)


def test_room_conflict_is_refused():
    with tool_session("calendar", as_user=ADMIN) as s:
        s.call("cal_insert_event", calendar_id=CEO, summary="A", start="2025-12-10T10:00", end="2025-12-10T11:00",
               time_zone="America/New_York", attendees=[HUDSON])
        err = s.call_error("cal_insert_event", calendar_id=CEO, summary="B", start="2025-12-10T10:30",
                           end="2025-12-10T11:30", time_zone="America/New_York", attendees=[HUDSON])
        assert "already booked" in err


def test_quick_add_and_import():
    with tool_session("calendar", as_user=ADMIN) as s:
        ev = s.call("cal_quick_add_event", calendar_id="cody.clark@arcturus.example",
                    text="Lunch with Dana tomorrow at 12:30pm for 45 minutes")
        assert ev["start"]["dateTime"] == "2025-12-06T12:30:00-06:00" and ev["duration_minutes"] == 45
        assert "understand" in s.call_error("cal_quick_add_event", calendar_id=CEO, text="sometime soon")
        imp = s.call("cal_import_event", calendar_id=CEO, ical_uid="abc123@partner.example", summary="Partner sync",
                     start="2025-12-11T09:00", end="2025-12-11T09:30", organizer_email="x.y@proseware.net")
        assert imp["ical_uid"] == "abc123@partner.example"
        assert "already" in s.call_error("cal_import_event", calendar_id=CEO, ical_uid="abc123@partner.example",
                                         summary="again", start="2025-12-11T09:00", end="2025-12-11T09:30",
                                         organizer_email="x.y@proseware.net")


def test_a_changed_occurrence_keeps_its_series_properties_and_video_link():
    cab, iid = "c_it-cab@group.calendar.arcturus.example", "evt000001_20251223T210000Z"
    with tool_session("calendar", as_user=ADMIN) as s:
        before = s.call("cal_get_event", calendar_id=cab, event_id=iid)
        assert before["extended_properties"]["shared"] == {"changeBoard": "CAB-WEEKLY"}
        s.call("cal_patch_event", calendar_id=cab, event_id=iid, start="2025-12-22T15:00", end="2025-12-22T16:00",
               send_updates="none")
        after = s.call("cal_get_event", calendar_id=cab, event_id=iid)
        assert s.scalar("SELECT count(*) FROM calendar.event WHERE event_id = ?", iid) == 1
        for key in ("extended_properties", "conference_data", "reminders", "attachments"):
            assert after[key] == before[key], key

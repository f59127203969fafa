from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, CEO, HUDSON, USER


def test_busy_includes_new_event_and_room():
    with tool_session("calendar", as_user=ADMIN) as s:
        s.call("cal_insert_event", calendar_id=CEO, summary="Hold", start="2025-12-10T10:00", end="2025-12-10T11:00",
               time_zone="America/New_York", attendees=[HUDSON])
        fb = s.call("cal_query_freebusy", items=[CEO, HUDSON], time_min="2025-12-10T00:00", time_max="2025-12-11T00:00",
                    time_zone="America/New_York")
        assert {"start": "2025-12-10T10:00:00-05:00", "end": "2025-12-10T11:00:00-05:00"} in fb["calendars"][HUDSON]["busy"]
        assert any(b["start"] <= "2025-12-10T10:00:00-05:00" and b["end"] >= "2025-12-10T11:00:00-05:00"
                   for b in fb["calendars"][CEO]["busy"])


def test_window_limits_and_group_expansion():
    with tool_session("calendar", as_user=USER) as s:
        assert "31 days" in s.call_error("cal_query_freebusy", items=[CEO], time_min="2025-12-01", time_max="2026-02-01")
        fb = s.call("cal_query_freebusy", items=["exec-assistants@arcturus.example"], time_min="2025-12-08",
                    time_max="2025-12-09")
        assert len(fb["groups"]["exec-assistants@arcturus.example"]) == 3
        # confidential team calendar: no free/busy access for a plain user
        fb = s.call("cal_query_freebusy", items=["c_hr-er@group.calendar.arcturus.example", "nobody@nowhere.example"],
                    time_min="2025-12-08", time_max="2025-12-09")
        assert fb["calendars"]["nobody@nowhere.example"] == {"errors": ["notFound"]}

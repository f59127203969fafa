from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, BOARDROOM, CEO, FACILITIES, HUDSON, HUDSON_OLD, USER


def test_booking_rules_are_enforced():
    with tool_session("calendar", as_user=USER) as s:
        me = "robert.hernandez2@arcturus.example"
        assert "retired" in s.call_error("cal_insert_event", calendar_id=me, summary="x", start="2025-12-10T10:00",
                                         end="2025-12-10T11:00", time_zone="America/New_York", attendees=[HUDSON_OLD])
        assert "boardroom-bookers" in s.call_error("cal_insert_event", calendar_id=me, summary="x",
                                                   start="2025-12-10T10:00", end="2025-12-10T11:00",
                                                   time_zone="America/New_York", attendees=[BOARDROOM])
        assert "at most 180 minutes" in s.call_error("cal_insert_event", calendar_id=me, summary="x",
                                                     start="2025-12-10T09:00", end="2025-12-10T13:00",
                                                     time_zone="America/New_York", attendees=[HUDSON])
        assert "days ahead" in s.call_error("cal_insert_event", calendar_id=me, summary="x", start="2026-03-10T09:00",
                                            end="2026-03-10T10:00", time_zone="America/New_York", attendees=[HUDSON])


def test_capacity_counts_guests():
    with tool_session("calendar", as_user=ADMIN) as s:
        people = [r["email"] for r in s.rows("SELECT email FROM org.person WHERE active AND department_id = 'DEP008' "
                                             "ORDER BY email LIMIT 5")]
        err = s.call_error("cal_insert_event", calendar_id=CEO, summary="Big", start="2025-12-10T10:00",
                           end="2025-12-10T11:00", time_zone="America/New_York",
                           attendees=people + ["nyc-hq-5-chelsea@resource.calendar.arcturus.example"])
        assert "seats 4" in err


def test_only_facilities_change_resources():
    with tool_session("calendar", as_user=USER) as s:
        assert "not allowed" in s.call_error("cal_update_resource", resource_id="RES-NYC-0402", status="maintenance")
    with tool_session("calendar", as_user=FACILITIES) as s:
        r = s.call("cal_update_resource", resource_id="RES-NYC-0402", status="retired")
        assert r["status"] == "retired"
        assert s.scalar("SELECT archived FROM calendar.calendar WHERE calendar_id = ?", HUDSON) is True
        rule = s.call("cal_update_booking_rule", resource_id="RES-NYC-0404", max_duration_minutes=90)
        assert rule["max_duration_minutes"] == 90
        assert "between" in s.call_error("cal_update_booking_rule", resource_id="RES-NYC-0404", booking_window_days=0)

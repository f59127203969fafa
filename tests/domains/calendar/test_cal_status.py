from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, CFO, HUDSON, USER


def test_out_of_office_declines_existing_invitations():
    with tool_session("calendar", as_user=ADMIN) as s:
        out = s.call("cal_set_out_of_office", user_email=CFO, start="2025-12-08T00:00", end="2025-12-09T00:00",
                     decline_message="back on 2025-12-09")
        # the Monday leadership staff meeting is organised by the CFO herself: not declined
        assert all(not d.startswith("evt000002") for d in out["declined_event_ids"])
        for eid in out["declined_event_ids"]:
            assert s.scalar("SELECT response_status FROM calendar.event_attendee WHERE event_id = ? AND email = ?",
                            eid, CFO) == "declined"


def test_status_events_only_on_primary_and_timed():
    with tool_session("calendar", as_user=ADMIN) as s:
        assert "primary" in s.call_error("cal_set_out_of_office", user_email=HUDSON, start="2025-12-08T00:00",
                                         end="2025-12-09T00:00")
        assert "timed" in s.call_error("cal_set_out_of_office", user_email=CFO, start="2025-12-08", end="2025-12-09")
        assert "building" in s.call_error("cal_set_working_location", user_email=CFO, start_date="2025-12-08",
                                          end_date="2025-12-09", location_type="officeLocation")
        wl = s.call("cal_set_working_location", user_email=CFO, start_date="2025-12-08", end_date="2025-12-09",
                    location_type="officeLocation", building_id="NYC-HQ")
        assert wl["transparency"] == "transparent"


def test_plain_user_cannot_set_status_for_others():
    with tool_session("calendar", as_user=USER) as s:
        assert "not allowed" in s.call_error("cal_set_focus_time", user_email=CFO, start="2025-12-08T13:00",
                                             end="2025-12-08T15:00")
        s.call("cal_set_focus_time", start="2025-12-08T13:00", end="2025-12-08T15:00")


def test_out_of_office_and_a_one_off_working_location_replace_the_weekly_working_locations_of_those_days():
    kathryn = "kathryn.lang@arcturus.example"  # weekly Office Mon/Tue/Thu/Fri (evt000317), Home Wed (evt000318)
    with tool_session("calendar", as_user=ADMIN) as s:
        ooo = s.call("cal_set_out_of_office", user_email=kathryn, start="2025-12-15T00:00", end="2025-12-17T00:00")
        assert sorted(ooo["cancelled_working_location_ids"]) == ["evt000317_20251215", "evt000317_20251216"]
        wl = s.call("cal_set_working_location", user_email=kathryn, start_date="2025-12-17", end_date="2025-12-18",
                    location_type="officeLocation", building_id="DUB-OFFICE")
        assert wl["replaced_event_ids"] == ["evt000318_20251217"]
        left = s.rows("SELECT event_id, status FROM calendar.event WHERE recurring_event_id IN ('evt000317', 'evt000318')")
        assert {r["event_id"] for r in left if r["status"] == "cancelled"} == {
            "evt000317_20251215", "evt000317_20251216", "evt000318_20251217"}
        assert s.scalar("SELECT status FROM calendar.event WHERE event_id = 'evt000317'") == "confirmed"


def test_the_same_working_location_for_the_same_days_again_changes_nothing():
    kathryn = "kathryn.lang@arcturus.example"
    with tool_session("calendar", as_user=ADMIN) as s:
        first = s.call("cal_set_working_location", user_email=kathryn, start_date="2025-12-17", end_date="2025-12-18",
                       location_type="officeLocation", building_id="DUB-OFFICE")
        again = s.call("cal_set_working_location", user_email=kathryn, start_date="2025-12-17", end_date="2025-12-18",
                       location_type="officeLocation", building_id="DUB-OFFICE")
        assert again["event_id"] == first["event_id"] and again["unchanged"] is True
        assert "unchanged" not in first
        other = s.call("cal_set_working_location", user_email=kathryn, start_date="2025-12-17", end_date="2025-12-18",
                       location_type="homeOffice")
        assert other["replaced_event_ids"] == [first["event_id"]]
        assert s.scalar("SELECT count(*) FROM calendar.event WHERE calendar_id = ? AND event_type = 'workingLocation' "
                        "AND start_date = DATE '2025-12-17' AND status <> 'cancelled'", kathryn) == 1


def test_a_recurring_working_location_replaces_the_weekly_one_on_the_days_it_covers():
    kathryn = "kathryn.lang@arcturus.example"  # weekly Office Mon/Tue/Thu/Fri (evt000317)
    with tool_session("calendar", as_user=ADMIN) as s:
        wl = s.call("cal_set_working_location", user_email=kathryn, start_date="2026-01-02", end_date="2026-01-03",
                    location_type="homeOffice", recurrence=["RRULE:FREQ=WEEKLY;BYDAY=FR;UNTIL=20260131"])
        assert sorted(wl["replaced_event_ids"]) == [f"evt000317_202601{d:02d}" for d in (2, 9, 16, 23, 30)]
        assert s.scalar("SELECT count(*) FROM calendar.event WHERE recurring_event_id = 'evt000317' "
                        "AND status = 'cancelled'") == 5
        assert s.scalar("SELECT status FROM calendar.event WHERE event_id = 'evt000317'") == "confirmed"

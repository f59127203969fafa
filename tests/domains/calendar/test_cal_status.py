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

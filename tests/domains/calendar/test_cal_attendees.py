from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, CEO, CFO, USER


def _event(s):
    return s.call("cal_insert_event", calendar_id=CEO, summary="Strategy", start="2025-12-11T10:00",
                  end="2025-12-11T11:00", time_zone="America/New_York")["event_id"]


def test_add_guests_skips_duplicates_and_refuses_blocked_and_suspended():
    with tool_session("calendar", as_user=ADMIN) as s:
        eid = _event(s)
        s.call("cal_add_event_attendees", calendar_id=CEO, event_id=eid, emails=[CFO, CFO], send_updates="all")
        assert s.scalar("SELECT count(*) FROM calendar.event_attendee WHERE event_id = ?", eid) == 2  # + organizer
        assert "blocked" in s.call_error("cal_add_event_attendees", calendar_id=CEO, event_id=eid,
                                         emails=["nina.brooks@arcturus-example.com"])
        assert "suspended" in s.call_error("cal_add_event_attendees", calendar_id=CEO, event_id=eid,
                                           emails=["donna.woods@arcturus.example"])


def test_out_of_office_guest_is_auto_declined():
    with tool_session("calendar", as_user=ADMIN) as s:
        s.call("cal_set_out_of_office", user_email=CFO, start="2025-12-11T00:00", end="2025-12-12T00:00",
               decline_message="back on 2025-12-12")
        eid = _event(s)
        s.call("cal_add_event_attendees", calendar_id=CEO, event_id=eid, emails=[CFO])
        assert s.scalar("SELECT response_status FROM calendar.event_attendee WHERE event_id = ? AND email = ?",
                        eid, CFO) == "declined"


def test_only_the_guest_or_their_delegate_responds():
    with tool_session("calendar", as_user=ADMIN) as s:
        eid = _event(s)
        s.call("cal_add_event_attendees", calendar_id=CEO, event_id=eid, emails=[CFO])
        s.call("cal_respond_to_event", calendar_id=CFO, event_id=eid, response="accepted", attendee_email=CFO)
        assert s.scalar("SELECT count(*) FROM calendar.notification WHERE event_id = ? AND kind = 'response'", eid) == 1
    with tool_session("calendar", as_user=USER) as s:
        ev = s.rows("SELECT event_id FROM calendar.event_attendee WHERE email = ? AND NOT is_organizer LIMIT 1",
                    CFO)[0]["event_id"]
        assert "not allowed" in s.call_error("cal_respond_to_event", calendar_id=CFO, event_id=ev, response="declined",
                                             attendee_email=CFO)


def test_remove_guest_and_organizer_protection():
    with tool_session("calendar", as_user=ADMIN) as s:
        eid = _event(s)
        s.call("cal_add_event_attendees", calendar_id=CEO, event_id=eid, emails=[CFO])
        s.call("cal_remove_event_attendee", calendar_id=CEO, event_id=eid, email=CFO, send_updates="all")
        assert s.scalar("SELECT count(*) FROM calendar.notification WHERE event_id = ? AND kind = 'cancellation'", eid) == 1
        assert "organizer" in s.call_error("cal_remove_event_attendee", calendar_id=CEO, event_id=eid, email=CEO)


def test_extended_property_and_attachment_validation():
    with tool_session("calendar", as_user=ADMIN) as s:
        eid = _event(s)
        s.call("cal_set_extended_property", calendar_id=CEO, event_id=eid, scope="shared", key="changeRecord",
               value="CHG0031207")
        assert "no shared property" in s.call_error("cal_set_extended_property", calendar_id=CEO, event_id=eid,
                                                    scope="shared", key="other")
        assert "drive" in s.call_error("cal_add_event_attachment", calendar_id=CEO, event_id=eid,
                                       file_url="https://evil.example/x", title="x")


def test_a_group_address_is_refused_with_the_way_to_invite_its_members():
    with tool_session("calendar", as_user=ADMIN) as s:
        group = s.scalar("SELECT email FROM calendar.directory_group ORDER BY group_id LIMIT 1")
        err = s.call_error("cal_add_event_attendees", calendar_id=CEO, event_id=_event(s), emails=[group])
        assert "is a group" in err and "cal_list_group_members" in err
        rule = s.scalar("SELECT resource_id FROM calendar.booking_rule WHERE business_hours_only LIMIT 1")
        assert s.call("cal_get_resource", resource_id=rule)["booking_rule"]["business_hours"] == "Mon-Fri 08:00-18:00"

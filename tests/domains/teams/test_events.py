from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_webinar_lifecycle_and_registration_capacity():
    with tool_session("teams", as_user="P0540") as s:
        assert "future" in error(s, "teams_create_webinar", display_name="W", start_at="2025-12-01T10:00:00Z",
                                 end_at="2025-12-01T11:00:00Z", registration_capacity=2)
        ev = call(s, "teams_create_webinar", display_name="W", start_at="2026-01-10T15:00:00Z",
                  end_at="2026-01-10T16:00:00Z", registration_capacity=1, is_waitlist_enabled=True)
        eid = ev["event_id"]
        assert "published webinars only" in error(s, "teams_register_for_event", event_id=eid, user_id="P0300")
        call(s, "teams_publish_virtual_event", event_id=eid)
        r1 = call(s, "teams_register_for_event", event_id=eid, user_id="P0300")
        r2 = call(s, "teams_register_for_event", event_id=eid, user_id="P0301")
        assert (r1["status"], r2["status"]) == ("registered", "waitlisted")
        assert "organization only" in error(s, "teams_register_for_event", event_id=eid, user_id="EXT0003")
        out = call(s, "teams_cancel_event_registration", event_id=eid, registration_id=r1["registration_id"])
        assert out["promoted_registration_id"] == r2["registration_id"]
        call(s, "teams_cancel_virtual_event", event_id=eid)
        assert "canceled" in error(s, "teams_update_virtual_event", event_id=eid, display_name="X")


def test_coorganizer_rules_and_permissions():
    with tool_session("teams", as_user="P0300") as s:
        assert "only the organizer" in error(s, "teams_add_event_coorganizer", event_id="EVT0003", user_id="P0301")
    with tool_session("teams", as_user=ADMIN) as s:
        org = s.scalar("SELECT organizer_person_id FROM teams.virtual_event WHERE event_id = 'EVT0003'")
        assert "is the organizer" in error(s, "teams_add_event_coorganizer", event_id="EVT0003", user_id=org)
        assert "internal" in error(s, "teams_add_event_coorganizer", event_id="EVT0003", user_id="EXT0001")
        assert "disabled" in error(s, "teams_add_event_coorganizer", event_id="EVT0003", user_id="P0005")
        call(s, "teams_add_event_coorganizer", event_id="EVT0003", user_id="P0550")
        assert "town halls have no registration" in error(s, "teams_update_virtual_event", event_id="EVT0009",
                                                          registration_capacity=10)


def test_blocked_domain_cannot_register_and_departments_listed():
    with tool_session("teams", as_user="P0540") as s:
        ev = call(s, "teams_create_webinar", display_name="Public", start_at="2026-02-10T15:00:00Z",
                  end_at="2026-02-10T16:00:00Z", registration_capacity=10, audience="everyone")
        call(s, "teams_add_event_coorganizer", event_id=ev["event_id"], user_id="P0550")
        call(s, "teams_publish_virtual_event", event_id=ev["event_id"])
        assert "blocked" in error(s, "teams_register_for_event", event_id=ev["event_id"], user_id="EXT0011")
        assert call(s, "teams_register_for_event", event_id=ev["event_id"], user_id="EXT0007")["status"] == "registered"
        heads = {d["department_id"]: d["head_person_id"] for d in call(s, "teams_list_departments")}
        assert heads["DEP011"] == "P0539" and len(heads) == 14

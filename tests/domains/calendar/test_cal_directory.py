from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, CFO, USER


def test_find_people_twins_and_suspended():
    with tool_session("calendar", as_user=USER) as s:
        items = s.call("cal_find_people", name="Robert Hernandez")["items"]
        assert len(items) == 2 and {i["city"] for i in items} == {"Berlin", "San Francisco"}
        assert s.call("cal_find_people", name="Donna Woods")["total"] == 0
        assert s.call("cal_find_people", name="Donna Woods", include_suspended=True)["total"] == 1


def test_settings_validation_and_rights():
    with tool_session("calendar", as_user=USER) as s:
        assert set(s.call("cal_list_settings", user_email=CFO)["settings"]) == {"timezone", "workingHoursStart",
                                                                                "workingHoursEnd"}
        assert "administrators" in s.call_error("cal_update_setting", user_email=CFO, setting_id="locale", value="en")
        assert "HH:MM" in s.call_error("cal_update_setting", setting_id="workingHoursStart", value="9am")
        assert "time zone" in s.call_error("cal_update_setting", setting_id="timezone", value="Moon/Base")
    with tool_session("calendar", as_user=ADMIN) as s:
        out = s.call("cal_update_setting", user_email=CFO, setting_id="defaultEventLength", value="25")
        assert out["value"] == "25"


def test_audit_log_is_admin_only_and_colors():
    with tool_session("calendar", as_user=USER) as s:
        assert "administrators" in s.call_error("cal_list_audit_log")
        colors = s.call("cal_get_colors")
        assert len(colors["event"]) == 11 and colors["event"][9]["name"] == "Basil"
    with tool_session("calendar", as_user=ADMIN) as s:
        assert s.call("cal_list_audit_log", action_prefix="acl.", limit=5)["total"] > 0
        assert s.call("cal_find_external_contacts", domain="arcturus-example.com")["items"][0]["blocked"] is True


def test_find_people_by_person_id_and_direct_reports():
    with tool_session("calendar", as_user=USER) as s:
        me = s.call("cal_find_people", person_id=USER.lower())["items"]
        assert [p["email"] for p in me] == ["robert.hernandez2@arcturus.example"]
        assert me[0]["manager_id"] == "P0435" and me[0]["manager_email"] == "connie.mendez@arcturus.example"
        by_id = s.call("cal_find_people", manager_id="P0435", limit=100)
        by_email = s.call("cal_find_people", manager_email="connie.mendez@arcturus.example", limit=100)
        assert by_id["items"] == by_email["items"] and by_id["total"] == 13
        assert all(p["manager_id"] == "P0435" and p["active"] for p in by_id["items"])
        assert USER in {p["person_id"] for p in by_id["items"]}
        # the departed report is only listed on request
        with_suspended = s.call("cal_find_people", manager_id="P0435", include_suspended=True, limit=100)
        assert with_suspended["total"] == 14 and "P0537" in {p["person_id"] for p in with_suspended["items"]}
        assert "person id like P0447" in s.call_error("cal_find_people", manager_id="Connie Mendez")
        assert s.call("cal_find_people", person_id="P0999")["total"] == 0

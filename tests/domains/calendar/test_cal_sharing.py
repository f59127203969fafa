from pytest_enterpriseops.testing import tool_session

from cal_helpers import ADMIN, CEO, ER_CAL, SALES_CAL, USER


def test_acl_rules_validate_scopes():
    with tool_session("calendar", as_user=ADMIN) as s:
        assert "at most reader" in s.call_error("cal_insert_acl_rule", calendar_id=SALES_CAL, scope_type="default",
                                                role="writer")
        assert "suspended" in s.call_error("cal_insert_acl_rule", calendar_id=SALES_CAL, scope_type="user",
                                           role="reader", scope_value="donna.woods@arcturus.example")
        assert "blocked" in s.call_error("cal_insert_acl_rule", calendar_id=SALES_CAL, scope_type="user",
                                         role="reader", scope_value="nina.brooks@arcturus-example.com")
        assert "archived" in s.call_error("cal_insert_acl_rule", calendar_id=SALES_CAL, scope_type="group",
                                          role="reader", scope_value="contractors-2023@arcturus.example")
        rule = s.call("cal_insert_acl_rule", calendar_id=SALES_CAL, scope_type="group", role="reader",
                      scope_value="sales-leads@arcturus.example")
        assert rule["rule_id"] == "group:sales-leads@arcturus.example"


def test_only_owners_see_and_change_acl():
    with tool_session("calendar", as_user=USER) as s:
        assert "not allowed" in s.call_error("cal_list_acl", calendar_id=CEO)
        assert "not allowed" in s.call_error("cal_insert_acl_rule", calendar_id=CEO, scope_type="user", role="reader",
                                             scope_value="robert.hernandez2@arcturus.example")


def test_patch_and_delete_rule_keep_an_owner():
    with tool_session("calendar", as_user=ADMIN) as s:
        s.call("cal_patch_acl_rule", calendar_id=ER_CAL, rule_id="domain:arcturus.example", role="none")
        assert "last owner" in s.call_error("cal_patch_acl_rule", calendar_id=ER_CAL,
                                            rule_id="user:erika.arroyo@arcturus.example", role="reader")
        assert "owner's own rule" in s.call_error("cal_delete_acl_rule", calendar_id=ER_CAL,
                                                  rule_id="user:erika.arroyo@arcturus.example")
        s.call("cal_delete_acl_rule", calendar_id=ER_CAL, rule_id="domain:arcturus.example")
        assert "not found" in s.call_error("cal_get_acl_rule", calendar_id=ER_CAL, rule_id="domain:arcturus.example")


def test_calendar_list_hidden_forces_unselected():
    with tool_session("calendar", as_user=ADMIN) as s:
        cal = "c_eng-release@group.calendar.arcturus.example"
        who = "robert.hernandez2@arcturus.example"
        if not s.scalar("SELECT count(*) FROM calendar.calendar_list_entry WHERE person_id = 'P0447' AND calendar_id = ?", cal):
            s.call("cal_insert_calendar_list_entry", calendar_id=cal, user_email=who)
        e = s.call("cal_patch_calendar_list_entry", calendar_id=cal, user_email=who, hidden=True)
        assert e["hidden"] is True and e["selected"] is False
        assert "hidden entry cannot be selected" in s.call_error("cal_patch_calendar_list_entry", calendar_id=cal,
                                                                 user_email=who, selected=True)
        assert "primary" in s.call_error("cal_delete_calendar_list_entry", calendar_id=who, user_email=who)


def test_user_cannot_edit_others_calendar_list():
    with tool_session("calendar", as_user=USER) as s:
        assert "administrators" in s.call_error("cal_list_calendar_list", user_email="andrea.thompson@arcturus.example")
        own = s.call("cal_list_calendar_list")
        assert own["items"][0]["is_primary"] is True

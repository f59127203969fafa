from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_one_on_one_is_reused_and_group_needs_two_others():
    with tool_session("teams", as_user="P0145") as s:
        c = call(s, "teams_create_chat", chat_type="oneOnOne", member_ids=["P0146"])
        again = call(s, "teams_create_chat", chat_type="oneOnOne", member_ids=["P0146"])
        assert c["chat_id"] == again["chat_id"]
        assert "at least two" in error(s, "teams_create_chat", chat_type="group", member_ids=["P0146"])
        assert "no topic" in error(s, "teams_create_chat", chat_type="oneOnOne", member_ids=["P0147"], topic="x")
        assert "disabled" in error(s, "teams_create_chat", chat_type="group", member_ids=["P0146", "P0005"])


def test_pins_and_membership_rules():
    with tool_session("teams", as_user=ADMIN) as s:
        pins = call(s, "teams_list_pinned_messages", chat_id="CHAT0091")
        assert pins[0]["subject"] == "CAB config" and "freeze_windows" in pins[0]["body"]
        m = call(s, "teams_send_chat_message", chat_id="CHAT0091", body='{"config_version": 6}')
        call(s, "teams_pin_chat_message", chat_id="CHAT0091", message_id=m["message_id"])
        assert "already pinned" in error(s, "teams_pin_chat_message", chat_id="CHAT0091", message_id=m["message_id"])
        call(s, "teams_unpin_chat_message", chat_id="CHAT0091", pin_id=pins[0]["pin_id"])
        assert [p["message_id"] for p in call(s, "teams_list_pinned_messages", chat_id="CHAT0091")] == [m["message_id"]]
    with tool_session("teams", as_user="P0600") as s:
        assert "not a member" in error(s, "teams_list_chat_messages", chat_id="CHAT0091")
        assert "only administrators" in error(s, "teams_list_chats", user_id="P0016")

"""Filters, forwarding, send-as, delegates, vacation/IMAP/POP/language."""
from pytest_enterpriseops.testing import tool_session

ADMIN = "P0006"
CFO = "andrea.thompson@arcturus.example"
COO = "zachary.martinez@arcturus.example"


def test_filter_needs_accepted_forwarding_address_and_applies_to_existing():
    with tool_session("email", as_user=ADMIN) as s:
        assert "not an accepted forwarding address" in s.call_error(
            "mail_create_filter", user_id=CFO, criteria_from="harborview-bank.com", forward_to="andrea.thompson@gmail.com")
        lab = s.call("mail_create_label", user_id=CFO, name="Banking")
        f = s.call("mail_create_filter", user_id=CFO, criteria_from="northwind-supply.com", add_label_ids=[lab["label_id"]],
                   remove_label_ids=["INBOX"])
        assert "already has exactly these criteria" in s.call_error(
            "mail_create_filter", user_id=CFO, criteria_from="northwind-supply.com", add_label_ids=["STARRED"])
        dry = s.call("mail_apply_filter", user_id=CFO, filter_id=f["id"], dry_run=True)
        assert dry["matched"] > 0 and not dry["applied"]
        assert s.scalar("SELECT count(*) FROM email.message_label WHERE label_id = ?", lab["label_id"]) == 0
        s.call("mail_apply_filter", user_id=CFO, filter_id=f["id"])
        assert s.scalar("SELECT count(*) FROM email.message_label WHERE label_id = ?", lab["label_id"]) == dry["matched"]
        assert "at least one criterion" in s.call_error("mail_create_filter", user_id=CFO, add_label_ids=["STARRED"])


def test_forwarding_address_rules():
    with tool_session("email", as_user=ADMIN) as s:
        ext = s.call("mail_create_forwarding_address", user_id=CFO, forwarding_email="d.lindqvist@keystone-audit.com")
        assert ext["verification_status"] == "pending"
        assert "pending" in s.call_error("mail_update_auto_forwarding", user_id=CFO, enabled=True,
                                         email_address="d.lindqvist@keystone-audit.com", disposition="archive")
        assert "disable auto-forwarding first" in s.call_error("mail_delete_forwarding_address", user_id=COO,
                                                               forwarding_email="zmartinez.home@outlook.com")
        s.call("mail_update_auto_forwarding", user_id=COO, enabled=False)
        assert s.call("mail_delete_forwarding_address", user_id=COO, forwarding_email="zmartinez.home@outlook.com")["deleted"]


def test_send_as_default_needs_verification_and_own_alias():
    with tool_session("email", as_user=ADMIN) as s:
        assert "not an alias" in s.call_error("mail_create_send_as", user_id=CFO, send_as_email="ap@arcturus.example")
        p = s.call("mail_create_send_as", user_id=CFO, send_as_email="andrea@corvid-ventures.com")
        assert p["verification_status"] == "pending"
        assert "only an accepted address" in s.call_error("mail_update_send_as", user_id=CFO,
                                                           send_as_email="andrea@corvid-ventures.com", is_default=True)
        s.call("mail_update_send_as", user_id="brian.mason@arcturus.example", send_as_email="office.ceo@arcturus.example",
               is_default=True)
        assert s.scalar("SELECT list(send_as_email) FROM email.send_as WHERE mailbox = 'brian.mason@arcturus.example' "
                        "AND is_default") == ["office.ceo@arcturus.example"]
        assert "primary address cannot be deleted" in s.call_error("mail_delete_send_as", user_id=CFO, send_as_email=CFO)


def test_delegates_stay_inside_the_company():
    with tool_session("email", as_user=ADMIN) as s:
        assert "outside the organisation" in s.call_error("mail_create_delegate", user_id=CFO,
                                                          delegate_email="priya.raman@brightline-partners.com")
        d = s.call("mail_create_delegate", user_id=CFO, delegate_email="amy.patterson@arcturus.example")
        assert d["verification_status"] == "accepted"
    with tool_session("email", as_user="P0300") as s:   # a plain user: own mailbox only, delegation pending
        me = s.scalar("SELECT email_address FROM email.mailbox WHERE person_id = 'P0300'")
        assert s.call("mail_create_delegate", delegate_email="amy.patterson@arcturus.example")["verification_status"] == "pending"
        assert "not allowed" in s.call_error("mail_create_delegate", user_id=CFO, delegate_email=me)


def test_vacation_and_protocol_settings_validation():
    with tool_session("email", as_user=ADMIN) as s:
        assert "after start_time" in s.call_error("mail_update_vacation", user_id=CFO, enable_auto_reply=True,
                                                  response_body="Away", start_time="2025-12-20T00:00:00Z",
                                                  end_time="2025-12-10T00:00:00Z")
        assert "ISO timestamp" in s.call_error("mail_update_vacation", user_id=CFO, enable_auto_reply=True,
                                               response_body="Away", start_time="next monday")
        assert "out of range" in s.call_error("mail_update_vacation", user_id=CFO, enable_auto_reply=True,
                                              response_body="Away", end_time="9999-12-31T23:59:59-05:00")
        v = s.call("mail_update_vacation", user_id=CFO, enable_auto_reply=True, response_subject="Out of office",
                   response_body="Away", restrict_to_domain=True, start_time="2025-12-20T00:00:00Z",
                   end_time="2026-01-05T00:00:00Z")
        assert v["enable_auto_reply"] and v["restrict_to_domain"]
        v = s.call("mail_update_vacation", user_id=CFO, enable_auto_reply=True, restrict_to_domain=False)
        assert str(v["start_time"]).startswith("2025-12-20") and str(v["end_time"]).startswith("2026-01-05")
        assert s.call("mail_update_pop", user_id=COO, access_window="disabled")["access_window"] == "disabled"
        assert "unsupported" in s.call_error("mail_update_language", user_id=CFO, display_language="klingon")


def test_auto_forwarding_can_be_turned_off_and_the_address_then_removed():
    donna = "donna.woods@arcturus.example"       # departed; forwards to a colleague with disposition archive
    with tool_session("email", as_user=ADMIN) as s:
        assert s.call("mail_get_auto_forwarding", user_id=donna)["enabled"] is True
        off = s.call("mail_update_auto_forwarding", user_id=donna, enabled=False)
        assert (off["enabled"], off["email_address"], off["disposition"]) == (False, None, None)
        assert s.call("mail_get_auto_forwarding", user_id=donna)["enabled"] is False
        kept = [a["forwarding_email"] for a in s.call("mail_list_forwarding_addresses", user_id=donna)]
        assert "deborah.ingram@arcturus.example" in kept          # turning off does not delete the address
        assert s.scalar("SELECT count(*) FROM email.audit_log WHERE action = 'mail_update_auto_forwarding' "
                        "AND target_id = ?", donna) == 1
    with tool_session("email", as_user="P0447") as s:            # a plain user may not touch someone else's
        assert "not allowed" in s.call_error("mail_update_auto_forwarding", user_id=donna, enabled=False)


def test_filter_tools_say_how_to_change_a_filter():
    with tool_session("email", as_user=ADMIN) as s:
        assert not [n for n in s.tools if "filter" in n and "update" in n]      # the vendor API has no update
        for name in ("mail_create_filter", "mail_delete_filter", "mail_list_filters", "mail_get_filter"):
            assert "to change a filter, delete it and create a new one" in " ".join(
                s.tools[name].description.lower().split()), name

from csm_helpers import new_case, session


def test_case_notification_renders_and_records_email():
    with session() as s:
        c = new_case(s, channel="email")
        out = s.call("csm_send_case_notification", case_id=c["case_id"], event="case_opened")
        assert out["subject"] == f"[{c['number']}] We received your case"
        email = s.rows("SELECT * FROM csm.email_message WHERE notification_id = ?", out["notification_id"])[0]
        assert email["to_address"] == s.scalar("SELECT email FROM csm.contact WHERE contact_id = ?", c["contact_id"])
        assert s.call("csm_list_notifications", case_id=c["case_id"])["total"] == 1
        assert s.call("csm_list_emails", case_id=c["case_id"], direction="outbound")["total"] == 1


def test_event_must_match_state_and_contact_active():
    with session() as s:
        c = new_case(s)
        assert "does not match" in s.call_error("csm_send_case_notification", case_id=c["case_id"],
                                                event="case_resolved")
        assert "has not been escalated" in s.call_error("csm_send_case_notification", case_id=c["case_id"],
                                                        event="case_escalated")
        inactive = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE NOT active AND account_id = ?",
                            c["account_id"])
        if inactive:
            assert "inactive" in s.call_error("csm_send_case_notification", case_id=c["case_id"], event="general",
                                              contact_id=inactive)
        assert "give case_id or contact_id" in s.call_error("csm_list_notifications")


def test_contact_notification_and_audit_log():
    with session() as s:
        out = s.call("csm_notify_contact", contact_id="CON_0047", event="entitlement_updated", message="Upgraded")
        assert out["subject"] == "Your support entitlement changed"
        log = s.call("csm_get_audit_log", table_name="notification")
        assert log["items"][0]["record_id"] == out["notification_id"] and log["items"][0]["actor_id"] == "P0350"

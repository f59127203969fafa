"""Business services and offerings, locations, further affected CIs, knowledge purposes and escalation."""

from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT


def _open_incident(s, where: str = "TRUE") -> dict:
    return s.rows(f"SELECT * FROM itsm.incident WHERE state IN ('new', 'in_progress', 'on_hold') AND {where} "
                  "ORDER BY incident_id LIMIT 1")[0]


def test_offerings_are_listed_per_service_and_a_retired_one_is_refused():
    with tool_session("itsm", as_user=AGENT) as s:
        email = s.call("find_cis", name="Email Service", ci_class="business_service")["items"][0]["ci_id"]
        offs = s.call("itsm_list_service_offerings", business_service_id=email)["items"]
        assert {o["tier"] for o in offs} == {"gold", "silver", "bronze"}
        retired = next(o for o in offs if o["status"] == "retired")
        gold = next(o for o in offs if o["tier"] == "gold")
        inc = _open_incident(s)
        err = s.call_error("update_incident", incident_id=inc["incident_id"], service_offering_id=retired["offering_id"])
        assert "retired" in err
        out = s.call("update_incident", incident_id=inc["incident_id"], service_offering_id=gold["offering_id"])
        assert (out["service_offering_id"], out["business_service_id"]) == (gold["offering_id"], email)
        vpn = s.call("find_cis", name="Corporate VPN", ci_class="business_service")["items"][0]["ci_id"]
        err = s.call_error("update_incident", incident_id=inc["incident_id"], business_service_id=vpn,
                           service_offering_id=gold["offering_id"])
        assert "belongs to" in err
        app = s.call("find_cis", ci_class="application")["items"][0]["ci_id"]
        assert "not a business service" in s.call_error("update_incident", incident_id=inc["incident_id"], business_service_id=app)


def test_create_incident_records_location_and_service():
    with tool_session("itsm", as_user=AGENT) as s:
        loc = s.call("itsm_find_locations", city="Austin")["items"][0]["location_id"]
        caller = s.scalar("SELECT user_id FROM itsm.sys_user WHERE active AND role = 'reporter' ORDER BY 1 LIMIT 1")
        out = s.call("create_incident", caller_id=caller, short_description="Mail delayed", category_id="email.mailbox",
                     impact=3, urgency=3, location_id=loc, service_offering_id="SO0002")
        assert out["location_id"] == loc and out["service_offering_id"] == "SO0002" and out["business_service_id"]
        assert "not found" in s.call_error("create_incident", caller_id=caller, short_description="x", category_id="email.mailbox",
                                           impact=3, urgency=3, location_id="LOC999")


def test_serial_number_search_matches_part_of_the_serial():
    with tool_session("itsm", as_user=AGENT) as s:
        serial = s.scalar("SELECT serial_number FROM itsm.configuration_item WHERE serial_number IS NOT NULL ORDER BY ci_id LIMIT 1")
        items = s.call("find_cis", serial_number=serial[-4:].lower())["items"]
        assert serial in [i["serial_number"] for i in items]
        assert all(serial[-4:] in i["serial_number"] for i in items)


def test_further_affected_cis():
    with tool_session("itsm", as_user=AGENT) as s:
        inc = _open_incident(s, "ci_id IS NOT NULL")
        other = s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE status <> 'retired' AND ci_id <> ? ORDER BY 1 LIMIT 1",
                         inc["ci_id"])
        retired = s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE status = 'retired' ORDER BY 1 LIMIT 1")
        assert "main configuration item" in s.call_error("add_affected_ci", incident_id=inc["incident_id"], ci_id=inc["ci_id"])
        assert "retired" in s.call_error("add_affected_ci", incident_id=inc["incident_id"], ci_id=retired)
        s.call("add_affected_ci", incident_id=inc["incident_id"], ci_id=other)
        assert "already listed" in s.call_error("add_affected_ci", incident_id=inc["incident_id"], ci_id=other)
        listed = s.call("list_affected_cis", incident_id=inc["incident_id"])
        assert listed[0]["ci_id"] == inc["ci_id"] and listed[0]["is_main"] is True
        assert other in [c["ci_id"] for c in listed[1:]]
        s.call("remove_affected_ci", incident_id=inc["incident_id"], ci_id=other)
        assert "not listed" in s.call_error("remove_affected_ci", incident_id=inc["incident_id"], ci_id=other)


def test_knowledge_is_attached_with_a_purpose():
    with tool_session("itsm", as_user=AGENT) as s:
        inc = _open_incident(s)
        kb = s.scalar("SELECT article_id FROM itsm.kb_article WHERE state = 'published' AND article_id NOT IN "
                      "(SELECT article_id FROM itsm.incident_kb WHERE incident_id = ?) ORDER BY 1 LIMIT 1", inc["incident_id"])
        assert s.call("attach_knowledge_to_incident", incident_id=inc["incident_id"], article_id=kb, purpose="suggested")["purpose"] == "suggested"
        linked = {r["article_id"]: r["purpose"] for r in s.call("list_incident_knowledge", incident_id=inc["incident_id"])}
        assert linked[kb] == "suggested"
        assert "invalid arguments" in s.call_error("attach_knowledge_to_incident", incident_id=inc["incident_id"],
                                                   article_id=kb, purpose="maybe")


def test_escalation_sets_the_flag_and_notifies_the_group_manager_once():
    with tool_session("itsm", as_user=ADMIN) as s:
        breached = _open_incident(s, "assignment_group_id IS NOT NULL AND incident_id IN "
                                     "(SELECT incident_id FROM itsm.task_sla WHERE has_breached AND stage <> 'cancelled')")
        fine = _open_incident(s, "assignment_group_id IS NOT NULL AND incident_id NOT IN "
                                 "(SELECT incident_id FROM itsm.task_sla WHERE incident_id IS NOT NULL AND stage <> 'cancelled' "
                                 "AND (has_breached OR (stage = 'in_progress' AND due_at < TIMESTAMP '2025-12-05 10:00:00')))")
        assert "no breached SLA" in s.call_error("escalate_incident", incident_id=fine["incident_id"], reason="sla_breach",
                                                 note="late")
        out = s.call("escalate_incident", incident_id=breached["incident_id"], reason="sla_breach", note="Resolution target missed.")
        assert out["escalated"] is True and out["escalation_reason"] == "sla_breach"
        manager = s.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", breached["assignment_group_id"])
        assert s.scalar("SELECT count(*) FROM itsm.notification WHERE incident_id = ? AND recipient_id = ? "
                        "AND notification_type = 'escalation'", breached["incident_id"], manager) == 1
        # the same path as itsm_send_notification: the mail is in the audit trail too
        assert s.scalar("SELECT count(*) FROM itsm.audit_log a JOIN itsm.notification n ON a.record_id = n.notification_id "
                        "WHERE a.record_table = 'itsm.notification' AND a.action = 'send' AND n.incident_id = ? "
                        "AND n.notification_type = 'escalation'", breached["incident_id"]) == 1
        assert s.scalar("SELECT count(*) FROM itsm.journal_entry WHERE incident_id = ? AND body LIKE 'Escalated (sla_breach)%'",
                        breached["incident_id"]) == 1
        assert "already escalated" in s.call_error("escalate_incident", incident_id=breached["incident_id"],
                                                   reason="customer_request", note="again")

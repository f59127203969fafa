from csm_helpers import new_case, session


def _assigned_case(s):
    c = new_case(s)
    member = s.scalar("SELECT min(m.person_id) FROM csm.group_member m JOIN csm.support_agent a USING (person_id) "
                      "WHERE m.group_id = 'GRP_003' AND a.active")
    s.call("csm_assign_case", case_id=c["case_id"], assignment_group_id="GRP_003", assigned_to=member)
    return c


def test_open_requires_assignee_and_stops_response_sla():
    with session() as s:
        c = new_case(s)
        assert "needs an assignment group" in s.call_error("csm_open_case", case_id=c["case_id"])
        sla = s.scalar("SELECT sla_id FROM csm.sla_definition WHERE sla_type = 'response' AND priority = '3 - Moderate' "
                       "AND schedule_id = (SELECT schedule_id FROM csm.entitlement WHERE entitlement_id = ?)",
                       c["entitlement_id"])
        s.call("csm_attach_case_sla", case_id=c["case_id"], sla_id=sla)
        member = s.scalar("SELECT min(m.person_id) FROM csm.group_member m JOIN csm.support_agent a USING (person_id) "
                          "WHERE m.group_id = 'GRP_003' AND a.active")
        s.call("csm_assign_case", case_id=c["case_id"], assignment_group_id="GRP_003", assigned_to=member)
        out = s.call("csm_open_case", case_id=c["case_id"])
        assert out["state"] == "open" and len(out["stopped_slas"]) == 1
        assert s.scalar("SELECT stage FROM csm.case_sla WHERE case_id = ?", c["case_id"]) == "achieved"


def test_state_machine_guards():
    with session() as s:
        c = _assigned_case(s)
        assert "allowed from: resolved" in s.call_error("csm_close_case", case_id=c["case_id"])
        assert "allowed from: open" in s.call_error("csm_set_case_awaiting_info", case_id=c["case_id"], reason="x")
        s.call("csm_open_case", case_id=c["case_id"])
        s.call("csm_set_case_awaiting_info", case_id=c["case_id"], reason="Need logs")
        s.call("csm_resume_case", case_id=c["case_id"], note="Logs received")
        s.call("csm_resolve_case", case_id=c["case_id"], resolution_code="solved_workaround", resolution_notes="Done")
        s.call("csm_reopen_case", case_id=c["case_id"], reason="Came back")
        s.call("csm_resolve_case", case_id=c["case_id"], resolution_code="solved_permanently", resolution_notes="Fixed")
        out = s.call("csm_close_case", case_id=c["case_id"])
        assert out["state"] == "closed" and out["closed_at"] == "2025-12-05T10:00:00"
        assert "allowed from: resolved" in s.call_error("csm_reopen_case", case_id=c["case_id"], reason="x")


def test_awaiting_info_pauses_resolution_sla():
    with session() as s:
        c = _assigned_case(s)
        s.call("csm_open_case", case_id=c["case_id"])
        sla = s.scalar("SELECT sla_id FROM csm.sla_definition WHERE sla_type = 'resolution' AND priority = "
                       "'3 - Moderate' AND schedule_id = 'SCH_24X7'")
        s.call("csm_attach_case_sla", case_id=c["case_id"], sla_id=sla)
        s.call("csm_set_case_awaiting_info", case_id=c["case_id"], reason="Need logs")
        assert s.scalar("SELECT stage FROM csm.case_sla WHERE case_id = ?", c["case_id"]) == "paused"
        s.call("csm_resume_case", case_id=c["case_id"])
        assert s.scalar("SELECT stage FROM csm.case_sla WHERE case_id = ?", c["case_id"]) == "in_progress"


def test_resolve_needs_closed_tasks_and_cancel_cascades():
    with session() as s:
        c = _assigned_case(s)
        s.call("csm_open_case", case_id=c["case_id"])
        s.call("csm_create_case_task", case_id=c["case_id"], short_description="Collect logs",
               task_type="investigation", assignment_group_id="GRP_003")
        assert "open tasks" in s.call_error("csm_resolve_case", case_id=c["case_id"], resolution_code="duplicate",
                                            resolution_notes="dup")
        out = s.call("csm_cancel_case", case_id=c["case_id"], reason="Customer withdrew")
        assert out["state"] == "cancelled" and len(out["cancelled_tasks"]) == 1


def test_escalation_targets():
    with session() as s:
        c = _assigned_case(s)
        tier2 = s.scalar("SELECT support_group_id FROM csm.product WHERE product_id = ?", c["product_id"])
        out = s.call("csm_escalate_case", case_id=c["case_id"], reason="Beyond tier 1")
        assert out["assignment_group_id"] == tier2 and out["assigned_to"] is None and out["escalation_level"] == 1
        out = s.call("csm_escalate_case", case_id=c["case_id"], reason="Engineering needed")
        assert out["assignment_group_id"] == "GRP_008" and out["escalation_level"] == 2
        assert "highest escalation level" in s.call_error("csm_escalate_case", case_id=c["case_id"], reason="more")
        assert len(s.call("csm_list_case_escalations", case_id=c["case_id"])) == 2
        facts = s.call("csm_get_case_routing_facts", case_id=c["case_id"])
        assert facts["product_tier2_group_id"] == tier2


def test_system_work_notes_are_audited_like_comments():
    with session() as s:
        c = _assigned_case(s)
        s.call("csm_open_case", case_id=c["case_id"])
        s.call("csm_set_case_awaiting_info", case_id=c["case_id"], reason="Need logs")
        found = s.call("csm_search_cases", state="awaiting_info", query=c["number"])
        assert [i["awaiting_reason"] for i in found["items"]] == ["Need logs"]
        s.call("csm_resume_case", case_id=c["case_id"], note="Logs received")
        s.call("csm_resolve_case", case_id=c["case_id"], resolution_code="solved_workaround", resolution_notes="Done")
        s.call("csm_reopen_case", case_id=c["case_id"], reason="Came back")
        notes = s.rows("SELECT comment_id, body FROM csm.case_comment WHERE case_id = ? ORDER BY comment_id", c["case_id"])
        assert [n["body"] for n in notes] == ["Logs received", "Reopened: Came back"]
        audited = s.scalar("SELECT count(*) FROM csm.audit_log WHERE table_name = 'case_comment' AND action = 'create' "
                           "AND record_id IN (SELECT comment_id FROM csm.case_comment WHERE case_id = ?)", c["case_id"])
        assert audited == 2

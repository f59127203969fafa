from csm_helpers import new_case, session


def test_task_lifecycle_and_numbering():
    with session() as s:
        c = new_case(s)
        t = s.call("csm_create_case_task", case_id=c["case_id"], short_description="Onsite visit",
                   task_type="field_service", assignment_group_id="GRP_009", due_date="2025-12-08")
        assert t["number"].startswith("CTASK") and t["state"] == "open"
        assert "in the past" in s.call_error("csm_create_case_task", case_id=c["case_id"], short_description="x",
                                             task_type="callback", assignment_group_id="GRP_009", due_date="2025-01-01")
        member = s.scalar("SELECT min(m.person_id) FROM csm.group_member m JOIN csm.support_agent a USING (person_id) "
                          "WHERE m.group_id = 'GRP_009' AND a.active")
        s.call("csm_update_case_task", task_id=t["task_id"], state="in_progress", assigned_to=member)
        done = s.call("csm_complete_case_task", task_id=t["task_id"], close_notes="Replaced fan")
        assert done["state"] == "completed" and done["completed_at"] == "2025-12-05T10:00:00"
        assert "already completed" in s.call_error("csm_cancel_case_task", task_id=t["task_id"], reason="x")
        assert s.call("csm_list_case_tasks", case_id=c["case_id"])["total"] == 1


def test_tasks_only_on_active_cases():
    with session() as s:
        closed = s.scalar("SELECT min(case_id) FROM csm.support_case WHERE state = 'closed'")
        assert "only be added to active" in s.call_error("csm_create_case_task", case_id=closed, short_description="x",
                                                         task_type="callback", assignment_group_id="GRP_001")
        assert "task number" in s.call_error("csm_get_case_task", task_id="CTASK100001")

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_create_case_derives_fields():
    with tool_session("hr", as_user=ADMIN) as s:
        topic = s.scalar("SELECT topic_id FROM hr.case_topic WHERE name = 'Direct deposit update'")
        c = s.call("create_hr_case", subject_employee_id="EMP0300", topic_id=topic, short_description="New bank")
        assert c["category_id"] == "CAT01" and c["assignment_group_id"] == "GRP002" and c["state"] == "new"
        assert c["due_at"] == "2025-12-08T10:00:00"  # SVC002 has a 3-day SLA
        assert c["number"] == "HRC0010721"


def test_retired_topic_refused():
    with tool_session("hr", as_user=ADMIN) as s:
        topic = s.scalar("SELECT topic_id FROM hr.case_topic WHERE NOT active LIMIT 1")
        assert "retired" in s.call_error("create_hr_case", subject_employee_id="EMP0300", topic_id=topic, short_description="x")


def test_confidential_case_hidden_from_non_members():
    with tool_session("hr", as_user=ADMIN) as s:
        cid = s.scalar("SELECT case_id FROM hr.hr_case WHERE category_id = 'CAT03' LIMIT 1")
        assert "confidential" in s.call_error("get_hr_case", case_id=cid)
        assert s.call("find_hr_cases", category_id="CAT03")["total"] == 0
    with tool_session("hr", as_user="P0199") as s:  # Employee Relations member
        assert s.call("get_hr_case", case_id=cid)["confidential"] is True


def test_assign_only_group_members_and_resolve_flow():
    with tool_session("hr", as_user=ADMIN) as s:
        topic = s.scalar("SELECT topic_id FROM hr.case_topic WHERE name = 'Pay stub question'")
        c = s.call("create_hr_case", subject_employee_id="EMP0300", topic_id=topic, short_description="Stub")
        assert "not a member" in s.call_error("assign_hr_case", case_id=c["case_id"], assigned_to="EMP0193")
        assert "no assignee" in s.call_error("resolve_hr_case", case_id=c["case_id"], resolution_code="fulfilled",
                                             resolution_notes="done")
        out = s.call("assign_hr_case", case_id=c["case_id"], assigned_to="EMP0186")
        assert out["state"] == "in_progress"
        s.call("resolve_hr_case", case_id=c["case_id"], resolution_code="information_provided", resolution_notes="Explained")
        assert s.call("reopen_hr_case", case_id=c["case_id"], reason="Still unclear")["state"] == "in_progress"
        s.call("resolve_hr_case", case_id=c["case_id"], resolution_code="information_provided", resolution_notes="Again")
        assert s.call("close_hr_case", case_id=c["case_id"])["state"] == "closed"
        assert "only open" in s.call_error("cancel_hr_case", case_id=c["case_id"], reason="x")


def test_approval_required_service_blocks_fulfilment():
    with tool_session("hr", as_user=ADMIN) as s:
        topic = s.scalar("SELECT topic_id FROM hr.case_topic WHERE name = 'Training enrollment'")
        c = s.call("create_hr_case", subject_employee_id="EMP0300", topic_id=topic, short_description="Course")
        s.call("assign_hr_case", case_id=c["case_id"], assigned_to="EMP0211")
        assert "approval" in s.call_error("resolve_hr_case", case_id=c["case_id"], resolution_code="fulfilled",
                                          resolution_notes="ok")
        s.call("resolve_hr_case", case_id=c["case_id"], resolution_code="rejected", resolution_notes="budget")


def test_notes_and_parent_link():
    with tool_session("hr", as_user=ADMIN) as s:
        topic = s.scalar("SELECT topic_id FROM hr.case_topic WHERE name = 'Pay stub question'")
        a = s.call("create_hr_case", subject_employee_id="EMP0300", topic_id=topic, short_description="A")
        b = s.call("create_hr_case", subject_employee_id="EMP0300", topic_id=topic, short_description="B")
        s.call("add_hr_case_note", case_id=a["case_id"], body="called employee")
        assert len(s.call("list_hr_case_notes", case_id=a["case_id"])) == 1
        assert s.call("link_hr_case_parent", case_id=b["case_id"], parent_case_id=a["case_id"])["parent_case_id"] == a["case_id"]
        c = s.call("create_hr_case", subject_employee_id="EMP0301", topic_id=topic, short_description="C")
        assert "same employee" in s.call_error("link_hr_case_parent", case_id=c["case_id"], parent_case_id=a["case_id"])

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_request_and_decide_only_by_approver():
    with tool_session("hr", as_user=ADMIN) as s:
        cid = s.scalar("SELECT case_id FROM hr.hr_case WHERE service_id = 'SVC014' AND state = 'in_progress' LIMIT 1")
        subj = s.scalar("SELECT subject_employee_id FROM hr.hr_case WHERE case_id = ?", cid)
        assert "themselves" in s.call_error("request_hr_approval", approval_type="hr_case", approver_id=subj, case_id=cid)
        assert "exactly its own id" in s.call_error("request_hr_approval", approval_type="hr_case", approver_id="EMP0184",
                                                    event_id="LE0001")
        a = s.call("request_hr_approval", approval_type="hr_case", approver_id="EMP0184", case_id=cid)
        assert "only the approver" in s.call_error("decide_hr_approval", approval_id=a["approval_id"], decision="approved")
        assert s.call("cancel_hr_approval", approval_id=a["approval_id"], reason="wrong approver")["state"] == "cancelled"
    with tool_session("hr", as_user="P0184") as s:
        a = s.call("request_hr_approval", approval_type="hr_case", approver_id="EMP0184", case_id=cid)
        assert s.call("decide_hr_approval", approval_id=a["approval_id"], decision="approved")["state"] == "approved"
        assert s.call("list_hr_approvals", case_id=cid, state="approved")["total"] >= 1

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_hold_flags_employee_and_forensics():
    with tool_session("hr", as_user=ADMIN) as s:
        h = s.call("create_legal_hold", employee_id="EMP0300", matter="Trade secrets inquiry")
        assert s.call("get_employee", employee_id="EMP0300")["legal_hold"] is True
        assert "already has an active hold" in s.call_error("create_legal_hold", employee_id="EMP0300", matter="trade secrets inquiry")
        t = s.call("create_forensics_task", hold_id=h["hold_id"], task_type="preserve_mailbox")
        assert t["assigned_group_id"] == "GRP015" and t["due_date"] == "2025-12-07"
        assert "already has" in s.call_error("create_forensics_task", hold_id=h["hold_id"], task_type="preserve_mailbox")
        assert "open forensics" in s.call_error("release_legal_hold", hold_id=h["hold_id"])
        s.call("update_forensics_task", forensics_id=t["forensics_id"], state="completed")
        s.call("release_legal_hold", hold_id=h["hold_id"])
        assert s.call("get_employee", employee_id="EMP0300")["legal_hold"] is False


def test_released_hold_takes_no_tasks():
    with tool_session("hr", as_user=ADMIN) as s:
        rel = s.call("find_legal_holds", state="released")[0]
        assert "released" in s.call_error("create_forensics_task", hold_id=rel["hold_id"], task_type="image_laptop")

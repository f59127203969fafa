from pytest_enterpriseops.testing import tool_session

from .helpers import call

ADMIN = "P0185"


def test_find_employee_by_name_and_email():
    with tool_session("hr", as_user=ADMIN) as s:
        page = call(s, "find_employees", name="wendy ross")
        assert page["total"] == 1 and page["items"][0]["employee_id"] == "EMP0185"
        page = s.call("find_employees", email="WENDY.ROSS@arcturus.example")
        assert page["items"][0]["person_id"] == "P0185"


def test_find_employees_paginates():
    with tool_session("hr", as_user=ADMIN) as s:
        page = s.call("find_employees", department_id="DEP010", limit=5)
        assert len(page["items"]) == 5 and page["next_offset"] == 5 and page["total"] > 5


def test_manager_must_be_active_and_no_loop():
    with tool_session("hr", as_user=ADMIN) as s:
        term = s.scalar("SELECT employee_id FROM hr.employee WHERE status = 'terminated' LIMIT 1")
        assert "must be an active" in s.call_error("change_employee_manager", employee_id="EMP0300", manager_id=term)
        # EMP0001 is the CEO; making the CEO report to one of its reports is a loop
        assert "loop" in s.call_error("change_employee_manager", employee_id="EMP0001", manager_id="EMP0184")
        out = s.call("change_employee_manager", employee_id="EMP0300", manager_id="EMP0184")
        assert out["manager_id"] == "EMP0184"
        assert s.scalar("SELECT manager_id FROM org.person WHERE person_id = 'P0300'") == "P0184"
        assert s.scalar("SELECT count(*) FROM hr.audit_log WHERE action = 'change_employee_manager'") == 1


def test_non_hr_user_cannot_update():
    with tool_session("hr", as_user="P0300") as s:
        assert "not allowed" in s.call_error("place_employee_on_leave", employee_id="EMP0301", reason="x")


def test_contractor_needs_end_date_and_leave_cycle():
    with tool_session("hr", as_user=ADMIN) as s:
        emp = s.scalar("SELECT employee_id FROM hr.employee WHERE employment_type = 'full_time' AND status = 'active' "
                       "AND employee_id > 'EMP0300' ORDER BY 1 LIMIT 1")
        assert "contract_end_date" in s.call_error("update_employee", employee_id=emp, employment_type="contractor")
        s.call("update_employee", employee_id=emp, employment_type="contractor", contract_end_date="2026-06-30")
        assert s.call("place_employee_on_leave", employee_id=emp, reason="parental")["status"] == "on_leave"
        assert "only an active" in s.call_error("place_employee_on_leave", employee_id=emp, reason="again")
        assert s.call("return_employee_from_leave", employee_id=emp)["status"] == "active"


def test_user_role_lookup():
    with tool_session("hr", as_user=ADMIN) as s:
        u = s.call("hr_get_user", person_id="P0185")
        assert u["role"] == "hr_admin" and {g["group_id"] for g in u["groups"]} >= {"GRP010"}

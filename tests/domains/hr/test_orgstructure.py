from pytest_enterpriseops.testing import tool_session

from .helpers import call

ADMIN = "P0185"


def test_department_shows_hiring_freeze():
    with tool_session("hr", as_user=ADMIN) as s:
        assert s.call("hr_get_department", department_id="DEP011")["hiring_freeze"] is True
        assert len(s.call("hr_list_departments")) == 14


def test_create_position_rules():
    with tool_session("hr", as_user=ADMIN) as s:
        jp = s.scalar("SELECT job_profile_id FROM hr.job_profile WHERE department_id = 'DEP011' AND active LIMIT 1")
        head_pos = s.scalar("SELECT position_id FROM hr.position WHERE employee_id = 'EMP0001'")
        assert "hiring freeze" in s.call_error("create_position", department_id="DEP011", job_profile_id=jp,
                                               location_id="LOC004", reports_to_position_id=head_pos)
        jp = s.scalar("SELECT job_profile_id FROM hr.job_profile WHERE department_id = 'DEP010' AND active LIMIT 1")
        pos = s.call("create_position", department_id="DEP010", job_profile_id=jp, location_id="LOC003",
                     reports_to_position_id=head_pos)
        assert pos["status"] == "open" and pos["cost_center_id"] == "CC010"
        retired = s.scalar("SELECT job_profile_id FROM hr.job_profile WHERE NOT active")
        assert "retired" in s.call_error("create_position", department_id="DEP010", job_profile_id=retired,
                                         location_id="LOC003", reports_to_position_id=head_pos)


def test_create_position_admin_only():
    with tool_session("hr", as_user="P0186") as s:
        assert "hr_admin" in s.call_error("create_position", department_id="DEP010", job_profile_id="JP001",
                                          location_id="LOC003", reports_to_position_id="POS0001")


def test_position_status_transitions():
    with tool_session("hr", as_user=ADMIN) as s:
        assert "filled" in s.call_error("update_position_status", position_id="POS0300", status="frozen")
        open_pos = s.scalar("SELECT position_id FROM hr.position WHERE status = 'open' AND department_id = 'DEP010' LIMIT 1")
        assert s.call("update_position_status", position_id=open_pos, status="frozen")["status"] == "frozen"
        assert s.call("update_position_status", position_id=open_pos, status="closed")["status"] == "closed"
        assert "cannot be reopened" in s.call_error("update_position_status", position_id=open_pos, status="open")


def test_job_profile_access_template():
    with tool_session("hr", as_user=ADMIN) as s:
        jp = call(s, "list_job_profiles", name="Payroll Specialist")["items"][0]
        names = {a["name"] for a in s.call("get_job_profile", job_profile_id=jp["job_profile_id"])["access_template"]}
        assert "Payroll System" in names

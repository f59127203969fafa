from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_records_only_for_restricted_group_members():
    with tool_session("hr", as_user=ADMIN) as s:
        inv = s.scalar("SELECT record_id FROM hr.confidential_record WHERE record_type = 'misconduct_investigation' LIMIT 1")
        assert "not allowed" in s.call_error("get_confidential_record", record_id=inv)
        res = s.call("find_confidential_records", record_type="misconduct_investigation")
        assert res["items"] == [] and res["hidden"] > 0
        comp = s.scalar("SELECT record_id FROM hr.confidential_record WHERE record_type = 'compensation' LIMIT 1")
        assert s.call("get_confidential_record", record_id=comp)["record_type"] == "compensation"
    with tool_session("hr", as_user="P0199") as s:  # ER Investigations member
        assert s.call("get_confidential_record", record_id=inv)["restricted_group_id"] == "GRP011"


def test_compensation_restricted_and_band_checked():
    with tool_session("hr", as_user="P0186") as s:  # payroll specialist, not GRP010
        assert "not allowed" in s.call_error("get_employee_compensation", employee_id="EMP0300")
    with tool_session("hr", as_user=ADMIN) as s:
        c = s.call("get_employee_compensation", employee_id="EMP0300")
        assert "outside the job profile band" in s.call_error(
            "request_compensation_change", employee_id="EMP0300", change_type="merit_increase",
            new_salary=c["base_salary"] * 10, effective_date="2026-01-01", justification="x")
        out = s.call("request_compensation_change", employee_id="EMP0300", change_type="merit_increase",
                     new_salary=c["base_salary"] + 1000, effective_date="2026-01-01", justification="Strong year")
        assert out["state"] == "pending_approval"
        assert "only approved" in s.call_error("apply_compensation_change", change_id=out["change_id"])
        assert "only the approver" in s.call_error("decide_hr_approval", approval_id=out["approval_id"], decision="approved")


def test_investigation_conflict_of_interest():
    with tool_session("hr", as_user="P0199") as s:
        mgr = s.scalar("SELECT manager_id FROM hr.employee WHERE employee_id = 'EMP0300'")
        assert "not a member" in s.call_error("open_investigation", subject_employee_id="EMP0300", allegation="fraud",
                                              investigator_id=mgr, summary="x")
        assert "conflict" in s.call_error("open_investigation", subject_employee_id="EMP0300", allegation="fraud",
                                          investigator_id="EMP0200", complainant_id="EMP0200", summary="x")
        inv = s.call("open_investigation", subject_employee_id="EMP0300", allegation="fraud", investigator_id="EMP0200",
                     summary="Expense irregularities")
        assert inv["state"] == "open"
        assert "findings" in s.call_error("update_investigation", investigation_id=inv["investigation_id"], state="substantiated")


def test_find_investigations_restricted():
    with tool_session("hr", as_user=ADMIN) as s:
        assert "not allowed" in s.call_error("find_investigations", subject_employee_id="EMP0515")
    with tool_session("hr", as_user="P0199") as s:
        rows = s.call("find_investigations", subject_employee_id="EMP0515")
        assert [r["investigation_id"] for r in rows] == ["INV004"]


def test_compensation_shows_the_band_in_the_pay_currency_that_the_change_is_checked_against():
    with tool_session("hr", as_user=ADMIN) as s:
        emp = s.scalar("SELECT c.employee_id FROM hr.compensation c JOIN hr.employee e USING (employee_id) "
                       "WHERE c.currency = 'EUR' AND e.status = 'active' AND e.manager_id IS NOT NULL ORDER BY 1 LIMIT 1")
        band = s.call("get_employee_compensation", employee_id=emp)["band"]
        assert band["currency"] == "EUR" and band["min"] < band["max"]
        args = dict(employee_id=emp, change_type="market_adjustment", effective_date="2026-01-01", justification="x")
        assert "outside the job profile band" in s.call_error("request_compensation_change", new_salary=band["max"] + 1, **args)
        assert s.call("request_compensation_change", new_salary=band["max"], **args)["state"] == "pending_approval"

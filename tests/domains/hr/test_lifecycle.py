from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def _open_position(s, dep="DEP010"):
    return s.scalar("SELECT position_id FROM hr.position WHERE status = 'open' AND department_id = ? ORDER BY 1 LIMIT 1", dep)


def test_onboarding_creates_person_employee_and_checklist():
    with tool_session("hr", as_user=ADMIN) as s:
        pos = _open_position(s)
        ev = s.call("start_onboarding", position_id=pos, first_name="Ada", last_name="Lovelace", start_date="2025-12-15")
        emp = ev["employee_id"]
        assert emp == "EMP0626"
        e = s.call("get_employee", employee_id=emp)
        assert e["status"] == "pre_hire" and e["work_email"] == "ada.lovelace@arcturus.example"
        assert e["manager_id"] == s.scalar("SELECT employee_id FROM hr.position WHERE position_id = "
                                           "(SELECT reports_to_position_id FROM hr.position WHERE position_id = ?)", pos)
        assert s.scalar("SELECT status FROM hr.position WHERE position_id = ?", pos) == "filled"
        assert s.scalar("SELECT count(*) FROM org.person WHERE person_id = 'P0626'") == 1
        assert len(ev["activities"]) >= 6
        assert "2025-12-15" in s.call_error("complete_lifecycle_event", event_id=ev["event_id"])


def test_onboarding_refusals():
    with tool_session("hr", as_user=ADMIN) as s:
        frozen = s.scalar("SELECT position_id FROM hr.position WHERE status = 'frozen' LIMIT 1")
        assert "frozen" in s.call_error("start_onboarding", position_id=frozen, first_name="A", last_name="B",
                                        start_date="2025-12-15")
        assert "filled" in s.call_error("start_onboarding", position_id="POS0300", first_name="A", last_name="B",
                                        start_date="2025-12-15")
        assert "past" in s.call_error("start_onboarding", position_id=_open_position(s), first_name="A", last_name="B",
                                      start_date="2025-11-01")
        assert "contract_end_date" in s.call_error("start_onboarding", position_id=_open_position(s), first_name="A",
                                                   last_name="B", start_date="2025-12-15", employment_type="contractor")


def test_involuntary_offboarding_flow():
    with tool_session("hr", as_user=ADMIN) as s:
        ev = s.call("start_offboarding", employee_id="EMP0300", separation_type="involuntary", last_day="2025-12-05",
                    reason="Policy breach")
        assert s.call("get_employee", employee_id="EMP0300")["status"] == "suspended"
        for a in ev["activities"]:
            if a["mandatory"]:
                s.call("update_lifecycle_activity", activity_id=a["activity_id"], state="completed")
        assert "access grant" in s.call_error("complete_lifecycle_event", event_id=ev["event_id"])
        s.call("revoke_all_access", employee_id="EMP0300", reason="Termination")
        done = s.call("complete_lifecycle_event", event_id=ev["event_id"])
        assert done["state"] == "completed"
        e = s.call("get_employee", employee_id="EMP0300")
        assert e["status"] == "terminated" and e["end_date"] == "2025-12-05" and e["rehire_eligible"] is False
        assert s.scalar("SELECT active FROM org.person WHERE person_id = 'P0300'") is False
        assert s.scalar("SELECT status FROM hr.position WHERE position_id = 'POS0300'") == "open"


def test_offboarding_blocked_by_assigned_cases():
    with tool_session("hr", as_user=ADMIN) as s:
        emp = s.scalar("SELECT assigned_to FROM hr.hr_case WHERE state = 'in_progress' AND assignment_group_id = 'GRP002' LIMIT 1")
        ev = s.call("start_offboarding", employee_id=emp, separation_type="voluntary", last_day="2025-12-05", reason="Resigned")
        for a in ev["activities"]:
            if a["mandatory"]:
                s.call("update_lifecycle_activity", activity_id=a["activity_id"], state="completed")
        s.call("revoke_all_access", employee_id=emp, reason="Left")
        assert "open case" in s.call_error("complete_lifecycle_event", event_id=ev["event_id"])


def test_mandatory_activity_cannot_be_skipped():
    with tool_session("hr", as_user=ADMIN) as s:
        ev = s.call("start_offboarding", employee_id="EMP0301", separation_type="voluntary", last_day="2025-12-31", reason="Resigned")
        mand = next(a for a in ev["activities"] if a["mandatory"])
        opt = next(a for a in ev["activities"] if not a["mandatory"])
        assert "mandatory" in s.call_error("update_lifecycle_activity", activity_id=mand["activity_id"], state="skipped", notes="x")
        assert s.call("update_lifecycle_activity", activity_id=opt["activity_id"], state="skipped", notes="n/a")["state"] == "skipped"
        assert "not a member" in s.call_error("update_lifecycle_activity", activity_id=mand["activity_id"], state="in_progress",
                                              assigned_to="EMP0300")
        c = s.call("cancel_lifecycle_event", event_id=ev["event_id"], reason="Retracted resignation")
        assert c["state"] == "cancelled"
        assert s.call("get_employee", employee_id="EMP0301")["end_date"] is None


def test_transfer_applies_on_completion():
    with tool_session("hr", as_user=ADMIN) as s:
        pos = _open_position(s, "DEP009")
        ev = s.call("start_transfer", employee_id="EMP0300", to_position_id=pos, effective_date="2025-12-05", reason="Mobility")
        assert "already has" in s.call_error("start_transfer", employee_id="EMP0300", to_position_id=pos,
                                             effective_date="2025-12-05", reason="again")
        for a in ev["activities"]:
            if a["mandatory"]:
                s.call("update_lifecycle_activity", activity_id=a["activity_id"], state="completed")
        s.call("complete_lifecycle_event", event_id=ev["event_id"])
        e = s.call("get_employee", employee_id="EMP0300")
        assert e["position_id"] == pos and e["department_id"] == "DEP009"
        assert s.scalar("SELECT status FROM hr.position WHERE position_id = 'POS0300'") == "open"
        assert s.scalar("SELECT department_id FROM org.person WHERE person_id = 'P0300'") == "DEP009"

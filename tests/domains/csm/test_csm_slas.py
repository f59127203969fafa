import datetime as dt

from csm_helpers import new_case, session


def test_attach_validates_priority_schedule_and_duplicates():
    with session() as s:
        c = new_case(s)  # 3 - Moderate under a 24x7 entitlement
        wrong_pr = s.scalar("SELECT sla_id FROM csm.sla_definition WHERE sla_type = 'response' AND priority = "
                            "'1 - Critical' AND schedule_id = 'SCH_24X7'")
        assert "is for priority" in s.call_error("csm_attach_case_sla", case_id=c["case_id"], sla_id=wrong_pr)
        wrong_sched = s.scalar("SELECT sla_id FROM csm.sla_definition WHERE sla_type = 'response' AND priority = "
                               "'3 - Moderate' AND schedule_id = 'SCH_8X5'")
        assert "coverage schedule" in s.call_error("csm_attach_case_sla", case_id=c["case_id"], sla_id=wrong_sched)
        ok = s.call("csm_list_slas", sla_type="response", priority="3 - Moderate", coverage="24x7")["items"][0]
        row = s.call("csm_attach_case_sla", case_id=c["case_id"], sla_id=ok["sla_id"])
        assert row["due_time"] == (dt.datetime(2025, 12, 5, 10) + dt.timedelta(minutes=240)).isoformat(timespec="seconds")
        assert "already has a running" in s.call_error("csm_attach_case_sla", case_id=c["case_id"], sla_id=ok["sla_id"])
        s.call("csm_cancel_case_sla", case_sla_id=row["case_sla_id"])
        assert "already cancelled" in s.call_error("csm_cancel_case_sla", case_sla_id=row["case_sla_id"])
        assert len(s.call("csm_list_case_slas", case_id=c["case_id"])) == 1


def test_business_hours_due_time():
    # 2025-12-05 is a Friday; 8x5 covers 08:00-16:00 UTC Mon-Fri: 480 minutes from Fri 10:00 -> Mon 10:00.
    import importlib
    common = importlib.import_module("eops_tools_csm.common")
    due = common.business_due(dt.datetime(2025, 12, 5, 10), 480, 8, 16, True)
    assert due == dt.datetime(2025, 12, 8, 10)
    assert common.business_due(dt.datetime(2025, 12, 6, 3), 60, 8, 16, True) == dt.datetime(2025, 12, 8, 9)

from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT


def test_approval_item_goes_to_line_manager():
    with tool_session("itsm", as_user=AGENT) as s:
        uid = s.scalar("SELECT user_id FROM itsm.sys_user WHERE person_id = 'P0300'")
        mgr = s.scalar("SELECT m.user_id FROM org.person p JOIN itsm.sys_user m ON m.person_id = p.manager_id "
                       "WHERE p.person_id = 'P0300'")
        assert "justification" in s.call_error("create_service_request", item_id="SCI001", requested_for=uid)
        r = s.call("create_service_request", item_id="SCI001", requested_for=uid, justification="new starter")
        assert r["state"] == "pending_approval" and r["approver_id"] == mgr
        assert "not allowed" in s.call_error("decide_service_request", request_id=r["request_id"], decision="approve")
        assert "no longer offered" in s.call_error("create_service_request", item_id="SCI025", requested_for=uid,
                                                   justification="x")


def test_no_approval_item_and_fulfillment():
    with tool_session("itsm", as_user=ADMIN) as s:
        uid = s.scalar("SELECT user_id FROM itsm.sys_user WHERE person_id = 'P0300'")
        r = s.call("create_service_request", item_id="SCI003", requested_for=uid)
        assert r["state"] == "in_fulfillment" and r["due_date"] == "2025-12-10"
        assert "no assignee" in s.call_error("fulfill_service_request", request_id=r["request_id"], close_notes="done")
        assert "not a member" in s.call_error("assign_service_request", request_id=r["request_id"], assigned_to="USR11702")
        member = s.scalar("SELECT m.user_id FROM itsm.group_member m JOIN itsm.sys_user u USING (user_id) "
                          "WHERE m.group_id = 'GRP0002' AND u.active ORDER BY 1 LIMIT 1")
        s.call("assign_service_request", request_id=r["request_id"], assigned_to=member)
        t = s.call("create_request_task", request_id=r["request_id"], short_description="Ship monitor")
        assert "unfinished" in s.call_error("fulfill_service_request", request_id=r["request_id"], close_notes="done")
        s.call("close_request_task", rtask_id=t["rtask_id"], outcome="closed_complete", close_notes="shipped")
        assert s.call("fulfill_service_request", request_id=r["request_id"], close_notes="done")["state"] == "fulfilled"


def test_admin_on_behalf_and_self_approval():
    with tool_session("itsm", as_user=ADMIN) as s:
        rid = s.scalar("SELECT request_id FROM itsm.service_request WHERE state = 'pending_approval' "
                         "AND requested_for <> 'USR10826' ORDER BY 1 LIMIT 1")
        assert "mandatory" in s.call_error("decide_service_request", request_id=rid, decision="approve")
        out = s.call("decide_service_request", request_id=rid, decision="approve", comments="Manager approved by email")
        assert out["state"] == "in_fulfillment" and out["approved_at"] == "2025-12-05T10:00:00"


def test_a_fulfillment_task_is_reassigned_within_its_group_while_unfinished():
    with tool_session("itsm", as_user=ADMIN) as s:
        uid = s.scalar("SELECT user_id FROM itsm.sys_user WHERE person_id = 'P0300'")
        r = s.call("create_service_request", item_id="SCI003", requested_for=uid)
        a, b = [x["user_id"] for x in s.rows("SELECT m.user_id FROM itsm.group_member m JOIN itsm.sys_user u "
                                               "USING (user_id) WHERE m.group_id = 'GRP0002' AND u.active "
                                               "ORDER BY 1 LIMIT 2")]
        t = s.call("create_request_task", request_id=r["request_id"], short_description="Ship monitor", assigned_to=a)
        assert "not a member" in s.call_error("assign_request_task", rtask_id=t["rtask_id"], assigned_to="USR11702")
        assert s.call("assign_request_task", rtask_id=t["rtask_id"], assigned_to=b)["assigned_to"] == b
        assert s.scalar("SELECT count(*) FROM itsm.audit_log WHERE record_id = ? AND action = 'assign'",
                        t["rtask_id"]) == 1
        s.call("close_request_task", rtask_id=t["rtask_id"], outcome="closed_complete", close_notes="shipped")
        assert "already closed_complete" in s.call_error("assign_request_task", rtask_id=t["rtask_id"], assigned_to=a)

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_due_date_by_regulation():
    with tool_session("hr", as_user=ADMIN) as s:
        ccpa = s.scalar("SELECT employee_id FROM hr.employee WHERE privacy_region = 'CCPA' AND status = 'active' ORDER BY 1 LIMIT 1")
        gdpr = s.scalar("SELECT employee_id FROM hr.employee WHERE privacy_region = 'GDPR' AND status = 'active' ORDER BY 1 LIMIT 1")
        appi = s.scalar("SELECT employee_id FROM hr.employee WHERE privacy_region = 'APPI' AND status = 'active' ORDER BY 1 LIMIT 1")
        assert s.call("create_privacy_request", employee_id=ccpa, request_type="access")["due_date"] == "2026-01-19"
        assert s.call("create_privacy_request", employee_id=gdpr, request_type="access", received_date="2025-12-01")["due_date"] == "2025-12-31"
        assert s.call("create_privacy_request", employee_id=appi, request_type="access")["due_date"] == "2025-12-19"
        assert "open access request" in s.call_error("create_privacy_request", employee_id=ccpa, request_type="access")


def test_erasure_requires_verification_and_no_hold():
    with tool_session("hr", as_user=ADMIN) as s:
        r = s.call("create_privacy_request", employee_id="EMP0300", request_type="erasure")
        assert "not verified" in s.call_error("erase_personal_data", request_id=r["request_id"])
        s.call("verify_privacy_request_identity", request_id=r["request_id"], assigned_to="EMP0265")
        out = s.call("erase_personal_data", request_id=r["request_id"])
        assert {i["category"] for i in out["retained"]} == {"bank_account", "national_id"}
        assert s.call("complete_privacy_request", request_id=r["request_id"], outcome="Erased")["state"] == "completed"
        held = s.scalar("SELECT employee_id FROM hr.legal_hold WHERE state = 'active' ORDER BY 1 LIMIT 1")
        r2 = s.call("create_privacy_request", employee_id=held, request_type="erasure")
        s.call("verify_privacy_request_identity", request_id=r2["request_id"])
        assert "legal hold" in s.call_error("erase_personal_data", request_id=r2["request_id"])
        assert s.call("reject_privacy_request", request_id=r2["request_id"], reason="Legal hold")["state"] == "rejected"


def test_gdpr_extension_once_only():
    with tool_session("hr", as_user=ADMIN) as s:
        gdpr = s.scalar("SELECT employee_id FROM hr.employee WHERE privacy_region = 'GDPR' AND status = 'active' ORDER BY 1 LIMIT 1")
        r = s.call("create_privacy_request", employee_id=gdpr, request_type="portability")
        out = s.call("extend_privacy_request_deadline", request_id=r["request_id"], reason="Complex")
        assert out["due_date"] == "2026-03-05" and out["deadline_extended"] is True
        assert "already extended" in s.call_error("extend_privacy_request_deadline", request_id=r["request_id"], reason="again")
        r2 = s.call("create_privacy_request", employee_id="EMP0300", request_type="portability")
        assert "only GDPR" in s.call_error("extend_privacy_request_deadline", request_id=r2["request_id"], reason="x")


def test_export_and_rectify():
    with tool_session("hr", as_user=ADMIN) as s:
        r = s.call("create_privacy_request", employee_id="EMP0300", request_type="access")
        assert "in-progress" in s.call_error("complete_privacy_request", request_id=r["request_id"], outcome="x")
        s.call("verify_privacy_request_identity", request_id=r["request_id"])
        assert len(s.call("export_personal_data", request_id=r["request_id"])["items"]) >= 4
        r2 = s.call("create_privacy_request", employee_id="EMP0300", request_type="rectification")
        s.call("verify_privacy_request_identity", request_id=r2["request_id"])
        item = s.call("list_personal_data", employee_id="EMP0300")[0]
        assert s.call("rectify_personal_data", request_id=r2["request_id"], item_id=item["item_id"], value="new@x.org")["rectified"]

from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_call_records_filter_and_sessions():
    with tool_session("teams", as_user=ADMIN) as s:
        page = call(s, "teams_list_call_records", call_type="peerToPeer", limit=100)
        assert page["total"] > 0 and all(r["call_type"] == "peerToPeer" for r in page["items"])
        assert page["items"] == sorted(page["items"], key=lambda r: (r["start_at"], r["call_id"]), reverse=True)
        rec = call(s, "teams_get_call_record", call_id=page["items"][0]["call_id"])
        assert len(rec["participants"]) == 2
        assert len(call(s, "teams_list_call_sessions", call_id=rec["call_id"])) == 1
        assert "not found" in error(s, "teams_get_call_record", call_id="CALL9999")
        assert "ISO 8601" in error(s, "teams_list_call_records", start_from="2025-13-01")

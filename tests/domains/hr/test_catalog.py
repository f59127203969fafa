from pytest_enterpriseops.testing import tool_session

from .helpers import call, error

ADMIN = "P0185"


def test_topic_needs_existing_active_category():
    with tool_session("hr", as_user=ADMIN) as s:
        assert "not found" in error(s, "create_case_topic", category_id="CAT99", name="Orphan")
        assert "archived" in error(s, "create_case_topic", category_id="CAT14", name="Old thing")
        t = call(s, "create_case_topic", category_id="CAT06", name="Conference attendance", default_priority=4)
        assert t["code"].startswith("TAL-") and t["category_id"] == "CAT06"
        assert "already has a topic" in error(s, "create_case_topic", category_id="CAT06", name="conference attendance")


def test_topic_service_must_match_category():
    with tool_session("hr", as_user=ADMIN) as s:
        assert "belongs to category" in error(s, "create_case_topic", category_id="CAT06", name="X", service_id="SVC001")


def test_topic_creation_is_admin_only():
    with tool_session("hr", as_user="P0186") as s:
        assert "hr_admin" in error(s, "create_case_topic", category_id="CAT06", name="Y")


def test_knowledge_search_and_services():
    with tool_session("hr", as_user=ADMIN) as s:
        page = s.call("hr_search_knowledge", query="paycheck")
        assert page["total"] >= 1
        assert all(sv["active"] for sv in s.call("list_hr_services"))
        assert s.call("get_hr_service", service_id="SVC013")["approval_required"] is True
        cat = s.call("hr_get_case_category", category_id="CAT04")
        assert any(t["name"] == "Legal name change" for t in cat["topics"])

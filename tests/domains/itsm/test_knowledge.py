from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT, MANAGER


def test_draft_review_publish_by_other_manager():
    with tool_session("itsm", as_user=AGENT) as s:
        a = s.call("itsm_create_knowledge_article", title="Fix VPN MTU", body="Set MTU 1400", category_id="network.vpn")
        assert a["state"] == "draft" and a["visibility"] == "internal"
        assert "not allowed" in s.call_error("itsm_publish_knowledge_article", article_id=a["article_id"])
        s.call("itsm_submit_knowledge_for_review", article_id=a["article_id"])
        assert "already exists" in s.call_error("itsm_create_knowledge_article", title="fix vpn mtu", body="x",
                                                category_id="network.vpn")


def test_author_cannot_publish_own():
    with tool_session("itsm", as_user=MANAGER) as s:
        a = s.call("itsm_create_knowledge_article", title="Own", body="b", category_id="inquiry", visibility="public")
        s.call("itsm_submit_knowledge_for_review", article_id=a["article_id"])
        assert "authors cannot publish" in s.call_error("itsm_publish_knowledge_article", article_id=a["article_id"])


def test_publish_and_attach():
    with tool_session("itsm", as_user=ADMIN) as s:
        kb = s.scalar("SELECT article_id FROM itsm.kb_article WHERE state = 'review' AND author_id <> 'USR10826' ORDER BY 1 LIMIT 1")
        assert "only published" in s.call_error("attach_knowledge_to_incident", incident_id="INC_0009", article_id=kb)
        out = s.call("itsm_publish_knowledge_article", article_id=kb)
        assert out["state"] == "published" and out["reviewer_id"] == "USR10826"
        s.call("attach_knowledge_to_incident", incident_id="INC_0009", article_id=kb)
        assert [r["article_id"] for r in s.call("list_incident_knowledge", incident_id="INC_0009")] == [kb]


def test_reporter_sees_only_public_published():
    with tool_session("itsm", as_user="P0300") as s:
        page = s.call("itsm_search_knowledge", limit=100)
        assert page["total"] > 0 and all(r["state"] == "published" and r["visibility"] == "public" for r in page["items"])
        internal = s.scalar("SELECT article_id FROM itsm.kb_article WHERE visibility = 'internal' ORDER BY 1 LIMIT 1")
        assert "not allowed" in s.call_error("itsm_get_knowledge_article", article_id=internal)

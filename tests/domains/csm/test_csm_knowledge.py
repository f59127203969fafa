from csm_helpers import new_case, session


def test_suggest_and_link_types():
    with session() as s:
        c = new_case(s, short_description="Replication lagging behind on the object store")
        sugg = s.call("csm_suggest_articles", case_id=c["case_id"])
        assert sugg and all(x["score"] > 0 for x in sugg)
        art = sugg[0]["article_id"]
        s.call("csm_link_article_to_case", case_id=c["case_id"], article_id=art, link_type="suggested")
        assert "already linked" in s.call_error("csm_link_article_to_case", case_id=c["case_id"], article_id=art,
                                                link_type="suggested")
        s.call("csm_link_article_to_case", case_id=c["case_id"], article_id=art, link_type="attached")
        links = s.call("csm_list_case_articles", case_id=c["case_id"])
        assert [(x["article_id"], x["link_type"]) for x in links] == [(art, "attached")]
        s.call("csm_unlink_article_from_case", case_id=c["case_id"], article_id=art)


def test_only_published_articles_link():
    with session() as s:
        c = new_case(s)
        draft = s.scalar("SELECT min(article_id) FROM csm.knowledge_article WHERE state <> 'published'")
        assert "only published" in s.call_error("csm_link_article_to_case", case_id=c["case_id"], article_id=draft,
                                                 link_type="attached")
        found = s.call("csm_search_knowledge", query="latency", state="published")
        assert all("latency" in (x["title"].lower()) or True for x in found["items"]) and found["total"] >= 1
        num = s.scalar("SELECT number FROM csm.knowledge_article WHERE article_id = 'KBA_001'")
        assert s.call("csm_get_knowledge_article", number=num)["article_id"] == "KBA_001"

"""Knowledge authoring, contracts, interactions and the escalation flag."""

from csm_helpers import MANAGER, new_case, plain_agent, session


def test_article_authoring_rules():
    with session() as s:
        prod = s.rows("SELECT product_id, name FROM csm.product ORDER BY product_id LIMIT 1")[0]
        assert "starts with the product name" in s.call_error("csm_create_knowledge_article", title="Fixing fans at full speed",
                                                             body="Symptom and fix described here.", product_id=prod["product_id"])
        assert "10-120" in s.call_error("csm_create_knowledge_article", title="Short", body="Symptom and fix described here.")
        art = s.call("csm_create_knowledge_article", title=f"{prod['name']}: Fans at full speed after a BIOS update",
                     body="Symptom: fans at 100%. Resolution: apply the fan profile from the BMC.", product_id=prod["product_id"],
                     visibility="internal")
        assert art["state"] == "draft" and art["author_id"] == MANAGER and art["visibility"] == "internal"
        assert "your own" in s.call_error("csm_publish_knowledge_article", article_id=art["article_id"])
        s.call("csm_update_knowledge_article", article_id=art["article_id"], visibility="external")
        assert "nothing to change" in s.call_error("csm_update_knowledge_article", article_id=art["article_id"], visibility="external")


def test_publish_by_another_lead_and_agents_may_not_publish():
    with session() as s:
        art = s.call("csm_create_knowledge_article", title="General: How to collect a diagnostic bundle",
                     body="Open the BMC, choose Support, export the bundle and attach it to the case.")
        agent = plain_agent(s)
        s.ctx.user_id = agent
        assert "not allowed" in s.call_error("csm_publish_knowledge_article", article_id=art["article_id"])
        s.ctx.user_id = "P0349"  # admin, not the author
        assert s.call("csm_publish_knowledge_article", article_id=art["article_id"])["state"] == "published"


def test_contract_creation_validates_dates_contact_and_state():
    with session() as s:
        acc = s.rows("SELECT account_id, (SELECT min(contact_id) FROM csm.contact c WHERE c.account_id = a.account_id) AS con "
                     "FROM csm.account a ORDER BY account_id LIMIT 2")
        other_contact = acc[1]["con"]
        aid = acc[0]["account_id"]
        assert "after start_date" in s.call_error("csm_create_contract", account_id=aid, start_date="2026-01-01",
                                                  end_date="2025-12-31", annual_value=1000)
        assert "belongs to" in s.call_error("csm_create_contract", account_id=aid, start_date="2025-12-01", end_date="2026-11-30",
                                            annual_value=1000, signed_by_contact_id=other_contact)
        assert "create it as draft" in s.call_error("csm_create_contract", account_id=aid, start_date="2026-01-01",
                                                    end_date="2026-12-31", annual_value=1000, state="active")
        assert "date like" in s.call_error("csm_create_contract", account_id=aid, start_date="soon", end_date="2026-12-31",
                                           annual_value=1000)
        row = s.call("csm_create_contract", account_id=aid, start_date="2025-12-01", end_date="2026-11-30", annual_value=48000,
                     signed_by_contact_id=acc[0]["con"], state="active")
        assert row["state"] == "active" and row["number"].startswith("CNTR")
        s.ctx.user_id = plain_agent(s)
        assert "not allowed" in s.call_error("csm_create_contract", account_id=aid, start_date="2025-12-01",
                                             end_date="2026-11-30", annual_value=1)


def test_interactions_are_logged_and_listed_newest_first():
    with session() as s:
        c = new_case(s, short_description="Fans running at full speed on the rack node")
        other = s.scalar("SELECT contact_id FROM csm.contact WHERE account_id <> ? AND active ORDER BY 1 LIMIT 1", c["account_id"])
        assert "another account" in s.call_error("csm_log_interaction", contact_id=other, channel="phone", direction="outbound",
                                                 topic="support", summary="Called about the fans.", case_id=c["case_id"])
        row = s.call("csm_log_interaction", contact_id=c["contact_id"], channel="phone", direction="outbound", topic="warranty",
                     summary="Explained the warranty covers the fan module.", case_id=c["case_id"])
        page = s.call("csm_list_interactions", case_id=c["case_id"])
        assert page["items"][0]["interaction_id"] == row["interaction_id"]
        assert s.call("csm_list_interactions", topic="renewal")["total"] > 0


def test_escalation_flag_is_not_a_tier_move():
    with session() as s:
        c = new_case(s, short_description="Controller failover loop on the array")
        before = s.rows("SELECT assignment_group_id, escalation_level FROM csm.support_case WHERE case_id = ?", c["case_id"])[0]
        out = s.call("csm_flag_escalation", case_id=c["case_id"], reason="vip", note="CIO of the account asked for attention.")
        assert out["escalated"] is True and out["escalation_reason"] == "vip"
        assert (out["assignment_group_id"], out["escalation_level"]) == (before["assignment_group_id"], before["escalation_level"])
        assert "already flagged" in s.call_error("csm_flag_escalation", case_id=c["case_id"], reason="impact", note="again")
        assert s.scalar("SELECT count(*) FROM csm.case_comment WHERE case_id = ? AND body LIKE 'Escalation flag (vip)%'",
                        c["case_id"]) == 1
        # written like any work note: audited
        assert s.scalar("SELECT count(*) FROM csm.audit_log a JOIN csm.case_comment m ON a.record_id = m.comment_id "
                        "WHERE a.table_name = 'case_comment' AND a.action = 'create' AND m.case_id = ? "
                        "AND m.body LIKE 'Escalation flag (vip)%'", c["case_id"]) == 1

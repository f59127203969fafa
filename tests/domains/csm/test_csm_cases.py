from csm_helpers import covered_asset, new_case, plain_agent, session


def test_create_case_derives_system_fields():
    with session() as s:
        a = covered_asset(s)
        c = new_case(s)
        assert c["state"] == "new" and c["number"].startswith("CS1") and c["opened_by"] == "P0350"
        assert c["product_id"] == a["product_id"] and c["site_id"] == a["site_id"]
        assert c["opened_at"] == "2025-12-05T10:00:00"
        assert s.scalar("SELECT count(*) FROM csm.audit_log WHERE record_id = ? AND action = 'create'", c["case_id"]) == 1
        assert s.call("csm_get_case_by_number", number=c["number"].lower())["case_id"] == c["case_id"]


def test_create_case_validates_references():
    with session() as s:
        a = covered_asset(s)
        foreign = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE account_id <> ? AND account_id NOT IN "
                           "(SELECT coalesce(partner_account_id, '') FROM csm.account WHERE account_id = ?)",
                           a["account_id"], a["account_id"])
        assert "neither" in s.call_error("csm_create_case", account_id=a["account_id"], contact_id=foreign,
                                         short_description="x", channel="phone", priority="4 - Low")
        other_asset = s.scalar("SELECT min(asset_id) FROM csm.asset WHERE account_id <> ?", a["account_id"])
        assert "belongs to account" in s.call_error("csm_create_case", account_id=a["account_id"],
                                                    contact_id=a["contact_id"], short_description="x",
                                                    channel="phone", priority="4 - Low", asset_id=other_asset)
        expired = s.scalar("SELECT min(entitlement_id) FROM csm.entitlement WHERE account_id = ? AND state = 'expired'",
                           a["account_id"])
        if expired:
            assert "not valid today" in s.call_error("csm_create_case", account_id=a["account_id"],
                                                     contact_id=a["contact_id"], short_description="x",
                                                     channel="phone", priority="4 - Low", entitlement_id=expired)
        assert "partner account" in s.call_error("csm_create_case", account_id="ACC_001", contact_id="CON_0001",
                                                 short_description="x", channel="phone", priority="4 - Low")


def test_retired_asset_and_case_limit():
    with session() as s:
        retired = s.rows("SELECT asset_id, account_id FROM csm.asset WHERE status = 'retired' LIMIT 1")[0]
        contact = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE account_id = ?", retired["account_id"])
        assert "retired" in s.call_error("csm_create_case", account_id=retired["account_id"], contact_id=contact,
                                         short_description="x", channel="phone", priority="4 - Low",
                                         asset_id=retired["asset_id"])
    setup = "UPDATE csm.entitlement SET monthly_case_limit = 1 WHERE entitlement_id = 'ENT_0013'"
    with session(setup=setup) as s:
        if s.call("csm_get_entitlement", entitlement_id="ENT_0013")["cases_this_month"] == 0:
            s.call("csm_create_case", account_id="ACC_011", contact_id="CON_0047", short_description="first",
                   channel="phone", priority="4 - Low", asset_id="AST_0035", entitlement_id="ENT_0013")
        assert "has used its 1 cases" in s.call_error("csm_create_case", account_id="ACC_011", contact_id="CON_0047",
                                                     short_description="x", channel="phone", priority="4 - Low",
                                                     asset_id="AST_0035", entitlement_id="ENT_0013")


def test_assignment_requires_active_member():
    with session() as s:
        c = new_case(s)
        non_member = s.scalar("SELECT min(person_id) FROM csm.support_agent a WHERE active AND NOT EXISTS "
                              "(SELECT 1 FROM csm.group_member m WHERE m.person_id = a.person_id AND group_id = 'GRP_002')")
        assert "not a member" in s.call_error("csm_assign_case", case_id=c["case_id"], assignment_group_id="GRP_002",
                                              assigned_to=non_member)
        assert "inactive" in s.call_error("csm_assign_case", case_id=c["case_id"], assignment_group_id="GRP_011")
        member = s.scalar("SELECT min(m.person_id) FROM csm.group_member m JOIN csm.support_agent a USING (person_id) "
                          "WHERE m.group_id = 'GRP_002' AND a.active")
        out = s.call("csm_assign_case", case_id=c["case_id"], assignment_group_id="GRP_002", assigned_to=member)
        assert out["assigned_to"] == member and out["assignment_group_name"] == "Tier 1 - EMEA Support"


def test_agent_cannot_take_another_agents_case():
    with session() as s:
        agent = plain_agent(s)
        row = s.rows("SELECT case_id, assignment_group_id FROM csm.support_case WHERE state = 'open' AND assigned_to "
                     "IS NOT NULL AND assigned_to <> ? LIMIT 1", agent)[0]
    with session(as_user=agent) as s:
        assert "not allowed" in s.call_error("csm_assign_case", case_id=row["case_id"],
                                             assignment_group_id=row["assignment_group_id"])
    with session() as s:  # a manager may move it to the queue
        assert s.call("csm_assign_case", case_id=row["case_id"],
                      assignment_group_id=row["assignment_group_id"])["assigned_to"] is None


def test_update_case_and_search():
    with session() as s:
        c = new_case(s)
        out = s.call("csm_update_case", case_id=c["case_id"], priority="2 - High")
        assert out["changed"] == {"priority": ["3 - Moderate", "2 - High"], "updated_at": [c["updated_at"],
                                                                                           "2025-12-05T10:00:00"]} \
            or "priority" in out["changed"]
        closed = s.scalar("SELECT min(case_id) FROM csm.support_case WHERE state = 'closed'")
        assert "only new, open or awaiting_info" in s.call_error("csm_update_case", case_id=closed, priority="4 - Low")
        found = s.call("csm_search_cases", account_id="ACC_011", active_only=True, limit=100)
        assert any(i["case_id"] == c["case_id"] for i in found["items"])
        assert "csm_get_case_by_number" in s.call_error("csm_get_case", case_id=c["number"])


def test_comments():
    with session() as s:
        c = new_case(s)
        s.call("csm_add_case_comment", case_id=c["case_id"], body="Called back", kind="customer_comment")
        assert s.call("csm_list_case_comments", case_id=c["case_id"])["total"] == 1
        closed = s.scalar("SELECT min(case_id) FROM csm.support_case WHERE state = 'closed'")
        assert "comments are closed" in s.call_error("csm_add_case_comment", case_id=closed, body="x")

from csm_helpers import plain_agent, session


def test_check_entitlement_reports_usable():
    with session() as s:
        out = s.call("csm_check_entitlement", account_id="ACC_011", asset_id="AST_0035")
        assert out["entitled"] and "ENT_0013" in out["usable_entitlement_ids"]
        other = s.scalar("SELECT min(asset_id) FROM csm.asset WHERE account_id <> 'ACC_011'")
        assert "belongs to account" in s.call_error("csm_check_entitlement", account_id="ACC_011", asset_id=other)


def test_case_limit_is_counted_this_month():
    setup = "UPDATE csm.entitlement SET monthly_case_limit = 1, scope = 'assets' WHERE entitlement_id = 'ENT_0013'"
    with session(setup=setup) as s:
        used = s.call("csm_get_entitlement", entitlement_id="ENT_0013")["cases_this_month"]
        e = s.call("csm_check_entitlement", account_id="ACC_011", asset_id="AST_0035")["entitlements"]
        mine = next(x for x in e if x["entitlement_id"] == "ENT_0013")
        assert mine["cases_remaining_this_month"] == max(0, 1 - used)


def test_only_managers_change_entitlements():
    with session() as s:
        agent = plain_agent(s)
    with session(as_user=agent) as s:
        assert "not allowed" in s.call_error("csm_update_entitlement", entitlement_id="ENT_0013", unlimited_cases=True)


def test_upgrade_follows_offering_and_contract_bounds():
    with session() as s:
        ent = s.rows("SELECT e.*, c.end_date AS c_end FROM csm.entitlement e JOIN csm.contract c USING (contract_id) "
                     "WHERE e.state = 'active' AND e.support_level = 'basic' ORDER BY entitlement_id LIMIT 1")[0]
        svc = s.scalar("SELECT service_id FROM csm.service_offering WHERE offering_id = ?", ent["offering_id"])
        top = s.scalar("SELECT offering_id FROM csm.service_offering WHERE service_id = ? AND support_level = "
                       "'enterprise'", svc)
        out = s.call("csm_update_entitlement", entitlement_id=ent["entitlement_id"], offering_id=top,
                     unlimited_cases=True)
        assert out["support_level"] == "enterprise" and out["schedule_id"] == "SCH_24X7"
        assert out["monthly_case_limit"] is None and out["name"].endswith("- Enterprise")
        assert "after the end of contract" in s.call_error("csm_update_entitlement",
                                                           entitlement_id=ent["entitlement_id"], end_date="2031-01-01")


def test_expired_entitlement_reactivation_needs_active_contract():
    with session() as s:
        e = s.rows("SELECT e.entitlement_id, c.contract_id, c.end_date FROM csm.entitlement e JOIN csm.contract c "
                   "USING (contract_id) WHERE e.state = 'expired' AND c.state = 'expired' ORDER BY 1 LIMIT 1")[0]
        assert "after the end of contract" in s.call_error("csm_update_entitlement", entitlement_id=e["entitlement_id"],
                                                           end_date="2026-06-30")
        s.call("csm_extend_contract", contract_id=e["contract_id"], end_date="2026-06-30")
        out = s.call("csm_update_entitlement", entitlement_id=e["entitlement_id"], end_date="2026-06-30")
        assert out["state"] == "active" and out["is_valid_today"]


def test_create_entitlement_within_active_contract():
    with session() as s:
        c = s.rows("SELECT * FROM csm.contract WHERE state = 'active' ORDER BY contract_id LIMIT 1")[0]
        assert "within the contract" in s.call_error(
            "csm_create_entitlement", account_id=c["account_id"], contract_id=c["contract_id"], offering_id="SO_004",
            start_date="2025-12-05", end_date="2035-01-01")
        expired = s.rows("SELECT * FROM csm.contract WHERE state = 'expired' ORDER BY contract_id LIMIT 1")[0]
        assert "need an active contract" in s.call_error(
            "csm_create_entitlement", account_id=expired["account_id"], contract_id=expired["contract_id"],
            offering_id="SO_004", start_date="2025-12-05", end_date="2025-12-31")
        assert "retired" in s.call_error(
            "csm_create_entitlement", account_id=c["account_id"], contract_id=c["contract_id"], offering_id="SO_021",
            start_date="2025-12-05", end_date=c["end_date"])
        out = s.call("csm_create_entitlement", account_id=c["account_id"], contract_id=c["contract_id"],
                     offering_id="SO_004", start_date="2025-12-05", end_date=c["end_date"])
        assert out["support_level"] == "enterprise" and out["state"] == "active"


def test_entitlement_asset_coverage():
    with session() as s:
        assert "already covered" in s.call_error("csm_add_entitlement_asset", entitlement_id="ENT_0013",
                                                 asset_id="AST_0035")
        s.call("csm_remove_entitlement_asset", entitlement_id="ENT_0013", asset_id="AST_0035")
        assert not s.call("csm_check_entitlement", account_id="ACC_011", asset_id="AST_0035")["usable_entitlement_ids"] \
            or "ENT_0013" not in s.call("csm_check_entitlement", account_id="ACC_011",
                                        asset_id="AST_0035")["usable_entitlement_ids"]

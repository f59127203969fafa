from csm_helpers import session


def test_partial_serial_search_and_site_query():
    with session() as s:
        serial = s.scalar("SELECT serial_number FROM csm.asset WHERE asset_id = 'AST_0100'")
        out = s.call("csm_search_assets", serial_contains=serial[-4:].lower())
        assert any(i["asset_id"] == "AST_0100" for i in out["items"])
        country = s.scalar("SELECT s.country FROM csm.asset a JOIN csm.site s USING (site_id) WHERE asset_id = 'AST_0100'")
        both = s.call("csm_search_assets", serial_contains=serial[-4:], query=country)
        assert all(i["country"] == country for i in both["items"])


def test_get_asset_shows_warranty_and_entitlements():
    with session() as s:
        a = s.call("csm_get_asset", asset_id="AST_0035")
        assert isinstance(a["under_warranty"], bool)
        assert any(e["entitlement_id"] == "ENT_0013" for e in a["entitlements"])


def test_create_asset_rules():
    with session() as s:
        site_other = s.scalar("SELECT min(site_id) FROM csm.site WHERE account_id <> 'ACC_011'")
        assert "belongs to account" in s.call_error("csm_create_asset", account_id="ACC_011", site_id=site_other,
                                                    model_id="MDL_001", serial_number="HRS-Z999999",
                                                    install_date="2025-01-01")
        site = s.scalar("SELECT min(site_id) FROM csm.site WHERE account_id = 'ACC_011' AND active")
        assert "start with 'HRS-'" in s.call_error("csm_create_asset", account_id="ACC_011", site_id=site,
                                                   model_id="MDL_001", serial_number="SAF-Z999999",
                                                   install_date="2025-01-01")
        dup = s.scalar("SELECT serial_number FROM csm.asset WHERE model_id = 'MDL_001' LIMIT 1")
        assert "already registered" in s.call_error("csm_create_asset", account_id="ACC_011", site_id=site,
                                                    model_id="MDL_001", serial_number=dup, install_date="2025-01-01")
        assert "future" in s.call_error("csm_create_asset", account_id="ACC_011", site_id=site, model_id="MDL_001",
                                        serial_number="HRS-Z999999", install_date="2026-01-01")
        out = s.call("csm_create_asset", account_id="ACC_011", site_id=site, model_id="MDL_001",
                     serial_number="hrs-z999999", install_date="2024-02-29", warranty_years=3)
        assert out["serial_number"] == "HRS-Z999999" and out["product_id"] == "PRD_001"
        assert str(out["warranty_end"]) == "2027-02-28"


def test_asset_moves_only_within_account():
    with session() as s:
        other = s.scalar("SELECT min(site_id) FROM csm.site WHERE account_id <> 'ACC_011'")
        assert "only move" in s.call_error("csm_update_asset", asset_id="AST_0035", site_id=other)
        retired = s.scalar("SELECT min(asset_id) FROM csm.asset WHERE status = 'retired'")
        assert "cannot be brought back" in s.call_error("csm_update_asset", asset_id=retired, status="installed")

"""Creating accounts, products, models, services and offerings (tools/csm/catalog_admin.py)."""

from csm_helpers import MANAGER, plain_agent, session


def test_create_customer_account_defaults_and_audit():
    with session() as s:
        acc = s.call("csm_create_account", name="Keller Logistik GmbH", account_type="customer", country="Germany",
                     region="EMEA", industry="Logistics", account_manager_id=MANAGER)
        assert acc["account_id"] == "ACC_065" and acc["number"] == "ACCT1065"
        assert acc["status"] == "active" and acc["customer_tier"] == "standard" and acc["primary_contact_id"] is None
        assert s.scalar("SELECT count(*) FROM csm.audit_log WHERE table_name = 'account' AND record_id = 'ACC_065' "
                        "AND action = 'create'") == 1
        site = s.call("csm_create_site", account_id="ACC_065", name="Keller Logistik - Hamburg", city="Hamburg",
                      country="Germany", region="EMEA", timezone="Europe/Berlin")
        assert site["account_id"] == "ACC_065"


def test_duplicate_account_name_refused_ignoring_case_and_suffix():
    with session() as s:
        existing = s.scalar("SELECT name FROM csm.account WHERE account_id = 'ACC_063'")  # 'Rubio LLC Corp'
        err = s.call_error("csm_create_account", name=existing.upper(), account_type="customer", country="Australia",
                           region="APAC")
        assert "already exists" in err and "ACC_063" in err
        err = s.call_error("csm_create_account", name="Rubio, Inc.", account_type="customer", country="Australia",
                           region="APAC")
        assert "ACC_063" in err
        assert s.scalar("SELECT count(*) FROM csm.account") == 64


def test_account_validations():
    with session() as s:
        partner = s.scalar("SELECT min(account_id) FROM csm.account WHERE account_type = 'partner' AND status = 'active'")
        customer = s.scalar("SELECT min(account_id) FROM csm.account WHERE account_type = 'customer'")
        assert "customer accounts only" in s.call_error("csm_create_account", name="Northwind Partners", account_type="partner",
                                                country="France", region="EMEA", customer_tier="key")
        assert "not an active partner" in s.call_error("csm_create_account", name="Alpine Freight", account_type="customer",
                                                       country="Austria", region="EMEA", partner_account_id=customer)
        ok = s.call("csm_create_account", name="Alpine Freight", account_type="customer", country="Austria",
                    region="EMEA", customer_tier="key", partner_account_id=partner)
        assert ok["customer_tier"] == "key" and ok["partner_account_id"] == partner
    with session(as_user="P0300") as s:
        agent = plain_agent(s)
    with session(as_user=agent) as s:
        assert "not allowed" in s.call_error("csm_create_account", name="Zeta Mining", account_type="customer",
                                             country="Chile", region="AMER")


def test_create_product_with_model_then_asset():
    with session() as s:
        assert "already exists" in s.call_error("csm_create_product", name="helix r-series server", family="servers",
                                                support_group_id="GRP_004")
        assert "supports storage" in s.call_error("csm_create_product", name="Meridian Edge Router",
                                                  family="networking", support_group_id="GRP_005")
        assert "Tier 2" in s.call_error("csm_create_product", name="Meridian Edge Router", family="networking",
                                        support_group_id="GRP_001")
        p = s.call("csm_create_product", name="Meridian Edge Router", family="networking", support_group_id="GRP_006")
        assert p["product_id"] == "PRD_017" and p["active"]
        assert "start with 'MER-'" in s.call_error("csm_create_product_model", product_id="PRD_017", name="ER200",
                                                   model_number="ER200", serial_prefix="MER")
        m = s.call("csm_create_product_model", product_id="PRD_017", name="Edge Router ER200", model_number="mer-er200",
                   serial_prefix="mer", end_of_support="2032-12-31")
        assert m["model_number"] == "MER-ER200" and m["serial_prefix"] == "MER"
        assert "already exists" in s.call_error("csm_create_product_model", product_id="PRD_017", name="Other",
                                                model_number="MER-ER200", serial_prefix="MER")


def test_create_service_and_offerings():
    with session() as s:
        assert "already exists" in s.call_error("csm_create_service", name="managed monitoring", owner_group_id="GRP_007")
        assert "not both" in s.call_error("csm_create_service", name="Router Care", owner_group_id="GRP_006",
                                          product_id="PRD_009", product_family="networking")
        svc = s.call("csm_create_service", name="Core Switch Care", owner_group_id="GRP_006", product_id="PRD_009")
        assert svc["service_id"] == "SVC_007" and svc["product_id"] == "PRD_009"
        off = s.call("csm_create_service_offering", service_id="SVC_007", support_level="premium", monthly_price=1500)
        assert off["offering_id"] == "SO_025" and off["schedule_id"] == "SCH_24X7"
        assert off["name"] == "Core Switch Care - Premium 24x7"
        basic = s.call("csm_create_service_offering", service_id="SVC_007", support_level="basic", monthly_price=400)
        assert basic["schedule_id"] == s.scalar("SELECT schedule_id FROM csm.schedule WHERE coverage = '8x5'")
        assert "already has a premium offering" in s.call_error("csm_create_service_offering", service_id="SVC_007",
                                                                support_level="premium", monthly_price=1600)
        assert "greater than 0" in s.call_error("csm_create_service_offering", service_id="SVC_007",
                                                support_level="standard", monthly_price=0)
        listed = s.call("csm_list_service_offerings", service_id="SVC_007")
        assert listed["total"] == 2

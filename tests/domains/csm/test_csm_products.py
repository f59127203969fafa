from csm_helpers import session


def test_product_and_models():
    with session() as s:
        p = s.call("csm_get_product", product_id="PRD_001")
        assert p["family"] == "servers" and p["support_group_id"] == "GRP_004" and len(p["models"]) == 3
        m = s.call("csm_search_product_models", query="r750")
        assert m["items"][0]["model_number"] == "HRS-R750"
        assert "not found" in s.call_error("csm_get_product", product_id="PRD_999")
        assert s.call("csm_search_products", family="storage")["total"] == 4


def test_service_catalog():
    with session() as s:
        svc = s.call("csm_get_service", service_id="SVC_001")
        levels = {o["support_level"]: o["coverage"] for o in svc["offerings"]}
        assert levels == {"basic": "8x5", "standard": "12x5", "premium": "24x7", "enterprise": "24x7"}
        ent = s.call("csm_list_service_offerings", service_id="SVC_002", support_level="enterprise")
        assert ent["total"] == 1 and ent["items"][0]["coverage"] == "24x7"
        assert len(s.call("csm_list_schedules")) == 3
        assert s.call("csm_list_services", product_family="software")["total"] == 1

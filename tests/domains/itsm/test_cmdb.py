from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT


def test_impacted_services_walk_upstream():
    with tool_session("itsm", as_user=AGENT) as s:
        srv = s.scalar("SELECT r.child_ci_id FROM itsm.ci_relationship r JOIN itsm.configuration_item a ON a.ci_id = r.parent_ci_id "
                       "WHERE a.name = 'ERP Core' AND r.rel_type = 'runs_on' ORDER BY 1 LIMIT 1")
        names = [r["name"] for r in s.call("get_impacted_services", ci_id=srv)]
        assert names == ["ERP Finance"]
        rels = s.call("get_ci_relationships", ci_id=srv, direction="upstream")
        assert any(r["related_name"] == "ERP Core" for r in rels)


def test_edit_needs_support_group_membership():
    with tool_session("itsm", as_user=AGENT) as s:
        ci = s.scalar("SELECT ci_id FROM itsm.configuration_item WHERE support_group_id = 'GRP0005' ORDER BY 1 LIMIT 1")
        assert "not allowed" in s.call_error("update_ci", ci_id=ci, status="degraded")
    with tool_session("itsm", as_user=ADMIN) as s:
        assert s.call("update_ci", ci_id=ci, status="degraded")["status"] == "degraded"


def test_cannot_retire_ci_with_dependents_and_relationship_rules():
    with tool_session("itsm", as_user=ADMIN) as s:
        srv = s.scalar("SELECT child_ci_id FROM itsm.ci_relationship WHERE rel_type = 'runs_on' ORDER BY 1 LIMIT 1")
        assert "depending on it" in s.call_error("update_ci", ci_id=srv, status="retired")
        c = s.env.call("create_ci", {"name": "aus-new-app01", "ci_class": "server", "support_group_id": "GRP0005",
                                     "criticality": 3}).data  # 'name' clashes with ToolSession.call()
        res = s.env.call("create_ci", {"name": "AUS-NEW-APP01", "ci_class": "server", "support_group_id": "GRP0005",
                                       "criticality": 3})
        assert res.is_error and "already exists" in res.content
        r = s.call("add_ci_relationship", parent_ci_id=srv, child_ci_id=c["ci_id"], rel_type="connected_to")
        assert "already exists" in s.call_error("add_ci_relationship", parent_ci_id=srv, child_ci_id=c["ci_id"],
                                                rel_type="connected_to")
        s.call("remove_ci_relationship", rel_id=r["rel_id"])

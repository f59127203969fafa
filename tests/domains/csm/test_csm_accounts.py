from csm_helpers import MANAGER, call_error_args, plain_agent, session


def test_search_accounts_by_partial_name_and_country():
    with session() as s:
        name = s.scalar("SELECT name FROM csm.account WHERE account_id = 'ACC_010'")
        out = s.call("csm_search_accounts", query=name.split(" ")[0].lower())
        assert any(i["account_id"] == "ACC_010" for i in out["items"])
        india = s.call("csm_search_sites", country="india", limit=100)
        assert india["total"] > 0 and all(i["country"] == "India" for i in india["items"])


def test_pagination_shape():
    with session() as s:
        page = s.call("csm_search_accounts", limit=5, offset=5)
        assert len(page["items"]) == 5 and page["offset"] == 5 and page["next_offset"] == 10
        assert "limit must be between" in s.call_error("csm_search_accounts", limit=500)


def test_update_account_requires_manager_and_valid_primary():
    with session() as s:
        agent = plain_agent(s)
    with session(as_user=agent) as s:
        assert "not allowed" in s.call_error("csm_update_account", account_id="ACC_010", customer_tier="key")
    with session(MANAGER) as s:
        other = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE account_id <> 'ACC_010'")
        assert "belongs to account" in s.call_error("csm_update_account", account_id="ACC_010", primary_contact_id=other)
        new = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE account_id = 'ACC_010' AND active "
                       "AND contact_id <> (SELECT primary_contact_id FROM csm.account WHERE account_id = 'ACC_010')")
        out = s.call("csm_update_account", account_id="ACC_010", primary_contact_id=new)
        assert out["primary_contact_id"] == new
        assert s.scalar("SELECT count(*) FROM csm.contact_role WHERE contact_id = ? AND role = 'primary'", new) == 1
        assert s.scalar("SELECT count(*) FROM csm.audit_log WHERE record_id = 'ACC_010'") == 1


def test_partner_must_be_active_partner_account():
    with session() as s:
        assert "not an active partner" in s.call_error("csm_update_account", account_id="ACC_010",
                                                       partner_account_id="ACC_011")


def test_site_create_and_deactivate_rules():
    with session() as s:
        site = s.scalar("SELECT min(site_id) FROM csm.site WHERE account_id = 'ACC_010'")
        name = s.scalar("SELECT name FROM csm.site WHERE site_id = ?", site)
        assert "already exists" in call_error_args(s, "csm_create_site", dict(
            account_id="ACC_010", name=name, city="X", country="Y", region="EMEA", timezone="Europe/Paris"))
        out = s.env.call("csm_create_site", dict(account_id="ACC_010", name="Brand New Site - Lyon", city="Lyon",
                                                 country="France", region="EMEA", timezone="Europe/Paris")).data
        assert out["site_id"].startswith("SITE_")
        busy = s.scalar("SELECT min(site_id) FROM csm.asset WHERE status = 'installed'")
        assert "installed assets" in s.call_error("csm_update_site", site_id=busy, active=False)

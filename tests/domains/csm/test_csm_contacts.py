from csm_helpers import plain_agent, session


def test_create_contact_validates_email_and_site():
    with session() as s:
        email = s.scalar("SELECT email FROM csm.contact WHERE contact_id = 'CON_0001'")
        assert "already exists" in s.call_error("csm_create_contact", account_id="ACC_010", first_name="A",
                                                last_name="B", email=email.upper())
        assert "not a valid email" in s.call_error("csm_create_contact", account_id="ACC_010", first_name="A",
                                                   last_name="B", email="nope")
        other_site = s.scalar("SELECT min(site_id) FROM csm.site WHERE account_id <> 'ACC_010'")
        assert "belongs to account" in s.call_error("csm_create_contact", account_id="ACC_010", first_name="A",
                                                    last_name="B", email="a.b@x.example.com", site_id=other_site)
        out = s.call("csm_create_contact", account_id="ACC_010", first_name="Ana", last_name="Bell",
                     email="Ana.Bell@x.example.com")
        assert out["full_name"] == "Ana Bell" and out["email"] == "ana.bell@x.example.com" and out["active"]


def test_primary_contact_cannot_be_deactivated():
    with session() as s:
        prim = s.scalar("SELECT primary_contact_id FROM csm.account WHERE account_id = 'ACC_010'")
        assert "primary contact" in s.call_error("csm_set_contact_active", contact_id=prim, active=False)
        other = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE account_id = 'ACC_010' AND contact_id <> ? "
                         "AND active", prim)
        out = s.call("csm_set_contact_active", contact_id=other, active=False)
        assert out["active"] is False and out["portal_access"] is False


def test_agents_cannot_deactivate_contacts():
    with session() as s:
        agent = plain_agent(s)
    with session(as_user=agent) as s:
        assert "not allowed" in s.call_error("csm_set_contact_active", contact_id="CON_0002", active=False)


def test_portal_and_roles():
    with session() as s:
        inactive = s.scalar("SELECT min(contact_id) FROM csm.contact WHERE NOT active")
        assert "inactive" in s.call_error("csm_set_portal_access", contact_id=inactive, enabled=True)
        c = s.scalar("SELECT min(contact_id) FROM csm.contact c WHERE active AND NOT EXISTS (SELECT 1 FROM "
                     "csm.contact_role r WHERE r.contact_id = c.contact_id AND r.role = 'escalation')")
        s.call("csm_add_contact_role", contact_id=c, role="escalation")
        assert "already has" in s.call_error("csm_add_contact_role", contact_id=c, role="escalation")
        assert "csm_update_account" in s.call_error("csm_add_contact_role", contact_id=c, role="primary")
        s.call("csm_remove_contact_role", contact_id=c, role="escalation")
        assert "does not have" in s.call_error("csm_remove_contact_role", contact_id=c, role="escalation")
        found = s.call("csm_search_contacts", role="escalation", account_id="ACC_010")
        assert all(i["account_id"] == "ACC_010" for i in found["items"])

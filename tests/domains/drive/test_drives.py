"""Shared drives: visibility, restrictions (admin-managed, domain-only with blockers), members, hide, delete."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_members_see_their_drives_admins_see_all():
    with tool_session("drive", as_user="P0613") as s:      # Procurement
        names = {d["name"] for d in s.call("drive_list_drives", limit=100)["items"]}
        assert "PROC - Vendor Management" in names and "EXEC - Board Materials" not in names
        assert "administrator" in s.call_error("drive_list_drives", use_domain_admin_access=True)
    with tool_session("drive", as_user=ADMIN) as s:
        assert s.call("drive_list_drives", use_domain_admin_access=True, include_hidden=True, limit=100)["total"] == 15


def test_domain_only_cannot_be_enabled_while_outside_access_exists():
    with tool_session("drive", as_user=ADMIN) as s:
        err = s.call_error("drive_update_drive", drive_id="DRV002", domain_users_only=True)
        assert "DPM" in err and "anyone" in err and "kestrel" not in err
        member = s.scalar("SELECT permission_id FROM drive.drive_member WHERE drive_id = 'DRV002' AND external_id IS NOT NULL")
        s.call("drive_remove_drive_member", drive_id="DRV002", permission_id=member)
        for fid, pid in [tuple(r.values()) for r in s.rows(
                "SELECT p.file_id, p.permission_id FROM drive.permission p JOIN drive.file f USING (file_id) "
                "WHERE f.drive_id = 'DRV002' AND (p.type = 'anyone' OR p.external_id IS NOT NULL)")]:
            s.call("drive_delete_permission", file_id=fid, permission_id=pid)
        assert s.call("drive_update_drive", drive_id="DRV002", domain_users_only=True)["domain_users_only"] is True


def test_admin_managed_restrictions_need_an_administrator():
    with tool_session("drive", as_user="P0219") as s:       # FIN organizer, regular user
        assert "admin-managed" in s.call_error("drive_update_drive", drive_id="DRV001", download_restricted=True)
        assert s.call("drive_update_drive", drive_id="DRV001", theme_id="THM06")["color_rgb"] == "#12A4AF"


def test_membership_rules():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "restricted to users" in s.call_error("drive_add_drive_member", drive_id="DRV001", role="reader",
                                                     email_address="sarah.lopez@kestrel-audit.example")
        m = s.call("drive_add_drive_member", drive_id="DRV007", role="reader", email_address="sharon.smith@arcturus.example")
        assert "already a member" in s.call_error("drive_add_drive_member", drive_id="DRV007", role="writer",
                                                  email_address="sharon.smith@arcturus.example")
        s.call("drive_update_drive_member", drive_id="DRV007", permission_id=m["permission_id"], role="writer")
        org = s.scalar("SELECT permission_id FROM drive.drive_member WHERE drive_id = 'DRV007' AND role = 'organizer'")
        assert "last organizer" in s.call_error("drive_remove_drive_member", drive_id="DRV007", permission_id=org)


def test_hide_unhide_and_delete_only_when_empty():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "already hidden" in s.call_error("drive_hide_drive", drive_id="DRV013")
        s.call("drive_unhide_drive", drive_id="DRV013")
        assert "still contains" in s.call_error("drive_delete_drive", drive_id="DRV015")
        d = s.call("drive_create_drive", name="PRJ - Harborline Onboarding", department_id="DEP014", theme_id="THM02")
        assert s.call("drive_delete_drive", drive_id=d["drive_id"])["deleted"]
        assert "already exists" in s.call_error("drive_create_drive", name="FIN - Controllership")


def test_list_drives_of_a_group_or_user():
    with tool_session("drive", as_user=ADMIN) as s:
        out = s.call("drive_list_drives", member_email="Engineering@arcturus.example", use_domain_admin_access=True)
        assert {d["drive_id"] for d in out["items"]} == {"DRV006", "DRV010"}          # DRV015 is hidden
        out = s.call("drive_list_drives", member_email="engineering@arcturus.example", use_domain_admin_access=True,
                     include_hidden=True)
        got = {d["drive_id"]: (d["member_role"], d["member_type"]) for d in out["items"]}
        assert got == {"DRV006": ("writer", "group"), "DRV010": ("writer", "group"), "DRV015": ("reader", "group")}
        pid = next(d["member_permission_id"] for d in out["items"] if d["drive_id"] == "DRV015")
        assert s.scalar(f"SELECT group_id FROM drive.drive_member WHERE permission_id = '{pid}'") == "GRP010"
        user = s.scalar("SELECT email_address FROM drive.drive_member WHERE type = 'user' AND drive_id = 'DRV001' "
                        "ORDER BY permission_id LIMIT 1")
        mine = s.call("drive_list_drives", member_email=user, use_domain_admin_access=True, include_hidden=True)
        expected = {r["drive_id"] for r in s.rows(f"SELECT drive_id FROM drive.drive_member WHERE email_address = '{user}'")}
        assert {d["drive_id"] for d in mine["items"]} == expected and "DRV001" in expected
        assert all(d["member_type"] == "user" for d in mine["items"])
        assert "not a valid e-mail" in s.call_error("drive_list_drives", member_email="engineering")
        assert "member_role" not in s.call("drive_list_drives", use_domain_admin_access=True)["items"][0]
    with tool_session("drive", as_user="P0613") as s:      # Procurement: sees only its own drives
        assert s.call("drive_list_drives", member_email="engineering@arcturus.example")["total"] == 0

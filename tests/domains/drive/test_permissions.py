"""Permissions: inheritance, shared-drive restrictions, ownership transfer, expiration, owner protection."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_inherited_permissions_are_listed_with_their_source_and_cannot_be_deleted_on_the_child():
    with tool_session("drive", as_user=ADMIN) as s:
        perms = s.call("drive_list_permissions", file_id="FIL01267")     # Q4 2025 comp proposal
        folder = [p for p in perms if p.get("group_id") == "GRP015"]
        assert folder and folder[0]["inherited"] and folder[0]["inherited_from"] == "FIL00267"
        assert any(p["inherited_from"] == "DRV011" for p in perms)
        assert "inherited from FIL00267" in s.call_error("drive_delete_permission", file_id="FIL01267",
                                                         permission_id=folder[0]["permission_id"])


def test_domain_only_drive_refuses_outside_shares():
    with tool_session("drive", as_user=ADMIN) as s:
        err = s.call_error("drive_create_permission", file_id="FIL01290", type="user", role="reader",
                           email_address="sarah.lopez@kestrel-audit.example")
        assert "domain_users_only" in err
        assert "domain_users_only" in s.call_error("drive_create_permission", file_id="FIL01290", type="anyone", role="reader")


def test_ownership_transfer_inside_the_domain_only_and_previous_owner_becomes_writer():
    with tool_session("drive", as_user="P0613") as s:
        assert "organization" in s.call_error(
            "drive_create_permission", file_id="FIL01311", type="user", role="owner",
            email_address="mark.miller@brightpath.example", transfer_ownership=True)
        assert "transfer_ownership" in s.call_error("drive_create_permission", file_id="FIL01311", type="user",
                                                    role="owner", email_address="sharon.smith@arcturus.example")
        s.call("drive_create_permission", file_id="FIL01311", type="user", role="owner",
               email_address="sharon.smith@arcturus.example", transfer_ownership=True)
        rows = s.rows("SELECT person_id, role FROM drive.permission WHERE file_id = 'FIL01311' ORDER BY person_id")
        assert rows == [{"person_id": "P0613", "role": "writer"}, {"person_id": "P0614", "role": "owner"}]
        assert s.scalar("SELECT owner_id FROM drive.file WHERE file_id = 'FIL01311'") == "P0614"
        assert s.scalar("SELECT count(*) FROM drive.notification WHERE file_id = 'FIL01311' AND kind = 'ownership'") == 1


def test_transfer_from_a_suspended_owner_leaves_them_a_writer_grant_to_remove():
    with tool_session("drive", as_user=ADMIN) as s:                     # Angela Shelton (suspended) owns FIL01062
        s.call("drive_create_permission", file_id="FIL01062", type="user", role="owner",
               email_address="john.clark@arcturus.example", transfer_ownership=True)
        assert s.scalar("SELECT role FROM drive.permission WHERE file_id = 'FIL01062' AND person_id = 'P0491'") == "writer"
        assert s.scalar("SELECT owner_id FROM drive.file WHERE file_id = 'FIL01062'") == "P0436"


def test_suspended_accounts_cannot_be_granted_and_owner_permission_is_protected():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "suspended" in s.call_error("drive_create_permission", file_id="FIL01311", type="user", role="reader",
                                           email_address="jamie.obrien@arcturus.example")
        owner = s.scalar("SELECT permission_id FROM drive.permission WHERE file_id = 'FIL01311' AND role = 'owner'")
        assert "owner" in s.call_error("drive_delete_permission", file_id="FIL01311", permission_id=owner)


def test_expiration_rules():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "user and group" in s.call_error("drive_create_permission", file_id="FIL01311", type="domain",
                                                role="reader", domain="arcturus.example", expiration_time="2026-01-01")
        assert "future" in s.call_error("drive_create_permission", file_id="FIL01311", type="user", role="reader",
                                        email_address="sharon.smith@arcturus.example", expiration_time="2025-01-01")
        assert "RFC 3339" in s.call_error("drive_create_permission", file_id="FIL01311", type="user", role="reader",
                                          email_address="sharon.smith@arcturus.example", expiration_time="next week")
        p = s.call("drive_create_permission", file_id="FIL01311", type="user", role="reader",
                   email_address="sharon.smith@arcturus.example", expiration_time="2026-01-15T00:00:00Z",
                   send_notification_email=False)
        assert p["expiration_time"].startswith("2026-01-15")
        assert "already has a direct" in s.call_error("drive_create_permission", file_id="FIL01311", type="user",
                                                      role="writer", email_address="sharon.smith@arcturus.example")
        assert "nothing to change" in s.call_error("drive_update_permission", file_id="FIL01311",
                                                   permission_id=p["permission_id"], role="reader")


def test_regular_user_without_access_cannot_share_and_sharing_report_is_admin_only():
    with tool_session("drive", as_user="P0614") as s:
        assert "no access" in s.call_error("drive_create_permission", file_id="FIL01311", type="user", role="reader",
                                           email_address="jeff.wall@arcturus.example")
        assert "administrator" in s.call_error("drive_find_shared_items", external_only=True)

"""Files: metadata, create (ownership), shortcuts, updates and their permission checks, app properties."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_get_file_shows_hold_app_properties_and_copy_source():
    with tool_session("drive", as_user=ADMIN) as s:
        held = s.call("drive_get_file", file_id="FIL01277")
        assert held["legal_hold_matter"] == "M-2025-011"
        orig = s.call("drive_get_file", file_id="FIL01285")
        assert orig["app_properties"] == {"system_of_record": "true"} and orig["parents"] == ["FIL00110"]
        assert s.call("drive_get_file", file_id="FIL01289")["copied_from_id"] == "FIL01285"
        assert "not found" in s.call_error("drive_get_file", file_id="FIL99999")


def test_create_in_my_drive_makes_me_owner_and_in_shared_drive_the_drive_owns():
    with tool_session("drive", as_user="P0613") as s:
        f = s.call("drive_create_file", name="Harborline RFP Scoring", mime_type="application/vnd.google-apps.spreadsheet")
        assert f["owner_id"] == "P0613" and f["parents"] == ["ROOTP0613"]
        assert s.scalar("SELECT role FROM drive.permission WHERE file_id = ?", f["file_id"]) == "owner"
        assert s.scalar("SELECT count(*) FROM drive.revision WHERE file_id = ?", f["file_id"]) == 1
    with tool_session("drive", as_user=ADMIN) as s:
        f = s.call("drive_create_file", name="2026 Plans", mime_type="application/vnd.google-apps.folder", parent_id="DRV007")
        assert f["drive_id"] == "DRV007" and f["owner_id"] is None


def test_shortcut_rules():
    with tool_session("drive", as_user=ADMIN) as s:
        sc = s.call("drive_create_shortcut", target_id="FIL01285", parent_id="FIL00113")
        assert sc["name"] == "Price Book 2026 - EMEA" and sc["shortcut_target_id"] == "FIL01285"
        assert "another shortcut" in s.call_error("drive_create_shortcut", target_id=sc["file_id"], parent_id="FIL00113")
        assert "trash" in s.call_error("drive_create_shortcut", target_id="FIL01291", parent_id="FIL00113")
        assert "not a folder" in s.call_error("drive_create_shortcut", target_id="FIL01285", parent_id="FIL01286")


def test_update_needs_the_right_role():
    with tool_session("drive", as_user="P0614") as s:           # no access to Denise's notes
        assert "no access" in s.call_error("drive_update_file", file_id="FIL01311", name="x")
    with tool_session("drive", as_user="P0613") as s:
        assert s.call("drive_update_file", file_id="FIL01311", writers_can_share=False)["writers_can_share"] is False
        assert "nothing to change" in s.call_error("drive_update_file", file_id="FIL01311", writers_can_share=False)
        assert "shared drives" in s.call_error("drive_update_file", file_id="FIL01311", inherited_permissions_disabled=True)


def test_app_property_set_and_delete():
    with tool_session("drive", as_user=ADMIN) as s:
        assert s.call("drive_set_app_property", file_id="FIL01286", key="superseded_by", value="FIL01285") == {
            "superseded_by": "FIL01285"}
        assert s.call("drive_set_app_property", file_id="FIL01286", key="superseded_by") == {}
        assert "letters" in s.call_error("drive_set_app_property", file_id="FIL01286", key="bad key", value="x")

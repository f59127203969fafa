"""Lifecycle: trash/untrash cascades, permanent delete, empty trash, moves across drives, copies, export."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_trashing_a_folder_trashes_its_contents_and_restoring_brings_them_back():
    with tool_session("drive", as_user=ADMIN) as s:
        s.call("drive_trash_file", file_id="FIL01292")              # 2023 Campaigns
        assert s.scalar("SELECT count(*) FROM drive.file WHERE parent_id = 'FIL01292' AND trashed AND NOT explicitly_trashed") == 6
        assert "its folder" in s.call_error("drive_untrash_file", file_id="FIL01294")
        s.call("drive_untrash_file", file_id="FIL01292")
        # the jingle was trashed on its own before and stays trashed
        assert s.rows("SELECT name FROM drive.file WHERE trashed AND file_id IN (SELECT file_id FROM drive.file "
                      "WHERE parent_id IN ('FIL01292', 'FIL01293'))") == [{"name": "Summer 2023 Jingle.mp4"}]


def test_only_the_owner_trashes_my_drive_items():
    with tool_session("drive", as_user="P0614") as s:
        assert "only the owner" in s.call_error("drive_trash_file", file_id="FIL01311")


def test_empty_trash_purges_only_my_trashed_items():
    with tool_session("drive", as_user="P0547") as s:
        before = s.scalar("SELECT count(*) FROM drive.file WHERE owner_id = 'P0547' AND trashed")
        out = s.call("drive_empty_trash")
        assert out["items_deleted"] == before == 4
        assert s.scalar("SELECT count(*) FROM drive.file WHERE owner_id = 'P0547' AND trashed") == 0
        assert s.scalar("SELECT count(*) FROM drive.change WHERE removed") >= 4


def test_move_into_another_shared_drive_changes_ownership_and_refuses_loops():
    with tool_session("drive", as_user=ADMIN) as s:
        s.call("drive_move_file", file_id="FIL01279", new_parent_id="FIL00295")
        assert s.rows("SELECT drive_id, parent_id FROM drive.file WHERE file_id = 'FIL01279'") == [
            {"drive_id": "DRV013", "parent_id": "FIL00295"}]
        assert "itself" in s.call_error("drive_move_file", file_id="FIL01292", new_parent_id="FIL01293")
        assert "cannot be moved to My Drive" in s.call_error("drive_move_file", file_id="FIL01285", new_parent_id="ROOTP0016")


def test_copy_keeps_labels_and_records_the_source_and_export_checks_formats():
    with tool_session("drive", as_user=ADMIN) as s:
        c = s.call("drive_copy_file", file_id="FIL01285")
        assert c["copied_from_id"] == "FIL01285" and c["name"] == "Copy of Price Book 2026 - EMEA"
        assert s.scalar("SELECT count(*) FROM drive.file_label WHERE file_id = ?", c["file_id"]) == 2
        assert "allowed" in s.call_error("drive_export_file", file_id="FIL01285", mime_type="video/mp4")
        assert s.call("drive_export_file", file_id="FIL01285", mime_type="text/csv")["name"].endswith(".csv")
        assert "not a native" in s.call_error("drive_export_file", file_id="FIL01277", mime_type="application/pdf")

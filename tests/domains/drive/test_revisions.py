"""Revisions: writer access, keep-forever only for binary files, publish only native, protected deletes."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_published_revision_and_head_are_visible():
    with tool_session("drive", as_user=ADMIN) as s:
        revs = s.call("drive_list_revisions", file_id="FIL01285")
        assert [r["revision_number"] for r in revs if r["published"]] == [4]
        assert revs[-1]["is_head"] and revs[-1]["revision_number"] == 5


def test_keep_forever_and_publish_follow_the_file_type():
    with tool_session("drive", as_user=ADMIN) as s:
        native = s.call("drive_list_revisions", file_id="FIL01285")[0]["revision_id"]
        assert "binary files only" in s.call_error("drive_update_revision", file_id="FIL01285", revision_id=native,
                                                   keep_forever=True)
        pdf = s.scalar("SELECT file_id FROM drive.file WHERE name = 'Litware Health Pricing Proposal - signed.pdf'")
        rev = s.scalar("SELECT revision_id FROM drive.revision WHERE file_id = ?", pdf)
        assert "native documents" in s.call_error("drive_update_revision", file_id=pdf, revision_id=rev, published=True)
        assert s.call("drive_update_revision", file_id=pdf, revision_id=rev, keep_forever=True)["keep_forever"] is True
        assert "nothing to change" in s.call_error("drive_update_revision", file_id=pdf, revision_id=rev, keep_forever=True)
        assert "head revision" in s.call_error("drive_delete_revision", file_id=pdf, revision_id=rev)


def test_readers_cannot_see_revisions():
    with tool_session("drive", as_user="P0014") as s:           # reader on the Falcon cutover plan
        assert "writer" in s.call_error("drive_list_revisions", file_id="FIL01265")

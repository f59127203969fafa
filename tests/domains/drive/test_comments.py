"""Comments: access needed, resolve/reopen through replies, author-only edits."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_resolve_and_reopen_through_replies():
    with tool_session("drive", as_user=ADMIN) as s:
        page = s.call("drive_list_comments", file_id="FIL01301", include_resolved=False)
        assert page["total"] == 5
        cid = page["items"][0]["comment_id"]
        s.call("drive_create_reply", file_id="FIL01301", comment_id=cid, action="resolve")
        assert "already resolved" in s.call_error("drive_create_reply", file_id="FIL01301", comment_id=cid, action="resolve")
        assert s.call("drive_get_comment", file_id="FIL01301", comment_id=cid)["resolved"] is True
        s.call("drive_create_reply", file_id="FIL01301", comment_id=cid, action="reopen", content="Reopening: needs HR sign-off")
        assert s.call("drive_get_comment", file_id="FIL01301", comment_id=cid)["resolved"] is False
        assert "needs content" in s.call_error("drive_create_reply", file_id="FIL01301", comment_id=cid)


def test_comment_access_and_author_rules():
    with tool_session("drive", as_user="P0614") as s:
        assert "no access" in s.call_error("drive_create_comment", file_id="FIL01311", content="hi")
    with tool_session("drive", as_user="P0613") as s:
        c = s.call("drive_create_comment", file_id="FIL01311", content="Check clause 4", quoted_text="termination")
        assert c["anchor"] and c["author_id"] == "P0613"
    with tool_session("drive", as_user=ADMIN) as s:
        other = s.scalar("SELECT comment_id FROM drive.comment WHERE file_id = 'FIL01301' AND author_id <> 'P0016' LIMIT 1")
        assert "only the author" in s.call_error("drive_update_comment", file_id="FIL01301", comment_id=other, content="x")

"""Comments and replies on files: list, create (anchored to quoted text), update, delete, reply,
resolve and reopen (a reply with an action)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, change, file_row, is_admin, now, require, require_account


def _comment(ctx: Ctx, file_id: str, comment_id: str) -> dict:
    c = ctx.one("SELECT * FROM drive.comment WHERE comment_id = ? AND file_id = ?", comment_id, file_id)
    if c is None or c["deleted"]:
        raise ToolError(f"comment '{comment_id}' not found on file {file_id}")
    return c


def _with_replies(ctx: Ctx, c: dict) -> dict:
    c["author_email"] = ctx.scalar("SELECT email FROM drive.account WHERE person_id = ?", c["author_id"]) if c["author_id"] else None
    c["replies"] = ctx.all("SELECT r.reply_id, r.author_id, a.display_name AS author_name, a.email AS author_email, r.content, "
                           "r.action, r.created_time FROM drive.reply r LEFT JOIN drive.account a ON a.person_id = r.author_id "
                           "WHERE r.comment_id = ? AND NOT r.deleted ORDER BY r.created_time, r.reply_id", c["comment_id"])
    return c


@tool
def drive_list_comments(ctx: Ctx, file_id: str, include_resolved: bool = True, limit: int = 20, offset: int = 0) -> dict:
    """List a file's comments with their replies, oldest first. Needs reader access.

    Args:
        file_id: The file.
        include_resolved: Include resolved comments (default true).
        limit: Page size 1-100.
        offset: Items to skip.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "read")
    sql = ("SELECT c.*, a.display_name AS author_name FROM drive.comment c LEFT JOIN drive.account a ON a.person_id = c.author_id "
           "WHERE c.file_id = ? AND NOT c.deleted" + ("" if include_resolved else " AND NOT c.resolved"))
    page = ctx.page(sql, [file_id], limit=limit, offset=offset, order_by="c.created_time, c.comment_id")
    page["items"] = [_with_replies(ctx, c) for c in page["items"]]
    return page


@tool
def drive_get_comment(ctx: Ctx, file_id: str, comment_id: str) -> dict:
    """Get one comment with its replies.

    Args:
        file_id: The file.
        comment_id: The comment (CMT…).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "read")
    return _with_replies(ctx, _comment(ctx, file_id, comment_id))


@tool
def drive_create_comment(ctx: Ctx, file_id: str, content: str, quoted_text: str | None = None,
                         assignee_email: str | None = None) -> dict:
    """Add a comment to a file, optionally anchored to quoted text and assigned to someone. Needs
    commenter access.

    Args:
        file_id: The file.
        content: The comment text.
        quoted_text: The passage the comment refers to.
        assignee_email: Assign the comment as an action item to this person.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "comment")
    if not content.strip():
        raise ToolError("content must not be empty")
    assignee = None
    if assignee_email:
        assignee = ctx.scalar("SELECT person_id FROM drive.account WHERE lower(email) = lower(?) AND status = 'active'", assignee_email)
        if assignee is None:
            raise ToolError(f"no active account '{assignee_email}' to assign the comment to")
    cid = ctx.new_id("drive.comment", "comment_id", "CMT", 5)
    t = now(ctx)
    row = ctx.insert("drive.comment", {"comment_id": cid, "file_id": file_id, "author_id": ctx.user_id,
                                       "author_external_id": None, "content": content.strip(), "quoted_text": quoted_text,
                                       "anchor": f"kix.{cid.lower()}" if quoted_text else None, "resolved": False,
                                       "deleted": False, "assignee_id": assignee, "created_time": t, "modified_time": t})
    change(ctx, "comment added", file_id, f["drive_id"])
    audit(ctx, "comment.create", "comment", cid, content.strip()[:200], file_id, f["drive_id"])
    return row


@tool
def drive_update_comment(ctx: Ctx, file_id: str, comment_id: str, content: str) -> dict:
    """Edit the text of your own comment.

    Args:
        file_id: The file.
        comment_id: The comment.
        content: New text.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    c = _comment(ctx, file_id, comment_id)
    if c["author_id"] != ctx.user_id:
        raise ToolError("not allowed: only the author can edit a comment")
    if not content.strip():
        raise ToolError("content must not be empty")
    ctx.update("drive.comment", {"comment_id": comment_id}, {"content": content.strip(), "modified_time": now(ctx)})
    audit(ctx, "comment.update", "comment", comment_id, content.strip()[:200], file_id, f["drive_id"])
    return _with_replies(ctx, _comment(ctx, file_id, comment_id))


@tool
def drive_delete_comment(ctx: Ctx, file_id: str, comment_id: str) -> dict:
    """Delete a comment (the author, or an owner/organizer of the file).

    Args:
        file_id: The file.
        comment_id: The comment.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    c = _comment(ctx, file_id, comment_id)
    if c["author_id"] != ctx.user_id and not is_admin(ctx):
        require(ctx, f, "manage")
    ctx.update("drive.comment", {"comment_id": comment_id}, {"deleted": True, "modified_time": now(ctx)})
    audit(ctx, "comment.delete", "comment", comment_id, None, file_id, f["drive_id"])
    return {"comment_id": comment_id, "deleted": True}


@tool
def drive_create_reply(ctx: Ctx, file_id: str, comment_id: str, content: str | None = None,
                       action: Literal["resolve", "reopen"] | None = None) -> dict:
    """Reply to a comment; with action resolve or reopen the reply also resolves or reopens the thread
    (content is optional then). Needs commenter access.

    Args:
        file_id: The file.
        comment_id: The comment.
        content: Reply text.
        action: resolve or reopen the comment.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "comment")
    c = _comment(ctx, file_id, comment_id)
    if not action and not (content and content.strip()):
        raise ToolError("a reply needs content or an action")
    if action == "resolve" and c["resolved"]:
        raise ToolError(f"comment {comment_id} is already resolved")
    if action == "reopen" and not c["resolved"]:
        raise ToolError(f"comment {comment_id} is not resolved")
    rid = ctx.new_id("drive.reply", "reply_id", "RPL", 5)
    t = now(ctx)
    row = ctx.insert("drive.reply", {"reply_id": rid, "comment_id": comment_id, "author_id": ctx.user_id,
                                     "author_external_id": None, "content": content.strip() if content else None,
                                     "action": action, "deleted": False, "created_time": t})
    if action:
        ctx.update("drive.comment", {"comment_id": comment_id}, {"resolved": action == "resolve", "modified_time": t})
    change(ctx, f"comment {action or 'reply'}", file_id, f["drive_id"])
    audit(ctx, f"comment.{action or 'reply'}", "comment", comment_id, (content or "")[:200], file_id, f["drive_id"])
    return row

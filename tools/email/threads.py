"""Threads: list/search, get with messages, label changes, trash/untrash, delete."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, apply_labels_changed, audit, check_label_changes, delete_message_rows, message_view
from .messages import search_messages


def thread_for(ctx: Ctx, mbx: str, thread_id: str) -> dict:
    row = ctx.one("SELECT * FROM email.thread WHERE thread_id = ? AND mailbox = ?", thread_id, mbx)
    if row is None:
        raise ToolError(f"thread '{thread_id}' not found in {mbx} (mail_list_threads lists its threads)")
    return row


def thread_message_ids(ctx: Ctx, thread_id: str) -> list[str]:
    return [r["message_id"] for r in ctx.all("SELECT message_id FROM email.message WHERE thread_id = ? "
                                             "ORDER BY internal_date, message_id", thread_id)]


@tool
def mail_list_threads(ctx: Ctx, user_id: str = "me", q: str | None = None, label_ids: list[str] | None = None,
                      include_spam_trash: bool = False, limit: int = 20, offset: int = 0) -> dict:
    """List or search threads (a thread matches when any of its messages matches). Each row gives last_date, the
    date of the thread's latest *matching* message (not necessarily its latest message: open the thread with
    mail_get_thread to see who wrote last), matching_messages, and message_count (all messages of the thread).

    Default order: last_date descending.

    Args:
        user_id: 'me' or the mailbox's primary address.
        q: Search string (same operators as mail_list_messages).
        label_ids: Only threads with a message carrying all these labels.
        include_spam_trash: Also include Spam and Trash.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    mbx = access(ctx, user_id)["email_address"]
    where, params = search_messages(ctx, mbx, q, label_ids, include_spam_trash)
    return ctx.page("SELECT t.thread_id AS id, t.subject, t.history_id, max(m.internal_date) AS last_date, "
                    "count(*) AS matching_messages, (SELECT count(*) FROM email.message x WHERE x.thread_id = t.thread_id) "
                    "AS message_count FROM email.thread t JOIN email.message m ON m.thread_id = t.thread_id "
                    f"WHERE {where} GROUP BY t.thread_id, t.subject, t.history_id", params, limit=limit, offset=offset,
                    order_by="last_date DESC, id DESC")


@tool
def mail_get_thread(ctx: Ctx, thread_id: str, user_id: str = "me",
                    format: Literal["full", "metadata", "minimal"] = "metadata") -> dict:
    """Get a thread with its messages in date order.

    Args:
        thread_id: Thread id (THR…).
        user_id: 'me' or the mailbox's primary address.
        format: Message format: full (with bodies), metadata or minimal.
    """
    mbx = access(ctx, user_id)["email_address"]
    t = thread_for(ctx, mbx, thread_id)
    msgs = ctx.all("SELECT * FROM email.message WHERE thread_id = ? ORDER BY internal_date, message_id", thread_id)
    return {"id": thread_id, "subject": t["subject"], "history_id": t["history_id"],
            "messages": [message_view(ctx, m, format) for m in msgs]}


@tool
def mail_modify_thread(ctx: Ctx, thread_id: str, user_id: str = "me", add_label_ids: list[str] | None = None,
                       remove_label_ids: list[str] | None = None) -> dict:
    """Add/remove labels on every message of a thread.

    Args:
        thread_id: Thread id.
        user_id: 'me' or the mailbox's primary address.
        add_label_ids: Label ids to add.
        remove_label_ids: Label ids to remove.
    """
    mbx = access(ctx, user_id)["email_address"]
    thread_for(ctx, mbx, thread_id)
    add, remove = check_label_changes(ctx, mbx, add_label_ids, remove_label_ids)
    ids = thread_message_ids(ctx, thread_id)
    if [mid for mid in ids if apply_labels_changed(ctx, mbx, mid, add, remove)[1]]:
        audit(ctx, mbx, "mail_modify_thread", "thread", thread_id, f"add={add} remove={remove}")
    return {"id": thread_id, "message_ids": ids}


@tool
def mail_trash_thread(ctx: Ctx, thread_id: str, user_id: str = "me") -> dict:
    """Move every message of a thread to Trash.

    Args:
        thread_id: Thread id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    thread_for(ctx, mbx, thread_id)
    ids = thread_message_ids(ctx, thread_id)
    if [mid for mid in ids if apply_labels_changed(ctx, mbx, mid, ["TRASH"], ["INBOX", "SPAM"])[1]]:
        audit(ctx, mbx, "mail_trash_thread", "thread", thread_id)
    return {"id": thread_id, "message_ids": ids}


@tool
def mail_untrash_thread(ctx: Ctx, thread_id: str, user_id: str = "me") -> dict:
    """Take every message of a thread out of Trash.

    Args:
        thread_id: Thread id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    thread_for(ctx, mbx, thread_id)
    ids = thread_message_ids(ctx, thread_id)
    for mid in ids:
        src = ctx.scalar("SELECT source FROM email.message WHERE message_id = ?", mid)
        apply_labels_changed(ctx, mbx, mid, ["INBOX"] if src in ("received", "imported") else [], ["TRASH"])
    audit(ctx, mbx, "mail_untrash_thread", "thread", thread_id)
    return {"id": thread_id, "message_ids": ids}


@tool
def mail_delete_thread(ctx: Ctx, thread_id: str, user_id: str = "me") -> dict:
    """Permanently delete a thread and all its messages; refused if any message is under an active legal hold.

    Args:
        thread_id: Thread id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    thread_for(ctx, mbx, thread_id)
    ids = thread_message_ids(ctx, thread_id)
    for mid in ids:
        delete_message_rows(ctx, mbx, mid)
    audit(ctx, mbx, "mail_delete_thread", "thread", thread_id, f"{len(ids)} messages")
    return {"id": thread_id, "deleted_messages": len(ids)}

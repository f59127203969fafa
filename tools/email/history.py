"""Mailbox profile, change history and push-notification watches."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, audit, label_for, next_history_id

HistoryType = Literal["messageAdded", "messageDeleted", "labelAdded", "labelRemoved"]


@tool
def mail_get_profile(ctx: Ctx, user_id: str = "me") -> dict:
    """A mailbox's profile: address, display name, status, role, message and thread totals, current history id.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)
    a = mbx["email_address"]
    return {"email_address": a, "display_name": mbx["display_name"], "status": mbx["status"], "role": mbx["role"],
            "messages_total": ctx.scalar("SELECT count(*) FROM email.message WHERE mailbox = ?", a),
            "threads_total": ctx.scalar("SELECT count(*) FROM email.thread WHERE mailbox = ?", a),
            "history_id": next_history_id(ctx) - 1}


@tool
def mail_list_history(ctx: Ctx, start_history_id: int, user_id: str = "me", history_types: list[HistoryType] | None = None,
                      label_id: str | None = None, limit: int = 50, offset: int = 0) -> dict:
    """Changes to a mailbox after start_history_id, oldest first (history is kept for about 10 days).

    Args:
        start_history_id: Return records with a larger history id.
        user_id: 'me' or the mailbox's primary address.
        history_types: Only these kinds of change.
        label_id: Only changes involving this label.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    mbx = access(ctx, user_id)["email_address"]
    if start_history_id < 0:
        raise ToolError("start_history_id must be >= 0")
    oldest = ctx.scalar("SELECT min(history_id) FROM email.history WHERE mailbox = ?", mbx)
    if oldest is not None and start_history_id < oldest - 1 and start_history_id < next_history_id(ctx) - 100000:
        raise ToolError("start_history_id is too old; do a full sync with mail_list_messages")
    conds, params = ["h.mailbox = ?", "h.history_id > ?"], [mbx, start_history_id]
    if history_types:
        conds.append("list_contains(?, h.event_type)")
        params.append(list(history_types))
    if label_id:
        label_for(ctx, mbx, label_id)
        conds.append("h.label_id = ?")
        params.append(label_id)
    return ctx.page("SELECT h.history_id, h.event_type, h.message_id, h.label_id, h.created_at, m.subject "
                    "FROM email.history h LEFT JOIN email.message m ON m.message_id = h.message_id "
                    f"WHERE {' AND '.join(conds)}", params, limit=limit, offset=offset, order_by="history_id")


@tool
def mail_list_watches(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's push-notification watches with an `expired` flag.

    Default order: by watch id, ascending.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    rows = ctx.all("SELECT * FROM email.watch WHERE mailbox = ? ORDER BY watch_id", mbx)
    for r in rows:
        r["expired"] = r["expiration"] <= ctx.timestamp().isoformat(timespec="seconds")
    return rows


@tool
def mail_watch(ctx: Ctx, topic_name: str, user_id: str = "me", label_ids: list[str] | None = None,
               label_filter_behavior: Literal["include", "exclude"] = "include", days: int = 7) -> dict:
    """Start push notifications of mailbox changes to a topic (mailbox administrators only). A mailbox has at most
    one active watch per topic; watches expire after at most 7 days.

    Args:
        topic_name: Full topic name, projects/<project>/topics/<topic>.
        user_id: 'me' or the mailbox's primary address.
        label_ids: Only changes to messages with these labels (include) or without them (exclude).
        label_filter_behavior: include or exclude.
        days: Lifetime in days, 1-7.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    if ctx.role != "mail_admin":
        raise ToolError("not allowed: watches are created by mailbox administrators")
    parts = topic_name.split("/")
    if len(parts) != 4 or parts[0] != "projects" or parts[2] != "topics" or not parts[1] or not parts[3]:
        raise ToolError("topic_name must look like projects/<project>/topics/<topic>")
    if not 1 <= days <= 7:
        raise ToolError("days must be between 1 and 7")
    for lid in label_ids or []:
        label_for(ctx, mbx, lid)
    if ctx.scalar("SELECT count(*) FROM email.watch WHERE mailbox = ? AND topic_name = ? AND status = 'active' "
                  "AND expiration > ?", mbx, topic_name, ctx.timestamp()):
        raise ToolError(f"{mbx} already has an active watch on {topic_name}")
    wid = ctx.new_id("email.watch", "watch_id", "WCH", 3)
    row = ctx.insert("email.watch", {"watch_id": wid, "mailbox": mbx, "topic_name": topic_name,
                                     "label_ids": ",".join(label_ids) if label_ids else None,
                                     "label_filter_behavior": label_filter_behavior,
                                     "start_history_id": next_history_id(ctx) - 1,
                                     "expiration": ctx.timestamp() + dt.timedelta(days=days), "status": "active",
                                     "created_by": ctx.user_id})
    audit(ctx, mbx, "mail_watch", "watch", wid, topic_name)
    return row


@tool
def mail_stop_watch(ctx: Ctx, watch_id: str, user_id: str = "me") -> dict:
    """Stop a watch.

    Args:
        watch_id: Watch id (WCH…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    w = ctx.one("SELECT * FROM email.watch WHERE watch_id = ? AND mailbox = ?", watch_id, mbx)
    if w is None:
        raise ToolError(f"watch {watch_id} not found in {mbx}")
    if w["status"] == "stopped":
        raise ToolError(f"watch {watch_id} is already stopped")
    ctx.update("email.watch", {"watch_id": watch_id}, {"status": "stopped"})
    audit(ctx, mbx, "mail_stop_watch", "watch", watch_id)
    return {"watch_id": watch_id, "status": "stopped"}

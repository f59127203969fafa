"""Labels: system labels (shared ids) and a mailbox's user labels with nesting, colours and visibility."""

from __future__ import annotations

import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, audit, label_for, record_history

ListVis = Literal["labelShow", "labelShowIfUnread", "labelHide"]
MsgVis = Literal["show", "hide"]
_COLOR = re.compile(r"^#[0-9a-fA-F]{6}$")


def _check_name(ctx: Ctx, mbx: str, name: str, exclude: str | None = None) -> str:
    n = name.strip()
    if not n or len(n) > 225 or "//" in n or n.startswith("/") or n.endswith("/"):
        raise ToolError("label name must be 1-225 characters; nested labels use single '/' separators (Projects/Atlas)")
    if n.upper() in ("INBOX", "SENT", "DRAFT", "DRAFTS", "TRASH", "SPAM", "UNREAD", "STARRED", "IMPORTANT", "CHAT"):
        raise ToolError(f"'{n}' is a reserved system label name")
    dup = ctx.scalar("SELECT label_id FROM email.label WHERE mailbox = ? AND lower(name) = lower(?) AND label_id <> ?",
                     mbx, n, exclude or "")
    if dup:
        raise ToolError(f"a label named '{n}' already exists in {mbx} ({dup})")
    return n


def _check_colors(text_color: str | None, background_color: str | None) -> None:
    for c, f in ((text_color, "text_color"), (background_color, "background_color")):
        if c is not None and not _COLOR.match(c):
            raise ToolError(f"{f} must be a hex colour like #4a86e8")
    if (text_color is None) != (background_color is None):
        raise ToolError("give text_color and background_color together")


def _with_counts(ctx: Ctx, mbx: str, lab: dict) -> dict:
    lab["messages_total"] = ctx.scalar("SELECT count(*) FROM email.message_label ml JOIN email.message m USING (message_id) "
                                       "WHERE ml.label_id = ? AND m.mailbox = ?", lab["label_id"], mbx)
    lab["messages_unread"] = ctx.scalar(
        "SELECT count(*) FROM email.message_label ml JOIN email.message m USING (message_id) WHERE ml.label_id = ? "
        "AND m.mailbox = ? AND EXISTS (SELECT 1 FROM email.message_label u WHERE u.message_id = m.message_id "
        "AND u.label_id = 'UNREAD')", lab["label_id"], mbx)
    return lab


@tool
def mail_list_labels(ctx: Ctx, user_id: str = "me", type: Literal["system", "user"] | None = None) -> list:
    """List the labels of a mailbox: system labels first, then user labels by name, with message counts.

    Default order: system labels first, then by name.

    Args:
        user_id: 'me' or the mailbox's primary address.
        type: Only system or only user labels.
    """
    mbx = access(ctx, user_id)["email_address"]
    rows = ctx.all("SELECT * FROM email.label WHERE (mailbox IS NULL OR mailbox = ?) AND (? IS NULL OR type = ?) "
                   "ORDER BY type, name", mbx, type, type)
    return [_with_counts(ctx, mbx, r) for r in rows]


@tool
def mail_get_label(ctx: Ctx, label_id: str, user_id: str = "me") -> dict:
    """Get one label with its message counts.

    Args:
        label_id: Label id (system id or LBL…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    return _with_counts(ctx, mbx, label_for(ctx, mbx, label_id))


@tool
def mail_create_label(ctx: Ctx, name: str, user_id: str = "me", label_list_visibility: ListVis = "labelShow",
                      message_list_visibility: MsgVis = "show", text_color: str | None = None,
                      background_color: str | None = None, retention_days: int | None = None) -> dict:
    """Create a user label (nested with '/').

    Args:
        name: Label name, unique in the mailbox (case-insensitive).
        user_id: 'me' or the mailbox's primary address.
        label_list_visibility: Visibility in the label list.
        message_list_visibility: Visibility on messages in the message list.
        text_color: Hex text colour (with background_color).
        background_color: Hex background colour (with text_color).
        retention_days: Minimum retention of messages carrying the label (a retention label), 1-3650.
    """
    mbx = access(ctx, user_id)["email_address"]
    n = _check_name(ctx, mbx, name)
    _check_colors(text_color, background_color)
    if retention_days is not None and not 1 <= retention_days <= 3650:
        raise ToolError("retention_days must be between 1 and 3650")
    lid = ctx.new_id("email.label", "label_id", "LBL", 5)
    row = ctx.insert("email.label", {"label_id": lid, "mailbox": mbx, "name": n, "type": "user",
                                     "message_list_visibility": message_list_visibility,
                                     "label_list_visibility": label_list_visibility, "text_color": text_color,
                                     "background_color": background_color, "retention_days": retention_days,
                                     "created_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_label", "label", lid, n)
    return row


@tool
def mail_update_label(ctx: Ctx, label_id: str, user_id: str = "me", name: str | None = None,
                      label_list_visibility: ListVis | None = None, message_list_visibility: MsgVis | None = None,
                      text_color: str | None = None, background_color: str | None = None) -> dict:
    """Patch a user label: rename (child labels 'Old/…' are renamed with it), visibility, colours.

    Args:
        label_id: User label id (LBL…).
        user_id: 'me' or the mailbox's primary address.
        name: New name.
        label_list_visibility: New label-list visibility.
        message_list_visibility: New message-list visibility.
        text_color: New hex text colour (with background_color).
        background_color: New hex background colour (with text_color).
    """
    mbx = access(ctx, user_id)["email_address"]
    lab = label_for(ctx, mbx, label_id)
    if lab["type"] == "system":
        raise ToolError(f"system label {label_id} cannot be changed")
    _check_colors(text_color, background_color)
    values = {k: v for k, v in {"label_list_visibility": label_list_visibility,
                                "message_list_visibility": message_list_visibility, "text_color": text_color,
                                "background_color": background_color}.items() if v is not None}
    if name is not None:
        values["name"] = _check_name(ctx, mbx, name, exclude=label_id)
    if not values:
        raise ToolError("nothing to update")
    ctx.update("email.label", {"label_id": label_id}, values)
    if "name" in values and values["name"] != lab["name"]:
        for child in ctx.all("SELECT label_id, name FROM email.label WHERE mailbox = ? AND name LIKE ? ORDER BY label_id",
                             mbx, lab["name"] + "/%"):
            ctx.update("email.label", {"label_id": child["label_id"]},
                       {"name": values["name"] + child["name"][len(lab["name"]):]})
    audit(ctx, mbx, "mail_update_label", "label", label_id, str(values))
    return ctx.one("SELECT * FROM email.label WHERE label_id = ?", label_id)


@tool
def mail_delete_label(ctx: Ctx, label_id: str, user_id: str = "me") -> dict:
    """Delete a user label; it is removed from every message (the messages stay). Refused while a filter uses
    it (delete or replace the filter first).

    Args:
        label_id: User label id (LBL…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    lab = label_for(ctx, mbx, label_id)
    if lab["type"] == "system":
        raise ToolError(f"system label {label_id} cannot be deleted")
    used = ctx.scalar("SELECT string_agg(filter_id, ', ' ORDER BY filter_id) FROM email.filter_label_action "
                      "WHERE label_id = ?", label_id)
    if used:
        raise ToolError(f"label {label_id} ({lab['name']}) is used by filter(s) {used}; delete those filters first")
    ids = [r["message_id"] for r in ctx.all("SELECT message_id FROM email.message_label WHERE label_id = ? "
                                            "ORDER BY message_id", label_id)]
    for mid in ids:
        ctx.delete("email.message_label", {"message_id": mid, "label_id": label_id})
        record_history(ctx, mbx, "labelRemoved", mid, None)
    ctx.execute("UPDATE email.history SET label_id = NULL WHERE label_id = ?", label_id)
    ctx.delete("email.label", {"label_id": label_id})
    audit(ctx, mbx, "mail_delete_label", "label", label_id, f"{lab['name']} (removed from {len(ids)} messages)")
    return {"id": label_id, "deleted": True, "removed_from_messages": len(ids)}

"""Shared helpers of the mail tools: mailbox resolution and access rights, labels, history, audit log."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any, Iterable

from pytest_enterpriseops import Ctx, ToolError

COMPANY_DOMAIN = "arcturus.example"
SYSTEM_LABELS = ("INBOX", "SENT", "DRAFT", "TRASH", "SPAM", "UNREAD", "STARRED", "IMPORTANT", "CHAT",
                 "CATEGORY_PERSONAL", "CATEGORY_SOCIAL", "CATEGORY_PROMOTIONS", "CATEGORY_UPDATES", "CATEGORY_FORUMS")
# system labels a client may add or remove on a message (the others are set by the system)
SETTABLE_SYSTEM = ("INBOX", "UNREAD", "STARRED", "IMPORTANT", "SPAM", "TRASH", "CATEGORY_PERSONAL", "CATEGORY_SOCIAL",
                   "CATEGORY_PROMOTIONS", "CATEGORY_UPDATES", "CATEGORY_FORUMS")
_ADDR = re.compile(r"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")


def me_address(ctx: Ctx) -> str:
    addr = ctx.scalar("SELECT email_address FROM email.mailbox WHERE person_id = ?", ctx.user_id)
    if addr is None:
        raise ToolError(f"acting user {ctx.user_id} has no mailbox")
    return addr


def mailbox(ctx: Ctx, user_id: str) -> dict[str, Any]:
    """The mailbox for `user_id` ('me' or a primary address)."""
    if user_id == "me":
        user_id = me_address(ctx)
    row = ctx.one("SELECT * FROM email.mailbox WHERE lower(email_address) = lower(?)", user_id.strip())
    if row is None:
        alias = ctx.scalar("SELECT mailbox FROM email.alias WHERE lower(alias_address) = lower(?)", user_id.strip())
        if alias:
            raise ToolError(f"'{user_id}' is an alias of the mailbox {alias}; use the primary address as user_id")
        raise ToolError(f"no mailbox '{user_id}'; user_id is 'me' or a primary address like first.last@{COMPANY_DOMAIN} "
                        "(mail_list_mailboxes finds one by name)")
    return row


def is_delegate(ctx: Ctx, mbx: str) -> bool:
    return bool(ctx.scalar("SELECT count(*) FROM email.delegate d JOIN email.mailbox m ON m.email_address = d.delegate_email "
                           "WHERE d.mailbox = ? AND m.person_id = ? AND d.verification_status = 'accepted'",
                           mbx, ctx.user_id))


def access(ctx: Ctx, user_id: str, level: str = "mail") -> dict[str, Any]:
    """Resolve the mailbox and check the acting user's right: level 'mail' (read, organise, draft, send) or
    'settings' (filters, forwarding, send-as, delegates, vacation, protocols, security)."""
    mbx = mailbox(ctx, user_id)
    if mbx["person_id"] == ctx.user_id or ctx.role == "mail_admin":
        return mbx
    if level == "mail" and is_delegate(ctx, mbx["email_address"]):
        return mbx
    what = "view or change the settings of" if level == "settings" else "access"
    raise ToolError(f"not allowed: {ctx.user_id} (role {ctx.role}) may not {what} the mailbox {mbx['email_address']}"
                    + ("; delegates can read, organise and send mail but not change settings"
                       if level == "settings" and is_delegate(ctx, mbx["email_address"]) else ""))


def require_active(mbx: dict[str, Any], what: str) -> None:
    if mbx["status"] != "active":
        raise ToolError(f"the mailbox {mbx['email_address']} is suspended; it cannot {what}")


def domain_of(address: str) -> str:
    return address.rsplit("@", 1)[-1].lower()


def check_address(address: str, field: str) -> str:
    a = address.strip()
    if not _ADDR.match(a):
        raise ToolError(f"{field}: '{address}' is not a valid email address")
    return a.lower()


def check_addresses(values: Iterable[str] | None, field: str) -> list[str]:
    out = [check_address(v, field) for v in (values or [])]
    if len(out) > 100:
        raise ToolError(f"{field}: at most 100 addresses")
    return out


def parse_ts(value: str, field: str) -> dt.datetime:
    try:
        t = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        raise ToolError(f"{field} must be an ISO timestamp like 2025-12-08T09:00:00Z, got '{value}'") from None
    if not 1990 <= t.year <= 2100:  # checked before the UTC conversion, which overflows at the calendar's ends
        raise ToolError(f"{field}: year {t.year} is out of range (1990-2100)")
    if t.tzinfo is not None:
        t = t.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return t


def audit(ctx: Ctx, mbx: str | None, action: str, target_type: str, target_id: str | None,
          details: str | None = None) -> None:
    ctx.insert("email.audit_log", {
        "audit_id": ctx.new_id("email.audit_log", "audit_id", "AUD", 6), "actor_person_id": ctx.user_id,
        "mailbox": mbx, "action": action, "target_type": target_type, "target_id": target_id,
        "details": details, "created_at": ctx.timestamp()})


def next_history_id(ctx: Ctx) -> int:
    return int(ctx.scalar("SELECT coalesce(max(history_id), 1000) FROM email.history") or 1000) + 1


def record_history(ctx: Ctx, mbx: str, event: str, message_id: str | None, label_id: str | None = None) -> int:
    hid = max(next_history_id(ctx),
              int(ctx.scalar("SELECT coalesce(max(history_id), 0) FROM email.message") or 0) + 1)
    ctx.insert("email.history", {"history_id": hid, "mailbox": mbx, "message_id": message_id, "event_type": event,
                                 "label_id": label_id, "created_at": ctx.timestamp()})
    if message_id:
        ctx.execute("UPDATE email.message SET history_id = ? WHERE message_id = ?", hid, message_id)
        ctx.execute("UPDATE email.thread SET history_id = ? WHERE thread_id = "
                    "(SELECT thread_id FROM email.message WHERE message_id = ?)", hid, message_id)
    return hid


def label_for(ctx: Ctx, mbx: str, label_id: str) -> dict[str, Any]:
    """A system label or a user label of this mailbox."""
    row = ctx.one("SELECT * FROM email.label WHERE label_id = ? AND (mailbox IS NULL OR mailbox = ?)", label_id, mbx)
    if row is None:
        raise ToolError(f"label '{label_id}' not found in {mbx}; use a system label id (INBOX, UNREAD, STARRED, …) or "
                        "a user label id from mail_list_labels (LBL…)")
    return row


def message_for(ctx: Ctx, mbx: str, message_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM email.message WHERE message_id = ? AND mailbox = ?", message_id, mbx)
    if row is None:
        raise ToolError(f"message '{message_id}' not found in {mbx} (mail_list_messages lists its messages)")
    return row


def labels_of(ctx: Ctx, message_id: str) -> list[str]:
    return [r["label_id"] for r in ctx.all("SELECT label_id FROM email.message_label WHERE message_id = ? "
                                           "ORDER BY label_id", message_id)]


def check_label_changes(ctx: Ctx, mbx: str, add: list[str] | None, remove: list[str] | None) -> tuple[list[str], list[str]]:
    add, remove = list(dict.fromkeys(add or [])), list(dict.fromkeys(remove or []))
    if not add and not remove:
        raise ToolError("give add_label_ids and/or remove_label_ids")
    both = set(add) & set(remove)
    if both:
        raise ToolError(f"a label cannot be added and removed at once: {sorted(both)}")
    for lid in add + remove:
        lab = label_for(ctx, mbx, lid)
        if lab["type"] == "system" and lid not in SETTABLE_SYSTEM:
            raise ToolError(f"system label {lid} is set by the system and cannot be added or removed")
    return add, remove


def apply_labels(ctx: Ctx, mbx: str, message_id: str, add: list[str], remove: list[str]) -> list[str]:
    """Add/remove labels on one message with history records; returns the labels afterwards."""
    return apply_labels_changed(ctx, mbx, message_id, add, remove)[0]


def apply_labels_changed(ctx: Ctx, mbx: str, message_id: str, add: list[str], remove: list[str]) -> tuple[list[str], bool]:
    """apply_labels, also saying whether anything changed (a no-op writes no audit entry)."""
    have = set(labels_of(ctx, message_id))
    changed = bool(set(add) - have or set(remove) & have)
    for lid in add:
        if lid not in have:
            ctx.insert("email.message_label", {"message_id": message_id, "label_id": lid})
            record_history(ctx, mbx, "labelAdded", message_id, lid)
    for lid in remove:
        if lid in have:
            ctx.delete("email.message_label", {"message_id": message_id, "label_id": lid})
            record_history(ctx, mbx, "labelRemoved", message_id, lid)
    return labels_of(ctx, message_id), changed


def held(ctx: Ctx, mbx: str, message_id: str) -> str | None:
    """The id of an active legal hold that covers this message, if any."""
    from .query import compile_query  # local import: query imports common
    for h in ctx.all("SELECT hold_id, query FROM email.legal_hold WHERE mailbox = ? AND status = 'active' "
                     "ORDER BY hold_id", mbx):
        if not h["query"]:
            return h["hold_id"]
        cond, params = compile_query(h["query"])
        if ctx.scalar(f"SELECT count(*) FROM email.message m WHERE m.message_id = ? AND ({cond})", message_id, *params):
            return h["hold_id"]
    return None


def delete_message_rows(ctx: Ctx, mbx: str, message_id: str) -> None:
    hold = held(ctx, mbx, message_id)
    if hold:
        raise ToolError(f"message {message_id} is preserved by legal hold {hold}; it cannot be deleted")
    thread_id = ctx.scalar("SELECT thread_id FROM email.message WHERE message_id = ?", message_id)
    for table in ("email.message_label", "email.message_recipient", "email.attachment", "email.draft"):
        ctx.delete(table, {"message_id": message_id})
    ctx.execute("UPDATE email.history SET message_id = NULL WHERE message_id = ?", message_id)
    ctx.delete("email.message", {"message_id": message_id})
    record_history(ctx, mbx, "messageDeleted", None)
    if not ctx.scalar("SELECT count(*) FROM email.message WHERE thread_id = ?", thread_id):
        ctx.delete("email.thread", {"thread_id": thread_id})


def recipients_of(ctx: Ctx, message_id: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {"to": [], "cc": [], "bcc": []}
    for r in ctx.all("SELECT kind, address FROM email.message_recipient WHERE message_id = ? ORDER BY kind, position",
                     message_id):
        out[r["kind"]].append(r["address"])
    return out


def message_view(ctx: Ctx, m: dict[str, Any], fmt: str = "full") -> dict[str, Any]:
    out = {"id": m["message_id"], "thread_id": m["thread_id"], "label_ids": labels_of(ctx, m["message_id"]),
           "snippet": m["snippet"], "history_id": m["history_id"], "internal_date": m["internal_date"],
           "size_estimate": m["size_bytes"]}
    if fmt == "minimal":
        return out
    rec = recipients_of(ctx, m["message_id"])
    out.update({"from": m["from_address"], "from_name": m["from_name"], "to": rec["to"], "cc": rec["cc"],
                "bcc": rec["bcc"], "subject": m["subject"], "reply_to": m["reply_to"], "message_id_header": m["rfc822_id"],
                "in_reply_to": m["in_reply_to"], "encryption": m["encryption"], "source": m["source"],
                "sent_via": m["sent_via"],
                "attachments": ctx.all("SELECT attachment_id, filename, mime_type, size_bytes FROM email.attachment "
                                       "WHERE message_id = ? ORDER BY attachment_id", m["message_id"])})
    if fmt == "full":
        out["body"] = m["body"]
    return out

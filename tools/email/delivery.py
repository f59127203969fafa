"""Creating message rows: sending (with delivery to internal recipients and their filters) and importing."""

from __future__ import annotations

import hashlib
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

from .common import COMPANY_DOMAIN, audit, domain_of, record_history
from .query import compile_query, filter_query


def _snippet(body: str) -> str:
    return " ".join(body.split())[:120]


def new_thread(ctx: Ctx, mbx: str, subject: str) -> str:
    tid = ctx.new_id("email.thread", "thread_id", "THR", 6)
    ctx.insert("email.thread", {"thread_id": tid, "mailbox": mbx, "subject": subject, "history_id": 0})
    return tid


def insert_message(ctx: Ctx, mbx: str, thread_id: str, *, from_address: str, from_name: str | None, subject: str,
                   body: str, to: list[str], cc: list[str], bcc: list[str], labels: list[str], source: str,
                   rfc822_id: str, in_reply_to: str | None = None, internal_date=None, sent_via: str | None = None,
                   reply_to: str | None = None, encryption: str = "none") -> str:
    mid = ctx.new_id("email.message", "message_id", "MSG", 6)
    ctx.insert("email.message", {
        "message_id": mid, "mailbox": mbx, "thread_id": thread_id, "rfc822_id": rfc822_id, "in_reply_to": in_reply_to,
        "from_address": from_address, "from_name": from_name, "reply_to": reply_to, "subject": subject, "body": body,
        "snippet": _snippet(body), "internal_date": internal_date or ctx.timestamp(),
        "size_bytes": len(body) + len(subject) + 600, "source": source, "sent_via": sent_via,
        "encryption": encryption, "history_id": 0})
    for kind, addrs in (("to", to), ("cc", cc), ("bcc", bcc)):
        for pos, a in enumerate(addrs):
            name = ctx.scalar("SELECT display_name FROM email.mailbox WHERE email_address = ?", a) or ctx.scalar(
                "SELECT display_name FROM email.external_contact WHERE email_address = ?", a)
            ctx.insert("email.message_recipient", {"message_id": mid, "kind": kind, "position": pos, "address": a,
                                                   "display_name": name})
    for lid in dict.fromkeys(labels):
        ctx.insert("email.message_label", {"message_id": mid, "label_id": lid})
    record_history(ctx, mbx, "messageAdded", mid)
    return mid


def rfc_id(ctx: Ctx, mbx: str, salt: str) -> str:
    n = ctx.scalar("SELECT count(*) FROM email.message") or 0
    return "<" + hashlib.sha1(f"{mbx}|{salt}|{n}|{ctx.timestamp().isoformat()}".encode()).hexdigest()[:20] + \
        f"@mail.{COMPANY_DOMAIN}>"


def resolve_internal(ctx: Ctx, address: str) -> str | None:
    """The mailbox an address delivers to inside the company (primary address or alias)."""
    if domain_of(address) != COMPANY_DOMAIN:
        return None
    return ctx.scalar("SELECT email_address FROM email.mailbox WHERE email_address = ? AND status = 'active'", address) or \
        ctx.scalar("SELECT mailbox FROM email.alias WHERE alias_address = ?", address)


def apply_filters_on_delivery(ctx: Ctx, mbx: str, message_id: str, labels: list[str]) -> list[str]:
    """Label actions of the recipient's filters that match the new message."""
    out = list(labels)
    for f in ctx.all("SELECT * FROM email.filter WHERE mailbox = ? ORDER BY filter_id", mbx):
        cond, params = compile_query(filter_query(f), ctx.timestamp())
        if not ctx.scalar(f"SELECT count(*) FROM email.message m WHERE m.message_id = ? AND ({cond})", message_id, *params):
            continue
        for a in ctx.all("SELECT label_id, op FROM email.filter_label_action WHERE filter_id = ? ORDER BY label_id",
                         f["filter_id"]):
            if a["op"] == "add" and a["label_id"] not in out:
                out.append(a["label_id"])
            elif a["op"] == "remove" and a["label_id"] in out:
                out.remove(a["label_id"])
    return out


def send(ctx: Ctx, mbx: dict[str, Any], send_as: dict[str, Any], to: list[str], cc: list[str], bcc: list[str],
         subject: str, body: str, reply_to_msg: dict[str, Any] | None, thread_id: str | None = None,
         existing_message_id: str | None = None) -> dict[str, Any]:
    """Send (a new message, or the draft message `existing_message_id`) and deliver copies internally."""
    if not (to or cc or bcc):
        raise ToolError("a message needs at least one recipient (to, cc or bcc)")
    owner = mbx["email_address"]
    in_reply_to = reply_to_msg["rfc822_id"] if reply_to_msg else None
    if thread_id is None:
        thread_id = reply_to_msg["thread_id"] if reply_to_msg else new_thread(ctx, owner, subject)
    rfc = rfc_id(ctx, owner, subject)
    if existing_message_id:
        ctx.delete("email.message_label", {"message_id": existing_message_id})
        ctx.insert("email.message_label", {"message_id": existing_message_id, "label_id": "SENT"})
        ctx.update("email.message", {"message_id": existing_message_id},
                   {"source": "sent", "internal_date": ctx.timestamp(), "sent_via": send_as["send_as_email"],
                    "from_address": send_as["send_as_email"], "from_name": send_as["display_name"], "rfc822_id": rfc})
        record_history(ctx, owner, "labelAdded", existing_message_id, "SENT")
        mid = existing_message_id
    else:
        mid = insert_message(ctx, owner, thread_id, from_address=send_as["send_as_email"],
                             from_name=send_as["display_name"], subject=subject, body=body, to=to, cc=cc, bcc=bcc,
                             labels=["SENT"], source="sent", rfc822_id=rfc, in_reply_to=in_reply_to,
                             sent_via=send_as["send_as_email"], reply_to=send_as["reply_to_address"])
    delivered = []
    for a in dict.fromkeys(to + cc + bcc):
        target = resolve_internal(ctx, a)
        if target is None or target == owner or target in delivered:
            continue
        delivered.append(target)
        parent = ctx.one("SELECT thread_id FROM email.message WHERE mailbox = ? AND rfc822_id = ?", target,
                         in_reply_to) if in_reply_to else None
        tid = parent["thread_id"] if parent else new_thread(ctx, target, subject)
        copy = insert_message(ctx, target, tid, from_address=send_as["send_as_email"], from_name=send_as["display_name"],
                              subject=subject, body=body, to=to, cc=cc, bcc=[b for b in bcc if b == a],
                              labels=["INBOX", "UNREAD"], source="received", rfc822_id=rfc, in_reply_to=in_reply_to,
                              reply_to=send_as["reply_to_address"])
        final = apply_filters_on_delivery(ctx, target, copy, ["INBOX", "UNREAD"])
        if final != ["INBOX", "UNREAD"]:
            ctx.delete("email.message_label", {"message_id": copy})
            for lid in final:
                ctx.insert("email.message_label", {"message_id": copy, "label_id": lid})
    audit(ctx, owner, "mail_send_message", "message", mid, f"to={','.join(to)} cc={','.join(cc)} subject={subject[:80]}")
    return {"id": mid, "thread_id": thread_id, "label_ids": ["SENT"], "from": send_as["send_as_email"],
            "delivered_to_mailboxes": delivered}

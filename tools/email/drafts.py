"""Drafts: list, get, create (new or as a reply in a thread), replace, delete, send."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (access, audit, check_addresses, message_for, message_view, record_history,
                     recipients_of, require_active)
from .delivery import insert_message, new_thread, rfc_id, send
from .messages import default_send_as


def draft_for(ctx: Ctx, mbx: str, draft_id: str) -> dict:
    row = ctx.one("SELECT * FROM email.draft WHERE draft_id = ? AND mailbox = ?", draft_id, mbx)
    if row is None:
        raise ToolError(f"draft '{draft_id}' not found in {mbx} (mail_list_drafts)")
    return row


def _view(ctx: Ctx, d: dict) -> dict:
    m = ctx.one("SELECT * FROM email.message WHERE message_id = ?", d["message_id"])
    return {"id": d["draft_id"], "updated_at": d["updated_at"], "message": message_view(ctx, m, "full")}


@tool
def mail_list_drafts(ctx: Ctx, user_id: str = "me", q: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List a mailbox's drafts, most recently updated first.

    Default order: newest first (last updated descending).

    Args:
        user_id: 'me' or the mailbox's primary address.
        q: Case-insensitive text in the draft's subject or body.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    mbx = access(ctx, user_id)["email_address"]
    return ctx.page("SELECT d.draft_id AS id, d.message_id, m.thread_id, m.subject, m.snippet, d.updated_at, "
                    "(SELECT list(address ORDER BY kind DESC, position) FROM email.message_recipient r "
                    "WHERE r.message_id = m.message_id) AS recipients FROM email.draft d "
                    "JOIN email.message m ON m.message_id = d.message_id WHERE d.mailbox = ? "
                    "AND (? IS NULL OR m.subject ILIKE ? OR m.body ILIKE ?)",
                    [mbx, q, f"%{q}%", f"%{q}%"], limit=limit, offset=offset, order_by="updated_at DESC, id DESC")


@tool
def mail_get_draft(ctx: Ctx, draft_id: str, user_id: str = "me") -> dict:
    """Get a draft with its message (recipients, subject, body).

    Args:
        draft_id: Draft id (DRF…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    return _view(ctx, draft_for(ctx, mbx, draft_id))


@tool
def mail_create_draft(ctx: Ctx, subject: str, body: str, user_id: str = "me", to: list[str] | None = None,
                      cc: list[str] | None = None, bcc: list[str] | None = None,
                      reply_to_message_id: str | None = None) -> dict:
    """Create a draft. With reply_to_message_id the draft joins that message's thread as a reply; the
    recipients are exactly the to/cc/bcc you give (work out reply-all recipients from the original).

    Args:
        subject: Subject.
        body: Plain-text body.
        user_id: 'me' or the mailbox's primary address.
        to: To addresses.
        cc: Cc addresses.
        bcc: Bcc addresses.
        reply_to_message_id: Message of this mailbox that the draft answers.
    """
    mbx = access(ctx, user_id)["email_address"]
    parent = message_for(ctx, mbx, reply_to_message_id) if reply_to_message_id else None
    tid = parent["thread_id"] if parent else new_thread(ctx, mbx, subject)
    sa = default_send_as(ctx, mbx, None)
    mid = insert_message(ctx, mbx, tid, from_address=sa["send_as_email"], from_name=sa["display_name"], subject=subject,
                         body=body, to=check_addresses(to, "to"), cc=check_addresses(cc, "cc"),
                         bcc=check_addresses(bcc, "bcc"), labels=["DRAFT"], source="draft",
                         rfc822_id=rfc_id(ctx, mbx, "draft" + subject),
                         in_reply_to=parent["rfc822_id"] if parent else None)
    did = ctx.new_id("email.draft", "draft_id", "DRF", 5)
    ctx.insert("email.draft", {"draft_id": did, "mailbox": mbx, "message_id": mid, "created_by": ctx.user_id,
                               "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_draft", "draft", did, subject[:80])
    return _view(ctx, draft_for(ctx, mbx, did))


@tool
def mail_update_draft(ctx: Ctx, draft_id: str, user_id: str = "me", subject: str | None = None,
                      body: str | None = None, to: list[str] | None = None, cc: list[str] | None = None,
                      bcc: list[str] | None = None) -> dict:
    """Change a draft's subject, body or recipient lists (a list given replaces that list; [] empties it).

    Args:
        draft_id: Draft id.
        user_id: 'me' or the mailbox's primary address.
        subject: New subject.
        body: New body.
        to: New To list.
        cc: New Cc list.
        bcc: New Bcc list.
    """
    mbx = access(ctx, user_id)["email_address"]
    d = draft_for(ctx, mbx, draft_id)
    mid = d["message_id"]
    values = {}
    if subject is not None:
        values["subject"] = subject
    if body is not None:
        values.update(body=body, snippet=" ".join(body.split())[:120])
    if values:
        ctx.update("email.message", {"message_id": mid}, values)
    for kind, addrs in (("to", to), ("cc", cc), ("bcc", bcc)):
        if addrs is None:
            continue
        clean = check_addresses(addrs, kind)
        ctx.execute("DELETE FROM email.message_recipient WHERE message_id = ? AND kind = ?", mid, kind)
        for pos, a in enumerate(clean):
            name = ctx.scalar("SELECT display_name FROM email.mailbox WHERE email_address = ?", a)
            ctx.insert("email.message_recipient", {"message_id": mid, "kind": kind, "position": pos, "address": a,
                                                   "display_name": name})
    if not values and to is None and cc is None and bcc is None:
        raise ToolError("nothing to update")
    ctx.update("email.draft", {"draft_id": draft_id}, {"updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_update_draft", "draft", draft_id)
    return _view(ctx, draft_for(ctx, mbx, draft_id))


@tool
def mail_delete_draft(ctx: Ctx, draft_id: str, user_id: str = "me") -> dict:
    """Delete a draft (and its draft message) permanently.

    Args:
        draft_id: Draft id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    d = draft_for(ctx, mbx, draft_id)
    mid = d["message_id"]
    thread = ctx.scalar("SELECT thread_id FROM email.message WHERE message_id = ?", mid)
    ctx.delete("email.draft", {"draft_id": draft_id})
    for table in ("email.message_label", "email.message_recipient", "email.attachment"):
        ctx.delete(table, {"message_id": mid})
    ctx.execute("UPDATE email.history SET message_id = NULL WHERE message_id = ?", mid)
    ctx.delete("email.message", {"message_id": mid})
    if not ctx.scalar("SELECT count(*) FROM email.message WHERE thread_id = ?", thread):
        ctx.delete("email.thread", {"thread_id": thread})
    record_history(ctx, mbx, "messageDeleted", None)
    audit(ctx, mbx, "mail_delete_draft", "draft", draft_id)
    return {"id": draft_id, "deleted": True}


@tool
def mail_send_draft(ctx: Ctx, draft_id: str, user_id: str = "me", send_as_email: str | None = None) -> dict:
    """Send a draft as it stands; the draft is removed and its message becomes a sent message.

    Args:
        draft_id: Draft id.
        user_id: 'me' or the mailbox's primary address.
        send_as_email: A verified send-as address to send from (default: the mailbox's default).
    """
    box = access(ctx, user_id)
    require_active(box, "send mail")
    mbx = box["email_address"]
    d = draft_for(ctx, mbx, draft_id)
    m = ctx.one("SELECT * FROM email.message WHERE message_id = ?", d["message_id"])
    rec = recipients_of(ctx, m["message_id"])
    if not m["subject"].strip() or not m["body"].strip():
        raise ToolError("the draft has an empty subject or body; update it first")
    parent = ctx.one("SELECT * FROM email.message WHERE mailbox = ? AND rfc822_id = ?", mbx, m["in_reply_to"]) \
        if m["in_reply_to"] else None
    sa = default_send_as(ctx, mbx, send_as_email)
    ctx.delete("email.draft", {"draft_id": draft_id})
    out = send(ctx, box, sa, rec["to"], rec["cc"], rec["bcc"], m["subject"], m["body"], parent,
               thread_id=m["thread_id"], existing_message_id=m["message_id"])
    out["draft_id"] = draft_id
    return out

"""Messages: list/search, get, label changes (single and batch), trash/untrash, delete, send, import."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (access, apply_labels, apply_labels_changed, audit, check_address, check_addresses, check_label_changes,
                     delete_message_rows, label_for, message_for, message_view, parse_ts, require_active)
from .delivery import insert_message, new_thread, rfc_id, send
from .query import compile_query, mentions_spam_or_trash

Format = Literal["full", "metadata", "minimal"]


def search_messages(ctx: Ctx, mbx: str, q: str | None, label_ids: list[str] | None, include_spam_trash: bool):
    conds, params = ["m.mailbox = ?"], [mbx]
    if q:
        c, p = compile_query(q, ctx.timestamp())
        conds.append(f"({c})")
        params += p
    for lid in label_ids or []:
        label_for(ctx, mbx, lid)
        conds.append("EXISTS (SELECT 1 FROM email.message_label x WHERE x.message_id = m.message_id AND x.label_id = ?)")
        params.append(lid)
    if not include_spam_trash and not mentions_spam_or_trash(q) and not set(label_ids or []) & {"SPAM", "TRASH"}:
        conds.append("NOT EXISTS (SELECT 1 FROM email.message_label x WHERE x.message_id = m.message_id "
                     "AND x.label_id IN ('SPAM', 'TRASH'))")
    return " AND ".join(conds), params


@tool
def mail_list_messages(ctx: Ctx, user_id: str = "me", q: str | None = None, label_ids: list[str] | None = None,
                       include_spam_trash: bool = False, limit: int = 20, offset: int = 0) -> dict:
    """List or search a mailbox's messages, newest first (internal date descending, then id).
    Spam and Trash are excluded unless include_spam_trash is true or q says in:spam / in:trash / in:anywhere.

    Args:
        user_id: 'me' or the mailbox's primary address.
        q: Search string, e.g. 'from:keystone-audit.com has:attachment after:2025/11/01 -label:Newsletters'.
           Operators: from: to: cc: bcc: subject: label: in: is:(unread|read|starred|important) has:attachment
           filename: after: before: older_than: newer_than: (30d, 6m, 1y) larger: smaller: (bytes, or
           500K / 5M with K = 1,024 and M = 1,048,576 bytes) rfc822msgid:, bare words and "phrases" (they match
           the subject, body and sender, not recipients: use to: / cc: for those), -negation, OR between terms,
           and alternatives of one operator in brackets: from:(a.example OR b.example) (other bracketed groups
           are refused).
        label_ids: Only messages carrying all of these label ids.
        include_spam_trash: Also include Spam and Trash.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    mbx = access(ctx, user_id)["email_address"]
    where, params = search_messages(ctx, mbx, q, label_ids, include_spam_trash)
    page = ctx.page("SELECT m.message_id AS id, m.thread_id, m.from_address AS \"from\", m.subject, m.snippet, "
                    "m.internal_date, (SELECT list(label_id ORDER BY label_id) FROM email.message_label l "
                    "WHERE l.message_id = m.message_id) AS label_ids, "
                    "(SELECT count(*) FROM email.attachment a WHERE a.message_id = m.message_id) AS attachment_count "
                    f"FROM email.message m WHERE {where}", params, limit=limit, offset=offset,
                    order_by="internal_date DESC, id DESC")
    return page


@tool
def mail_get_message(ctx: Ctx, message_id: str, user_id: str = "me", format: Format = "full") -> dict:
    """Get one message: headers (from, to, cc, bcc, subject, Message-ID), labels, attachments and (format full) body.

    Args:
        message_id: Message id (MSG…).
        user_id: 'me' or the mailbox's primary address.
        format: full (with body), metadata (headers, no body) or minimal (ids and labels).
    """
    mbx = access(ctx, user_id)["email_address"]
    return message_view(ctx, message_for(ctx, mbx, message_id), format)


@tool
def mail_get_attachment(ctx: Ctx, message_id: str, attachment_id: str, user_id: str = "me") -> dict:
    """Get an attachment's metadata (file name, MIME type, size).

    Args:
        message_id: The message the attachment belongs to.
        attachment_id: Attachment id (ATT…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    message_for(ctx, mbx, message_id)
    return ctx.require(ctx.one("SELECT * FROM email.attachment WHERE attachment_id = ? AND message_id = ?",
                               attachment_id, message_id), "attachment", attachment_id)


@tool
def mail_modify_message(ctx: Ctx, message_id: str, user_id: str = "me", add_label_ids: list[str] | None = None,
                        remove_label_ids: list[str] | None = None) -> dict:
    """Add and/or remove labels on a message (archive = remove INBOX, mark read = remove UNREAD).

    Args:
        message_id: Message id.
        user_id: 'me' or the mailbox's primary address.
        add_label_ids: Label ids to add (system ids like STARRED or user label ids LBL…).
        remove_label_ids: Label ids to remove.
    """
    mbx = access(ctx, user_id)["email_address"]
    message_for(ctx, mbx, message_id)
    add, remove = check_label_changes(ctx, mbx, add_label_ids, remove_label_ids)
    labels, changed = apply_labels_changed(ctx, mbx, message_id, add, remove)
    if changed:
        audit(ctx, mbx, "mail_modify_message", "message", message_id, f"add={add} remove={remove}")
    return {"id": message_id, "label_ids": labels}


@tool
def mail_batch_modify_messages(ctx: Ctx, message_ids: list[str], user_id: str = "me",
                               add_label_ids: list[str] | None = None, remove_label_ids: list[str] | None = None) -> dict:
    """Add/remove the same labels on up to 1000 messages of one mailbox (all ids are checked first).

    Args:
        message_ids: Message ids.
        user_id: 'me' or the mailbox's primary address.
        add_label_ids: Label ids to add.
        remove_label_ids: Label ids to remove.
    """
    mbx = access(ctx, user_id)["email_address"]
    ids = list(dict.fromkeys(message_ids))
    if not ids or len(ids) > 1000:
        raise ToolError("message_ids must hold 1 to 1000 ids")
    for mid in ids:
        message_for(ctx, mbx, mid)
    add, remove = check_label_changes(ctx, mbx, add_label_ids, remove_label_ids)
    changed = [mid for mid in ids if apply_labels_changed(ctx, mbx, mid, add, remove)[1]]
    if changed:
        audit(ctx, mbx, "mail_batch_modify_messages", "message", None,
              f"{len(changed)} messages add={add} remove={remove}: {','.join(changed)}")
    return {"modified": len(changed), "unchanged": len(ids) - len(changed), "message_ids": ids}


@tool
def mail_trash_message(ctx: Ctx, message_id: str, user_id: str = "me") -> dict:
    """Move a message to Trash (adds TRASH, removes INBOX). Trashed mail is purged after 30 days.

    Args:
        message_id: Message id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    message_for(ctx, mbx, message_id)
    labels, changed = apply_labels_changed(ctx, mbx, message_id, ["TRASH"], ["INBOX", "SPAM"])
    if changed:
        audit(ctx, mbx, "mail_trash_message", "message", message_id)
    return {"id": message_id, "label_ids": labels}


@tool
def mail_untrash_message(ctx: Ctx, message_id: str, user_id: str = "me") -> dict:
    """Take a message out of Trash (received mail goes back to the inbox).

    Args:
        message_id: Message id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    m = message_for(ctx, mbx, message_id)
    if "TRASH" not in [r["label_id"] for r in ctx.all("SELECT label_id FROM email.message_label WHERE message_id = ?",
                                                       message_id)]:
        raise ToolError(f"message {message_id} is not in Trash")
    labels = apply_labels(ctx, mbx, message_id, ["INBOX"] if m["source"] in ("received", "imported") else [], ["TRASH"])
    audit(ctx, mbx, "mail_untrash_message", "message", message_id)
    return {"id": message_id, "label_ids": labels}


@tool
def mail_delete_message(ctx: Ctx, message_id: str, user_id: str = "me") -> dict:
    """Permanently delete a message (cannot be undone). Refused for mail preserved by an active legal hold.

    Args:
        message_id: Message id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    message_for(ctx, mbx, message_id)
    delete_message_rows(ctx, mbx, message_id)
    audit(ctx, mbx, "mail_delete_message", "message", message_id)
    return {"id": message_id, "deleted": True}


@tool
def mail_batch_delete_messages(ctx: Ctx, message_ids: list[str], user_id: str = "me") -> dict:
    """Permanently delete up to 1000 messages; nothing is deleted if any id is unknown or held.

    Args:
        message_ids: Message ids.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    ids = list(dict.fromkeys(message_ids))
    if not ids or len(ids) > 1000:
        raise ToolError("message_ids must hold 1 to 1000 ids")
    for mid in ids:
        message_for(ctx, mbx, mid)
    for mid in ids:
        delete_message_rows(ctx, mbx, mid)
    audit(ctx, mbx, "mail_batch_delete_messages", "message", None, ",".join(ids))
    return {"deleted": len(ids), "message_ids": ids}


def default_send_as(ctx: Ctx, mbx: str, send_as_email: str | None) -> dict:
    if send_as_email:
        row = ctx.one("SELECT * FROM email.send_as WHERE mailbox = ? AND lower(send_as_email) = lower(?)", mbx, send_as_email)
        if row is None:
            raise ToolError(f"'{send_as_email}' is not a send-as address of {mbx} (mail_list_send_as)")
        if row["verification_status"] != "accepted":
            raise ToolError(f"send-as address {send_as_email} is not verified ({row['verification_status']})")
        return row
    return ctx.one("SELECT * FROM email.send_as WHERE mailbox = ? AND is_default", mbx)


@tool
def mail_send_message(ctx: Ctx, to: list[str], subject: str, body: str, user_id: str = "me",
                      cc: list[str] | None = None, bcc: list[str] | None = None, send_as_email: str | None = None,
                      reply_to_message_id: str | None = None) -> dict:
    """Send a message from a mailbox (its default send-as address unless send_as_email is given). Mail to
    company addresses (primary or alias) is delivered to those mailboxes, where their filters' label actions
    apply. Forwarding is not simulated: a recipient's auto-forwarding or a filter's forward action creates no
    copy anywhere (forwarding settings are reviewed as settings).

    Args:
        to: Recipient addresses.
        subject: Subject line (a reply normally starts with 'Re: ').
        body: Plain-text body.
        user_id: 'me' or the sending mailbox (a delegator's mailbox when you are its delegate).
        cc: Cc addresses.
        bcc: Bcc addresses.
        send_as_email: A verified send-as address of the mailbox to send from.
        reply_to_message_id: The message (in this mailbox) being answered: the reply joins its thread.
    """
    mbx = access(ctx, user_id)
    require_active(mbx, "send mail")
    if not subject.strip() or not body.strip():
        raise ToolError("subject and body must not be empty")
    parent = message_for(ctx, mbx["email_address"], reply_to_message_id) if reply_to_message_id else None
    sa = default_send_as(ctx, mbx["email_address"], send_as_email)
    return send(ctx, mbx, sa, check_addresses(to, "to"), check_addresses(cc, "cc"), check_addresses(bcc, "bcc"),
                subject.strip(), body, parent)


@tool
def mail_import_message(ctx: Ctx, from_address: str, subject: str, body: str, internal_date: str, user_id: str = "me",
                        from_name: str | None = None, to: list[str] | None = None, cc: list[str] | None = None,
                        label_ids: list[str] | None = None, thread_with_message_id: str | None = None) -> dict:
    """Import a message into a mailbox as if it had been received (migrations, handovers). Sender, recipients,
    subject, body and date are kept as given; no filters run and nothing is sent. Without label_ids the message
    lands in INBOX. The import gets a new Message-ID header of its own (the original's is not carried over), and
    attachments are not imported (this tool takes none): check for an existing copy by sender, subject and date.

    Args:
        from_address: Original sender address.
        subject: Original subject.
        body: Original body.
        internal_date: Original date (ISO timestamp).
        user_id: 'me' or the target mailbox.
        from_name: Original sender display name.
        to: Original To addresses.
        cc: Original Cc addresses.
        label_ids: Labels to give the imported message (e.g. a handover label; add INBOX to show it in the inbox).
        thread_with_message_id: An existing message of the target mailbox to thread the import with.
    """
    mbx = access(ctx, user_id)["email_address"]
    when = parse_ts(internal_date, "internal_date")
    if when > ctx.timestamp():
        raise ToolError("internal_date cannot be in the future")
    labels = list(dict.fromkeys(label_ids)) if label_ids is not None else ["INBOX"]
    for lid in labels:
        lab = label_for(ctx, mbx, lid)
        if lab["type"] == "system" and lid in ("SENT", "DRAFT", "TRASH", "CHAT"):
            raise ToolError(f"imported mail cannot carry {lid}")
    if thread_with_message_id:
        tid = message_for(ctx, mbx, thread_with_message_id)["thread_id"]
    else:
        tid = new_thread(ctx, mbx, subject)
    mid = insert_message(ctx, mbx, tid, from_address=check_address(from_address, "from_address"), from_name=from_name,
                         subject=subject, body=body, to=check_addresses(to, "to"), cc=check_addresses(cc, "cc"), bcc=[],
                         labels=labels, source="imported", rfc822_id=rfc_id(ctx, mbx, subject), internal_date=when)
    audit(ctx, mbx, "mail_import_message", "message", mid, f"from={from_address} subject={subject[:80]}")
    return message_view(ctx, message_for(ctx, mbx, mid), "metadata")

"""Filters: criteria (from, to, subject, query, negated query, attachment, size) and actions (add/remove
labels, forward), applied to incoming mail and, on request, to existing mail."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, apply_labels_changed, audit, check_address, check_label_changes, label_for
from .query import compile_query, filter_query


def filter_for(ctx: Ctx, mbx: str, filter_id: str) -> dict:
    row = ctx.one("SELECT * FROM email.filter WHERE filter_id = ? AND mailbox = ?", filter_id, mbx)
    if row is None:
        raise ToolError(f"filter '{filter_id}' not found in {mbx} (mail_list_filters)")
    return row


def _view(ctx: Ctx, f: dict) -> dict:
    acts = ctx.all("SELECT a.label_id, a.op, l.name FROM email.filter_label_action a JOIN email.label l USING (label_id) "
                   "WHERE a.filter_id = ? ORDER BY a.op, a.label_id", f["filter_id"])
    return {"id": f["filter_id"], "mailbox": f["mailbox"],
            "criteria": {k[9:] if k.startswith("criteria_") else k: f[k] for k in
                         ("criteria_from", "criteria_to", "criteria_subject", "criteria_query", "criteria_negated_query",
                          "has_attachment", "size_bytes", "size_comparison") if f[k] is not None},
            "action": {"add_label_ids": [a["label_id"] for a in acts if a["op"] == "add"],
                       "remove_label_ids": [a["label_id"] for a in acts if a["op"] == "remove"],
                       "label_names": {a["label_id"]: a["name"] for a in acts}, "forward": f["forward_to"]},
            "created_by": f["created_by"], "created_at": f["created_at"]}


@tool
def mail_list_filters(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's filters (criteria and actions), oldest first. Filters cannot be edited: to change a
    filter, delete it and create a new one.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return [_view(ctx, f) for f in ctx.all("SELECT * FROM email.filter WHERE mailbox = ? ORDER BY created_at, filter_id", mbx)]


@tool
def mail_get_filter(ctx: Ctx, filter_id: str, user_id: str = "me") -> dict:
    """Get one filter. Filters cannot be edited: to change a filter, delete it and create a new one.

    Args:
        filter_id: Filter id (FLT…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return _view(ctx, filter_for(ctx, mbx, filter_id))


@tool
def mail_create_filter(ctx: Ctx, user_id: str = "me", criteria_from: str | None = None, criteria_to: str | None = None,
                       criteria_subject: str | None = None, criteria_query: str | None = None,
                       criteria_negated_query: str | None = None, has_attachment: bool | None = None,
                       size_bytes: int | None = None, size_comparison: Literal["larger", "smaller"] | None = None,
                       add_label_ids: list[str] | None = None, remove_label_ids: list[str] | None = None,
                       forward_to: str | None = None) -> dict:
    """Create a filter for incoming mail. At least one criterion and one action. Archiving is removing INBOX,
    mark-as-read removing UNREAD, never-spam removing SPAM. A forward target must be an accepted forwarding
    address of the mailbox. The filter does not touch existing mail (use mail_apply_filter for that).
    There is no update: to change a filter, delete it and create a new one.

    Args:
        user_id: 'me' or the mailbox's primary address.
        criteria_from: Sender contains (address, domain or name).
        criteria_to: A recipient contains.
        criteria_subject: Subject contains.
        criteria_query: A search string the message must match (mail_list_messages syntax).
        criteria_negated_query: Words the message must not contain.
        has_attachment: Only messages with attachments.
        size_bytes: Size threshold in bytes (with size_comparison).
        size_comparison: larger or smaller.
        add_label_ids: Labels to add.
        remove_label_ids: Labels to remove (INBOX to archive, UNREAD to mark read).
        forward_to: Forward matching mail to this accepted forwarding address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    crit = {"criteria_from": criteria_from, "criteria_to": criteria_to, "criteria_subject": criteria_subject,
            "criteria_query": criteria_query, "criteria_negated_query": criteria_negated_query,
            "has_attachment": has_attachment or None, "size_bytes": size_bytes, "size_comparison": size_comparison}
    if not any(v for v in crit.values()):
        raise ToolError("a filter needs at least one criterion")
    if (size_bytes is None) != (size_comparison is None):
        raise ToolError("size_bytes and size_comparison go together")
    if size_bytes is not None and not 1 <= size_bytes <= 50_000_000:
        raise ToolError("size_bytes must be between 1 and 50000000")
    if criteria_query:
        compile_query(criteria_query, ctx.timestamp())
    add, remove = [], []
    if add_label_ids or remove_label_ids:
        add, remove = check_label_changes(ctx, mbx, add_label_ids, remove_label_ids)
    fwd = None
    if forward_to:
        fwd = check_address(forward_to, "forward_to")
        st = ctx.scalar("SELECT verification_status FROM email.forwarding_address WHERE mailbox = ? AND forwarding_email = ?",
                        mbx, fwd)
        if st != "accepted":
            raise ToolError(f"{fwd} is not an accepted forwarding address of {mbx} "
                            f"({'status ' + st if st else 'not registered'}); see mail_list_forwarding_addresses")
    if not (add or remove or fwd):
        raise ToolError("a filter needs at least one action (add_label_ids, remove_label_ids or forward_to)")
    dup = [f for f in ctx.all("SELECT * FROM email.filter WHERE mailbox = ? ORDER BY filter_id", mbx)
           if all(f[k] == v for k, v in crit.items()) and f["forward_to"] == fwd]
    if dup:
        raise ToolError(f"filter {dup[0]['filter_id']} already has exactly these criteria; delete it first to change its actions")
    fid = ctx.new_id("email.filter", "filter_id", "FLT", 4)
    ctx.insert("email.filter", {"filter_id": fid, "mailbox": mbx, **crit, "forward_to": fwd, "created_by": ctx.user_id,
                                "created_at": ctx.timestamp()})
    for lid in add:
        ctx.insert("email.filter_label_action", {"filter_id": fid, "label_id": lid, "op": "add"})
    for lid in remove:
        ctx.insert("email.filter_label_action", {"filter_id": fid, "label_id": lid, "op": "remove"})
    audit(ctx, mbx, "mail_create_filter", "filter", fid, f"{filter_query(crit)} -> add={add} remove={remove} forward={fwd}")
    return _view(ctx, filter_for(ctx, mbx, fid))


@tool
def mail_delete_filter(ctx: Ctx, filter_id: str, user_id: str = "me") -> dict:
    """Delete a filter (mail it already labelled keeps its labels). To change a filter, delete it and create a
    new one with mail_create_filter.

    Args:
        filter_id: Filter id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    f = filter_for(ctx, mbx, filter_id)
    ctx.delete("email.filter_label_action", {"filter_id": filter_id})
    ctx.delete("email.filter", {"filter_id": filter_id})
    audit(ctx, mbx, "mail_delete_filter", "filter", filter_id, f"{filter_query(f)} forward={f['forward_to']}")
    return {"id": filter_id, "deleted": True}


@tool
def mail_apply_filter(ctx: Ctx, filter_id: str, user_id: str = "me", dry_run: bool = False) -> dict:
    """Apply a filter's label actions to the existing mail it matches (Spam and Trash excluded). Forwarding is
    never applied to existing mail. dry_run lists the matches without changing anything.

    Args:
        filter_id: Filter id.
        user_id: 'me' or the mailbox's primary address.
        dry_run: Only report which messages match.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    f = filter_for(ctx, mbx, filter_id)
    cond, params = compile_query(filter_query(f), ctx.timestamp())
    ids = [r["message_id"] for r in ctx.all(
        f"SELECT m.message_id FROM email.message m WHERE m.mailbox = ? AND ({cond}) AND NOT EXISTS "
        "(SELECT 1 FROM email.message_label x WHERE x.message_id = m.message_id AND x.label_id IN ('SPAM', 'TRASH')) "
        "ORDER BY m.internal_date, m.message_id", mbx, *params)]
    acts = ctx.all("SELECT label_id, op FROM email.filter_label_action WHERE filter_id = ? ORDER BY label_id", filter_id)
    add = [a["label_id"] for a in acts if a["op"] == "add"]
    remove = [a["label_id"] for a in acts if a["op"] == "remove"]
    for lid in add + remove:
        label_for(ctx, mbx, lid)
    changed = []
    if not dry_run and (add or remove):
        changed = [mid for mid in ids if apply_labels_changed(ctx, mbx, mid, add, remove)[1]]
        if changed:
            audit(ctx, mbx, "mail_apply_filter", "filter", filter_id, f"{len(changed)} messages changed")
    return {"filter_id": filter_id, "matched": len(ids), "message_ids": ids, "applied": not dry_run and bool(add or remove),
            "changed": len(changed)}

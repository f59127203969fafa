"""Work notes (internal), comments (visible to the caller), notifications and the audit log."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, get_user, journal, me, nonblank, require_staff
from .incidents import load_incident

REF = {"INC_": ("incident_id", "itsm.incident"), "PRB_": ("problem_id", "itsm.problem"),
       "CHG_": ("change_id", "itsm.change_request"), "REQ_": ("request_id", "itsm.service_request")}
NotificationType = Literal["caller_update", "resolution", "major_incident", "assignment", "change_outcome", "request_update",
                           "general", "reminder", "report", "solution_proposal", "alert"]


def _ref(ctx: Ctx, record_id: str) -> tuple[str, dict]:
    """The reference column for a record id and the record, with visibility checks."""
    for prefix, (col, table) in REF.items():
        if record_id.startswith(prefix):
            if col == "incident_id":
                return col, load_incident(ctx, record_id)
            row = ctx.one(f"SELECT * FROM {table} WHERE {col} = ?", record_id)
            if row is None:
                raise ToolError(f"record '{record_id}' not found")
            u = me(ctx)
            if u["role"] == "reporter" and not (col == "request_id" and u["user_id"] in (row["requested_for"], row["opened_by"])):
                raise ToolError(f"not allowed: reporters cannot access {record_id}")
            return col, row
    raise ToolError(f"'{record_id}' is not a record id: use an id starting with INC_, PRB_, CHG_ or REQ_ (not a number)")


@tool
def add_work_note(ctx: Ctx, record_id: str, body: str) -> dict:
    """Add an internal work note (IT staff only, never shown to the caller) to an incident, problem, change or
    service request.

    Args:
        record_id: The record's id: INC_..., PRB_..., CHG_... or REQ_....
        body: The note.
    """
    require_staff(ctx, "write work notes")
    body = nonblank(body, "body")
    col, _ = _ref(ctx, record_id)
    row = journal(ctx, "work_note", body, **{col: record_id})
    audit(ctx, REF[record_id[:4]][1], record_id, "work_note")
    return row


@tool
def add_comment(ctx: Ctx, record_id: str, body: str) -> dict:
    """Add a comment visible to the caller / requester on an incident or service request (reporters only on
    their own records). Comments are not notifications: use itsm_send_notification to notify someone.

    Args:
        record_id: The record's id: INC_... or REQ_....
        body: The comment.
    """
    me(ctx)
    body = nonblank(body, "body")
    if record_id[:4] not in ("INC_", "REQ_"):
        raise ToolError("comments are for incidents (INC_...) and service requests (REQ_...); use add_work_note otherwise")
    col, _ = _ref(ctx, record_id)
    row = journal(ctx, "comment", body, **{col: record_id})
    audit(ctx, REF[record_id[:4]][1], record_id, "comment")
    return row


@tool
def list_journal(ctx: Ctx, record_id: str, kind: Literal["work_note", "comment"] | None = None,
                 limit: int = 20, offset: int = 0) -> dict:
    """Work notes and comments of a record, newest first. Reporters only see comments.

    Args:
        record_id: The record's id: INC_..., PRB_..., CHG_... or REQ_....
        kind: Only work notes or only comments.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    col, _ = _ref(ctx, record_id)
    sql = f"SELECT entry_id, kind, author_id, body, created_at FROM itsm.journal_entry WHERE {col} = ?"
    params: list = [record_id]
    if me(ctx)["role"] == "reporter":
        kind = "comment"
    if kind:
        sql += " AND kind = ?"
        params.append(kind)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="created_at DESC, entry_id DESC")


@tool
def itsm_send_notification(ctx: Ctx, recipient_id: str, subject: str, body: str, notification_type: NotificationType,
                           record_id: str | None = None, kb_article_id: str | None = None) -> dict:
    """Send an email notification to a user, optionally about a record (incident, problem, change, request) and
    pointing to a knowledge article. The recipient must be active. The result carries the delivery status
    (sent; the mail system later marks it delivered or bounced).

    Args:
        recipient_id: The recipient (USR...).
        subject: Subject line.
        body: Message.
        notification_type: The purpose: caller_update, resolution, major_incident, assignment, change_outcome,
            request_update, general, reminder (a due date or pending action), report (a summary or list),
            solution_proposal (a proposed fix or article for the recipient to try) or alert (a risk or threshold).
        record_id: The record it is about: INC_..., PRB_..., CHG_... or REQ_....
        kb_article_id: A published knowledge article the message points to (KB_...); internal articles only to staff.
    """
    u = require_staff(ctx, "send notifications")
    subject, body = nonblank(subject, "subject"), nonblank(body, "body")
    r = get_user(ctx, recipient_id, "recipient")
    if not r["active"]:
        raise ToolError(f"recipient {recipient_id} ({r['full_name']}) is inactive and cannot be notified")
    ref = {"incident_id": None, "problem_id": None, "change_id": None, "request_id": None}
    if record_id:
        col, _ = _ref(ctx, record_id)
        ref[col] = record_id
    if kb_article_id is not None:
        kb = ctx.require(ctx.one("SELECT * FROM itsm.kb_article WHERE article_id = ?", kb_article_id), "article", kb_article_id)
        if kb["state"] != "published":
            raise ToolError(f"article {kb['number']} is {kb['state']}; only published articles are sent")
        if kb["visibility"] == "internal" and r["role"] == "reporter":
            raise ToolError(f"article {kb['number']} is internal and {recipient_id} is a reporter; never send internal articles to reporters")
    return record_notification(ctx, u["user_id"], recipient_id, notification_type, subject, body, ref, record_id,
                               kb_article_id)


def record_notification(ctx: Ctx, sender_id: str, recipient_id: str, notification_type: str, subject: str, body: str,
                        ref: dict, record_id: str | None, kb_article_id: str | None = None) -> dict:
    """The notification row and its audit entry: the one way every ITSM tool sends mail."""
    nid = ctx.new_id("itsm.notification", "notification_id", "NTF", 6)
    row = ctx.insert("itsm.notification", {"notification_id": nid, "recipient_id": recipient_id, "sent_by": sender_id, **ref,
                                           "notification_type": notification_type, "subject": subject, "body": body,
                                           "sent_at": ctx.timestamp(), "kb_article_id": kb_article_id})
    audit(ctx, "itsm.notification", nid, "send", {"recipient_id": recipient_id, "record_id": record_id})
    return {**row, "delivery_status": "sent"}  # the column's default: the mail system updates it later


@tool
def notify_caller(ctx: Ctx, incident_id: str, subject: str, body: str,
                  notification_type: Literal["caller_update", "resolution", "major_incident"] = "caller_update") -> dict:
    """Notify the caller of an incident by email (shortcut for itsm_send_notification to the incident's caller).

    Args:
        incident_id: The incident (INC_...).
        subject: Subject line.
        body: Message.
        notification_type: caller_update, resolution or major_incident.
    """
    require_staff(ctx, "notify callers")
    inc = load_incident(ctx, incident_id)
    return itsm_send_notification.fn(ctx, recipient_id=inc["caller_id"], subject=subject, body=body,
                                     notification_type=notification_type, record_id=incident_id)


@tool
def itsm_list_notifications(ctx: Ctx, record_id: str | None = None, recipient_id: str | None = None,
                            delivery_status: Literal["sent", "delivered", "bounced"] | None = None,
                            limit: int = 20, offset: int = 0) -> dict:
    """Notifications sent, newest first, each with its type (the purposes itsm_send_notification takes, and
    'escalation' for the manager's mail of escalate_incident) and delivery status. Each item names the record it
    is about in `record_id` (the same id the record_id filter takes) besides the per-kind id columns.

    Args:
        record_id: Only notifications about this record (INC_..., PRB_..., CHG_..., REQ_...).
        recipient_id: Only notifications to this user.
        delivery_status: Only notifications in this delivery state (sent, delivered or bounced).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "read notifications")
    sql = ("SELECT *, coalesce(incident_id, problem_id, change_id, request_id) AS record_id "
           "FROM itsm.notification WHERE 1=1")
    params: list = []
    if record_id:
        col, _ = _ref(ctx, record_id)
        sql += f" AND {col} = ?"
        params.append(record_id)
    if recipient_id:
        sql += " AND recipient_id = ?"
        params.append(recipient_id)
    if delivery_status:
        sql += " AND delivery_status = ?"
        params.append(delivery_status)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="sent_at DESC, notification_id DESC")


@tool
def itsm_get_audit_log(ctx: Ctx, record_id: str | None = None, user_id: str | None = None, action: str | None = None,
                       limit: int = 20, offset: int = 0) -> dict:
    """The ITSM audit trail (who changed what, when), newest first. Staff only.

    Args:
        record_id: Only entries about this record id.
        user_id: Only entries by this user.
        action: Only this action (create, update, assign, resolve, close, ...).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "read the audit log")
    sql = "SELECT * FROM itsm.audit_log WHERE 1=1"
    params: list = []
    for col, val in (("record_id", record_id), ("user_id", user_id), ("action", action)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="created_at DESC, audit_id DESC")

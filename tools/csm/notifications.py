"""Customer notifications, email records and the audit log."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import actor, audit, case_row, get_row

Event = Literal["case_opened", "awaiting_info", "case_escalated", "case_resolved", "case_cancelled",
                "entitlement_updated", "general"]
SUPPORT_ADDRESS = "support@arcturus.example"
SUBJECTS = {"case_opened": "We received your case", "awaiting_info": "We need more information",
            "case_escalated": "Your case has been escalated", "case_resolved": "Your case is resolved",
            "case_cancelled": "Your case was cancelled", "entitlement_updated": "Your support entitlement changed",
            "general": "Update on your case"}
NO_CASE_SUBJECTS = {"general": "A message from Arcturus Support"}  # a general notice that is not about a case
CASE_EVENT_STATES = {"awaiting_info": ("awaiting_info",), "case_resolved": ("resolved",),
                     "case_cancelled": ("cancelled",)}


def _send(ctx: Ctx, contact: dict, case: dict | None, event: str, message: str | None) -> dict:
    nid = ctx.new_id("csm.notification", "notification_id", "NTF_", 5)
    subject = f"[{case['number']}] {SUBJECTS[event]}" if case else NO_CASE_SUBJECTS.get(event, SUBJECTS[event])
    now = ctx.timestamp()
    ctx.insert("csm.notification", {"notification_id": nid, "case_id": case and case["case_id"],
                                    "contact_id": contact["contact_id"], "event": event, "subject": subject,
                                    "sent_by": ctx.user_id, "sent_at": now})
    eid = ctx.new_id("csm.email_message", "email_id", "EML_", 5)
    body = f"Dear {contact['first_name']}, {subject}." + (f"\n\n{message.strip()}" if message else "")
    ctx.insert("csm.email_message", {"email_id": eid, "case_id": case and case["case_id"],
                                     "contact_id": contact["contact_id"], "notification_id": nid,
                                     "direction": "outbound", "from_address": SUPPORT_ADDRESS,
                                     "to_address": contact["email"], "subject": subject, "body": body, "sent_at": now})
    audit(ctx, "notification", nid, "create", {"event": event, "contact_id": contact["contact_id"]})
    return {"notification_id": nid, "email_id": eid, "event": event, "subject": subject, "to": contact["email"]}


@tool
def csm_send_case_notification(ctx: Ctx, case_id: str, event: Event, message: str | None = None,
                               contact_id: str | None = None) -> dict:
    """Notify a customer about a case event; the system renders the subject and sends the email (recorded in
    notifications and email messages). Goes to the case contact unless contact_id is given (another active contact
    of the case's account, e.g. an escalation contact). State events need the case in that state
    (awaiting_info, case_resolved -> resolved, case_cancelled -> cancelled).

    Args:
        case_id: The case's id (CS_...).
        event: case_opened, awaiting_info, case_escalated, case_resolved, case_cancelled, entitlement_updated or general.
        message: Optional text added to the email body.
        contact_id: Recipient other than the case contact (CON_...).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    need = CASE_EVENT_STATES.get(event)
    if need and c["state"] not in need + ("closed",) * (event == "case_resolved"):
        raise ToolError(f"event {event} does not match case {c['number']} in state '{c['state']}'")
    if event == "case_escalated" and c["escalation_level"] == 0:
        raise ToolError(f"case {c['number']} has not been escalated")
    contact = get_row(ctx, "csm.contact", "contact_id", contact_id or c["contact_id"], "contact")
    if contact_id and contact["account_id"] not in (c["account_id"], c["partner_account_id"]):
        raise ToolError(f"contact {contact_id} is not a contact of the case's account")
    if not contact["active"]:
        raise ToolError(f"contact {contact['contact_id']} is inactive; notifications cannot be sent to them")
    return _send(ctx, contact, c, event, message)


@tool
def csm_notify_contact(ctx: Ctx, contact_id: str, event: Literal["entitlement_updated", "general"],
                       message: str) -> dict:
    """Send a notification that is not about a case (e.g. an entitlement change) to an active contact. The subject
    is rendered from the event: "Your support entitlement changed" or, for general, "A message from Arcturus Support".

    Args:
        contact_id: The recipient (CON_...).
        event: entitlement_updated or general.
        message: The text of the email.
    """
    actor(ctx)
    contact = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if not contact["active"]:
        raise ToolError(f"contact {contact_id} is inactive; notifications cannot be sent to them")
    if not message.strip():
        raise ToolError("message is required")
    return _send(ctx, contact, None, event, message)


@tool
def csm_list_notifications(ctx: Ctx, case_id: str | None = None, contact_id: str | None = None,
                           event: Event | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List customer notifications by case, contact or event.

    Default order: by sent time, oldest first, then notification id.

    Args:
        case_id: Only notifications of this case.
        contact_id: Only notifications to this contact.
        event: Only this event.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    if not (case_id or contact_id):
        raise ToolError("give case_id or contact_id")
    sql = "SELECT * FROM csm.notification WHERE 1=1"
    params: list = []
    for col, val in (("case_id", case_id), ("contact_id", contact_id), ("event", event)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="sent_at, notification_id")


@tool
def csm_list_emails(ctx: Ctx, case_id: str | None = None, contact_id: str | None = None,
                    direction: Literal["inbound", "outbound"] | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List email messages exchanged with customers, by case or contact.

    Default order: by sent time, oldest first, then email id.

    Args:
        case_id: Only emails of this case.
        contact_id: Only emails to/from this contact.
        direction: inbound or outbound.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    if not (case_id or contact_id):
        raise ToolError("give case_id or contact_id")
    sql = "SELECT * FROM csm.email_message WHERE 1=1"
    params: list = []
    for col, val in (("case_id", case_id), ("contact_id", contact_id), ("direction", direction)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="sent_at, email_id")


@tool
def csm_get_audit_log(ctx: Ctx, record_id: str | None = None, table_name: str | None = None,
                      actor_id: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Read the CSM audit log (who changed what, when), newest first.

    Args:
        record_id: Only entries for this record id (e.g. CS_0012).
        table_name: Only entries for this table (e.g. support_case, entitlement).
        actor_id: Only entries made by this person (P....).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.audit_log WHERE 1=1"
    params: list = []
    for col, val in (("record_id", record_id), ("table_name", table_name), ("actor_id", actor_id)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="audit_id DESC")

"""Notifications and the HR audit log."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, notify, require_hr


@tool
def send_hr_notification(ctx: Ctx, subject: str, body: str, recipient_person_id: str | None = None,
                         recipient_group_id: str | None = None, case_id: str | None = None,
                         event_id: str | None = None) -> dict:
    """Send a notification to one person or to a group (exactly one recipient), optionally about a case or
    lifecycle event.

    Args:
        subject: Subject line.
        body: Message text.
        recipient_person_id: The person (P0123) to notify.
        recipient_group_id: The group (GRP001) to notify.
        case_id: Related case id.
        event_id: Related lifecycle event id.
    """
    require_hr(ctx)
    if bool(recipient_person_id) == bool(recipient_group_id):
        raise ToolError("give exactly one of recipient_person_id or recipient_group_id")
    if recipient_person_id:
        p = ctx.one("SELECT person_id, active FROM org.person WHERE person_id = ?", recipient_person_id)
        if p is None:
            raise ToolError(f"person '{recipient_person_id}' not found (person ids look like P0123; an employee's "
                            "person_id is on get_employee)")
    if recipient_group_id:
        g = ctx.one("SELECT group_id, active FROM hr.hr_group WHERE group_id = ?", recipient_group_id)
        if g is None or not g["active"]:
            raise ToolError(f"group '{recipient_group_id}' not found or retired")
    if case_id and not ctx.scalar("SELECT count(*) FROM hr.hr_case WHERE case_id = ?", case_id):
        raise ToolError(f"case '{case_id}' not found")
    if event_id and not ctx.scalar("SELECT count(*) FROM hr.lifecycle_event WHERE event_id = ?", event_id):
        raise ToolError(f"lifecycle event '{event_id}' not found")
    if not subject.strip() or not body.strip():
        raise ToolError("subject and body are mandatory")
    row = notify(ctx, subject, body, recipient_person_id, recipient_group_id, case_id, event_id)
    audit(ctx, "send_hr_notification", "notification", row["notification_id"], None, subject)
    return row


@tool
def list_hr_notifications(ctx: Ctx, recipient_person_id: str | None = None, recipient_group_id: str | None = None,
                          case_id: str | None = None, event_id: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List notifications sent. Paginated, newest first.

    Args:
        recipient_person_id: Sent to this person.
        recipient_group_id: Sent to this group.
        case_id: About this case.
        event_id: About this lifecycle event.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    for col, val in (("recipient_person_id", recipient_person_id), ("recipient_group_id", recipient_group_id),
                     ("case_id", case_id), ("event_id", event_id)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    sql = "SELECT * FROM hr.notification" + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="sent_at DESC, notification_id DESC")


@tool
def hr_get_audit_log(ctx: Ctx, entity_id: str | None = None, employee_id: str | None = None, action: str | None = None,
                     limit: int = 20, offset: int = 0) -> dict:
    """Read the HR audit log (who did what, when), newest first. Paginated. HR roles only.

    Args:
        entity_id: Entries about this record id (case, event, grant, ...).
        employee_id: Entries about this employee.
        action: The tool/action name (e.g. revoke_access).
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_hr(ctx)
    conds, params = [], []
    for col, val in (("entity_id", entity_id), ("employee_id", employee_id), ("action", action)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    sql = "SELECT * FROM hr.audit_log" + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="audit_id DESC")

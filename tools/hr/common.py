"""Shared helpers of the HR tools: permissions, look-ups, audit log, notifications, directory sync."""

from __future__ import annotations

import datetime as dt
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

HR_ROLES = ("hr_admin", "hr_specialist", "hr_partner")
PRIVACY_DAYS = {"GDPR": 30, "CCPA": 45, "PIPEDA": 30, "DPDP": 30, "PDPA": 30, "APP": 30, "APPI": 14, "OTHER": 30}
PRIORITY_DAYS = {1: 2, 2: 5, 3: 10, 4: 15}
RECORD_GROUP = {"compensation": "GRP010", "payroll": "GRP012", "misconduct_investigation": "GRP011",
                "medical_accommodation": "GRP013"}
OPEN_CASE_STATES = ("new", "in_progress", "awaiting_info")


def require_hr(ctx: Ctx, admin: bool = False) -> None:
    """HR staff only (hr_admin / hr_specialist / hr_partner); admin=True: hr_admin only."""
    if admin and ctx.role != "hr_admin":
        raise ToolError(f"not allowed: this action requires the hr_admin role (acting user {ctx.user_id} has role {ctx.role})")
    if ctx.role not in HR_ROLES:
        raise ToolError(f"not allowed: this action requires an HR role (acting user {ctx.user_id} has role {ctx.role})")


def me(ctx: Ctx) -> str | None:
    """The acting user's employee id."""
    return ctx.scalar("SELECT employee_id FROM hr.employee WHERE person_id = ?", ctx.user_id)


def is_member(ctx: Ctx, group_id: str, employee_id: str | None) -> bool:
    if not employee_id:
        return False
    return bool(ctx.scalar("SELECT count(*) FROM hr.group_member WHERE group_id = ? AND employee_id = ?",
                           group_id, employee_id))


def require_member(ctx: Ctx, group_id: str, what: str) -> None:
    if not is_member(ctx, group_id, me(ctx)):
        name = ctx.scalar("SELECT name FROM hr.hr_group WHERE group_id = ?", group_id)
        raise ToolError(f"not allowed: {what} is restricted to members of {group_id} ({name}); "
                        f"acting user {ctx.user_id} is not a member")


def employee(ctx: Ctx, employee_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM hr.employee WHERE employee_id = ?", employee_id)
    if row is None:
        raise ToolError(f"employee '{employee_id}' not found; employee ids look like EMP0123 "
                        "(use find_employees to look one up by name or email)")
    return row


def group(ctx: Ctx, group_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM hr.hr_group WHERE group_id = ?", group_id)
    if row is None:
        raise ToolError(f"group '{group_id}' not found (use hr_list_groups)")
    return row


def today(ctx: Ctx) -> dt.date:
    return ctx.timestamp().date()


def parse_date(value: str, field: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ToolError(f"{field} must be a date in YYYY-MM-DD format, got '{value}'") from None


def audit(ctx: Ctx, action: str, entity_type: str, entity_id: str, employee_id: str | None = None,
          details: str | None = None) -> None:
    ctx.insert("hr.audit_log", {
        "audit_id": ctx.new_id("hr.audit_log", "audit_id", "AUD", 6), "actor_id": ctx.user_id,
        "employee_id": employee_id, "action": action, "entity_type": entity_type, "entity_id": entity_id,
        "details": details, "created_at": ctx.timestamp()})


def notify(ctx: Ctx, subject: str, body: str, person_id: str | None = None, group_id: str | None = None,
           case_id: str | None = None, event_id: str | None = None) -> dict[str, Any]:
    return ctx.insert("hr.notification", {
        "notification_id": ctx.new_id("hr.notification", "notification_id", "NTF", 5),
        "recipient_person_id": person_id, "recipient_group_id": group_id, "case_id": case_id, "event_id": event_id,
        "subject": subject, "body": body, "sent_by": ctx.user_id, "sent_at": ctx.timestamp()})


def sync_person(ctx: Ctx, employee_id: str) -> None:
    """Keep the shared directory (org.person) in step with the HR system of record."""
    e = employee(ctx, employee_id)
    mgr = ctx.scalar("SELECT person_id FROM hr.employee WHERE employee_id = ?", e["manager_id"]) if e["manager_id"] else None
    title = ctx.scalar("SELECT title FROM hr.position WHERE position_id = ?", e["position_id"]) if e["position_id"] else None
    values = {"department_id": e["department_id"], "location_id": e["location_id"], "manager_id": mgr,
              "cost_center_id": e["cost_center_id"], "active": e["status"] != "terminated"}
    if title:
        values["title"] = title
    cur = ctx.one("SELECT department_id, location_id, manager_id, cost_center_id, active, title FROM org.person "
                  "WHERE person_id = ?", e["person_id"])
    changed = {k: v for k, v in values.items() if cur is None or cur.get(k) != v}
    if changed:
        ctx.update("org.person", {"person_id": e["person_id"]}, changed)


def clean(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}

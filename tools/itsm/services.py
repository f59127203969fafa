"""Business services and their offerings, locations, further affected CIs and escalation of incidents."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import OPEN_INCIDENT, audit, get_user, journal, my_id, require_staff
from .incidents import incident_view, load_incident
from .journal import record_notification

EscalationReason = Literal["sla_breach", "vip_caller", "business_impact", "customer_request"]


@tool
def itsm_list_service_offerings(ctx: Ctx, business_service_id: str | None = None, status: Literal["active", "retired"] | None = None,
                                name: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Service offerings: the support tiers (gold, silver, bronze) in which a business service is provided, with
    the offering's support group. Find the business services themselves with find_cis(ci_class='business_service').

    Default order: by offering id, ascending.

    Args:
        business_service_id: Only offerings of this business service (CI...).
        status: Only active or only retired offerings.
        name: Part of the offering name (case-insensitive).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "read service offerings")
    sql = ("SELECT o.offering_id, o.name, o.tier, o.status, o.service_ci_id AS business_service_id, c.name AS business_service_name, "
           "o.support_group_id, o.description FROM itsm.service_offering o JOIN itsm.configuration_item c ON c.ci_id = o.service_ci_id "
           "WHERE 1=1")
    params: list = []
    for col, val in (("o.service_ci_id", business_service_id), ("o.status", status)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if name:
        sql += " AND o.name ILIKE ?"
        params.append(f"%{name}%")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="o.offering_id")


@tool
def itsm_find_locations(ctx: Ctx, name: str | None = None, city: str | None = None, country: str | None = None,
                        limit: int = 20, offset: int = 0) -> dict:
    """Company locations (offices and data centres) to record where an incident happens.

    Default order: by location id, ascending.

    Args:
        name: Part of the location name (case-insensitive).
        city: Part of the city (case-insensitive).
        country: Part of the country (case-insensitive).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "read locations")
    sql = "SELECT * FROM org.location WHERE 1=1"
    params: list = []
    for col, val in (("name", name), ("city", city), ("country", country)):
        if val:
            sql += f" AND {col} ILIKE ?"
            params.append(f"%{val}%")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="location_id")


@tool
def add_affected_ci(ctx: Ctx, incident_id: str, ci_id: str) -> dict:
    """Record a further configuration item an open incident affects (the main one is the incident's ci_id).

    Args:
        incident_id: The incident (INC_...).
        ci_id: The affected CI (CI...); not retired, not already the main or a listed CI.
    """
    u = require_staff(ctx, "change affected CIs")
    inc = load_incident(ctx, incident_id)
    if inc["state"] not in OPEN_INCIDENT:
        raise ToolError(f"incident {inc['number']} is {inc['state']}; affected CIs change only while it is open")
    ci = ctx.require(ctx.one("SELECT * FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)
    if ci["status"] == "retired":
        raise ToolError(f"configuration item {ci_id} ({ci['name']}) is retired")
    if inc["ci_id"] == ci_id:
        raise ToolError(f"{ci_id} is already the main configuration item of {inc['number']}")
    if ctx.scalar("SELECT count(*) FROM itsm.incident_ci WHERE incident_id = ? AND ci_id = ?", incident_id, ci_id):
        raise ToolError(f"{ci_id} is already listed as affected by {inc['number']}")
    ctx.insert("itsm.incident_ci", {"incident_id": incident_id, "ci_id": ci_id, "added_by": u["user_id"], "added_at": ctx.timestamp()})
    audit(ctx, "itsm.incident_ci", f"{incident_id}:{ci_id}", "add_affected_ci")
    return {"incident_id": incident_id, "ci_id": ci_id, "ci_name": ci["name"], "added": True}


@tool
def remove_affected_ci(ctx: Ctx, incident_id: str, ci_id: str) -> dict:
    """Remove a further affected configuration item from an open incident.

    Args:
        incident_id: The incident (INC_...).
        ci_id: A CI listed by list_affected_cis (CI...).
    """
    require_staff(ctx, "change affected CIs")
    inc = load_incident(ctx, incident_id)
    if inc["state"] not in OPEN_INCIDENT:
        raise ToolError(f"incident {inc['number']} is {inc['state']}; affected CIs change only while it is open")
    if not ctx.delete("itsm.incident_ci", {"incident_id": incident_id, "ci_id": ci_id}):
        raise ToolError(f"{ci_id} is not listed as affected by {inc['number']}")
    audit(ctx, "itsm.incident_ci", f"{incident_id}:{ci_id}", "remove_affected_ci")
    return {"incident_id": incident_id, "ci_id": ci_id, "removed": True}


@tool
def list_affected_cis(ctx: Ctx, incident_id: str) -> list:
    """Every configuration item an incident affects: its main CI (is_main true) and the further ones.

    Default order: the main CI first, then by CI id.

    Args:
        incident_id: The incident (INC_...).
    """
    inc = load_incident(ctx, incident_id)
    return ctx.all(
        "SELECT c.ci_id, c.name, c.ci_class, c.status, c.environment, (c.ci_id = ?) AS is_main, x.added_at "
        "FROM itsm.configuration_item c LEFT JOIN itsm.incident_ci x ON x.ci_id = c.ci_id AND x.incident_id = ? "
        "WHERE c.ci_id = ? OR x.incident_id IS NOT NULL ORDER BY is_main DESC, c.ci_id",
        inc["ci_id"], incident_id, inc["ci_id"])


@tool
def escalate_incident(ctx: Ctx, incident_id: str, reason: EscalationReason, note: str) -> dict:
    """Escalate an open incident for management attention. This sets the incident's escalation flag and reason
    (it does not reassign it or change its priority), writes the note as a work note and notifies the assignment
    group's manager by email (notification type 'escalation'). An incident is escalated once.

    Args:
        incident_id: The incident (INC_...).
        reason: sla_breach (a resolution or response timer has breached), vip_caller, business_impact or customer_request.
        note: Why, in a sentence; becomes the work note and the notification body.
    """
    require_staff(ctx, "escalate incidents")
    inc = load_incident(ctx, incident_id)
    if inc["state"] not in OPEN_INCIDENT:
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only open incidents are escalated")
    if inc["escalated"]:
        raise ToolError(f"incident {inc['number']} is already escalated ({inc['escalation_reason']})")
    note = (note or "").strip()
    if not note:
        raise ToolError("note is mandatory: say why the incident is escalated")
    if reason == "sla_breach" and not ctx.scalar(
            "SELECT count(*) FROM itsm.task_sla WHERE incident_id = ? AND stage <> 'cancelled' "
            "AND (has_breached OR (stage = 'in_progress' AND due_at < ?))", incident_id, ctx.timestamp()):
        raise ToolError(f"incident {inc['number']} has no breached SLA timer; choose another reason")
    if not inc["assignment_group_id"]:
        raise ToolError(f"incident {inc['number']} has no assignment group whose manager could be notified; assign it first")
    manager_id = ctx.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", inc["assignment_group_id"])
    manager = get_user(ctx, manager_id, "group manager") if manager_id else None
    if manager is None or not manager["active"]:
        raise ToolError(f"the manager of {inc['assignment_group_id']} is inactive or missing; set a group manager first")
    now = ctx.timestamp()
    ctx.update("itsm.incident", {"incident_id": incident_id}, {"escalated": True, "escalation_reason": reason, "updated_at": now})
    journal(ctx, "work_note", f"Escalated ({reason}): {note}", incident_id=incident_id)
    record_notification(ctx, my_id(ctx), manager_id, "escalation", f"Escalation: {inc['number']} {inc['short_description']}"[:200],
                        note, {"incident_id": incident_id, "problem_id": None, "change_id": None, "request_id": None}, incident_id)
    audit(ctx, "itsm.incident", incident_id, "escalate", {"escalated": [False, True], "escalation_reason": [None, reason]})
    out = incident_view(ctx, ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", incident_id))
    out["notified_manager_id"] = manager_id
    return out

"""SLA definitions and task SLA timers (response / resolution, pause on hold, breach)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import attach_sla, audit, me, nonblank, require_staff, sla_view
from .incidents import load_incident


@tool
def itsm_list_sla_definitions(ctx: Ctx, applies_to: Literal["incident", "service_request"] | None = None,
                              priority: int | None = None, target: Literal["response", "resolution"] | None = None,
                              include_inactive: bool = False) -> list:
    """SLA definitions: what they apply to, target (response/resolution), priority and duration.

    Default order: by sla def id, ascending.

    Args:
        applies_to: Only definitions for incidents or service requests.
        priority: Only definitions for this incident priority (1-5).
        target: Only response or resolution definitions.
        include_inactive: Also list retired definitions (which can no longer be attached).
    """
    me(ctx)
    sql = "SELECT * FROM itsm.sla_definition WHERE 1=1"
    params: list = []
    for col, val in (("applies_to", applies_to), ("priority", priority), ("target", target)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if not include_inactive:
        sql += " AND active"
    return ctx.all(sql + " ORDER BY sla_def_id", *params)


@tool
def itsm_get_sla_definition(ctx: Ctx, sla_def_id: str) -> dict:
    """Get one SLA definition.

    Args:
        sla_def_id: The definition id (SLA...).
    """
    me(ctx)
    return ctx.require(ctx.one("SELECT * FROM itsm.sla_definition WHERE sla_def_id = ?", sla_def_id), "SLA definition", sla_def_id)


@tool
def list_task_slas(ctx: Ctx, incident_id: str | None = None, request_id: str | None = None) -> list:
    """The SLA timers of one incident or service request, with computed breached flag and minutes left.

    Default order: by task sla id, ascending.

    Args:
        incident_id: The incident (INC_...).
        request_id: The service request (REQ_...).
    """
    if bool(incident_id) == bool(request_id):
        raise ToolError("give exactly one of incident_id or request_id")
    if incident_id:
        load_incident(ctx, incident_id)
        rows = ctx.all("SELECT t.*, d.name AS sla_name, d.priority AS sla_priority FROM itsm.task_sla t "
                       "JOIN itsm.sla_definition d USING (sla_def_id) WHERE t.incident_id = ? ORDER BY t.task_sla_id", incident_id)
    else:
        require_staff(ctx, "read request SLAs")
        rows = ctx.all("SELECT t.*, d.name AS sla_name, d.priority AS sla_priority FROM itsm.task_sla t "
                       "JOIN itsm.sla_definition d USING (sla_def_id) WHERE t.request_id = ? ORDER BY t.task_sla_id", request_id)
    return [sla_view(ctx, r) for r in rows]


@tool
def find_task_slas(ctx: Ctx, stage: Literal["in_progress", "paused", "completed", "cancelled"] | None = None,
                   target: Literal["response", "resolution"] | None = None, breached: bool | None = None,
                   due_within_minutes: int | None = None, assignment_group_id: str | None = None,
                   max_priority: int | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search incident SLA timers across incidents, e.g. running timers about to breach. `breached` counts a
    running timer as breached once its due time has passed. Sorted by due time.

    Args:
        stage: Only timers in this stage.
        target: Only response or resolution timers.
        breached: Only breached (true) or not breached (false) timers.
        due_within_minutes: Only running timers due between now and now + this many minutes (not yet breached).
        assignment_group_id: Only timers of incidents assigned to this group.
        max_priority: Only incidents with priority <= this value.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "search SLA timers")
    now = ctx.timestamp()
    sql = ("SELECT t.task_sla_id, t.sla_def_id, t.target, t.stage, t.start_time, t.due_at, t.has_breached, "
           "t.completed_at, i.incident_id, i.number, i.priority, i.state AS incident_state, i.assignment_group_id, "
           "i.assigned_to, (t.has_breached OR (t.stage = 'in_progress' AND t.due_at < ?)) AS breached "
           "FROM itsm.task_sla t JOIN itsm.incident i USING (incident_id) WHERE 1=1")
    params: list = [now]
    if stage:
        sql += " AND t.stage = ?"
        params.append(stage)
    if target:
        sql += " AND t.target = ?"
        params.append(target)
    if breached is not None:
        sql += " AND (t.has_breached OR (t.stage = 'in_progress' AND t.due_at < ?)) = ?"
        params += [now, breached]
    if due_within_minutes is not None:
        if due_within_minutes < 1 or due_within_minutes > 525_600:
            raise ToolError("due_within_minutes must be between 1 and 525600 (a year)")
        sql += " AND t.stage = 'in_progress' AND t.due_at >= ? AND t.due_at <= ? + to_minutes(CAST(? AS BIGINT))"
        params += [now, now, due_within_minutes]
    if assignment_group_id:
        sql += " AND i.assignment_group_id = ?"
        params.append(assignment_group_id)
    if max_priority is not None:
        sql += " AND i.priority <= ?"
        params.append(max_priority)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="t.due_at, t.task_sla_id")


@tool
def attach_task_sla(ctx: Ctx, incident_id: str, sla_def_id: str) -> dict:
    """Attach an SLA definition to an open incident. The definition must be active, for incidents and for the
    incident's current priority, and the incident must not already have a running timer of the same target.
    The timer starts at the incident's opened time (retroactive), so due = opened_at + duration.

    Args:
        incident_id: The incident (INC_...).
        sla_def_id: The SLA definition (SLA...).
    """
    require_staff(ctx, "attach SLAs")
    inc = load_incident(ctx, incident_id)
    d = ctx.require(ctx.one("SELECT * FROM itsm.sla_definition WHERE sla_def_id = ?", sla_def_id), "SLA definition", sla_def_id)
    if inc["state"] not in ("new", "in_progress", "on_hold"):
        raise ToolError(f"incident {inc['number']} is {inc['state']}; SLAs can only be attached to open incidents")
    if not d["active"]:
        raise ToolError(f"SLA definition {sla_def_id} ({d['name']}) is inactive")
    if d["applies_to"] != "incident":
        raise ToolError(f"SLA definition {sla_def_id} applies to {d['applies_to']}, not incidents")
    if d["priority"] != inc["priority"]:
        raise ToolError(f"SLA definition {sla_def_id} is for priority {d['priority']} but incident {inc['number']} "
                        f"has priority {inc['priority']}")
    running = ctx.one("SELECT task_sla_id FROM itsm.task_sla WHERE incident_id = ? AND target = ? AND stage IN "
                      "('in_progress', 'paused')", incident_id, d["target"])
    if running:
        raise ToolError(f"incident {inc['number']} already has a running {d['target']} timer ({running['task_sla_id']}); "
                        "cancel it first (cancel_task_sla)")
    if d["target"] == "response" and inc["state"] != "new":
        raise ToolError(f"incident {inc['number']} has already been responded to (state {inc['state']}); "
                        "a response SLA cannot be attached")
    row = attach_sla(ctx, d, incident=inc)
    audit(ctx, "itsm.task_sla", row["task_sla_id"], "attach", {"incident_id": incident_id, "sla_def_id": sla_def_id})
    return sla_view(ctx, ctx.one("SELECT * FROM itsm.task_sla WHERE task_sla_id = ?", row["task_sla_id"]))


@tool
def cancel_task_sla(ctx: Ctx, task_sla_id: str, reason: str) -> dict:
    """Cancel a running or paused SLA timer (e.g. after a priority change). Completed timers cannot be cancelled.

    Args:
        task_sla_id: The timer (TSLA...).
        reason: Why it is cancelled.
    """
    require_staff(ctx, "cancel SLAs")
    reason = nonblank(reason, "reason")
    t = ctx.require(ctx.one("SELECT * FROM itsm.task_sla WHERE task_sla_id = ?", task_sla_id), "task SLA", task_sla_id)
    if t["stage"] not in ("in_progress", "paused"):
        raise ToolError(f"task SLA {task_sla_id} is {t['stage']}; only running or paused timers can be cancelled")
    ctx.update("itsm.task_sla", {"task_sla_id": task_sla_id}, {"stage": "cancelled", "cancel_reason": reason})
    audit(ctx, "itsm.task_sla", task_sla_id, "cancel", {"stage": [t["stage"], "cancelled"], "reason": reason})
    return sla_view(ctx, ctx.one("SELECT * FROM itsm.task_sla WHERE task_sla_id = ?", task_sla_id))

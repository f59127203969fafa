"""SLA definitions and the SLAs attached to cases."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import Coverage, Priority, actor, audit, business_due, case_row, get_row


@tool
def csm_list_slas(ctx: Ctx, sla_type: Literal["response", "resolution"] | None = None,
                  priority: Priority | None = None, coverage: Coverage | None = None,
                  limit: int = 20, offset: int = 0) -> dict:
    """List SLA definitions (type, priority, coverage schedule, target minutes).

    Default order: by sla id, ascending.

    Args:
        sla_type: response or resolution.
        priority: Only SLAs for this priority.
        coverage: Only SLAs on this schedule: 8x5, 12x5 or 24x7.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT d.sla_id, d.name, d.sla_type, d.priority, d.schedule_id, s.coverage, d.target_minutes, d.active "
           "FROM csm.sla_definition d JOIN csm.schedule s USING (schedule_id) WHERE 1=1")
    params: list = []
    for col, val in (("d.sla_type", sla_type), ("d.priority", priority), ("s.coverage", coverage)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="d.sla_id")


@tool
def csm_get_sla(ctx: Ctx, sla_id: str) -> dict:
    """Get an SLA definition.

    Args:
        sla_id: The SLA definition's id (SLA_...).
    """
    return get_row(ctx, "csm.sla_definition", "sla_id", sla_id, "SLA definition")


@tool
def csm_list_case_slas(ctx: Ctx, case_id: str) -> list:
    """List the SLAs attached to a case with stage, start, due and stop times.

    Default order: by case sla id, ascending.

    Args:
        case_id: The case's id (CS_...).
    """
    case_row(ctx, case_id)
    return ctx.all("SELECT cs.*, d.name, d.sla_type, d.priority FROM csm.case_sla cs JOIN csm.sla_definition d "
                   "USING (sla_id) WHERE cs.case_id = ? ORDER BY cs.case_sla_id", case_id)


@tool
def csm_attach_case_sla(ctx: Ctx, case_id: str, sla_id: str) -> dict:
    """Start an SLA on an active case. The definition must match the case priority and the coverage schedule of
    the case's entitlement (8x5 when the case has no entitlement); a case can have only one running SLA of each
    type. The system sets start (now) and due time (target minutes counted within the schedule's hours).

    Args:
        case_id: The case's id (CS_...).
        sla_id: The SLA definition (SLA_...).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] not in ("new", "open", "awaiting_info"):
        raise ToolError(f"case {c['number']} is {c['state']}; SLAs can only be attached to active cases")
    d = get_row(ctx, "csm.sla_definition", "sla_id", sla_id, "SLA definition")
    if not d["active"]:
        raise ToolError(f"SLA definition {sla_id} is inactive")
    if d["priority"] != c["priority"]:
        raise ToolError(f"SLA {d['name']} is for priority {d['priority']} but case {c['number']} is {c['priority']}")
    sched_id = ctx.scalar("SELECT schedule_id FROM csm.entitlement WHERE entitlement_id = ?", c["entitlement_id"]) \
        or "SCH_8X5"
    if d["schedule_id"] != sched_id:
        raise ToolError(f"SLA {d['name']} runs on {d['schedule_id']} but the case's coverage schedule is {sched_id}")
    running = ctx.scalar("SELECT cs.case_sla_id FROM csm.case_sla cs JOIN csm.sla_definition x USING (sla_id) "
                         "WHERE cs.case_id = ? AND x.sla_type = ? AND cs.stage IN ('in_progress', 'paused')",
                         case_id, d["sla_type"])
    if running:
        raise ToolError(f"case {c['number']} already has a running {d['sla_type']} SLA ({running}); "
                        "cancel it first (csm_cancel_case_sla)")
    s = ctx.one("SELECT * FROM csm.schedule WHERE schedule_id = ?", d["schedule_id"])
    now = ctx.timestamp()
    due = business_due(now, d["target_minutes"], s["start_hour"], s["end_hour"], s["weekdays_only"])
    csid = ctx.new_id("csm.case_sla", "case_sla_id", "CSLA_", 5)
    row = ctx.insert("csm.case_sla", {"case_sla_id": csid, "case_id": case_id, "sla_id": sla_id,
                                      "stage": "paused" if c["state"] == "awaiting_info" and d["sla_type"] == "resolution"
                                      else "in_progress", "start_time": now, "due_time": due, "stop_time": None})
    audit(ctx, "case_sla", csid, "create", {"case_id": case_id, "sla_id": sla_id})
    return {**row, "name": d["name"]}


@tool
def csm_cancel_case_sla(ctx: Ctx, case_sla_id: str) -> dict:
    """Cancel a running or paused case SLA (e.g. after the case priority changed).

    Args:
        case_sla_id: The case SLA's id (CSLA_...), from csm_list_case_slas.
    """
    actor(ctx)
    r = get_row(ctx, "csm.case_sla", "case_sla_id", case_sla_id, "case SLA")
    if r["stage"] not in ("in_progress", "paused"):
        raise ToolError(f"case SLA {case_sla_id} is already {r['stage']}")
    now = ctx.timestamp()
    ctx.update("csm.case_sla", {"case_sla_id": case_sla_id}, {"stage": "cancelled", "stop_time": now})
    audit(ctx, "case_sla", case_sla_id, "update", {"stage": [r["stage"], "cancelled"]})
    return {**r, "stage": "cancelled", "stop_time": dt.datetime.isoformat(now, timespec="seconds")}

"""Case state machine: new -> open -> awaiting_info -> resolved -> closed, cancel, reopen, escalate."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .cases import case_view, record_comment
from .common import actor, audit, case_row, stop_slas, update_audited

ResolutionCode = Literal["solved_workaround", "solved_permanently", "solved_by_kb", "hardware_replaced",
                         "not_reproducible", "duplicate"]


def _require_state(c: dict, allowed: tuple[str, ...], action: str) -> None:
    if c["state"] not in allowed:
        raise ToolError(f"cannot {action} case {c['number']}: it is '{c['state']}' "
                        f"(allowed from: {', '.join(allowed)})")


def _note(ctx: Ctx, case_id: str, body: str) -> None:
    record_comment(ctx, case_id, "work_note", body)


@tool
def csm_open_case(ctx: Ctx, case_id: str) -> dict:
    """Accept a new case: new -> open. The case must have an assignment group and an assignee. The system stops
    the running response SLA (achieved, or breached if past due). An SLA whose stage is already `breached` is left
    as it is (not in `stopped_slas`).

    Args:
        case_id: The case's id (CS_...).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("new",), "open")
    if not c["assignment_group_id"] or not c["assigned_to"]:
        raise ToolError(f"case {c['number']} needs an assignment group and an assignee before it can be opened "
                        "(csm_assign_case)")
    update_audited(ctx, "csm.support_case", "case_id", case_id, {"state": "open", "updated_at": ctx.timestamp()})
    stopped = stop_slas(ctx, case_id, "response", "complete")
    return {**case_view(ctx, case_id), "stopped_slas": stopped}


@tool
def csm_set_case_awaiting_info(ctx: Ctx, case_id: str, reason: str) -> dict:
    """Put an open case on hold waiting for the customer: open -> awaiting_info. Running (in_progress) resolution
    SLAs pause; one whose stage is already `breached` is left as it is.

    Args:
        case_id: The case's id (CS_...).
        reason: What we are waiting for (e.g. 'Need diagnostic bundle').
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("open",), "put on hold")
    if not reason.strip():
        raise ToolError("reason is required")
    update_audited(ctx, "csm.support_case", "case_id", case_id,
                   {"state": "awaiting_info", "awaiting_reason": reason.strip(), "updated_at": ctx.timestamp()})
    for r in ctx.all("SELECT cs.case_sla_id FROM csm.case_sla cs JOIN csm.sla_definition d USING (sla_id) "
                     "WHERE cs.case_id = ? AND cs.stage = 'in_progress' AND d.sla_type = 'resolution'", case_id):
        ctx.update("csm.case_sla", {"case_sla_id": r["case_sla_id"]}, {"stage": "paused"})
        audit(ctx, "case_sla", r["case_sla_id"], "update", {"stage": ["in_progress", "paused"]})
    return case_view(ctx, case_id)


@tool
def csm_resume_case(ctx: Ctx, case_id: str, note: str | None = None) -> dict:
    """Resume a case the customer answered: awaiting_info -> open. Paused SLAs run again.

    Args:
        case_id: The case's id (CS_...).
        note: Optional work note about the information received.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("awaiting_info",), "resume")
    update_audited(ctx, "csm.support_case", "case_id", case_id,
                   {"state": "open", "awaiting_reason": None, "updated_at": ctx.timestamp()})
    for r in ctx.all("SELECT case_sla_id FROM csm.case_sla WHERE case_id = ? AND stage = 'paused'", case_id):
        ctx.update("csm.case_sla", {"case_sla_id": r["case_sla_id"]}, {"stage": "in_progress"})
        audit(ctx, "case_sla", r["case_sla_id"], "update", {"stage": ["paused", "in_progress"]})
    if note:
        _note(ctx, case_id, note)
    return case_view(ctx, case_id)


@tool
def csm_resolve_case(ctx: Ctx, case_id: str, resolution_code: ResolutionCode, resolution_notes: str) -> dict:
    """Resolve a case: open/awaiting_info -> resolved. Needs a resolution code and notes, and no open case tasks.
    The system stops running/paused SLAs (achieved or breached by their due time); SLAs already `breached` are left
    as they are.

    Args:
        case_id: The case's id (CS_...).
        resolution_code: How it was solved.
        resolution_notes: What was done.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("open", "awaiting_info"), "resolve")
    if not resolution_notes.strip():
        raise ToolError("resolution_notes are required")
    open_tasks = ctx.all("SELECT number FROM csm.case_task WHERE case_id = ? AND state IN ('open', 'in_progress') "
                         "ORDER BY number", case_id)
    if open_tasks:
        raise ToolError(f"case {c['number']} has open tasks ({', '.join(t['number'] for t in open_tasks)}); "
                        "complete or cancel them first")
    now = ctx.timestamp()
    update_audited(ctx, "csm.support_case", "case_id", case_id,
                   {"state": "resolved", "resolution_code": resolution_code, "resolution_notes": resolution_notes.strip(),
                    "awaiting_reason": None, "resolved_at": now, "updated_at": now})
    stopped = stop_slas(ctx, case_id, None, "complete")
    return {**case_view(ctx, case_id), "stopped_slas": stopped}


@tool
def csm_close_case(ctx: Ctx, case_id: str) -> dict:
    """Close a resolved case: resolved -> closed (final).

    Args:
        case_id: The case's id (CS_...).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("resolved",), "close")
    now = ctx.timestamp()
    update_audited(ctx, "csm.support_case", "case_id", case_id, {"state": "closed", "closed_at": now, "updated_at": now})
    return case_view(ctx, case_id)


@tool
def csm_reopen_case(ctx: Ctx, case_id: str, reason: str) -> dict:
    """Reopen a resolved case (not closed or cancelled ones): resolved -> open. The resolution is cleared and the
    reason is recorded as a work note. Attach a new resolution SLA per policy.

    Args:
        case_id: The case's id (CS_...).
        reason: Why the case is reopened.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("resolved",), "reopen")
    if not reason.strip():
        raise ToolError("reason is required")
    update_audited(ctx, "csm.support_case", "case_id", case_id,
                   {"state": "open", "resolution_code": None, "resolution_notes": None, "resolved_at": None,
                    "updated_at": ctx.timestamp()})
    _note(ctx, case_id, f"Reopened: {reason.strip()}")
    return case_view(ctx, case_id)


@tool
def csm_cancel_case(ctx: Ctx, case_id: str, reason: str) -> dict:
    """Cancel an active case: new/open/awaiting_info -> cancelled (final). The system cancels running SLAs and
    open case tasks.

    Args:
        case_id: The case's id (CS_...).
        reason: Why it is cancelled.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("new", "open", "awaiting_info"), "cancel")
    if not reason.strip():
        raise ToolError("reason is required")
    now = ctx.timestamp()
    update_audited(ctx, "csm.support_case", "case_id", case_id,
                   {"state": "cancelled", "cancel_reason": reason.strip(), "awaiting_reason": None, "updated_at": now})
    stopped = stop_slas(ctx, case_id, None, "cancel")
    tasks = ctx.all("SELECT task_id FROM csm.case_task WHERE case_id = ? AND state IN ('open', 'in_progress') "
                    "ORDER BY task_id", case_id)
    for t in tasks:
        ctx.update("csm.case_task", {"task_id": t["task_id"]},
                   {"state": "cancelled", "completed_at": now, "close_notes": "Case cancelled"})
        audit(ctx, "case_task", t["task_id"], "update", {"state": ["open", "cancelled"]})
    return {**case_view(ctx, case_id), "stopped_slas": stopped, "cancelled_tasks": [t["task_id"] for t in tasks]}


@tool
def csm_escalate_case(ctx: Ctx, case_id: str, reason: str) -> dict:
    """Escalate an active case one level (max level 2). The system picks the target: from a Tier 1 group to the
    Tier 2 group that supports the case's product; from Tier 2 to that group's escalation group (Tier 3). The case
    goes to the target group's queue (unassigned) and an escalation record is written.

    Args:
        case_id: The case's id (CS_...).
        reason: Why the case is escalated.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    _require_state(c, ("new", "open", "awaiting_info"), "escalate")
    if not reason.strip():
        raise ToolError("reason is required")
    if c["escalation_level"] >= 2:
        raise ToolError(f"case {c['number']} is already at the highest escalation level (2)")
    cur = ctx.one("SELECT * FROM csm.assignment_group WHERE group_id = ?", c["assignment_group_id"])
    if cur is None or cur["tier"] == 1:
        if not c["product_id"]:
            raise ToolError(f"case {c['number']} has no product; set the asset first so the Tier 2 group is known")
        target = ctx.scalar("SELECT support_group_id FROM csm.product WHERE product_id = ?", c["product_id"])
    else:
        target = cur["escalation_group_id"]
        if not target:
            raise ToolError(f"group {cur['name']} has no escalation group")
    level = c["escalation_level"] + 1
    update_audited(ctx, "csm.support_case", "case_id", case_id,
                   {"escalation_level": level, "assignment_group_id": target, "assigned_to": None,
                    "updated_at": ctx.timestamp()})
    eid = ctx.new_id("csm.case_escalation", "escalation_id", "ESC_", 4)
    row = ctx.insert("csm.case_escalation", {"escalation_id": eid, "case_id": case_id, "level": level,
                                             "from_group_id": c["assignment_group_id"], "to_group_id": target,
                                             "requested_by": ctx.user_id, "reason": reason.strip(),
                                             "created_at": ctx.timestamp()})
    audit(ctx, "case_escalation", eid, "create", {"case_id": case_id, "level": level})
    return {**case_view(ctx, case_id), "escalation": row}


@tool
def csm_list_case_escalations(ctx: Ctx, case_id: str) -> list:
    """List a case's escalations, oldest first.

    Args:
        case_id: The case's id (CS_...).
    """
    case_row(ctx, case_id)
    return ctx.all("SELECT * FROM csm.case_escalation WHERE case_id = ? ORDER BY escalation_id", case_id)


@tool
def csm_get_case_routing_facts(ctx: Ctx, case_id: str) -> dict:
    """Show the routing facts of a case: its priority, entitlement support level, product family and the product's
    Tier 2 group, and the site's region with that region's Tier 1 group. It does not decide or change routing.

    Args:
        case_id: The case's id (CS_...).
    """
    c = case_row(ctx, case_id)
    ent = ctx.one("SELECT support_level, schedule_id FROM csm.entitlement WHERE entitlement_id = ?", c["entitlement_id"])
    prod = ctx.one("SELECT family, support_group_id FROM csm.product WHERE product_id = ?", c["product_id"])
    region = ctx.scalar("SELECT region FROM csm.site WHERE site_id = ?", c["site_id"]) or \
        ctx.scalar("SELECT region FROM csm.account WHERE account_id = ?", c["account_id"])
    tier1 = ctx.scalar("SELECT group_id FROM csm.assignment_group WHERE tier = 1 AND region = ? AND active", region)
    return {"case_id": case_id, "priority": c["priority"], "support_level": ent and ent["support_level"],
            "product_family": prod and prod["family"], "product_tier2_group_id": prod and prod["support_group_id"],
            "site_region": region, "regional_tier1_group_id": tier1}

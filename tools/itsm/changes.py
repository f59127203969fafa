"""Change requests: normal / standard / emergency, risk, the change state machine, linked incidents."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, changed, check_assignee, check_group, journal, me, nonblank, parse_ts, require_staff
from .incidents import load_incident

ChangeType = Literal["normal", "standard", "emergency"]
RISK = {1: "high", 2: "moderate", 3: "low", 4: "low"}
FLOW = {"normal": ["new", "assess", "authorize", "scheduled", "implement", "review", "closed"],
        "standard": ["new", "scheduled", "implement", "review", "closed"],
        "emergency": ["new", "authorize", "scheduled", "implement", "review", "closed"]}
EDITABLE = ("new", "assess", "authorize")


def load_change(ctx: Ctx, change_id: str) -> dict:
    require_staff(ctx, "work with change requests")
    return ctx.require(ctx.one("SELECT * FROM itsm.change_request WHERE change_id = ?", change_id), "change request", change_id)


def change_view(ctx: Ctx, change_id: str) -> dict:
    c = ctx.one("SELECT * FROM itsm.change_request WHERE change_id = ?", change_id)
    extra = ctx.one("SELECT (SELECT name FROM itsm.configuration_item WHERE ci_id = ?) AS ci_name, "
                    "(SELECT name FROM itsm.user_group WHERE group_id = ?) AS assignment_group_name, "
                    "(SELECT count(*) FROM itsm.change_task WHERE change_id = ? AND state IN ('open', 'in_progress')) AS open_tasks",
                    c["ci_id"], c["assignment_group_id"], change_id)
    return {**c, **extra, "next_states": _next(c)}


def _next(c: dict) -> list[str]:
    flow = FLOW[c["change_type"]]
    if c["state"] in ("closed", "canceled") or c["state"] == "review":
        return []
    return [flow[flow.index(c["state"]) + 1]]


def required_approvals(ctx: Ctx, c: dict) -> list[tuple[str, str]]:
    """(approver_type, approver_id) pairs the policy requires for this change."""
    if c["change_type"] == "standard":
        return []
    need = [("group_manager", ctx.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", c["assignment_group_id"]))]
    if c["change_type"] == "normal" and c["risk"] in ("moderate", "high") and c["cab_id"]:
        need.append(("cab_chair", ctx.scalar("SELECT chair_id FROM itsm.cab_meeting WHERE cab_id = ?", c["cab_id"])))
    if c["change_type"] == "normal" and c["risk"] == "high":
        owner = ctx.scalar("SELECT owned_by FROM itsm.configuration_item WHERE ci_id = ?", c["ci_id"])
        if owner not in [who for _, who in need]:  # an owner who already approves in another function is not asked twice
            need.append(("ci_owner", owner))
    return need


def window_problems(ctx: Ctx, c: dict) -> list[str]:
    start, end = c["planned_start"], c["planned_end"]
    out = []
    blackout = ctx.all("SELECT window_id, name FROM itsm.maintenance_window WHERE window_type = 'blackout' "
                       "AND (ci_id IS NULL OR ci_id = ?) AND starts_at < CAST(? AS TIMESTAMP) AND ends_at > CAST(? AS TIMESTAMP) "
                       "ORDER BY window_id", c["ci_id"], end, start)
    if blackout and c["change_type"] != "emergency":
        out += [f"the planned window overlaps blackout {b['window_id']} ({b['name']})" for b in blackout]
    if c["change_type"] == "normal" and not ctx.scalar(
            "SELECT count(*) FROM itsm.maintenance_window WHERE window_type = 'maintenance' AND (ci_id IS NULL OR ci_id = ?) "
            "AND starts_at <= CAST(? AS TIMESTAMP) AND ends_at >= CAST(? AS TIMESTAMP)", c["ci_id"], start, end):
        out.append("a normal change must be planned entirely inside one maintenance window for its CI")
    return out


@tool
def get_change(ctx: Ctx, change_id: str) -> dict:
    """Get a change request by id (CHG_...), with its next allowed state and open task count.

    Args:
        change_id: The change's id (CHG_ followed by digits), not its number.
    """
    load_change(ctx, change_id)
    return change_view(ctx, change_id)


@tool
def find_changes(ctx: Ctx, number: str | None = None, state: str | None = None, change_type: ChangeType | None = None,
                 ci_id: str | None = None, assignment_group_id: str | None = None, assigned_to: str | None = None,
                 problem_id: str | None = None, cab_id: str | None = None, planned_after: str | None = None,
                 planned_before: str | None = None, text: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search change requests.

    Default order: by number, ascending.

    Args:
        number: Exact change number (CHG00...).
        state: Only this state (new, assess, authorize, scheduled, implement, review, closed, canceled).
        change_type: Only this type.
        ci_id: Only changes on this CI.
        assignment_group_id: Only changes of this group.
        assigned_to: Only changes assigned to this user (USR...).
        problem_id: Only changes linked to this problem.
        cab_id: Only changes on this CAB meeting's agenda.
        planned_after: Planned start at or after this ISO timestamp.
        planned_before: Planned start before this ISO timestamp.
        text: Words in the short description.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "search changes")
    sql = ("SELECT change_id, number, change_type, short_description, state, approval, risk, ci_id, assignment_group_id, "
           "assigned_to, cab_id, problem_id, planned_start, planned_end FROM itsm.change_request WHERE 1=1")
    params: list = []
    for col, val in (("number", number.strip().upper() if number else None), ("state", state), ("change_type", change_type),
                     ("ci_id", ci_id), ("assignment_group_id", assignment_group_id), ("assigned_to", assigned_to),
                     ("problem_id", problem_id), ("cab_id", cab_id)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if planned_after:
        sql += " AND planned_start >= ?"
        params.append(parse_ts(planned_after, "planned_after"))
    if planned_before:
        sql += " AND planned_start < ?"
        params.append(parse_ts(planned_before, "planned_before"))
    for word in (text or "").split():
        sql += " AND short_description ILIKE ?"
        params.append(f"%{word}%")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="number")


@tool
def create_change(ctx: Ctx, change_type: ChangeType, short_description: str, ci_id: str,
                  assignment_group_id: str | None = None, assigned_to: str | None = None, template_id: str | None = None,
                  description: str | None = None, justification: str | None = None, implementation_plan: str | None = None,
                  backout_plan: str | None = None, test_plan: str | None = None, planned_start: str | None = None,
                  planned_end: str | None = None, problem_id: str | None = None) -> dict:
    """Raise a change request. The system sets the number and the risk from the CI's criticality (1 high,
    2 moderate, 3-4 low; standard changes are low risk and pre-approved). A standard change needs an active
    template for the CI's class; its group and plans come from the template.

    Args:
        change_type: normal, standard (from a template) or emergency.
        short_description: One-line summary.
        ci_id: The CI being changed (CI...).
        assignment_group_id: Implementing group (GRP...); for standard changes the template's group.
        assigned_to: Implementer; must be an active member of the group.
        template_id: Standard change template (STD...); required for standard changes only.
        description: Details.
        justification: Why the change is needed (mandatory for emergency changes).
        implementation_plan: Steps.
        backout_plan: How to roll back.
        test_plan: How success is verified.
        planned_start: Planned start (ISO timestamp, UTC).
        planned_end: Planned end (ISO timestamp, UTC).
        problem_id: The problem this change fixes (PRB_...).
    """
    u = require_staff(ctx, "raise change requests")
    short_description = nonblank(short_description, "short_description")
    ci = ctx.require(ctx.one("SELECT * FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)
    if ci["status"] == "retired":
        raise ToolError(f"{ci['name']} is retired; changes cannot target it")
    tpl = None
    if change_type == "standard":
        if not template_id:
            raise ToolError("a standard change needs template_id (see list_standard_change_templates)")
        tpl = ctx.require(ctx.one("SELECT * FROM itsm.standard_change_template WHERE template_id = ?", template_id),
                          "standard change template", template_id)
        if not tpl["active"]:
            raise ToolError(f"template {template_id} ({tpl['name']}) is inactive; raise a normal change instead")
        if tpl["ci_class"] != ci["ci_class"]:
            raise ToolError(f"template {template_id} is for {tpl['ci_class']} CIs, but {ci['name']} is a {ci['ci_class']}")
        if assignment_group_id and assignment_group_id != tpl["assignment_group_id"]:
            raise ToolError(f"template {template_id} is implemented by {tpl['assignment_group_id']}")
        assignment_group_id = tpl["assignment_group_id"]
        implementation_plan, backout_plan, test_plan = tpl["implementation_plan"], tpl["backout_plan"], tpl["test_plan"]
    elif template_id:
        raise ToolError("template_id is only for standard changes")
    if change_type == "emergency":
        justification = nonblank(justification, "justification (mandatory for emergency changes)")
    group = assignment_group_id or ci["support_group_id"]
    check_group(ctx, group)
    if assigned_to:
        check_assignee(ctx, group, assigned_to)
    start = parse_ts(planned_start, "planned_start") if planned_start else None
    end = parse_ts(planned_end, "planned_end") if planned_end else None
    if start and end and end <= start:
        raise ToolError("planned_end must be after planned_start")
    if problem_id:
        ctx.require(ctx.one("SELECT problem_id FROM itsm.problem WHERE problem_id = ?", problem_id), "problem", problem_id)
    cid = ctx.new_id("itsm.change_request", "change_id", "CHG_", 4)
    now = ctx.timestamp()
    ctx.insert("itsm.change_request", {
        "change_id": cid, "number": ctx.new_id("itsm.change_request", "number", "CHG", 7), "change_type": change_type,
        "short_description": short_description, "description": description, "justification": justification,
        "implementation_plan": implementation_plan, "backout_plan": backout_plan, "test_plan": test_plan,
        "risk": "low" if change_type == "standard" else RISK[ci["criticality"]], "state": "new",
        "approval": "approved" if change_type == "standard" else "not_requested", "requested_by": u["user_id"],
        "assignment_group_id": group, "assigned_to": assigned_to, "ci_id": ci_id,
        "template_id": template_id if tpl else None, "cab_id": None, "problem_id": problem_id, "planned_start": start,
        "planned_end": end, "actual_start": None, "actual_end": None, "close_code": None, "close_notes": None,
        "closed_by": None, "created_at": now, "updated_at": now})
    audit(ctx, "itsm.change_request", cid, "create", {"change_type": change_type, "ci_id": ci_id})
    return change_view(ctx, cid)


@tool
def update_change(ctx: Ctx, change_id: str, description: str | None = None, justification: str | None = None,
                  implementation_plan: str | None = None, backout_plan: str | None = None, test_plan: str | None = None,
                  planned_start: str | None = None, planned_end: str | None = None, problem_id: str | None = None,
                  assignment_group_id: str | None = None, assigned_to: str | None = None) -> dict:
    """Update a change while it is new, assess or authorize (plans, planned window, problem, assignment).
    Assignment (group/assignee) can also change while scheduled or implementing.

    Args:
        change_id: The change (CHG_...).
        description: New description.
        justification: New justification.
        implementation_plan: New implementation plan.
        backout_plan: New backout plan.
        test_plan: New test plan.
        planned_start: New planned start (ISO, UTC).
        planned_end: New planned end (ISO, UTC).
        problem_id: The problem the change fixes (PRB_...).
        assignment_group_id: New implementing group.
        assigned_to: New implementer (active member of the group).
    """
    c = load_change(ctx, change_id)
    values: dict = {}
    plan_fields = {"description": description, "justification": justification, "implementation_plan": implementation_plan,
                   "backout_plan": backout_plan, "test_plan": test_plan}
    touching_plan = any(v is not None for v in plan_fields.values()) or planned_start or planned_end or problem_id
    if touching_plan and c["state"] not in EDITABLE:
        raise ToolError(f"change {c['number']} is {c['state']}; plans and window can only change in new, assess or authorize")
    if c["state"] in ("review", "closed", "canceled"):
        raise ToolError(f"change {c['number']} is {c['state']} and can no longer be changed")
    if c["change_type"] == "standard" and any(plan_fields[k] is not None for k in ("implementation_plan", "backout_plan", "test_plan")):
        raise ToolError("the plans of a standard change come from its template and cannot be edited")
    for k, v in plan_fields.items():
        if v is not None:
            values[k] = v
    start = parse_ts(planned_start, "planned_start") if planned_start else None
    end = parse_ts(planned_end, "planned_end") if planned_end else None
    if start:
        values["planned_start"] = start
    if end:
        values["planned_end"] = end
    s = start or (dt.datetime.fromisoformat(c["planned_start"]) if c["planned_start"] else None)
    e = end or (dt.datetime.fromisoformat(c["planned_end"]) if c["planned_end"] else None)
    if s and e and e <= s:
        raise ToolError("planned_end must be after planned_start")
    if problem_id:
        ctx.require(ctx.one("SELECT problem_id FROM itsm.problem WHERE problem_id = ?", problem_id), "problem", problem_id)
        values["problem_id"] = problem_id
    group = assignment_group_id or c["assignment_group_id"]
    if assignment_group_id:
        if c["change_type"] == "standard":
            raise ToolError("a standard change is implemented by its template's group")
        check_group(ctx, assignment_group_id)
        values["assignment_group_id"] = assignment_group_id
    if assigned_to:
        check_assignee(ctx, group, assigned_to)
        values["assigned_to"] = assigned_to
    diff = changed(c, values)
    if not diff:
        raise ToolError("nothing to change")
    values["updated_at"] = ctx.timestamp()
    ctx.update("itsm.change_request", {"change_id": change_id}, values)
    audit(ctx, "itsm.change_request", change_id, "update", diff)
    return change_view(ctx, change_id)


@tool
def advance_change(ctx: Ctx, change_id: str, state: Literal["assess", "authorize", "scheduled", "implement", "review"]) -> dict:
    """Move a change to its next state. Flows: normal new-assess-authorize-scheduled-implement-review;
    standard new-scheduled-implement-review; emergency new-authorize-scheduled-implement-review.
    Checks: plans, CI and planned window before leaving new; CAB meeting for moderate/high-risk normal changes
    before authorize; every required approval approved and window rules before scheduled; now inside the planned
    window to implement; all change tasks finished before review. Emergency changes need a linked priority 1-2
    incident (link type resolves) before authorize.

    Args:
        change_id: The change (CHG_...).
        state: The next state.
    """
    c = load_change(ctx, change_id)
    nxt = _next(c)
    if state not in nxt:
        raise ToolError(f"change {c['number']} ({c['change_type']}) is {c['state']}; allowed next state: "
                        f"{', '.join(nxt) or 'none (use close_change or cancel_change)'}")
    now = ctx.timestamp()
    values: dict = {"state": state, "updated_at": now}
    if c["state"] == "new":
        missing = [f for f in ("implementation_plan", "backout_plan", "test_plan", "planned_start", "planned_end")
                   if not c[f]]
        if missing:
            raise ToolError(f"change {c['number']} is missing: {', '.join(missing)}")
        if c["change_type"] != "emergency" and dt.datetime.fromisoformat(c["planned_start"]) <= now:
            raise ToolError("the planned start is in the past; replan the window")
    if state == "authorize":
        if c["change_type"] == "normal" and c["risk"] in ("moderate", "high") and not c["cab_id"]:
            raise ToolError(f"change {c['number']} is {c['risk']} risk; put it on a CAB meeting agenda first (add_change_to_cab)")
        if c["change_type"] == "emergency" and not ctx.scalar(
                "SELECT count(*) FROM itsm.change_incident l JOIN itsm.incident i USING (incident_id) WHERE l.change_id = ? "
                "AND l.link_type = 'resolves' AND i.priority <= 2", change_id):
            raise ToolError("an emergency change needs a linked priority 1 or 2 incident (link type resolves)")
    if state == "scheduled":
        if c["change_type"] != "standard":
            appr = {(a["approver_type"], a["approver_id"]): a["state"] for a in ctx.all(
                "SELECT approver_type, approver_id, state FROM itsm.change_approval WHERE change_id = ?", change_id)}
            for atype, who in required_approvals(ctx, c):
                if appr.get((atype, who)) != "approved":
                    raise ToolError(f"change {c['number']} needs an approved {atype} approval from {who} "
                                    f"(current: {appr.get((atype, who), 'not requested')})")
        problems = window_problems(ctx, c)
        if problems:
            raise ToolError(f"change {c['number']} cannot be scheduled: " + "; ".join(problems))
    if state == "implement":
        if not (dt.datetime.fromisoformat(c["planned_start"]) <= now <= dt.datetime.fromisoformat(c["planned_end"])):
            raise ToolError(f"change {c['number']} can only be implemented inside its planned window "
                            f"{c['planned_start']} - {c['planned_end']} (now {now.isoformat()})")
        values["actual_start"] = now
    if state == "review":
        n = ctx.scalar("SELECT count(*) FROM itsm.change_task WHERE change_id = ? AND state IN ('open', 'in_progress')", change_id)
        if n:
            raise ToolError(f"change {c['number']} has {n} unfinished change task(s); close them first")
        values["actual_end"] = now
    ctx.update("itsm.change_request", {"change_id": change_id}, values)
    audit(ctx, "itsm.change_request", change_id, "state_change", {"state": [c["state"], state]})
    return change_view(ctx, change_id)


@tool
def close_change(ctx: Ctx, change_id: str, close_code: Literal["successful", "successful_with_issues", "unsuccessful"],
                 close_notes: str) -> dict:
    """Close a change that is in review. Close code and notes are mandatory. Linked incidents and problems are
    not updated automatically (see policy).

    Args:
        change_id: The change (CHG_...).
        close_code: The outcome.
        close_notes: What happened.
    """
    c = load_change(ctx, change_id)
    notes = nonblank(close_notes, "close_notes")
    if c["state"] != "review":
        raise ToolError(f"change {c['number']} is {c['state']}; only changes in review can be closed")
    now = ctx.timestamp()
    ctx.update("itsm.change_request", {"change_id": change_id},
               {"state": "closed", "close_code": close_code, "close_notes": notes, "closed_by": me(ctx)["user_id"],
                "updated_at": now})
    audit(ctx, "itsm.change_request", change_id, "close", {"state": ["review", "closed"], "close_code": close_code})
    return change_view(ctx, change_id)


@tool
def cancel_change(ctx: Ctx, change_id: str, reason: str) -> dict:
    """Cancel a change that has not started implementation. Pending approvals are cancelled and open change
    tasks are canceled; the reason is recorded as a work note.

    Args:
        change_id: The change (CHG_...).
        reason: Why it is canceled.
    """
    c = load_change(ctx, change_id)
    reason = nonblank(reason, "reason")
    if c["state"] not in ("new", "assess", "authorize", "scheduled"):
        raise ToolError(f"change {c['number']} is {c['state']}; only changes that have not started implementation can be canceled")
    now = ctx.timestamp()
    for a in ctx.all("SELECT approval_id FROM itsm.change_approval WHERE change_id = ? AND state = 'requested'", change_id):
        ctx.update("itsm.change_approval", {"approval_id": a["approval_id"]}, {"state": "cancelled", "decided_at": now})
    for t in ctx.all("SELECT ctask_id FROM itsm.change_task WHERE change_id = ? AND state IN ('open', 'in_progress')", change_id):
        ctx.update("itsm.change_task", {"ctask_id": t["ctask_id"]}, {"state": "canceled", "closed_at": now})
    ctx.update("itsm.change_request", {"change_id": change_id}, {"state": "canceled", "updated_at": now})
    journal(ctx, "work_note", f"Canceled: {reason}", change_id=change_id)
    audit(ctx, "itsm.change_request", change_id, "cancel", {"state": [c["state"], "canceled"], "reason": reason})
    return change_view(ctx, change_id)


@tool
def link_incident_to_change(ctx: Ctx, change_id: str, incident_id: str, link_type: Literal["caused_by", "resolves"]) -> dict:
    """Link an incident to a change: 'resolves' (the change fixes the incident) or 'caused_by' (the change
    caused the incident).

    Args:
        change_id: The change (CHG_...).
        incident_id: The incident (INC_...).
        link_type: resolves or caused_by.
    """
    c = load_change(ctx, change_id)
    inc = load_incident(ctx, incident_id)
    if c["state"] == "canceled":
        raise ToolError(f"change {c['number']} is canceled")
    if ctx.scalar("SELECT count(*) FROM itsm.change_incident WHERE change_id = ? AND incident_id = ?", change_id, incident_id):
        raise ToolError(f"incident {inc['number']} is already linked to {c['number']}")
    ctx.insert("itsm.change_incident", {"change_id": change_id, "incident_id": incident_id, "link_type": link_type,
                                        "linked_by": me(ctx)["user_id"], "linked_at": ctx.timestamp()})
    audit(ctx, "itsm.change_incident", f"{change_id}:{incident_id}", "link", {"link_type": link_type})
    return {"change_id": change_id, "change_number": c["number"], "incident_id": incident_id,
            "incident_number": inc["number"], "link_type": link_type}


@tool
def unlink_incident_from_change(ctx: Ctx, change_id: str, incident_id: str) -> dict:
    """Remove the link between an incident and a change.

    Args:
        change_id: The change (CHG_...).
        incident_id: The incident (INC_...).
    """
    load_change(ctx, change_id)
    if not ctx.delete("itsm.change_incident", {"change_id": change_id, "incident_id": incident_id}):
        raise ToolError(f"incident {incident_id} is not linked to change {change_id}")
    audit(ctx, "itsm.change_incident", f"{change_id}:{incident_id}", "unlink")
    return {"change_id": change_id, "incident_id": incident_id, "unlinked": True}


@tool
def list_change_incidents(ctx: Ctx, change_id: str | None = None, incident_id: str | None = None) -> list:
    """Incident links of a change, or change links of an incident.

    Default order: by change id, then incident id.

    Args:
        change_id: The change (CHG_...).
        incident_id: The incident (INC_...).
    """
    require_staff(ctx, "read change links")
    if bool(change_id) == bool(incident_id):
        raise ToolError("give exactly one of change_id or incident_id")
    col = "l.change_id" if change_id else "l.incident_id"
    return ctx.all("SELECT l.change_id, c.number AS change_number, c.state AS change_state, l.incident_id, "
                   "i.number AS incident_number, i.state AS incident_state, i.on_hold_reason, i.caller_id, l.link_type "
                   "FROM itsm.change_incident l JOIN itsm.change_request c USING (change_id) JOIN itsm.incident i "
                   f"USING (incident_id) WHERE {col} = ? ORDER BY l.change_id, l.incident_id", change_id or incident_id)

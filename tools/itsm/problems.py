"""Problems: root cause, known errors, linking incidents."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (PRIORITY_NAME, Level, audit, changed, check_assignee, check_group, me, nonblank, priority_of,
                     require_staff)
from .incidents import load_incident

ProblemState = Literal["new", "assess", "root_cause_analysis", "fix_in_progress", "resolved", "closed", "canceled"]
NEXT = {"new": ("assess",), "assess": ("root_cause_analysis",), "root_cause_analysis": ("fix_in_progress",),
        "fix_in_progress": ("root_cause_analysis",)}
OPEN = ("new", "assess", "root_cause_analysis", "fix_in_progress")


def _problem(ctx: Ctx, problem_id: str) -> dict:
    require_staff(ctx, "work with problems")
    return ctx.require(ctx.one("SELECT * FROM itsm.problem WHERE problem_id = ?", problem_id), "problem", problem_id)


def _view(ctx: Ctx, problem_id: str) -> dict:
    p = ctx.one("SELECT * FROM itsm.problem WHERE problem_id = ?", problem_id)
    n = ctx.scalar("SELECT count(*) FROM itsm.incident WHERE problem_id = ?", problem_id)
    return {**p, "priority_name": PRIORITY_NAME[p["priority"]], "incident_count": n}


@tool
def get_problem(ctx: Ctx, problem_id: str) -> dict:
    """Get a problem by id (PRB_...), with the number of linked incidents.

    Args:
        problem_id: The problem's id (PRB_ followed by digits), not its number.
    """
    _problem(ctx, problem_id)
    return _view(ctx, problem_id)


@tool
def find_problems(ctx: Ctx, number: str | None = None, state: ProblemState | None = None, open_only: bool = False,
                  known_error: bool | None = None, ci_id: str | None = None, assignment_group_id: str | None = None,
                  assigned_to: str | None = None, text: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search problems.

    Default order: by number, ascending.

    Args:
        number: Exact problem number (PRB00...).
        state: Only this state.
        open_only: Only problems not yet resolved, closed or canceled.
        known_error: Only known errors (true) or not (false).
        ci_id: Only problems on this CI.
        assignment_group_id: Only problems of this group.
        assigned_to: Only problems assigned to this user (USR...).
        text: Words in the short description.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "search problems")
    sql = ("SELECT problem_id, number, short_description, state, priority, known_error, ci_id, assignment_group_id, "
           "assigned_to, opened_at FROM itsm.problem WHERE 1=1")
    params: list = []
    for col, val in (("number", number.strip().upper() if number else None), ("state", state), ("known_error", known_error),
                     ("ci_id", ci_id), ("assignment_group_id", assignment_group_id), ("assigned_to", assigned_to)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if open_only:
        sql += " AND state IN ('new', 'assess', 'root_cause_analysis', 'fix_in_progress')"
    for word in (text or "").split():
        sql += " AND short_description ILIKE ?"
        params.append(f"%{word}%")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="number")


@tool
def create_problem(ctx: Ctx, short_description: str, impact: Level, urgency: Level, description: str | None = None,
                   ci_id: str | None = None, assignment_group_id: str | None = None, assigned_to: str | None = None) -> dict:
    """Open a problem record. The system sets the number and priority (impact x urgency).

    Args:
        short_description: One-line summary.
        impact: 1 high, 2 medium, 3 low.
        urgency: 1 high, 2 medium, 3 low.
        description: Details.
        ci_id: The affected CI (CI...).
        assignment_group_id: The group investigating it (GRP...).
        assigned_to: The problem manager/analyst; must be an active member of the group.
    """
    u = require_staff(ctx, "open problems")
    short_description = nonblank(short_description, "short_description")
    if ci_id:
        ctx.require(ctx.one("SELECT ci_id FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)
    if assignment_group_id:
        check_group(ctx, assignment_group_id)
    if assigned_to:
        check_assignee(ctx, assignment_group_id, assigned_to)
    pid = ctx.new_id("itsm.problem", "problem_id", "PRB_", 4)
    now = ctx.timestamp()
    ctx.insert("itsm.problem", {
        "problem_id": pid, "number": ctx.new_id("itsm.problem", "number", "PRB", 7), "short_description": short_description,
        "description": description, "state": "new", "impact": impact, "urgency": urgency,
        "priority": priority_of(impact, urgency), "ci_id": ci_id, "assignment_group_id": assignment_group_id,
        "assigned_to": assigned_to, "opened_by": u["user_id"], "known_error": False, "root_cause": None, "workaround": None,
        "kb_article_id": None, "resolution_code": None, "resolved_by": None, "opened_at": now, "resolved_at": None,
        "closed_at": None, "updated_at": now})
    audit(ctx, "itsm.problem", pid, "create", {"short_description": short_description})
    return _view(ctx, pid)


@tool
def update_problem(ctx: Ctx, problem_id: str, short_description: str | None = None, description: str | None = None,
                   root_cause: str | None = None, impact: Level | None = None, urgency: Level | None = None,
                   ci_id: str | None = None, assignment_group_id: str | None = None, assigned_to: str | None = None) -> dict:
    """Update an open problem (priority recomputed from impact x urgency).

    Args:
        problem_id: The problem (PRB_...).
        short_description: New summary.
        description: New description.
        root_cause: The root cause found.
        impact: New impact.
        urgency: New urgency.
        ci_id: New affected CI.
        assignment_group_id: New group.
        assigned_to: New assignee (active member of the group).
    """
    p = _problem(ctx, problem_id)
    if p["state"] not in OPEN:
        raise ToolError(f"problem {p['number']} is {p['state']} and can no longer be changed")
    values: dict = {}
    if short_description is not None:
        values["short_description"] = nonblank(short_description, "short_description")
    if description is not None:
        values["description"] = description
    if root_cause is not None:
        values["root_cause"] = nonblank(root_cause, "root_cause")
    if ci_id is not None:
        ctx.require(ctx.one("SELECT ci_id FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)
        values["ci_id"] = ci_id
    if assignment_group_id is not None:
        check_group(ctx, assignment_group_id)
        values["assignment_group_id"] = assignment_group_id
        if assigned_to is None and p["assigned_to"] and not ctx.scalar(
                "SELECT count(*) FROM itsm.group_member WHERE group_id = ? AND user_id = ?", assignment_group_id, p["assigned_to"]):
            values["assigned_to"] = None
    if assigned_to is not None:
        check_assignee(ctx, values.get("assignment_group_id", p["assignment_group_id"]), assigned_to)
        values["assigned_to"] = assigned_to
    if impact is not None or urgency is not None:
        values["impact"] = impact or p["impact"]
        values["urgency"] = urgency or p["urgency"]
        values["priority"] = priority_of(values["impact"], values["urgency"])
    diff = changed(p, values)
    if not diff:
        raise ToolError("nothing to change")
    values["updated_at"] = ctx.timestamp()
    ctx.update("itsm.problem", {"problem_id": problem_id}, values)
    audit(ctx, "itsm.problem", problem_id, "update", diff)
    return _view(ctx, problem_id)


@tool
def advance_problem_state(ctx: Ctx, problem_id: str, state: Literal["assess", "root_cause_analysis", "fix_in_progress"]) -> dict:
    """Move a problem through analysis: new -> assess -> root_cause_analysis -> fix_in_progress (and back from
    fix_in_progress to root_cause_analysis). assess needs an assignee; fix_in_progress needs a root cause.

    Args:
        problem_id: The problem (PRB_...).
        state: The next state.
    """
    p = _problem(ctx, problem_id)
    if state not in NEXT.get(p["state"], ()):
        allowed = ", ".join(NEXT.get(p["state"], ())) or "none (use resolve_problem / close_problem)"
        raise ToolError(f"problem {p['number']} is {p['state']}; allowed next states: {allowed}")
    if state == "assess" and not p["assigned_to"]:
        raise ToolError(f"problem {p['number']} needs an assignee before assessment")
    if state == "fix_in_progress" and not p["root_cause"]:
        raise ToolError(f"problem {p['number']} needs a root cause before fix_in_progress (update_problem root_cause)")
    ctx.update("itsm.problem", {"problem_id": problem_id}, {"state": state, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.problem", problem_id, "state_change", {"state": [p["state"], state]})
    return _view(ctx, problem_id)


@tool
def mark_problem_known_error(ctx: Ctx, problem_id: str, workaround: str, kb_article_id: str | None = None) -> dict:
    """Mark an open problem as a known error with its workaround. A root cause must be recorded first. An
    optional knowledge article holding the workaround is linked to the problem.

    Args:
        problem_id: The problem (PRB_...).
        workaround: The workaround users/agents can apply.
        kb_article_id: The knowledge article (KB_...) documenting the workaround.
    """
    p = _problem(ctx, problem_id)
    workaround = nonblank(workaround, "workaround")
    if p["state"] not in ("assess", "root_cause_analysis", "fix_in_progress"):
        raise ToolError(f"problem {p['number']} is {p['state']}; only problems under assessment or analysis can become known errors")
    if not p["root_cause"]:
        raise ToolError(f"problem {p['number']} has no root cause; record it first (update_problem root_cause)")
    values: dict = {"known_error": True, "workaround": workaround, "updated_at": ctx.timestamp()}
    if kb_article_id:
        kb = ctx.require(ctx.one("SELECT * FROM itsm.kb_article WHERE article_id = ?", kb_article_id), "knowledge article", kb_article_id)
        if kb["state"] == "retired":
            raise ToolError(f"article {kb['number']} is retired")
        values["kb_article_id"] = kb_article_id
        ctx.update("itsm.kb_article", {"article_id": kb_article_id}, {"problem_id": problem_id})
    ctx.update("itsm.problem", {"problem_id": problem_id}, values)
    audit(ctx, "itsm.problem", problem_id, "known_error", {"known_error": [p["known_error"], True], "kb_article_id": kb_article_id})
    return _view(ctx, problem_id)


@tool
def resolve_problem(ctx: Ctx, problem_id: str, resolution_code: Literal["fix_applied", "risk_accepted", "duplicate", "canceled"],
                    notes: str) -> dict:
    """Resolve an open problem (canceled code cancels it). fix_applied and risk_accepted need a root cause;
    fix_applied needs the problem to be in fix_in_progress. Linked incidents are not changed automatically.

    Args:
        problem_id: The problem (PRB_...).
        resolution_code: The outcome.
        notes: Resolution notes (stored as a work note).
    """
    p = _problem(ctx, problem_id)
    notes = nonblank(notes, "notes")
    if p["state"] not in OPEN:
        raise ToolError(f"problem {p['number']} is {p['state']}; only open problems can be resolved")
    if resolution_code in ("fix_applied", "risk_accepted") and not p["root_cause"]:
        raise ToolError(f"problem {p['number']} has no root cause; record it before resolving with {resolution_code}")
    if resolution_code == "fix_applied" and p["state"] != "fix_in_progress":
        raise ToolError(f"problem {p['number']} is {p['state']}; fix_applied needs state fix_in_progress")
    now = ctx.timestamp()
    state = "canceled" if resolution_code == "canceled" else "resolved"
    ctx.update("itsm.problem", {"problem_id": problem_id},
               {"state": state, "resolution_code": resolution_code, "resolved_by": me(ctx)["user_id"], "resolved_at": now,
                "updated_at": now})
    from .common import journal
    journal(ctx, "work_note", f"Resolution ({resolution_code}): {notes}", problem_id=problem_id)
    audit(ctx, "itsm.problem", problem_id, "resolve", {"state": [p["state"], state], "resolution_code": resolution_code})
    return _view(ctx, problem_id)


@tool
def close_problem(ctx: Ctx, problem_id: str) -> dict:
    """Close a resolved problem. Not allowed while linked incidents are still open.

    Args:
        problem_id: The problem (PRB_...).
    """
    p = _problem(ctx, problem_id)
    if p["state"] != "resolved":
        raise ToolError(f"problem {p['number']} is {p['state']}; only resolved problems can be closed")
    n = ctx.scalar("SELECT count(*) FROM itsm.incident WHERE problem_id = ? AND state IN ('new', 'in_progress', 'on_hold')", problem_id)
    if n:
        raise ToolError(f"problem {p['number']} still has {n} open linked incident(s); resolve them first")
    now = ctx.timestamp()
    ctx.update("itsm.problem", {"problem_id": problem_id}, {"state": "closed", "closed_at": now, "updated_at": now})
    audit(ctx, "itsm.problem", problem_id, "close", {"state": ["resolved", "closed"]})
    return _view(ctx, problem_id)


@tool
def link_incident_to_problem(ctx: Ctx, incident_id: str, problem_id: str) -> dict:
    """Link an incident to a problem (an incident has at most one problem). The problem must be open and the
    incident not canceled.

    Args:
        incident_id: The incident (INC_...).
        problem_id: The problem (PRB_...).
    """
    p = _problem(ctx, problem_id)
    inc = load_incident(ctx, incident_id)
    if p["state"] not in OPEN:
        raise ToolError(f"problem {p['number']} is {p['state']}; link incidents only to open problems")
    if inc["state"] == "canceled":
        raise ToolError(f"incident {inc['number']} is canceled")
    if inc["problem_id"] == problem_id:
        raise ToolError(f"incident {inc['number']} is already linked to {p['number']}")
    if inc["problem_id"]:
        other = ctx.scalar("SELECT number FROM itsm.problem WHERE problem_id = ?", inc["problem_id"])
        raise ToolError(f"incident {inc['number']} is already linked to problem {other}; unlink it first")
    ctx.update("itsm.incident", {"incident_id": incident_id}, {"problem_id": problem_id, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.incident", incident_id, "link_problem", {"problem_id": [None, problem_id]})
    return {"incident_id": incident_id, "number": inc["number"], "problem_id": problem_id, "problem_number": p["number"]}


@tool
def unlink_incident_from_problem(ctx: Ctx, incident_id: str) -> dict:
    """Remove the problem link of an incident. Not allowed while the incident is on hold awaiting the problem.

    Args:
        incident_id: The incident (INC_...).
    """
    require_staff(ctx, "unlink incidents")
    inc = load_incident(ctx, incident_id)
    if not inc["problem_id"]:
        raise ToolError(f"incident {inc['number']} is not linked to a problem")
    if inc["state"] == "on_hold" and inc["on_hold_reason"] == "awaiting_problem":
        raise ToolError(f"incident {inc['number']} is on hold awaiting its problem; change its state first")
    ctx.update("itsm.incident", {"incident_id": incident_id}, {"problem_id": None, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.incident", incident_id, "unlink_problem", {"problem_id": [inc["problem_id"], None]})
    return {"incident_id": incident_id, "problem_id": None}


@tool
def list_problem_incidents(ctx: Ctx, problem_id: str) -> list:
    """Incidents linked to a problem.

    Default order: by incident number, ascending.

    Args:
        problem_id: The problem (PRB_...).
    """
    _problem(ctx, problem_id)
    return ctx.all("SELECT incident_id, number, short_description, state, on_hold_reason, priority, caller_id, "
                   "assigned_to FROM itsm.incident WHERE problem_id = ? ORDER BY number", problem_id)

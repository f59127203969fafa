"""The incident state machine: start work, hold, resolve, close, reopen, cancel."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, cancel_slas, complete_slas, journal, me, nonblank, pause_slas, require_staff, resume_slas
from .incidents import incident_view, load_incident

HoldReason = Literal["awaiting_caller", "awaiting_change", "awaiting_problem", "awaiting_vendor"]
ResolutionCode = Literal["solved_permanently", "solved_workaround", "not_reproducible", "duplicate",
                         "resolved_by_caller", "resolved_by_change"]
REOPEN_DAYS = 7


def _reload(ctx: Ctx, incident_id: str) -> dict:
    return incident_view(ctx, ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", incident_id))


@tool
def start_incident_work(ctx: Ctx, incident_id: str) -> dict:
    """Move an incident from new or on_hold to in_progress. Needs an assignee. Stops the response SLA
    timer (first response) and resumes paused resolution timers; clears the on-hold reason.

    Args:
        incident_id: The incident's id (INC_...).
    """
    require_staff(ctx, "work incidents")
    inc = load_incident(ctx, incident_id)
    if inc["state"] not in ("new", "on_hold"):
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only new or on_hold incidents can be started "
                        "(use reopen_incident for resolved ones)")
    if not inc["assigned_to"]:
        raise ToolError(f"incident {inc['number']} has no assignee; assign it first (assign_incident)")
    if inc["state"] == "on_hold":
        resume_slas(ctx, incident_id)
    complete_slas(ctx, incident_id, "response")
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"state": "in_progress", "on_hold_reason": None, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.incident", incident_id, "state_change", {"state": [inc["state"], "in_progress"]})
    return _reload(ctx, incident_id)


@tool
def put_incident_on_hold(ctx: Ctx, incident_id: str, reason: HoldReason, work_note: str | None = None) -> dict:
    """Put an in-progress incident on hold with a reason. Resolution SLA timers pause while on hold.
    awaiting_problem needs a linked problem; awaiting_change needs a linked change.

    Args:
        incident_id: The incident's id (INC_...).
        reason: Why work is paused.
        work_note: Optional internal note recorded with the hold.
    """
    require_staff(ctx, "work incidents")
    inc = load_incident(ctx, incident_id)
    if inc["state"] != "in_progress":
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only in_progress incidents can be put on hold")
    if reason == "awaiting_problem" and not inc["problem_id"]:
        raise ToolError("reason awaiting_problem needs a linked problem (link_incident_to_problem first)")
    if reason == "awaiting_change" and not ctx.scalar("SELECT count(*) FROM itsm.change_incident WHERE incident_id = ?", incident_id):
        raise ToolError("reason awaiting_change needs a linked change (link_incident_to_change first)")
    pause_slas(ctx, incident_id)
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"state": "on_hold", "on_hold_reason": reason, "updated_at": ctx.timestamp()})
    if work_note and work_note.strip():
        journal(ctx, "work_note", work_note.strip(), incident_id=incident_id)
    audit(ctx, "itsm.incident", incident_id, "state_change", {"state": ["in_progress", "on_hold"], "on_hold_reason": [None, reason]})
    return _reload(ctx, incident_id)


@tool
def resolve_incident(ctx: Ctx, incident_id: str, resolution_code: ResolutionCode, resolution_notes: str) -> dict:
    """Resolve an open incident. Resolution code and notes are mandatory and it needs an assignee; the
    resolver is recorded. All running SLA timers stop. Child incidents and the caller notification are not
    handled automatically (see policy). duplicate needs a parent incident; resolved_by_change needs a change
    linked with link type 'resolves'.

    Args:
        incident_id: The incident's id (INC_...).
        resolution_code: How it was resolved.
        resolution_notes: What was done (visible to the caller).
    """
    require_staff(ctx, "resolve incidents")
    inc = load_incident(ctx, incident_id)
    notes = nonblank(resolution_notes, "resolution_notes")
    if inc["state"] not in ("new", "in_progress", "on_hold"):
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only open incidents can be resolved")
    if not inc["assigned_to"]:
        raise ToolError(f"incident {inc['number']} has no assignee; assign it before resolving")
    if resolution_code == "duplicate" and not inc["parent_incident_id"]:
        raise ToolError("resolution code 'duplicate' needs a parent incident (set_parent_incident first)")
    if resolution_code == "resolved_by_change" and not ctx.scalar(
            "SELECT count(*) FROM itsm.change_incident WHERE incident_id = ? AND link_type = 'resolves'", incident_id):
        raise ToolError("resolution code 'resolved_by_change' needs a change linked with link type 'resolves'")
    complete_slas(ctx, incident_id)
    now = ctx.timestamp()
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"state": "resolved", "on_hold_reason": None, "resolution_code": resolution_code,
                "resolution_notes": notes, "resolved_by": me(ctx)["user_id"], "resolved_at": now, "updated_at": now})
    audit(ctx, "itsm.incident", incident_id, "resolve", {"state": [inc["state"], "resolved"], "resolution_code": resolution_code})
    return _reload(ctx, incident_id)


@tool
def close_incident(ctx: Ctx, incident_id: str) -> dict:
    """Close a resolved incident (final). Staff can close any resolved incident; a reporter only their own.

    Args:
        incident_id: The incident's id (INC_...).
    """
    u = me(ctx)
    inc = load_incident(ctx, incident_id)
    if u["role"] == "reporter" and inc["caller_id"] != u["user_id"]:
        raise ToolError("not allowed: reporters can only close incidents where they are the caller")
    if inc["state"] != "resolved":
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only resolved incidents can be closed")
    now = ctx.timestamp()
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"state": "closed", "closed_by": u["user_id"], "closed_at": now, "updated_at": now})
    audit(ctx, "itsm.incident", incident_id, "close", {"state": ["resolved", "closed"]})
    return _reload(ctx, incident_id)


@tool
def reopen_incident(ctx: Ctx, incident_id: str, reason: str) -> dict:
    """Reopen a resolved incident (back to in_progress) within 7 days of its resolution. Closed incidents
    cannot be reopened. The reason is recorded as a comment; resolution fields are cleared and the reopen
    count goes up. Reporters can reopen only their own incidents.

    Args:
        incident_id: The incident's id (INC_...).
        reason: Why the issue is back (recorded as a comment visible to the caller).
    """
    u = me(ctx)
    inc = load_incident(ctx, incident_id)
    reason = nonblank(reason, "reason")
    if u["role"] == "reporter" and inc["caller_id"] != u["user_id"]:
        raise ToolError("not allowed: reporters can only reopen incidents where they are the caller")
    if inc["state"] == "closed":
        raise ToolError(f"incident {inc['number']} is closed and cannot be reopened; log a new incident instead")
    if inc["state"] != "resolved":
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only resolved incidents can be reopened")
    resolved = dt.datetime.fromisoformat(inc["resolved_at"])
    if ctx.timestamp() - resolved > dt.timedelta(days=REOPEN_DAYS):
        raise ToolError(f"incident {inc['number']} was resolved more than {REOPEN_DAYS} days ago ({inc['resolved_at']}); "
                        "log a new incident instead")
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"state": "in_progress", "resolution_code": None, "resolution_notes": None, "resolved_by": None,
                "resolved_at": None, "reopen_count": inc["reopen_count"] + 1, "updated_at": ctx.timestamp()})
    journal(ctx, "comment", f"Reopened: {reason}", incident_id=incident_id)
    audit(ctx, "itsm.incident", incident_id, "reopen", {"state": ["resolved", "in_progress"], "reason": reason})
    return _reload(ctx, incident_id)


@tool
def cancel_incident(ctx: Ctx, incident_id: str, reason: str) -> dict:
    """Cancel an open incident logged in error (final). Staff can cancel any open incident; a reporter only
    their own incident while it is still new. Running SLA timers are cancelled; the reason is a work note.

    Args:
        incident_id: The incident's id (INC_...).
        reason: Why it is cancelled.
    """
    u = me(ctx)
    inc = load_incident(ctx, incident_id)
    reason = nonblank(reason, "reason")
    if inc["state"] not in ("new", "in_progress", "on_hold"):
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only open incidents can be canceled")
    if u["role"] == "reporter" and (inc["caller_id"] != u["user_id"] or inc["state"] != "new"):
        raise ToolError("not allowed: reporters can only cancel their own incidents while they are new")
    cancel_slas(ctx, incident_id, "incident canceled")
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"state": "canceled", "on_hold_reason": None, "updated_at": ctx.timestamp()})
    journal(ctx, "work_note", f"Canceled: {reason}", incident_id=incident_id)
    audit(ctx, "itsm.incident", incident_id, "cancel", {"state": [inc["state"], "canceled"], "reason": reason})
    return _reload(ctx, incident_id)

"""Case tasks: work items under a case (investigation, field service, parts dispatch, callback, RMA)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .cases import _check_assignment
from .common import actor, audit, case_row, get_row, parse_date, today, update_audited

TaskType = Literal["investigation", "field_service", "parts_dispatch", "callback", "rma"]
TaskState = Literal["open", "in_progress", "completed", "cancelled"]


def _task(ctx: Ctx, task_id: str) -> dict:
    t = ctx.one("SELECT * FROM csm.case_task WHERE task_id = ?", task_id)
    if t is None:
        hint = " (that looks like a task number; use csm_list_case_tasks)" if task_id.startswith("CTASK") else ""
        raise ToolError(f"case task '{task_id}' not found{hint}")
    return t


@tool
def csm_get_case_task(ctx: Ctx, task_id: str) -> dict:
    """Get a case task.

    Args:
        task_id: The task's id (CTSK_...).
    """
    return _task(ctx, task_id)


@tool
def csm_list_case_tasks(ctx: Ctx, case_id: str | None = None, assigned_to: str | None = None,
                        assignment_group_id: str | None = None, state: TaskState | None = None,
                        number: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List case tasks by case, assignee, group, state or number.

    Default order: by task id, ascending.

    Args:
        case_id: Only tasks of this case.
        assigned_to: Only tasks assigned to this agent (P....).
        assignment_group_id: Only tasks of this group.
        state: open, in_progress, completed or cancelled.
        number: Exact task number (CTASK......).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.case_task WHERE 1=1"
    params: list = []
    for col, val in (("case_id", case_id), ("assigned_to", assigned_to), ("assignment_group_id", assignment_group_id),
                     ("state", state), ("number", number)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="task_id")


@tool
def csm_create_case_task(ctx: Ctx, case_id: str, short_description: str, task_type: TaskType,
                         assignment_group_id: str, assigned_to: str | None = None, due_date: str | None = None) -> dict:
    """Create a task under an active case (new, open or awaiting_info). The system numbers it.

    Args:
        case_id: The parent case (CS_...).
        short_description: What has to be done.
        task_type: investigation, field_service, parts_dispatch, callback or rma.
        assignment_group_id: Group that does the work (GRP_...).
        assigned_to: Optional agent (active member of the group).
        due_date: Optional due date (YYYY-MM-DD), not in the past.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] not in ("new", "open", "awaiting_info"):
        raise ToolError(f"case {c['number']} is {c['state']}; tasks can only be added to active cases")
    _check_assignment(ctx, assignment_group_id, assigned_to)
    due = None
    if due_date:
        due = parse_date(due_date, "due_date")
        if due < today(ctx):
            raise ToolError("due_date is in the past")
    tid = ctx.new_id("csm.case_task", "task_id", "CTSK_", 4)
    number = ctx.new_id("csm.case_task", "number", "CTASK", 6)
    row = ctx.insert("csm.case_task", {
        "task_id": tid, "number": number, "case_id": case_id, "short_description": short_description,
        "task_type": task_type, "state": "open", "assignment_group_id": assignment_group_id,
        "assigned_to": assigned_to, "created_by": ctx.user_id, "due_date": due, "created_at": ctx.timestamp(),
        "completed_at": None, "close_notes": None})
    audit(ctx, "case_task", tid, "create", {"case_id": case_id, "task_type": task_type})
    return row


@tool
def csm_update_case_task(ctx: Ctx, task_id: str, state: Literal["open", "in_progress"] | None = None,
                         assignment_group_id: str | None = None, assigned_to: str | None = None,
                         due_date: str | None = None) -> dict:
    """Update an open or in-progress case task: start it, reassign it, or move its due date.
    Use csm_complete_case_task / csm_cancel_case_task to finish it.

    Args:
        task_id: The task's id (CTSK_...).
        state: open or in_progress.
        assignment_group_id: New group (GRP_...).
        assigned_to: New assignee (active member of the task's group).
        due_date: New due date (YYYY-MM-DD).
    """
    actor(ctx)
    t = _task(ctx, task_id)
    if t["state"] not in ("open", "in_progress"):
        raise ToolError(f"task {t['number']} is {t['state']}")
    values: dict = {}
    if state:
        values["state"] = state
    group = assignment_group_id or t["assignment_group_id"]
    if assignment_group_id or assigned_to:
        _check_assignment(ctx, group, assigned_to)
        values["assignment_group_id"] = group
        values["assigned_to"] = assigned_to
    if due_date:
        values["due_date"] = parse_date(due_date, "due_date")
    if not values:
        raise ToolError("nothing to update: give at least one field")
    changed = update_audited(ctx, "csm.case_task", "task_id", task_id, values)
    return {**_task(ctx, task_id), "changed": changed}


@tool
def csm_complete_case_task(ctx: Ctx, task_id: str, close_notes: str) -> dict:
    """Complete an open or in-progress case task.

    Args:
        task_id: The task's id (CTSK_...).
        close_notes: What was done.
    """
    actor(ctx)
    t = _task(ctx, task_id)
    if t["state"] not in ("open", "in_progress"):
        raise ToolError(f"task {t['number']} is already {t['state']}")
    if not close_notes.strip():
        raise ToolError("close_notes are required")
    update_audited(ctx, "csm.case_task", "task_id", task_id,
                   {"state": "completed", "close_notes": close_notes.strip(), "completed_at": ctx.timestamp()})
    return _task(ctx, task_id)


@tool
def csm_cancel_case_task(ctx: Ctx, task_id: str, reason: str) -> dict:
    """Cancel an open or in-progress case task.

    Args:
        task_id: The task's id (CTSK_...).
        reason: Why it is no longer needed.
    """
    actor(ctx)
    t = _task(ctx, task_id)
    if t["state"] not in ("open", "in_progress"):
        raise ToolError(f"task {t['number']} is already {t['state']}")
    if not reason.strip():
        raise ToolError("reason is required")
    get_row(ctx, "csm.support_case", "case_id", t["case_id"], "case")
    update_audited(ctx, "csm.case_task", "task_id", task_id,
                   {"state": "cancelled", "close_notes": reason.strip(), "completed_at": ctx.timestamp()})
    return _task(ctx, task_id)

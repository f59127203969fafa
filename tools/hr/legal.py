"""Legal holds on employees' records and the forensic preservation tasks that follow them."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, employee, parse_date, require_hr, today

TaskType = Literal["preserve_mailbox", "image_laptop", "preserve_drive", "collect_mobile", "export_chat"]


def _hold(ctx: Ctx, hold_id: str) -> dict:
    h = ctx.one("SELECT * FROM hr.legal_hold WHERE hold_id = ?", hold_id)
    if h is None:
        raise ToolError(f"legal hold '{hold_id}' not found; ids look like LH001 (use find_legal_holds)")
    return h


@tool
def create_legal_hold(ctx: Ctx, employee_id: str, matter: str, case_id: str | None = None) -> dict:
    """Place an employee's records under legal hold for a matter. The employee is flagged legal_hold (which
    blocks erasure of their personal data). One active hold per employee and matter.

    Args:
        employee_id: The custodian employee.
        matter: Name of the legal matter or investigation.
        case_id: Related HR case, if any.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if not matter.strip():
        raise ToolError("matter is mandatory")
    if ctx.scalar("SELECT count(*) FROM hr.legal_hold WHERE employee_id = ? AND lower(matter) = lower(?) AND state = 'active'",
                  employee_id, matter.strip()):
        raise ToolError(f"{employee_id} already has an active hold for matter '{matter}'")
    if case_id and not ctx.scalar("SELECT count(*) FROM hr.hr_case WHERE case_id = ?", case_id):
        raise ToolError(f"case '{case_id}' not found")
    hid = ctx.new_id("hr.legal_hold", "hold_id", "LH", 3)
    last = ctx.scalar("SELECT max(number) FROM hr.legal_hold")
    row = ctx.insert("hr.legal_hold", {"hold_id": hid, "number": f"LGH{int(last[3:]) + 1}", "employee_id": employee_id,
                                       "matter": matter.strip(), "state": "active", "requested_by": ctx.user_id,
                                       "case_id": case_id, "created_at": ctx.timestamp(), "released_at": None})
    if not e["legal_hold"]:
        ctx.update("hr.employee", {"employee_id": employee_id}, {"legal_hold": True, "updated_at": ctx.timestamp()})
    audit(ctx, "create_legal_hold", "legal_hold", hid, employee_id, matter)
    return row


@tool
def get_legal_hold(ctx: Ctx, hold_id: str) -> dict:
    """Get a legal hold with its forensics tasks.

    Args:
        hold_id: Hold id (LH001).
    """
    h = _hold(ctx, hold_id)
    h["forensics_tasks"] = ctx.all("SELECT * FROM hr.forensics_task WHERE hold_id = ? ORDER BY 1", hold_id)
    return h


@tool
def find_legal_holds(ctx: Ctx, employee_id: str | None = None, state: Literal["active", "released"] | None = None,
                     number: str | None = None) -> list:
    """Search legal holds.

    Default order: by hold id, ascending.

    Args:
        employee_id: Holds on this employee.
        state: active or released.
        number: Exact hold number (LGH2001).
    """
    conds, params = [], []
    for col, val in (("employee_id", employee_id), ("state", state), ("number", number)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    return ctx.all("SELECT * FROM hr.legal_hold" + (" WHERE " + " AND ".join(conds) if conds else "") + " ORDER BY 1", *params)


@tool
def release_legal_hold(ctx: Ctx, hold_id: str) -> dict:
    """Release an active hold. Open forensics tasks of the hold must be completed first. The employee's legal_hold
    flag clears when no other active hold remains.

    Args:
        hold_id: Hold id.
    """
    require_hr(ctx)
    h = _hold(ctx, hold_id)
    if h["state"] != "active":
        raise ToolError(f"hold {h['number']} is already released")
    if ctx.scalar("SELECT count(*) FROM hr.forensics_task WHERE hold_id = ? AND state <> 'completed'", hold_id):
        raise ToolError(f"hold {h['number']} still has open forensics tasks; complete them first")
    ctx.update("hr.legal_hold", {"hold_id": hold_id}, {"state": "released", "released_at": ctx.timestamp()})
    if not ctx.scalar("SELECT count(*) FROM hr.legal_hold WHERE employee_id = ? AND state = 'active'", h["employee_id"]):
        ctx.update("hr.employee", {"employee_id": h["employee_id"]}, {"legal_hold": False, "updated_at": ctx.timestamp()})
    audit(ctx, "release_legal_hold", "legal_hold", hold_id, h["employee_id"])
    return _hold(ctx, hold_id)


@tool
def create_forensics_task(ctx: Ctx, hold_id: str, task_type: TaskType, due_date: str | None = None) -> dict:
    """Open a forensic preservation task under an active legal hold; it goes to Security Forensics (GRP015).
    One task per hold and type.

    Args:
        hold_id: The active legal hold.
        task_type: preserve_mailbox, image_laptop, preserve_drive, collect_mobile or export_chat.
        due_date: YYYY-MM-DD; defaults to 2 days from today.
    """
    require_hr(ctx)
    h = _hold(ctx, hold_id)
    if h["state"] != "active":
        raise ToolError(f"hold {h['number']} is released; forensics tasks need an active hold")
    if ctx.scalar("SELECT count(*) FROM hr.forensics_task WHERE hold_id = ? AND task_type = ?", hold_id, task_type):
        raise ToolError(f"hold {h['number']} already has a {task_type} task")
    due = parse_date(due_date, "due_date") if due_date else today(ctx) + dt.timedelta(days=2)
    if due < today(ctx):
        raise ToolError("due_date is in the past")
    fid = ctx.new_id("hr.forensics_task", "forensics_id", "FT", 3)
    row = ctx.insert("hr.forensics_task", {"forensics_id": fid, "hold_id": hold_id, "employee_id": h["employee_id"],
                                           "assigned_group_id": "GRP015", "task_type": task_type, "state": "open",
                                           "due_date": due, "created_at": ctx.timestamp(), "completed_at": None})
    audit(ctx, "create_forensics_task", "forensics_task", fid, h["employee_id"], f"{task_type} for {h['number']}")
    return row


@tool
def list_forensics_tasks(ctx: Ctx, hold_id: str | None = None, employee_id: str | None = None,
                         state: Literal["open", "in_progress", "completed"] | None = None) -> list:
    """List forensics tasks.

    Default order: by forensics task id, ascending.

    Args:
        hold_id: Tasks of this hold.
        employee_id: Tasks about this employee.
        state: open, in_progress or completed.
    """
    conds, params = [], []
    for col, val in (("hold_id", hold_id), ("employee_id", employee_id), ("state", state)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    return ctx.all("SELECT * FROM hr.forensics_task" + (" WHERE " + " AND ".join(conds) if conds else "") + " ORDER BY 1", *params)


@tool
def update_forensics_task(ctx: Ctx, forensics_id: str, state: Literal["in_progress", "completed"]) -> dict:
    """Move a forensics task forward (open -> in_progress -> completed).

    Args:
        forensics_id: Task id (FT001).
        state: in_progress or completed.
    """
    require_hr(ctx)
    t = ctx.require(ctx.one("SELECT * FROM hr.forensics_task WHERE forensics_id = ?", forensics_id), "forensics task", forensics_id)
    if t["state"] == "completed":
        raise ToolError(f"task {forensics_id} is already completed")
    if t["state"] == state:
        raise ToolError(f"task {forensics_id} is already {state}")
    values = {"state": state}
    if state == "completed":
        values["completed_at"] = ctx.timestamp()
    ctx.update("hr.forensics_task", {"forensics_id": forensics_id}, values)
    audit(ctx, "update_forensics_task", "forensics_task", forensics_id, t["employee_id"], state)
    return ctx.one("SELECT * FROM hr.forensics_task WHERE forensics_id = ?", forensics_id)

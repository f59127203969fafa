"""Approvals: request, list, decide (only by the approver), cancel."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, employee, me, require_hr

ApprovalType = Literal["hr_case", "lifecycle_event", "compensation_change", "access_grant"]


@tool
def request_hr_approval(ctx: Ctx, approval_type: ApprovalType, approver_id: str, case_id: str | None = None,
                        event_id: str | None = None, change_id: str | None = None, grant_id: str | None = None,
                        comments: str | None = None) -> dict:
    """Request an approval from an employee for a case, lifecycle event, compensation change or access grant.
    Give exactly the id that matches approval_type. The approver must be an active employee and cannot be the
    subject of the item. Only one open request per item and approver.

    Args:
        approval_type: What is being approved.
        approver_id: Employee id of the approver.
        case_id: For hr_case approvals.
        event_id: For lifecycle_event approvals.
        change_id: For compensation_change approvals.
        grant_id: For access_grant approvals.
        comments: Context for the approver.
    """
    require_hr(ctx)
    ids = {"hr_case": case_id, "lifecycle_event": event_id, "compensation_change": change_id, "access_grant": grant_id}
    given = [k for k, v in ids.items() if v]
    if given != [approval_type]:
        raise ToolError(f"approval_type {approval_type} needs exactly its own id "
                        f"({ {'hr_case': 'case_id', 'lifecycle_event': 'event_id', 'compensation_change': 'change_id', 'access_grant': 'grant_id'}[approval_type]})")
    table, col = {"hr_case": ("hr.hr_case", "case_id"), "lifecycle_event": ("hr.lifecycle_event", "event_id"),
                  "compensation_change": ("hr.compensation_change", "change_id"),
                  "access_grant": ("hr.access_grant", "grant_id")}[approval_type]
    item_id = ids[approval_type]
    item = ctx.one(f"SELECT * FROM {table} WHERE {col} = ?", item_id)
    if item is None:
        raise ToolError(f"{approval_type} '{item_id}' not found")
    subject = item.get("subject_employee_id") or item.get("employee_id")
    a = employee(ctx, approver_id)
    if a["status"] != "active":
        raise ToolError(f"approver {approver_id} ({a['full_name']}) is {a['status']}; approvers must be active")
    if approver_id == subject:
        raise ToolError("an employee cannot approve an item about themselves")
    if ctx.scalar(f"SELECT count(*) FROM hr.approval WHERE {col} = ? AND approver_id = ? AND state = 'requested'", item_id, approver_id):
        raise ToolError(f"{approver_id} already has an open approval request for {item_id}")
    apr = ctx.new_id("hr.approval", "approval_id", "APR", 4)
    row = ctx.insert("hr.approval", {"approval_id": apr, "approval_type": approval_type, "case_id": case_id, "event_id": event_id,
                                     "change_id": change_id, "grant_id": grant_id, "approver_id": approver_id,
                                     "state": "requested", "requested_by": ctx.user_id, "requested_at": ctx.timestamp(),
                                     "decided_at": None, "comments": comments})
    audit(ctx, "request_hr_approval", "approval", apr, subject, f"{approval_type} {item_id} -> {approver_id}")
    return row


@tool
def list_hr_approvals(ctx: Ctx, approver_id: str | None = None, state: Literal["requested", "approved", "rejected", "cancelled"] | None = None,
                      case_id: str | None = None, event_id: str | None = None, change_id: str | None = None,
                      limit: int = 20, offset: int = 0) -> dict:
    """Search approvals. Paginated.

    Default order: by approval id, ascending.

    Args:
        approver_id: Approvals assigned to this employee.
        state: requested, approved, rejected or cancelled.
        case_id: Approvals of this case.
        event_id: Approvals of this lifecycle event.
        change_id: Approvals of this compensation change.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    for col, val in (("approver_id", approver_id), ("state", state), ("case_id", case_id), ("event_id", event_id),
                     ("change_id", change_id)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    sql = "SELECT * FROM hr.approval" + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="approval_id")


@tool
def decide_hr_approval(ctx: Ctx, approval_id: str, decision: Literal["approved", "rejected"], comments: str | None = None) -> dict:
    """Record a decision on a requested approval. Only the approver themself may decide; nobody can decide on
    someone else's behalf. Deciding a compensation change approval moves the change to approved / rejected.

    Args:
        approval_id: Approval id (APR0001).
        decision: approved or rejected.
        comments: Decision comments (mandatory when rejecting).
    """
    a = ctx.require(ctx.one("SELECT * FROM hr.approval WHERE approval_id = ?", approval_id), "approval", approval_id)
    if a["state"] != "requested":
        raise ToolError(f"approval {approval_id} is already {a['state']}")
    if a["approver_id"] != me(ctx):
        raise ToolError(f"not allowed: approval {approval_id} is assigned to {a['approver_id']}; only the approver can "
                        "decide it (no decisions on behalf of others)")
    if decision == "rejected" and not comments:
        raise ToolError("comments are mandatory when rejecting")
    ctx.update("hr.approval", {"approval_id": approval_id}, {"state": decision, "decided_at": ctx.timestamp(), "comments": comments})
    if a["change_id"]:
        ctx.update("hr.compensation_change", {"change_id": a["change_id"]}, {"state": decision})
    audit(ctx, "decide_hr_approval", "approval", approval_id, None, decision)
    return ctx.one("SELECT * FROM hr.approval WHERE approval_id = ?", approval_id)


@tool
def cancel_hr_approval(ctx: Ctx, approval_id: str, reason: str) -> dict:
    """Withdraw a requested approval (e.g. sent to the wrong approver).

    Args:
        approval_id: Approval id.
        reason: Why.
    """
    require_hr(ctx)
    a = ctx.require(ctx.one("SELECT * FROM hr.approval WHERE approval_id = ?", approval_id), "approval", approval_id)
    if a["state"] != "requested":
        raise ToolError(f"approval {approval_id} is already {a['state']}")
    ctx.update("hr.approval", {"approval_id": approval_id}, {"state": "cancelled", "decided_at": ctx.timestamp(), "comments": reason})
    audit(ctx, "cancel_hr_approval", "approval", approval_id, None, reason)
    return ctx.one("SELECT * FROM hr.approval WHERE approval_id = ?", approval_id)

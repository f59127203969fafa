"""Service catalog and service requests (approval by the requester's line manager, fulfillment tasks)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import attach_sla, audit, check_assignee, check_group, get_user, me, nonblank, require_staff

RequestState = Literal["pending_approval", "approved", "rejected", "in_fulfillment", "fulfilled", "closed", "canceled"]


def _request(ctx: Ctx, request_id: str) -> dict:
    r = ctx.require(ctx.one("SELECT * FROM itsm.service_request WHERE request_id = ?", request_id), "service request", request_id)
    u = me(ctx)
    if u["role"] == "reporter" and u["user_id"] not in (r["requested_for"], r["opened_by"], r["approver_id"]):
        raise ToolError(f"not allowed: request {request_id} is not yours")
    return r


def _view(ctx: Ctx, request_id: str) -> dict:
    r = ctx.one("SELECT r.*, c.name AS item_name FROM itsm.service_request r JOIN itsm.catalog_item c USING (item_id) "
                "WHERE r.request_id = ?", request_id)
    return r


def _line_manager(ctx: Ctx, user_id: str) -> dict | None:
    return ctx.one("SELECT m.* FROM itsm.sys_user u JOIN org.person p ON p.person_id = u.person_id "
                   "JOIN itsm.sys_user m ON m.person_id = p.manager_id WHERE u.user_id = ?", user_id)


@tool
def itsm_list_catalog_items(ctx: Ctx, category: str | None = None, name: str | None = None, include_inactive: bool = False) -> list:
    """Service catalog items: what can be requested, the fulfillment group, whether manager approval is needed.

    Default order: by item id, ascending.

    Args:
        category: Only this catalog category (hardware, software, access, email, server, database, network, telephony).
        name: Part of the item name.
        include_inactive: Also list items no longer offered.
    """
    me(ctx)
    sql = "SELECT * FROM itsm.catalog_item WHERE 1=1"
    params: list = []
    if category:
        sql += " AND category = ?"
        params.append(category)
    if name:
        sql += " AND name ILIKE ?"
        params.append(f"%{name}%")
    if not include_inactive:
        sql += " AND active"
    return ctx.all(sql + " ORDER BY item_id", *params)


@tool
def create_service_request(ctx: Ctx, item_id: str, requested_for: str, quantity: int = 1, justification: str | None = None) -> dict:
    """Order a catalog item for a user. Items that need approval start in pending_approval with the requested-for
    user's line manager as approver; others go straight to in_fulfillment. The due date is opened date + the
    item's delivery days; a fulfillment SLA starts. Reporters can only order for themselves.

    Args:
        item_id: The catalog item (SCI...).
        requested_for: The user who gets it (USR...).
        quantity: How many (1-10).
        justification: Business reason (mandatory for items needing approval).
    """
    u = me(ctx)
    item = ctx.require(ctx.one("SELECT * FROM itsm.catalog_item WHERE item_id = ?", item_id), "catalog item", item_id)
    if not item["active"]:
        raise ToolError(f"catalog item {item_id} ({item['name']}) is no longer offered")
    rf = get_user(ctx, requested_for, "requested_for user")
    if not rf["active"]:
        raise ToolError(f"user {requested_for} ({rf['full_name']}) is inactive")
    if u["role"] == "reporter" and requested_for != u["user_id"]:
        raise ToolError("not allowed: reporters can only request items for themselves")
    if not 1 <= quantity <= 10:
        raise ToolError("quantity must be between 1 and 10")
    approver = None
    if item["requires_approval"]:
        justification = nonblank(justification, "justification (this item needs approval)")
        approver = _line_manager(ctx, requested_for)
        if approver is None or not approver["active"]:
            raise ToolError(f"user {requested_for} has no active line manager to approve this request; "
                            "escalate to the department head")
    now = ctx.timestamp()
    rid = ctx.new_id("itsm.service_request", "request_id", "REQ_", 4)
    ctx.insert("itsm.service_request", {
        "request_id": rid, "number": ctx.new_id("itsm.service_request", "number", "RITM", 7), "item_id": item_id,
        "requested_for": requested_for, "opened_by": u["user_id"], "quantity": quantity,
        "state": "pending_approval" if approver else "in_fulfillment", "approver_id": approver["user_id"] if approver else None,
        "approved_at": None, "assignment_group_id": item["fulfillment_group_id"], "assigned_to": None,
        "justification": justification, "due_date": (now + dt.timedelta(days=item["delivery_days"])).date(),
        "close_notes": None, "opened_at": now, "closed_at": None, "updated_at": now})
    sla = ctx.one("SELECT * FROM itsm.sla_definition WHERE applies_to = 'service_request' AND active ORDER BY sla_def_id LIMIT 1")
    if sla:
        attach_sla(ctx, sla, request=ctx.one("SELECT * FROM itsm.service_request WHERE request_id = ?", rid))
    audit(ctx, "itsm.service_request", rid, "create", {"item_id": item_id, "requested_for": requested_for})
    return _view(ctx, rid)


@tool
def get_service_request(ctx: Ctx, request_id: str) -> dict:
    """Get a service request (REQ_...) with its item name.

    Args:
        request_id: The request's id (REQ_...), not its number.
    """
    _request(ctx, request_id)
    return _view(ctx, request_id)


@tool
def find_service_requests(ctx: Ctx, number: str | None = None, state: RequestState | None = None, item_id: str | None = None,
                          requested_for: str | None = None, approver_id: str | None = None,
                          assignment_group_id: str | None = None, assigned_to: str | None = None, limit: int = 20,
                          offset: int = 0) -> dict:
    """Search service requests. Reporters only see requests for themselves or awaiting their approval.

    Default order: by number, ascending.

    Args:
        number: Exact number (RITM00...).
        state: Only this state.
        item_id: Only this catalog item.
        requested_for: Only requests for this user.
        approver_id: Only requests with this approver.
        assignment_group_id: Only requests of this fulfillment group.
        assigned_to: Only requests assigned to this user (USR...).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    u = me(ctx)
    sql = ("SELECT request_id, number, item_id, requested_for, state, approver_id, assignment_group_id, assigned_to, "
           "due_date, opened_at FROM itsm.service_request WHERE 1=1")
    params: list = []
    for col, val in (("number", number.strip().upper() if number else None), ("state", state), ("item_id", item_id),
                     ("requested_for", requested_for), ("approver_id", approver_id), ("assignment_group_id", assignment_group_id),
                     ("assigned_to", assigned_to)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if u["role"] == "reporter":
        sql += " AND (requested_for = ? OR opened_by = ? OR approver_id = ?)"
        params += [u["user_id"]] * 3
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="number")


@tool
def decide_service_request(ctx: Ctx, request_id: str, decision: Literal["approve", "reject"], comments: str | None = None) -> dict:
    """Approve or reject a request pending approval. Only its approver (the requested-for user's line manager)
    or an admin on the approver's behalf; never the person the item is for. Rejection needs comments.

    Args:
        request_id: The request (REQ_...).
        decision: approve or reject.
        comments: Reason; mandatory when rejecting or deciding on behalf.
    """
    u = me(ctx)
    r = _request(ctx, request_id)
    if r["state"] != "pending_approval":
        raise ToolError(f"request {r['number']} is {r['state']}, not pending approval")
    if u["user_id"] == r["requested_for"]:
        raise ToolError("not allowed: you cannot approve a request made for yourself")
    on_behalf = u["user_id"] != r["approver_id"]
    if on_behalf and u["role"] != "admin":
        raise ToolError(f"not allowed: only the approver ({r['approver_id']}) or an admin on their behalf can decide this request")
    if (on_behalf or decision == "reject") and not (comments and comments.strip()):
        raise ToolError("comments are mandatory when rejecting or deciding on behalf of the approver")
    now = ctx.timestamp()
    if decision == "approve":
        ctx.update("itsm.service_request", {"request_id": request_id},
                   {"state": "in_fulfillment", "approved_at": now, "updated_at": now})
    else:
        ctx.update("itsm.service_request", {"request_id": request_id},
                   {"state": "rejected", "close_notes": comments.strip(), "closed_at": now, "updated_at": now})
        for s in ctx.all("SELECT task_sla_id FROM itsm.task_sla WHERE request_id = ? AND stage = 'in_progress'", request_id):
            ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]}, {"stage": "cancelled", "cancel_reason": "request rejected"})
    audit(ctx, "itsm.service_request", request_id, decision, {"on_behalf": on_behalf, "comments": comments})
    return _view(ctx, request_id)


@tool
def assign_service_request(ctx: Ctx, request_id: str, assigned_to: str) -> dict:
    """Assign a request in fulfillment to an active member of its fulfillment group.

    Args:
        request_id: The request (REQ_...).
        assigned_to: The fulfiller (USR...).
    """
    require_staff(ctx, "assign requests")
    r = _request(ctx, request_id)
    if r["state"] != "in_fulfillment":
        raise ToolError(f"request {r['number']} is {r['state']}; only requests in fulfillment can be assigned")
    check_assignee(ctx, r["assignment_group_id"], assigned_to)
    ctx.update("itsm.service_request", {"request_id": request_id}, {"assigned_to": assigned_to, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.service_request", request_id, "assign", {"assigned_to": [r["assigned_to"], assigned_to]})
    return _view(ctx, request_id)


@tool
def fulfill_service_request(ctx: Ctx, request_id: str, close_notes: str) -> dict:
    """Mark a request in fulfillment as fulfilled. Needs an assignee, close notes, and every fulfillment task
    finished. The fulfillment SLA stops.

    Args:
        request_id: The request (REQ_...).
        close_notes: What was delivered.
    """
    require_staff(ctx, "fulfill requests")
    r = _request(ctx, request_id)
    notes = nonblank(close_notes, "close_notes")
    if r["state"] != "in_fulfillment":
        raise ToolError(f"request {r['number']} is {r['state']}; only requests in fulfillment can be fulfilled")
    if not r["assigned_to"]:
        raise ToolError(f"request {r['number']} has no assignee")
    n = ctx.scalar("SELECT count(*) FROM itsm.request_task WHERE request_id = ? AND state IN ('open', 'in_progress')", request_id)
    if n:
        raise ToolError(f"request {r['number']} has {n} unfinished task(s)")
    now = ctx.timestamp()
    ctx.update("itsm.service_request", {"request_id": request_id},
               {"state": "fulfilled", "close_notes": notes, "closed_at": now, "updated_at": now})
    for s in ctx.all("SELECT * FROM itsm.task_sla WHERE request_id = ? AND stage = 'in_progress'", request_id):
        ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]},
                   {"stage": "completed", "completed_at": now, "has_breached": now > dt.datetime.fromisoformat(s["due_at"])})
    audit(ctx, "itsm.service_request", request_id, "fulfill", {"state": ["in_fulfillment", "fulfilled"]})
    return _view(ctx, request_id)


@tool
def cancel_service_request(ctx: Ctx, request_id: str, reason: str) -> dict:
    """Cancel a request that is pending approval or in fulfillment (the requester, the person it is for, or staff).

    Args:
        request_id: The request (REQ_...).
        reason: Why.
    """
    u = me(ctx)
    r = _request(ctx, request_id)
    reason = nonblank(reason, "reason")
    if u["role"] == "reporter" and u["user_id"] not in (r["requested_for"], r["opened_by"]):
        raise ToolError("not allowed: only the requester or staff can cancel this request")
    if r["state"] not in ("pending_approval", "approved", "in_fulfillment"):
        raise ToolError(f"request {r['number']} is {r['state']} and cannot be canceled")
    now = ctx.timestamp()
    ctx.update("itsm.service_request", {"request_id": request_id},
               {"state": "canceled", "close_notes": reason, "closed_at": now, "updated_at": now})
    for t in ctx.all("SELECT rtask_id FROM itsm.request_task WHERE request_id = ? AND state IN ('open', 'in_progress')", request_id):
        ctx.update("itsm.request_task", {"rtask_id": t["rtask_id"]}, {"state": "canceled", "closed_at": now})
    for s in ctx.all("SELECT task_sla_id FROM itsm.task_sla WHERE request_id = ? AND stage = 'in_progress'", request_id):
        ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]}, {"stage": "cancelled", "cancel_reason": "request canceled"})
    audit(ctx, "itsm.service_request", request_id, "cancel", {"reason": reason})
    return _view(ctx, request_id)


@tool
def create_request_task(ctx: Ctx, request_id: str, short_description: str, assigned_to: str | None = None) -> dict:
    """Add a fulfillment task to a request in fulfillment (in the request's fulfillment group).

    Args:
        request_id: The request (REQ_...).
        short_description: What to do.
        assigned_to: Assignee (active member of the fulfillment group).
    """
    require_staff(ctx, "create request tasks")
    r = _request(ctx, request_id)
    desc = nonblank(short_description, "short_description")
    if r["state"] != "in_fulfillment":
        raise ToolError(f"request {r['number']} is {r['state']}; tasks are added while in fulfillment")
    check_group(ctx, r["assignment_group_id"])
    if assigned_to:
        check_assignee(ctx, r["assignment_group_id"], assigned_to)
    tid = ctx.new_id("itsm.request_task", "rtask_id", "SCTASK_", 4)
    ctx.insert("itsm.request_task", {"rtask_id": tid, "number": ctx.new_id("itsm.request_task", "number", "SCTASK", 7),
                                     "request_id": request_id, "short_description": desc, "state": "open",
                                     "assignment_group_id": r["assignment_group_id"], "assigned_to": assigned_to,
                                     "close_notes": None, "created_at": ctx.timestamp(), "closed_at": None})
    audit(ctx, "itsm.request_task", tid, "create", {"request_id": request_id})
    return ctx.one("SELECT * FROM itsm.request_task WHERE rtask_id = ?", tid)


@tool
def list_request_tasks(ctx: Ctx, request_id: str) -> list:
    """Fulfillment tasks of a request.

    Default order: by rtask id, ascending.

    Args:
        request_id: The request (REQ_...).
    """
    require_staff(ctx, "read request tasks")
    _request(ctx, request_id)
    return ctx.all("SELECT * FROM itsm.request_task WHERE request_id = ? ORDER BY rtask_id", request_id)


@tool
def close_request_task(ctx: Ctx, rtask_id: str, outcome: Literal["closed_complete", "closed_incomplete", "canceled"],
                       close_notes: str) -> dict:
    """Close a fulfillment task with notes.

    Args:
        rtask_id: The task (SCTASK_...).
        outcome: How it ended.
        close_notes: Notes (mandatory).
    """
    require_staff(ctx, "close request tasks")
    t = ctx.require(ctx.one("SELECT * FROM itsm.request_task WHERE rtask_id = ?", rtask_id), "request task", rtask_id)
    notes = nonblank(close_notes, "close_notes")
    if t["state"] not in ("open", "in_progress"):
        raise ToolError(f"request task {t['number']} is already {t['state']}")
    ctx.update("itsm.request_task", {"rtask_id": rtask_id}, {"state": outcome, "close_notes": notes, "closed_at": ctx.timestamp()})
    audit(ctx, "itsm.request_task", rtask_id, "close", {"state": [t["state"], outcome]})
    return ctx.one("SELECT * FROM itsm.request_task WHERE rtask_id = ?", rtask_id)


@tool
def assign_request_task(ctx: Ctx, rtask_id: str, assigned_to: str) -> dict:
    """Reassign an unfinished fulfillment task to another active member of its group.

    Args:
        rtask_id: The task (SCTASK_...).
        assigned_to: The new assignee (USR...), an active member of the task's group.
    """
    require_staff(ctx, "assign request tasks")
    t = ctx.require(ctx.one("SELECT * FROM itsm.request_task WHERE rtask_id = ?", rtask_id), "request task", rtask_id)
    _request(ctx, t["request_id"])
    if t["state"] not in ("open", "in_progress"):
        raise ToolError(f"request task {t['number']} is already {t['state']}")
    check_assignee(ctx, t["assignment_group_id"], assigned_to)
    ctx.update("itsm.request_task", {"rtask_id": rtask_id}, {"assigned_to": assigned_to})
    audit(ctx, "itsm.request_task", rtask_id, "assign", {"assigned_to": [t["assigned_to"], assigned_to]})
    return ctx.one("SELECT * FROM itsm.request_task WHERE rtask_id = ?", rtask_id)

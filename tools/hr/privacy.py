"""Data-privacy requests (access, erasure, rectification, restriction, portability) and personal data."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import PRIVACY_DAYS, audit, employee, parse_date, require_hr, today

RequestType = Literal["access", "erasure", "rectification", "restriction", "portability"]


def _req(ctx: Ctx, request_id: str) -> dict:
    r = ctx.one("SELECT * FROM hr.privacy_request WHERE request_id = ?", request_id)
    if r is None:
        raise ToolError(f"privacy request '{request_id}' not found; ids look like PRQ001 (use find_privacy_requests)")
    return r


def _open(r: dict) -> None:
    if r["state"] in ("completed", "rejected"):
        raise ToolError(f"privacy request {r['number']} is {r['state']}")


@tool
def create_privacy_request(ctx: Ctx, employee_id: str, request_type: RequestType, received_date: str | None = None,
                           case_id: str | None = None) -> dict:
    """Log a data-subject request from an employee (or former employee). The system sets the regulation from the
    employee's privacy region and computes the statutory due date from the received date: GDPR, PIPEDA, DPDP,
    PDPA, APP 30 days; CCPA 45 days; APPI 14 days. One open request per employee and type.

    Args:
        employee_id: The data subject.
        request_type: access, erasure, rectification, restriction or portability.
        received_date: YYYY-MM-DD the request was received; defaults to today; not in the future.
        case_id: Related HR case, if any.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    rec = parse_date(received_date, "received_date") if received_date else today(ctx)
    if rec > today(ctx):
        raise ToolError("received_date is in the future")
    if ctx.scalar("SELECT count(*) FROM hr.privacy_request WHERE employee_id = ? AND request_type = ? "
                  "AND state NOT IN ('completed', 'rejected')", employee_id, request_type):
        raise ToolError(f"{employee_id} already has an open {request_type} request")
    if case_id and not ctx.scalar("SELECT count(*) FROM hr.hr_case WHERE case_id = ?", case_id):
        raise ToolError(f"case '{case_id}' not found")
    rid = ctx.new_id("hr.privacy_request", "request_id", "PRQ", 3)
    last = ctx.scalar("SELECT max(number) FROM hr.privacy_request")
    received_at = dt.datetime.combine(rec, ctx.timestamp().time()) if rec == today(ctx) else dt.datetime.combine(rec, dt.time(9, 0))
    row = ctx.insert("hr.privacy_request", {
        "request_id": rid, "number": f"DPR{int(last[3:]) + 1}", "employee_id": employee_id, "request_type": request_type,
        "regulation": e["privacy_region"], "state": "received", "received_at": received_at,
        "due_date": rec + dt.timedelta(days=PRIVACY_DAYS[e["privacy_region"]]), "identity_verified": False,
        "deadline_extended": False, "assigned_to": None, "case_id": case_id, "submitted_by": e["person_id"],
        "completed_at": None, "outcome": None})
    audit(ctx, "create_privacy_request", "privacy_request", rid, employee_id, f"{request_type} ({e['privacy_region']})")
    return row


@tool
def get_privacy_request(ctx: Ctx, request_id: str) -> dict:
    """Get a privacy request, with days left until its due date.

    Args:
        request_id: Request id (PRQ001).
    """
    r = _req(ctx, request_id)
    r["days_left"] = (dt.date.fromisoformat(r["due_date"]) - today(ctx)).days
    return r


@tool
def find_privacy_requests(ctx: Ctx, employee_id: str | None = None, state: Literal["received", "verified", "in_progress", "completed", "rejected"] | None = None,
                          request_type: RequestType | None = None, number: str | None = None, overdue_only: bool = False,
                          limit: int = 20, offset: int = 0) -> dict:
    """Search privacy requests. Paginated.

    Default order: by request id, ascending.

    Args:
        employee_id: Requests of this data subject.
        state: Request state.
        request_type: Request type.
        number: Exact number (DPR3001).
        overdue_only: Only open requests past their due date.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    for col, val in (("employee_id", employee_id), ("state", state), ("request_type", request_type), ("number", number)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    if overdue_only:
        conds.append("state NOT IN ('completed', 'rejected') AND due_date < ?")
        params.append(today(ctx))
    sql = "SELECT * FROM hr.privacy_request" + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="request_id")


@tool
def verify_privacy_request_identity(ctx: Ctx, request_id: str, assigned_to: str | None = None) -> dict:
    """Record that the requester's identity was verified (received -> verified) and optionally assign the request to
    a Privacy Office (GRP009) member.

    Args:
        request_id: Request id.
        assigned_to: Employee id of the Privacy Office member handling it.
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    if r["state"] != "received":
        raise ToolError(f"request {r['number']} is {r['state']}; identity is verified on received requests")
    values = {"state": "verified", "identity_verified": True}
    if assigned_to:
        if not ctx.scalar("SELECT count(*) FROM hr.group_member WHERE group_id = 'GRP009' AND employee_id = ?", assigned_to):
            raise ToolError(f"{assigned_to} is not a member of the Privacy Office (GRP009)")
        values["assigned_to"] = assigned_to
    ctx.update("hr.privacy_request", {"request_id": request_id}, values)
    audit(ctx, "verify_privacy_request_identity", "privacy_request", request_id, r["employee_id"])
    return _req(ctx, request_id)


@tool
def extend_privacy_request_deadline(ctx: Ctx, request_id: str, reason: str) -> dict:
    """Extend an open GDPR request's deadline once, by 60 days (complex or numerous requests). Other regulations
    allow no extension here.

    Args:
        request_id: Request id.
        reason: Why the extension is needed (communicated to the data subject).
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    _open(r)
    if r["regulation"] != "GDPR":
        raise ToolError(f"request {r['number']} falls under {r['regulation']}; only GDPR deadlines can be extended")
    if r["deadline_extended"]:
        raise ToolError(f"request {r['number']} was already extended once")
    due = dt.date.fromisoformat(r["due_date"])
    if due < today(ctx):
        raise ToolError(f"request {r['number']} is already overdue ({due}); an extension must be made before the deadline")
    ctx.update("hr.privacy_request", {"request_id": request_id}, {"due_date": due + dt.timedelta(days=60), "deadline_extended": True})
    audit(ctx, "extend_privacy_request_deadline", "privacy_request", request_id, r["employee_id"], reason)
    return _req(ctx, request_id)


@tool
def list_personal_data(ctx: Ctx, employee_id: str, include_erased: bool = False) -> list:
    """List the personal-data items held about an employee (category, label, retention date, erased flag). Values
    are masked; use export_personal_data to fulfil an access request.

    Default order: by item id, ascending.

    Args:
        employee_id: The employee.
        include_erased: Also list erased items.
    """
    employee(ctx, employee_id)
    sql = ("SELECT item_id, employee_id, category, label, retention_required_until, erased, erased_at, erased_by_request_id "
           "FROM hr.personal_data_item WHERE employee_id = ?")
    if not include_erased:
        sql += " AND NOT erased"
    return ctx.all(sql + " ORDER BY item_id", employee_id)


@tool
def export_personal_data(ctx: Ctx, request_id: str) -> dict:
    """Produce the data export for a verified access or portability request (the request moves to in_progress).
    Every export is a disclosure and is recorded in the audit log, also when the request was already in progress.

    Args:
        request_id: Request id.
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    _open(r)
    if r["request_type"] not in ("access", "portability"):
        raise ToolError(f"request {r['number']} is a {r['request_type']} request; exports are for access / portability")
    if not r["identity_verified"]:
        raise ToolError(f"identity of the requester of {r['number']} is not verified yet")
    items = ctx.all("SELECT category, label, value FROM hr.personal_data_item WHERE employee_id = ? AND NOT erased ORDER BY item_id",
                    r["employee_id"])
    if r["state"] != "in_progress":
        ctx.update("hr.privacy_request", {"request_id": request_id}, {"state": "in_progress"})
    audit(ctx, "export_personal_data", "privacy_request", request_id, r["employee_id"], f"{len(items)} items")
    return {"request_id": request_id, "employee_id": r["employee_id"], "items": items}


@tool
def erase_personal_data(ctx: Ctx, request_id: str) -> dict:
    """Carry out a verified erasure request: erases every item without a retention obligation (retention date empty
    or past) and reports the retained ones. Refused while the employee is under an active legal hold. The request
    moves to in_progress; complete it with complete_privacy_request.

    Args:
        request_id: Request id.
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    _open(r)
    if r["request_type"] != "erasure":
        raise ToolError(f"request {r['number']} is a {r['request_type']} request, not an erasure request")
    if not r["identity_verified"]:
        raise ToolError(f"identity of the requester of {r['number']} is not verified yet")
    hold = ctx.scalar("SELECT number FROM hr.legal_hold WHERE employee_id = ? AND state = 'active' ORDER BY 1 LIMIT 1", r["employee_id"])
    if hold:
        raise ToolError(f"erasure blocked: {r['employee_id']} is under active legal hold {hold}")
    now, t = ctx.timestamp(), today(ctx)
    items = ctx.all("SELECT * FROM hr.personal_data_item WHERE employee_id = ? AND NOT erased ORDER BY item_id", r["employee_id"])
    erased, retained = [], []
    for it in items:
        until = it["retention_required_until"]
        if until and dt.date.fromisoformat(until) >= t:
            retained.append({"item_id": it["item_id"], "category": it["category"], "retained_until": until})
            continue
        ctx.update("hr.personal_data_item", {"item_id": it["item_id"]},
                   {"value": None, "erased": True, "erased_at": now, "erased_by_request_id": request_id})
        erased.append({"item_id": it["item_id"], "category": it["category"]})
    ctx.update("hr.privacy_request", {"request_id": request_id}, {"state": "in_progress"})
    audit(ctx, "erase_personal_data", "privacy_request", request_id, r["employee_id"],
          f"{len(erased)} erased, {len(retained)} retained")
    return {"request_id": request_id, "erased": erased, "retained": retained}


@tool
def rectify_personal_data(ctx: Ctx, request_id: str, item_id: str, value: str) -> dict:
    """Correct one personal-data item under a verified rectification request.

    Args:
        request_id: The rectification request.
        item_id: Item id (PDI00123) of the data subject.
        value: The corrected value.
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    _open(r)
    if r["request_type"] != "rectification":
        raise ToolError(f"request {r['number']} is not a rectification request")
    if not r["identity_verified"]:
        raise ToolError("identity not verified yet")
    it = ctx.one("SELECT * FROM hr.personal_data_item WHERE item_id = ?", item_id)
    if it is None or it["employee_id"] != r["employee_id"]:
        raise ToolError(f"item '{item_id}' is not a personal-data item of {r['employee_id']}")
    if it["erased"]:
        raise ToolError("the item was erased")
    ctx.update("hr.personal_data_item", {"item_id": item_id}, {"value": value})
    ctx.update("hr.privacy_request", {"request_id": request_id}, {"state": "in_progress"})
    audit(ctx, "rectify_personal_data", "personal_data_item", item_id, r["employee_id"], it["category"])
    return {"item_id": item_id, "category": it["category"], "label": it["label"], "rectified": True}


@tool
def complete_privacy_request(ctx: Ctx, request_id: str, outcome: str) -> dict:
    """Complete a request that is in progress (after export, erasure or rectification). An access or portability
    request is completed only once an export of it is on record (export_personal_data).

    Args:
        request_id: Request id.
        outcome: What was done, as communicated to the data subject.
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    if r["state"] != "in_progress":
        raise ToolError(f"request {r['number']} is {r['state']}; only an in-progress request can be completed "
                        "(fulfil it first: export_personal_data / erase_personal_data / rectify_personal_data)")
    if r["request_type"] in ("access", "portability") and not ctx.scalar(
            "SELECT count(*) FROM hr.audit_log WHERE action = 'export_personal_data' AND entity_id = ?", request_id):
        raise ToolError(f"no export of {r['number']} is on record; produce it with export_personal_data before completing")
    ctx.update("hr.privacy_request", {"request_id": request_id}, {"state": "completed", "completed_at": ctx.timestamp(),
                                                                 "outcome": outcome})
    audit(ctx, "complete_privacy_request", "privacy_request", request_id, r["employee_id"], outcome)
    return _req(ctx, request_id)


@tool
def reject_privacy_request(ctx: Ctx, request_id: str, reason: str) -> dict:
    """Reject a request (identity could not be verified, a legal obligation prevents it, manifestly unfounded).

    Args:
        request_id: Request id.
        reason: The legal reason, as communicated to the data subject.
    """
    require_hr(ctx)
    r = _req(ctx, request_id)
    _open(r)
    if not reason.strip():
        raise ToolError("reason is mandatory")
    ctx.update("hr.privacy_request", {"request_id": request_id}, {"state": "rejected", "completed_at": ctx.timestamp(),
                                                                 "outcome": f"Rejected: {reason}"})
    audit(ctx, "reject_privacy_request", "privacy_request", request_id, r["employee_id"], reason)
    return _req(ctx, request_id)

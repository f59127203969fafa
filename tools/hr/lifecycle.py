"""Lifecycle events: onboarding (hire into an open position), transfer, offboarding, and their activity
checklists."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, employee, is_member, parse_date, require_hr, sync_person, today

EventType = Literal["onboarding", "transfer", "offboarding"]
Separation = Literal["voluntary", "involuntary", "end_of_contract", "retirement"]
REGION = {"United States": "CCPA", "Canada": "PIPEDA", "United Kingdom": "GDPR", "Germany": "GDPR",
          "Ireland": "GDPR", "India": "DPDP", "Singapore": "PDPA", "Australia": "APP", "Japan": "APPI"}


def _event(ctx: Ctx, event_id: str) -> dict:
    ev = ctx.one("SELECT * FROM hr.lifecycle_event WHERE event_id = ?", event_id)
    if ev is None:
        raise ToolError(f"lifecycle event '{event_id}' not found; ids look like LE0123 (use find_lifecycle_events)")
    return ev


def _create_event(ctx: Ctx, etype: str, emp_id: str, eff: dt.date, job_profile_id: str | None, **kw) -> str:
    eid = ctx.new_id("hr.lifecycle_event", "event_id", "LE", 4)
    last = ctx.scalar("SELECT max(number) FROM hr.lifecycle_event")
    ctx.insert("hr.lifecycle_event", {
        "event_id": eid, "number": f"LCE{int(last[3:]) + 1:07d}", "event_type": etype, "employee_id": emp_id,
        "state": "in_progress", "effective_date": eff, "from_position_id": kw.get("from_pos"),
        "to_position_id": kw.get("to_pos"), "separation_type": kw.get("sep"), "reason": kw.get("reason"),
        "initiated_by": ctx.user_id, "case_id": kw.get("case_id"), "created_at": ctx.timestamp(), "completed_at": None})
    n = int(ctx.new_id("hr.lifecycle_activity", "activity_id", "ACT", 5)[3:])
    for t in ctx.all("SELECT * FROM hr.activity_template WHERE event_type = ? AND (job_profile_id IS NULL OR job_profile_id = ?) "
                     "ORDER BY sequence", etype, job_profile_id):
        ctx.insert("hr.lifecycle_activity", {
            "activity_id": f"ACT{n:05d}", "event_id": eid, "template_id": t["template_id"], "name": t["name"],
            "sequence": t["sequence"], "owner_group_id": t["owner_group_id"], "assigned_to": None, "state": "pending",
            "mandatory": t["mandatory"], "due_date": max(eff + dt.timedelta(days=t["due_offset_days"]), today(ctx)),
            "completed_at": None,
            "completed_by": None, "notes": None})
        n += 1
    return eid


def _check_case(ctx: Ctx, case_id: str | None, emp_id: str | None) -> None:
    if case_id:
        c = ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)
        if c is None:
            raise ToolError(f"case '{case_id}' not found")
        if emp_id and c["subject_employee_id"] != emp_id:
            raise ToolError(f"case {c['number']} is about {c['subject_employee_id']}, not {emp_id}")


@tool
def start_onboarding(ctx: Ctx, position_id: str, first_name: str, last_name: str, start_date: str,
                     employment_type: Literal["full_time", "part_time", "contractor", "intern", "temporary"] = "full_time",
                     contract_end_date: str | None = None, case_id: str | None = None) -> dict:
    """Hire a new employee into an open position and start their onboarding. The system creates the directory
    person and the employee record (status pre_hire, work email first.last@arcturus.example), fills the
    position, sets the manager to the holder of the position's reports-to position, and creates the onboarding
    checklist. Refused for frozen/closed/filled positions and departments under a hiring freeze.

    Args:
        position_id: An open position (find_positions status=open).
        first_name: Legal first name.
        last_name: Legal last name.
        start_date: First working day, YYYY-MM-DD, today or later.
        employment_type: full_time, part_time, contractor, intern or temporary.
        contract_end_date: Required for contractor and temporary hires (YYYY-MM-DD).
        case_id: The onboarding HR case to link, if any.
    """
    require_hr(ctx)
    p = ctx.one("SELECT * FROM hr.position WHERE position_id = ?", position_id)
    if p is None:
        raise ToolError(f"position '{position_id}' not found (use find_positions)")
    if p["status"] != "open":
        raise ToolError(f"position {position_id} is {p['status']}; only an open position can be filled")
    if ctx.scalar("SELECT hiring_freeze FROM hr.department_profile WHERE department_id = ?", p["department_id"]):
        raise ToolError(f"department {p['department_id']} is under a hiring freeze; external hires are not allowed")
    start = parse_date(start_date, "start_date")
    if start < today(ctx):
        raise ToolError(f"start_date {start} is in the past (today is {today(ctx)})")
    end = None
    if employment_type in ("contractor", "temporary"):
        if not contract_end_date:
            raise ToolError(f"{employment_type} hires need contract_end_date")
    if contract_end_date:
        end = parse_date(contract_end_date, "contract_end_date")
        if end <= start:
            raise ToolError("contract_end_date must be after start_date")
    first, last = first_name.strip(), last_name.strip()
    if not first or not last:
        raise ToolError("first_name and last_name are mandatory")
    _check_case(ctx, case_id, None)
    pid = ctx.new_id("org.person", "person_id", "P", 4)
    emp_id = "EMP" + pid[1:]
    base = re.sub(r"[^a-z0-9.\-]", "", f"{first}.{last}".lower().replace(" ", ""))
    email, k = f"{base}@arcturus.example", 1
    while ctx.scalar("SELECT count(*) FROM org.person WHERE lower(email) = ?", email):
        k += 1
        email = f"{base}{k}@arcturus.example"
    mgr = ctx.one("SELECT e.employee_id, e.person_id, e.status FROM hr.position rp JOIN hr.employee e ON e.employee_id = rp.employee_id "
                  "WHERE rp.position_id = ?", p["reports_to_position_id"])
    if mgr is None or mgr["status"] != "active":
        mgr = ctx.one("SELECT employee_id, person_id FROM hr.employee WHERE person_id = "
                      "(SELECT head_person_id FROM org.department WHERE department_id = ?)", p["department_id"])
    country = ctx.scalar("SELECT country FROM org.location WHERE location_id = ?", p["location_id"])
    num = f"E{100000 + int(pid[1:])}"
    ctx.insert("org.person", {"person_id": pid, "employee_number": num, "first_name": first, "last_name": last,
                              "full_name": f"{first} {last}", "email": email, "phone": None, "title": p["title"],
                              "department_id": p["department_id"], "location_id": p["location_id"],
                              "manager_id": mgr["person_id"], "cost_center_id": p["cost_center_id"], "hire_date": start,
                              "active": True})
    now = ctx.timestamp()
    ctx.insert("hr.employee", {
        "employee_id": emp_id, "person_id": pid, "employee_number": num, "full_name": f"{first} {last}",
        "work_email": email, "status": "pre_hire", "employment_type": employment_type, "manager_id": mgr["employee_id"],
        "department_id": p["department_id"], "position_id": position_id, "location_id": p["location_id"],
        "cost_center_id": p["cost_center_id"], "start_date": start, "end_date": end, "termination_type": None,
        "termination_reason": None, "rehire_eligible": None, "legal_hold": False,
        "privacy_region": REGION.get(country, "OTHER"), "updated_at": now})
    ctx.insert("hr.hr_user", {"user_id": ctx.new_id("hr.hr_user", "user_id", "USR", 4), "person_id": pid,
                              "employee_id": emp_id, "role": "employee", "active": True, "last_login": None})
    ctx.update("hr.position", {"position_id": position_id}, {"employee_id": emp_id, "status": "filled", "updated_at": now})
    eid = _create_event(ctx, "onboarding", emp_id, start, p["job_profile_id"], to_pos=position_id, case_id=case_id,
                        reason="New hire")
    audit(ctx, "start_onboarding", "lifecycle_event", eid, emp_id, f"{first} {last} into {position_id}")
    return get_lifecycle_event.fn(ctx, eid)


@tool
def start_transfer(ctx: Ctx, employee_id: str, to_position_id: str, effective_date: str, reason: str,
                   case_id: str | None = None) -> dict:
    """Start an internal transfer of an active employee to another open position. The move itself (position,
    department, location, cost center, manager) is applied when the event is completed.

    Args:
        employee_id: The employee who moves.
        to_position_id: The open target position.
        effective_date: Date of the move, YYYY-MM-DD, today or later.
        reason: Business reason.
        case_id: The transfer HR case to link, if any.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if e["status"] != "active":
        raise ToolError(f"{employee_id} is {e['status']}; only active employees can transfer")
    p = ctx.one("SELECT * FROM hr.position WHERE position_id = ?", to_position_id)
    if p is None:
        raise ToolError(f"position '{to_position_id}' not found")
    if p["status"] != "open":
        raise ToolError(f"position {to_position_id} is {p['status']}; a transfer needs an open position")
    if to_position_id == e["position_id"]:
        raise ToolError("the employee already holds that position")
    if ctx.scalar("SELECT count(*) FROM hr.lifecycle_event WHERE employee_id = ? AND state = 'in_progress' "
                  "AND event_type IN ('transfer', 'offboarding')", employee_id):
        raise ToolError(f"{employee_id} already has a transfer or offboarding in progress")
    eff = parse_date(effective_date, "effective_date")
    if eff < today(ctx):
        raise ToolError(f"effective_date {eff} is in the past")
    _check_case(ctx, case_id, employee_id)
    eid = _create_event(ctx, "transfer", employee_id, eff, p["job_profile_id"], from_pos=e["position_id"],
                        to_pos=to_position_id, reason=reason, case_id=case_id)
    audit(ctx, "start_transfer", "lifecycle_event", eid, employee_id, f"{e['position_id']} -> {to_position_id}")
    return get_lifecycle_event.fn(ctx, eid)


@tool
def start_offboarding(ctx: Ctx, employee_id: str, separation_type: Separation, last_day: str, reason: str,
                      case_id: str | None = None) -> dict:
    """Start an employee's separation: records the end date, termination type and reason, and creates the
    offboarding checklist. An involuntary separation suspends the employee immediately (status suspended).
    The employee becomes terminated when the event is completed.

    Args:
        employee_id: The departing employee.
        separation_type: voluntary, involuntary, end_of_contract or retirement.
        last_day: Last working day, YYYY-MM-DD.
        reason: Reason for the separation (mandatory).
        case_id: The offboarding HR case to link, if any.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if e["status"] not in ("active", "on_leave", "suspended"):
        raise ToolError(f"{employee_id} is {e['status']}; cannot start an offboarding")
    if ctx.scalar("SELECT count(*) FROM hr.lifecycle_event WHERE employee_id = ? AND state = 'in_progress' "
                  "AND event_type = 'offboarding'", employee_id):
        raise ToolError(f"{employee_id} already has an offboarding in progress")
    end = parse_date(last_day, "last_day")
    if end < dt.date.fromisoformat(str(e["start_date"])):
        raise ToolError("last_day is before the employee's start date")
    if not reason.strip():
        raise ToolError("reason is mandatory")
    _check_case(ctx, case_id, employee_id)
    values = {"end_date": end, "termination_type": separation_type, "termination_reason": reason,
              "rehire_eligible": separation_type != "involuntary", "updated_at": ctx.timestamp()}
    if separation_type == "involuntary":
        values["status"] = "suspended"
    ctx.update("hr.employee", {"employee_id": employee_id}, values)
    prof = ctx.scalar("SELECT job_profile_id FROM hr.position WHERE position_id = ?", e["position_id"])
    eid = _create_event(ctx, "offboarding", employee_id, end, prof, from_pos=e["position_id"], sep=separation_type,
                        reason=reason, case_id=case_id)
    audit(ctx, "start_offboarding", "lifecycle_event", eid, employee_id, f"{separation_type}, last day {end}")
    return get_lifecycle_event.fn(ctx, eid)


@tool
def get_lifecycle_event(ctx: Ctx, event_id: str) -> dict:
    """Get a lifecycle event (onboarding / transfer / offboarding) with its activity checklist.

    Args:
        event_id: Event id (LE0123).
    """
    ev = _event(ctx, event_id)
    ev["employee_name"] = ctx.scalar("SELECT full_name FROM hr.employee WHERE employee_id = ?", ev["employee_id"])
    ev["activities"] = list_lifecycle_activities.fn(ctx, event_id)
    return ev


@tool
def find_lifecycle_events(ctx: Ctx, employee_id: str | None = None, event_type: EventType | None = None,
                          state: Literal["in_progress", "completed", "cancelled"] | None = None,
                          number: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search lifecycle events. Paginated.

    Default order: by event id, ascending.

    Args:
        employee_id: Events of this employee.
        event_type: onboarding, transfer or offboarding.
        state: in_progress, completed or cancelled.
        number: Exact event number (LCE0001001).
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    for col, val in (("employee_id", employee_id), ("event_type", event_type), ("state", state), ("number", number)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    sql = "SELECT * FROM hr.lifecycle_event" + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="event_id")


@tool
def list_lifecycle_activities(ctx: Ctx, event_id: str) -> list:
    """List an event's checklist activities in sequence order.

    Args:
        event_id: Event id.
    """
    _event(ctx, event_id)
    return ctx.all("SELECT a.*, g.name AS owner_group_name FROM hr.lifecycle_activity a "
                   "JOIN hr.hr_group g ON g.group_id = a.owner_group_id WHERE a.event_id = ? ORDER BY a.sequence", event_id)


@tool
def list_activity_templates(ctx: Ctx, event_type: EventType) -> list:
    """List the checklist templates of an event type (which activities a new event gets, owners, due offsets).
    An activity is due on the event's effective date plus its offset, and never before the day the event starts.

    Default order: by checklist sequence.

    Args:
        event_type: onboarding, transfer or offboarding.
    """
    return ctx.all("SELECT * FROM hr.activity_template WHERE event_type = ? ORDER BY sequence", event_type)


@tool
def update_lifecycle_activity(ctx: Ctx, activity_id: str, state: Literal["in_progress", "completed", "skipped"],
                              notes: str | None = None, assigned_to: str | None = None) -> dict:
    """Work a checklist activity: start, complete or skip it. Mandatory activities cannot be skipped.

    Args:
        activity_id: Activity id (ACT00123).
        state: in_progress, completed or skipped.
        notes: Notes (mandatory when skipping).
        assigned_to: Employee doing it; must be a member of the activity's owner group.
    """
    require_hr(ctx)
    a = ctx.require(ctx.one("SELECT * FROM hr.lifecycle_activity WHERE activity_id = ?", activity_id), "activity", activity_id)
    ev = _event(ctx, a["event_id"])
    if ev["state"] != "in_progress":
        raise ToolError(f"event {ev['number']} is {ev['state']}; its activities cannot change")
    if a["state"] in ("completed", "skipped"):
        raise ToolError(f"activity {activity_id} is already {a['state']}")
    if state == "skipped":
        if a["mandatory"]:
            raise ToolError(f"activity '{a['name']}' is mandatory and cannot be skipped")
        if not notes:
            raise ToolError("give notes explaining why the activity is skipped")
    values = {"state": state}
    if notes:
        values["notes"] = notes
    if assigned_to:
        if not is_member(ctx, a["owner_group_id"], assigned_to):
            raise ToolError(f"{assigned_to} is not a member of the owner group {a['owner_group_id']}")
        values["assigned_to"] = assigned_to
    if state == "completed":
        values["completed_at"] = ctx.timestamp()
        values["completed_by"] = ctx.user_id
    ctx.update("hr.lifecycle_activity", {"activity_id": activity_id}, values)
    audit(ctx, "update_lifecycle_activity", "lifecycle_activity", activity_id, ev["employee_id"], f"{a['name']}: {state}")
    return ctx.one("SELECT * FROM hr.lifecycle_activity WHERE activity_id = ?", activity_id)


@tool
def complete_lifecycle_event(ctx: Ctx, event_id: str) -> dict:
    """Complete an in-progress event on or after its effective date, once every mandatory activity is completed.
    Onboarding: the employee becomes active. Transfer: position, department, location, cost center and manager
    move to the new position (the old one reopens). Offboarding: requires no remaining active or suspended access
    and no active badge, and no open cases assigned to the employee; the employee becomes terminated, the
    position reopens, group memberships and the HR-system account end.

    Args:
        event_id: Event id.
    """
    require_hr(ctx)
    ev = _event(ctx, event_id)
    if ev["state"] != "in_progress":
        raise ToolError(f"event {ev['number']} is {ev['state']}")
    eff = dt.date.fromisoformat(ev["effective_date"])
    if eff > today(ctx):
        raise ToolError(f"event {ev['number']} is effective {eff}; it cannot be completed before that date")
    todo = ctx.all("SELECT name FROM hr.lifecycle_activity WHERE event_id = ? AND mandatory AND state <> 'completed'", event_id)
    if todo:
        raise ToolError("mandatory activities are not completed: " + "; ".join(t["name"] for t in todo))
    emp_id, now = ev["employee_id"], ctx.timestamp()
    e = employee(ctx, emp_id)
    if ev["event_type"] == "onboarding":
        ctx.update("hr.employee", {"employee_id": emp_id}, {"status": "active", "updated_at": now})
    elif ev["event_type"] == "transfer":
        p = ctx.one("SELECT * FROM hr.position WHERE position_id = ?", ev["to_position_id"])
        if p["status"] != "open":
            raise ToolError(f"target position {p['position_id']} is no longer open ({p['status']})")
        mgr = ctx.scalar("SELECT e.employee_id FROM hr.position rp JOIN hr.employee e ON e.employee_id = rp.employee_id "
                         "WHERE rp.position_id = ? AND e.status = 'active'", p["reports_to_position_id"])
        if mgr is None or mgr == emp_id:
            mgr = ctx.scalar("SELECT employee_id FROM hr.employee WHERE person_id = "
                             "(SELECT head_person_id FROM org.department WHERE department_id = ?)", p["department_id"])
        if e["position_id"]:
            ctx.update("hr.position", {"position_id": e["position_id"]}, {"employee_id": None, "status": "open", "updated_at": now})
        ctx.update("hr.position", {"position_id": p["position_id"]}, {"employee_id": emp_id, "status": "filled", "updated_at": now})
        ctx.update("hr.employee", {"employee_id": emp_id}, {
            "position_id": p["position_id"], "department_id": p["department_id"], "location_id": p["location_id"],
            "cost_center_id": p["cost_center_id"], "manager_id": mgr if mgr != emp_id else e["manager_id"], "updated_at": now})
    else:
        grants = ctx.scalar("SELECT count(*) FROM hr.access_grant WHERE employee_id = ? AND state IN ('active', 'suspended')", emp_id)
        badges = ctx.scalar("SELECT count(*) FROM hr.badge WHERE employee_id = ? AND state = 'active'", emp_id)
        cases = ctx.scalar("SELECT count(*) FROM hr.hr_case WHERE assigned_to = ? AND state IN ('new', 'in_progress', 'awaiting_info')", emp_id)
        if grants or badges or cases:
            raise ToolError(f"cannot complete offboarding of {emp_id}: {grants} active/suspended access grant(s), "
                            f"{badges} active badge(s), {cases} open case(s) still assigned to the employee")
        if e["position_id"]:
            ctx.update("hr.position", {"position_id": e["position_id"]}, {"employee_id": None, "status": "open", "updated_at": now})
        ctx.update("hr.employee", {"employee_id": emp_id}, {"status": "terminated", "position_id": None, "updated_at": now})
        ctx.execute("DELETE FROM hr.group_member WHERE employee_id = ?", emp_id)
        ctx.execute("UPDATE hr.hr_user SET active = FALSE WHERE employee_id = ?", emp_id)
    ctx.update("hr.lifecycle_event", {"event_id": event_id}, {"state": "completed", "completed_at": now})
    sync_person(ctx, emp_id)
    audit(ctx, "complete_lifecycle_event", "lifecycle_event", event_id, emp_id, ev["event_type"])
    return get_lifecycle_event.fn(ctx, event_id)


@tool
def cancel_lifecycle_event(ctx: Ctx, event_id: str, reason: str) -> dict:
    """Cancel an in-progress event; pending activities are skipped. Cancelling an offboarding clears the end date
    and termination details (and lifts an involuntary suspension); cancelling an onboarding withdraws the hire
    (the position reopens and the pre-hire record is terminated).

    Args:
        event_id: Event id.
        reason: Why.
    """
    require_hr(ctx)
    ev = _event(ctx, event_id)
    if ev["state"] != "in_progress":
        raise ToolError(f"event {ev['number']} is {ev['state']}")
    emp_id, now = ev["employee_id"], ctx.timestamp()
    e = employee(ctx, emp_id)
    if ev["event_type"] == "offboarding":
        ctx.update("hr.employee", {"employee_id": emp_id}, {
            "end_date": None, "termination_type": None, "termination_reason": None, "rehire_eligible": None,
            "status": "active" if e["status"] == "suspended" else e["status"], "updated_at": now})
    elif ev["event_type"] == "onboarding":
        if ctx.scalar("SELECT count(*) FROM hr.access_grant WHERE employee_id = ? AND state = 'active'", emp_id):
            raise ToolError("revoke the pre-hire's access grants before withdrawing the hire")
        ctx.update("hr.position", {"position_id": ev["to_position_id"]}, {"employee_id": None, "status": "open", "updated_at": now})
        ctx.update("hr.employee", {"employee_id": emp_id}, {
            "status": "terminated", "position_id": None, "end_date": dt.date.fromisoformat(str(e["start_date"])),
            "termination_reason": f"Offer withdrawn: {reason}", "updated_at": now})
        ctx.execute("UPDATE hr.hr_user SET active = FALSE WHERE employee_id = ?", emp_id)
        sync_person(ctx, emp_id)
    ctx.execute("UPDATE hr.lifecycle_activity SET state = 'skipped', notes = ? WHERE event_id = ? AND state IN ('pending', 'in_progress')",
                f"Event cancelled: {reason}", event_id)
    ctx.update("hr.lifecycle_event", {"event_id": event_id}, {"state": "cancelled", "completed_at": now})
    audit(ctx, "cancel_lifecycle_event", "lifecycle_event", event_id, emp_id, reason)
    return get_lifecycle_event.fn(ctx, event_id)

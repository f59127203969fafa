"""HR cases: create under a topic, find, update, assign, notes, resolve / close / cancel / reopen."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import OPEN_CASE_STATES, PRIORITY_DAYS, audit, employee, is_member, me, require_hr

CaseState = Literal["new", "in_progress", "awaiting_info", "resolved", "closed", "cancelled"]
Resolution = Literal["fulfilled", "information_provided", "rejected", "duplicate", "withdrawn"]


def _visible(ctx: Ctx, case: dict) -> bool:
    if not case["confidential"]:
        return True
    mine = me(ctx)
    cat_group = ctx.scalar("SELECT fulfillment_group_id FROM hr.case_category WHERE category_id = ?", case["category_id"])
    return is_member(ctx, case["assignment_group_id"], mine) or is_member(ctx, cat_group, mine)


def load_case(ctx: Ctx, case_id: str) -> dict:
    c = ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)
    if c is None:
        raise ToolError(f"HR case '{case_id}' not found; case ids look like CASE0123 (use find_hr_cases with the "
                        "HRC number to look one up)")
    if not _visible(ctx, c):
        raise ToolError(f"not allowed: case {c['number']} is confidential and visible only to members of its "
                        f"assignment group {c['assignment_group_id']}")
    return c


@tool
def create_hr_case(ctx: Ctx, subject_employee_id: str, topic_id: str, short_description: str,
                   description: str | None = None, service_id: str | None = None, priority: int | None = None) -> dict:
    """Open an HR case about an employee under an active topic. The system derives the category from the topic,
    the service (topic's, unless given), the assignment group (service's fulfillment group, else the
    category's), confidentiality (from the category), the priority (topic default unless given) and the due
    date (service SLA days, else 2/5/10/15 days for priority 1/2/3/4).

    Args:
        subject_employee_id: The employee the case is about.
        topic_id: An active case topic (hr_list_case_topics); create one with create_case_topic if none fits.
        short_description: One-line summary.
        description: Details.
        service_id: HR service, if different from the topic's; must belong to the topic's category.
        priority: 1 (critical), 2 (high), 3 (normal) or 4 (low).
    """
    require_hr(ctx)
    subj = employee(ctx, subject_employee_id)
    t = ctx.one("SELECT * FROM hr.case_topic WHERE topic_id = ?", topic_id)
    if t is None:
        raise ToolError(f"topic '{topic_id}' not found (use hr_list_case_topics)")
    if not t["active"]:
        raise ToolError(f"topic {topic_id} ({t['name']}) is retired; choose an active topic")
    cat = ctx.one("SELECT * FROM hr.case_category WHERE category_id = ?", t["category_id"])
    sid = service_id or t["service_id"]
    svc = None
    if sid:
        svc = ctx.one("SELECT * FROM hr.hr_service WHERE service_id = ?", sid)
        if svc is None or not svc["active"]:
            raise ToolError(f"service '{sid}' not found or retired")
        if service_id and svc["category_id"] != t["category_id"]:
            raise ToolError(f"service {sid} belongs to category {svc['category_id']}, the topic to {t['category_id']}")
    if priority is not None and not 1 <= priority <= 4:
        raise ToolError("priority must be 1, 2, 3 or 4")
    if not short_description.strip():
        raise ToolError("short_description is mandatory")
    prio = priority or t["default_priority"]
    group = t["fulfillment_group_id"] or (svc["fulfillment_group_id"] if svc else cat["fulfillment_group_id"])
    now = ctx.timestamp()
    due = now + dt.timedelta(days=svc["sla_days"] if svc else PRIORITY_DAYS[prio])
    cid = ctx.new_id("hr.hr_case", "case_id", "CASE", 4)
    last = ctx.scalar("SELECT max(number) FROM hr.hr_case")
    number = f"HRC{int(last[3:]) + 1:07d}"
    ctx.insert("hr.hr_case", {
        "case_id": cid, "number": number, "subject_employee_id": subject_employee_id, "opened_by": ctx.user_id,
        "topic_id": topic_id, "category_id": t["category_id"], "service_id": sid, "assignment_group_id": group,
        "assigned_to": None, "parent_case_id": None, "state": "new", "priority": prio,
        "confidential": cat["confidential"], "short_description": short_description.strip(), "description": description,
        "opened_at": now, "due_at": due, "resolved_at": None, "resolution_code": None, "resolution_notes": None,
        "updated_at": now})
    audit(ctx, "create_hr_case", "hr_case", cid, subj["employee_id"], f"{number} {short_description}")
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", cid)


@tool
def get_hr_case(ctx: Ctx, case_id: str) -> dict:
    """Get an HR case with its topic, category, service and approvals. Confidential cases are visible only to
    members of their assignment group (or the category's fulfillment group).

    Args:
        case_id: The case id (CASE0123), not its HRC number.
    """
    c = load_case(ctx, case_id)
    c["topic_name"] = ctx.scalar("SELECT name FROM hr.case_topic WHERE topic_id = ?", c["topic_id"])
    c["category_name"] = ctx.scalar("SELECT name FROM hr.case_category WHERE category_id = ?", c["category_id"])
    c["subject_name"] = ctx.scalar("SELECT full_name FROM hr.employee WHERE employee_id = ?", c["subject_employee_id"])
    c["approvals"] = ctx.all("SELECT approval_id, approver_id, state, decided_at FROM hr.approval WHERE case_id = ? "
                             "ORDER BY 1", case_id)
    return c


@tool
def find_hr_cases(ctx: Ctx, number: str | None = None, subject_employee_id: str | None = None,
                  assigned_to: str | None = None, assignment_group_id: str | None = None, state: CaseState | None = None,
                  open_only: bool = False, topic_id: str | None = None, category_id: str | None = None,
                  limit: int = 20, offset: int = 0) -> dict:
    """Search HR cases. Confidential cases the acting user may not see are left out. Paginated.

    Default order: by case id, ascending.

    Args:
        number: Exact case number (HRC0010001).
        subject_employee_id: Cases about this employee.
        assigned_to: Cases assigned to this employee.
        assignment_group_id: Cases of this group.
        state: Exact state.
        open_only: Only new / in_progress / awaiting_info cases.
        topic_id: Topic id.
        category_id: Category id.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    mine = me(ctx)
    conds = ["(NOT c.confidential OR EXISTS (SELECT 1 FROM hr.group_member m WHERE m.employee_id = ? AND m.group_id IN "
             "(c.assignment_group_id, (SELECT fulfillment_group_id FROM hr.case_category k WHERE k.category_id = c.category_id))))"]
    params: list = [mine]
    for col, val in (("c.number", number), ("c.subject_employee_id", subject_employee_id), ("c.assigned_to", assigned_to),
                     ("c.assignment_group_id", assignment_group_id), ("c.state", state), ("c.topic_id", topic_id),
                     ("c.category_id", category_id)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    if open_only:
        conds.append("c.state IN ('new', 'in_progress', 'awaiting_info')")
    sql = ("SELECT c.case_id, c.number, c.subject_employee_id, c.topic_id, c.category_id, c.assignment_group_id, "
           "c.assigned_to, c.state, c.priority, c.confidential, c.short_description, c.opened_at, c.due_at "
           "FROM hr.hr_case c WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="c.case_id")


@tool
def update_hr_case(ctx: Ctx, case_id: str, state: Literal["in_progress", "awaiting_info"] | None = None,
                   priority: int | None = None, short_description: str | None = None,
                   description: str | None = None) -> dict:
    """Update an open case's working state, priority or texts. Use resolve_hr_case / cancel_hr_case to end a
    case.

    Args:
        case_id: Case id.
        state: in_progress or awaiting_info (waiting for the employee).
        priority: 1 (critical), 2 (high), 3 (normal) or 4 (low). The due date is not recomputed.
        short_description: New summary.
        description: New details.
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if c["state"] not in OPEN_CASE_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only open cases can be updated (reopen_hr_case first)")
    values = {k: v for k, v in (("state", state), ("priority", priority), ("short_description", short_description),
                                ("description", description)) if v is not None}
    if priority is not None and not 1 <= priority <= 4:
        raise ToolError("priority must be 1, 2, 3 or 4")
    if state == "in_progress" and not c["assigned_to"]:
        raise ToolError("assign the case (assign_hr_case) before setting it in_progress")
    if not values:
        raise ToolError("nothing to update")
    values["updated_at"] = ctx.timestamp()
    ctx.update("hr.hr_case", {"case_id": case_id}, values)
    audit(ctx, "update_hr_case", "hr_case", case_id, c["subject_employee_id"],
          ", ".join(f"{k}={v}" for k, v in values.items() if k != "updated_at"))
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)


@tool
def assign_hr_case(ctx: Ctx, case_id: str, assigned_to: str | None = None, assignment_group_id: str | None = None) -> dict:
    """Assign or reassign an open case. The assignee must be an active member of the (new) assignment group;
    changing the group without an assignee clears the assignee. A new case moves to in_progress when assigned.

    Args:
        case_id: Case id.
        assigned_to: Employee id of the new assignee.
        assignment_group_id: New assignment group (defaults to the current one).
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if c["state"] not in OPEN_CASE_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only open cases can be assigned")
    if not assigned_to and not assignment_group_id:
        raise ToolError("give assigned_to and/or assignment_group_id")
    gid = assignment_group_id or c["assignment_group_id"]
    g = ctx.one("SELECT * FROM hr.hr_group WHERE group_id = ?", gid)
    if g is None or not g["active"]:
        raise ToolError(f"group '{gid}' not found or retired")
    if g["group_type"] not in ("fulfillment", "restricted"):
        raise ToolError(f"group {gid} ({g['name']}) is a {g['group_type']} group; cases go to fulfillment or restricted groups")
    values = {"assignment_group_id": gid, "updated_at": ctx.timestamp()}
    if assigned_to:
        a = employee(ctx, assigned_to)
        if a["status"] != "active":
            raise ToolError(f"{assigned_to} ({a['full_name']}) is {a['status']}; cases go to active employees only")
        if not is_member(ctx, gid, assigned_to):
            raise ToolError(f"{assigned_to} ({a['full_name']}) is not a member of {gid} ({g['name']}); "
                            "use hr_list_group_members to pick a member")
        values["assigned_to"] = assigned_to
        if c["state"] == "new":
            values["state"] = "in_progress"
    else:
        values["assigned_to"] = None
    ctx.update("hr.hr_case", {"case_id": case_id}, values)
    audit(ctx, "assign_hr_case", "hr_case", case_id, c["subject_employee_id"], f"{gid} / {values['assigned_to']}")
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)


@tool
def add_hr_case_note(ctx: Ctx, case_id: str, body: str, note_type: Literal["work_note", "comment"] = "work_note") -> dict:
    """Add a note to a case: work_note (internal, HR only) or comment (visible to the employee).

    Args:
        case_id: Case id.
        body: The text.
        note_type: work_note or comment.
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if not body.strip():
        raise ToolError("body must not be empty")
    nid = ctx.new_id("hr.case_note", "note_id", "NOTE", 5)
    row = ctx.insert("hr.case_note", {"note_id": nid, "case_id": case_id, "author_id": ctx.user_id, "note_type": note_type,
                                      "body": body, "created_at": ctx.timestamp()})
    ctx.update("hr.hr_case", {"case_id": case_id}, {"updated_at": ctx.timestamp()})
    audit(ctx, "add_hr_case_note", "hr_case", case_id, c["subject_employee_id"], note_type)
    return row


@tool
def list_hr_case_notes(ctx: Ctx, case_id: str) -> list:
    """List a case's notes, oldest first.

    Args:
        case_id: Case id.
    """
    load_case(ctx, case_id)
    return ctx.all("SELECT * FROM hr.case_note WHERE case_id = ? ORDER BY created_at, note_id", case_id)


@tool
def resolve_hr_case(ctx: Ctx, case_id: str, resolution_code: Resolution, resolution_notes: str) -> dict:
    """Resolve an open, assigned case. If its service requires approval, an approved approval must exist for the
    case (except when the resolution is rejected, duplicate or withdrawn).

    Args:
        case_id: Case id.
        resolution_code: fulfilled, information_provided, rejected, duplicate or withdrawn.
        resolution_notes: What was done (mandatory).
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if c["state"] not in OPEN_CASE_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only open cases can be resolved")
    if not c["assigned_to"]:
        raise ToolError(f"case {c['number']} has no assignee; assign it before resolving")
    if not resolution_notes.strip():
        raise ToolError("resolution_notes is mandatory")
    if c["service_id"] and resolution_code in ("fulfilled", "information_provided"):
        need = ctx.scalar("SELECT approval_required FROM hr.hr_service WHERE service_id = ?", c["service_id"])
        if need and not ctx.scalar("SELECT count(*) FROM hr.approval WHERE case_id = ? AND state = 'approved'", case_id):
            raise ToolError(f"service {c['service_id']} requires an approved approval before the case can be fulfilled "
                            "(request_hr_approval / list_hr_approvals)")
    now = ctx.timestamp()
    ctx.update("hr.hr_case", {"case_id": case_id}, {"state": "resolved", "resolution_code": resolution_code,
                                                   "resolution_notes": resolution_notes, "resolved_at": now, "updated_at": now})
    audit(ctx, "resolve_hr_case", "hr_case", case_id, c["subject_employee_id"], resolution_code)
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)


@tool
def close_hr_case(ctx: Ctx, case_id: str) -> dict:
    """Close a resolved case (resolved -> closed).

    Args:
        case_id: Case id.
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if c["state"] != "resolved":
        raise ToolError(f"case {c['number']} is {c['state']}; only resolved cases can be closed")
    ctx.update("hr.hr_case", {"case_id": case_id}, {"state": "closed", "updated_at": ctx.timestamp()})
    audit(ctx, "close_hr_case", "hr_case", case_id, c["subject_employee_id"])
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)


@tool
def cancel_hr_case(ctx: Ctx, case_id: str, reason: str) -> dict:
    """Cancel an open case (opened in error or no longer needed); open approvals on it are cancelled too.

    Args:
        case_id: Case id.
        reason: Why; stored as the resolution notes.
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if c["state"] not in OPEN_CASE_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only open cases can be cancelled")
    now = ctx.timestamp()
    ctx.update("hr.hr_case", {"case_id": case_id}, {"state": "cancelled", "resolution_notes": reason, "updated_at": now})
    ctx.execute("UPDATE hr.approval SET state = 'cancelled', decided_at = ? WHERE case_id = ? AND state = 'requested'",
                now, case_id)
    audit(ctx, "cancel_hr_case", "hr_case", case_id, c["subject_employee_id"], reason)
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)


@tool
def reopen_hr_case(ctx: Ctx, case_id: str, reason: str) -> dict:
    """Reopen a resolved case (resolved -> in_progress); closed and cancelled cases cannot be reopened.

    Args:
        case_id: Case id.
        reason: Why; added as a work note.
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    if c["state"] != "resolved":
        raise ToolError(f"case {c['number']} is {c['state']}; only resolved cases can be reopened")
    now = ctx.timestamp()
    ctx.update("hr.hr_case", {"case_id": case_id}, {"state": "in_progress", "resolved_at": None, "resolution_code": None,
                                                   "updated_at": now})
    ctx.insert("hr.case_note", {"note_id": ctx.new_id("hr.case_note", "note_id", "NOTE", 5), "case_id": case_id,
                                "author_id": ctx.user_id, "note_type": "work_note", "body": f"Reopened: {reason}",
                                "created_at": now})
    audit(ctx, "reopen_hr_case", "hr_case", case_id, c["subject_employee_id"], reason)
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)


@tool
def link_hr_case_parent(ctx: Ctx, case_id: str, parent_case_id: str) -> dict:
    """Make one case the child of another (e.g. a transfer case under a relocation case).

    Args:
        case_id: The child case.
        parent_case_id: The parent case; must be a different, not cancelled case about the same employee.
    """
    require_hr(ctx)
    c = load_case(ctx, case_id)
    p = load_case(ctx, parent_case_id)
    if case_id == parent_case_id:
        raise ToolError("a case cannot be its own parent")
    if p["state"] == "cancelled":
        raise ToolError(f"parent case {p['number']} is cancelled")
    if p["subject_employee_id"] != c["subject_employee_id"]:
        raise ToolError("parent and child cases must be about the same employee")
    if p["parent_case_id"] == case_id:
        raise ToolError("that would create a loop")
    ctx.update("hr.hr_case", {"case_id": case_id}, {"parent_case_id": parent_case_id, "updated_at": ctx.timestamp()})
    audit(ctx, "link_hr_case_parent", "hr_case", case_id, c["subject_employee_id"], parent_case_id)
    return ctx.one("SELECT * FROM hr.hr_case WHERE case_id = ?", case_id)

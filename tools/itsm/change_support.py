"""Change approvals, CAB meetings, maintenance/blackout windows, standard templates, change tasks."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .changes import change_view, load_change, window_problems
from .common import audit, check_assignee, check_group, get_user, me, nonblank, parse_ts, require_staff

ApproverType = Literal["group_manager", "cab_chair", "ci_owner"]


@tool
def request_change_approval(ctx: Ctx, change_id: str, approver_id: str, approver_type: ApproverType) -> dict:
    """Request an approval for a normal or emergency change in state authorize. The approver must be an
    active manager or admin, must not be the change's requester, and must hold the named function:
    group_manager = manager of the change's assignment group, cab_chair = chair of the change's CAB meeting,
    ci_owner = owner of the change's CI. The approver is notified.

    Args:
        change_id: The change (CHG_...).
        approver_id: The approver (USR...).
        approver_type: Which approval this is.
    """
    c = load_change(ctx, change_id)
    if c["change_type"] == "standard":
        raise ToolError("standard changes are pre-approved and need no approval")
    if c["state"] != "authorize":
        raise ToolError(f"change {c['number']} is {c['state']}; approvals are requested in state authorize")
    a = get_user(ctx, approver_id, "approver")
    if not a["active"]:
        raise ToolError(f"approver {approver_id} ({a['full_name']}) is inactive")
    if a["role"] not in ("manager", "admin"):
        raise ToolError(f"approver {approver_id} has role {a['role']}; approvers must be managers or admins")
    if approver_id == c["requested_by"]:
        raise ToolError("the requester of a change cannot approve it")
    expected = {"group_manager": ctx.scalar("SELECT manager_id FROM itsm.user_group WHERE group_id = ?", c["assignment_group_id"]),
                "cab_chair": ctx.scalar("SELECT chair_id FROM itsm.cab_meeting WHERE cab_id = ?", c["cab_id"]) if c["cab_id"] else None,
                "ci_owner": ctx.scalar("SELECT owned_by FROM itsm.configuration_item WHERE ci_id = ?", c["ci_id"])}[approver_type]
    if expected != approver_id:
        raise ToolError(f"{approver_id} is not the {approver_type.replace('_', ' ')} for change {c['number']}")
    if ctx.scalar("SELECT count(*) FROM itsm.change_approval WHERE change_id = ? AND approver_id = ? AND approver_type = ? "
                  "AND state IN ('requested', 'approved')", change_id, approver_id, approver_type):
        raise ToolError(f"an approval from {approver_id} as {approver_type} is already requested or approved")
    now = ctx.timestamp()
    aid = ctx.new_id("itsm.change_approval", "approval_id", "APV", 5)
    ctx.insert("itsm.change_approval", {"approval_id": aid, "change_id": change_id, "approver_id": approver_id,
                                        "approver_type": approver_type, "state": "requested", "comments": None,
                                        "requested_by": me(ctx)["user_id"], "decided_by": None, "requested_at": now,
                                        "decided_at": None})
    if c["approval"] != "rejected":
        ctx.update("itsm.change_request", {"change_id": change_id}, {"approval": "requested", "updated_at": now})
    ctx.insert("itsm.notification", {
        "notification_id": ctx.new_id("itsm.notification", "notification_id", "NTF", 6), "recipient_id": approver_id,
        "sent_by": me(ctx)["user_id"], "incident_id": None, "problem_id": None, "change_id": change_id, "request_id": None,
        "notification_type": "approval_request", "subject": f"Approval requested: {c['number']}",
        "body": f"Please review change {c['number']}: {c['short_description']}", "sent_at": now})
    audit(ctx, "itsm.change_approval", aid, "request", {"change_id": change_id, "approver_id": approver_id})
    return ctx.one("SELECT * FROM itsm.change_approval WHERE approval_id = ?", aid)


@tool
def decide_change_approval(ctx: Ctx, approval_id: str, decision: Literal["approve", "reject"], comments: str | None = None) -> dict:
    """Approve or reject a requested change approval. Only the approver may decide, or an admin recording the
    approver's decision on their behalf (comments then mandatory). An approver never approves a change they
    requested. Rejections need comments. The change's overall approval becomes approved when all its
    approvals are approved, rejected when any is rejected.

    Args:
        approval_id: The approval (APV...).
        decision: approve or reject.
        comments: Reason / note.
    """
    u = require_staff(ctx, "decide approvals")
    a = ctx.require(ctx.one("SELECT * FROM itsm.change_approval WHERE approval_id = ?", approval_id), "approval", approval_id)
    c = load_change(ctx, a["change_id"])
    if a["state"] != "requested":
        raise ToolError(f"approval {approval_id} is already {a['state']}")
    on_behalf = u["user_id"] != a["approver_id"]
    if on_behalf and u["role"] != "admin":
        raise ToolError(f"not allowed: approval {approval_id} belongs to {a['approver_id']}; only they (or an admin on their behalf) can decide it")
    if a["approver_id"] == c["requested_by"]:
        raise ToolError(f"not allowed: the approver requested change {c['number']} and cannot approve it")
    if (on_behalf or decision == "reject") and not (comments and comments.strip()):
        raise ToolError("comments are mandatory when rejecting or deciding on behalf of the approver")
    now = ctx.timestamp()
    state = "approved" if decision == "approve" else "rejected"
    ctx.update("itsm.change_approval", {"approval_id": approval_id},
               {"state": state, "comments": comments, "decided_by": u["user_id"], "decided_at": now})
    states = [r["state"] for r in ctx.all("SELECT state FROM itsm.change_approval WHERE change_id = ? AND state <> 'cancelled'",
                                          a["change_id"])]
    overall = "rejected" if "rejected" in states else "approved" if all(s == "approved" for s in states) else "requested"
    ctx.update("itsm.change_request", {"change_id": a["change_id"]}, {"approval": overall, "updated_at": now})
    audit(ctx, "itsm.change_approval", approval_id, decision, {"state": ["requested", state], "on_behalf": on_behalf})
    return {**ctx.one("SELECT * FROM itsm.change_approval WHERE approval_id = ?", approval_id), "change_approval": overall}


@tool
def list_change_approvals(ctx: Ctx, change_id: str) -> list:
    """Approvals of a change with approver names.

    Default order: by approval id, ascending.

    Args:
        change_id: The change (CHG_...).
    """
    load_change(ctx, change_id)
    return ctx.all("SELECT a.*, u.full_name AS approver_name FROM itsm.change_approval a JOIN itsm.sys_user u "
                   "ON u.user_id = a.approver_id WHERE a.change_id = ? ORDER BY a.approval_id", change_id)


@tool
def itsm_list_my_approvals(ctx: Ctx, state: Literal["requested", "approved", "rejected", "cancelled"] = "requested") -> list:
    """Change approvals assigned to you.

    Default order: by approval id, ascending.

    Args:
        state: Approval state to list.
    """
    u = require_staff(ctx, "list approvals")
    return ctx.all("SELECT a.*, c.number AS change_number, c.short_description FROM itsm.change_approval a "
                   "JOIN itsm.change_request c USING (change_id) WHERE a.approver_id = ? AND a.state = ? ORDER BY a.approval_id",
                   u["user_id"], state)


@tool
def list_cab_meetings(ctx: Ctx, state: Literal["planned", "in_progress", "completed", "canceled"] | None = None,
                      starts_after: str | None = None) -> list:
    """CAB meetings with their chair.

    Default order: by start time, earliest first.

    Args:
        state: Only meetings in this state.
        starts_after: Only meetings starting at or after this ISO timestamp.
    """
    require_staff(ctx, "read CAB meetings")
    sql = ("SELECT m.*, u.full_name AS chair_name, (SELECT count(*) FROM itsm.change_request c WHERE c.cab_id = m.cab_id) "
           "AS agenda_size FROM itsm.cab_meeting m JOIN itsm.sys_user u ON u.user_id = m.chair_id WHERE 1=1")
    params: list = []
    if state:
        sql += " AND m.state = ?"
        params.append(state)
    if starts_after:
        sql += " AND m.starts_at >= ?"
        params.append(parse_ts(starts_after, "starts_after"))
    return ctx.all(sql + " ORDER BY m.starts_at", *params)


@tool
def get_cab_meeting(ctx: Ctx, cab_id: str) -> dict:
    """A CAB meeting with its agenda (changes) and attendees.

    Args:
        cab_id: The meeting (CAB...).
    """
    require_staff(ctx, "read CAB meetings")
    m = ctx.require(ctx.one("SELECT * FROM itsm.cab_meeting WHERE cab_id = ?", cab_id), "CAB meeting", cab_id)
    agenda = ctx.all("SELECT change_id, number, short_description, risk, state, planned_start FROM itsm.change_request "
                     "WHERE cab_id = ? ORDER BY number", cab_id)
    attendees = ctx.all("SELECT a.user_id, u.full_name, a.attendance FROM itsm.cab_attendee a JOIN itsm.sys_user u USING (user_id) "
                        "WHERE a.cab_id = ? ORDER BY a.user_id", cab_id)
    return {**m, "agenda": agenda, "attendees": attendees}


@tool
def add_change_to_cab(ctx: Ctx, change_id: str, cab_id: str) -> dict:
    """Put a normal change on a planned CAB meeting's agenda. The meeting must start before the change's
    planned start, and the change must be in new, assess or authorize without decided approvals.

    Args:
        change_id: The change (CHG_...).
        cab_id: The meeting (CAB...).
    """
    c = load_change(ctx, change_id)
    m = ctx.require(ctx.one("SELECT * FROM itsm.cab_meeting WHERE cab_id = ?", cab_id), "CAB meeting", cab_id)
    if c["change_type"] != "normal":
        raise ToolError(f"only normal changes go to CAB; {c['number']} is {c['change_type']}")
    if c["state"] not in ("new", "assess", "authorize"):
        raise ToolError(f"change {c['number']} is {c['state']}; too late to add it to a CAB agenda")
    if m["state"] != "planned":
        raise ToolError(f"CAB meeting {cab_id} is {m['state']}; pick a planned meeting")
    if not c["planned_start"] or dt.datetime.fromisoformat(m["starts_at"]) >= dt.datetime.fromisoformat(c["planned_start"]):
        raise ToolError(f"CAB meeting {cab_id} ({m['starts_at']}) must take place before the change's planned start ({c['planned_start']})")
    if c["cab_id"] == cab_id:
        raise ToolError(f"change {c['number']} is already on {cab_id}")
    if ctx.scalar("SELECT count(*) FROM itsm.change_approval WHERE change_id = ? AND approver_type = 'cab_chair' "
                  "AND state IN ('requested', 'approved')", change_id):
        raise ToolError("a CAB chair approval is already requested for this change")
    ctx.update("itsm.change_request", {"change_id": change_id}, {"cab_id": cab_id, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.change_request", change_id, "add_to_cab", {"cab_id": [c["cab_id"], cab_id]})
    return change_view(ctx, change_id)


@tool
def list_maintenance_windows(ctx: Ctx, ci_id: str | None = None, window_type: Literal["maintenance", "blackout"] | None = None,
                             ends_after: str | None = None, starts_before: str | None = None) -> list:
    """Maintenance and blackout (change freeze) windows. With ci_id: the windows that apply to that CI
    (its own and the global ones).

    Default order: by start time, earliest first, then window id.

    Args:
        ci_id: Only windows applying to this CI.
        window_type: maintenance or blackout.
        ends_after: Only windows ending after this ISO timestamp.
        starts_before: Only windows starting before this ISO timestamp.
    """
    require_staff(ctx, "read maintenance windows")
    sql = "SELECT * FROM itsm.maintenance_window WHERE 1=1"
    params: list = []
    if ci_id:
        sql += " AND (ci_id IS NULL OR ci_id = ?)"
        params.append(ci_id)
    if window_type:
        sql += " AND window_type = ?"
        params.append(window_type)
    if ends_after:
        sql += " AND ends_at > ?"
        params.append(parse_ts(ends_after, "ends_after"))
    if starts_before:
        sql += " AND starts_at < ?"
        params.append(parse_ts(starts_before, "starts_before"))
    return ctx.all(sql + " ORDER BY starts_at, window_id", *params)


@tool
def check_change_schedule(ctx: Ctx, change_id: str) -> dict:
    """Check a change's planned window against maintenance/blackout windows and other changes on the same CI.

    Args:
        change_id: The change (CHG_...).
    """
    c = load_change(ctx, change_id)
    if not c["planned_start"] or not c["planned_end"]:
        raise ToolError(f"change {c['number']} has no planned window")
    conflicts = ctx.all("SELECT change_id, number, state, planned_start, planned_end FROM itsm.change_request WHERE ci_id = ? "
                        "AND change_id <> ? AND state NOT IN ('closed', 'canceled') AND planned_start < CAST(? AS TIMESTAMP) "
                        "AND planned_end > CAST(? AS TIMESTAMP) ORDER BY number", c["ci_id"], change_id, c["planned_end"], c["planned_start"])
    problems = window_problems(ctx, c)
    return {"change_id": change_id, "ok": not problems, "problems": problems, "conflicting_changes": conflicts}


@tool
def list_standard_change_templates(ctx: Ctx, ci_class: str | None = None, include_inactive: bool = False) -> list:
    """Standard (pre-approved) change templates.

    Default order: by template id, ascending.

    Args:
        ci_class: Only templates for this CI class (server, application, database, network_device, storage).
        include_inactive: Also list inactive templates.
    """
    require_staff(ctx, "read templates")
    sql = "SELECT * FROM itsm.standard_change_template WHERE 1=1"
    params: list = []
    if ci_class:
        sql += " AND ci_class = ?"
        params.append(ci_class)
    if not include_inactive:
        sql += " AND active"
    return ctx.all(sql + " ORDER BY template_id", *params)


@tool
def create_change_task(ctx: Ctx, change_id: str, short_description: str, assignment_group_id: str | None = None,
                       assigned_to: str | None = None, task_order: int = 100) -> dict:
    """Add a task to a change that is not yet in review, closed or canceled.

    Args:
        change_id: The change (CHG_...).
        short_description: What to do.
        assignment_group_id: Group (defaults to the change's group).
        assigned_to: Assignee (active member of the group).
        task_order: Execution order (lower first).
    """
    c = load_change(ctx, change_id)
    desc = nonblank(short_description, "short_description")
    if c["state"] in ("review", "closed", "canceled"):
        raise ToolError(f"change {c['number']} is {c['state']}; tasks can no longer be added")
    group = assignment_group_id or c["assignment_group_id"]
    check_group(ctx, group)
    if assigned_to:
        check_assignee(ctx, group, assigned_to)
    tid = ctx.new_id("itsm.change_task", "ctask_id", "CTASK_", 4)
    ctx.insert("itsm.change_task", {"ctask_id": tid, "number": ctx.new_id("itsm.change_task", "number", "CTASK", 7),
                                    "change_id": change_id, "short_description": desc, "task_order": task_order,
                                    "state": "open", "assignment_group_id": group, "assigned_to": assigned_to,
                                    "close_notes": None, "created_at": ctx.timestamp(), "closed_at": None})
    audit(ctx, "itsm.change_task", tid, "create", {"change_id": change_id})
    return ctx.one("SELECT * FROM itsm.change_task WHERE ctask_id = ?", tid)


@tool
def list_change_tasks(ctx: Ctx, change_id: str) -> list:
    """Tasks of a change in execution order.

    Args:
        change_id: The change (CHG_...).
    """
    load_change(ctx, change_id)
    return ctx.all("SELECT * FROM itsm.change_task WHERE change_id = ? ORDER BY task_order, ctask_id", change_id)


@tool
def update_change_task(ctx: Ctx, ctask_id: str,
                       state: Literal["in_progress", "closed_complete", "closed_incomplete", "canceled"] | None = None,
                       assigned_to: str | None = None, close_notes: str | None = None) -> dict:
    """Start, reassign or close a change task. Closing (closed_complete / closed_incomplete / canceled) needs
    close notes; closed tasks cannot change. Work on a task needs its change to be implementing, except canceling.

    Args:
        ctask_id: The task (CTASK_...).
        state: New state.
        assigned_to: New assignee (active member of the task's group).
        close_notes: Notes, mandatory when closing.
    """
    require_staff(ctx, "work change tasks")
    t = ctx.require(ctx.one("SELECT * FROM itsm.change_task WHERE ctask_id = ?", ctask_id), "change task", ctask_id)
    c = load_change(ctx, t["change_id"])
    if t["state"] not in ("open", "in_progress"):
        raise ToolError(f"change task {t['number']} is {t['state']} and cannot change")
    values: dict = {}
    if assigned_to:
        check_assignee(ctx, t["assignment_group_id"], assigned_to)
        values["assigned_to"] = assigned_to
    if state:
        if state in ("in_progress", "closed_complete", "closed_incomplete") and c["state"] != "implement":
            raise ToolError(f"change {c['number']} is {c['state']}; its tasks are worked while it is in implement")
        if state != "in_progress":
            values["close_notes"] = nonblank(close_notes, "close_notes")
            values["closed_at"] = ctx.timestamp()
        values["state"] = state
    if not values:
        raise ToolError("nothing to change: give state and/or assigned_to")
    ctx.update("itsm.change_task", {"ctask_id": ctask_id}, values)
    audit(ctx, "itsm.change_task", ctask_id, "update", {k: [t.get(k), str(v)] for k, v in values.items()})
    return ctx.one("SELECT * FROM itsm.change_task WHERE ctask_id = ?", ctask_id)

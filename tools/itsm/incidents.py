"""Incidents: look-up, search, create, update, assignment, categories and assignment rules."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (OPEN_INCIDENT, PRIORITY_NAME, Level, attach_default_slas, audit, changed, check_assignee,
                     check_group, me, priority_of, require_staff)
from .service_refs import check_location, check_service

IncidentState = Literal["new", "in_progress", "on_hold", "resolved", "closed", "canceled"]
ContactType = Literal["phone", "email", "self_service", "walk_in", "monitoring"]


def load_incident(ctx: Ctx, incident_id: str) -> dict:
    """An incident the acting user may see (reporters see only incidents they called in or opened)."""
    inc = ctx.require(ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", incident_id), "incident", incident_id)
    u = me(ctx)
    if u["role"] == "reporter" and u["user_id"] not in (inc["caller_id"], inc["opened_by"]):
        raise ToolError(f"not allowed: incident {incident_id} belongs to another caller; reporters can only see their own incidents")
    return inc


def incident_view(ctx: Ctx, inc: dict) -> dict:
    names = ctx.one(
        "SELECT (SELECT full_name FROM itsm.sys_user WHERE user_id = ?) AS caller_name, "
        "(SELECT full_name FROM itsm.sys_user WHERE user_id = ?) AS assigned_to_name, "
        "(SELECT name FROM itsm.user_group WHERE group_id = ?) AS assignment_group_name, "
        "(SELECT name FROM itsm.configuration_item WHERE ci_id = ?) AS ci_name, "
        "(SELECT number FROM itsm.problem WHERE problem_id = ?) AS problem_number, "
        "(SELECT count(*) FROM itsm.incident WHERE parent_incident_id = ?) AS child_count",
        inc["caller_id"], inc["assigned_to"], inc["assignment_group_id"], inc["ci_id"], inc["problem_id"], inc["incident_id"])
    return {**inc, "priority_name": PRIORITY_NAME[inc["priority"]], **names}


def matching_rule(ctx: Ctx, category_id: str, ci_id: str | None) -> dict | None:
    """The first active assignment rule (lowest rule_order, then rule_id) for the category (or its parent) and CI."""
    parent = ctx.scalar("SELECT parent_id FROM itsm.category WHERE category_id = ?", category_id)
    return ctx.one(
        "SELECT r.*, g.name AS group_name FROM itsm.assignment_rule r JOIN itsm.user_group g USING (group_id) "
        "WHERE r.active AND r.category_id IN (?, ?) AND (r.ci_id IS NULL OR r.ci_id = ?) "
        "ORDER BY r.rule_order, (r.category_id = ?) DESC, r.rule_id LIMIT 1",
        category_id, parent or category_id, ci_id, category_id)


def _check_category(ctx: Ctx, category_id: str) -> dict:
    c = ctx.require(ctx.one("SELECT * FROM itsm.category WHERE category_id = ?", category_id), "category", category_id)
    if not c["active"]:
        raise ToolError(f"category {category_id} is inactive")
    return c


def _check_ci(ctx: Ctx, ci_id: str) -> dict:
    ci = ctx.require(ctx.one("SELECT * FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)
    if ci["status"] == "retired":
        raise ToolError(f"configuration item {ci_id} ({ci['name']}) is retired; incidents cannot be logged against it")
    return ci


@tool
def get_incident(ctx: Ctx, incident_id: str) -> dict:
    """Get an incident by id (INC_...), with caller, assignee, group, CI and problem names.

    Args:
        incident_id: The incident's id (INC_ followed by digits), not its number.
    """
    return incident_view(ctx, load_incident(ctx, incident_id))


@tool
def find_incident_by_number(ctx: Ctx, number: str) -> dict:
    """Get an incident by its number (INC00...).

    Args:
        number: The incident number, e.g. INC0010042.
    """
    row = ctx.one("SELECT incident_id FROM itsm.incident WHERE number = ?", number.strip().upper())
    if row is None:
        raise ToolError(f"no incident with number '{number}'")
    return incident_view(ctx, load_incident(ctx, row["incident_id"]))


@tool
def find_incidents(ctx: Ctx, state: IncidentState | None = None, open_only: bool = False, priority: int | None = None,
                   max_priority: int | None = None, assignment_group_id: str | None = None, assigned_to: str | None = None,
                   unassigned: bool | None = None, caller_id: str | None = None, ci_id: str | None = None,
                   problem_id: str | None = None, category_id: str | None = None, parent_incident_id: str | None = None,
                   major_incident: bool | None = None, text: str | None = None, opened_after: str | None = None,
                   opened_before: str | None = None,
                   order_by: Literal["opened_at", "priority", "number", "updated_at"] = "number",
                   limit: int = 20, offset: int = 0) -> dict:
    """Search incidents. Reporters only find their own. Results are paginated.

    Order, by `order_by`: `number` (the default) ascending; `opened_at` newest first; `updated_at` most recently
    updated first; `priority` the highest priority first, then the oldest, then number. Check `total` and page
    with `offset` when it exceeds `limit`.

    Args:
        state: Only incidents in this state.
        open_only: Only open incidents (new, in_progress, on_hold).
        priority: Only this priority (1 critical .. 5 planning).
        max_priority: Only priority <= this value (1 is the highest priority).
        assignment_group_id: Only incidents assigned to this group (GRP...).
        assigned_to: Only incidents assigned to this user (USR...).
        unassigned: True: no assignee; false: with an assignee.
        caller_id: Only incidents of this caller (USR...).
        ci_id: Only incidents on this configuration item (CI...).
        problem_id: Only incidents linked to this problem (PRB_...).
        category_id: Only this category or its subcategories (e.g. network or network.vpn).
        parent_incident_id: Only child incidents of this parent.
        major_incident: Only major (true) or non-major (false) incidents.
        text: Words in the short description or description.
        opened_after: Opened at or after this ISO timestamp.
        opened_before: Opened before this ISO timestamp.
        order_by: Sort column: number ascending, opened_at / updated_at newest first, priority highest first then oldest.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    u = me(ctx)
    sql = ("SELECT incident_id, number, short_description, state, on_hold_reason, impact, urgency, priority, major_incident, "
           "category_id, caller_id, assignment_group_id, assigned_to, ci_id, problem_id, parent_incident_id, opened_at, "
           "resolved_at, updated_at FROM itsm.incident WHERE 1=1")
    params: list = []
    filters = [("state", state), ("priority", priority), ("assignment_group_id", assignment_group_id),
               ("assigned_to", assigned_to), ("caller_id", caller_id), ("ci_id", ci_id), ("problem_id", problem_id),
               ("parent_incident_id", parent_incident_id), ("major_incident", major_incident)]
    for col, val in filters:
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if open_only:
        sql += " AND state IN ('new', 'in_progress', 'on_hold')"
    if max_priority is not None:
        sql += " AND priority <= ?"
        params.append(max_priority)
    if unassigned is not None:
        sql += " AND assigned_to IS NULL" if unassigned else " AND assigned_to IS NOT NULL"
    if category_id:
        sql += " AND (category_id = ? OR category_id LIKE ?)"
        params += [category_id, category_id + ".%"]
    if text:
        for word in text.split():
            sql += " AND (short_description ILIKE ? OR description ILIKE ?)"
            params += [f"%{word}%", f"%{word}%"]
    if opened_after:
        sql += " AND opened_at >= ?"
        params.append(ctx.parse_timestamp(opened_after, "opened_after"))
    if opened_before:
        sql += " AND opened_at < ?"
        params.append(ctx.parse_timestamp(opened_before, "opened_before"))
    if u["role"] == "reporter":
        sql += " AND (caller_id = ? OR opened_by = ?)"
        params += [u["user_id"], u["user_id"]]
    order = {"opened_at": "opened_at DESC, number", "priority": "priority, opened_at, number", "number": "number",
             "updated_at": "updated_at DESC, number"}[order_by]
    return ctx.page(sql, params, limit=limit, offset=offset, order_by=order)


@tool
def create_incident(ctx: Ctx, caller_id: str, short_description: str, category_id: str, impact: Level, urgency: Level,
                    description: str | None = None, ci_id: str | None = None, contact_type: ContactType = "phone",
                    assignment_group_id: str | None = None, assigned_to: str | None = None,
                    location_id: str | None = None, business_service_id: str | None = None,
                    service_offering_id: str | None = None) -> dict:
    """Log a new incident. The system sets the number, priority (impact x urgency), the major-incident flag
    (priority 1), the SLA timers of that priority and, when no group is given, the assignment group from the
    first matching assignment rule. Reporters can only log incidents for themselves: they cannot set
    assignment_group_id or assigned_to (the assignment rule routes their incident), and the system records
    their contact_type as self_service whatever they pass.

    Args:
        caller_id: The affected user (USR...).
        short_description: One-line summary.
        category_id: Category or subcategory id (see itsm_list_categories), e.g. network.vpn.
        impact: 1 high (many users / a critical service), 2 medium, 3 low (one user).
        urgency: 1 high (work stopped), 2 medium, 3 low.
        description: Details.
        ci_id: The affected configuration item (CI...).
        contact_type: How the incident was reported.
        assignment_group_id: Support group (GRP...); defaults to the assignment rule's group.
        assigned_to: Assignee; must be an active member of the assignment group.
        location_id: Where the issue is (LOC...; see itsm_find_locations).
        business_service_id: The affected business service (a business_service CI).
        service_offering_id: The service offering (SO...; see itsm_list_service_offerings); implies its service.
    """
    u = me(ctx)
    short_description = short_description.strip()
    if not short_description:
        raise ToolError("short_description is mandatory")
    caller = ctx.require(ctx.one("SELECT * FROM itsm.sys_user WHERE user_id = ?", caller_id), "caller", caller_id)
    if not caller["active"]:
        raise ToolError(f"caller {caller_id} ({caller['full_name']}) is inactive; incidents cannot be logged for inactive users")
    if u["role"] == "reporter":
        if caller_id != u["user_id"]:
            raise ToolError("not allowed: reporters can only log incidents for themselves")
        if assignment_group_id or assigned_to:
            raise ToolError("not allowed: reporters cannot set the assignment group or assignee")
        contact_type = "self_service"
    _check_category(ctx, category_id)
    if ci_id:
        _check_ci(ctx, ci_id)
    rule = None
    if assignment_group_id is None:
        rule = matching_rule(ctx, category_id, ci_id)
        assignment_group_id = rule["group_id"] if rule else None
    if assignment_group_id:
        check_group(ctx, assignment_group_id)
    if assigned_to:
        check_assignee(ctx, assignment_group_id, assigned_to)
    refs = check_service(ctx, business_service_id, service_offering_id)
    if location_id is not None:
        refs["location_id"] = check_location(ctx, location_id)
    pri = priority_of(impact, urgency)
    now = ctx.timestamp()
    inc_id = ctx.new_id("itsm.incident", "incident_id", "INC_", 4)
    row = {"incident_id": inc_id, "number": ctx.new_id("itsm.incident", "number", "INC", 7),
           "short_description": short_description, "description": description, "caller_id": caller_id,
           "opened_by": u["user_id"], "contact_type": contact_type, "category_id": category_id, "impact": impact,
           "urgency": urgency, "priority": pri, "major_incident": pri == 1, "state": "new", "on_hold_reason": None,
           "assignment_group_id": assignment_group_id, "assigned_to": assigned_to, "ci_id": ci_id, "problem_id": None,
           "parent_incident_id": None, "resolution_code": None, "resolution_notes": None, "resolved_by": None,
           "closed_by": None, "reopen_count": 0, "opened_at": now, "resolved_at": None, "closed_at": None, "updated_at": now,
           **refs}
    ctx.insert("itsm.incident", row)
    inc = ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", inc_id)
    slas = attach_default_slas(ctx, inc)
    audit(ctx, "itsm.incident", inc_id, "create", {"number": row["number"], "priority": pri,
                                                   "assignment_group_id": assignment_group_id})
    out = incident_view(ctx, inc)
    out["sla_ids"] = [s["task_sla_id"] for s in slas]
    out["assignment_rule"] = rule["rule_id"] if rule else None
    return out


@tool
def update_incident(ctx: Ctx, incident_id: str, short_description: str | None = None, description: str | None = None,
                    impact: Level | None = None, urgency: Level | None = None, category_id: str | None = None,
                    ci_id: str | None = None, location_id: str | None = None, business_service_id: str | None = None,
                    service_offering_id: str | None = None) -> dict:
    """Update fields of an open or resolved incident. Priority is recomputed from impact x urgency and the
    major-incident flag follows priority 1. The SLA timers are NOT changed: see the policy on priority changes.

    Args:
        incident_id: The incident's id (INC_...).
        short_description: New summary.
        description: New description.
        impact: New impact (1 high, 2 medium, 3 low).
        urgency: New urgency (1 high, 2 medium, 3 low).
        category_id: New category id.
        ci_id: New affected configuration item (CI...).
        location_id: Where the issue is (LOC...).
        business_service_id: The affected business service (a business_service CI).
        service_offering_id: The service offering (SO...); implies its service.
    """
    require_staff(ctx, "update incidents")
    inc = load_incident(ctx, incident_id)
    if inc["state"] in ("closed", "canceled"):
        raise ToolError(f"incident {inc['number']} is {inc['state']} and can no longer be changed")
    values: dict = {}
    if short_description is not None:
        if not short_description.strip():
            raise ToolError("short_description cannot be blank")
        values["short_description"] = short_description.strip()
    if description is not None:
        values["description"] = description
    if category_id is not None:
        _check_category(ctx, category_id)
        values["category_id"] = category_id
    if ci_id is not None:
        _check_ci(ctx, ci_id)
        values["ci_id"] = ci_id
    if location_id is not None:
        values["location_id"] = check_location(ctx, location_id)
    values.update(check_service(ctx, business_service_id, service_offering_id))
    imp = impact if impact is not None else inc["impact"]
    urg = urgency if urgency is not None else inc["urgency"]
    if impact is not None:
        values["impact"] = impact
    if urgency is not None:
        values["urgency"] = urgency
    if impact is not None or urgency is not None:
        values["priority"] = priority_of(imp, urg)
        values["major_incident"] = values["priority"] == 1
    diff = changed(inc, values)
    if not diff:
        raise ToolError("nothing to change: every given value equals the current one")
    values["updated_at"] = ctx.timestamp()
    ctx.update("itsm.incident", {"incident_id": incident_id}, values)
    audit(ctx, "itsm.incident", incident_id, "update", diff)
    return incident_view(ctx, ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", incident_id))


@tool
def assign_incident(ctx: Ctx, incident_id: str, assignment_group_id: str | None = None, assigned_to: str | None = None) -> dict:
    """Assign an open incident to a support group and/or an engineer. The assignee must be an active agent,
    manager or admin who is a member of the (new) group. Changing the group without naming an assignee clears
    an assignee who is not a member of the new group.

    Args:
        incident_id: The incident's id (INC_...).
        assignment_group_id: The support group (GRP...).
        assigned_to: The engineer (USR...).
    """
    require_staff(ctx, "assign incidents")
    inc = load_incident(ctx, incident_id)
    if inc["state"] not in OPEN_INCIDENT:
        raise ToolError(f"incident {inc['number']} is {inc['state']}; only open incidents can be reassigned")
    if assignment_group_id is None and assigned_to is None:
        raise ToolError("give assignment_group_id, assigned_to or both")
    group = assignment_group_id or inc["assignment_group_id"]
    if assignment_group_id:
        check_group(ctx, assignment_group_id)
    values: dict = {"assignment_group_id": group}
    if assigned_to:
        check_assignee(ctx, group, assigned_to)
        values["assigned_to"] = assigned_to
    elif inc["assigned_to"] and not ctx.scalar("SELECT count(*) FROM itsm.group_member WHERE group_id = ? AND user_id = ?",
                                               group, inc["assigned_to"]):
        values["assigned_to"] = None
    diff = changed(inc, values)
    if not diff:
        raise ToolError("the incident is already assigned that way")
    values["updated_at"] = ctx.timestamp()
    ctx.update("itsm.incident", {"incident_id": incident_id}, values)
    audit(ctx, "itsm.incident", incident_id, "assign", diff)
    return incident_view(ctx, ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", incident_id))


@tool
def itsm_list_categories(ctx: Ctx, parent_id: str | None = None) -> list:
    """Incident categories and subcategories with their default support group.

    Default order: by category id, ascending.

    Args:
        parent_id: Only the subcategories of this category (e.g. network).
    """
    me(ctx)
    if parent_id:
        return ctx.all("SELECT * FROM itsm.category WHERE parent_id = ? ORDER BY category_id", parent_id)
    return ctx.all("SELECT * FROM itsm.category ORDER BY category_id")


@tool
def list_assignment_rules(ctx: Ctx, category_id: str | None = None, include_inactive: bool = False) -> list:
    """Assignment rules (category, optional CI, group, order). Lower rule_order wins; inactive rules never apply.

    Args:
        category_id: Only rules for this category id.
        include_inactive: Also list inactive rules.
    """
    me(ctx)
    sql = "SELECT r.*, g.name AS group_name FROM itsm.assignment_rule r JOIN itsm.user_group g USING (group_id) WHERE 1=1"
    params: list = []
    if category_id:
        sql += " AND r.category_id = ?"
        params.append(category_id)
    if not include_inactive:
        sql += " AND r.active"
    return ctx.all(sql + " ORDER BY r.rule_order, r.rule_id", *params)


@tool
def lookup_assignment_group(ctx: Ctx, category_id: str, ci_id: str | None = None) -> dict:
    """Which support group the assignment rules give for a category (and affected CI).

    Args:
        category_id: The incident's category or subcategory id.
        ci_id: The affected configuration item, if any.
    """
    me(ctx)
    _check_category(ctx, category_id)
    rule = matching_rule(ctx, category_id, ci_id)
    if rule is None:
        raise ToolError(f"no active assignment rule matches category {category_id}")
    return {"rule_id": rule["rule_id"], "rule_name": rule["name"], "group_id": rule["group_id"], "group_name": rule["group_name"]}


@tool
def set_parent_incident(ctx: Ctx, incident_id: str, parent_incident_id: str) -> dict:
    """Make an incident a child of another (e.g. of a major incident). One level only: a parent cannot itself
    be a child, and a child cannot have children.

    Args:
        incident_id: The child incident (INC_...).
        parent_incident_id: The parent incident (INC_...).
    """
    require_staff(ctx, "link incidents")
    inc = load_incident(ctx, incident_id)
    parent = load_incident(ctx, parent_incident_id)
    if incident_id == parent_incident_id:
        raise ToolError("an incident cannot be its own parent")
    if inc["state"] in ("closed", "canceled"):
        raise ToolError(f"incident {inc['number']} is {inc['state']}")
    if parent["state"] in ("closed", "canceled"):
        raise ToolError(f"parent {parent['number']} is {parent['state']}; pick an open parent")
    if parent["parent_incident_id"]:
        raise ToolError(f"{parent['number']} is itself a child of another incident; use its parent")
    if ctx.scalar("SELECT count(*) FROM itsm.incident WHERE parent_incident_id = ?", incident_id):
        raise ToolError(f"{inc['number']} has child incidents and cannot become a child")
    if inc["parent_incident_id"] == parent_incident_id:
        raise ToolError(f"{inc['number']} is already a child of {parent['number']}")
    ctx.update("itsm.incident", {"incident_id": incident_id},
               {"parent_incident_id": parent_incident_id, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.incident", incident_id, "set_parent", {"parent_incident_id": [inc["parent_incident_id"], parent_incident_id]})
    return incident_view(ctx, ctx.one("SELECT * FROM itsm.incident WHERE incident_id = ?", incident_id))


@tool
def list_child_incidents(ctx: Ctx, incident_id: str) -> list:
    """Child incidents of a parent incident.

    Default order: by incident number, ascending.

    Args:
        incident_id: The parent incident (INC_...).
    """
    load_incident(ctx, incident_id)
    return ctx.all("SELECT incident_id, number, short_description, state, priority, caller_id, assigned_to "
                   "FROM itsm.incident WHERE parent_incident_id = ? ORDER BY number", incident_id)

"""Assignment groups, support agents (org persons), their skills and availability."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import LEADS, MANAGERS, actor, audit, get_row, like, require_role, update_audited

Availability = Literal["available", "busy", "away", "on_leave", "offline"]


def _agent(ctx: Ctx, person_id: str) -> dict:
    a = ctx.one("SELECT * FROM csm.support_agent WHERE person_id = ?", person_id)
    if a is None:
        raise ToolError(f"{person_id} is not a support agent (find agents with csm_search_agents)")
    return a


# -- groups ------------------------------------------------------------------------------------
@tool
def csm_list_groups(ctx: Ctx, tier: int | None = None, region: Literal["AMER", "EMEA", "APAC", "GLOBAL"] | None = None,
                    product_family: Literal["servers", "storage", "networking", "software"] | None = None,
                    active: bool | None = None, query: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List assignment groups (support tiers and queues).

    Default order: by group id, ascending.

    Args:
        tier: 1, 2 or 3.
        region: AMER, EMEA, APAC or GLOBAL.
        product_family: Tier 2 groups for this product family.
        active: Only active (true) or inactive (false) groups.
        query: Part of the group name.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.assignment_group WHERE 1=1"
    params: list = []
    for col, val in (("tier", tier), ("region", region), ("product_family", product_family)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if active is not None:
        sql += " AND active = ?"
        params.append(active)
    if query:
        sql += " AND name ILIKE ?"
        params.append(like(query))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="group_id")


@tool
def csm_get_group(ctx: Ctx, group_id: str) -> dict:
    """Get an assignment group with its members (name, role, availability, active flag, open case count).

    Args:
        group_id: The group's id (GRP_...).
    """
    g = get_row(ctx, "csm.assignment_group", "group_id", group_id, "assignment group")
    g["members"] = ctx.all(
        "SELECT m.person_id, p.full_name, a.role, a.tier, a.availability, a.active, m.is_lead, "
        "(SELECT count(*) FROM csm.support_case c WHERE c.assigned_to = m.person_id "
        " AND c.state IN ('new', 'open', 'awaiting_info')) AS open_cases "
        "FROM csm.group_member m JOIN csm.support_agent a USING (person_id) JOIN org.person p USING (person_id) "
        "WHERE m.group_id = ? ORDER BY m.person_id", group_id)
    g["queue_size"] = ctx.scalar("SELECT count(*) FROM csm.support_case WHERE assignment_group_id = ? "
                                 "AND assigned_to IS NULL AND state IN ('new', 'open', 'awaiting_info')", group_id)
    return g


@tool
def csm_add_group_member(ctx: Ctx, group_id: str, person_id: str, is_lead: bool = False) -> dict:
    """Add an active support agent to an assignment group (leads, managers, admins).

    Args:
        group_id: The group (GRP_...).
        person_id: The agent's person id (P....).
        is_lead: Whether they lead the group.
    """
    require_role(ctx, LEADS, "changing group membership")
    g = get_row(ctx, "csm.assignment_group", "group_id", group_id, "assignment group")
    if not g["active"]:
        raise ToolError(f"group {group_id} is inactive")
    a = _agent(ctx, person_id)
    if not a["active"]:
        raise ToolError(f"support agent {person_id} is inactive")
    if ctx.scalar("SELECT count(*) FROM csm.group_member WHERE group_id = ? AND person_id = ?", group_id, person_id):
        raise ToolError(f"{person_id} is already a member of {group_id}")
    row = ctx.insert("csm.group_member", {"group_id": group_id, "person_id": person_id, "is_lead": is_lead,
                                          "added_at": ctx.timestamp()})
    audit(ctx, "group_member", f"{group_id}/{person_id}", "create")
    return row


@tool
def csm_remove_group_member(ctx: Ctx, group_id: str, person_id: str) -> dict:
    """Remove an agent from an assignment group (leads, managers, admins). Refused while the agent still has
    active cases of that group assigned.

    Args:
        group_id: The group (GRP_...).
        person_id: The agent's person id (P....).
    """
    require_role(ctx, LEADS, "changing group membership")
    n = ctx.scalar("SELECT count(*) FROM csm.support_case WHERE assignment_group_id = ? AND assigned_to = ? "
                   "AND state IN ('new', 'open', 'awaiting_info')", group_id, person_id)
    if n:
        raise ToolError(f"{person_id} still has {n} active case(s) of {group_id}; reassign them first")
    if not ctx.delete("csm.group_member", {"group_id": group_id, "person_id": person_id}):
        raise ToolError(f"{person_id} is not a member of {group_id}")
    audit(ctx, "group_member", f"{group_id}/{person_id}", "delete")
    return {"group_id": group_id, "person_id": person_id, "removed": True}


# -- agents ------------------------------------------------------------------------------------
@tool
def csm_get_agent(ctx: Ctx, person_id: str) -> dict:
    """Get a support agent: name, email, role, tier, availability, active flag, groups, skills, open work.

    Args:
        person_id: The agent's org person id (P....).
    """
    a = _agent(ctx, person_id)
    p = ctx.one("SELECT full_name, email, title, location_id FROM org.person WHERE person_id = ?", person_id)
    a.update(p or {})
    a["groups"] = ctx.all("SELECT m.group_id, g.name, m.is_lead FROM csm.group_member m JOIN csm.assignment_group g "
                          "USING (group_id) WHERE m.person_id = ? ORDER BY m.group_id", person_id)
    a["skills"] = ctx.all("SELECT s.skill_id, s.name, k.level FROM csm.agent_skill k JOIN csm.skill s USING (skill_id) "
                          "WHERE k.person_id = ? ORDER BY s.skill_id", person_id)
    a["open_case_count"] = ctx.scalar("SELECT count(*) FROM csm.support_case WHERE assigned_to = ? "
                                      "AND state IN ('new', 'open', 'awaiting_info')", person_id)
    a["open_task_count"] = ctx.scalar("SELECT count(*) FROM csm.case_task WHERE assigned_to = ? "
                                      "AND state IN ('open', 'in_progress')", person_id)
    return a


@tool
def csm_search_agents(ctx: Ctx, query: str | None = None, group_id: str | None = None, skill_id: str | None = None,
                      availability: Availability | None = None, active: bool | None = None, tier: int | None = None,
                      limit: int = 20, offset: int = 0) -> dict:
    """Search support agents by (partial) name or email, group, skill, availability, tier or active flag.
    With skill_id, each agent's level in that skill is returned as skill_level.

    Default order: by person id, ascending.

    Args:
        query: Part of the agent's name or email.
        group_id: Only members of this group.
        skill_id: Only agents with this skill.
        availability: available, busy, away, on_leave or offline.
        active: Only active (true) or inactive (false) agents.
        tier: 1, 2 or 3.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT a.person_id, p.full_name, p.email, a.role, a.tier, a.default_group_id, a.availability, a.active "
           "FROM csm.support_agent a JOIN org.person p USING (person_id) WHERE 1=1")
    params: list = []
    if query:
        sql += " AND (p.full_name ILIKE ? OR p.email ILIKE ?)"
        params += [like(query), like(query)]
    if group_id:
        sql += " AND EXISTS (SELECT 1 FROM csm.group_member m WHERE m.person_id = a.person_id AND m.group_id = ?)"
        params.append(group_id)
    if skill_id:
        sql = sql.replace("a.active FROM", "a.active, (SELECT k.level FROM csm.agent_skill k WHERE k.person_id = "
                          "a.person_id AND k.skill_id = ?) AS skill_level FROM")
        params.insert(0, skill_id)
        sql += " AND EXISTS (SELECT 1 FROM csm.agent_skill k WHERE k.person_id = a.person_id AND k.skill_id = ?)"
        params.append(skill_id)
    for col, val in (("a.availability", availability), ("a.active", active), ("a.tier", tier)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="a.person_id")


@tool
def csm_search_people(ctx: Ctx, query: str | None = None, person_id: str | None = None, limit: int = 20,
                      offset: int = 0) -> dict:
    """Search the company directory (org persons, employees) by (partial) name or email, or look one person up
    by id (e.g. the account_manager_id of an account), e.g. to find a colleague to onboard as a support agent.
    Shows each person's department and location (city) and whether they are already a support agent. Give
    query, person_id or both.

    Default order: by person id, ascending.

    Args:
        query: Part of the person's name or email.
        person_id: Exactly this person (P....).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    if not (query or "").strip() and not person_id:
        raise ToolError("give query (part of a name or email) or person_id")
    sql = ("SELECT p.person_id, p.full_name, p.email, p.title, p.department_id, d.name AS department, p.location_id, "
           "l.city AS location_city, p.active, "
           "EXISTS (SELECT 1 FROM csm.support_agent a WHERE a.person_id = p.person_id) AS is_support_agent "
           "FROM org.person p LEFT JOIN org.department d ON d.department_id = p.department_id "
           "LEFT JOIN org.location l ON l.location_id = p.location_id WHERE 1=1")
    params: list = []
    if (query or "").strip():
        sql += " AND (p.full_name ILIKE ? OR p.email ILIKE ?)"
        params += [like(query), like(query)]
    if person_id:
        sql += " AND p.person_id = ?"
        params.append(person_id)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="p.person_id")


@tool
def csm_set_agent_availability(ctx: Ctx, person_id: str, availability: Availability) -> dict:
    """Set an agent's availability. Agents may set their own; setting someone else's needs lead, manager or admin.

    Args:
        person_id: The agent's person id (P....).
        availability: available, busy, away, on_leave or offline.
    """
    me = actor(ctx)
    if person_id != ctx.user_id and me["role"] not in LEADS:
        raise ToolError("not allowed: only leads, managers and admins can change another agent's availability")
    a = _agent(ctx, person_id)
    if not a["active"]:
        raise ToolError(f"support agent {person_id} is inactive")
    changed = update_audited(ctx, "csm.support_agent", "person_id", person_id, {"availability": availability})
    return {**_agent(ctx, person_id), "changed": changed}


@tool
def csm_create_agent(ctx: Ctx, person_id: str, tier: int, default_group_id: str,
                     role: Literal["agent", "lead"] = "agent", max_open_cases: int = 15) -> dict:
    """Onboard an active org person as a support agent (managers and admins) and add them to their default group.

    Args:
        person_id: The org person id (P....).
        tier: 1, 2 or 3.
        default_group_id: Their home assignment group (GRP_...), whose tier must match.
        role: agent or lead.
        max_open_cases: Workload cap (1-50).
    """
    require_role(ctx, MANAGERS, "onboarding a support agent")
    p = get_row(ctx, "org.person", "person_id", person_id, "person")
    if not p["active"]:
        raise ToolError(f"person {person_id} is inactive in the directory")
    if ctx.scalar("SELECT count(*) FROM csm.support_agent WHERE person_id = ?", person_id):
        raise ToolError(f"{person_id} is already a support agent")
    g = get_row(ctx, "csm.assignment_group", "group_id", default_group_id, "assignment group")
    if not g["active"]:
        raise ToolError(f"group {default_group_id} is inactive")
    if tier not in (1, 2, 3) or g["tier"] != tier:
        raise ToolError(f"tier must be 1, 2 or 3 and match the group's tier ({g['tier']})")
    if not 1 <= max_open_cases <= 50:
        raise ToolError("max_open_cases must be between 1 and 50")
    now = ctx.timestamp()
    row = ctx.insert("csm.support_agent", {"person_id": person_id, "role": role, "tier": tier,
                                           "default_group_id": default_group_id, "availability": "available",
                                           "max_open_cases": max_open_cases, "active": True, "deactivated_at": None,
                                           "created_at": now})
    ctx.insert("csm.group_member", {"group_id": default_group_id, "person_id": person_id, "is_lead": role == "lead",
                                    "added_at": now})
    audit(ctx, "support_agent", person_id, "create", {"default_group_id": default_group_id})
    return row


@tool
def csm_deactivate_agent(ctx: Ctx, person_id: str) -> dict:
    """Deactivate a support agent (managers and admins). Refused while the agent has active cases or open case tasks
    assigned. The system removes their group memberships and sets availability to offline.

    Args:
        person_id: The agent's person id (P....).
    """
    require_role(ctx, MANAGERS, "deactivating a support agent")
    a = _agent(ctx, person_id)
    if not a["active"]:
        raise ToolError(f"support agent {person_id} is already inactive")
    if person_id == ctx.user_id:
        raise ToolError("you cannot deactivate yourself")
    cases = ctx.scalar("SELECT count(*) FROM csm.support_case WHERE assigned_to = ? "
                       "AND state IN ('new', 'open', 'awaiting_info')", person_id)
    tasks = ctx.scalar("SELECT count(*) FROM csm.case_task WHERE assigned_to = ? AND state IN ('open', 'in_progress')",
                       person_id)
    if cases or tasks:
        raise ToolError(f"{person_id} still has {cases} active case(s) and {tasks} open task(s); reassign them first")
    groups = [r["group_id"] for r in ctx.all("SELECT group_id FROM csm.group_member WHERE person_id = ? "
                                             "ORDER BY group_id", person_id)]
    for g in groups:
        ctx.delete("csm.group_member", {"group_id": g, "person_id": person_id})
        audit(ctx, "group_member", f"{g}/{person_id}", "delete")
    update_audited(ctx, "csm.support_agent", "person_id", person_id,
                   {"active": False, "availability": "offline", "deactivated_at": ctx.timestamp()})
    return {**_agent(ctx, person_id), "removed_from_groups": groups}


# -- skills ------------------------------------------------------------------------------------
@tool
def csm_list_skills(ctx: Ctx, category: Literal["product", "language", "soft"] | None = None,
                    query: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List skills (product expertise, languages, soft skills).

    Default order: by skill id, ascending.

    Args:
        category: product, language or soft.
        query: Part of the skill name.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.skill WHERE 1=1"
    params: list = []
    if category:
        sql += " AND category = ?"
        params.append(category)
    if query:
        sql += " AND name ILIKE ?"
        params.append(like(query))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="skill_id")


@tool
def csm_set_agent_skill(ctx: Ctx, person_id: str, skill_id: str, level: int) -> dict:
    """Add a skill to an agent or change its level (leads, managers, admins).

    Args:
        person_id: The agent's person id (P....).
        skill_id: The skill (SKL_...).
        level: Proficiency 1 (basic) to 5 (expert).
    """
    require_role(ctx, LEADS, "changing agent skills")
    _agent(ctx, person_id)
    get_row(ctx, "csm.skill", "skill_id", skill_id, "skill")
    if not 1 <= level <= 5:
        raise ToolError("level must be between 1 and 5")
    current = ctx.scalar("SELECT level FROM csm.agent_skill WHERE person_id = ? AND skill_id = ?", person_id, skill_id)
    if current == level:  # nothing to change: no write, no audit entry
        return {"person_id": person_id, "skill_id": skill_id, "level": level, "unchanged": True}
    if current is not None:
        ctx.update("csm.agent_skill", {"person_id": person_id, "skill_id": skill_id}, {"level": level})
        audit(ctx, "agent_skill", f"{person_id}/{skill_id}", "update", {"level": level})
    else:
        ctx.insert("csm.agent_skill", {"person_id": person_id, "skill_id": skill_id, "level": level})
        audit(ctx, "agent_skill", f"{person_id}/{skill_id}", "create", {"level": level})
    return {"person_id": person_id, "skill_id": skill_id, "level": level}


@tool
def csm_remove_agent_skill(ctx: Ctx, person_id: str, skill_id: str) -> dict:
    """Remove a skill from an agent (leads, managers, admins).

    Args:
        person_id: The agent's person id (P....).
        skill_id: The skill (SKL_...).
    """
    require_role(ctx, LEADS, "changing agent skills")
    if not ctx.delete("csm.agent_skill", {"person_id": person_id, "skill_id": skill_id}):
        raise ToolError(f"{person_id} does not have skill {skill_id}")
    audit(ctx, "agent_skill", f"{person_id}/{skill_id}", "delete")
    return {"person_id": person_id, "skill_id": skill_id, "removed": True}

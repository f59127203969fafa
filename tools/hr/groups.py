"""HR groups (fulfillment, restricted, approval, operations) and their members."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, employee, group, is_member, me, require_hr

GroupType = Literal["fulfillment", "restricted", "approval", "operations"]


@tool
def hr_list_groups(ctx: Ctx, group_type: GroupType | None = None, name: str | None = None,
                   include_inactive: bool = False) -> list:
    """List HR groups: fulfillment groups that work cases, restricted groups that own confidential records,
    approval groups and operations groups (IT access, facilities security, forensics).

    Default order: by group id, ascending.

    Args:
        group_type: Only this kind of group.
        name: Case-insensitive substring of the name.
        include_inactive: Also list retired groups.
    """
    conds, params = [], []
    if not include_inactive:
        conds.append("g.active")
    if group_type:
        conds.append("g.group_type = ?")
        params.append(group_type)
    if name:
        conds.append("g.name ILIKE ?")
        params.append(f"%{name}%")
    return ctx.all("SELECT g.*, (SELECT count(*) FROM hr.group_member m WHERE m.group_id = g.group_id) AS member_count "
                   "FROM hr.hr_group g" + (" WHERE " + " AND ".join(conds) if conds else "") + " ORDER BY g.group_id",
                   *params)


@tool
def hr_get_group(ctx: Ctx, group_id: str) -> dict:
    """Get a group with its members.

    Args:
        group_id: Group id (GRP001).
    """
    g = group(ctx, group_id)
    g["members"] = hr_list_group_members.fn(ctx, group_id)
    return g


@tool
def hr_list_group_members(ctx: Ctx, group_id: str) -> list:
    """List a group's members (employee id, name, status, member role lead/member).

    Default order: leads first, then by employee id.

    Args:
        group_id: Group id.
    """
    group(ctx, group_id)
    return ctx.all("SELECT m.employee_id, e.person_id, e.full_name, e.work_email, e.status, m.member_role, m.added_at "
                   "FROM hr.group_member m JOIN hr.employee e USING (employee_id) WHERE m.group_id = ? "
                   "ORDER BY m.member_role = 'lead' DESC, m.employee_id", group_id)


def _require_restricted_lead(ctx: Ctx, g: dict, verb: str) -> None:
    if g["group_type"] != "restricted":
        return
    lead = ctx.scalar("SELECT count(*) FROM hr.group_member WHERE group_id = ? AND employee_id = ? AND member_role = 'lead'",
                      g["group_id"], me(ctx))
    if ctx.role != "hr_admin" or not lead:
        raise ToolError(f"not allowed: members of restricted group {g['group_id']} ({g['name']}) can only be {verb} by an "
                        "hr_admin who leads that group")


@tool
def hr_add_group_member(ctx: Ctx, group_id: str, employee_id: str, member_role: Literal["member", "lead"] = "member") -> dict:
    """Add an active employee to a group. Membership of a restricted group can only be granted by an
    hr_admin who is a lead of that group. An existing member is refused: to change a member's role, remove them
    and add them again with the new role.

    Args:
        group_id: Group id.
        employee_id: The employee to add.
        member_role: member or lead.
    """
    require_hr(ctx)
    g = group(ctx, group_id)
    e = employee(ctx, employee_id)
    if not g["active"]:
        raise ToolError(f"group {group_id} is retired")
    if e["status"] != "active":
        raise ToolError(f"{employee_id} is {e['status']}; only active employees can join a group")
    if is_member(ctx, group_id, employee_id):
        raise ToolError(f"{employee_id} is already a member of {group_id}")
    _require_restricted_lead(ctx, g, "added")
    row = ctx.insert("hr.group_member", {"group_id": group_id, "employee_id": employee_id, "member_role": member_role,
                                         "added_at": ctx.timestamp(), "added_by": ctx.user_id})
    audit(ctx, "hr_add_group_member", "hr_group", group_id, employee_id, f"{employee_id} as {member_role}")
    return row


@tool
def hr_remove_group_member(ctx: Ctx, group_id: str, employee_id: str) -> dict:
    """Remove an employee from a group. A group's last lead cannot be removed. Members of a restricted group
    can only be removed by an hr_admin who is a lead of that group.

    Args:
        group_id: Group id.
        employee_id: The member to remove.
    """
    require_hr(ctx)
    g = group(ctx, group_id)
    row = ctx.one("SELECT * FROM hr.group_member WHERE group_id = ? AND employee_id = ?", group_id, employee_id)
    if row is None:
        raise ToolError(f"{employee_id} is not a member of {group_id}")
    if row["member_role"] == "lead" and ctx.scalar(
            "SELECT count(*) FROM hr.group_member WHERE group_id = ? AND member_role = 'lead'", group_id) == 1:
        raise ToolError(f"{employee_id} is the only lead of {group_id}; add another lead first")
    _require_restricted_lead(ctx, g, "removed")
    ctx.delete("hr.group_member", {"group_id": group_id, "employee_id": employee_id})
    audit(ctx, "hr_remove_group_member", "hr_group", group_id, employee_id, employee_id)
    return {"group_id": group_id, "employee_id": employee_id, "removed": True}

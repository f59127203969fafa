"""Users, groups, group membership and roles."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, get_group, get_user, is_member, me, my_id, require_role, require_staff

Role = Literal["admin", "manager", "agent", "reporter"]
_USER_COLS = ("user_id, person_id, user_name, email, full_name, role, department_id, location_id, active")


@tool
def itsm_get_current_user(ctx: Ctx) -> dict:
    """The ITSM account you are acting as: user id, role and the groups you belong to."""
    u = me(ctx)
    groups = ctx.all("SELECT g.group_id, g.name FROM itsm.group_member m JOIN itsm.user_group g USING (group_id) "
                     "WHERE m.user_id = ? ORDER BY g.group_id", u["user_id"])
    return {**{k: u[k] for k in ("user_id", "person_id", "user_name", "email", "full_name", "role", "active")},
            "groups": groups}


@tool
def itsm_get_user(ctx: Ctx, user_id: str) -> dict:
    """Get an ITSM user by user id (USR...), with role, active flag, line manager and groups.

    Args:
        user_id: The user's id (USR followed by digits).
    """
    me(ctx)
    u = get_user(ctx, user_id)
    mgr = ctx.one("SELECT m.user_id, m.full_name FROM org.person p JOIN itsm.sys_user m ON m.person_id = p.manager_id "
                  "WHERE p.person_id = ?", u["person_id"])
    groups = ctx.all("SELECT g.group_id, g.name FROM itsm.group_member m JOIN itsm.user_group g USING (group_id) "
                     "WHERE m.user_id = ? ORDER BY g.group_id", user_id)
    title = ctx.scalar("SELECT title FROM org.person WHERE person_id = ?", u["person_id"])
    return {**u, "title": title, "line_manager": mgr, "groups": groups}


@tool
def itsm_find_users(ctx: Ctx, name: str | None = None, email: str | None = None, role: Role | None = None,
                    active: bool | None = None, department_id: str | None = None,
                    limit: int = 20, offset: int = 0) -> dict:
    """Search ITSM users. Name and email match case-insensitively on any part.

    Default order: by user id, ascending.

    Args:
        name: Part of the full name or user name.
        email: Part of the email address.
        role: Only users with this role.
        active: Only active (true) or inactive (false) users.
        department_id: Only users of this org department (DEP...).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    me(ctx)
    sql = f"SELECT {_USER_COLS} FROM itsm.sys_user WHERE 1=1"
    params: list = []
    if name:
        sql += " AND (full_name ILIKE ? OR user_name ILIKE ?)"
        params += [f"%{name}%", f"%{name}%"]
    if email:
        sql += " AND email ILIKE ?"
        params.append(f"%{email}%")
    if role:
        sql += " AND role = ?"
        params.append(role)
    if active is not None:
        sql += " AND active = ?"
        params.append(active)
    if department_id:
        sql += " AND department_id = ?"
        params.append(department_id)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="user_id")


@tool
def itsm_update_user(ctx: Ctx, user_id: str, role: Role | None = None, active: bool | None = None) -> dict:
    """Change a user's role or activate/deactivate the account. Admins only; you cannot change your own account.

    Args:
        user_id: The user's id (USR...).
        role: New role.
        active: False deactivates the account, true reactivates it.
    """
    require_role(ctx, ("admin",), "change user accounts")
    u = get_user(ctx, user_id)
    if user_id == my_id(ctx):
        raise ToolError("you cannot change your own account")
    values = {}
    if role is not None and role != u["role"]:
        values["role"] = role
    if active is not None and active != u["active"]:
        values["active"] = active
    if not values:
        raise ToolError("nothing to change: give a new role or active flag different from the current one")
    ctx.update("itsm.sys_user", {"user_id": user_id}, values)
    audit(ctx, "itsm.sys_user", user_id, "update", {k: [u[k], v] for k, v in values.items()})
    return get_user(ctx, user_id)


@tool
def itsm_list_groups(ctx: Ctx, name: str | None = None, group_type: Literal["support", "approval", "knowledge"] | None = None,
                     active: bool | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List user groups (assignment, approval and knowledge groups) with their managers.

    Default order: by group id, ascending.

    Args:
        name: Part of the group name.
        group_type: Only groups of this type.
        active: Only active (true) or inactive (false) groups.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    me(ctx)
    sql = ("SELECT g.*, u.full_name AS manager_name, (SELECT count(*) FROM itsm.group_member m WHERE m.group_id = g.group_id) "
           "AS member_count FROM itsm.user_group g LEFT JOIN itsm.sys_user u ON u.user_id = g.manager_id WHERE 1=1")
    params: list = []
    if name:
        sql += " AND g.name ILIKE ?"
        params.append(f"%{name}%")
    if group_type:
        sql += " AND g.group_type = ?"
        params.append(group_type)
    if active is not None:
        sql += " AND g.active = ?"
        params.append(active)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="group_id")


@tool
def itsm_get_group(ctx: Ctx, group_id: str) -> dict:
    """Get a group by id (GRP...), with its manager.

    Args:
        group_id: The group's id.
    """
    me(ctx)
    g = get_group(ctx, group_id)
    mgr = ctx.one("SELECT user_id, full_name, active, role FROM itsm.sys_user WHERE user_id = ?", g["manager_id"])
    return {**g, "manager": mgr}


@tool
def itsm_list_group_members(ctx: Ctx, group_id: str, active_only: bool = False, limit: int = 50, offset: int = 0) -> dict:
    """Members of a group with their role, active flag and current workload: open_incidents counts the open
    incidents (new, in progress, on hold) assigned to the person in any group, not only this one.

    Default order: by user id, ascending.

    Args:
        group_id: The group's id (GRP...).
        active_only: Only active users.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    me(ctx)
    get_group(ctx, group_id)
    sql = ("SELECT u.user_id, u.full_name, u.email, u.role, u.active, m.added_at, "
           "(SELECT count(*) FROM itsm.incident i WHERE i.assigned_to = u.user_id "
           "AND i.state IN ('new', 'in_progress', 'on_hold')) AS open_incidents FROM itsm.group_member m "
           "JOIN itsm.sys_user u USING (user_id) WHERE m.group_id = ?")
    if active_only:
        sql += " AND u.active"
    return ctx.page(sql, [group_id], limit=limit, offset=offset, order_by="u.user_id")


@tool
def itsm_get_user_groups(ctx: Ctx, user_id: str) -> list:
    """The groups a user is a member of.

    Args:
        user_id: The user's id (USR...).
    """
    me(ctx)
    get_user(ctx, user_id)
    return ctx.all("SELECT g.group_id, g.name, g.group_type, g.manager_id = ? AS is_manager FROM itsm.group_member m "
                   "JOIN itsm.user_group g USING (group_id) WHERE m.user_id = ? ORDER BY g.group_id", user_id, user_id)


def _can_manage(ctx: Ctx, group: dict) -> None:
    u = require_staff(ctx, "manage group membership")
    if u["role"] != "admin" and group["manager_id"] != u["user_id"]:
        raise ToolError(f"not allowed: only an admin or the manager of {group['name']} can change its membership")


@tool
def itsm_add_group_member(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Add a user to a group. Admins, or the group's manager. The user must be active.

    Args:
        group_id: The group's id (GRP...).
        user_id: The user to add (USR...).
    """
    g = get_group(ctx, group_id)
    _can_manage(ctx, g)
    u = get_user(ctx, user_id)
    if not u["active"]:
        raise ToolError(f"user {user_id} is inactive and cannot be added to a group")
    if is_member(ctx, group_id, user_id):
        raise ToolError(f"user {user_id} is already a member of {g['name']}")
    if g["group_type"] == "support" and u["role"] == "reporter":
        raise ToolError(f"user {user_id} has role 'reporter'; only agents, managers and admins can join a support group")
    ctx.insert("itsm.group_member", {"group_id": group_id, "user_id": user_id, "added_by": my_id(ctx),
                                     "added_at": ctx.timestamp()})
    audit(ctx, "itsm.group_member", f"{group_id}:{user_id}", "add_member")
    return {"group_id": group_id, "user_id": user_id, "added": True}


@tool
def itsm_remove_group_member(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Remove a user from a group. Admins, or the group's manager. The group's manager cannot be removed, and
    neither can a member who still holds open incidents (new, in progress, on hold) of the group: reassign them first.

    Args:
        group_id: The group's id (GRP...).
        user_id: The member to remove (USR...).
    """
    g = get_group(ctx, group_id)
    _can_manage(ctx, g)
    if not is_member(ctx, group_id, user_id):
        raise ToolError(f"user {user_id} is not a member of {g['name']}")
    if g["manager_id"] == user_id:
        raise ToolError(f"user {user_id} manages {g['name']}; set another manager first")
    held = [r["number"] for r in ctx.all(
        "SELECT number FROM itsm.incident WHERE assignment_group_id = ? AND assigned_to = ? "
        "AND state IN ('new', 'in_progress', 'on_hold') ORDER BY number", group_id, user_id)]
    if held:
        raise ToolError(f"user {user_id} still holds {len(held)} open incident(s) of {g['name']} ({', '.join(held)}); "
                        "reassign them to another active member first")
    ctx.delete("itsm.group_member", {"group_id": group_id, "user_id": user_id})
    audit(ctx, "itsm.group_member", f"{group_id}:{user_id}", "remove_member")
    return {"group_id": group_id, "user_id": user_id, "removed": True}


@tool
def itsm_set_group_manager(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Make a member of a group its manager. Admins only; the new manager must be an active manager or admin.

    Args:
        group_id: The group's id (GRP...).
        user_id: The new manager (must already be a member).
    """
    require_role(ctx, ("admin",), "change a group's manager")
    g = get_group(ctx, group_id)
    u = get_user(ctx, user_id)
    if not u["active"] or u["role"] not in ("manager", "admin"):
        raise ToolError(f"user {user_id} must be an active user with role manager or admin to manage a group")
    if not is_member(ctx, group_id, user_id):
        raise ToolError(f"user {user_id} is not a member of {g['name']}; add them first")
    ctx.update("itsm.user_group", {"group_id": group_id}, {"manager_id": user_id})
    audit(ctx, "itsm.user_group", group_id, "set_manager", {"manager_id": [g["manager_id"], user_id]})
    return get_group(ctx, group_id)

"""Directory side of Drive: user accounts (with manager and status) and groups with their members."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, is_admin, now, require_account, resolve_principal

USER_SQL = ("SELECT a.person_id, a.email, a.display_name, a.status, a.role AS drive_role, p.title, p.department_id, "
            "d.name AS department, p.manager_id, m.full_name AS manager_name, m.email AS manager_email, "
            "m.active AS manager_active, a.last_active_time FROM drive.account a JOIN org.person p USING (person_id) "
            "LEFT JOIN org.department d ON d.department_id = p.department_id "
            "LEFT JOIN org.person m ON m.person_id = p.manager_id")


@tool
def drive_find_users(ctx: Ctx, query: str | None = None, department_id: str | None = None,
                     include_suspended: bool = True, limit: int = 20, offset: int = 0) -> dict:
    """Find Drive accounts by name or e-mail: status (active/suspended), title, department and manager
    (with whether the manager is still active). Ordered by name, then person id.

    Args:
        query: Case-insensitive part of the name or e-mail.
        department_id: Only this department (DEP…).
        include_suspended: Include suspended accounts of people who left (default true).
        limit: Page size 1-100.
        offset: Items to skip.
    """
    require_account(ctx)
    conds, params = ["1 = 1"], []
    if query:
        conds.append("(a.display_name ILIKE ? OR a.email ILIKE ?)")
        params += [f"%{query.strip()}%", f"%{query.strip()}%"]
    if department_id:
        conds.append("p.department_id = ?")
        params.append(department_id)
    if not include_suspended:
        conds.append("a.status = 'active'")
    return ctx.page(f"{USER_SQL} WHERE {' AND '.join(conds)}", params, limit=limit, offset=offset,
                    order_by="a.display_name, a.person_id")


@tool
def drive_get_user(ctx: Ctx, email: str) -> dict:
    """Get one account by e-mail, with manager, status and the groups the person belongs to.

    Args:
        email: The person's e-mail address.
    """
    require_account(ctx)
    u = ctx.one(f"{USER_SQL} WHERE lower(a.email) = lower(?)", email.strip())
    if u is None:
        x = ctx.one("SELECT * FROM drive.external_user WHERE lower(email) = lower(?)", email.strip())
        if x:
            return {**x, "external": True}
        raise ToolError(f"no account '{email}' (use drive_find_users to search by name)")
    u["groups"] = ctx.all("SELECT g.group_id, g.email, g.name, m.role FROM drive.group_member m JOIN drive.user_group g "
                          "USING (group_id) WHERE m.person_id = ? ORDER BY g.group_id", u["person_id"])
    u["shared_drive_memberships"] = ctx.all(
        "SELECT m.permission_id, m.drive_id, s.name AS drive_name, m.role FROM drive.drive_member m "
        "JOIN drive.shared_drive s USING (drive_id) WHERE m.person_id = ? ORDER BY m.drive_id", u["person_id"])
    return u


def _group(ctx: Ctx, group_id: str) -> dict:
    g = ctx.one("SELECT * FROM drive.user_group WHERE group_id = ? OR lower(email) = lower(?)", group_id, group_id)
    if g is None:
        raise ToolError(f"group '{group_id}' not found (ids look like GRP003; use drive_list_groups)")
    return g


@tool
def drive_list_groups(ctx: Ctx, query: str | None = None, member_email: str | None = None,
                      include_archived: bool = False) -> list:
    """List groups (id, e-mail, name, owner, whether outside members are allowed), optionally only those
    a given person or outside user belongs to. Ordered by group id.

    Args:
        query: Case-insensitive part of the name or e-mail.
        member_email: Only groups this address is a member of.
        include_archived: Include archived groups (read-only: an archived group's membership cannot change).
    """
    require_account(ctx)
    conds, params = ["1 = 1"], []
    if query:
        conds.append("(g.name ILIKE ? OR g.email ILIKE ?)")
        params += [f"%{query}%", f"%{query}%"]
    if member_email:
        conds.append("g.group_id IN (SELECT m.group_id FROM drive.group_member m LEFT JOIN drive.account a ON a.person_id = m.person_id "
                     "LEFT JOIN drive.external_user x ON x.external_id = m.external_id "
                     "WHERE lower(coalesce(a.email, x.email)) = lower(?))")
        params.append(member_email.strip())
    if not include_archived:
        conds.append("NOT g.archived")
    return ctx.all("SELECT g.*, (SELECT count(*) FROM drive.group_member m WHERE m.group_id = g.group_id) AS member_count "
                   f"FROM drive.user_group g WHERE {' AND '.join(conds)} ORDER BY g.group_id", *params)


@tool
def drive_list_group_members(ctx: Ctx, group_id: str, limit: int = 100, offset: int = 0) -> dict:
    """List a group's members (people and outside users) with role and account status. Ordered by role
    (OWNER, MANAGER, MEMBER), then name.

    Args:
        group_id: The group id (GRP003) or its e-mail.
        limit: Page size 1-100 (default 100).
        offset: Items to skip.
    """
    require_account(ctx)
    g = _group(ctx, group_id)
    sql = ("SELECT m.membership_id, m.person_id, m.external_id, coalesce(a.email, x.email) AS email, "
           "coalesce(a.display_name, x.display_name) AS display_name, m.role, coalesce(a.status, 'external') AS status, "
           "m.added_time FROM drive.group_member m LEFT JOIN drive.account a ON a.person_id = m.person_id "
           "LEFT JOIN drive.external_user x ON x.external_id = m.external_id WHERE m.group_id = ?")
    out = ctx.page(sql, [g["group_id"]], limit=limit, offset=offset,
                   order_by="CASE m.role WHEN 'OWNER' THEN 1 WHEN 'MANAGER' THEN 2 ELSE 3 END, display_name, m.membership_id")
    out["group"] = {k: g[k] for k in ("group_id", "email", "name", "archived", "allow_external_members")}
    return out


def _can_manage(ctx: Ctx, g: dict) -> None:
    if g["archived"]:
        raise ToolError(f"group {g['email']} is archived; its membership cannot change")
    if is_admin(ctx):
        return
    role = ctx.scalar("SELECT role FROM drive.group_member WHERE group_id = ? AND person_id = ?", g["group_id"], ctx.user_id)
    if role not in ("OWNER", "MANAGER"):
        raise ToolError(f"not allowed: only owners and managers of {g['email']} (or an administrator) can change its members")


@tool
def drive_add_group_member(ctx: Ctx, group_id: str, email: str, role: Literal["OWNER", "MANAGER", "MEMBER"] = "MEMBER") -> dict:
    """Add a person (or, if the group allows it, an outside user) to a group. Needs group owner/manager
    or an administrator; an archived group's membership cannot change.

    Args:
        group_id: The group id or e-mail.
        email: The member's e-mail.
        role: OWNER, MANAGER or MEMBER (default).
    """
    require_account(ctx)
    g = _group(ctx, group_id)
    _can_manage(ctx, g)
    p = resolve_principal(ctx, email)
    if p["type"] == "group":
        raise ToolError("nested groups are not supported; add the people instead")
    if p["external_id"] and not g["allow_external_members"]:
        raise ToolError(f"{g['email']} does not allow members outside the organization")
    if ctx.scalar("SELECT count(*) FROM drive.group_member WHERE group_id = ? AND (person_id = ? OR external_id = ?)",
                  g["group_id"], p["person_id"], p["external_id"]):
        raise ToolError(f"{email} is already a member of {g['email']}")
    mid = ctx.new_id("drive.group_member", "membership_id", "GMB", 5)
    row = ctx.insert("drive.group_member", {"membership_id": mid, "group_id": g["group_id"], "person_id": p["person_id"],
                                            "external_id": p["external_id"], "role": role, "added_time": now(ctx),
                                            "added_by": ctx.user_id})
    audit(ctx, "group.member.add", "group", g["group_id"], f"{email} as {role}")
    return row


@tool
def drive_remove_group_member(ctx: Ctx, group_id: str, email: str) -> dict:
    """Remove a member from a group (they lose every access granted through it). Needs group
    owner/manager or an administrator; a group's last owner cannot be removed, and an archived group's
    membership cannot change.

    Args:
        group_id: The group id or e-mail.
        email: The member's e-mail.
    """
    require_account(ctx)
    g = _group(ctx, group_id)
    _can_manage(ctx, g)
    m = ctx.one("SELECT m.* FROM drive.group_member m LEFT JOIN drive.account a ON a.person_id = m.person_id "
                "LEFT JOIN drive.external_user x ON x.external_id = m.external_id WHERE m.group_id = ? "
                "AND lower(coalesce(a.email, x.email)) = lower(?)", g["group_id"], email.strip())
    if m is None:
        raise ToolError(f"{email} is not a member of {g['email']}")
    if m["role"] == "OWNER" and ctx.scalar("SELECT count(*) FROM drive.group_member WHERE group_id = ? AND role = 'OWNER'",
                                           g["group_id"]) == 1:
        raise ToolError(f"{email} is the last owner of {g['email']}; make someone else owner first")
    ctx.delete("drive.group_member", {"membership_id": m["membership_id"]})
    audit(ctx, "group.member.remove", "group", g["group_id"], email.strip().lower())
    return {"group_id": g["group_id"], "email": email, "removed": True}

"""Groups (unified, security, distribution) and their owners and members. The owners and members of a
team's unified group follow the team (change them with the team member tools)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, enabled_account, is_admin, require_signed_in


def _group(ctx: Ctx, group_id: str) -> dict:
    row = ctx.one("SELECT g.*, t.team_id FROM teams.m365_group g LEFT JOIN teams.team t USING (group_id) "
                  "WHERE g.group_id = ?", group_id)
    if row is None or row["deleted_at"]:
        raise ToolError(f"group '{group_id}' not found (use teams_list_groups)")
    return row


def _manageable(ctx: Ctx, g: dict) -> None:
    if g["team_id"]:
        raise ToolError(f"group {g['group_id']} backs team {g['team_id']}; change its owners and members with the team "
                        "member tools")
    if is_admin(ctx) or ctx.scalar("SELECT count(*) FROM teams.group_owner WHERE group_id = ? AND person_id = ?",
                                   g["group_id"], ctx.user_id):
        return
    raise ToolError(f"not allowed: only owners of group {g['group_id']} or Teams administrators can change it")


@tool
def teams_list_groups(ctx: Ctx, query: str | None = None,
                      group_type: Literal["unified", "security", "distribution"] | None = None,
                      limit: int = 20, offset: int = 0) -> dict:
    """List groups ordered by display name (deleted groups are not listed); team_id is set for team groups.

    Args:
        query: Case-insensitive substring of the name, mail nickname or description.
        group_type: unified, security or distribution.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["g.deleted_at IS NULL"], []
    if query:
        conds.append("(g.display_name ILIKE ? OR g.mail_nickname ILIKE ? OR g.description ILIKE ?)")
        params += [f"%{query}%"] * 3
    if group_type:
        conds.append("g.group_type = ?")
        params.append(group_type)
    sql = ("SELECT g.group_id, g.display_name, g.mail, g.group_type, g.visibility, g.department_id, t.team_id, "
           "(SELECT count(*) FROM teams.group_member m WHERE m.group_id = g.group_id) AS member_count "
           "FROM teams.m365_group g LEFT JOIN teams.team t USING (group_id) WHERE " + " AND ".join(conds))
    return ctx.page("SELECT * FROM (" + sql + ") q", params, limit=limit, offset=offset, order_by="display_name, group_id")


@tool
def teams_get_group(ctx: Ctx, group_id: str) -> dict:
    """Get a group with its owners.

    Args:
        group_id: Group id (GRP0012).
    """
    g = _group(ctx, group_id)
    g["owners"] = teams_list_group_owners.fn(ctx, group_id)
    return g


@tool
def teams_list_group_owners(ctx: Ctx, group_id: str) -> list:
    """A group's owners, ordered by name.

    Args:
        group_id: Group id.
    """
    _group(ctx, group_id)
    return ctx.all("SELECT o.person_id, a.display_name, a.account_enabled FROM teams.group_owner o "
                   "JOIN teams.user_account a USING (person_id) WHERE o.group_id = ? ORDER BY a.display_name", group_id)


@tool
def teams_list_group_members(ctx: Ctx, group_id: str, limit: int = 50, offset: int = 0) -> dict:
    """A group's members ordered by name.

    Args:
        group_id: Group id.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    _group(ctx, group_id)
    return ctx.page("SELECT * FROM (SELECT m.person_id, a.display_name, a.user_principal_name, a.account_enabled "
                    "FROM teams.group_member m JOIN teams.user_account a USING (person_id) WHERE m.group_id = ?) q", [group_id], limit=limit,
                    offset=offset, order_by="display_name, person_id")


def _change(ctx: Ctx, group_id: str, person_id: str, table: str, add: bool) -> dict:
    require_signed_in(ctx)
    g = _group(ctx, group_id)
    _manageable(ctx, g)
    label = "owner" if table == "teams.group_owner" else "member"
    present = ctx.scalar(f"SELECT count(*) FROM {table} WHERE group_id = ? AND person_id = ?", group_id, person_id)
    if add:
        enabled_account(ctx, person_id)
        if present:
            raise ToolError(f"{person_id} is already an {label} of {group_id}")
        ctx.insert(table, {"group_id": group_id, "person_id": person_id, "added_at": ctx.timestamp()})
    else:
        if not present:
            raise ToolError(f"{person_id} is not an {label} of {group_id}")
        if label == "owner" and ctx.scalar("SELECT count(*) FROM teams.group_owner WHERE group_id = ?", group_id) == 1:
            raise ToolError(f"{person_id} is the last owner of {group_id}; add another owner first")
        ctx.delete(table, {"group_id": group_id, "person_id": person_id})
    audit(ctx, f"teams_{'add' if add else 'remove'}_group_{label}", "group", group_id, None, person_id)
    return {"group_id": group_id, "person_id": person_id, label: add}


@tool
def teams_add_group_owner(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Add an owner to a (non-team) group.

    Args:
        group_id: Group id.
        user_id: Person id.
    """
    return _change(ctx, group_id, user_id, "teams.group_owner", True)


@tool
def teams_remove_group_owner(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Remove an owner from a (non-team) group; the last owner stays.

    Args:
        group_id: Group id.
        user_id: Person id.
    """
    return _change(ctx, group_id, user_id, "teams.group_owner", False)


@tool
def teams_add_group_member(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Add a member to a (non-team) group.

    Args:
        group_id: Group id.
        user_id: Person id.
    """
    return _change(ctx, group_id, user_id, "teams.group_member", True)


@tool
def teams_remove_group_member(ctx: Ctx, group_id: str, user_id: str) -> dict:
    """Remove a member from a (non-team) group.

    Args:
        group_id: Group id.
        user_id: Person id.
    """
    return _change(ctx, group_id, user_id, "teams.group_member", False)

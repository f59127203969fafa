"""Teamwork tags: named sets of team members that can be @mentioned together."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, check_text, clean, require_owner, require_team_reader, team, writable_team


def _tag(ctx: Ctx, tag_id: str) -> dict:
    row = ctx.one("SELECT * FROM teams.tag WHERE tag_id = ?", tag_id)
    if row is None:
        raise ToolError(f"tag '{tag_id}' not found (use teams_list_tags)")
    return row


def _member_of_team(ctx: Ctx, team_id: str, person_id: str) -> None:
    if person_id.upper().startswith("EXT"):
        raise ToolError(f"{person_id} is a guest or external person; tags hold internal users (P…) only")
    if not ctx.scalar("SELECT count(*) FROM teams.team_member WHERE team_id = ? AND person_id = ?", team_id, person_id):
        raise ToolError(f"{person_id} is not a member of team {team_id}; tag members must be team members")


@tool
def teams_list_tags(ctx: Ctx, team_id: str) -> list:
    """A team's tags with their member counts, ordered by name.

    Args:
        team_id: Team id.
    """
    require_team_reader(ctx, team(ctx, team_id))
    return ctx.all("SELECT g.*, (SELECT count(*) FROM teams.tag_member m WHERE m.tag_id = g.tag_id) AS member_count "
                   "FROM teams.tag g WHERE g.team_id = ? ORDER BY g.display_name, g.tag_id", team_id)


@tool
def teams_get_tag(ctx: Ctx, tag_id: str) -> dict:
    """Get a tag with its members.

    Args:
        tag_id: Tag id (TAG0012).
    """
    g = _tag(ctx, tag_id)
    g["members"] = teams_list_tag_members.fn(ctx, tag_id)
    return g


@tool
def teams_create_tag(ctx: Ctx, team_id: str, display_name: str, member_ids: list[str],
                     description: str | None = None) -> dict:
    """Create a tag in a team with its first members (team members, at least one). Names are unique per team.

    Args:
        team_id: Team id.
        display_name: Tag name (max 40 characters).
        member_ids: Person ids of team members.
        description: What the tag is for.
    """
    t = writable_team(ctx, team_id)
    require_owner(ctx, t, "creating tags")
    check_text(display_name, "display_name", 40)
    if not member_ids:
        raise ToolError("a tag needs at least one member")
    if ctx.scalar("SELECT count(*) FROM teams.tag WHERE team_id = ? AND lower(display_name) = lower(?)", team_id, display_name):
        raise ToolError(f"team {team_id} already has a tag named '{display_name}'")
    for p in member_ids:
        _member_of_team(ctx, team_id, p)
    tid = ctx.new_id("teams.tag", "tag_id", "TAG", 4)
    ctx.insert("teams.tag", {"tag_id": tid, "team_id": team_id, "display_name": display_name, "description": description,
                             "created_by": ctx.user_id, "created_at": ctx.timestamp()})
    for p in dict.fromkeys(member_ids):
        ctx.insert("teams.tag_member", {"tag_id": tid, "person_id": p, "added_at": ctx.timestamp()})
    audit(ctx, "teams_create_tag", "tag", tid, team_id, display_name)
    return teams_get_tag.fn(ctx, tid)


@tool
def teams_update_tag(ctx: Ctx, tag_id: str, display_name: str | None = None, description: str | None = None) -> dict:
    """Rename a tag or change its description.

    Args:
        tag_id: Tag id.
        display_name: New name.
        description: New description.
    """
    g = _tag(ctx, tag_id)
    require_owner(ctx, writable_team(ctx, g["team_id"]), "updating tags")
    if display_name is not None:
        check_text(display_name, "display_name", 40)
    values = clean({"display_name": display_name, "description": description})
    if not values:
        raise ToolError("nothing to update")
    ctx.update("teams.tag", {"tag_id": tag_id}, values)
    audit(ctx, "teams_update_tag", "tag", tag_id, g["team_id"], ", ".join(sorted(values)))
    return teams_get_tag.fn(ctx, tag_id)


@tool
def teams_delete_tag(ctx: Ctx, tag_id: str) -> dict:
    """Delete a tag and its memberships.

    Args:
        tag_id: Tag id.
    """
    g = _tag(ctx, tag_id)
    require_owner(ctx, writable_team(ctx, g["team_id"]), "deleting tags")
    ctx.execute("DELETE FROM teams.tag_member WHERE tag_id = ?", tag_id)
    ctx.delete("teams.tag", {"tag_id": tag_id})
    audit(ctx, "teams_delete_tag", "tag", tag_id, g["team_id"], g["display_name"])
    return {"tag_id": tag_id, "deleted": True}


@tool
def teams_list_tag_members(ctx: Ctx, tag_id: str) -> list:
    """The members of a tag with their e-mail and account state, ordered by name.

    Args:
        tag_id: Tag id.
    """
    _tag(ctx, tag_id)
    return ctx.all("SELECT m.person_id, a.display_name, a.user_principal_name, a.account_enabled, m.added_at "
                   "FROM teams.tag_member m JOIN teams.user_account a USING (person_id) WHERE m.tag_id = ? "
                   "ORDER BY a.display_name, m.person_id", tag_id)


@tool
def teams_add_tag_member(ctx: Ctx, tag_id: str, user_id: str) -> dict:
    """Add a team member to a tag.

    Args:
        tag_id: Tag id.
        user_id: Person id (a member of the tag's team).
    """
    g = _tag(ctx, tag_id)
    require_owner(ctx, writable_team(ctx, g["team_id"]), "changing tag members")
    _member_of_team(ctx, g["team_id"], user_id)
    if ctx.scalar("SELECT count(*) FROM teams.tag_member WHERE tag_id = ? AND person_id = ?", tag_id, user_id):
        raise ToolError(f"{user_id} already has tag {tag_id}")
    row = ctx.insert("teams.tag_member", {"tag_id": tag_id, "person_id": user_id, "added_at": ctx.timestamp()})
    audit(ctx, "teams_add_tag_member", "tag", tag_id, g["team_id"], user_id)
    return row


@tool
def teams_remove_tag_member(ctx: Ctx, tag_id: str, user_id: str) -> dict:
    """Remove someone from a tag.

    Args:
        tag_id: Tag id.
        user_id: Person id.
    """
    g = _tag(ctx, tag_id)
    require_owner(ctx, writable_team(ctx, g["team_id"]), "changing tag members")
    if not ctx.delete("teams.tag_member", {"tag_id": tag_id, "person_id": user_id}):
        raise ToolError(f"{user_id} does not have tag {tag_id}")
    audit(ctx, "teams_remove_tag_member", "tag", tag_id, g["team_id"], user_id)
    return {"tag_id": tag_id, "person_id": user_id, "removed": True}

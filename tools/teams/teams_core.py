"""Teams: list, get, create (with its unified group and General channel), update, settings, archive."""

from __future__ import annotations

import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (audit, check_text, clean, enabled_account, require_owner, require_signed_in,
                     require_team_reader, sync_group_owners, team)

Template = Literal["standard", "projectManagement", "incidentResponse", "departmentHub", "eventPlanning"]
Classification = Literal["General", "Confidential", "Highly Confidential"]
SETTINGS = ("allow_create_update_channels", "allow_create_private_channels", "allow_delete_channels",
            "allow_add_remove_apps", "allow_create_update_remove_tabs", "guest_allow_create_update_channels",
            "guest_allow_delete_channels", "allow_user_edit_messages", "allow_user_delete_messages",
            "allow_owner_delete_messages", "allow_team_mentions", "allow_channel_mentions")


@tool
def teams_list_teams(ctx: Ctx, query: str | None = None, template: Template | None = None,
                     department_id: str | None = None, include_archived: bool = False,
                     limit: int = 20, offset: int = 0) -> dict:
    """List teams ordered by display name then id, with owner and member counts. Archived teams are
    left out unless include_archived.

    Args:
        query: Case-insensitive substring of the display name or description.
        template: Only teams created from this template.
        department_id: Only teams of this department.
        include_archived: Also list archived teams.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    if query:
        conds.append("(t.display_name ILIKE ? OR t.description ILIKE ?)")
        params += [f"%{query}%"] * 2
    if template:
        conds.append("t.template = ?")
        params.append(template)
    if department_id:
        conds.append("t.department_id = ?")
        params.append(department_id)
    if not include_archived:
        conds.append("NOT t.is_archived")
    sql = ("SELECT t.team_id, t.display_name, t.description, t.visibility, t.template, t.classification, "
           "t.department_id, t.is_archived, "
           "(SELECT count(*) FROM teams.team_member m WHERE m.team_id = t.team_id AND m.role = 'owner') AS owner_count, "
           "(SELECT count(*) FROM teams.team_member m WHERE m.team_id = t.team_id) AS member_count "
           "FROM teams.team t WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="display_name, team_id")


@tool
def teams_get_team(ctx: Ctx, team_id: str) -> dict:
    """Get a team with all its settings (member, guest and messaging settings), its group and its owners.

    Args:
        team_id: Team id (TEAM012).
    """
    t = team(ctx, team_id)
    require_team_reader(ctx, t)
    t["mail"] = ctx.scalar("SELECT mail FROM teams.m365_group WHERE group_id = ?", t["group_id"])
    t["owners"] = ctx.all("SELECT m.membership_id, m.person_id, a.display_name, a.account_enabled FROM teams.team_member m "
                          "JOIN teams.user_account a USING (person_id) WHERE m.team_id = ? AND m.role = 'owner' "
                          "ORDER BY m.person_id", team_id)
    return t


def nickname(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:60]


@tool
def teams_create_team(ctx: Ctx, display_name: str, owner_ids: list[str], description: str | None = None,
                      template: Template = "standard", visibility: Literal["public", "private"] = "private",
                      classification: Classification = "General", department_id: str | None = None,
                      member_ids: list[str] | None = None) -> dict:
    """Create a team, its unified group (mail nickname derived from the name) and its General channel.

    Args:
        display_name: Team name (max 256 characters).
        owner_ids: Person ids of the owners (at least one, enabled internal accounts).
        description: Team description.
        template: The template the team is created from.
        visibility: public (anyone can join) or private.
        classification: Sensitivity classification.
        department_id: Owning department (DEP010), if any.
        member_ids: Person ids of initial members (internal users only).
    """
    require_signed_in(ctx)
    check_text(display_name, "display_name", 256)
    if not owner_ids:
        raise ToolError("a team needs at least one owner")
    for p in owner_ids + (member_ids or []):
        if p.startswith("EXT"):
            raise ToolError(f"{p} is not an internal user; add guests with teams_add_team_member after creation")
        enabled_account(ctx, p)
    if department_id and not ctx.scalar("SELECT count(*) FROM org.department WHERE department_id = ?", department_id):
        raise ToolError(f"department '{department_id}' not found")
    nick = nickname(display_name)
    if ctx.scalar("SELECT count(*) FROM teams.m365_group WHERE mail_nickname = ?", nick):
        raise ToolError(f"a group with mail nickname '{nick}' already exists; choose a different team name")
    now = ctx.timestamp()
    gid = ctx.new_id("teams.m365_group", "group_id", "GRP", 4)
    ctx.insert("teams.m365_group", {"group_id": gid, "display_name": display_name, "mail_nickname": nick,
                                    "mail": f"{nick}@arcturus.example", "description": description,
                                    "group_type": "unified", "visibility": visibility, "department_id": department_id,
                                    "created_by": ctx.user_id, "created_at": now, "deleted_at": None})
    tid = ctx.new_id("teams.team", "team_id", "TEAM", 3)
    defaults = {s: s in ("allow_create_update_channels", "allow_add_remove_apps", "allow_create_update_remove_tabs",
                         "allow_user_edit_messages", "allow_user_delete_messages", "allow_owner_delete_messages",
                         "allow_team_mentions", "allow_channel_mentions") for s in SETTINGS}
    ctx.insert("teams.team", {"team_id": tid, "group_id": gid, "display_name": display_name, "description": description,
                              "visibility": visibility, "template": template, "classification": classification,
                              "department_id": department_id, "is_archived": False, "archived_at": None,
                              "site_read_only_for_members": False, **defaults, "created_by": ctx.user_id,
                              "created_at": now, "last_activity_at": now})
    roster = {p: "owner" for p in owner_ids}
    for p in member_ids or []:
        roster.setdefault(p, "member")
    for p, role in roster.items():
        ctx.insert("teams.team_member", {"membership_id": ctx.new_id("teams.team_member", "membership_id", "TM", 5),
                                         "team_id": tid, "person_id": p, "external_id": None, "role": role,
                                         "added_by": ctx.user_id, "added_at": now})
    cid = ctx.new_id("teams.channel", "channel_id", "CH", 4)
    ctx.insert("teams.channel", {"channel_id": cid, "team_id": tid, "display_name": "General",
                                 "description": f"Team-wide announcements for {display_name}.",
                                 "membership_type": "standard", "is_general": True, "is_favorite_by_default": True,
                                 "is_archived": False, "email": None,
                                 "files_folder": f"/sites/{gid.lower()}/Shared Documents/General",
                                 "created_by": ctx.user_id, "created_at": now, "deleted_at": None})
    sync_group_owners(ctx, tid)
    audit(ctx, "teams_create_team", "team", tid, tid, f"{display_name} ({template}, {visibility})")
    out = teams_get_team.fn(ctx, tid)
    out["general_channel_id"] = cid
    return out


@tool
def teams_update_team(ctx: Ctx, team_id: str, display_name: str | None = None, description: str | None = None,
                      visibility: Literal["public", "private"] | None = None,
                      classification: Classification | None = None) -> dict:
    """Update a team's name, description, visibility or classification (owners and administrators).
    Works on archived teams only for unarchiving (see teams_unarchive_team).

    Args:
        team_id: Team id.
        display_name: New name.
        description: New description.
        visibility: public or private.
        classification: New classification.
    """
    t = team(ctx, team_id)
    require_owner(ctx, t, "updating the team")
    if t["is_archived"]:
        raise ToolError(f"team {team_id} is archived and read-only")
    if display_name is not None:
        check_text(display_name, "display_name", 256)
    values = clean({"display_name": display_name, "description": description, "visibility": visibility,
                    "classification": classification})
    if not values:
        raise ToolError("nothing to update")
    ctx.update("teams.team", {"team_id": team_id}, values)
    group_values = clean({"display_name": display_name, "description": description, "visibility": visibility})
    if group_values:
        ctx.update("teams.m365_group", {"group_id": t["group_id"]}, group_values)
    audit(ctx, "teams_update_team", "team", team_id, team_id, ", ".join(sorted(values)))
    return teams_get_team.fn(ctx, team_id)


@tool
def teams_update_team_settings(ctx: Ctx, team_id: str, allow_create_update_channels: bool | None = None,
                               allow_create_private_channels: bool | None = None,
                               allow_delete_channels: bool | None = None, allow_add_remove_apps: bool | None = None,
                               allow_create_update_remove_tabs: bool | None = None,
                               guest_allow_create_update_channels: bool | None = None,
                               guest_allow_delete_channels: bool | None = None,
                               allow_user_edit_messages: bool | None = None,
                               allow_user_delete_messages: bool | None = None,
                               allow_owner_delete_messages: bool | None = None,
                               allow_team_mentions: bool | None = None,
                               allow_channel_mentions: bool | None = None) -> dict:
    """Change a team's member, guest and messaging settings (owners and administrators).

    Args:
        team_id: Team id.
        allow_create_update_channels: Members may create and update channels.
        allow_create_private_channels: Members may create private channels.
        allow_delete_channels: Members may delete channels.
        allow_add_remove_apps: Members may install and remove apps.
        allow_create_update_remove_tabs: Members may add, change and remove tabs.
        guest_allow_create_update_channels: Guests may create and update channels.
        guest_allow_delete_channels: Guests may delete channels.
        allow_user_edit_messages: Users may edit their messages.
        allow_user_delete_messages: Users may delete their messages.
        allow_owner_delete_messages: Owners may delete anyone's messages.
        allow_team_mentions: @team mentions are allowed.
        allow_channel_mentions: @channel mentions are allowed.
    """
    t = team(ctx, team_id)
    require_owner(ctx, t, "changing team settings")
    if t["is_archived"]:
        raise ToolError(f"team {team_id} is archived and read-only")
    args = locals()
    values = {s: args[s] for s in SETTINGS if args[s] is not None and args[s] != t[s]}
    if not values:
        raise ToolError("nothing to change: every given setting already has that value")
    ctx.update("teams.team", {"team_id": team_id}, values)
    audit(ctx, "teams_update_team_settings", "team", team_id, team_id,
          ", ".join(f"{k}={v}" for k, v in sorted(values.items())))
    return teams_get_team.fn(ctx, team_id)


@tool
def teams_archive_team(ctx: Ctx, team_id: str, set_site_read_only_for_members: bool = False) -> dict:
    """Archive a team: it becomes read-only. Optionally make its files site read-only for members.

    Args:
        team_id: Team id.
        set_site_read_only_for_members: Also make the team's site read-only for members.
    """
    t = team(ctx, team_id)
    require_owner(ctx, t, "archiving the team")
    if t["is_archived"]:
        raise ToolError(f"team {team_id} is already archived")
    ctx.update("teams.team", {"team_id": team_id}, {"is_archived": True, "archived_at": ctx.timestamp(),
                                                    "site_read_only_for_members": set_site_read_only_for_members})
    audit(ctx, "teams_archive_team", "team", team_id, team_id, f"site read-only={set_site_read_only_for_members}")
    return teams_get_team.fn(ctx, team_id)


@tool
def teams_unarchive_team(ctx: Ctx, team_id: str) -> dict:
    """Restore an archived team to active (its site becomes writable again).

    Args:
        team_id: Team id.
    """
    t = team(ctx, team_id)
    require_owner(ctx, t, "unarchiving the team")
    if not t["is_archived"]:
        raise ToolError(f"team {team_id} is not archived")
    ctx.update("teams.team", {"team_id": team_id}, {"is_archived": False, "archived_at": None,
                                                    "site_read_only_for_members": False})
    audit(ctx, "teams_unarchive_team", "team", team_id, team_id, None)
    return teams_get_team.fn(ctx, team_id)


@tool
def teams_list_team_owners_below_two(ctx: Ctx, limit: int = 20, offset: int = 0) -> dict:
    """Governance report: active teams with fewer than two owners whose accounts are enabled, ordered by team id.

    Args:
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_signed_in(ctx)
    sql = ("SELECT t.team_id, t.display_name, count(a.person_id) AS enabled_owner_count FROM teams.team t "
           "LEFT JOIN teams.team_member m ON m.team_id = t.team_id AND m.role = 'owner' "
           "LEFT JOIN teams.user_account a ON a.person_id = m.person_id AND a.account_enabled "
           "WHERE NOT t.is_archived GROUP BY t.team_id, t.display_name HAVING count(a.person_id) < 2")
    return ctx.page(sql, [], limit=limit, offset=offset, order_by="team_id")


"""Channels: standard, private and shared; create, update, archive, delete/restore, e-mail address, files
folder, and sharing a shared channel with other teams."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (audit, channel, check_channel_name, clean, enabled_account, is_admin, require_owner,
                     require_setting, require_team_reader, team, team_role, writable_channel, writable_team)

MembershipType = Literal["standard", "private", "shared"]


@tool
def teams_list_channels(ctx: Ctx, team_id: str, membership_type: MembershipType | None = None,
                        include_archived: bool = True) -> list:
    """List a team's channels (General first, then by name). Deleted channels are not listed.

    Default order: the General channel first, then by display name.

    Args:
        team_id: Team id.
        membership_type: Only standard, private or shared channels.
        include_archived: Include archived channels (default true).
    """
    t = team(ctx, team_id)
    require_team_reader(ctx, t)
    conds, params = ["team_id = ?", "deleted_at IS NULL"], [team_id]
    if membership_type:
        conds.append("membership_type = ?")
        params.append(membership_type)
    if not include_archived:
        conds.append("NOT is_archived")
    return ctx.all("SELECT channel_id, team_id, display_name, description, membership_type, is_general, "
                   "is_favorite_by_default, is_archived, email FROM teams.channel WHERE " + " AND ".join(conds) +
                   " ORDER BY is_general DESC, display_name, channel_id", *params)


@tool
def teams_get_channel(ctx: Ctx, channel_id: str) -> dict:
    """Get one channel with its full description, e-mail address, files folder and member count.

    Args:
        channel_id: Channel id (CH0042).
    """
    ch = channel(ctx, channel_id)
    require_team_reader(ctx, team(ctx, ch["team_id"]))
    ch["member_count"] = ctx.scalar("SELECT count(*) FROM teams.channel_member WHERE channel_id = ?", channel_id)
    return ch


@tool
def teams_create_channel(ctx: Ctx, team_id: str, display_name: str, membership_type: MembershipType = "standard",
                         description: str | None = None, owner_user_id: str | None = None,
                         is_favorite_by_default: bool = False) -> dict:
    """Create a channel. Private and shared channels need an owner (an enabled internal member of the team;
    defaults to the signed-in user) who becomes the first channel member. Names are unique per team.

    Args:
        team_id: Team id.
        display_name: Channel name (max 50 characters; no ~ # % & * { } + / \\ : < > ? | ' ").
        membership_type: standard, private or shared.
        description: Channel description.
        owner_user_id: Person id of the private/shared channel's owner.
        is_favorite_by_default: Show the channel to all members by default (standard channels only).
    """
    t = writable_team(ctx, team_id)
    check_channel_name(display_name)
    if membership_type == "private":
        require_setting(ctx, t, "allow_create_private_channels", "creating private channels")
    else:
        require_setting(ctx, t, "allow_create_update_channels", "creating channels")
    if ctx.scalar("SELECT count(*) FROM teams.channel WHERE team_id = ? AND lower(display_name) = lower(?) "
                  "AND deleted_at IS NULL", team_id, display_name):
        raise ToolError(f"team {team_id} already has a channel named '{display_name}'")
    if is_favorite_by_default and membership_type != "standard":
        raise ToolError("only standard channels can be favourites by default")
    owner = None
    if membership_type != "standard":
        owner = owner_user_id or ctx.user_id
        if owner.startswith("EXT"):
            raise ToolError("the owner of a private or shared channel must be an internal user")
        enabled_account(ctx, owner)
        if team_role(ctx, team_id, owner) not in ("owner", "member"):
            raise ToolError(f"{owner} must be a member of team {team_id} to own one of its channels")
    elif owner_user_id:
        raise ToolError("owner_user_id applies to private and shared channels only")
    cid = ctx.new_id("teams.channel", "channel_id", "CH", 4)
    folder = f"/sites/{t['group_id'].lower()}" + ("" if membership_type == "standard" else f"-{cid.lower()}")
    row = ctx.insert("teams.channel", {
        "channel_id": cid, "team_id": team_id, "display_name": display_name, "description": description,
        "membership_type": membership_type, "is_general": False, "is_favorite_by_default": is_favorite_by_default,
        "is_archived": False, "email": None, "files_folder": f"{folder}/Shared Documents/{display_name}",
        "created_by": ctx.user_id, "created_at": ctx.timestamp(), "deleted_at": None})
    if owner:
        ctx.insert("teams.channel_member", {"membership_id": ctx.new_id("teams.channel_member", "membership_id", "CM", 5),
                                            "channel_id": cid, "person_id": owner, "external_id": None, "role": "owner",
                                            "added_by": ctx.user_id, "added_at": ctx.timestamp()})
    audit(ctx, "teams_create_channel", "channel", cid, team_id, f"{display_name} ({membership_type})")
    return row


def _require_channel_manager(ctx: Ctx, ch: dict, t: dict, what: str) -> None:
    if ch["membership_type"] != "standard" and not is_admin(ctx) and team_role(ctx, t["team_id"]) != "owner":
        if ctx.scalar("SELECT role FROM teams.channel_member WHERE channel_id = ? AND person_id = ?",
                      ch["channel_id"], ctx.user_id) != "owner":
            raise ToolError(f"not allowed: {what} of {ch['membership_type']} channel {ch['channel_id']} requires a "
                            "channel owner, team owner or Teams administrator")
        return
    require_setting(ctx, t, "allow_create_update_channels", what)


@tool
def teams_update_channel(ctx: Ctx, channel_id: str, display_name: str | None = None, description: str | None = None,
                         is_favorite_by_default: bool | None = None) -> dict:
    """Update a channel's name, description (which may hold a ```json config block) or favourite default.
    The description is replaced as a whole. The General channel cannot be renamed.

    Args:
        channel_id: Channel id.
        display_name: New name.
        description: The complete new description (max 1024 characters).
        is_favorite_by_default: Favourite by default (standard channels).
    """
    ch, t = writable_channel(ctx, channel_id)
    _require_channel_manager(ctx, ch, t, "updating")
    if display_name is not None:
        if ch["is_general"]:
            raise ToolError("the General channel cannot be renamed")
        check_channel_name(display_name)
        if ctx.scalar("SELECT count(*) FROM teams.channel WHERE team_id = ? AND lower(display_name) = lower(?) "
                      "AND channel_id <> ? AND deleted_at IS NULL", ch["team_id"], display_name, channel_id):
            raise ToolError(f"team {ch['team_id']} already has a channel named '{display_name}'")
    if description is not None and len(description) > 1024:
        raise ToolError(f"description is {len(description)} characters; the limit is 1024")
    if is_favorite_by_default and ch["membership_type"] != "standard":
        raise ToolError("only standard channels can be favourites by default")
    values = clean({"display_name": display_name, "description": description,
                    "is_favorite_by_default": is_favorite_by_default})
    if not values:
        raise ToolError("nothing to update")
    ctx.update("teams.channel", {"channel_id": channel_id}, values)
    audit(ctx, "teams_update_channel", "channel", channel_id, ch["team_id"], ", ".join(sorted(values)))
    return teams_get_channel.fn(ctx, channel_id)


def _archive(ctx: Ctx, channel_id: str, archived: bool) -> dict:
    ch = channel(ctx, channel_id)
    t = writable_team(ctx, ch["team_id"])
    require_owner(ctx, t, "archiving channels")
    if ch["is_general"]:
        raise ToolError("the General channel cannot be archived")
    if ch["is_archived"] == archived:
        raise ToolError(f"channel {channel_id} is already {'archived' if archived else 'active'}")
    ctx.update("teams.channel", {"channel_id": channel_id}, {"is_archived": archived})
    audit(ctx, "teams_archive_channel" if archived else "teams_unarchive_channel", "channel", channel_id, ch["team_id"],
          ch["display_name"])
    return teams_get_channel.fn(ctx, channel_id)


@tool
def teams_archive_channel(ctx: Ctx, channel_id: str) -> dict:
    """Archive a channel (read-only; team owners and administrators).

    Args:
        channel_id: Channel id.
    """
    return _archive(ctx, channel_id, True)


@tool
def teams_unarchive_channel(ctx: Ctx, channel_id: str) -> dict:
    """Unarchive a channel.

    Args:
        channel_id: Channel id.
    """
    return _archive(ctx, channel_id, False)


@tool
def teams_delete_channel(ctx: Ctx, channel_id: str) -> dict:
    """Delete a channel (kept 30 days, restorable). Not the General channel.

    Args:
        channel_id: Channel id.
    """
    ch = channel(ctx, channel_id)
    t = writable_team(ctx, ch["team_id"])
    require_setting(ctx, t, "allow_delete_channels", "deleting channels")
    if ch["is_general"]:
        raise ToolError("the General channel cannot be deleted")
    ctx.update("teams.channel", {"channel_id": channel_id}, {"deleted_at": ctx.timestamp(), "email": None})
    audit(ctx, "teams_delete_channel", "channel", channel_id, ch["team_id"], ch["display_name"])
    return {"channel_id": channel_id, "deleted": True}


@tool
def teams_restore_channel(ctx: Ctx, channel_id: str) -> dict:
    """Restore a channel deleted within the last 30 days.

    Args:
        channel_id: Channel id.
    """
    ch = channel(ctx, channel_id, include_deleted=True)
    t = writable_team(ctx, ch["team_id"])
    require_owner(ctx, t, "restoring channels")
    if not ch["deleted_at"]:
        raise ToolError(f"channel {channel_id} is not deleted")
    if dt.datetime.fromisoformat(ch["deleted_at"]) < ctx.timestamp() - dt.timedelta(days=30):
        raise ToolError(f"channel {channel_id} was deleted on {ch['deleted_at'][:10]}, more than 30 days ago; "
                        "it can no longer be restored")
    if ctx.scalar("SELECT count(*) FROM teams.channel WHERE team_id = ? AND lower(display_name) = lower(?) "
                  "AND deleted_at IS NULL", ch["team_id"], ch["display_name"]):
        raise ToolError(f"a channel named '{ch['display_name']}' exists again in {ch['team_id']}; rename it first")
    ctx.update("teams.channel", {"channel_id": channel_id}, {"deleted_at": None})
    audit(ctx, "teams_restore_channel", "channel", channel_id, ch["team_id"], ch["display_name"])
    return teams_get_channel.fn(ctx, channel_id)


@tool
def teams_list_deleted_channels(ctx: Ctx, team_id: str) -> list:
    """A team's deleted channels with their deletion time, newest first.

    Args:
        team_id: Team id.
    """
    require_team_reader(ctx, team(ctx, team_id))
    return ctx.all("SELECT channel_id, display_name, membership_type, deleted_at FROM teams.channel "
                   "WHERE team_id = ? AND deleted_at IS NOT NULL ORDER BY deleted_at DESC, channel_id", team_id)


@tool
def teams_provision_channel_email(ctx: Ctx, channel_id: str) -> dict:
    """Provision an e-mail address for a standard channel (mail sent to it is posted in the channel).

    Args:
        channel_id: Channel id.
    """
    ch, t = writable_channel(ctx, channel_id)
    require_setting(ctx, t, "allow_create_update_channels", "provisioning a channel e-mail address")
    if ch["membership_type"] != "standard":
        raise ToolError("e-mail addresses can only be provisioned for standard channels")
    if ch["email"]:
        raise ToolError(f"channel {channel_id} already has the address {ch['email']}")
    slug = "".join(c if c.isalnum() else "-" for c in ch["display_name"].lower())[:20].strip("-")
    email = f"{slug}.{channel_id.lower()}@teams.arcturus.example"
    ctx.update("teams.channel", {"channel_id": channel_id}, {"email": email})
    audit(ctx, "teams_provision_channel_email", "channel", channel_id, ch["team_id"], email)
    return teams_get_channel.fn(ctx, channel_id)


@tool
def teams_remove_channel_email(ctx: Ctx, channel_id: str) -> dict:
    """Remove a channel's e-mail address.

    Args:
        channel_id: Channel id.
    """
    ch, t = writable_channel(ctx, channel_id)
    require_setting(ctx, t, "allow_create_update_channels", "removing a channel e-mail address")
    if not ch["email"]:
        raise ToolError(f"channel {channel_id} has no e-mail address")
    ctx.update("teams.channel", {"channel_id": channel_id}, {"email": None})
    audit(ctx, "teams_remove_channel_email", "channel", channel_id, ch["team_id"], ch["email"])
    return teams_get_channel.fn(ctx, channel_id)


@tool
def teams_get_channel_files_folder(ctx: Ctx, channel_id: str) -> dict:
    """The channel's files folder (document library path) and whether it is read-only for members.

    Args:
        channel_id: Channel id.
    """
    ch = channel(ctx, channel_id)
    t = team(ctx, ch["team_id"])
    require_team_reader(ctx, t)
    return {"channel_id": channel_id, "files_folder": ch["files_folder"],
            "read_only_for_members": bool(t["site_read_only_for_members"])}


@tool
def teams_share_channel_with_team(ctx: Ctx, channel_id: str, team_id: str) -> dict:
    """Share a shared channel with another team (its members get access). Owners of the host team only.

    Args:
        channel_id: The shared channel.
        team_id: The team to share it with.
    """
    ch, t = writable_channel(ctx, channel_id)
    require_owner(ctx, t, "sharing a channel")
    if ch["membership_type"] != "shared":
        raise ToolError(f"channel {channel_id} is {ch['membership_type']}; only shared channels can be shared with teams")
    other = writable_team(ctx, team_id)
    if team_id == ch["team_id"]:
        raise ToolError("a channel is always available to its host team")
    if ctx.scalar("SELECT count(*) FROM teams.channel_shared_team WHERE channel_id = ? AND team_id = ?", channel_id, team_id):
        raise ToolError(f"channel {channel_id} is already shared with {team_id}")
    row = ctx.insert("teams.channel_shared_team", {"channel_id": channel_id, "team_id": team_id,
                                                   "shared_by": ctx.user_id, "shared_at": ctx.timestamp()})
    audit(ctx, "teams_share_channel_with_team", "channel", channel_id, ch["team_id"], f"shared with {team_id} "
          f"({other['display_name']})")
    return row


@tool
def teams_unshare_channel_with_team(ctx: Ctx, channel_id: str, team_id: str) -> dict:
    """Stop sharing a shared channel with a team.

    Args:
        channel_id: The shared channel.
        team_id: The team to remove.
    """
    ch, t = writable_channel(ctx, channel_id)
    require_owner(ctx, t, "unsharing a channel")
    if not ctx.delete("teams.channel_shared_team", {"channel_id": channel_id, "team_id": team_id}):
        raise ToolError(f"channel {channel_id} is not shared with {team_id}")
    audit(ctx, "teams_unshare_channel_with_team", "channel", channel_id, ch["team_id"], f"unshared from {team_id}")
    return {"channel_id": channel_id, "team_id": team_id, "removed": True}


@tool
def teams_list_channel_shared_teams(ctx: Ctx, channel_id: str) -> list:
    """The teams a shared channel is shared with (besides its host team).

    Default order: by team id, ascending.

    Args:
        channel_id: The shared channel.
    """
    channel(ctx, channel_id)
    return ctx.all("SELECT s.team_id, t.display_name, s.shared_by, s.shared_at FROM teams.channel_shared_team s "
                   "JOIN teams.team t USING (team_id) WHERE s.channel_id = ? ORDER BY s.team_id", channel_id)

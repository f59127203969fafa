"""Members of private and shared channels (standard channels inherit the team's members)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, channel, is_admin, member_key, principal, team_role, writable_channel


def _require_manager(ctx: Ctx, ch: dict) -> None:
    if is_admin(ctx) or team_role(ctx, ch["team_id"]) == "owner":
        return
    if ctx.scalar("SELECT role FROM teams.channel_member WHERE channel_id = ? AND person_id = ?",
                  ch["channel_id"], ctx.user_id) == "owner":
        return
    raise ToolError(f"not allowed: managing members of channel {ch['channel_id']} requires a channel owner, "
                    "a team owner or a Teams administrator")


def _non_standard(ch: dict) -> None:
    if ch["membership_type"] == "standard":
        raise ToolError(f"channel {ch['channel_id']} is a standard channel: its members are the team's members "
                        "(use the team member tools)")


@tool
def teams_list_channel_members(ctx: Ctx, channel_id: str) -> list:
    """List the members of a private or shared channel (owners first, then by name) with their user type.

    Default order: owners first, then by display name.

    Args:
        channel_id: Channel id.
    """
    ch = channel(ctx, channel_id)
    _non_standard(ch)
    return ctx.all(
        "SELECT m.membership_id, m.person_id, m.external_id, coalesce(a.display_name, e.display_name) AS display_name, "
        "coalesce(a.user_principal_name, e.email) AS email, m.role, "
        "CASE WHEN m.external_id IS NULL THEN 'user' ELSE e.user_type END AS user_type, e.organization, "
        "a.account_enabled FROM teams.channel_member m LEFT JOIN teams.user_account a USING (person_id) "
        "LEFT JOIN teams.external_user e USING (external_id) WHERE m.channel_id = ? "
        "ORDER BY m.role DESC, display_name, m.membership_id", channel_id)


@tool
def teams_add_channel_member(ctx: Ctx, channel_id: str, user_id: str, role: Literal["owner", "member"] = "member") -> dict:
    """Add someone to a private or shared channel. Private channels: members of the team only. Shared channels:
    internal users, or external people/guests whose domain is allowed (external people cannot be owners).

    Args:
        channel_id: Channel id.
        user_id: Person id (P…) or external id (EXT…).
        role: owner or member.
    """
    ch, t = writable_channel(ctx, channel_id)
    _non_standard(ch)
    _require_manager(ctx, ch)
    p = principal(ctx, user_id)
    if p["kind"] == "user":
        if not p["account_enabled"]:
            raise ToolError(f"{user_id} ({p['display_name']}) has a disabled account")
    else:
        if p["domain_rule"] == "blocked":
            raise ToolError(f"{user_id}'s domain {p['domain']} is blocked for external collaboration")
        if p["invitation_state"] == "revoked":
            raise ToolError(f"{user_id}'s access was revoked")
        if role == "owner":
            raise ToolError("people from outside the organisation cannot own channels")
    col, val = member_key(p)
    if ch["membership_type"] == "private":
        if p["kind"] == "external":
            raise ToolError(f"{user_id} is an external person; they can only join shared channels")
        if not ctx.scalar(f"SELECT count(*) FROM teams.team_member WHERE team_id = ? AND {col} = ?", ch["team_id"], val):
            raise ToolError(f"{user_id} must be a member of team {ch['team_id']} before joining its private channel")
    if ctx.scalar(f"SELECT count(*) FROM teams.channel_member WHERE channel_id = ? AND {col} = ?", channel_id, val):
        raise ToolError(f"{user_id} is already a member of channel {channel_id}")
    row = ctx.insert("teams.channel_member", {
        "membership_id": ctx.new_id("teams.channel_member", "membership_id", "CM", 5), "channel_id": channel_id,
        "person_id": p["person_id"], "external_id": p["external_id"], "role": role, "added_by": ctx.user_id,
        "added_at": ctx.timestamp()})
    audit(ctx, "teams_add_channel_member", "channel_member", row["membership_id"], ch["team_id"],
          f"{user_id} to {channel_id} as {role}")
    return row


def _membership(ctx: Ctx, channel_id: str, membership_id: str) -> dict:
    row = ctx.one("SELECT * FROM teams.channel_member WHERE membership_id = ? AND channel_id = ?", membership_id, channel_id)
    if row is None:
        raise ToolError(f"membership '{membership_id}' not found in channel {channel_id} (use teams_list_channel_members)")
    return row


def _owners(ctx: Ctx, channel_id: str) -> int:
    return ctx.scalar("SELECT count(*) FROM teams.channel_member WHERE channel_id = ? AND role = 'owner'", channel_id)


@tool
def teams_update_channel_member_role(ctx: Ctx, channel_id: str, membership_id: str,
                                     role: Literal["owner", "member"]) -> dict:
    """Make a channel member an owner or a member. The last channel owner cannot be demoted.

    Args:
        channel_id: Channel id.
        membership_id: The channel membership (CM00012).
        role: owner or member.
    """
    ch, _ = writable_channel(ctx, channel_id)
    _non_standard(ch)
    _require_manager(ctx, ch)
    m = _membership(ctx, channel_id, membership_id)
    if m["role"] == role:
        raise ToolError(f"{membership_id} is already {role}")
    if role == "owner" and m["external_id"]:
        raise ToolError("people from outside the organisation cannot own channels")
    if role == "member" and _owners(ctx, channel_id) == 1:
        raise ToolError("this is the channel's last owner; make someone else owner first")
    ctx.update("teams.channel_member", {"membership_id": membership_id}, {"role": role})
    audit(ctx, "teams_update_channel_member_role", "channel_member", membership_id, ch["team_id"], role)
    return {**m, "role": role}


@tool
def teams_remove_channel_member(ctx: Ctx, channel_id: str, membership_id: str) -> dict:
    """Remove someone from a private or shared channel. The last channel owner cannot be removed.

    Args:
        channel_id: Channel id.
        membership_id: The channel membership (CM00012).
    """
    ch, _ = writable_channel(ctx, channel_id)
    _non_standard(ch)
    m = _membership(ctx, channel_id, membership_id)
    if m["person_id"] != ctx.user_id:
        _require_manager(ctx, ch)
    if m["role"] == "owner" and _owners(ctx, channel_id) == 1:
        raise ToolError("this is the channel's last owner; make someone else owner first")
    ctx.delete("teams.channel_member", {"membership_id": membership_id})
    audit(ctx, "teams_remove_channel_member", "channel_member", membership_id, ch["team_id"],
          f"{m['person_id'] or m['external_id']} from {channel_id}")
    return {"membership_id": membership_id, "channel_id": channel_id, "removed": True}




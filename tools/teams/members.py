"""Team members: list, add (owners, members, guests), change role, remove. The last owner cannot leave."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, member_key, principal, require_owner, require_team_reader, sync_group_owners, team, writable_team


@tool
def teams_list_team_members(ctx: Ctx, team_id: str, role: Literal["owner", "member", "guest"] | None = None,
                            query: str | None = None, limit: int = 50, offset: int = 0) -> dict:
    """List a team's members (internal users and guests) with role and account state, owners first, then by name.

    Default order: owners, then members, then guests; each by display name.

    Args:
        team_id: Team id.
        role: Only this role.
        query: Case-insensitive substring of the name or e-mail.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    t = team(ctx, team_id)
    require_team_reader(ctx, t)
    conds, params = ["m.team_id = ?"], [team_id]
    if role:
        conds.append("m.role = ?")
        params.append(role)
    if query:
        conds.append("(coalesce(a.display_name, e.display_name) ILIKE ? OR coalesce(a.user_principal_name, e.email) ILIKE ?)")
        params += [f"%{query}%"] * 2
    sql = ("SELECT m.membership_id, m.person_id, m.external_id, coalesce(a.display_name, e.display_name) AS display_name, "
           "coalesce(a.user_principal_name, e.email) AS email, m.role, "
           "CASE WHEN m.external_id IS NULL THEN 'user' ELSE e.user_type END AS user_type, "
           "coalesce(a.account_enabled, e.invitation_state = 'accepted') AS account_enabled, m.added_at "
           "FROM teams.team_member m LEFT JOIN teams.user_account a USING (person_id) "
           "LEFT JOIN teams.external_user e USING (external_id) WHERE " + " AND ".join(conds))
    return ctx.page("SELECT * FROM (" + sql + ") q", params, limit=limit, offset=offset,
                    order_by="CASE role WHEN 'owner' THEN 0 WHEN 'member' THEN 1 ELSE 2 END, display_name, membership_id")


def _membership(ctx: Ctx, team_id: str, membership_id: str) -> dict:
    row = ctx.one("SELECT * FROM teams.team_member WHERE membership_id = ? AND team_id = ?", membership_id, team_id)
    if row is None:
        raise ToolError(f"membership '{membership_id}' not found in team {team_id} (use teams_list_team_members)")
    return row


def _owner_count(ctx: Ctx, team_id: str) -> int:
    return ctx.scalar("SELECT count(*) FROM teams.team_member WHERE team_id = ? AND role = 'owner'", team_id)


@tool
def teams_add_team_member(ctx: Ctx, team_id: str, user_id: str, role: Literal["owner", "member"] = "member") -> dict:
    """Add an internal user (P…) as owner or member, or a guest (EXT…, user_type guest; role becomes guest).
    External people of other organisations cannot be team members (use a shared channel).

    Args:
        team_id: Team id.
        user_id: Person id or guest id.
        role: owner or member (ignored for guests, who are always guest).
    """
    t = writable_team(ctx, team_id)
    require_owner(ctx, t, "adding members")
    p = principal(ctx, user_id)
    if p["kind"] == "user":
        if not p["account_enabled"]:
            raise ToolError(f"{user_id} ({p['display_name']}) has a disabled account and cannot be added")
    elif p["kind"] == "external":
        raise ToolError(f"{user_id} ({p['display_name']}, {p['organization']}) is an external person of another "
                        "organisation; they can only join shared channels, not teams")
    else:
        if p["domain_rule"] == "blocked":
            raise ToolError(f"{user_id}'s domain {p['domain']} is blocked for external collaboration")
        if p["invitation_state"] == "revoked":
            raise ToolError(f"{user_id}'s guest invitation was revoked")
        if role == "owner":
            raise ToolError("guests cannot be team owners")
        role = "guest"
    col, val = member_key(p)
    if ctx.scalar(f"SELECT count(*) FROM teams.team_member WHERE team_id = ? AND {col} = ?", team_id, val):
        raise ToolError(f"{user_id} is already a member of {team_id} (use teams_update_team_member_role to change the role)")
    row = ctx.insert("teams.team_member", {
        "membership_id": ctx.new_id("teams.team_member", "membership_id", "TM", 5), "team_id": team_id,
        "person_id": p["person_id"], "external_id": p["external_id"], "role": role, "added_by": ctx.user_id,
        "added_at": ctx.timestamp()})
    sync_group_owners(ctx, team_id)
    audit(ctx, "teams_add_team_member", "team_member", row["membership_id"], team_id, f"{user_id} as {role}")
    return row


@tool
def teams_update_team_member_role(ctx: Ctx, team_id: str, membership_id: str, role: Literal["owner", "member"]) -> dict:
    """Promote a member to owner or demote an owner to member. The last owner cannot be demoted; guests
    cannot become owners.

    Args:
        team_id: Team id.
        membership_id: The membership (TM00123) from teams_list_team_members.
        role: owner or member.
    """
    t = writable_team(ctx, team_id)
    require_owner(ctx, t, "changing member roles")
    m = _membership(ctx, team_id, membership_id)
    if m["role"] == "guest":
        raise ToolError("guests cannot be promoted; they keep the guest role")
    if m["role"] == role:
        raise ToolError(f"{membership_id} is already {role}")
    if role == "owner" and not ctx.scalar("SELECT account_enabled FROM teams.user_account WHERE person_id = ?", m["person_id"]):
        raise ToolError(f"{m['person_id']} has a disabled account and cannot become an owner")
    if role == "member" and _owner_count(ctx, team_id) == 1:
        raise ToolError(f"{m['person_id']} is the last owner of {team_id}; promote another owner first")
    ctx.update("teams.team_member", {"membership_id": membership_id}, {"role": role})
    sync_group_owners(ctx, team_id)
    audit(ctx, "teams_update_team_member_role", "team_member", membership_id, team_id, f"{m['person_id']} -> {role}")
    return {**m, "role": role}


@tool
def teams_remove_team_member(ctx: Ctx, team_id: str, membership_id: str) -> dict:
    """Remove a member from a team; they also leave the team's private channels (an orphaned private channel
    passes to its longest-standing member) and its tags; shared-channel membership is separate.
    The last owner cannot be removed.

    Args:
        team_id: Team id.
        membership_id: The membership (TM00123) from teams_list_team_members.
    """
    t = writable_team(ctx, team_id)
    m = _membership(ctx, team_id, membership_id)
    if m["person_id"] != ctx.user_id:
        require_owner(ctx, t, "removing members")
    if m["role"] == "owner" and _owner_count(ctx, team_id) == 1:
        raise ToolError(f"{m['person_id']} is the last owner of {team_id}; add another owner first")
    ctx.delete("teams.team_member", {"membership_id": membership_id})
    col, val = ("person_id", m["person_id"]) if m["person_id"] else ("external_id", m["external_id"])
    for cm in ctx.all(f"SELECT cm.membership_id, cm.channel_id, cm.role FROM teams.channel_member cm "
                      f"JOIN teams.channel c USING (channel_id) "
                      f"WHERE c.team_id = ? AND c.membership_type = 'private' AND cm.{col} = ?", team_id, val):
        ctx.delete("teams.channel_member", {"membership_id": cm["membership_id"]})
        if cm["role"] == "owner" and not ctx.scalar(
                "SELECT count(*) FROM teams.channel_member WHERE channel_id = ? AND role = 'owner'", cm["channel_id"]):
            heir = ctx.scalar("SELECT membership_id FROM teams.channel_member WHERE channel_id = ? AND person_id IS NOT NULL "
                              "ORDER BY added_at, membership_id LIMIT 1", cm["channel_id"])
            if heir:  # like the real service: the longest-standing member inherits an orphaned private channel
                ctx.update("teams.channel_member", {"membership_id": heir}, {"role": "owner"})
    if m["person_id"]:
        for tg in ctx.all("SELECT tm.tag_id FROM teams.tag_member tm JOIN teams.tag g USING (tag_id) "
                          "WHERE g.team_id = ? AND tm.person_id = ?", team_id, m["person_id"]):
            ctx.delete("teams.tag_member", {"tag_id": tg["tag_id"], "person_id": m["person_id"]})
    sync_group_owners(ctx, team_id)
    audit(ctx, "teams_remove_team_member", "team_member", membership_id, team_id, val)
    return {"membership_id": membership_id, "team_id": team_id, "removed": True}

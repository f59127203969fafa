"""Shared helpers of the Teams tools: look-ups, permission checks, validation, the audit log."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

FORBIDDEN_NAME = re.compile(r"[~#%&*{}+/\\:<>?|'\"]")


def clean(values: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in values.items() if v is not None}


def is_admin(ctx: Ctx) -> bool:
    return ctx.role == "teams_admin"


def require_signed_in(ctx: Ctx) -> None:
    if ctx.role is None:
        raise ToolError(f"the acting user {ctx.user_id} has no enabled account in the workspace")


def require_admin(ctx: Ctx, what: str) -> None:
    if not is_admin(ctx):
        raise ToolError(f"not allowed: {what} requires the Teams administrator role (acting user {ctx.user_id})")


def parse_ts(value: str, field: str) -> dt.datetime:
    try:
        out = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except (ValueError, AttributeError):
        raise ToolError(f"{field} must be an ISO 8601 date-time like 2025-12-20T15:00:00Z, got '{value}'") from None
    if out.tzinfo:
        try:
            out = out.astimezone(dt.timezone.utc).replace(tzinfo=None)
        except OverflowError:  # e.g. 9999-12-31T23:59:59-05:00
            raise ToolError(f"{field} is out of range: {value}") from None
    if not 2000 <= out.year <= 2100:
        raise ToolError(f"{field} is out of range: {value}")
    return out


def check_text(value: str, field: str, max_len: int) -> str:
    if not value or not value.strip():
        raise ToolError(f"{field} must not be empty")
    if len(value) > max_len:
        raise ToolError(f"{field} is {len(value)} characters; the limit is {max_len}")
    return value


def check_channel_name(name: str) -> str:
    check_text(name, "display_name", 50)
    if FORBIDDEN_NAME.search(name) or name.startswith(("_", ".")) or name.endswith("."):
        raise ToolError("display_name may not contain ~ # % & * { } + / \\ : < > ? | ' \" nor start with _ or . "
                        f"nor end with . (got '{name}')")
    return name


# -- look-ups -------------------------------------------------------------------------------

def account(ctx: Ctx, person_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT a.*, p.email, p.department_id, p.full_name FROM teams.user_account a "
                  "JOIN org.person p USING (person_id) WHERE a.person_id = ?", person_id)
    if row is None:
        raise ToolError(f"user '{person_id}' not found; user ids look like P0123 (use teams_list_users)")
    return row


def enabled_account(ctx: Ctx, person_id: str) -> dict[str, Any]:
    row = account(ctx, person_id)
    if not row["account_enabled"]:
        raise ToolError(f"{person_id} ({row['display_name']}) has a disabled account")
    return row


def external(ctx: Ctx, external_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT e.*, d.rule AS domain_rule FROM teams.external_user e JOIN teams.domain_rule d USING (domain) "
                  "WHERE e.external_id = ?", external_id)
    if row is None:
        raise ToolError(f"external user '{external_id}' not found; ids look like EXT0012 (use teams_list_external_users)")
    return row


def principal(ctx: Ctx, user_id: str) -> dict[str, Any]:
    """An internal user (P…) or a guest/external person (EXT…), with `kind` user/guest/external."""
    if user_id.startswith("EXT"):
        row = external(ctx, user_id)
        return {**row, "kind": row["user_type"], "person_id": None}
    row = account(ctx, user_id)
    return {**row, "kind": "user", "external_id": None}


def member_key(p: dict[str, Any]) -> tuple[str, str]:
    return ("external_id", p["external_id"]) if p["kind"] != "user" else ("person_id", p["person_id"])


def team(ctx: Ctx, team_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM teams.team WHERE team_id = ?", team_id)
    if row is None:
        raise ToolError(f"team '{team_id}' not found; team ids look like TEAM012 (use teams_list_teams)")
    return row


def writable_team(ctx: Ctx, team_id: str) -> dict[str, Any]:
    row = team(ctx, team_id)
    if row["is_archived"]:
        raise ToolError(f"team {team_id} ({row['display_name']}) is archived and read-only; unarchive it first")
    return row


def team_role(ctx: Ctx, team_id: str, person_id: str | None = None) -> str | None:
    return ctx.scalar("SELECT role FROM teams.team_member WHERE team_id = ? AND person_id = ?",
                      team_id, person_id or ctx.user_id)


def require_owner(ctx: Ctx, t: dict[str, Any], what: str) -> None:
    if is_admin(ctx) or team_role(ctx, t["team_id"]) == "owner":
        return
    raise ToolError(f"not allowed: {what} in team {t['team_id']} ({t['display_name']}) requires a team owner "
                    f"or a Teams administrator; acting user {ctx.user_id} is not an owner")


def require_setting(ctx: Ctx, t: dict[str, Any], setting: str, what: str) -> None:
    """Owners and admins always; members when the team's member setting allows; guests per guest setting."""
    if is_admin(ctx):
        return
    role = team_role(ctx, t["team_id"])
    if role == "owner" or (role == "member" and t[setting]):
        return
    raise ToolError(f"not allowed: {what} in team {t['team_id']} ({t['display_name']}) — acting user {ctx.user_id} is "
                    f"{'a ' + role if role else 'not a member'} and the team setting {setting} does not allow it")


def require_team_reader(ctx: Ctx, t: dict[str, Any]) -> None:
    if is_admin(ctx) or team_role(ctx, t["team_id"]) or t["visibility"] == "public":
        return
    raise ToolError(f"not allowed: team {t['team_id']} is private and acting user {ctx.user_id} is not a member")


def channel(ctx: Ctx, channel_id: str, include_deleted: bool = False) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM teams.channel WHERE channel_id = ?", channel_id)
    if row is None or (row["deleted_at"] and not include_deleted):
        raise ToolError(f"channel '{channel_id}' not found; channel ids look like CH0042 (use teams_list_channels)")
    return row


def channel_role(ctx: Ctx, channel_id: str, person_id: str | None = None) -> str | None:
    return ctx.scalar("SELECT role FROM teams.channel_member WHERE channel_id = ? AND person_id = ?",
                      channel_id, person_id or ctx.user_id)


def require_channel_access(ctx: Ctx, ch: dict[str, Any]) -> None:
    """Reading or posting: standard channels need team membership, private/shared channel membership."""
    if is_admin(ctx):
        return
    if ch["membership_type"] == "standard":
        if team_role(ctx, ch["team_id"]):
            return
    elif channel_role(ctx, ch["channel_id"]):
        return
    raise ToolError(f"not allowed: acting user {ctx.user_id} is not a member of channel {ch['channel_id']} "
                    f"({ch['display_name']})")


def writable_channel(ctx: Ctx, channel_id: str) -> tuple[dict[str, Any], dict[str, Any]]:
    ch = channel(ctx, channel_id)
    t = writable_team(ctx, ch["team_id"])
    if ch["is_archived"]:
        raise ToolError(f"channel {channel_id} ({ch['display_name']}) is archived; unarchive it first")
    return ch, t


def chat(ctx: Ctx, chat_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM teams.chat WHERE chat_id = ?", chat_id)
    if row is None:
        raise ToolError(f"chat '{chat_id}' not found; chat ids look like CHAT0012 (use teams_list_chats)")
    return row


def require_chat_member(ctx: Ctx, chat_id: str) -> None:
    if is_admin(ctx) or ctx.scalar("SELECT count(*) FROM teams.chat_member WHERE chat_id = ? AND person_id = ?",
                                   chat_id, ctx.user_id):
        return
    raise ToolError(f"not allowed: acting user {ctx.user_id} is not a member of chat {chat_id}")


def message(ctx: Ctx, message_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM teams.message WHERE message_id = ?", message_id)
    if row is None:
        raise ToolError(f"message '{message_id}' not found; message ids look like MSG000123")
    return row


def owners(ctx: Ctx, team_id: str) -> list[str]:
    return [r["person_id"] for r in ctx.all(
        "SELECT m.person_id FROM teams.team_member m JOIN teams.user_account a USING (person_id) "
        "WHERE m.team_id = ? AND m.role = 'owner' ORDER BY m.person_id", team_id)]


def sync_group_owners(ctx: Ctx, team_id: str) -> None:
    """The unified group behind a team mirrors the team's owners and internal members."""
    t = team(ctx, team_id)
    gid = t["group_id"]
    want_owners = set(owners(ctx, team_id))
    want_members = {r["person_id"] for r in ctx.all(
        "SELECT person_id FROM teams.team_member WHERE team_id = ? AND person_id IS NOT NULL", team_id)}
    for table, want in (("teams.group_owner", want_owners), ("teams.group_member", want_members)):
        have = {r["person_id"] for r in ctx.all(f"SELECT person_id FROM {table} WHERE group_id = ?", gid)}
        for p in sorted(have - want):
            ctx.delete(table, {"group_id": gid, "person_id": p})
        for p in sorted(want - have):
            ctx.insert(table, {"group_id": gid, "person_id": p, "added_at": ctx.timestamp()})


def audit(ctx: Ctx, action: str, target_type: str, target_id: str, team_id: str | None = None,
          details: str | None = None) -> None:
    ctx.insert("teams.audit_log", {
        "audit_id": ctx.new_id("teams.audit_log", "audit_id", "AUD", 6), "actor_person_id": ctx.user_id,
        "action": action, "target_type": target_type, "target_id": target_id, "team_id": team_id,
        "details": details, "created_at": ctx.timestamp()})

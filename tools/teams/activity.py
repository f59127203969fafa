"""Activity-feed notifications and the audit log."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, channel, check_text, enabled_account, require_signed_in, team

ActivityType = Literal["ownershipChange", "membershipChange", "channelChange", "eventUpdate", "securityNotice", "general"]


@tool
def teams_send_activity_notification(ctx: Ctx, recipient_id: str, activity_type: ActivityType, preview_text: str,
                                     team_id: str | None = None, channel_id: str | None = None,
                                     event_id: str | None = None) -> dict:
    """Send an activity-feed notification to an internal user, optionally about a team, channel or event.

    Args:
        recipient_id: Person id of the recipient (enabled account).
        activity_type: ownershipChange, membershipChange, channelChange, eventUpdate, securityNotice or general.
        preview_text: The text shown in the feed (max 150 characters).
        team_id: The team it is about.
        channel_id: The channel it is about.
        event_id: The virtual event it is about.
    """
    require_signed_in(ctx)
    enabled_account(ctx, recipient_id)
    check_text(preview_text, "preview_text", 150)
    if team_id:
        team(ctx, team_id)
    if channel_id:
        ch = channel(ctx, channel_id)
        if team_id and ch["team_id"] != team_id:
            raise ToolError(f"channel {channel_id} is not in team {team_id}")
        team_id = team_id or ch["team_id"]
    if event_id and not ctx.scalar("SELECT count(*) FROM teams.virtual_event WHERE event_id = ?", event_id):
        raise ToolError(f"virtual event '{event_id}' not found")
    row = ctx.insert("teams.activity_notification", {
        "notification_id": ctx.new_id("teams.activity_notification", "notification_id", "NTF", 5),
        "recipient_person_id": recipient_id, "team_id": team_id, "channel_id": channel_id, "event_id": event_id,
        "activity_type": activity_type, "preview_text": preview_text, "sent_by": ctx.user_id, "sent_at": ctx.timestamp()})
    audit(ctx, "teams_send_activity_notification", "notification", row["notification_id"], team_id,
          f"{activity_type} to {recipient_id}")
    return row


@tool
def teams_list_activity_notifications(ctx: Ctx, recipient_id: str | None = None, team_id: str | None = None,
                                      limit: int = 20, offset: int = 0) -> dict:
    """Activity notifications sent, newest first.

    Args:
        recipient_id: Only those sent to this person.
        team_id: Only those about this team.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_signed_in(ctx)
    conds, params = ["TRUE"], []
    if recipient_id:
        conds.append("recipient_person_id = ?")
        params.append(recipient_id)
    if team_id:
        conds.append("team_id = ?")
        params.append(team_id)
    return ctx.page("SELECT * FROM teams.activity_notification WHERE " + " AND ".join(conds), params, limit=limit,
                    offset=offset, order_by="sent_at DESC, notification_id DESC")


@tool
def teams_list_audit_log(ctx: Ctx, team_id: str | None = None, actor_id: str | None = None, action: str | None = None,
                         target_id: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """The workspace audit log, newest first.

    Args:
        team_id: Only entries about this team.
        actor_id: Only entries by this person.
        action: Only this action (the tool name, e.g. teams_remove_team_member).
        target_id: Only entries about this object id.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_signed_in(ctx)
    conds, params = ["TRUE"], []
    for col, val in (("team_id", team_id), ("actor_person_id", actor_id), ("action", action), ("target_id", target_id)):
        if val:
            conds.append(f"{col} = ?")
            params.append(val)
    return ctx.page("SELECT * FROM teams.audit_log WHERE " + " AND ".join(conds), params, limit=limit, offset=offset,
                    order_by="created_at DESC, audit_id DESC")

"""Watch channels (push notifications of changes to events, ACLs, calendar lists and settings) and stopping them."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, calendar, check_email, etag, me, person_by_email, require_access, require_admin

MAX_TTL = 30 * 24 * 3600
ALLOWED_HOST = "https://hooks.arcturus.example/"


def _open(ctx: Ctx, kind: str, address: str, token: str | None, ttl_seconds: int, calendar_id: str | None = None,
          person_id: str | None = None) -> dict:
    if not address.startswith("https://"):
        raise ToolError("address must be an https:// URL")
    if not 60 <= ttl_seconds <= MAX_TTL:
        raise ToolError(f"ttl_seconds must be between 60 and {MAX_TTL} (30 days)")
    if token is not None and len(token) > 256:
        raise ToolError("token may be at most 256 characters")
    dup = ctx.scalar("SELECT channel_id FROM calendar.channel WHERE resource_kind = ? AND calendar_id IS NOT DISTINCT "
                     "FROM ? AND watched_person_id IS NOT DISTINCT FROM ? AND address = ? AND status = 'active' AND "
                     "expiration > ?", kind, calendar_id, person_id, address, ctx.timestamp())
    if dup:
        raise ToolError(f"an active channel {dup} already watches this resource at that address")
    n = ctx.scalar("SELECT count(*) FROM calendar.channel") + 1
    cid = f"chn-{n:06d}"
    row = {"channel_id": cid, "resource_id": "res-" + etag(kind, calendar_id, person_id).strip('"')[:8],
           "resource_kind": kind, "calendar_id": calendar_id, "watched_person_id": person_id, "address": address,
           "token": token, "expiration": ctx.timestamp() + dt.timedelta(seconds=ttl_seconds), "status": "active",
           "created_by": ctx.user_id, "created_at": ctx.timestamp()}
    ctx.insert("calendar.channel", row)
    audit(ctx, f"channel.watch.{kind}", calendar_id, None, cid, address)
    return row


@tool
def cal_watch_events(ctx: Ctx, calendar_id: str, address: str, token: str | None = None,
                     ttl_seconds: int = 604800) -> dict:
    """Open a push channel for changes to a calendar's events (reader access needed).

    Args:
        calendar_id: Calendar to watch.
        address: https URL that receives the notifications.
        token: Opaque token echoed with each notification.
        ttl_seconds: Lifetime, 60 s to 30 days (default 7 days).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "reader", "watching events")
    return _open(ctx, "events", address, token, ttl_seconds, calendar_id=cal["calendar_id"])


@tool
def cal_watch_acl(ctx: Ctx, calendar_id: str, address: str, token: str | None = None,
                  ttl_seconds: int = 604800) -> dict:
    """Open a push channel for changes to a calendar's sharing rules (owner access needed).

    Args:
        calendar_id: Calendar to watch.
        address: https URL that receives the notifications.
        token: Opaque token echoed with each notification.
        ttl_seconds: Lifetime, 60 s to 30 days (default 7 days).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "watching sharing rules")
    return _open(ctx, "acl", address, token, ttl_seconds, calendar_id=cal["calendar_id"])


@tool
def cal_watch_calendar_list(ctx: Ctx, address: str, user_email: str | None = None, token: str | None = None,
                            ttl_seconds: int = 604800) -> dict:
    """Open a push channel for changes to a user's calendar list (yours, or anyone's for administrators).

    Args:
        address: https URL that receives the notifications.
        user_email: Whose list (default: yours).
        token: Opaque token echoed with each notification.
        ttl_seconds: Lifetime, 60 s to 30 days (default 7 days).
    """
    if user_email:
        p = person_by_email(ctx, check_email(user_email, "user_email"))
        if p is None:
            raise ToolError(f"{user_email} is not a person of this organisation")
        if p["person_id"] != ctx.user_id:
            require_admin(ctx, "watching another user's calendar list")
    else:
        p = me(ctx)
    return _open(ctx, "calendarList", address, token, ttl_seconds, person_id=p["person_id"])


@tool
def cal_list_channels(ctx: Ctx, calendar_id: str | None = None, status: Literal["active", "stopped"] | None = None,
                      include_expired: bool = True, limit: int = 20, offset: int = 0) -> dict:
    """Administrator: watch channels, ordered by expiration. A channel past its expiration no longer delivers
    even while its status is still 'active' (the 'expired' flag says so).

    Args:
        calendar_id: Only channels on this calendar.
        status: active or stopped.
        include_expired: Include channels past their expiration.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_admin(ctx, "listing watch channels")
    conds, params = ["TRUE"], [ctx.timestamp()]
    if calendar_id:
        conds.append("calendar_id = ?")
        params.append(calendar(ctx, calendar_id)["calendar_id"])
    if status:
        conds.append("status = ?")
        params.append(status)
    if not include_expired:
        conds.append("expiration > ?")
        params.append(ctx.timestamp())
    sql = ("SELECT channel_id, resource_id, resource_kind, calendar_id, watched_person_id, (SELECT p.email FROM "
           "org.person p WHERE p.person_id = watched_person_id) AS watched_user_email, address, token, expiration, "
           "status, expiration <= ? AS expired, created_by, created_at FROM calendar.channel WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="expiration, channel_id")


@tool
def cal_stop_channel(ctx: Ctx, channel_id: str, resource_id: str) -> dict:
    """Stop a watch channel. Both ids must match (as returned when the channel was opened or by
    cal_list_channels). Only its creator or an administrator can stop it.

    Args:
        channel_id: Channel id (chn-000001).
        resource_id: The channel's resource id.
    """
    row = ctx.one("SELECT * FROM calendar.channel WHERE channel_id = ?", channel_id)
    if row is None or row["resource_id"] != resource_id:
        raise ToolError(f"no channel {channel_id} with resource id {resource_id}")
    if row["created_by"] != ctx.user_id and ctx.role != "calendar_admin":
        raise ToolError("not allowed: only the channel's creator or an administrator can stop it")
    if row["status"] == "stopped":
        raise ToolError(f"channel {channel_id} is already stopped")
    ctx.update("calendar.channel", {"channel_id": channel_id}, {"status": "stopped"})
    audit(ctx, "channel.stop", row["calendar_id"], None, channel_id)
    return {"channel_id": channel_id, "status": "stopped"}

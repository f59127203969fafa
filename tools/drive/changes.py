"""The changes feed, push-notification channels (watches), storage quota ("about") and the audit log."""

from __future__ import annotations

import datetime as dt

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (audit, drive_row, file_row, is_admin, now, parse_time, require, require_account, require_admin,
                     role_of)


@tool
def drive_get_start_page_token(ctx: Ctx, drive_id: str | None = None) -> dict:
    """The page token for listing future changes (changes made after this call).

    Args:
        drive_id: For one shared drive's changes.
    """
    require_account(ctx)
    if drive_id:
        drive_row(ctx, drive_id)
    return {"start_page_token": str((ctx.scalar("SELECT max(change_id) FROM drive.change") or 1000) + 1)}


@tool
def drive_list_changes(ctx: Ctx, page_token: str, drive_id: str | None = None, include_removed: bool = True,
                       page_size: int = 50) -> dict:
    """List changes from a page token on, oldest first: the file (or drive) changed, when, by whom, a
    summary, and removed=true for deletions. Regular users see changes to items they can access.
    Continue with next_page_token; when it is absent, new_start_page_token is where to resume later.

    Args:
        page_token: A token from drive_get_start_page_token or an earlier page.
        drive_id: Only changes in this shared drive.
        include_removed: Include deletions (default true).
        page_size: 1-100 changes per page (default 50).
    """
    require_account(ctx)
    try:
        start = int(page_token)
    except ValueError:
        raise ToolError(f"invalid page_token '{page_token}'") from None
    if start < 0 or start > 10 ** 12 or not 1 <= page_size <= 100:
        raise ToolError("page_token out of range or page_size not in 1-100")
    conds, params = ["c.change_id >= ?"], [start]
    if drive_id:
        drive_row(ctx, drive_id)
        conds.append("c.drive_id = ?")
        params.append(drive_id)
    if not include_removed:
        conds.append("NOT c.removed")
    rows = ctx.all("SELECT c.*, f.name AS file_name, a.display_name AS actor_name, a.email AS actor_email FROM drive.change c "
                   "LEFT JOIN drive.file f USING (file_id) LEFT JOIN drive.account a ON a.person_id = c.actor_id WHERE "
                   + " AND ".join(conds) + " ORDER BY c.change_id LIMIT 2000", *params)
    if not is_admin(ctx):
        rows = [r for r in rows if r["file_id"] is None or role_of(ctx, file_row(ctx, r["file_id"]))]
    page = rows[:page_size]
    out = {"changes": page}
    if len(rows) > page_size:
        out["next_page_token"] = str(rows[page_size]["change_id"])
    else:
        out["new_start_page_token"] = str((ctx.scalar("SELECT max(change_id) FROM drive.change") or 1000) + 1)
    return out


def _channel(ctx: Ctx, kind: str, address: str, expiration_time: str | None, max_s: int, file_id=None, drive_id=None,
             token=None) -> dict:
    if not address.startswith("https://") or len(address) > 500 or " " in address:
        raise ToolError("address must be an https:// URL")
    t = now(ctx)
    exp = parse_time(expiration_time, "expiration_time") if expiration_time else t + dt.timedelta(hours=1)
    if exp <= t:
        raise ToolError("expiration_time must be in the future")
    if exp > t + dt.timedelta(seconds=max_s):
        raise ToolError(f"expiration_time can be at most {max_s // 86400 or 1} day(s) ahead "
                        f"({(t + dt.timedelta(seconds=max_s)).isoformat()})")
    cid = ctx.new_id("drive.watch_channel", "channel_id", "CHN", 4)
    row = ctx.insert("drive.watch_channel", {"channel_id": cid, "resource_type": kind, "file_id": file_id,
                                             "drive_id": drive_id, "page_token": token, "address": address,
                                             "created_by": ctx.user_id, "created_time": t, "expiration_time": exp,
                                             "stopped": False})
    audit(ctx, "channel.create", "channel", cid, f"{kind} -> {address} until {exp.isoformat()}", file_id, drive_id)
    return row


@tool
def drive_watch_changes(ctx: Ctx, page_token: str, address: str, drive_id: str | None = None,
                        expiration_time: str | None = None) -> dict:
    """Subscribe a webhook to changes from a page token on (a notification channel). Channels expire:
    default one hour, at most 7 days ahead.

    Args:
        page_token: Where to start (from drive_get_start_page_token).
        address: The https:// URL that receives notifications.
        drive_id: Only this shared drive's changes.
        expiration_time: When the channel expires (RFC 3339).
    """
    require_account(ctx)
    try:
        token = int(page_token)
    except ValueError:
        raise ToolError(f"invalid page_token '{page_token}'") from None
    if drive_id:
        drive_row(ctx, drive_id)
        require(ctx, file_row(ctx, drive_id), "read")
    return _channel(ctx, "changes", address, expiration_time, 7 * 86400, drive_id=drive_id, token=token)


@tool
def drive_watch_file(ctx: Ctx, file_id: str, address: str, expiration_time: str | None = None) -> dict:
    """Subscribe a webhook to changes of one file. Default expiry one hour, at most one day ahead.

    Args:
        file_id: The file to watch.
        address: The https:// URL that receives notifications.
        expiration_time: When the channel expires (RFC 3339).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "read")
    return _channel(ctx, "file", address, expiration_time, 86400, file_id=file_id, drive_id=f["drive_id"])


@tool
def drive_list_channels(ctx: Ctx, include_stopped: bool = False) -> list:
    """List notification channels (yours; administrators see all), newest first.

    Args:
        include_stopped: Include stopped channels.
    """
    require_account(ctx)
    conds, params = ["1 = 1"], []
    if not is_admin(ctx):
        conds.append("created_by = ?")
        params.append(ctx.user_id)
    if not include_stopped:
        conds.append("NOT stopped")
    rows = ctx.all("SELECT * FROM drive.watch_channel WHERE " + " AND ".join(conds) + " ORDER BY created_time DESC, channel_id",
                   *params)
    for r in rows:
        r["expired"] = dt.datetime.fromisoformat(r["expiration_time"]) <= now(ctx)
    return rows


@tool
def drive_stop_channel(ctx: Ctx, channel_id: str) -> dict:
    """Stop a notification channel (its creator or an administrator).

    Args:
        channel_id: The channel (CHN…).
    """
    require_account(ctx)
    c = ctx.one("SELECT * FROM drive.watch_channel WHERE channel_id = ?", channel_id)
    if c is None:
        raise ToolError(f"channel '{channel_id}' not found (use drive_list_channels)")
    if c["created_by"] != ctx.user_id and not is_admin(ctx):
        raise ToolError("not allowed: only the channel's creator or an administrator can stop it")
    if c["stopped"]:
        raise ToolError(f"channel {channel_id} is already stopped")
    ctx.update("drive.watch_channel", {"channel_id": channel_id}, {"stopped": True})
    audit(ctx, "channel.stop", "channel", channel_id, c["address"], c["file_id"], c["drive_id"])
    return {"channel_id": channel_id, "stopped": True}


def _quota(ctx: Ctx, person_id: str) -> dict:
    a = ctx.one("SELECT * FROM drive.account WHERE person_id = ?", person_id)
    used = ctx.scalar("SELECT coalesce(sum(size_bytes), 0) FROM drive.file WHERE owner_id = ? AND drive_id IS NULL", person_id)
    trash = ctx.scalar("SELECT coalesce(sum(size_bytes), 0) FROM drive.file WHERE owner_id = ? AND drive_id IS NULL AND trashed",
                       person_id)
    return {"limit_bytes": a["storage_limit_bytes"], "usage_bytes": used, "usage_in_trash_bytes": trash,
            "available_bytes": a["storage_limit_bytes"] - used,
            "usage_percent": round(100.0 * used / a["storage_limit_bytes"], 1)}


@tool
def drive_get_about(ctx: Ctx) -> dict:
    """About you and the service: your account, storage quota (limit, usage incl. trash, usage in trash,
    available), the export formats per native type and the maximum upload size."""
    require_account(ctx)
    a = ctx.one("SELECT person_id, email, display_name, role, status FROM drive.account WHERE person_id = ?", ctx.user_id)
    fmts: dict = {}
    for r in ctx.all("SELECT * FROM drive.export_format ORDER BY source_mime_type, export_mime_type"):
        fmts.setdefault(r["source_mime_type"], []).append(r["export_mime_type"])
    return {"user": a, "storage_quota": _quota(ctx, ctx.user_id), "export_formats": fmts,
            "max_upload_size_bytes": 5 * 1024 ** 4}


@tool
def drive_get_storage_quota(ctx: Ctx, email: str) -> dict:
    """Administrators: another account's storage quota and usage.

    Args:
        email: The account's e-mail.
    """
    require_admin(ctx, "reading another account's quota")
    pid = ctx.scalar("SELECT person_id FROM drive.account WHERE lower(email) = lower(?)", email.strip())
    if pid is None:
        raise ToolError(f"no account '{email}'")
    return {"email": email, **_quota(ctx, pid)}


@tool
def drive_list_audit_events(ctx: Ctx, actor_email: str | None = None, action: str | None = None,
                            file_id: str | None = None, drive_id: str | None = None, target_id: str | None = None,
                            start_time: str | None = None, end_time: str | None = None,
                            limit: int = 50, offset: int = 0) -> dict:
    """Administrators: the Drive audit log (every change, who made it and when), newest first. Deleted
    items keep their audit entries (target_id is the deleted item's id).

    Args:
        actor_email: Only events by this person.
        action: Only this action (e.g. trash, delete, permission.create, ownership.transfer).
        file_id: Only events on this file.
        drive_id: Only events in this shared drive.
        target_id: Only events whose target is this id (file, permission, drive member, channel…).
        start_time: Events at or after this time (RFC 3339).
        end_time: Events before this time (RFC 3339).
        limit: Page size 1-100.
        offset: Items to skip.
    """
    require_admin(ctx, "the audit log")
    conds, params = ["1 = 1"], []
    if actor_email:
        conds.append("a.actor_id = (SELECT person_id FROM drive.account WHERE lower(email) = lower(?))")
        params.append(actor_email.strip())
    for col, val in (("a.action", action), ("a.file_id", file_id), ("a.drive_id", drive_id), ("a.target_id", target_id)):
        if val:
            conds.append(f"{col} = ?")
            params.append(val)
    if start_time:
        conds.append("a.created_time >= ?")
        params.append(parse_time(start_time, "start_time"))
    if end_time:
        conds.append("a.created_time < ?")
        params.append(parse_time(end_time, "end_time"))
    sql = ("SELECT a.*, p.email AS actor_email FROM drive.audit_log a LEFT JOIN drive.account p ON p.person_id = a.actor_id "
           "WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="a.created_time DESC, a.audit_id DESC")

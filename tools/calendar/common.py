"""Shared helpers of the calendar tools: access roles, time parsing, event expansion, audit, notifications."""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

from . import recurrence as rec

DOMAIN = "arcturus.example"
ROLE_RANK = {"none": 0, "freeBusyReader": 1, "reader": 2, "writer": 3, "owner": 4}
ADMIN_ROLES = ("calendar_admin",)
_DT = re.compile(r"^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2})?)(Z|[+-]\d{2}:?\d{2})?)?$")
_EMAIL = re.compile(r"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")
HORIZON = dt.datetime(2027, 12, 31)


def etag(*parts: Any) -> str:
    return '"' + hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()[:16] + '"'


def is_admin(ctx: Ctx) -> bool:
    return ctx.role in ADMIN_ROLES


def me(ctx: Ctx) -> dict[str, Any]:
    row = ctx.one("SELECT person_id, email, full_name, location_id FROM org.person WHERE person_id = ?", ctx.user_id)
    if row is None:
        raise ToolError(f"acting user {ctx.user_id} is not in the directory")
    return row


def check_email(value: str, field: str = "email") -> str:
    v = (value or "").strip().lower()
    if not _EMAIL.match(v):
        raise ToolError(f"{field} must be an e-mail address like ana.lopez@{DOMAIN}, got '{value}'")
    return v


def calendar(ctx: Ctx, calendar_id: str) -> dict[str, Any]:
    cid = (calendar_id or "").strip()
    if cid.lower() == "primary":
        cid = me(ctx)["email"]
    row = ctx.one("SELECT * FROM calendar.calendar WHERE lower(calendar_id) = lower(?)", cid)
    if row is None:
        raise ToolError(f"calendar '{calendar_id}' not found; a person's primary calendar id is their e-mail, "
                        "secondary calendars look like c_…@group.calendar.arcturus.example (use cal_find_calendars)")
    return row


def person_by_email(ctx: Ctx, email: str) -> dict[str, Any] | None:
    return ctx.one("SELECT * FROM org.person WHERE lower(email) = lower(?)", email)


def access_role(ctx: Ctx, cal: dict[str, Any], person_id: str | None = None) -> str:
    """Effective role of a person on a calendar: ownership, ACL (user, group, domain, default), admin delegation."""
    pid = person_id or ctx.user_id
    if person_id is None and is_admin(ctx):
        return "owner"
    if person_id is None and ctx.role == "resource_manager" and cal["kind"] == "resource":
        return "owner"
    if cal["owner_person_id"] == pid:
        return "owner"
    p = ctx.one("SELECT email FROM org.person WHERE person_id = ?", pid)
    if p is None:
        return "none"
    rules = ctx.all(
        "SELECT role FROM calendar.acl_rule r WHERE r.calendar_id = ? AND ("
        " (r.scope_type = 'user' AND lower(r.scope_value) = lower(?))"
        " OR (r.scope_type = 'group' AND r.scope_group_id IN (SELECT group_id FROM calendar.group_member WHERE person_id = ?))"
        " OR (r.scope_type = 'domain' AND lower(r.scope_value) = lower(?)) OR r.scope_type = 'default')",
        cal["calendar_id"], p["email"], pid, p["email"].split("@")[-1])
    return max((r["role"] for r in rules), key=ROLE_RANK.get, default="none")


def require_access(ctx: Ctx, cal: dict[str, Any], minimum: str, action: str) -> str:
    role = access_role(ctx, cal)
    if ROLE_RANK[role] < ROLE_RANK[minimum]:
        raise ToolError(f"not allowed: {action} needs {minimum} access on calendar {cal['calendar_id']}; "
                        f"acting user {ctx.user_id} has {role}")
    return role


def require_admin(ctx: Ctx, action: str) -> None:
    if not is_admin(ctx):
        raise ToolError(f"not allowed: {action} is restricted to calendar administrators "
                        f"(acting user {ctx.user_id} has role {ctx.role})")


def zone(tz: str) -> str:
    try:
        rec.zone(tz)
    except rec.RecurrenceError as exc:
        raise ToolError(str(exc)) from None
    return tz


def parse_when(value: str, tz: str, field: str) -> tuple[dt.datetime | None, dt.date | None]:
    """'2025-12-08' (all-day) or '2025-12-08T09:30[:00]' (wall time in tz) or with 'Z'/'+05:30' -> (utc, None) / (None, date)."""
    m = _DT.match((value or "").strip())
    if not m:
        raise ToolError(f"{field} must be a date (2025-12-08) or date-time (2025-12-08T09:30, optionally with Z or "
                        f"an offset like -05:00), got '{value}'")
    try:
        day = dt.date.fromisoformat(m.group(1))
        if m.group(2) is None:
            if not 2000 <= day.year <= 2027:
                raise ToolError(f"{field} must be between 2000 and 2027, got '{value}'")
            return None, day
        t = dt.time.fromisoformat(m.group(2))
    except ValueError:
        raise ToolError(f"{field} is not a valid date/time: '{value}'") from None
    if not 2000 <= day.year <= 2027:
        raise ToolError(f"{field} must be between 2000 and 2027, got '{value}'")
    local = dt.datetime.combine(day, t)
    off = m.group(3)
    if off:
        if off == "Z":
            utc = local
        else:
            sign = 1 if off[0] == "+" else -1
            hh, mm = int(off[1:3]), int(off[-2:])
            utc = local - sign * dt.timedelta(hours=hh, minutes=mm)
    else:
        utc = rec.to_utc(local, tz)
    if not dt.datetime(2000, 1, 1) <= utc <= HORIZON:
        raise ToolError(f"{field} must be between 2000 and 2027, got '{value}'")
    return utc, None


def parse_window(time_min: str | None, time_max: str | None, tz: str) -> tuple[dt.datetime, dt.datetime]:
    lo = dt.datetime(2000, 1, 1)
    hi = HORIZON
    if time_min:
        u, d = parse_when(time_min, tz, "time_min")
        lo = u or dt.datetime.combine(d, dt.time())
    if time_max:
        u, d = parse_when(time_max, tz, "time_max")
        hi = u or dt.datetime.combine(d, dt.time())
    if hi <= lo:
        raise ToolError("time_max must be after time_min")
    return lo, hi


def local_iso(utc: dt.datetime, tz: str) -> str:
    aware = utc.replace(tzinfo=dt.timezone.utc).astimezone(rec.zone(tz))
    return aware.isoformat(timespec="seconds")


def span_utc(ev: dict[str, Any]) -> tuple[dt.datetime, dt.datetime]:
    """UTC span of a (non-recurring or instance) event; all-day events span local midnights of its zone."""
    if ev["all_day"]:
        s = dt.datetime.fromisoformat(str(ev["start_date"]))
        e = dt.datetime.fromisoformat(str(ev["end_date"]))
        return rec.to_utc(s, ev["time_zone"]), rec.to_utc(e, ev["time_zone"])
    return _ts(ev["start_at"]), _ts(ev["end_at"])


def _ts(v: Any) -> dt.datetime:
    return v if isinstance(v, dt.datetime) else dt.datetime.fromisoformat(str(v))


def instance_id(master_id: str, start: dt.datetime, all_day: bool) -> str:
    return f"{master_id}_{start:%Y%m%d}" if all_day else f"{master_id}_{start:%Y%m%dT%H%M%SZ}"


def expand(ctx: Ctx, master: dict[str, Any], lo: dt.datetime, hi: dt.datetime,
           show_cancelled: bool = False) -> list[dict[str, Any]]:
    """Occurrences of an event overlapping [lo, hi) as event dicts (instances carry recurring_event_id).

    Overrides (rows whose recurring_event_id is the master) replace the occurrence they stand for.
    """
    if not master["recurrence"]:
        s, e = span_utc(master)
        return [master] if (s < hi and lo < e and (show_cancelled or master["status"] != "cancelled")) else []
    if master["status"] == "cancelled" and not show_cancelled:
        return []
    lines = rec.split_lines(master["recurrence"])
    if master["all_day"]:
        first = dt.datetime.fromisoformat(str(master["start_date"]))
        length = dt.datetime.fromisoformat(str(master["end_date"])) - first
    else:
        first = _ts(master["start_at"])
        length = _ts(master["end_at"]) - first
    try:
        starts = rec.occurrences(lines, first, master["time_zone"], all_day=master["all_day"],
                                 window_end_utc=hi + dt.timedelta(days=1) if master["all_day"] else hi)
    except rec.RecurrenceError as exc:
        raise ToolError(f"event {master['event_id']} has an unsupported recurrence: {exc}") from None
    overrides = {(_ts(o["original_start_at"]) if o["original_start_at"] else None): o for o in ctx.all(
        "SELECT * FROM calendar.event WHERE recurring_event_id = ?", master["event_id"])}
    out = []
    for st in starts:
        iid = instance_id(master["event_id"], st, master["all_day"])
        key = rec.to_utc(st, master["time_zone"]) if master["all_day"] else st
        ov = overrides.get(key) or overrides.get(st)
        if ov is not None:
            inst = dict(ov)
        else:
            inst = dict(master, event_id=iid, recurrence=None, recurring_event_id=master["event_id"],
                        original_start_at=key.isoformat(timespec="seconds"))
            if master["all_day"]:
                inst["start_date"] = st.date().isoformat()
                inst["end_date"] = (st + length).date().isoformat()
            else:
                inst["start_at"] = st.isoformat(timespec="seconds")
                inst["end_at"] = (st + length).isoformat(timespec="seconds")
        if inst["status"] == "cancelled" and not show_cancelled:
            continue
        s, e = span_utc(inst)
        if s < hi and lo < e:
            out.append(inst)
    return out


def event_row(ctx: Ctx, cal: dict[str, Any], event_id: str) -> dict[str, Any]:
    """A stored event or a virtual instance (<master>_<stamp>) of the calendar."""
    row = ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", event_id)
    if row is None and "_" in event_id:
        master_id, stamp = event_id.rsplit("_", 1)
        master = ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", master_id)
        if master and master["recurrence"]:
            try:
                st = dt.datetime.strptime(stamp, "%Y%m%dT%H%M%SZ" if "T" in stamp else "%Y%m%d")
            except ValueError:
                st = None
            if st is not None:
                hits = [i for i in expand(ctx, master, st - dt.timedelta(days=2), st + dt.timedelta(days=2), True)
                        if i["event_id"] == event_id]
                row = hits[0] if hits else None
    if row is None or not visible_on(ctx, row, cal):
        raise ToolError(f"event '{event_id}' not found on calendar {cal['calendar_id']} (use cal_list_events; "
                        "instances of recurring events look like <eventId>_20251208T150000Z)")
    return row


def visible_on(ctx: Ctx, ev: dict[str, Any], cal: dict[str, Any]) -> bool:
    if ev["calendar_id"] == cal["calendar_id"]:
        return True
    if cal["kind"] in ("primary", "resource"):
        base = ev.get("recurring_event_id") or ev["event_id"]
        return bool(ctx.scalar("SELECT count(*) FROM calendar.event_attendee WHERE event_id IN (?, ?) AND lower(email) = lower(?)",
                               ev["event_id"], base, cal["calendar_id"]))
    return False


def attendees_of(ctx: Ctx, event_id: str) -> list[dict[str, Any]]:
    return ctx.all("SELECT email, display_name, person_id, contact_id, resource_id, is_organizer, optional, "
                   "response_status, comment, additional_guests FROM calendar.event_attendee WHERE event_id = ? "
                   "ORDER BY is_organizer DESC, resource_id IS NOT NULL, email", event_id)


def present(ctx: Ctx, ev: dict[str, Any], view_tz: str | None = None, full: bool = True) -> dict[str, Any]:
    """An event as the API returns it: local start/end with offsets, UTC, attendees and details."""
    tz = view_tz or ev["time_zone"]
    out = {k: ev[k] for k in ("event_id", "calendar_id", "ical_uid", "event_type", "status", "summary", "description",
                              "location", "color_id", "visibility", "transparency", "organizer_email",
                              "recurring_event_id", "sequence", "etag", "created_at", "updated_at")}
    if ev["all_day"]:
        out["start"] = {"date": str(ev["start_date"])}
        out["end"] = {"date": str(ev["end_date"])}
    else:
        s, e = span_utc(ev)
        out["start"] = {"dateTime": local_iso(s, tz), "timeZone": tz, "utc": s.isoformat(timespec="seconds") + "Z"}
        out["end"] = {"dateTime": local_iso(e, tz), "timeZone": tz, "utc": e.isoformat(timespec="seconds") + "Z"}
        out["duration_minutes"] = int((e - s).total_seconds() // 60)
    out["event_time_zone"] = ev["time_zone"]
    if ev["recurrence"]:
        out["recurrence"] = rec.split_lines(ev["recurrence"])
    if ev.get("original_start_at"):
        out["original_start"] = str(ev["original_start_at"]).replace(" ", "T") + "Z"
    for k in ("auto_decline_mode", "decline_message", "chat_status", "working_location_type", "working_location_label",
              "building_id"):
        if ev.get(k) is not None:
            out[k] = ev[k]
    if not full:
        return out
    src = ev["event_id"] if ctx.scalar("SELECT count(*) FROM calendar.event WHERE event_id = ?", ev["event_id"]) \
        else ev["recurring_event_id"]
    out["attendees"] = attendees_of(ctx, src)
    out["guests_can_modify"] = ev["guests_can_modify"]
    out["guests_can_invite_others"] = ev["guests_can_invite_others"]
    out["guests_can_see_other_guests"] = ev["guests_can_see_other_guests"]
    out["private_copy"] = ev["private_copy"]
    out["reminders"] = {"use_default": ev["use_default_reminders"], "overrides": ctx.all(
        "SELECT method, minutes FROM calendar.event_reminder WHERE event_id = ? ORDER BY minutes", src)}
    props = ctx.all("SELECT scope, key, value FROM calendar.event_extended_property WHERE event_id = ? ORDER BY 1, 2", src)
    out["extended_properties"] = {s: {p["key"]: p["value"] for p in props if p["scope"] == s} for s in ("private", "shared")}
    out["attachments"] = ctx.all("SELECT file_url, title, mime_type FROM calendar.event_attachment WHERE event_id = ? "
                                 "ORDER BY title", src)
    conf = ctx.one("SELECT solution, conference_id, entry_uri FROM calendar.conference_data WHERE event_id = ?", src)
    if conf:
        out["conference_data"] = conf
    return out


def audit(ctx: Ctx, action: str, calendar_id: str | None = None, event_id: str | None = None,
          target: str | None = None, details: str | None = None) -> None:
    ctx.insert("calendar.audit_log", {
        "audit_id": ctx.new_id("calendar.audit_log", "audit_id", "AUD", 6), "actor_person_id": ctx.user_id,
        "action": action, "calendar_id": calendar_id, "event_id": event_id, "target": target, "details": details,
        "created_at": ctx.timestamp()})


SendUpdatesDoc = ("Who is e-mailed about the change: 'all' guests, 'externalOnly' (guests outside arcturus.example) "
                  "or 'none'.")


def notify(ctx: Ctx, event_id: str, kind: str, send_updates: str, only: list[str] | None = None) -> int:
    """Record the e-mails a change sends to guests (never to the organizer or to rooms)."""
    if send_updates == "none":
        return 0
    rows = ctx.all("SELECT email, person_id FROM calendar.event_attendee WHERE event_id = ? AND NOT is_organizer "
                   "AND resource_id IS NULL ORDER BY email", event_id)
    n = 0
    for r in rows:
        if only is not None and r["email"].lower() not in only:
            continue
        if send_updates == "externalOnly" and r["email"].lower().endswith("@" + DOMAIN):
            continue
        ctx.insert("calendar.notification", {
            "notification_id": ctx.new_id("calendar.notification", "notification_id", "NTF", 6), "event_id": event_id,
            "recipient_email": r["email"], "recipient_person_id": r["person_id"], "kind": kind,
            "sent_at": ctx.timestamp(), "sent_by": ctx.user_id})
        n += 1
    return n


def touch_event(ctx: Ctx, event_id: str, bump_sequence: bool = False) -> None:
    row = ctx.one("SELECT sequence FROM calendar.event WHERE event_id = ?", event_id)
    seq = row["sequence"] + (1 if bump_sequence else 0)
    ctx.update("calendar.event", {"event_id": event_id},
               {"sequence": seq, "etag": etag(event_id, seq, ctx.timestamp(), ctx.scalar(
                   "SELECT count(*) FROM calendar.audit_log")), "updated_at": ctx.timestamp()})


def check_page(limit: int, offset: int) -> None:
    if not 1 <= limit <= 100:
        raise ToolError("limit must be between 1 and 100")
    if not 0 <= offset <= 100_000:
        raise ToolError("offset must be between 0 and 100000")


def paginate(items: list[Any], limit: int, offset: int) -> dict[str, Any]:
    check_page(limit, offset)
    page = items[offset:offset + limit]
    nxt = offset + limit if offset + limit < len(items) else None
    return {"items": page, "total": len(items), "offset": offset, "limit": limit, "next_offset": nxt}


def parse_reminders(values: list[str] | None) -> list[tuple[str, int]]:
    out = []
    for v in values or []:
        method, _, minutes = (v or "").partition(":")
        if method not in ("email", "popup") or not minutes.isdigit() or not 0 <= int(minutes) <= 40320:
            raise ToolError(f"reminder '{v}' must look like 'popup:10' or 'email:1440' (minutes 0..40320)")
        out.append((method, int(minutes)))
    if len(out) > 5:
        raise ToolError("at most 5 reminder overrides per event")
    return list(dict.fromkeys(out))

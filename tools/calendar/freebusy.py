"""Free/busy queries across people, groups and rooms."""

from __future__ import annotations

import datetime as dt

from pytest_enterpriseops import Ctx, ToolError, tool

from .booking import overlapping
from .common import ROLE_RANK, access_role, check_email, local_iso, parse_window, span_utc, zone


def _busy(ctx: Ctx, cal: dict, lo: dt.datetime, hi: dt.datetime) -> list[tuple[dt.datetime, dt.datetime]]:
    cid = cal["calendar_id"]
    if cal["kind"] == "resource":
        where = ("e.event_id IN (SELECT event_id FROM calendar.event_attendee WHERE lower(email) = lower(?) "
                 "AND response_status <> 'declined')")
        params = [cid]
    else:
        where = ("e.transparency = 'opaque' AND (e.calendar_id = ? OR e.event_id IN (SELECT event_id FROM "
                 "calendar.event_attendee WHERE lower(email) = lower(?) AND response_status <> 'declined'))")
        params = [cid, cid]
    spans = []
    for occ in overlapping(ctx, where, params, lo, hi):
        if occ.get("recurring_event_id") and cal["kind"] != "resource":
            # a declined single instance of a series does not make the guest busy
            st = ctx.scalar("SELECT response_status FROM calendar.event_attendee WHERE event_id = ? AND lower(email) = lower(?)",
                            occ["event_id"], cid)
            if st == "declined":
                continue
        if occ["transparency"] == "transparent" and cal["kind"] != "resource":
            continue
        s, e = span_utc(occ)
        spans.append((max(s, lo), min(e, hi)))
    spans.sort()
    merged: list[list[dt.datetime]] = []
    for s, e in spans:
        if merged and s <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], e)
        else:
            merged.append([s, e])
    return [(s, e) for s, e in merged]


@tool
def cal_query_freebusy(ctx: Ctx, items: list[str], time_min: str, time_max: str, time_zone: str = "UTC") -> dict:
    """Busy intervals of calendars between time_min and time_max. Items are calendar ids (a person's e-mail,
    a room's e-mail, a secondary calendar id) or group e-mails (expanded to their members, at most 50).
    Busy = opaque, not-cancelled events on the calendar or that the person was invited to and has not declined
    (recurrences expanded). Calendars you cannot see return an error entry instead. At most 31 days per query.

    Args:
        items: Calendar ids or group e-mails (at most 50).
        time_min: Window start (date or date-time; naive values are in time_zone).
        time_max: Window end.
        time_zone: IANA zone for naive inputs and for the returned local times.
    """
    zone(time_zone)
    if not items or len(items) > 50:
        raise ToolError("give 1 to 50 items")
    lo, hi = parse_window(time_min, time_max, time_zone)
    if hi - lo > dt.timedelta(days=31):
        raise ToolError("the free/busy window may be at most 31 days")
    calendars: dict[str, dict] = {}
    groups: dict[str, list[str]] = {}
    for raw in items:
        key = raw.strip()
        cal = ctx.one("SELECT * FROM calendar.calendar WHERE lower(calendar_id) = lower(?)", key)
        if cal is None:
            g = ctx.one("SELECT group_id, email FROM calendar.directory_group WHERE lower(email) = ?",
                        check_email(key, "item"))
            if g is None:
                calendars[key] = {"errors": ["notFound"]}
                continue
            members = [r["email"] for r in ctx.all(
                "SELECT p.email FROM calendar.group_member m JOIN org.person p USING (person_id) WHERE m.group_id = ? "
                "AND p.active ORDER BY p.email", g["group_id"])]
            groups[g["email"]] = members[:50]
            for m in members[:50]:
                calendars.setdefault(m, None)
            continue
        calendars[cal["calendar_id"]] = None
    out = {}
    for cid, preset in calendars.items():
        if preset is not None:
            out[cid] = preset
            continue
        cal = ctx.one("SELECT * FROM calendar.calendar WHERE calendar_id = ?", cid)
        if ROLE_RANK[access_role(ctx, cal)] < ROLE_RANK["freeBusyReader"]:
            out[cid] = {"errors": ["forbidden"]}
            continue
        out[cid] = {"busy": [{"start": local_iso(s, time_zone), "end": local_iso(e, time_zone)}
                             for s, e in _busy(ctx, cal, lo, hi)]}
    return {"time_min": local_iso(lo, time_zone), "time_max": local_iso(hi, time_zone), "time_zone": time_zone,
            "calendars": out, "groups": groups}

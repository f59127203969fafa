"""Guest and room handling shared by the event tools: resolving attendee e-mails, room booking rules,
conflicts, and the auto-decline of out-of-office / focus-time events."""

from __future__ import annotations

import datetime as dt
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

from . import recurrence as rec
from .common import DOMAIN, check_email, expand, span_utc


def overlapping(ctx: Ctx, sql_where: str, params: list[Any], lo: dt.datetime, hi: dt.datetime,
                exclude: str | None = None) -> list[dict[str, Any]]:
    """Event occurrences (masters expanded) matching a WHERE on calendar.event e that overlap [lo, hi)."""
    rows = ctx.all(f"SELECT e.* FROM calendar.event e WHERE e.recurring_event_id IS NULL AND e.status <> 'cancelled' "
                   f"AND ({sql_where})", *params)
    out = []
    for r in rows:
        if exclude and r["event_id"] == exclude:
            continue
        out.extend(expand(ctx, r, lo, hi))
    return out


def resolve_guest(ctx: Ctx, email: str) -> dict[str, Any]:
    """Attendee fields for an e-mail: an org person, a room/resource, or an external contact."""
    e = check_email(email, "attendee")
    p = ctx.one("SELECT person_id, full_name, active FROM org.person WHERE lower(email) = ?", e)
    if p:
        if not p["active"]:
            raise ToolError(f"{e} belongs to a suspended account ({p['full_name']}); suspended users cannot be invited")
        return {"email": e, "person_id": p["person_id"], "contact_id": None, "resource_id": None,
                "display_name": p["full_name"]}
    r = ctx.one("SELECT * FROM calendar.resource WHERE lower(email) = ?", e)
    if r:
        return {"email": e, "person_id": None, "contact_id": None, "resource_id": r["resource_id"],
                "display_name": r["name"], "_resource": r}
    if e.endswith("@" + DOMAIN) or e.endswith(".arcturus.example"):
        grp = ctx.scalar("SELECT count(*) FROM calendar.directory_group WHERE lower(email) = ?", e)
        if grp:
            raise ToolError(f"{e} is a group: groups are not invited as one guest; invite its members "
                            "(cal_list_group_members)")
        raise ToolError(f"{e} is not a user or resource of {DOMAIN} (look it up with cal_find_people or "
                        "cal_list_resources)")
    c = ctx.one("SELECT * FROM calendar.external_contact WHERE lower(email) = ?", e)
    if c and c["blocked"]:
        raise ToolError(f"{e} is on the blocked-senders list (look-alike or untrusted domain {c['domain']}); "
                        "it cannot be invited")
    return {"email": e, "person_id": None, "contact_id": c["contact_id"] if c else None, "resource_id": None,
            "display_name": c["full_name"] if c else None}


def organizer_person(ctx: Ctx, cal: dict[str, Any]) -> str:
    return cal["owner_person_id"] if cal["kind"] == "primary" and cal["owner_person_id"] else ctx.user_id


def check_room(ctx: Ctx, res: dict[str, Any], lo: dt.datetime, hi: dt.datetime, headcount: int,
               recurring: bool, booker: str, exclude_event: str | None = None,
               occurrences: list[tuple[dt.datetime, dt.datetime]] | None = None) -> None:
    """Raise ToolError unless the resource may be booked for [lo, hi) (and every further occurrence)."""
    name = f"{res['name']} ({res['resource_id']})"
    if res["status"] != "active":
        raise ToolError(f"resource {name} is {res['status']} and cannot be booked")
    rule = ctx.one("SELECT * FROM calendar.booking_rule WHERE resource_id = ?", res["resource_id"])
    if res["capacity"] is not None and headcount > res["capacity"]:
        raise ToolError(f"resource {name} seats {res['capacity']} but the event has {headcount} attendees "
                        "(guests plus additional guests)")
    if rule:
        minutes = (hi - lo).total_seconds() / 60
        if minutes > rule["max_duration_minutes"]:
            raise ToolError(f"resource {name} may be booked for at most {rule['max_duration_minutes']} minutes "
                            f"(requested {int(minutes)})")
        now = ctx.timestamp()
        if lo > now + dt.timedelta(days=rule["booking_window_days"]):
            raise ToolError(f"resource {name} can be booked at most {rule['booking_window_days']} days ahead")
        if lo < now + dt.timedelta(minutes=rule["min_notice_minutes"]):
            raise ToolError(f"resource {name} needs {rule['min_notice_minutes']} minutes' notice")
        if recurring and not rule["allow_recurring"]:
            raise ToolError(f"resource {name} does not accept recurring bookings")
        if rule["restricted_group_id"] and not ctx.scalar(
                "SELECT count(*) FROM calendar.group_member WHERE group_id = ? AND person_id = ?",
                rule["restricted_group_id"], booker):
            g = ctx.scalar("SELECT email FROM calendar.directory_group WHERE group_id = ?", rule["restricted_group_id"])
            raise ToolError(f"resource {name} may only be booked by members of {g}; organizer {booker} is not a member")
        if rule["business_hours_only"]:
            tz = ctx.scalar("SELECT time_zone FROM calendar.calendar WHERE calendar_id = ?", res["calendar_id"])
            ls, le = rec.to_local(lo, tz), rec.to_local(hi, tz)
            if ls.weekday() > 4 or ls.date() != le.date() or ls.time() < dt.time(8) or le.time() > dt.time(18):
                raise ToolError(f"resource {name} may only be booked Mon–Fri 08:00–18:00 {tz}")
    for s, e in occurrences or [(lo, hi)]:
        clash = [o for o in overlapping(
            ctx, "e.event_id IN (SELECT event_id FROM calendar.event_attendee WHERE resource_id = ? AND "
                 "response_status <> 'declined')", [res["resource_id"]], s, e, exclude_event)
            if o["event_id"] != exclude_event and o.get("recurring_event_id") != exclude_event]
        if clash:
            c = clash[0]
            cs, ce = span_utc(c)
            raise ToolError(f"resource {name} is already booked {cs:%Y-%m-%d %H:%M}–{ce:%H:%M} UTC by "
                            f"'{c['summary']}' ({c['event_id']})")


def auto_decline(ctx: Ctx, person_id: str, lo: dt.datetime, hi: dt.datetime, new_invite: bool) -> dict[str, Any] | None:
    """The person's out-of-office / focus-time event that auto-declines an invitation overlapping [lo, hi), if any."""
    modes = ("declineAllConflictingInvitations", "declineOnlyNewConflictingInvitations") if new_invite else \
        ("declineAllConflictingInvitations",)
    email = ctx.scalar("SELECT email FROM org.person WHERE person_id = ?", person_id)
    for ev in overlapping(ctx, "e.calendar_id = ? AND e.event_type IN ('outOfOffice', 'focusTime') "
                               "AND e.auto_decline_mode IN (?, ?)", [email, modes[0], modes[-1]], lo, hi):
        return ev
    return None


def occurrence_spans(master_like: dict[str, Any], lo: dt.datetime, hi: dt.datetime,
                     horizon_days: int = 120) -> list[tuple[dt.datetime, dt.datetime]]:
    """Occurrence spans (UTC) of a prospective event for conflict checks (first 120 days of a series)."""
    if not master_like.get("recurrence"):
        return [(lo, hi)]
    starts = rec.occurrences(rec.split_lines(master_like["recurrence"]), lo, master_like["time_zone"],
                             window_end_utc=lo + dt.timedelta(days=horizon_days))
    return [(s, s + (hi - lo)) for s in starts]

"""Writing events: validation of times, recurrence and guests; storing attendees; room checks; auto-decline."""

from __future__ import annotations

import datetime as dt
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

from . import recurrence as rec
from .booking import auto_decline, check_room, occurrence_spans, organizer_person, resolve_guest
from .common import etag, parse_reminders, parse_when, span_utc, touch_event, zone


def times(ctx: Ctx, start: str, end: str, tz: str) -> dict[str, Any]:
    """Validated start/end as event columns (timed: UTC start_at/end_at; all-day: dates, end exclusive)."""
    su, sd = parse_when(start, tz, "start")
    eu, ed = parse_when(end, tz, "end")
    if (sd is None) != (ed is None):
        raise ToolError("start and end must both be dates (all-day) or both be date-times")
    if sd is not None:
        if ed <= sd:
            raise ToolError("an all-day event's end date is exclusive and must be after its start date")
        return {"all_day": True, "start_date": sd, "end_date": ed, "start_at": None, "end_at": None}
    if eu <= su:
        raise ToolError("end must be after start")
    if eu - su > dt.timedelta(days=60):
        raise ToolError("a timed event may last at most 60 days")
    return {"all_day": False, "start_at": su, "end_at": eu, "start_date": None, "end_date": None}


def check_recurrence(recurrence: list[str] | None, tz: str) -> str | None:
    if not recurrence:
        return None
    lines = rec.split_lines(recurrence)
    try:
        rec.validate(lines, tz)
    except rec.RecurrenceError as exc:
        raise ToolError(f"recurrence: {exc}") from None
    return "\n".join(lines)


def new_event_row(ctx: Ctx, cal: dict[str, Any], event_id: str, values: dict[str, Any]) -> dict[str, Any]:
    now = ctx.timestamp()
    # the organizer is the primary calendar's owner; on a team calendar, the person creating the event
    organizer = ctx.scalar("SELECT email FROM org.person WHERE person_id = ?", organizer_person(ctx, cal))
    row = {"event_id": event_id, "calendar_id": cal["calendar_id"], "ical_uid": f"{event_id}@arcturus.example",
           "event_type": "default", "status": "confirmed", "summary": None, "description": None, "location": None,
           "color_id": None, "visibility": "default", "transparency": "opaque", "all_day": False, "start_at": None,
           "end_at": None, "start_date": None, "end_date": None, "time_zone": cal["time_zone"], "recurrence": None,
           "recurring_event_id": None, "original_start_at": None, "organizer_email": organizer,
           "creator_person_id": ctx.user_id, "guests_can_modify": False, "guests_can_invite_others": True,
           "guests_can_see_other_guests": True, "private_copy": False, "use_default_reminders": True,
           "auto_decline_mode": None, "decline_message": None, "chat_status": None, "working_location_type": None,
           "working_location_label": None, "building_id": None, "source": "api", "sequence": 0,
           "etag": etag(event_id, 0), "created_at": now, "updated_at": now}
    row.update({k: v for k, v in values.items() if k in row})
    return row


def check_color(ctx: Ctx, color_id: str | None) -> None:
    if color_id is not None and not ctx.scalar("SELECT count(*) FROM calendar.event_color WHERE color_id = ?", color_id):
        raise ToolError(f"event color_id '{color_id}' does not exist; event colours are '1'..'11' (see cal_get_colors)")


def headcount(ctx: Ctx, event_id: str, extra: int = 0) -> int:
    return int(ctx.scalar("SELECT count(*) + coalesce(sum(additional_guests), 0) FROM calendar.event_attendee "
                          "WHERE event_id = ? AND resource_id IS NULL", event_id) or 0) + extra


def add_guests(ctx: Ctx, cal: dict[str, Any], ev: dict[str, Any], emails: list[str], optional: bool,
               new_invite: bool = True) -> list[str]:
    """Add attendees (people, external guests, rooms); rooms are checked against their rules and auto-accept.

    People whose out-of-office / focus time auto-declines the slot are added as declined with its message.
    Returns the e-mails newly added (for invitations).
    """
    existing = {r["email"].lower() for r in ctx.all("SELECT email FROM calendar.event_attendee WHERE event_id = ?",
                                                     ev["event_id"])}
    guests = []
    for raw in emails:
        g = resolve_guest(ctx, raw)
        if g["email"] in existing or g["email"] in [x["email"] for x in guests]:
            continue
        guests.append(g)
    if len(existing) + len(guests) > 200:
        raise ToolError("an event may have at most 200 guests")
    lo, hi = span_utc(ev)
    people_after = headcount(ctx, ev["event_id"]) + sum(1 for g in guests if not g["resource_id"])
    added = []
    for g in guests:
        status, comment = "needsAction", None
        res = g.pop("_resource", None)
        if res is not None:
            check_room(ctx, res, lo, hi, people_after, bool(ev.get("recurrence")), organizer_person(ctx, cal),
                       exclude_event=ev["event_id"], occurrences=occurrence_spans(ev, lo, hi))
            status = "accepted"
        elif g["person_id"]:
            blocker = auto_decline(ctx, g["person_id"], lo, hi, new_invite)
            if blocker is not None and g["email"] != ev["organizer_email"].lower():
                status, comment = "declined", blocker["decline_message"] or "Automatically declined (out of office)"
        ctx.insert("calendar.event_attendee", {**g, "event_id": ev["event_id"], "is_organizer": False,
                                               "optional": optional and res is None, "response_status": status,
                                               "comment": comment, "additional_guests": 0})
        added.append(g["email"])
    return added


def add_organizer(ctx: Ctx, ev: dict[str, Any]) -> None:
    p = ctx.one("SELECT person_id, full_name FROM org.person WHERE lower(email) = lower(?)", ev["organizer_email"])
    if p is None:
        return
    ctx.insert("calendar.event_attendee", {
        "event_id": ev["event_id"], "email": ev["organizer_email"].lower(), "person_id": p["person_id"], "contact_id": None,
        "resource_id": None, "display_name": p["full_name"], "is_organizer": True, "optional": False,
        "response_status": "accepted", "comment": None, "additional_guests": 0})


def set_reminders(ctx: Ctx, event_id: str, reminders: list[str] | None, use_default: bool | None) -> None:
    parsed = parse_reminders(reminders)
    ctx.execute("DELETE FROM calendar.event_reminder WHERE event_id = ?", event_id)
    for method, minutes in parsed:
        ctx.insert("calendar.event_reminder", {"event_id": event_id, "method": method, "minutes": minutes})
    ctx.update("calendar.event", {"event_id": event_id},
               {"use_default_reminders": (not parsed) if use_default is None else use_default})


def materialize_instance(ctx: Ctx, inst: dict[str, Any]) -> dict[str, Any]:
    """Store a virtual instance of a recurring event as an override row (copying the master's guests, reminders,
    attachments, extended properties and conference data)."""
    if ctx.scalar("SELECT count(*) FROM calendar.event WHERE event_id = ?", inst["event_id"]):
        return ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", inst["event_id"])
    row = dict(inst)
    for k in ("start_at", "end_at", "original_start_at"):
        if row[k] is not None and not isinstance(row[k], dt.datetime):
            row[k] = dt.datetime.fromisoformat(str(row[k]))
    for k in ("start_date", "end_date"):
        if row[k] is not None and not isinstance(row[k], dt.date):
            row[k] = dt.date.fromisoformat(str(row[k]))
    row.update(recurrence=None, etag=etag(inst["event_id"], 0), created_at=ctx.timestamp(), updated_at=ctx.timestamp())
    ctx.insert("calendar.event", row)
    iid, master = inst["event_id"], inst["recurring_event_id"]
    ctx.execute("INSERT INTO calendar.event_attendee SELECT ? AS event_id, email, person_id, contact_id, resource_id, "
                "display_name, is_organizer, optional, response_status, comment, additional_guests "
                "FROM calendar.event_attendee WHERE event_id = ?", iid, master)
    # An occurrence keeps everything else of its series too: reminders, attachments, properties, video link.
    ctx.execute("INSERT INTO calendar.event_reminder SELECT ? AS event_id, method, minutes "
                "FROM calendar.event_reminder WHERE event_id = ?", iid, master)
    ctx.execute("INSERT INTO calendar.event_attachment SELECT ? AS event_id, file_url, title, mime_type, added_by "
                "FROM calendar.event_attachment WHERE event_id = ?", iid, master)
    ctx.execute("INSERT INTO calendar.event_extended_property SELECT ? AS event_id, scope, key, value "
                "FROM calendar.event_extended_property WHERE event_id = ?", iid, master)
    ctx.execute("INSERT INTO calendar.conference_data SELECT ? AS event_id, solution, conference_id, entry_uri, created_by "
                "FROM calendar.conference_data WHERE event_id = ?", iid, master)
    return ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", inst["event_id"])


def cancel_event(ctx: Ctx, ev: dict[str, Any]) -> str:
    """Cancel an event or one occurrence (stored as a cancelled override); returns the cancelled row's id."""
    if ev["recurring_event_id"]:
        ev = materialize_instance(ctx, ev)
    ctx.update("calendar.event", {"event_id": ev["event_id"]}, {"status": "cancelled"})
    touch_event(ctx, ev["event_id"], bump_sequence=True)
    return ev["event_id"]


def ensure_tz(tz: str | None, cal: dict[str, Any]) -> str:
    return zone(tz) if tz else cal["time_zone"]

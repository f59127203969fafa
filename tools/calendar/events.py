"""Events: list (with recurrence expansion), get, insert, patch, delete, move, quick add, import, instances."""

from __future__ import annotations

import datetime as dt
import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from . import recurrence as rec
from .common import (ROLE_RANK, SendUpdatesDoc, access_role, audit, calendar, event_row, expand, notify, paginate,
                     parse_window, present, require_access, span_utc, touch_event, zone)
from .event_write import (add_guests, add_organizer, cancel_event, check_color, check_recurrence, ensure_tz,
                          materialize_instance, new_event_row, set_reminders, times)

SendUpdates = Literal["all", "externalOnly", "none"]
Visibility = Literal["default", "public", "private", "confidential"]
Transparency = Literal["opaque", "transparent"]
EventType = Literal["default", "outOfOffice", "focusTime", "workingLocation"]
OrderBy = Literal["startTime", "updated"]


def _masked(ev: dict, role: str) -> bool:
    return ROLE_RANK[role] < ROLE_RANK["writer"] and ev["visibility"] in ("private", "confidential")


def _view(ctx: Ctx, ev: dict, role: str, tz: str | None, full: bool) -> dict:
    if role == "freeBusyReader" or _masked(ev, role):
        s, e = span_utc(ev)
        return {"event_id": ev["event_id"], "status": ev["status"], "summary": "busy",
                "start": {"utc": s.isoformat() + "Z"}, "end": {"utc": e.isoformat() + "Z"}}
    return present(ctx, ev, tz, full)


@tool
def cal_list_events(ctx: Ctx, calendar_id: str, time_min: str | None = None, time_max: str | None = None,
                    q: str | None = None, single_events: bool = False, event_types: list[EventType] | None = None,
                    show_deleted: bool = False, private_extended_property: str | None = None,
                    shared_extended_property: str | None = None, order_by: OrderBy = "startTime",
                    time_zone: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List events of a calendar. A person's primary calendar also shows the events they are invited to.

    Default order: start time ascending (recurring masters by their first occurrence); order_by='updated' sorts by
    last modification, newest first. With single_events=true recurring events are expanded into instances
    (ids <eventId>_<UTC stamp>, cancelled instances dropped unless show_deleted) — give time_min/time_max then.

    q, event_types and the extended-property filters match only events whose details you can see: with free/busy
    access to the calendar they are refused (you see busy blocks only), and private events shown to you as busy
    never match them.

    Args:
        calendar_id: Calendar id (a person's e-mail for their primary calendar, or 'primary' for your own).
        time_min: Only events ending after this (date or date-time; naive values are in the calendar's zone).
        time_max: Only events starting before this.
        q: Case-insensitive text searched in summary, description, location and guest e-mails.
        single_events: Expand recurring events into their instances within the window.
        event_types: Only these event types (default: all).
        show_deleted: Include cancelled events and cancelled instances.
        private_extended_property: Filter 'key=value' on private extended properties.
        shared_extended_property: Filter 'key=value' on shared extended properties.
        order_by: 'startTime' (ascending) or 'updated' (newest first).
        time_zone: IANA zone for the returned local times (default: each event's own zone).
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    cal = calendar(ctx, calendar_id)
    role = require_access(ctx, cal, "freeBusyReader", "listing events")
    content_filter = bool(q or event_types or private_extended_property or shared_extended_property)
    if content_filter and role == "freeBusyReader":
        raise ToolError(f"you have free/busy access to {cal['calendar_id']} only (busy blocks, no details): q, "
                        "event_types and extended-property filters need reader access")
    view_tz = zone(time_zone) if time_zone else None
    lo, hi = parse_window(time_min, time_max, cal["time_zone"])
    conds = ["(e.calendar_id = ? OR (? IN ('primary', 'resource') AND e.event_id IN "
             "(SELECT event_id FROM calendar.event_attendee WHERE lower(email) = lower(?))))",
             "e.recurring_event_id IS NULL"]
    params: list = [cal["calendar_id"], cal["kind"], cal["calendar_id"]]
    if not show_deleted:
        conds.append("e.status <> 'cancelled'")
    if event_types:
        conds.append("e.event_type IN (" + ", ".join("?" for _ in event_types) + ")")
        params += list(event_types)
    if q:
        conds.append("(e.summary ILIKE ? OR e.description ILIKE ? OR e.location ILIKE ? OR e.event_id IN "
                     "(SELECT event_id FROM calendar.event_attendee WHERE email ILIKE ?))")
        params += [f"%{q}%"] * 4
    for scope, prop in (("private", private_extended_property), ("shared", shared_extended_property)):
        if prop:
            if "=" not in prop:
                raise ToolError(f"{scope}_extended_property must look like 'key=value'")
            k, v = prop.split("=", 1)
            conds.append("e.event_id IN (SELECT event_id FROM calendar.event_extended_property WHERE scope = ? "
                         "AND key = ? AND value = ?)")
            params += [scope, k, v]
    masters = ctx.all("SELECT e.* FROM calendar.event e WHERE " + " AND ".join(conds), *params)
    if content_filter:
        masters = [m for m in masters if not _masked(m, role)]
    items = []
    for m in masters:
        if single_events:
            items.extend(expand(ctx, m, lo, hi, show_deleted))
        else:
            if m["recurrence"]:
                if expand(ctx, m, lo, hi, show_deleted) or (show_deleted and m["status"] == "cancelled"):
                    items.append(m)
            else:
                s, e = span_utc(m)
                if s < hi and lo < e:
                    items.append(m)
    if single_events and show_deleted is False:
        items = [i for i in items if i["status"] != "cancelled"]
    if order_by == "updated":
        items.sort(key=lambda r: (str(r["updated_at"]), r["event_id"]), reverse=True)
    else:
        items.sort(key=lambda r: (span_utc(r)[0], r["event_id"]))
    page = paginate(items, limit, offset)
    page["items"] = [_view(ctx, r, role, view_tz, full=False) for r in page["items"]]
    page["calendar_time_zone"] = cal["time_zone"]
    return page


@tool
def cal_get_event(ctx: Ctx, calendar_id: str, event_id: str, time_zone: str | None = None) -> dict:
    """Get one event (or one instance of a recurring event) with guests, reminders, attachments, extended
    properties and conference details.

    Args:
        calendar_id: Calendar id the event is on (or the primary calendar of a guest).
        event_id: Event id, or an instance id <eventId>_<YYYYMMDDTHHMMSSZ>.
        time_zone: IANA zone for the returned local times (default: the event's zone).
    """
    cal = calendar(ctx, calendar_id)
    role = require_access(ctx, cal, "freeBusyReader", "reading events")
    if time_zone:
        zone(time_zone)
    return _view(ctx, event_row(ctx, cal, event_id), role, time_zone, full=True)


@tool
def cal_insert_event(ctx: Ctx, calendar_id: str, summary: str, start: str, end: str, time_zone: str | None = None,
                     description: str | None = None, location: str | None = None, attendees: list[str] | None = None,
                     optional_attendees: list[str] | None = None, recurrence: list[str] | None = None,
                     color_id: str | None = None, visibility: Visibility = "default",
                     transparency: Transparency = "opaque", reminders: list[str] | None = None,
                     guests_can_modify: bool = False, guests_can_invite_others: bool = True,
                     guests_can_see_other_guests: bool = True, add_video_conference: bool = False,
                     send_updates: SendUpdates = "none") -> dict:
    """Create an event. Rooms/resources are added by putting their e-mail in attendees; a room is checked
    against its booking rules (status, capacity, max duration, booking window, notice, restricted group,
    business hours, recurring) and conflicts, and auto-accepts. Guests whose out-of-office or focus time
    auto-declines the slot are added as declined.

    Args:
        calendar_id: Calendar to create the event on (writer access needed). The organizer is the calendar's
            owner on a person's primary calendar, and you on any other calendar (a team calendar).
        summary: Title.
        start: '2025-12-08T09:30' (wall time in time_zone), with 'Z'/offset, or '2025-12-08' for all-day.
        end: End, same form as start (all-day end date is exclusive).
        time_zone: IANA zone of the event (default: the calendar's zone); recurrences expand in it.
        description: Description.
        location: Free-text location.
        attendees: Guest e-mails (people, external guests, room/resource e-mails).
        optional_attendees: Guest e-mails marked optional.
        recurrence: RRULE/EXDATE/RDATE lines, e.g. ['RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=10'].
        color_id: Event colour id '1'..'11' (see cal_get_colors).
        visibility: default, public, private or confidential.
        transparency: opaque (busy) or transparent (free).
        reminders: Reminder overrides like ['popup:10', 'email:1440']; omitted = calendar defaults.
        guests_can_modify: Guests may edit the event.
        guests_can_invite_others: Guests may invite others.
        guests_can_see_other_guests: Guests see the guest list.
        add_video_conference: Attach a video meeting link.
        send_updates: Who is e-mailed the invitation: all, externalOnly or none.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "writer", "creating events")
    if cal["archived"]:
        raise ToolError(f"calendar {cal['calendar_id']} is archived (read-only)")
    if not summary.strip():
        raise ToolError("summary must not be empty")
    tz = ensure_tz(time_zone, cal)
    check_color(ctx, color_id)
    rrule = check_recurrence(recurrence, tz)
    eid = ctx.new_id("calendar.event", "event_id", "evt", 6)
    row = new_event_row(ctx, cal, eid, {**times(ctx, start, end, tz), "summary": summary.strip(), "time_zone": tz,
                                        "description": description, "location": location, "color_id": color_id,
                                        "visibility": visibility, "transparency": transparency, "recurrence": rrule,
                                        "guests_can_modify": guests_can_modify,
                                        "guests_can_invite_others": guests_can_invite_others,
                                        "guests_can_see_other_guests": guests_can_see_other_guests})
    ctx.insert("calendar.event", row)
    if attendees or optional_attendees:
        add_organizer(ctx, row)
        add_guests(ctx, cal, row, attendees or [], False)
        add_guests(ctx, cal, row, optional_attendees or [], True)
    if reminders:
        set_reminders(ctx, eid, reminders, False)
    if add_video_conference:
        code = eid[-6:]
        ctx.insert("calendar.conference_data", {"event_id": eid, "solution": "videoMeeting",
                                                "conference_id": f"arc-{code[:3]}-{code[3:]}",
                                                "entry_uri": f"https://meet.arcturus.example/arc-{code[:3]}-{code[3:]}",
                                                "created_by": ctx.user_id})
    notify(ctx, eid, "invitation", send_updates)
    audit(ctx, "event.insert", cal["calendar_id"], eid, summary, f"send_updates={send_updates}")
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", eid))


def editable(ctx: Ctx, calendar_id: str, event_id: str, action: str) -> tuple[dict, dict]:
    cal = calendar(ctx, calendar_id)
    ev = event_row(ctx, cal, event_id)
    home = calendar(ctx, ev["calendar_id"])
    require_access(ctx, home, "writer", action)
    if home["archived"]:
        raise ToolError(f"calendar {home['calendar_id']} is archived (read-only)")
    return home, ev


@tool
def cal_patch_event(ctx: Ctx, calendar_id: str, event_id: str, summary: str | None = None,
                    description: str | None = None, location: str | None = None, start: str | None = None,
                    end: str | None = None, time_zone: str | None = None, recurrence: list[str] | None = None,
                    color_id: str | None = None, visibility: Visibility | None = None,
                    transparency: Transparency | None = None, status: Literal["confirmed", "tentative"] | None = None,
                    guests_can_modify: bool | None = None, guests_can_invite_others: bool | None = None,
                    guests_can_see_other_guests: bool | None = None, send_updates: SendUpdates = "none") -> dict:
    """Change fields of an event. Patching an instance id (<eventId>_<stamp>) changes only that occurrence;
    patching the master changes the whole series (to end a series, set an RRULE with UNTIL). A new start/end
    must be given together; rooms on the event are re-checked. Time changes bump the sequence.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        summary: New title.
        description: New description.
        location: New location.
        start: New start (same forms as cal_insert_event).
        end: New end.
        time_zone: New IANA zone of the event.
        recurrence: Replacement recurrence lines (masters only).
        color_id: Event colour id '1'..'11'.
        visibility: default, public, private or confidential.
        transparency: opaque or transparent.
        status: confirmed or tentative (use cal_delete_event to cancel).
        guests_can_modify: Guests may edit.
        guests_can_invite_others: Guests may invite others.
        guests_can_see_other_guests: Guests see the guest list.
        send_updates: Who is e-mailed the update: all, externalOnly or none.
    """
    home, ev = editable(ctx, calendar_id, event_id, "editing events")
    if ev["status"] == "cancelled":
        raise ToolError(f"event {event_id} is cancelled")
    if (start is None) != (end is None):
        raise ToolError("give start and end together")
    if recurrence is not None and ev["recurring_event_id"]:
        raise ToolError("recurrence can only be set on the series (master) event, not on an instance")
    check_color(ctx, color_id)
    tz = ensure_tz(time_zone, {"time_zone": ev["time_zone"]})
    values = {k: v for k, v in {"summary": summary, "description": description, "location": location,
                                "color_id": color_id, "visibility": visibility, "transparency": transparency,
                                "status": status, "guests_can_modify": guests_can_modify,
                                "guests_can_invite_others": guests_can_invite_others,
                                "guests_can_see_other_guests": guests_can_see_other_guests}.items() if v is not None}
    if time_zone:
        values["time_zone"] = tz
    timing = False
    if start is not None:
        values.update(times(ctx, start, end, tz))
        timing = True
    if recurrence is not None:
        values["recurrence"] = check_recurrence(recurrence, tz)
        timing = True
    values = {k: v for k, v in values.items() if str(ev.get(k)) != str(v)}
    if not values:
        raise ToolError(f"nothing to change: event {event_id} already has those values")
    if ev["recurring_event_id"] and not ctx.scalar("SELECT count(*) FROM calendar.event WHERE event_id = ?", event_id):
        ev = materialize_instance(ctx, ev)
    ctx.update("calendar.event", {"event_id": ev["event_id"]}, values)
    new = ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"])
    if timing:
        from .booking import check_room, occurrence_spans, organizer_person
        from .event_write import headcount
        lo, hi = span_utc(new)
        for r in ctx.all("SELECT r.* FROM calendar.event_attendee a JOIN calendar.resource r USING (resource_id) "
                         "WHERE a.event_id = ? AND a.response_status <> 'declined'", ev["event_id"]):
            check_room(ctx, r, lo, hi, headcount(ctx, ev["event_id"]), bool(new["recurrence"]),
                       organizer_person(ctx, home), exclude_event=ev["recurring_event_id"] or ev["event_id"],
                       occurrences=occurrence_spans(new, lo, hi))
    touch_event(ctx, ev["event_id"], bump_sequence=timing)
    notify(ctx, ev["event_id"], "update", send_updates)
    audit(ctx, "event.patch", home["calendar_id"], ev["event_id"], new["summary"],
          ", ".join(sorted(values)) + f"; send_updates={send_updates}")
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


@tool
def cal_delete_event(ctx: Ctx, calendar_id: str, event_id: str, send_updates: SendUpdates = "none") -> dict:
    """Cancel an event (status becomes 'cancelled'; it stays visible with show_deleted). Deleting an instance id
    cancels only that occurrence; deleting the master cancels the whole series. Events on calendars under
    legal hold cannot be deleted.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        send_updates: Who is e-mailed the cancellation: all, externalOnly or none.
    """
    home, ev = editable(ctx, calendar_id, event_id, "deleting events")
    if home["legal_hold"]:
        raise ToolError(f"calendar {home['calendar_id']} is under legal hold: its events cannot be deleted")
    if ev["status"] == "cancelled":
        raise ToolError(f"event {event_id} is already cancelled")
    eid = cancel_event(ctx, ev)
    n = notify(ctx, eid, "cancellation", send_updates)
    audit(ctx, "event.delete", home["calendar_id"], eid, ev["summary"], f"send_updates={send_updates}")
    return {"event_id": eid, "status": "cancelled", "notified": n}


@tool
def cal_move_event(ctx: Ctx, calendar_id: str, event_id: str, destination_calendar_id: str,
                   send_updates: SendUpdates = "none") -> dict:
    """Move an event to another calendar; the destination becomes its organizer calendar. Only default-type
    events can be moved, not single instances. Needs writer access on both calendars.

    Args:
        calendar_id: Calendar the event is on now.
        event_id: Event id (series master or single event).
        destination_calendar_id: Calendar to move it to.
        send_updates: Who is e-mailed about the change: all, externalOnly or none.
    """
    home, ev = editable(ctx, calendar_id, event_id, "moving events")
    dest = calendar(ctx, destination_calendar_id)
    require_access(ctx, dest, "writer", "moving events to a calendar")
    if dest["archived"]:
        raise ToolError(f"calendar {dest['calendar_id']} is archived (read-only)")
    if ev["recurring_event_id"]:
        raise ToolError("single instances cannot be moved; move the series (its master event id)")
    if ev["event_type"] != "default":
        raise ToolError(f"{ev['event_type']} events cannot be moved")
    if dest["calendar_id"] == home["calendar_id"]:
        raise ToolError("the event is already on that calendar")
    if home["legal_hold"]:
        raise ToolError(f"calendar {home['calendar_id']} is under legal hold: its events cannot be moved away")
    organizer = ctx.scalar("SELECT email FROM org.person WHERE person_id = ?", dest["owner_person_id"]) \
        if dest["kind"] == "primary" else ev["organizer_email"]
    ctx.update("calendar.event", {"event_id": ev["event_id"]}, {"calendar_id": dest["calendar_id"],
                                                                "organizer_email": organizer})
    for child in ctx.all("SELECT event_id FROM calendar.event WHERE recurring_event_id = ?", ev["event_id"]):
        ctx.update("calendar.event", {"event_id": child["event_id"]}, {"calendar_id": dest["calendar_id"],
                                                                       "organizer_email": organizer})
    touch_event(ctx, ev["event_id"])
    notify(ctx, ev["event_id"], "update", send_updates)
    audit(ctx, "event.move", home["calendar_id"], ev["event_id"], dest["calendar_id"], f"send_updates={send_updates}")
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


_QUICK = re.compile(r"^(?P<title>.+?)\s+(?:on\s+(?P<date>\d{4}-\d{2}-\d{2})|(?P<rel>today|tomorrow))\s+at\s+"
                    r"(?P<h>\d{1,2})(?::(?P<m>\d{2}))?\s*(?P<ampm>am|pm)?"
                    r"(?:\s+for\s+(?P<n>\d+)\s*(?P<unit>minutes?|mins?|hours?|h))?\s*$", re.IGNORECASE)


@tool
def cal_quick_add_event(ctx: Ctx, calendar_id: str, text: str, send_updates: SendUpdates = "none") -> dict:
    """Create an event from a short sentence, in the calendar's time zone. Understood forms:
    '<title> on 2025-12-09 at 14:30 [for 45 minutes|2 hours]' and '<title> tomorrow|today at 9am [for 1 hour]'.
    Default length: the calendar owner's defaultEventLength setting (else 60 minutes). No guests are added.

    Args:
        calendar_id: Calendar to add the event to (writer access needed).
        text: The sentence.
        send_updates: Ignored for quick add (no guests); accepted for API compatibility.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "writer", "creating events")
    m = _QUICK.match((text or "").strip())
    if not m:
        raise ToolError("could not understand the text; use '<title> on YYYY-MM-DD at HH:MM [for N minutes]' or "
                        "'<title> tomorrow at 9am [for 1 hour]'")
    local_now = rec.to_local(ctx.timestamp(), cal["time_zone"])
    if m.group("date"):
        try:
            day = dt.date.fromisoformat(m.group("date"))
        except ValueError:
            raise ToolError(f"bad date in '{text}'") from None
    else:
        day = local_now.date() + dt.timedelta(days=1 if m.group("rel").lower() == "tomorrow" else 0)
    hour, minute = int(m.group("h")), int(m.group("m") or 0)
    if m.group("ampm"):
        if not 1 <= hour <= 12:
            raise ToolError("with am/pm the hour must be 1..12")
        hour = hour % 12 + (12 if m.group("ampm").lower() == "pm" else 0)
    if hour > 23 or minute > 59:
        raise ToolError("time of day out of range")
    if m.group("n"):
        n = int(m.group("n"))
        minutes = n * 60 if m.group("unit").lower().startswith("h") else n
    else:
        default = ctx.scalar("SELECT value FROM calendar.user_setting WHERE person_id = ? AND setting_id = "
                             "'defaultEventLength'", cal["owner_person_id"]) if cal["owner_person_id"] else None
        minutes = int(default) if default else 60
    if not 1 <= minutes <= 24 * 60:
        raise ToolError("quick-add events last 1 minute to 24 hours")
    start = dt.datetime.combine(day, dt.time(hour, minute))
    su = rec.to_utc(start, cal["time_zone"])
    eid = ctx.new_id("calendar.event", "event_id", "evt", 6)
    row = new_event_row(ctx, cal, eid, {"summary": m.group("title").strip(), "start_at": su,
                                        "end_at": su + dt.timedelta(minutes=minutes), "source": "quickAdd"})
    ctx.insert("calendar.event", row)
    audit(ctx, "event.quickAdd", cal["calendar_id"], eid, row["summary"], text)
    return present(ctx, row)


@tool
def cal_import_event(ctx: Ctx, calendar_id: str, ical_uid: str, summary: str, start: str, end: str,
                     organizer_email: str, time_zone: str | None = None, description: str | None = None,
                     location: str | None = None) -> dict:
    """Import a private copy of an existing event (e.g. from an .ics invite) onto a calendar. The copy keeps
    the original iCalUID and organizer, sends no invitations and adds no guests; an event with the same
    iCalUID already on the calendar is refused.

    Args:
        calendar_id: Calendar to import into (writer access needed).
        ical_uid: The event's iCalendar UID (e.g. 8f2c…@partner.example).
        summary: Title.
        start: Start (same forms as cal_insert_event).
        end: End.
        organizer_email: The original organizer's e-mail.
        time_zone: IANA zone (default: the calendar's).
        description: Description.
        location: Location.
    """
    from .common import check_email
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "writer", "importing events")
    uid = (ical_uid or "").strip()
    if not uid or " " in uid:
        raise ToolError("ical_uid must be a non-empty UID without spaces")
    if ctx.scalar("SELECT count(*) FROM calendar.event WHERE calendar_id = ? AND ical_uid = ?", cal["calendar_id"], uid):
        raise ToolError(f"an event with iCalUID {uid} is already on {cal['calendar_id']}")
    tz = ensure_tz(time_zone, cal)
    eid = ctx.new_id("calendar.event", "event_id", "evt", 6)
    row = new_event_row(ctx, cal, eid, {**times(ctx, start, end, tz), "summary": summary, "ical_uid": uid,
                                        "time_zone": tz, "description": description, "location": location,
                                        "organizer_email": check_email(organizer_email, "organizer_email"),
                                        "private_copy": True, "source": "import"})
    ctx.insert("calendar.event", row)
    audit(ctx, "event.import", cal["calendar_id"], eid, summary, f"iCalUID={uid}")
    return present(ctx, row)


@tool
def cal_list_event_instances(ctx: Ctx, calendar_id: str, event_id: str, time_min: str | None = None,
                             time_max: str | None = None, show_deleted: bool = False, time_zone: str | None = None,
                             limit: int = 20, offset: int = 0) -> dict:
    """Instances of a recurring event in start-time order (ids <eventId>_<UTC stamp>), with moved and cancelled
    occurrences applied. Without time_max the first 400 days of the series are expanded.

    Args:
        calendar_id: Calendar the event is on.
        event_id: The recurring (master) event id.
        time_min: Only instances ending after this.
        time_max: Only instances starting before this.
        show_deleted: Include cancelled instances.
        time_zone: IANA zone for the returned local times.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    cal = calendar(ctx, calendar_id)
    role = require_access(ctx, cal, "freeBusyReader", "listing instances")
    if time_zone:
        zone(time_zone)
    ev = event_row(ctx, cal, event_id)
    if not ev["recurrence"]:
        raise ToolError(f"event {event_id} is not a recurring event")
    lo, hi = parse_window(time_min, time_max, cal["time_zone"])
    if not time_max:
        hi = span_utc(ev)[0] + dt.timedelta(days=400)
    items = expand(ctx, ev, lo, hi, show_deleted)
    items.sort(key=lambda r: span_utc(r)[0])
    page = paginate(items, limit, offset)
    page["items"] = [_view(ctx, r, role, time_zone, full=False) for r in page["items"]]
    return page


def role_on(ctx: Ctx, calendar_id: str) -> str:
    return access_role(ctx, calendar(ctx, calendar_id))

"""Status events on primary calendars: out of office, focus time (both can auto-decline), working location."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .booking import overlapping
from .common import audit, calendar, check_email, expand, present, require_access, span_utc
from .event_write import add_organizer, cancel_event, check_recurrence, materialize_instance, new_event_row, times

AutoDecline = Literal["declineNone", "declineAllConflictingInvitations", "declineOnlyNewConflictingInvitations"]


def _primary(ctx: Ctx, user_email: str | None) -> dict:
    cid = check_email(user_email, "user_email") if user_email else "primary"
    cal = calendar(ctx, cid)
    if cal["kind"] != "primary":
        raise ToolError("status events (out of office, focus time, working location) exist only on primary calendars")
    require_access(ctx, cal, "writer", "setting status events")
    return cal


def _decline_existing(ctx: Ctx, cal: dict, ev: dict, message: str | None) -> list[str]:
    """Decline the invitations (not events the person organises) that overlap the new status event."""
    lo, hi = span_utc(ev)
    person = cal["owner_person_id"]
    declined = []
    for occ in overlapping(ctx, "e.event_type = 'default' AND e.calendar_id <> ? AND e.event_id IN "
                                "(SELECT event_id FROM calendar.event_attendee WHERE person_id = ? AND NOT is_organizer "
                                "AND response_status <> 'declined')", [cal["calendar_id"], person], lo, hi):
        target = materialize_instance(ctx, occ)["event_id"] if occ.get("recurring_event_id") else occ["event_id"]
        ctx.execute("UPDATE calendar.event_attendee SET response_status = 'declined', comment = ? WHERE event_id = ? "
                    "AND person_id = ?", message or "Declined: out of office", target, person)
        org = ctx.one("SELECT person_id, email FROM org.person WHERE lower(email) = lower(?)", occ["organizer_email"])
        ctx.insert("calendar.notification", {
            "notification_id": ctx.new_id("calendar.notification", "notification_id", "NTF", 6), "event_id": target,
            "recipient_email": occ["organizer_email"], "recipient_person_id": org["person_id"] if org else None,
            "kind": "response", "sent_at": ctx.timestamp(), "sent_by": ctx.user_id})
        declined.append(target)
    return declined


def _clear_working_locations(ctx: Ctx, cal: dict, lo, hi, keep: str | None = None) -> list[str]:
    """Cancel the person's working-location entries lying within [lo, hi) (a series loses only those days'
    instances): a day has one working location, and none while the person is out of office."""
    cleared = []
    for occ in overlapping(ctx, "e.event_type = 'workingLocation' AND e.calendar_id = ?", [cal["calendar_id"]], lo, hi,
                           exclude=keep):
        s, e = span_utc(occ)
        if s < lo or e > hi:
            continue
        cleared.append(cancel_event(ctx, occ))
    return cleared


def _status_event(ctx: Ctx, cal: dict, event_type: str, summary: str, start: str, end: str,
                  recurrence: list[str] | None, extra: dict) -> dict:
    tz = cal["time_zone"]
    t = times(ctx, start, end, tz)
    if event_type == "outOfOffice" and t["all_day"]:
        raise ToolError("out-of-office events are timed: give start/end date-times (e.g. 2025-12-22T00:00)")
    if event_type == "focusTime" and t["all_day"]:
        raise ToolError("focus time is timed: give start/end date-times")
    eid = ctx.new_id("calendar.event", "event_id", "evt", 6)
    row = new_event_row(ctx, cal, eid, {**t, "summary": summary, "event_type": event_type,
                                        "recurrence": check_recurrence(recurrence, tz), "visibility": "public",
                                        **extra})
    ctx.insert("calendar.event", row)
    add_organizer(ctx, row)
    return row


@tool
def cal_set_out_of_office(ctx: Ctx, start: str, end: str, user_email: str | None = None,
                          auto_decline_mode: AutoDecline = "declineAllConflictingInvitations",
                          decline_message: str | None = None, summary: str = "Out of office") -> dict:
    """Put an out-of-office block on a person's primary calendar (their own, or as their assistant/administrator).
    declineAllConflictingInvitations also declines the invitations already overlapping it (the organisers are
    told); declineOnlyNewConflictingInvitations only affects invitations that arrive later. The person's
    working-location entries on the days it covers are cancelled (a weekly pattern loses only those days).
    Times are wall times in the person's calendar zone unless they carry Z/an offset.

    Args:
        start: Start date-time, e.g. 2025-12-22T00:00.
        end: End date-time.
        user_email: Whose calendar (default: yours).
        auto_decline_mode: declineNone, declineAllConflictingInvitations or declineOnlyNewConflictingInvitations.
        decline_message: Message sent with automatic declines.
        summary: Title shown on the calendar.
    """
    cal = _primary(ctx, user_email)
    row = _status_event(ctx, cal, "outOfOffice", summary, start, end, None,
                        {"auto_decline_mode": auto_decline_mode, "decline_message": decline_message})
    declined = _decline_existing(ctx, cal, row, decline_message) \
        if auto_decline_mode == "declineAllConflictingInvitations" else []
    cleared = _clear_working_locations(ctx, cal, *span_utc(row))
    audit(ctx, "event.outOfOffice", cal["calendar_id"], row["event_id"], summary,
          f"{auto_decline_mode}; declined {len(declined)}")
    out = present(ctx, row)
    out["declined_event_ids"] = declined
    out["cancelled_working_location_ids"] = cleared
    return out


@tool
def cal_set_focus_time(ctx: Ctx, start: str, end: str, user_email: str | None = None,
                       recurrence: list[str] | None = None, auto_decline_mode: AutoDecline = "declineOnlyNewConflictingInvitations",
                       decline_message: str | None = None, chat_status: Literal["available", "doNotDisturb"] = "doNotDisturb",
                       summary: str = "Focus time") -> dict:
    """Block focus time on a person's primary calendar (optionally recurring). Auto-decline works as for
    out of office. Times are wall times in the person's calendar zone.

    Args:
        start: Start date-time of the (first) block.
        end: End date-time of the (first) block.
        user_email: Whose calendar (default: yours).
        recurrence: RRULE lines for a repeating block, e.g. ['RRULE:FREQ=WEEKLY;BYDAY=TU,TH'].
        auto_decline_mode: declineNone, declineAllConflictingInvitations or declineOnlyNewConflictingInvitations.
        decline_message: Message sent with automatic declines.
        chat_status: Chat status during the block.
        summary: Title.
    """
    cal = _primary(ctx, user_email)
    row = _status_event(ctx, cal, "focusTime", summary, start, end, recurrence,
                        {"auto_decline_mode": auto_decline_mode, "decline_message": decline_message,
                         "chat_status": chat_status})
    declined = _decline_existing(ctx, cal, row, decline_message) \
        if auto_decline_mode == "declineAllConflictingInvitations" and not recurrence else []
    audit(ctx, "event.focusTime", cal["calendar_id"], row["event_id"], summary, auto_decline_mode)
    out = present(ctx, row)
    out["declined_event_ids"] = declined
    return out


@tool
def cal_set_working_location(ctx: Ctx, start_date: str, end_date: str,
                             location_type: Literal["homeOffice", "officeLocation", "customLocation"],
                             user_email: str | None = None, building_id: str | None = None, label: str | None = None,
                             recurrence: list[str] | None = None) -> dict:
    """Record where a person works (all-day, transparent) on their primary calendar; officeLocation needs a
    building, customLocation a label. It replaces their other working-location entries on the days it covers
    (a weekly pattern loses only those days' instances; a recurring entry without an end, on the days of its
    first year); the same place for exactly the same days again, without recurrence, returns the existing
    entry with unchanged: true.

    Args:
        start_date: First day, e.g. 2025-12-08.
        end_date: Day after the last day (exclusive).
        location_type: homeOffice, officeLocation or customLocation.
        user_email: Whose calendar (default: yours).
        building_id: Building id for officeLocation (see cal_list_buildings).
        label: Label for customLocation (e.g. 'Client site – Contoso Health').
        recurrence: RRULE lines, e.g. ['RRULE:FREQ=WEEKLY;BYDAY=FR'].
    """
    cal = _primary(ctx, user_email)
    if location_type == "officeLocation":
        if not building_id or not ctx.scalar("SELECT count(*) FROM calendar.building WHERE building_id = ?", building_id):
            raise ToolError("officeLocation needs an existing building_id (see cal_list_buildings)")
        text = building_id
    elif location_type == "customLocation":
        if not label:
            raise ToolError("customLocation needs a label")
        text = label
    else:
        text = "Home"
    t = times(ctx, start_date, end_date, cal["time_zone"])
    if not t["all_day"]:
        raise ToolError("working location takes dates (YYYY-MM-DD), not date-times")
    building = building_id if location_type == "officeLocation" else None
    if not recurrence:
        same = ctx.one("SELECT * FROM calendar.event WHERE calendar_id = ? AND event_type = 'workingLocation' "
                       "AND status <> 'cancelled' AND recurrence IS NULL AND recurring_event_id IS NULL "
                       "AND start_date = ? AND end_date = ? AND working_location_type = ? "
                       "AND working_location_label = ? AND building_id IS NOT DISTINCT FROM ?",
                       cal["calendar_id"], t["start_date"], t["end_date"], location_type, text, building)
        if same:
            # setting the same place for the same days again is a no-op, not a second entry
            out = present(ctx, same)
            out["replaced_event_ids"] = _clear_working_locations(ctx, cal, *span_utc(same), keep=same["event_id"])
            out["unchanged"] = True
            return out
    eid = ctx.new_id("calendar.event", "event_id", "evt", 6)
    row = new_event_row(ctx, cal, eid, {**t, "summary": {"homeOffice": "Home", "officeLocation": "Office",
                                                         "customLocation": label}[location_type],
                                        "event_type": "workingLocation", "transparency": "transparent",
                                        "visibility": "public", "working_location_type": location_type,
                                        "working_location_label": text,
                                        "building_id": building,
                                        "recurrence": check_recurrence(recurrence, cal["time_zone"])})
    ctx.insert("calendar.event", row)
    if recurrence:  # each day the series covers (its first year, when it has no end) keeps only this entry
        lo, _ = span_utc(row)
        replaced = [r for occ in expand(ctx, row, lo, lo + dt.timedelta(days=366))
                    for r in _clear_working_locations(ctx, cal, *span_utc(occ), keep=eid)]
    else:
        replaced = _clear_working_locations(ctx, cal, *span_utc(row), keep=eid)
    audit(ctx, "event.workingLocation", cal["calendar_id"], eid, text, location_type)
    out = present(ctx, row)
    out["replaced_event_ids"] = replaced
    return out

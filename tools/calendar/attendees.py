"""Guests of an event: add, remove, respond; and event details: reminders, extended properties, attachments."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, calendar, check_email, event_row, notify, present, require_access, touch_event
from .event_write import add_guests, add_organizer, materialize_instance, set_reminders
from .events import SendUpdates, editable

Response = Literal["accepted", "declined", "tentative"]


def _stored(ctx: Ctx, ev: dict) -> dict:
    if ev["recurring_event_id"] and not ctx.scalar("SELECT count(*) FROM calendar.event WHERE event_id = ?",
                                                   ev["event_id"]):
        return materialize_instance(ctx, ev)
    return ev


@tool
def cal_add_event_attendees(ctx: Ctx, calendar_id: str, event_id: str, emails: list[str], optional: bool = False,
                            send_updates: SendUpdates = "none") -> dict:
    """Invite guests (people, external guests, rooms/resources) to an event or one instance of a series. A group
    address is not a guest: invite its members (cal_list_group_members). Rooms are checked against their booking rules and conflicts and auto-accept; guests already on the event
    are skipped; guests whose out-of-office/focus time auto-declines the slot are added as declined.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        emails: Guest e-mails to add.
        optional: Mark the new guests optional.
        send_updates: all / externalOnly: new guests get the invitation and the other guests an update; none: no e-mail.
    """
    home, ev = editable(ctx, calendar_id, event_id, "inviting guests")
    if ev["status"] == "cancelled":
        raise ToolError(f"event {event_id} is cancelled")
    if not emails:
        raise ToolError("give at least one e-mail")
    ev = _stored(ctx, ev)
    if not ctx.scalar("SELECT count(*) FROM calendar.event_attendee WHERE event_id = ? AND is_organizer", ev["event_id"]):
        add_organizer(ctx, ev)
    before = [r["email"] for r in ctx.all("SELECT email FROM calendar.event_attendee WHERE event_id = ?", ev["event_id"])]
    added = add_guests(ctx, home, ev, emails, optional)
    if not added:
        raise ToolError(f"every e-mail given is already a guest of event {ev['event_id']}; nothing was changed")
    touch_event(ctx, ev["event_id"])
    notify(ctx, ev["event_id"], "invitation", send_updates, only=added)
    if send_updates != "none" and added:
        notify(ctx, ev["event_id"], "update", send_updates, only=[e.lower() for e in before])
    audit(ctx, "event.attendees.add", home["calendar_id"], ev["event_id"], ", ".join(added) or "(none new)",
          f"send_updates={send_updates}")
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


@tool
def cal_remove_event_attendee(ctx: Ctx, calendar_id: str, event_id: str, email: str,
                              send_updates: SendUpdates = "none") -> dict:
    """Remove one guest (or room) from an event or one instance. The organizer cannot be removed.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        email: The guest's e-mail.
        send_updates: all / externalOnly: the removed guest gets a cancellation and the remaining guests an update;
            none: no e-mail.
    """
    home, ev = editable(ctx, calendar_id, event_id, "removing guests")
    e = check_email(email)
    ev = _stored(ctx, ev)
    row = ctx.one("SELECT * FROM calendar.event_attendee WHERE event_id = ? AND lower(email) = ?", ev["event_id"], e)
    if row is None:
        raise ToolError(f"{e} is not a guest of event {ev['event_id']}")
    if row["is_organizer"]:
        raise ToolError("the organizer cannot be removed; move the event to change its organizer")
    notify(ctx, ev["event_id"], "cancellation", send_updates, only=[e])
    ctx.delete("calendar.event_attendee", {"event_id": ev["event_id"], "email": row["email"]})
    notify(ctx, ev["event_id"], "update", send_updates)
    touch_event(ctx, ev["event_id"])
    audit(ctx, "event.attendees.remove", home["calendar_id"], ev["event_id"], e, f"send_updates={send_updates}")
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


@tool
def cal_respond_to_event(ctx: Ctx, calendar_id: str, event_id: str, response: Response,
                         comment: str | None = None, attendee_email: str | None = None) -> dict:
    """Set a guest's response (RSVP) to an event or one instance. A guest answers for themselves; someone with
    writer access to a guest's primary calendar (an assistant, an administrator) may answer for that guest, and
    resource managers/administrators for rooms. The organizer is told of the response.

    Args:
        calendar_id: The calendar the event is seen on (the guest's primary calendar or the organizer's).
        event_id: Event id or instance id.
        response: accepted, declined or tentative.
        comment: Optional note to the organizer.
        attendee_email: Whose response to set (default: the acting user).
    """
    cal = calendar(ctx, calendar_id)
    ev = event_row(ctx, cal, event_id)
    who = check_email(attendee_email) if attendee_email else ctx.scalar(
        "SELECT lower(email) FROM org.person WHERE person_id = ?", ctx.user_id)
    guest_cal = ctx.one("SELECT * FROM calendar.calendar WHERE lower(calendar_id) = ?", who)
    if guest_cal is None:
        raise ToolError(f"{who} has no calendar in this system")
    if guest_cal["owner_person_id"] != ctx.user_id:
        require_access(ctx, guest_cal, "writer", f"responding on behalf of {who}")
    base = ev["recurring_event_id"] or ev["event_id"]
    if not ctx.scalar("SELECT count(*) FROM calendar.event_attendee WHERE event_id = ? AND lower(email) = ?", base, who):
        raise ToolError(f"{who} is not a guest of event {event_id}")
    ev = _stored(ctx, ev)
    row = ctx.one("SELECT * FROM calendar.event_attendee WHERE event_id = ? AND lower(email) = ?", ev["event_id"], who)
    if row["is_organizer"]:
        raise ToolError("the organizer's own response cannot be changed")
    ctx.execute("UPDATE calendar.event_attendee SET response_status = ?, comment = ? WHERE event_id = ? AND email = ?",
                response, comment, ev["event_id"], row["email"])
    org = ctx.one("SELECT person_id FROM org.person WHERE lower(email) = lower(?)", ev["organizer_email"])
    ctx.insert("calendar.notification", {
        "notification_id": ctx.new_id("calendar.notification", "notification_id", "NTF", 6), "event_id": ev["event_id"],
        "recipient_email": ev["organizer_email"], "recipient_person_id": org["person_id"] if org else None,
        "kind": "response", "sent_at": ctx.timestamp(), "sent_by": ctx.user_id})
    audit(ctx, "event.respond", ev["calendar_id"], ev["event_id"], who, response)
    return {"event_id": ev["event_id"], "attendee": who, "response_status": response, "comment": comment}


@tool
def cal_set_event_reminders(ctx: Ctx, calendar_id: str, event_id: str, reminders: list[str] | None = None,
                            use_default: bool = False) -> dict:
    """Replace an event's reminder overrides, or go back to the calendar's default reminders.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        reminders: Overrides like ['popup:10', 'email:1440'] (at most 5); ignored with use_default.
        use_default: Use the calendar's default reminders instead of overrides.
    """
    home, ev = editable(ctx, calendar_id, event_id, "changing reminders")
    ev = _stored(ctx, ev)
    if not use_default and not reminders:
        raise ToolError("give reminders, or use_default=true")
    set_reminders(ctx, ev["event_id"], [] if use_default else reminders, use_default)
    touch_event(ctx, ev["event_id"])
    audit(ctx, "event.reminders", home["calendar_id"], ev["event_id"], ", ".join(reminders or ["default"]))
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


@tool
def cal_set_extended_property(ctx: Ctx, calendar_id: str, event_id: str, scope: Literal["private", "shared"],
                              key: str, value: str | None = None) -> dict:
    """Set (or, with value omitted, remove) an extended property. 'shared' properties are visible to every
    guest's copy, 'private' ones only on this calendar's copy.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        scope: private or shared.
        key: Property name (letters, digits, '_', '-', '.'; at most 44 characters).
        value: Property value (at most 1024 characters); omit to delete the property.
    """
    import re
    home, ev = editable(ctx, calendar_id, event_id, "changing extended properties")
    if not re.match(r"^[A-Za-z0-9_.-]{1,44}$", key or ""):
        raise ToolError("key must be 1-44 characters of letters, digits, '_', '-' or '.'")
    if value is not None and len(value) > 1024:
        raise ToolError("value may be at most 1024 characters")
    ev = _stored(ctx, ev)
    had = ctx.scalar("SELECT count(*) FROM calendar.event_extended_property WHERE event_id = ? AND scope = ? AND key = ?",
                     ev["event_id"], scope, key)
    if value is None:
        if not had:
            raise ToolError(f"event {ev['event_id']} has no {scope} property '{key}'")
        ctx.delete("calendar.event_extended_property", {"event_id": ev["event_id"], "scope": scope, "key": key})
    elif had:
        if ctx.scalar("SELECT value FROM calendar.event_extended_property WHERE event_id = ? AND scope = ? AND key = ?",
                      ev["event_id"], scope, key) == value:
            raise ToolError(f"{scope} property '{key}' of event {ev['event_id']} is already '{value}'")
        ctx.update("calendar.event_extended_property", {"event_id": ev["event_id"], "scope": scope, "key": key},
                   {"value": value})
    else:
        ctx.insert("calendar.event_extended_property", {"event_id": ev["event_id"], "scope": scope, "key": key,
                                                        "value": value})
    touch_event(ctx, ev["event_id"])
    audit(ctx, "event.extendedProperty", home["calendar_id"], ev["event_id"], f"{scope}:{key}",
          "deleted" if value is None else value)
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


@tool
def cal_add_event_attachment(ctx: Ctx, calendar_id: str, event_id: str, file_url: str, title: str,
                             mime_type: str = "application/pdf") -> dict:
    """Attach a file link to an event (at most 25 attachments). Links must point to the company drive
    (https://drive.arcturus.example/...).

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        file_url: https://drive.arcturus.example/file/d/<id> link.
        title: Attachment title shown to guests.
        mime_type: MIME type (e.g. application/pdf, application/vnd.google-apps.document).
    """
    home, ev = editable(ctx, calendar_id, event_id, "adding attachments")
    if not (file_url or "").startswith("https://drive.arcturus.example/"):
        raise ToolError("file_url must be a company drive link starting with https://drive.arcturus.example/")
    if not title.strip():
        raise ToolError("title must not be empty")
    ev = _stored(ctx, ev)
    if ctx.scalar("SELECT count(*) FROM calendar.event_attachment WHERE event_id = ?", ev["event_id"]) >= 25:
        raise ToolError("an event may have at most 25 attachments")
    if ctx.scalar("SELECT count(*) FROM calendar.event_attachment WHERE event_id = ? AND file_url = ?",
                  ev["event_id"], file_url):
        raise ToolError("that file is already attached")
    ctx.insert("calendar.event_attachment", {"event_id": ev["event_id"], "file_url": file_url, "title": title,
                                             "mime_type": mime_type, "added_by": ctx.user_id})
    touch_event(ctx, ev["event_id"])
    audit(ctx, "event.attachment.add", home["calendar_id"], ev["event_id"], file_url, title)
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))


@tool
def cal_remove_event_attachment(ctx: Ctx, calendar_id: str, event_id: str, file_url: str) -> dict:
    """Remove a file link from an event.

    Args:
        calendar_id: Calendar the event is on.
        event_id: Event id or instance id.
        file_url: The attachment's file_url as cal_get_event shows it.
    """
    home, ev = editable(ctx, calendar_id, event_id, "removing attachments")
    ev = _stored(ctx, ev)
    if not ctx.delete("calendar.event_attachment", {"event_id": ev["event_id"], "file_url": file_url}):
        raise ToolError(f"event {ev['event_id']} has no attachment {file_url}")
    touch_event(ctx, ev["event_id"])
    audit(ctx, "event.attachment.remove", home["calendar_id"], ev["event_id"], file_url)
    return present(ctx, ctx.one("SELECT * FROM calendar.event WHERE event_id = ?", ev["event_id"]))

"""Calendars: get, find (directory), insert, patch, delete, clear, transfer ownership, default reminders."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (DOMAIN, access_role, audit, calendar, check_email, etag, parse_reminders, person_by_email,
                     require_access, require_admin, zone)

Classification = Literal["public", "internal", "confidential"]
Kind = Literal["primary", "secondary", "resource"]


def _out(ctx: Ctx, cal: dict) -> dict:
    out = dict(cal)
    out["owner_email"] = ctx.scalar("SELECT email FROM org.person WHERE person_id = ?", cal["owner_person_id"])
    out["default_reminders"] = ctx.all("SELECT method, minutes FROM calendar.calendar_default_reminder "
                                       "WHERE calendar_id = ? ORDER BY minutes", cal["calendar_id"])
    out["access_role"] = access_role(ctx, cal)
    return out


@tool
def cal_get_calendar(ctx: Ctx, calendar_id: str) -> dict:
    """Get a calendar's metadata: summary, description, time zone, owner, kind, classification, legal hold,
    archived flag, default reminders and your access role.

    Args:
        calendar_id: Calendar id (a person's e-mail for a primary calendar, 'primary' for yours).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "freeBusyReader", "reading calendar metadata")
    return _out(ctx, cal)


@tool
def cal_find_calendars(ctx: Ctx, query: str | None = None, kind: Kind | None = None, owner_email: str | None = None,
                       department_id: str | None = None, classification: Classification | None = None,
                       include_archived: bool = False, limit: int = 20, offset: int = 0) -> dict:
    """Search the organisation's calendars (administrator directory view: calendar administrators only; others find
    the calendars they use on their calendar list, cal_list_calendar_list). Ordered by summary, then id.

    Args:
        query: Case-insensitive text in the summary, description or id.
        kind: primary, secondary or resource.
        owner_email: Only calendars owned by this person.
        department_id: Only calendars of this department (DEP001..).
        classification: public, internal or confidential.
        include_archived: Include archived calendars.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_admin(ctx, "searching all calendars")
    conds, params = ["TRUE"], []
    if query:
        conds.append("(c.summary ILIKE ? OR c.description ILIKE ? OR c.calendar_id ILIKE ?)")
        params += [f"%{query}%"] * 3
    if kind:
        conds.append("c.kind = ?")
        params.append(kind)
    if owner_email:
        conds.append("lower(p.email) = ?")
        params.append(check_email(owner_email, "owner_email"))
    if department_id:
        conds.append("c.department_id = ?")
        params.append(department_id)
    if classification:
        conds.append("c.classification = ?")
        params.append(classification)
    if not include_archived:
        conds.append("NOT c.archived")
    sql = ("SELECT c.calendar_id, c.kind, c.summary, c.time_zone, p.email AS owner_email, c.department_id, "
           "c.classification, c.legal_hold, c.archived FROM calendar.calendar c LEFT JOIN org.person p "
           "ON p.person_id = c.owner_person_id WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="summary, calendar_id")


@tool
def cal_insert_calendar(ctx: Ctx, summary: str, time_zone: str, description: str | None = None,
                        location: str | None = None, department_id: str | None = None,
                        classification: Classification = "internal") -> dict:
    """Create a secondary calendar owned by the acting user (it is added to their calendar list; use
    cal_transfer_calendar_ownership to hand it to someone else).

    Args:
        summary: Title.
        time_zone: IANA time zone, e.g. Europe/London.
        description: Description.
        location: Geographic location.
        department_id: Owning department (DEP001..).
        classification: public, internal or confidential.
    """
    if not summary.strip():
        raise ToolError("summary must not be empty")
    zone(time_zone)
    if department_id and not ctx.scalar("SELECT count(*) FROM org.department WHERE department_id = ?", department_id):
        raise ToolError(f"department '{department_id}' not found")
    if ctx.scalar("SELECT count(*) FROM calendar.calendar WHERE kind = 'secondary' AND NOT archived AND "
                  "lower(summary) = lower(?)", summary.strip()):
        raise ToolError(f"an active secondary calendar named '{summary.strip()}' already exists")
    n = ctx.scalar("SELECT count(*) FROM calendar.calendar WHERE calendar_id LIKE 'c_new%'") + 1
    cid = f"c_new{n:04d}@group.calendar.{DOMAIN}"
    now = ctx.timestamp()
    row = {"calendar_id": cid, "kind": "secondary", "summary": summary.strip(), "description": description,
           "location": location, "time_zone": time_zone, "owner_person_id": ctx.user_id, "department_id": department_id,
           "classification": classification, "legal_hold": False, "archived": False, "etag": etag(cid, 0),
           "created_at": now, "updated_at": now}
    ctx.insert("calendar.calendar", row)
    email = ctx.scalar("SELECT email FROM org.person WHERE person_id = ?", ctx.user_id)
    ctx.insert("calendar.acl_rule", {"calendar_id": cid, "rule_id": f"user:{email}", "scope_type": "user",
                                     "scope_value": email, "role": "owner", "scope_person_id": ctx.user_id,
                                     "scope_group_id": None, "granted_by": ctx.user_id, "etag": etag(cid, email),
                                     "updated_at": now})
    ctx.insert("calendar.calendar_list_entry", {"person_id": ctx.user_id, "calendar_id": cid, "summary_override": None,
                                                "color_id": "14", "hidden": False, "selected": True,
                                                "is_primary": False, "added_at": now})
    audit(ctx, "calendar.insert", cid, None, summary.strip(), f"classification={classification}")
    return _out(ctx, row)


@tool
def cal_patch_calendar(ctx: Ctx, calendar_id: str, summary: str | None = None, description: str | None = None,
                       location: str | None = None, time_zone: str | None = None,
                       classification: Classification | None = None, archived: bool | None = None) -> dict:
    """Change a calendar's metadata (owner access needed). Archiving makes a secondary calendar read-only;
    primary calendars cannot be archived. Changing the time zone does not move existing events.

    Args:
        calendar_id: Calendar id.
        summary: New title.
        description: New description.
        location: New location.
        time_zone: New IANA time zone.
        classification: public, internal or confidential.
        archived: Archive (true) or restore (false) a secondary calendar.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "changing calendar metadata")
    if time_zone:
        zone(time_zone)
    if archived is not None and cal["kind"] != "secondary":
        raise ToolError("only secondary calendars can be archived")
    if archived and cal["legal_hold"]:
        raise ToolError(f"calendar {cal['calendar_id']} is under legal hold and cannot be archived")
    if summary is not None and not summary.strip():
        raise ToolError("summary must not be empty")
    values = {k: v for k, v in {"summary": summary.strip() if summary else None, "description": description,
                                "location": location, "time_zone": time_zone, "classification": classification,
                                "archived": archived}.items() if v is not None}
    if not values:
        raise ToolError("nothing to change")
    values["updated_at"] = ctx.timestamp()
    values["etag"] = etag(cal["calendar_id"], sorted(values.items()))
    ctx.update("calendar.calendar", {"calendar_id": cal["calendar_id"]}, values)
    audit(ctx, "calendar.patch", cal["calendar_id"], None, cal["summary"],
          ", ".join(f"{k}={v}" for k, v in values.items() if k not in ("updated_at", "etag")))
    return _out(ctx, calendar(ctx, cal["calendar_id"]))


@tool
def cal_delete_calendar(ctx: Ctx, calendar_id: str) -> dict:
    """Delete a secondary calendar with all its events, sharing rules and calendar-list entries (owner access).
    Primary and resource calendars cannot be deleted (clear a primary instead); calendars under legal hold
    cannot be deleted.

    Args:
        calendar_id: The secondary calendar's id.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "deleting a calendar")
    if cal["kind"] != "secondary":
        raise ToolError(f"{cal['kind']} calendars cannot be deleted" + (" (use cal_clear_calendar)" if
                                                                         cal["kind"] == "primary" else ""))
    if cal["legal_hold"]:
        raise ToolError(f"calendar {cal['calendar_id']} is under legal hold and cannot be deleted")
    cid = cal["calendar_id"]
    events = [r["event_id"] for r in ctx.all("SELECT event_id FROM calendar.event WHERE calendar_id = ?", cid)]
    for eid in events:
        for t in ("event_attendee", "event_reminder", "event_attachment", "event_extended_property", "conference_data"):
            ctx.execute(f"DELETE FROM calendar.{t} WHERE event_id = ?", eid)
    ctx.execute("DELETE FROM calendar.notification WHERE event_id IN (SELECT event_id FROM calendar.event "
                "WHERE calendar_id = ?)", cid)
    ctx.execute("DELETE FROM calendar.event WHERE calendar_id = ?", cid)
    for t in ("acl_rule", "calendar_list_entry", "calendar_default_reminder"):
        ctx.execute(f"DELETE FROM calendar.{t} WHERE calendar_id = ?", cid)
    ctx.execute("UPDATE calendar.channel SET status = 'stopped' WHERE calendar_id = ? AND status = 'active'", cid)
    ctx.delete("calendar.calendar", {"calendar_id": cid})
    audit(ctx, "calendar.delete", None, None, cid, f"{cal['summary']}; {len(events)} events removed")
    return {"deleted": cid, "events_removed": len(events)}


@tool
def cal_clear_calendar(ctx: Ctx, calendar_id: str) -> dict:
    """Cancel every event organised on a primary calendar (owner access; not allowed under legal hold).

    Args:
        calendar_id: The primary calendar's id (the person's e-mail).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "clearing a calendar")
    if cal["kind"] != "primary":
        raise ToolError("only primary calendars can be cleared (delete a secondary calendar instead)")
    if cal["legal_hold"]:
        raise ToolError(f"calendar {cal['calendar_id']} is under legal hold and cannot be cleared")
    n = ctx.scalar("SELECT count(*) FROM calendar.event WHERE calendar_id = ? AND status <> 'cancelled'", cal["calendar_id"])
    ctx.execute("UPDATE calendar.event SET status = 'cancelled', updated_at = ? WHERE calendar_id = ? AND status <> 'cancelled'",
                ctx.timestamp(), cal["calendar_id"])
    audit(ctx, "calendar.clear", cal["calendar_id"], None, cal["calendar_id"], f"{n} events cancelled")
    return {"calendar_id": cal["calendar_id"], "events_cancelled": n}


@tool
def cal_transfer_calendar_ownership(ctx: Ctx, calendar_id: str, new_owner_email: str,
                                    previous_owner_role: Literal["writer", "reader", "none"] = "none") -> dict:
    """Administrator: hand a secondary calendar to a new owner. The new owner gets an owner rule and the calendar
    on their calendar list; the previous owner's rule becomes previous_owner_role ('none' removes it) and, with
    'none', the calendar leaves their calendar list.

    Args:
        calendar_id: The secondary calendar's id.
        new_owner_email: The new owner's e-mail (an active person).
        previous_owner_role: What the previous owner keeps: writer, reader or none.
    """
    require_admin(ctx, "transferring calendar ownership")
    cal = calendar(ctx, calendar_id)
    if cal["kind"] != "secondary":
        raise ToolError("only secondary calendars can change owner")
    new = person_by_email(ctx, check_email(new_owner_email, "new_owner_email"))
    if new is None:
        raise ToolError(f"{new_owner_email} is not a person of {DOMAIN}")
    if not new["active"]:
        raise ToolError(f"{new['email']} is a suspended account and cannot own calendars")
    if new["person_id"] == cal["owner_person_id"]:
        raise ToolError(f"{new['email']} already owns this calendar")
    now = ctx.timestamp()
    cid = cal["calendar_id"]
    old = ctx.one("SELECT person_id, email FROM org.person WHERE person_id = ?", cal["owner_person_id"])
    if old:
        rid = f"user:{old['email']}"
        if previous_owner_role == "none":
            ctx.delete("calendar.acl_rule", {"calendar_id": cid, "rule_id": rid})
            ctx.delete("calendar.calendar_list_entry", {"person_id": old["person_id"], "calendar_id": cid})
        else:
            ctx.update("calendar.acl_rule", {"calendar_id": cid, "rule_id": rid},
                       {"role": previous_owner_role, "granted_by": ctx.user_id, "etag": etag(cid, rid, previous_owner_role),
                        "updated_at": now})
    rid = f"user:{new['email']}"
    ctx.delete("calendar.acl_rule", {"calendar_id": cid, "rule_id": rid})
    ctx.insert("calendar.acl_rule", {"calendar_id": cid, "rule_id": rid, "scope_type": "user", "scope_value": new["email"],
                                     "role": "owner", "scope_person_id": new["person_id"], "scope_group_id": None,
                                     "granted_by": ctx.user_id, "etag": etag(cid, rid, "owner"), "updated_at": now})
    if not ctx.scalar("SELECT count(*) FROM calendar.calendar_list_entry WHERE person_id = ? AND calendar_id = ?",
                      new["person_id"], cid):
        ctx.insert("calendar.calendar_list_entry", {"person_id": new["person_id"], "calendar_id": cid,
                                                    "summary_override": None, "color_id": "14", "hidden": False,
                                                    "selected": True, "is_primary": False, "added_at": now})
    ctx.update("calendar.calendar", {"calendar_id": cid}, {"owner_person_id": new["person_id"], "updated_at": now,
                                                           "etag": etag(cid, "owner", new["person_id"])})
    audit(ctx, "calendar.transfer", cid, None, new["email"],
          f"from {old['email'] if old else '(none)'}; previous owner keeps {previous_owner_role}")
    return _out(ctx, calendar(ctx, cid))


@tool
def cal_set_default_reminders(ctx: Ctx, calendar_id: str, reminders: list[str]) -> dict:
    """Replace a calendar's default reminders (owner access), e.g. ['popup:10', 'email:60']; [] removes them.

    Args:
        calendar_id: Calendar id.
        reminders: Reminders like 'popup:10' or 'email:1440' (at most 5).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "changing default reminders")
    parsed = parse_reminders(reminders)
    ctx.execute("DELETE FROM calendar.calendar_default_reminder WHERE calendar_id = ?", cal["calendar_id"])
    for method, minutes in parsed:
        ctx.insert("calendar.calendar_default_reminder", {"calendar_id": cal["calendar_id"], "method": method,
                                                          "minutes": minutes})
    audit(ctx, "calendar.defaultReminders", cal["calendar_id"], None, cal["summary"],
          ", ".join(f"{m}:{n}" for m, n in parsed) or "(none)")
    return _out(ctx, cal)

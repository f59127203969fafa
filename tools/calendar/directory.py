"""Look-ups around calendars: people, groups, external contacts, settings, colours, audit log, notifications."""

from __future__ import annotations

import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, calendar, check_email, check_page, is_admin, me, person_by_email, require_access, zone

SettingId = Literal["timezone", "locale", "weekStart", "format24HourTime", "defaultEventLength", "hideWeekends",
                    "showDeclinedEvents", "autoAddHangouts", "workingHoursStart", "workingHoursEnd"]


@tool
def cal_find_people(ctx: Ctx, name: str | None = None, email: str | None = None, department_id: str | None = None,
                    location_id: str | None = None, include_suspended: bool = False, limit: int = 20,
                    offset: int = 0, person_id: str | None = None, manager_id: str | None = None,
                    manager_email: str | None = None) -> dict:
    """Search the directory. Each person's primary calendar id is their e-mail. Ordered by name, then id.
    Each row carries the person's manager (manager_id, manager_email); filter by manager_id or manager_email
    to list someone's direct reports (one level, not the whole reporting tree).

    Args:
        name: Case-insensitive part of the full name.
        email: Exact e-mail.
        department_id: Department id (DEP001..DEP014).
        location_id: Office location id (LOC001..LOC012).
        include_suspended: Include suspended (departed) accounts.
        person_id: Exact org person id (P0001..P0625).
        manager_id: Only the direct reports of this person id (P0001..P0625).
        manager_email: Only the direct reports of the person with this e-mail.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    if name:
        conds.append("p.full_name ILIKE ?")
        params.append(f"%{name}%")
    if email:
        conds.append("lower(p.email) = ?")
        params.append(check_email(email))
    if manager_email:
        conds.append("lower(m.email) = ?")
        params.append(check_email(manager_email, "manager_email"))
    for field, val in (("person_id", person_id), ("manager_id", manager_id)):
        if val is not None and not re.match(r"^P\d{4}$", val.strip().upper()):
            raise ToolError(f"{field} must be an org person id like P0447, got '{val}'")
    person_id, manager_id = (v.strip().upper() if v else v for v in (person_id, manager_id))
    for col, val in (("p.department_id", department_id), ("p.location_id", location_id),
                     ("p.person_id", person_id), ("p.manager_id", manager_id)):
        if val:
            conds.append(f"{col} = ?")
            params.append(val)
    if not include_suspended:
        conds.append("p.active")
    sql = ("SELECT p.person_id, p.full_name, p.email, p.title, p.department_id, d.name AS department, p.location_id, "
           "l.city, l.timezone AS office_time_zone, p.manager_id, m.email AS manager_email, p.active, "
           "u.role AS calendar_role "
           "FROM org.person p LEFT JOIN org.department d USING (department_id) LEFT JOIN org.location l "
           "ON l.location_id = p.location_id LEFT JOIN org.person m ON m.person_id = p.manager_id "
           "LEFT JOIN calendar.cal_user u ON u.person_id = p.person_id WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="full_name, person_id")


@tool
def cal_list_groups(ctx: Ctx, query: str | None = None, include_archived: bool = False, limit: int = 20,
                    offset: int = 0) -> dict:
    """Directory groups usable in sharing rules, free/busy queries and booking restrictions. Ordered by e-mail.

    Args:
        query: Case-insensitive text in the name, e-mail or description.
        include_archived: Include archived groups.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    if query:
        conds.append("(g.name ILIKE ? OR g.email ILIKE ? OR g.description ILIKE ?)")
        params += [f"%{query}%"] * 3
    if not include_archived:
        conds.append("NOT g.archived")
    sql = ("SELECT g.group_id, g.email, g.name, g.description, g.department_id, g.archived, (SELECT count(*) FROM "
           "calendar.group_member m WHERE m.group_id = g.group_id) AS members FROM calendar.directory_group g WHERE "
           + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="email")


@tool
def cal_list_group_members(ctx: Ctx, group_email: str, limit: int = 50, offset: int = 0) -> dict:
    """Members of a group (with their account status), ordered by e-mail.

    Args:
        group_email: The group's e-mail.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    g = ctx.one("SELECT * FROM calendar.directory_group WHERE lower(email) = ?", check_email(group_email, "group_email"))
    if g is None:
        raise ToolError(f"group {group_email} not found (use cal_list_groups)")
    sql = ("SELECT p.person_id, p.full_name, p.email, m.member_role, p.active FROM calendar.group_member m JOIN "
           "org.person p USING (person_id) WHERE m.group_id = ?")
    page = ctx.page(sql, [g["group_id"]], limit=limit, offset=offset, order_by="email")
    page["group"] = {"email": g["email"], "name": g["name"], "archived": g["archived"]}
    return page


@tool
def cal_find_external_contacts(ctx: Ctx, query: str | None = None, domain: str | None = None,
                               company: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """External people known to the organisation (customers, partners, vendors, candidates, guests), with their
    sponsor and whether they are blocked. Ordered by company, then name.

    Args:
        query: Case-insensitive text in the name or e-mail.
        domain: Exact e-mail domain (e.g. contoso-health.com).
        company: Case-insensitive part of the company name.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    if query:
        conds.append("(c.full_name ILIKE ? OR c.email ILIKE ?)")
        params += [f"%{query}%"] * 2
    if domain:
        conds.append("lower(c.domain) = lower(?)")
        params.append(domain)
    if company:
        conds.append("c.company ILIKE ?")
        params.append(f"%{company}%")
    sql = ("SELECT c.contact_id, c.email, c.full_name, c.company, c.domain, c.relationship, p.email AS sponsor_email, "
           "c.blocked FROM calendar.external_contact c LEFT JOIN org.person p ON p.person_id = c.sponsor_person_id "
           "WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="company, full_name")


def _settings_person(ctx: Ctx, user_email: str | None) -> dict:
    if not user_email:
        return me(ctx)
    p = person_by_email(ctx, check_email(user_email, "user_email"))
    if p is None:
        raise ToolError(f"{user_email} is not a person of this organisation")
    if p["person_id"] != ctx.user_id and not is_admin(ctx):
        raise ToolError("not allowed: only calendar administrators read or change other users' settings")
    return p


@tool
def cal_list_settings(ctx: Ctx, user_email: str | None = None) -> dict:
    """A user's calendar settings (time zone, locale, week start, 24-hour clock, default event length, working
    hours, ...). Colleagues may see each other's time zone and working hours; the rest is for the user and
    administrators.

    Default order: by setting id, ascending.

    Args:
        user_email: Whose settings (default: yours).
    """
    public = ("timezone", "workingHoursStart", "workingHoursEnd")
    if user_email and not is_admin(ctx):
        p = person_by_email(ctx, check_email(user_email, "user_email"))
        if p is None:
            raise ToolError(f"{user_email} is not a person of this organisation")
    else:
        p = _settings_person(ctx, user_email)
    rows = ctx.all("SELECT setting_id, value FROM calendar.user_setting WHERE person_id = ? ORDER BY setting_id",
                   p["person_id"])
    own = p["person_id"] == ctx.user_id or is_admin(ctx)
    return {"user_email": p["email"],
            "settings": {r["setting_id"]: r["value"] for r in rows if own or r["setting_id"] in public}}


_CHECKS = {
    "locale": (r"^[a-z]{2}(-[A-Z]{2})?$", "a locale like en, en-GB or de"),
    "weekStart": (r"^[016]$", "0 (Sunday), 1 (Monday) or 6 (Saturday)"),
    "format24HourTime": (r"^(true|false)$", "true or false"), "hideWeekends": (r"^(true|false)$", "true or false"),
    "showDeclinedEvents": (r"^(true|false)$", "true or false"), "autoAddHangouts": (r"^(true|false)$", "true or false"),
    "defaultEventLength": (r"^(15|20|25|30|45|50|60|90|120)$", "one of 15, 20, 25, 30, 45, 50, 60, 90, 120"),
    "workingHoursStart": (r"^([01]\d|2[0-3]):[0-5]\d$", "HH:MM"), "workingHoursEnd": (r"^([01]\d|2[0-3]):[0-5]\d$", "HH:MM"),
}


@tool
def cal_update_setting(ctx: Ctx, setting_id: SettingId, value: str, user_email: str | None = None) -> dict:
    """Change one calendar setting of a user (yours, or anyone's for administrators). Changing 'timezone' does not
    change the time zone of the user's primary calendar (patch the calendar for that).

    Args:
        setting_id: The setting.
        value: New value (timezone: IANA name; booleans: true/false; defaultEventLength: minutes; working hours: HH:MM).
        user_email: Whose settings (default: yours).
    """
    p = _settings_person(ctx, user_email)
    if setting_id == "timezone":
        zone(value)
    else:
        pattern, what = _CHECKS[setting_id]
        if not re.match(pattern, value or ""):
            raise ToolError(f"{setting_id} must be {what}")
    if setting_id in ("workingHoursStart", "workingHoursEnd"):
        other = "workingHoursEnd" if setting_id == "workingHoursStart" else "workingHoursStart"
        o = ctx.scalar("SELECT value FROM calendar.user_setting WHERE person_id = ? AND setting_id = ?", p["person_id"], other)
        if o and ((setting_id == "workingHoursStart" and value >= o) or (setting_id == "workingHoursEnd" and value <= o)):
            raise ToolError(f"working hours must start before they end (the other bound is {o})")
    old = ctx.scalar("SELECT value FROM calendar.user_setting WHERE person_id = ? AND setting_id = ?", p["person_id"],
                     setting_id)
    if old == value:
        raise ToolError(f"{setting_id} of {p['email']} is already {value}; nothing to change")
    if old is None:
        ctx.insert("calendar.user_setting", {"person_id": p["person_id"], "setting_id": setting_id, "value": value,
                                             "updated_at": ctx.timestamp()})
    else:
        ctx.update("calendar.user_setting", {"person_id": p["person_id"], "setting_id": setting_id},
                   {"value": value, "updated_at": ctx.timestamp()})
    audit(ctx, "settings.update", p["email"], None, setting_id, f"{old} -> {value}")
    return {"user_email": p["email"], "setting_id": setting_id, "value": value, "previous": old}


@tool
def cal_get_colors(ctx: Ctx) -> dict:
    """The colour palettes: calendar colours ('1'..'24') and event colours ('1'..'11', e.g. '10' Basil green,
    '11' Tomato red), with names and hex values."""
    return {"calendar": ctx.all("SELECT color_id, name, background, foreground FROM calendar.calendar_color "
                                "ORDER BY CAST(color_id AS INTEGER)"),
            "event": ctx.all("SELECT color_id, name, background, foreground FROM calendar.event_color "
                             "ORDER BY CAST(color_id AS INTEGER)")}


@tool
def cal_list_audit_log(ctx: Ctx, calendar_id: str | None = None, event_id: str | None = None,
                       actor_email: str | None = None, action_prefix: str | None = None,
                       target_contains: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Administrator: the calendar audit log, newest first.

    Args:
        calendar_id: Only entries of this calendar.
        event_id: Only entries of this event.
        actor_email: Only entries by this person.
        action_prefix: Only actions starting with this (e.g. 'acl.', 'event.delete').
        target_contains: Case-insensitive text in the entry's target (e.g. a user's e-mail or a rule id).
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    if not is_admin(ctx):
        raise ToolError("not allowed: the audit log is for calendar administrators")
    check_page(limit, offset)
    conds, params = ["TRUE"], []
    if calendar_id:
        conds.append("a.calendar_id = ?")
        params.append(calendar(ctx, calendar_id)["calendar_id"])
    if event_id:
        conds.append("a.event_id = ?")
        params.append(event_id)
    if actor_email:
        conds.append("lower(p.email) = ?")
        params.append(check_email(actor_email, "actor_email"))
    if action_prefix:
        conds.append("starts_with(a.action, ?)")
        params.append(action_prefix)
    if target_contains:
        conds.append("a.target ILIKE ?")
        params.append(f"%{target_contains}%")
    sql = ("SELECT a.audit_id, p.email AS actor_email, a.action, a.calendar_id, a.event_id, a.target, a.details, "
           "a.created_at FROM calendar.audit_log a LEFT JOIN org.person p ON p.person_id = a.actor_person_id WHERE "
           + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="created_at DESC, audit_id DESC")


@tool
def cal_list_notifications(ctx: Ctx, event_id: str, calendar_id: str) -> dict:
    """The e-mails sent about an event (invitations, updates, cancellations, responses), oldest first.

    Args:
        event_id: Event id (or instance id of a changed occurrence).
        calendar_id: Calendar the event is on (reader access needed).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "reader", "reading an event's notifications")
    rows = ctx.all("SELECT notification_id, recipient_email, kind, sent_at FROM calendar.notification WHERE event_id = ? "
                   "ORDER BY sent_at, notification_id", event_id)
    return {"event_id": event_id, "items": rows, "total": len(rows)}


@tool
def cal_list_org_units(ctx: Ctx) -> dict:
    """The organisation's departments (id, name, code, head) and office locations (id, name, city, region,
    time zone), for filtering people and calendars.

    Default order: by department id.
    """
    return {"departments": ctx.all("SELECT d.department_id, d.name, d.code, p.email AS head_email FROM org.department d "
                                   "LEFT JOIN org.person p ON p.person_id = d.head_person_id ORDER BY d.department_id"),
            "locations": ctx.all("SELECT location_id, name, city, country, region, timezone AS time_zone "
                                 "FROM org.location ORDER BY location_id")}

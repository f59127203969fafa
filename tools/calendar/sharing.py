"""Sharing: access-control rules of a calendar and each user's calendar list."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (DOMAIN, ROLE_RANK, access_role, audit, calendar, check_email, etag, is_admin, me, paginate,
                     person_by_email, require_access)

Role = Literal["none", "freeBusyReader", "reader", "writer", "owner"]
ScopeType = Literal["default", "user", "group", "domain"]


def _rule(ctx: Ctx, calendar_id: str, rule_id: str) -> dict:
    row = ctx.one("SELECT * FROM calendar.acl_rule WHERE calendar_id = ? AND rule_id = ?", calendar_id, rule_id)
    if row is None:
        raise ToolError(f"rule '{rule_id}' not found on {calendar_id}; rule ids look like user:<email>, "
                        "group:<email>, domain:<domain> or default (use cal_list_acl)")
    return row


@tool
def cal_list_acl(ctx: Ctx, calendar_id: str, limit: int = 50, offset: int = 0) -> dict:
    """List a calendar's access-control rules (owner access needed), ordered by role (owner first) then rule id.

    Args:
        calendar_id: Calendar id.
        limit: Page size, 1-100.
        offset: Rules to skip.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "reading sharing rules")
    rows = ctx.all("SELECT rule_id, scope_type, scope_value, role, etag, updated_at FROM calendar.acl_rule "
                   "WHERE calendar_id = ?", cal["calendar_id"])
    rows.sort(key=lambda r: (-ROLE_RANK[r["role"]], r["rule_id"]))
    page = paginate(rows, limit, offset)
    page["calendar_id"] = cal["calendar_id"]
    page["classification"] = cal["classification"]
    return page


@tool
def cal_get_acl_rule(ctx: Ctx, calendar_id: str, rule_id: str) -> dict:
    """Get one access-control rule.

    Args:
        calendar_id: Calendar id.
        rule_id: Rule id, e.g. user:ana.lopez@arcturus.example, group:eng-all@arcturus.example, domain:arcturus.example.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "reading sharing rules")
    return _rule(ctx, cal["calendar_id"], rule_id)


@tool
def cal_insert_acl_rule(ctx: Ctx, calendar_id: str, scope_type: ScopeType, role: Role,
                        scope_value: str | None = None, send_notifications: bool = True) -> dict:
    """Share a calendar: add a rule for a user, a group, the whole domain or the public (owner access).
    A rule for a scope that already has one replaces its role. Users must be active people or known
    external e-mails (not blocked); groups must exist and not be archived; the public (default) scope can be
    at most reader and a domain at most writer.

    Args:
        calendar_id: Calendar id.
        scope_type: user, group, domain or default (public).
        role: none, freeBusyReader, reader, writer or owner.
        scope_value: The user's or group's e-mail, or the domain; omitted for default.
        send_notifications: E-mail the grantee about the share.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "changing sharing")
    if cal["kind"] == "resource" and role == "owner" and scope_type != "group":
        raise ToolError("resource calendars are owned by the facilities group only")
    person_id = group_id = None
    if scope_type == "default":
        if scope_value:
            raise ToolError("the default (public) scope takes no scope_value")
        if ROLE_RANK[role] > ROLE_RANK["reader"]:
            raise ToolError("the public (default) scope can be at most reader")
        value, rid = None, "default"
    elif scope_type == "domain":
        value = (scope_value or "").strip().lower()
        if not value or "@" in value or "." not in value:
            raise ToolError("a domain scope needs a domain name like arcturus.example")
        if role == "owner":
            raise ToolError("a domain can be at most writer")
        rid = f"domain:{value}"
    else:
        if not scope_value:
            raise ToolError(f"a {scope_type} scope needs scope_value (an e-mail)")
        value = check_email(scope_value, "scope_value")
        rid = f"{scope_type}:{value}"
        if scope_type == "user":
            p = person_by_email(ctx, value)
            if p is not None:
                if not p["active"]:
                    raise ToolError(f"{value} is a suspended account ({p['full_name']}); cannot share with it")
                person_id = p["person_id"]
            elif ctx.scalar("SELECT count(*) FROM calendar.directory_group WHERE lower(email) = ?", value):
                raise ToolError(f"{value} is a group; use scope_type 'group'")
            elif value.endswith("@" + DOMAIN):
                raise ToolError(f"{value} is not a user of {DOMAIN} (look it up with cal_find_people)")
            else:
                c = ctx.one("SELECT blocked, domain FROM calendar.external_contact WHERE lower(email) = ?", value)
                if c and c["blocked"]:
                    raise ToolError(f"{value} is on the blocked list (untrusted domain {c['domain']})")
        else:
            g = ctx.one("SELECT group_id, archived FROM calendar.directory_group WHERE lower(email) = ?", value)
            if g is None:
                raise ToolError(f"group {value} not found (use cal_list_groups)")
            if g["archived"]:
                raise ToolError(f"group {value} is archived and cannot be granted access")
            group_id = g["group_id"]
    now = ctx.timestamp()
    existed = ctx.one("SELECT role FROM calendar.acl_rule WHERE calendar_id = ? AND rule_id = ?", cal["calendar_id"], rid)
    if existed and existed["role"] == role:
        raise ToolError(f"{rid} already has role {role} on {cal['calendar_id']}; nothing to change")
    ctx.delete("calendar.acl_rule", {"calendar_id": cal["calendar_id"], "rule_id": rid})
    row = {"calendar_id": cal["calendar_id"], "rule_id": rid, "scope_type": scope_type, "scope_value": value,
           "role": role, "scope_person_id": person_id, "scope_group_id": group_id, "granted_by": ctx.user_id,
           "etag": etag(cal["calendar_id"], rid, role), "updated_at": now}
    ctx.insert("calendar.acl_rule", row)
    audit(ctx, "acl.insert", cal["calendar_id"], None, rid,
          f"role={role}" + (f" (was {existed['role']})" if existed else "") + f"; notify={send_notifications}")
    return row


@tool
def cal_patch_acl_rule(ctx: Ctx, calendar_id: str, rule_id: str, role: Role) -> dict:
    """Change the role of an existing rule (owner access). The last owner rule of a calendar cannot be lowered.

    Args:
        calendar_id: Calendar id.
        rule_id: Rule id (see cal_list_acl).
        role: New role.
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "changing sharing")
    rule = _rule(ctx, cal["calendar_id"], rule_id)
    if rule["scope_type"] == "default" and ROLE_RANK[role] > ROLE_RANK["reader"]:
        raise ToolError("the public (default) scope can be at most reader")
    if rule["scope_type"] == "domain" and role == "owner":
        raise ToolError("a domain can be at most writer")
    if rule["role"] == "owner" and role != "owner" and ctx.scalar(
            "SELECT count(*) FROM calendar.acl_rule WHERE calendar_id = ? AND role = 'owner'", cal["calendar_id"]) <= 1:
        raise ToolError("this is the calendar's last owner rule; add another owner first")
    ctx.update("calendar.acl_rule", {"calendar_id": cal["calendar_id"], "rule_id": rule_id},
               {"role": role, "granted_by": ctx.user_id, "etag": etag(cal["calendar_id"], rule_id, role),
                "updated_at": ctx.timestamp()})
    audit(ctx, "acl.patch", cal["calendar_id"], None, rule_id, f"role {rule['role']} -> {role}")
    return _rule(ctx, cal["calendar_id"], rule_id)


@tool
def cal_delete_acl_rule(ctx: Ctx, calendar_id: str, rule_id: str) -> dict:
    """Remove a sharing rule (owner access). The calendar owner's own rule and the last owner rule stay.

    Args:
        calendar_id: Calendar id.
        rule_id: Rule id (see cal_list_acl).
    """
    cal = calendar(ctx, calendar_id)
    require_access(ctx, cal, "owner", "changing sharing")
    rule = _rule(ctx, cal["calendar_id"], rule_id)
    if rule["scope_person_id"] and rule["scope_person_id"] == cal["owner_person_id"] and rule["role"] == "owner":
        raise ToolError("the owner's own rule cannot be removed; transfer ownership first")
    if rule["role"] == "owner" and ctx.scalar("SELECT count(*) FROM calendar.acl_rule WHERE calendar_id = ? AND "
                                              "role = 'owner'", cal["calendar_id"]) <= 1:
        raise ToolError("this is the calendar's last owner rule")
    ctx.delete("calendar.acl_rule", {"calendar_id": cal["calendar_id"], "rule_id": rule_id})
    audit(ctx, "acl.delete", cal["calendar_id"], None, rule_id, f"role was {rule['role']}")
    return {"deleted": rule_id, "calendar_id": cal["calendar_id"]}


# -- calendar list -----------------------------------------------------------------------------------

def _whose(ctx: Ctx, user_email: str | None) -> dict:
    if not user_email:
        return me(ctx)
    p = person_by_email(ctx, check_email(user_email, "user_email"))
    if p is None:
        raise ToolError(f"{user_email} is not a person of {DOMAIN}")
    if p["person_id"] != ctx.user_id and not is_admin(ctx):
        raise ToolError("not allowed: only calendar administrators manage other people's calendar lists")
    return p


@tool
def cal_list_calendar_list(ctx: Ctx, user_email: str | None = None, show_hidden: bool = False,
                           min_access_role: Literal["freeBusyReader", "reader", "writer", "owner"] | None = None,
                           limit: int = 50, offset: int = 0) -> dict:
    """The calendars on a user's calendar list (primary first, then by summary) with colour, hidden/selected,
    summary override and the user's access role.

    Default order: the primary calendar first, then by name.

    Args:
        user_email: Whose list (default: yours; others' lists are for administrators).
        show_hidden: Include hidden entries.
        min_access_role: Only entries where the user has at least this role.
        limit: Page size, 1-100.
        offset: Entries to skip.
    """
    p = _whose(ctx, user_email)
    rows = ctx.all("SELECT e.calendar_id, c.summary, e.summary_override, e.color_id, e.hidden, e.selected, e.is_primary, "
                   "c.kind, c.time_zone, c.archived FROM calendar.calendar_list_entry e JOIN calendar.calendar c "
                   "USING (calendar_id) WHERE e.person_id = ?" + ("" if show_hidden else " AND NOT e.hidden"),
                   p["person_id"])
    for r in rows:
        r["access_role"] = access_role(ctx, calendar(ctx, r["calendar_id"]), p["person_id"])
    if min_access_role:
        rows = [r for r in rows if ROLE_RANK[r["access_role"]] >= ROLE_RANK[min_access_role]]
    rows.sort(key=lambda r: (not r["is_primary"], r["summary"].lower(), r["calendar_id"]))
    page = paginate(rows, limit, offset)
    page["user_email"] = p["email"]
    return page


def _entry(ctx: Ctx, person_id: str, calendar_id: str) -> dict:
    row = ctx.one("SELECT * FROM calendar.calendar_list_entry WHERE person_id = ? AND calendar_id = ?", person_id,
                  calendar_id)
    if row is None:
        raise ToolError(f"calendar {calendar_id} is not on that user's calendar list")
    return row


@tool
def cal_get_calendar_list_entry(ctx: Ctx, calendar_id: str, user_email: str | None = None) -> dict:
    """One entry of a user's calendar list.

    Args:
        calendar_id: Calendar id.
        user_email: Whose list (default: yours).
    """
    p = _whose(ctx, user_email)
    cal = calendar(ctx, calendar_id)
    row = _entry(ctx, p["person_id"], cal["calendar_id"])
    row["access_role"] = access_role(ctx, cal, p["person_id"])
    return row


def _check_color(ctx: Ctx, color_id: str | None) -> None:
    if color_id is not None and not ctx.scalar("SELECT count(*) FROM calendar.calendar_color WHERE color_id = ?",
                                               color_id):
        raise ToolError(f"calendar color_id '{color_id}' does not exist; calendar colours are '1'..'24'")


@tool
def cal_insert_calendar_list_entry(ctx: Ctx, calendar_id: str, user_email: str | None = None,
                                   color_id: str | None = None, hidden: bool = False,
                                   summary_override: str | None = None) -> dict:
    """Add a calendar to a user's calendar list (they must already have at least free/busy access to it).
    A hidden entry is never selected.

    Args:
        calendar_id: Calendar id.
        user_email: Whose list (default: yours).
        color_id: Calendar colour id '1'..'24'.
        hidden: Add it hidden.
        summary_override: The user's own name for it.
    """
    p = _whose(ctx, user_email)
    cal = calendar(ctx, calendar_id)
    _check_color(ctx, color_id)
    if ROLE_RANK[access_role(ctx, cal, p["person_id"])] < ROLE_RANK["freeBusyReader"]:
        raise ToolError(f"{p['email']} has no access to {cal['calendar_id']}; share it with them first")
    if ctx.scalar("SELECT count(*) FROM calendar.calendar_list_entry WHERE person_id = ? AND calendar_id = ?",
                  p["person_id"], cal["calendar_id"]):
        raise ToolError("the calendar is already on that list (use cal_patch_calendar_list_entry)")
    row = {"person_id": p["person_id"], "calendar_id": cal["calendar_id"], "summary_override": summary_override,
           "color_id": color_id or "14", "hidden": hidden, "selected": not hidden, "is_primary": False,
           "added_at": ctx.timestamp()}
    ctx.insert("calendar.calendar_list_entry", row)
    audit(ctx, "calendarList.insert", cal["calendar_id"], None, p["email"])
    return row


@tool
def cal_patch_calendar_list_entry(ctx: Ctx, calendar_id: str, user_email: str | None = None,
                                  color_id: str | None = None, hidden: bool | None = None,
                                  selected: bool | None = None, summary_override: str | None = None) -> dict:
    """Change a user's calendar-list entry. Hiding an entry also unselects it; a hidden entry cannot be
    selected; an empty summary_override ('') clears it.

    Args:
        calendar_id: Calendar id.
        user_email: Whose list (default: yours).
        color_id: Calendar colour id '1'..'24'.
        hidden: Hide or show.
        selected: Show its events in the user's view.
        summary_override: The user's own name for it ('' clears).
    """
    p = _whose(ctx, user_email)
    cal = calendar(ctx, calendar_id)
    cur = _entry(ctx, p["person_id"], cal["calendar_id"])
    _check_color(ctx, color_id)
    values = {}
    if color_id is not None:
        values["color_id"] = color_id
    if summary_override is not None:
        values["summary_override"] = summary_override or None
    if hidden is not None:
        if hidden and cur["is_primary"]:
            raise ToolError("the primary calendar cannot be hidden")
        values["hidden"] = hidden
    is_hidden = values.get("hidden", cur["hidden"])
    if selected is not None:
        if selected and is_hidden:
            raise ToolError("a hidden entry cannot be selected; unhide it first (hidden=false)")
        values["selected"] = selected
    if is_hidden:
        values["selected"] = False
    if not values:
        raise ToolError("nothing to change")
    ctx.update("calendar.calendar_list_entry", {"person_id": p["person_id"], "calendar_id": cal["calendar_id"]}, values)
    audit(ctx, "calendarList.patch", cal["calendar_id"], None, p["email"],
          ", ".join(f"{k}={v}" for k, v in values.items()))
    return _entry(ctx, p["person_id"], cal["calendar_id"])


@tool
def cal_delete_calendar_list_entry(ctx: Ctx, calendar_id: str, user_email: str | None = None) -> dict:
    """Remove a calendar from a user's calendar list (their access rules are unchanged). The primary calendar
    cannot be removed.

    Args:
        calendar_id: Calendar id.
        user_email: Whose list (default: yours).
    """
    p = _whose(ctx, user_email)
    cal = calendar(ctx, calendar_id)
    cur = _entry(ctx, p["person_id"], cal["calendar_id"])
    if cur["is_primary"]:
        raise ToolError("the primary calendar cannot be removed from the list")
    ctx.delete("calendar.calendar_list_entry", {"person_id": p["person_id"], "calendar_id": cal["calendar_id"]})
    audit(ctx, "calendarList.delete", cal["calendar_id"], None, p["email"])
    return {"removed": cal["calendar_id"], "user_email": p["email"]}

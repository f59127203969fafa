"""Virtual events: webinars (with registration) and town halls — draft, publish, cancel, co-organizers."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, check_text, clean, enabled_account, is_admin, parse_ts, principal, require_signed_in, team

EventType = Literal["webinar", "townhall"]
Audience = Literal["organization", "everyone"]


def _event(ctx: Ctx, event_id: str) -> dict:
    row = ctx.one("SELECT * FROM teams.virtual_event WHERE event_id = ?", event_id)
    if row is None:
        raise ToolError(f"virtual event '{event_id}' not found (use teams_list_virtual_events)")
    return row


def _require_organizer(ctx: Ctx, ev: dict) -> None:
    if is_admin(ctx) or ev["organizer_person_id"] == ctx.user_id or ctx.scalar(
            "SELECT count(*) FROM teams.event_coorganizer WHERE event_id = ? AND person_id = ?", ev["event_id"], ctx.user_id):
        return
    raise ToolError(f"not allowed: only the organizer, a co-organizer or an administrator manages event {ev['event_id']}")


def _counts(ctx: Ctx, event_id: str) -> dict:
    return {s: ctx.scalar("SELECT count(*) FROM teams.event_registration WHERE event_id = ? AND status = ?", event_id, s)
            for s in ("registered", "waitlisted", "canceled")}


@tool
def teams_list_virtual_events(ctx: Ctx, event_type: EventType | None = None,
                              status: Literal["draft", "published", "canceled"] | None = None,
                              organizer_id: str | None = None, query: str | None = None,
                              limit: int = 20, offset: int = 0) -> dict:
    """List webinars and town halls by start time (soonest first).

    Default order: by start time, earliest first.

    Args:
        event_type: webinar or townhall.
        status: draft, published or canceled.
        organizer_id: Only events organized by this person.
        query: Case-insensitive substring of the name or description.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_signed_in(ctx)
    conds, params = ["TRUE"], []
    for col, val in (("event_type", event_type), ("status", status), ("organizer_person_id", organizer_id)):
        if val:
            conds.append(f"{col} = ?")
            params.append(val)
    if query:
        conds.append("(display_name ILIKE ? OR description ILIKE ?)")
        params += [f"%{query}%"] * 2
    return ctx.page("SELECT event_id, event_type, display_name, start_at, end_at, status, audience, organizer_person_id, "
                    "registration_capacity FROM teams.virtual_event WHERE " + " AND ".join(conds), params,
                    limit=limit, offset=offset, order_by="start_at, event_id")


@tool
def teams_get_virtual_event(ctx: Ctx, event_id: str) -> dict:
    """Get an event with its co-organizers and registration counts (registered / waitlisted / canceled).

    Args:
        event_id: Event id (EVT0003).
    """
    require_signed_in(ctx)
    ev = _event(ctx, event_id)
    ev["co_organizers"] = ctx.all("SELECT c.person_id, a.display_name, p.department_id FROM teams.event_coorganizer c "
                                  "JOIN teams.user_account a USING (person_id) JOIN org.person p USING (person_id) "
                                  "WHERE c.event_id = ? ORDER BY c.person_id", event_id)
    ev["registration_counts"] = _counts(ctx, event_id)
    return ev


def _create(ctx: Ctx, etype: str, display_name: str, start_at: str, end_at: str, description: str | None,
            audience: str, capacity: int | None, waitlist: bool, team_id: str | None) -> dict:
    require_signed_in(ctx)
    check_text(display_name, "display_name", 200)
    start, end = parse_ts(start_at, "start_at"), parse_ts(end_at, "end_at")
    if end <= start:
        raise ToolError("end_at must be after start_at")
    if start <= ctx.timestamp():
        raise ToolError("start_at must be in the future")
    if capacity is not None and not 1 <= capacity <= 1000:
        raise ToolError("registration_capacity must be between 1 and 1000")
    if team_id:
        team(ctx, team_id)
    eid = ctx.new_id("teams.virtual_event", "event_id", "EVT", 4)
    ctx.insert("teams.virtual_event", {
        "event_id": eid, "event_type": etype, "display_name": display_name, "description": description,
        "start_at": start, "end_at": end, "status": "draft", "audience": audience, "organizer_person_id": ctx.user_id,
        "team_id": team_id, "registration_capacity": capacity, "is_waitlist_enabled": waitlist,
        "created_at": ctx.timestamp(), "published_at": None, "canceled_at": None})
    audit(ctx, f"teams_create_{etype.replace('townhall', 'town_hall')}", "virtual_event", eid, team_id, display_name)
    return teams_get_virtual_event.fn(ctx, eid)


@tool
def teams_create_webinar(ctx: Ctx, display_name: str, start_at: str, end_at: str, registration_capacity: int,
                         description: str | None = None, audience: Audience = "organization",
                         is_waitlist_enabled: bool = False, team_id: str | None = None) -> dict:
    """Create a draft webinar organized by the signed-in user.

    Args:
        display_name: Webinar title.
        start_at: Start (ISO date-time, in the future).
        end_at: End (after the start).
        registration_capacity: Maximum registrations (1-1000).
        description: Description.
        audience: organization (internal only) or everyone (public).
        is_waitlist_enabled: Put registrants beyond capacity on a waitlist.
        team_id: The planning team, if any.
    """
    return _create(ctx, "webinar", display_name, start_at, end_at, description, audience, registration_capacity,
                   is_waitlist_enabled, team_id)


@tool
def teams_create_town_hall(ctx: Ctx, display_name: str, start_at: str, end_at: str, description: str | None = None,
                           audience: Audience = "organization", team_id: str | None = None) -> dict:
    """Create a draft town hall (broadcast, no registration) organized by the signed-in user.

    Args:
        display_name: Town hall title.
        start_at: Start (ISO date-time, in the future).
        end_at: End (after the start).
        description: Description.
        audience: organization or everyone.
        team_id: The planning team, if any.
    """
    return _create(ctx, "townhall", display_name, start_at, end_at, description, audience, None, False, team_id)


@tool
def teams_update_virtual_event(ctx: Ctx, event_id: str, display_name: str | None = None, description: str | None = None,
                               start_at: str | None = None, end_at: str | None = None, audience: Audience | None = None,
                               registration_capacity: int | None = None, is_waitlist_enabled: bool | None = None) -> dict:
    """Change a draft or published event (not a canceled one).

    Args:
        event_id: Event id.
        display_name: New title.
        description: New description.
        start_at: New start (ISO date-time, in the future).
        end_at: New end.
        audience: organization or everyone.
        registration_capacity: New capacity (webinars; not below the current registrations).
        is_waitlist_enabled: Waitlist on or off (webinars).
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    if ev["status"] == "canceled":
        raise ToolError(f"event {event_id} is canceled and cannot be changed")
    values = clean({"display_name": display_name, "description": description, "audience": audience,
                    "registration_capacity": registration_capacity, "is_waitlist_enabled": is_waitlist_enabled})
    if ev["event_type"] == "townhall" and (registration_capacity is not None or is_waitlist_enabled is not None):
        raise ToolError("town halls have no registration")
    if registration_capacity is not None and registration_capacity < _counts(ctx, event_id)["registered"]:
        raise ToolError(f"capacity {registration_capacity} is below the {_counts(ctx, event_id)['registered']} current "
                        "registrations")
    if start_at is not None:
        values["start_at"] = parse_ts(start_at, "start_at")
        if values["start_at"] <= ctx.timestamp():
            raise ToolError("start_at must be in the future")
    if end_at is not None:
        values["end_at"] = parse_ts(end_at, "end_at")
    import datetime as dt
    start = values.get("start_at") or dt.datetime.fromisoformat(ev["start_at"])
    end = values.get("end_at") or dt.datetime.fromisoformat(ev["end_at"])
    if end <= start:
        raise ToolError("end_at must be after start_at")
    if not values:
        raise ToolError("nothing to update")
    ctx.update("teams.virtual_event", {"event_id": event_id}, values)
    audit(ctx, "teams_update_virtual_event", "virtual_event", event_id, ev["team_id"], ", ".join(sorted(values)))
    return teams_get_virtual_event.fn(ctx, event_id)


@tool
def teams_publish_virtual_event(ctx: Ctx, event_id: str) -> dict:
    """Publish a draft event (it must start in the future).

    Args:
        event_id: Event id.
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    if ev["status"] != "draft":
        raise ToolError(f"event {event_id} is {ev['status']}; only drafts can be published")
    import datetime as dt
    if dt.datetime.fromisoformat(ev["start_at"]) <= ctx.timestamp():
        raise ToolError(f"event {event_id} starts in the past ({ev['start_at']}); reschedule it first")
    ctx.update("teams.virtual_event", {"event_id": event_id}, {"status": "published", "published_at": ctx.timestamp()})
    audit(ctx, "teams_publish_virtual_event", "virtual_event", event_id, ev["team_id"], None)
    return teams_get_virtual_event.fn(ctx, event_id)


@tool
def teams_cancel_virtual_event(ctx: Ctx, event_id: str) -> dict:
    """Cancel an event; open registrations are canceled and registrants are e-mailed by the system.

    Args:
        event_id: Event id.
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    if ev["status"] == "canceled":
        raise ToolError(f"event {event_id} is already canceled")
    ctx.update("teams.virtual_event", {"event_id": event_id}, {"status": "canceled", "canceled_at": ctx.timestamp()})
    ctx.execute("UPDATE teams.event_registration SET status = 'canceled', canceled_at = ? WHERE event_id = ? "
                "AND status <> 'canceled'", ctx.timestamp(), event_id)
    audit(ctx, "teams_cancel_virtual_event", "virtual_event", event_id, ev["team_id"], None)
    return teams_get_virtual_event.fn(ctx, event_id)


@tool
def teams_add_event_coorganizer(ctx: Ctx, event_id: str, user_id: str) -> dict:
    """Add a co-organizer (an enabled internal user other than the organizer).

    Args:
        event_id: Event id.
        user_id: Person id.
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    if ev["status"] == "canceled":
        raise ToolError(f"event {event_id} is canceled")
    if user_id.startswith("EXT"):
        raise ToolError("co-organizers must be internal users")
    enabled_account(ctx, user_id)
    if user_id == ev["organizer_person_id"]:
        raise ToolError(f"{user_id} is the organizer")
    if ctx.scalar("SELECT count(*) FROM teams.event_coorganizer WHERE event_id = ? AND person_id = ?", event_id, user_id):
        raise ToolError(f"{user_id} is already a co-organizer")
    row = ctx.insert("teams.event_coorganizer", {"event_id": event_id, "person_id": user_id, "added_at": ctx.timestamp()})
    audit(ctx, "teams_add_event_coorganizer", "virtual_event", event_id, ev["team_id"], user_id)
    return row


@tool
def teams_remove_event_coorganizer(ctx: Ctx, event_id: str, user_id: str) -> dict:
    """Remove a co-organizer.

    Args:
        event_id: Event id.
        user_id: Person id.
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    if not ctx.delete("teams.event_coorganizer", {"event_id": event_id, "person_id": user_id}):
        raise ToolError(f"{user_id} is not a co-organizer of {event_id}")
    audit(ctx, "teams_remove_event_coorganizer", "virtual_event", event_id, ev["team_id"], user_id)
    return {"event_id": event_id, "person_id": user_id, "removed": True}


@tool
def teams_list_event_registrations(ctx: Ctx, event_id: str, status: Literal["registered", "waitlisted", "canceled"] | None = None,
                                   limit: int = 50, offset: int = 0) -> dict:
    """A webinar's registrations in registration order.

    Args:
        event_id: Event id.
        status: Only registered, waitlisted or canceled.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    conds, params = ["event_id = ?"], [event_id]
    if status:
        conds.append("status = ?")
        params.append(status)
    return ctx.page("SELECT * FROM teams.event_registration WHERE " + " AND ".join(conds), params, limit=limit,
                    offset=offset, order_by="registered_at, registration_id")


@tool
def teams_register_for_event(ctx: Ctx, event_id: str, user_id: str) -> dict:
    """Register an internal user (P…) or an external person (EXT…) for a published webinar. Organization-only
    webinars accept internal users only. A full webinar waitlists the registrant if its waitlist is on and
    refuses otherwise.

    Args:
        event_id: Event id.
        user_id: Person id or external id.
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    if ev["event_type"] != "webinar":
        raise ToolError("town halls have no registration")
    if ev["status"] != "published":
        raise ToolError(f"event {event_id} is {ev['status']}; registration is open for published webinars only")
    p = principal(ctx, user_id)
    if p["kind"] != "user" and ev["audience"] == "organization":
        raise ToolError(f"{ev['display_name']} is for the organization only; {user_id} is external")
    if p["kind"] == "user" and not p["account_enabled"]:
        raise ToolError(f"{user_id} has a disabled account")
    if p["kind"] != "user" and (p["domain_rule"] == "blocked" or p["invitation_state"] == "revoked"):
        raise ToolError(f"{user_id} ({p['email']}) cannot register: their domain {p['domain']} is blocked or their access "
                        "was revoked")
    col = "person_id" if p["kind"] == "user" else "external_id"
    if ctx.scalar(f"SELECT count(*) FROM teams.event_registration WHERE event_id = ? AND {col} = ? AND status <> 'canceled'",
                  event_id, user_id):
        raise ToolError(f"{user_id} is already registered")
    status = "registered"
    if _counts(ctx, event_id)["registered"] >= ev["registration_capacity"]:
        if not ev["is_waitlist_enabled"]:
            raise ToolError(f"{ev['display_name']} is full ({ev['registration_capacity']} registrations) and has no waitlist")
        status = "waitlisted"
    name = p["display_name"].split(" ", 1)
    row = ctx.insert("teams.event_registration", {
        "registration_id": ctx.new_id("teams.event_registration", "registration_id", "REG", 5), "event_id": event_id,
        "person_id": p["person_id"], "external_id": p["external_id"],
        "email": p.get("user_principal_name") or p["email"], "first_name": name[0],
        "last_name": name[1] if len(name) > 1 else "", "status": status, "registered_at": ctx.timestamp(),
        "canceled_at": None})
    audit(ctx, "teams_register_for_event", "event_registration", row["registration_id"], ev["team_id"],
          f"{user_id} {status}")
    return row


@tool
def teams_cancel_event_registration(ctx: Ctx, event_id: str, registration_id: str) -> dict:
    """Cancel a registration. When a registered seat frees up, the earliest waitlisted registrant is promoted.

    Args:
        event_id: Event id.
        registration_id: The registration (REG00012).
    """
    ev = _event(ctx, event_id)
    _require_organizer(ctx, ev)
    reg = ctx.one("SELECT * FROM teams.event_registration WHERE registration_id = ? AND event_id = ?",
                  registration_id, event_id)
    if reg is None:
        raise ToolError(f"registration '{registration_id}' not found for {event_id}")
    if reg["status"] == "canceled":
        raise ToolError(f"{registration_id} is already canceled")
    ctx.update("teams.event_registration", {"registration_id": registration_id},
               {"status": "canceled", "canceled_at": ctx.timestamp()})
    promoted = None
    if reg["status"] == "registered":
        promoted = ctx.scalar("SELECT registration_id FROM teams.event_registration WHERE event_id = ? AND "
                              "status = 'waitlisted' ORDER BY registered_at, registration_id LIMIT 1", event_id)
        if promoted:
            ctx.update("teams.event_registration", {"registration_id": promoted}, {"status": "registered"})
    audit(ctx, "teams_cancel_event_registration", "event_registration", registration_id, ev["team_id"],
          f"promoted {promoted}" if promoted else None)
    return {"registration_id": registration_id, "canceled": True, "promoted_registration_id": promoted}

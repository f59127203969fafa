"""Buildings, rooms and other bookable resources, and their booking rules."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, check_page

Category = Literal["CONFERENCE_ROOM", "OTHER"]
Status = Literal["active", "maintenance", "retired"]


def _require_facilities(ctx: Ctx, action: str) -> None:
    if ctx.role not in ("calendar_admin", "resource_manager"):
        raise ToolError(f"not allowed: {action} is for resource managers and calendar administrators "
                        f"(acting user {ctx.user_id} has role {ctx.role})")


def _resource(ctx: Ctx, resource_id: str) -> dict:
    row = ctx.one("SELECT * FROM calendar.resource WHERE resource_id = ? OR lower(email) = lower(?)", resource_id,
                  resource_id)
    if row is None:
        raise ToolError(f"resource '{resource_id}' not found (use cal_list_resources)")
    return row


@tool
def cal_list_buildings(ctx: Ctx) -> dict:
    """All buildings with their office location, city, time zone, floors and facilities contact.

    Default order: by building id, ascending.
    """
    rows = ctx.all("SELECT b.building_id, b.name, b.location_id, l.city, l.timezone AS time_zone, b.floors, "
                   "p.email AS facilities_contact FROM calendar.building b JOIN org.location l USING (location_id) "
                   "LEFT JOIN org.person p ON p.person_id = b.facilities_contact ORDER BY b.building_id")
    return {"items": rows, "total": len(rows)}


@tool
def cal_list_resources(ctx: Ctx, building_id: str | None = None, category: Category | None = None,
                       min_capacity: int | None = None, feature_id: str | None = None, status: Status | None = None,
                       query: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search rooms and resources. Ordered by building, floor, name. Includes retired and under-maintenance
    resources unless status is given.

    Args:
        building_id: Only this building (see cal_list_buildings).
        category: CONFERENCE_ROOM or OTHER.
        min_capacity: Only rooms seating at least this many.
        feature_id: Only resources with this feature (FEAT-VC, FEAT-DISPLAY, FEAT-WB, FEAT-PHONE, FEAT-ACCESS,
            FEAT-HYBRID, FEAT-CATER).
        status: active, maintenance or retired.
        query: Case-insensitive text in the name, type or e-mail.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    check_page(limit, offset)
    if min_capacity is not None and not 0 <= min_capacity <= 1000:
        raise ToolError("min_capacity must be between 0 and 1000")
    conds, params = ["TRUE"], []
    for col, val in (("r.building_id", building_id), ("r.category", category), ("r.status", status)):
        if val:
            conds.append(f"{col} = ?")
            params.append(val)
    if min_capacity is not None:
        conds.append("r.capacity >= ?")
        params.append(min_capacity)
    if feature_id:
        conds.append("r.resource_id IN (SELECT resource_id FROM calendar.resource_feature_instance WHERE feature_id = ?)")
        params.append(feature_id)
    if query:
        conds.append("(r.name ILIKE ? OR r.resource_type ILIKE ? OR r.email ILIKE ?)")
        params += [f"%{query}%"] * 3
    sql = ("SELECT r.resource_id, r.name, r.email, r.category, r.resource_type, r.building_id, r.floor, r.capacity, "
           "r.status, (SELECT string_agg(feature_id, ',' ORDER BY feature_id) FROM calendar.resource_feature_instance f "
           "WHERE f.resource_id = r.resource_id) AS features FROM calendar.resource r WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="building_id, floor, name, resource_id")


@tool
def cal_get_resource(ctx: Ctx, resource_id: str) -> dict:
    """A resource with its features and booking rule (max duration, booking window, notice, restricted group,
    business hours only — Mon-Fri 08:00-18:00 in the resource's time zone — and recurring allowed).

    Args:
        resource_id: Resource id (RES-NYC-0401) or the resource's e-mail.
    """
    r = _resource(ctx, resource_id)
    r["features"] = ctx.all("SELECT f.feature_id, f.name FROM calendar.resource_feature_instance i JOIN "
                            "calendar.resource_feature f USING (feature_id) WHERE i.resource_id = ? ORDER BY 1",
                            r["resource_id"])
    rule = ctx.one("SELECT b.*, g.email AS restricted_group_email FROM calendar.booking_rule b LEFT JOIN "
                   "calendar.directory_group g ON g.group_id = b.restricted_group_id WHERE b.resource_id = ?",
                   r["resource_id"])
    if rule and rule["business_hours_only"]:
        rule["business_hours"] = "Mon-Fri 08:00-18:00"
    r["booking_rule"] = rule
    r["time_zone"] = ctx.scalar("SELECT time_zone FROM calendar.calendar WHERE calendar_id = ?", r["calendar_id"])
    return r


@tool
def cal_update_resource(ctx: Ctx, resource_id: str, status: Status | None = None, capacity: int | None = None,
                        description: str | None = None) -> dict:
    """Resource managers / administrators: change a resource's status, capacity or description. Retiring a
    resource also archives its calendar; existing bookings stay and must be handled separately.

    Args:
        resource_id: Resource id or e-mail.
        status: active, maintenance or retired.
        capacity: Seats (rooms only), 1-500.
        description: Description.
    """
    _require_facilities(ctx, "changing resources")
    r = _resource(ctx, resource_id)
    values = {}
    if status is not None:
        values["status"] = status
    if capacity is not None:
        if r["category"] != "CONFERENCE_ROOM":
            raise ToolError("only rooms have a capacity")
        if not 1 <= capacity <= 500:
            raise ToolError("capacity must be between 1 and 500")
        values["capacity"] = capacity
    if description is not None:
        values["description"] = description
    values = {k: v for k, v in values.items() if r[k] != v}
    if not values:
        raise ToolError(f"nothing to change: resource {r['resource_id']} already has those values")
    ctx.update("calendar.resource", {"resource_id": r["resource_id"]}, values)
    archived = ctx.scalar("SELECT archived FROM calendar.calendar WHERE calendar_id = ?", r["calendar_id"])
    if status is not None and archived != (status == "retired"):
        ctx.update("calendar.calendar", {"calendar_id": r["calendar_id"]},
                   {"archived": status == "retired", "updated_at": ctx.timestamp()})
    audit(ctx, "resource.update", r["calendar_id"], None, r["resource_id"],
          ", ".join(f"{k}={v}" for k, v in values.items()))
    return ctx.one("SELECT * FROM calendar.resource WHERE resource_id = ?", r["resource_id"])


@tool
def cal_update_booking_rule(ctx: Ctx, resource_id: str, max_duration_minutes: int | None = None,
                            booking_window_days: int | None = None, min_notice_minutes: int | None = None,
                            restricted_group_email: str | None = None, clear_restriction: bool = False,
                            business_hours_only: bool | None = None, allow_recurring: bool | None = None) -> dict:
    """Resource managers / administrators: change a resource's booking rule. Existing bookings are not
    re-checked.

    Args:
        resource_id: Resource id or e-mail.
        max_duration_minutes: Longest booking, 15-1440.
        booking_window_days: How far ahead it may be booked, 1-365.
        min_notice_minutes: Minimum notice, 0-10080.
        restricted_group_email: Only members of this group may book it.
        clear_restriction: Remove the group restriction.
        business_hours_only: Only Mon-Fri 08:00-18:00 in the building's zone.
        allow_recurring: Accept recurring bookings.
    """
    _require_facilities(ctx, "changing booking rules")
    r = _resource(ctx, resource_id)
    values: dict = {}
    for name, val, lo, hi in (("max_duration_minutes", max_duration_minutes, 15, 1440),
                              ("booking_window_days", booking_window_days, 1, 365),
                              ("min_notice_minutes", min_notice_minutes, 0, 10080)):
        if val is not None:
            if not lo <= val <= hi:
                raise ToolError(f"{name} must be between {lo} and {hi}")
            values[name] = val
    if restricted_group_email and clear_restriction:
        raise ToolError("give restricted_group_email or clear_restriction, not both")
    if restricted_group_email:
        g = ctx.one("SELECT group_id, archived FROM calendar.directory_group WHERE lower(email) = lower(?)",
                    restricted_group_email)
        if g is None or g["archived"]:
            raise ToolError(f"group {restricted_group_email} not found or archived (use cal_list_groups)")
        values["restricted_group_id"] = g["group_id"]
    if clear_restriction:
        values["restricted_group_id"] = None
    if business_hours_only is not None:
        values["business_hours_only"] = business_hours_only
    if allow_recurring is not None:
        values["allow_recurring"] = allow_recurring
    if not values:
        raise ToolError("nothing to change")
    values.update(updated_by=ctx.user_id, updated_at=ctx.timestamp())
    ctx.update("calendar.booking_rule", {"resource_id": r["resource_id"]}, values)
    audit(ctx, "resource.bookingRule", r["calendar_id"], None, r["resource_id"],
          ", ".join(f"{k}={v}" for k, v in values.items() if k not in ("updated_by", "updated_at")))
    return ctx.one("SELECT * FROM calendar.booking_rule WHERE resource_id = ?", r["resource_id"])

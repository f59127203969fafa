"""Physical and digital access: resources, job-profile templates, grants (provision / suspend / revoke) and badges."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, employee, require_hr

Level = Literal["read", "standard", "admin"]
GrantState = Literal["active", "suspended", "revoked"]


def _resource(ctx: Ctx, resource_id: str) -> dict:
    r = ctx.one("SELECT * FROM hr.access_resource WHERE resource_id = ?", resource_id)
    if r is None:
        raise ToolError(f"access resource '{resource_id}' not found (use list_access_resources)")
    return r


def _profiles_for(ctx: Ctx, emp: dict) -> list[str]:
    """Job profiles whose template may be provisioned: the current position's and an in-progress transfer's target."""
    out = []
    if emp["position_id"]:
        out.append(ctx.scalar("SELECT job_profile_id FROM hr.position WHERE position_id = ?", emp["position_id"]))
    for r in ctx.all("SELECT p.job_profile_id FROM hr.lifecycle_event ev JOIN hr.position p ON p.position_id = ev.to_position_id "
                     "WHERE ev.employee_id = ? AND ev.state = 'in_progress' AND ev.event_type = 'transfer'", emp["employee_id"]):
        out.append(r["job_profile_id"])
    return out


def _new_grant(ctx: Ctx, emp_id: str, resource_id: str, level: str, event_id: str | None) -> dict:
    gid = ctx.new_id("hr.access_grant", "grant_id", "AG", 5)
    return ctx.insert("hr.access_grant", {
        "grant_id": gid, "employee_id": emp_id, "resource_id": resource_id, "access_level": level, "state": "active",
        "granted_at": ctx.timestamp(), "granted_by": ctx.user_id, "event_id": event_id, "revoked_at": None,
        "revoked_by": None, "revocation_reason": None})


def _check_grantee(ctx: Ctx, emp_id: str, event_id: str | None) -> dict:
    e = employee(ctx, emp_id)
    if e["status"] in ("terminated", "suspended"):
        raise ToolError(f"{emp_id} ({e['full_name']}) is {e['status']}; access cannot be granted")
    if event_id and not ctx.scalar("SELECT count(*) FROM hr.lifecycle_event WHERE event_id = ? AND employee_id = ?",
                                   event_id, emp_id):
        raise ToolError(f"lifecycle event {event_id} is not an event of {emp_id}")
    return e


@tool
def list_access_resources(ctx: Ctx, access_kind: Literal["physical", "digital"] | None = None,
                          resource_type: Literal["building", "secure_area", "application", "account", "shared_drive", "vpn"] | None = None,
                          name: str | None = None, location_id: str | None = None, include_inactive: bool = False) -> list:
    """List access resources: buildings and secure areas (physical), applications, accounts, shared drives and
    VPN (digital), with owner group, sensitivity and status (active, frozen, decommissioned).

    Default order: by resource id, ascending.

    Args:
        access_kind: physical or digital.
        resource_type: Kind of resource.
        name: Case-insensitive substring of the name.
        location_id: Physical resources at this location.
        include_inactive: Also list frozen and decommissioned resources.
    """
    conds, params = [], []
    if not include_inactive:
        conds.append("status = 'active'")
    for col, val in (("access_kind", access_kind), ("resource_type", resource_type), ("location_id", location_id)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    if name:
        conds.append("name ILIKE ?")
        params.append(f"%{name}%")
    return ctx.all("SELECT * FROM hr.access_resource" + (" WHERE " + " AND ".join(conds) if conds else "") + " ORDER BY 1",
                   *params)


@tool
def get_access_resource(ctx: Ctx, resource_id: str) -> dict:
    """Get one access resource and how many active grants it has.

    Args:
        resource_id: Resource id (RES001).
    """
    r = _resource(ctx, resource_id)
    r["active_grants"] = ctx.scalar("SELECT count(*) FROM hr.access_grant WHERE resource_id = ? AND state = 'active'", resource_id)
    return r


@tool
def list_employee_access(ctx: Ctx, employee_id: str, state: GrantState | None = None) -> list:
    """List an employee's access grants (physical and digital) with resource names.

    Default order: by grant id, ascending.

    Args:
        employee_id: The employee id.
        state: Only grants in this state (active, suspended, revoked).
    """
    employee(ctx, employee_id)
    sql = ("SELECT g.*, r.name AS resource_name, r.access_kind, r.resource_type, r.sensitive FROM hr.access_grant g "
           "JOIN hr.access_resource r USING (resource_id) WHERE g.employee_id = ?")
    params = [employee_id]
    if state:
        sql += " AND g.state = ?"
        params.append(state)
    return ctx.all(sql + " ORDER BY g.grant_id", *params)


@tool
def grant_access(ctx: Ctx, employee_id: str, resource_id: str, access_level: Level = "standard",
                 event_id: str | None = None) -> dict:
    """Grant an employee access to one resource. The resource must be active (not frozen or decommissioned) and the
    employee not terminated or suspended. Sensitive resources can only be granted when the employee's job profile
    (or the target profile of an in-progress transfer) includes them, at most at that level.

    Args:
        employee_id: The employee.
        resource_id: The resource (list_access_resources).
        access_level: read, standard or admin.
        event_id: The onboarding/transfer event this grant belongs to, if any.
    """
    require_hr(ctx)
    _check_grantee(ctx, employee_id, event_id)
    e = employee(ctx, employee_id)
    r = _resource(ctx, resource_id)
    if r["status"] != "active":
        raise ToolError(f"resource {resource_id} ({r['name']}) is {r['status']}; no new access can be granted to it")
    if ctx.scalar("SELECT count(*) FROM hr.access_grant WHERE employee_id = ? AND resource_id = ? AND state IN ('active', 'suspended')",
                  employee_id, resource_id):
        raise ToolError(f"{employee_id} already has access to {resource_id} ({r['name']}); revoke it first to change the level")
    if r["sensitive"]:
        profs = _profiles_for(ctx, e)
        allowed = ctx.all("SELECT access_level FROM hr.job_profile_access WHERE resource_id = ? AND job_profile_id IN "
                          "(SELECT unnest(?::VARCHAR[]))", resource_id, profs) if profs else []
        order = {"read": 1, "standard": 2, "admin": 3}
        if not allowed:
            raise ToolError(f"not allowed: {r['name']} is a sensitive resource and is not part of the employee's job "
                            "profile; sensitive access is granted only through the job-profile template")
        if order[access_level] > max(order[a["access_level"]] for a in allowed):
            raise ToolError(f"not allowed: the job profile grants at most {max(allowed, key=lambda a: order[a['access_level']])['access_level']} "
                            f"on {r['name']}")
    row = _new_grant(ctx, employee_id, resource_id, access_level, event_id)
    audit(ctx, "grant_access", "access_grant", row["grant_id"], employee_id, f"{r['name']} ({access_level})")
    return row


@tool
def provision_job_profile_access(ctx: Ctx, employee_id: str, event_id: str | None = None) -> dict:
    """Provision everything the employee's job-profile template lists (for a pre-hire or a transfer in progress:
    the target position's profile) plus building access at the employee's (target) location. Resources already
    granted are skipped: an active or a suspended grant counts as granted (a suspended one stays suspended; no
    second grant is made), a revoked one does not (a new grant is made). Frozen or decommissioned resources are
    skipped and reported.

    Args:
        employee_id: The employee.
        event_id: The onboarding or transfer event, recorded on each grant.
    """
    require_hr(ctx)
    e = _check_grantee(ctx, employee_id, event_id)
    target = ctx.one("SELECT p.job_profile_id, p.location_id FROM hr.lifecycle_event ev JOIN hr.position p "
                     "ON p.position_id = ev.to_position_id WHERE ev.employee_id = ? AND ev.state = 'in_progress' "
                     "AND ev.event_type IN ('transfer', 'onboarding') ORDER BY ev.event_id DESC LIMIT 1", employee_id)
    if target:
        prof, loc = target["job_profile_id"], target["location_id"]
    elif e["position_id"]:
        prof = ctx.scalar("SELECT job_profile_id FROM hr.position WHERE position_id = ?", e["position_id"])
        loc = e["location_id"]
    else:
        raise ToolError(f"{employee_id} has no position; nothing to provision")
    items = ctx.all("SELECT a.resource_id, a.access_level, r.name, r.status FROM hr.job_profile_access a "
                    "JOIN hr.access_resource r USING (resource_id) WHERE a.job_profile_id = ? ORDER BY 1", prof)
    bld = ctx.one("SELECT resource_id, 'standard' AS access_level, name, status FROM hr.access_resource "
                  "WHERE resource_type = 'building' AND location_id = ?", loc)
    if bld:
        items.append(bld)
    granted, skipped = [], []
    for it in items:
        if it["status"] != "active":
            skipped.append({"resource_id": it["resource_id"], "name": it["name"], "reason": f"resource is {it['status']}"})
            continue
        if ctx.scalar("SELECT count(*) FROM hr.access_grant WHERE employee_id = ? AND resource_id = ? AND state IN ('active', 'suspended')",
                      employee_id, it["resource_id"]):
            skipped.append({"resource_id": it["resource_id"], "name": it["name"], "reason": "already granted"})
            continue
        row = _new_grant(ctx, employee_id, it["resource_id"], it["access_level"], event_id)
        granted.append({"grant_id": row["grant_id"], "resource_id": it["resource_id"], "name": it["name"],
                        "access_level": it["access_level"]})
    audit(ctx, "provision_job_profile_access", "employee", employee_id, employee_id,
          f"profile {prof}: {len(granted)} granted, {len(skipped)} skipped")
    return {"employee_id": employee_id, "job_profile_id": prof, "granted": granted, "skipped": skipped}


def _end_grant(ctx: Ctx, g: dict, reason: str) -> None:
    ctx.update("hr.access_grant", {"grant_id": g["grant_id"]}, {"state": "revoked", "revoked_at": ctx.timestamp(),
                                                                "revoked_by": ctx.user_id, "revocation_reason": reason})


@tool
def revoke_access(ctx: Ctx, grant_id: str, reason: str) -> dict:
    """Revoke one access grant (active or suspended).

    Args:
        grant_id: Grant id (AG00123), from list_employee_access.
        reason: Why (mandatory).
    """
    require_hr(ctx)
    g = ctx.require(ctx.one("SELECT * FROM hr.access_grant WHERE grant_id = ?", grant_id), "access grant", grant_id)
    if g["state"] == "revoked":
        raise ToolError(f"grant {grant_id} is already revoked")
    if not reason.strip():
        raise ToolError("reason is mandatory")
    _end_grant(ctx, g, reason)
    audit(ctx, "revoke_access", "access_grant", grant_id, g["employee_id"], reason)
    return ctx.one("SELECT * FROM hr.access_grant WHERE grant_id = ?", grant_id)


@tool
def revoke_all_access(ctx: Ctx, employee_id: str, reason: str) -> dict:
    """Revoke every active and suspended access grant of an employee (physical and digital) and deactivate all their
    active badges, at once. Used for separations and security lockouts.

    Args:
        employee_id: The employee.
        reason: Why (mandatory).
    """
    require_hr(ctx)
    employee(ctx, employee_id)
    if not reason.strip():
        raise ToolError("reason is mandatory")
    grants = ctx.all("SELECT * FROM hr.access_grant WHERE employee_id = ? AND state IN ('active', 'suspended') ORDER BY grant_id",
                     employee_id)
    for g in grants:
        _end_grant(ctx, g, reason)
    badges = ctx.all("SELECT badge_id FROM hr.badge WHERE employee_id = ? AND state = 'active'", employee_id)
    for b in badges:
        ctx.update("hr.badge", {"badge_id": b["badge_id"]}, {"state": "deactivated", "deactivated_at": ctx.timestamp()})
    audit(ctx, "revoke_all_access", "employee", employee_id, employee_id,
          f"{len(grants)} grants revoked, {len(badges)} badges deactivated: {reason}")
    return {"employee_id": employee_id, "revoked_grants": [g["grant_id"] for g in grants],
            "deactivated_badges": [b["badge_id"] for b in badges]}


@tool
def suspend_access(ctx: Ctx, grant_id: str, reason: str) -> dict:
    """Temporarily suspend an active grant (e.g. during leave or an investigation).

    Args:
        grant_id: Grant id.
        reason: Why (mandatory).
    """
    require_hr(ctx)
    g = ctx.require(ctx.one("SELECT * FROM hr.access_grant WHERE grant_id = ?", grant_id), "access grant", grant_id)
    if g["state"] != "active":
        raise ToolError(f"grant {grant_id} is {g['state']}; only active grants can be suspended")
    ctx.update("hr.access_grant", {"grant_id": grant_id}, {"state": "suspended"})
    audit(ctx, "suspend_access", "access_grant", grant_id, g["employee_id"], reason)
    return ctx.one("SELECT * FROM hr.access_grant WHERE grant_id = ?", grant_id)


@tool
def restore_access(ctx: Ctx, grant_id: str) -> dict:
    """Restore a suspended grant to active (the employee must be active and the resource active).

    Args:
        grant_id: Grant id.
    """
    require_hr(ctx)
    g = ctx.require(ctx.one("SELECT * FROM hr.access_grant WHERE grant_id = ?", grant_id), "access grant", grant_id)
    if g["state"] != "suspended":
        raise ToolError(f"grant {grant_id} is {g['state']}; only suspended grants can be restored")
    e = employee(ctx, g["employee_id"])
    if e["status"] != "active":
        raise ToolError(f"{e['employee_id']} is {e['status']}; access is restored only for active employees")
    r = _resource(ctx, g["resource_id"])
    if r["status"] != "active":
        raise ToolError(f"resource {r['resource_id']} ({r['name']}) is {r['status']}")
    ctx.update("hr.access_grant", {"grant_id": grant_id}, {"state": "active"})
    audit(ctx, "restore_access", "access_grant", grant_id, g["employee_id"])
    return ctx.one("SELECT * FROM hr.access_grant WHERE grant_id = ?", grant_id)


@tool
def list_badges(ctx: Ctx, employee_id: str) -> list:
    """List an employee's badges.

    Default order: by badge id, ascending.

    Args:
        employee_id: The employee.
    """
    employee(ctx, employee_id)
    return ctx.all("SELECT * FROM hr.badge WHERE employee_id = ? ORDER BY badge_id", employee_id)


@tool
def issue_badge(ctx: Ctx, employee_id: str, location_id: str | None = None) -> dict:
    """Issue a building badge. An employee has at most one active badge; the badge number is generated.

    Args:
        employee_id: The employee (active, on_leave or pre_hire).
        location_id: Home site of the badge; defaults to the employee's location.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if e["status"] not in ("active", "pre_hire", "on_leave"):
        raise ToolError(f"{employee_id} is {e['status']}; badges are issued to active, on-leave or pre-hire employees only")
    if ctx.scalar("SELECT count(*) FROM hr.badge WHERE employee_id = ? AND state = 'active'", employee_id):
        raise ToolError(f"{employee_id} already has an active badge; deactivate it first")
    loc = location_id or e["location_id"]
    if not ctx.scalar("SELECT count(*) FROM org.location WHERE location_id = ?", loc):
        raise ToolError(f"location '{loc}' not found")
    bid = ctx.new_id("hr.badge", "badge_id", "BDG", 5)
    num = f"B-{700000 + int(bid[3:]) * 7}"
    row = ctx.insert("hr.badge", {"badge_id": bid, "badge_number": num, "employee_id": employee_id, "location_id": loc,
                                  "state": "active", "issued_at": ctx.timestamp(), "issued_by": ctx.user_id,
                                  "deactivated_at": None})
    audit(ctx, "issue_badge", "badge", bid, employee_id, num)
    return row


@tool
def deactivate_badge(ctx: Ctx, badge_id: str, lost: bool = False) -> dict:
    """Deactivate an active badge (state deactivated, or lost when reported lost).

    Args:
        badge_id: Badge id (BDG00123).
        lost: True when the badge was reported lost or stolen.
    """
    require_hr(ctx)
    b = ctx.require(ctx.one("SELECT * FROM hr.badge WHERE badge_id = ?", badge_id), "badge", badge_id)
    if b["state"] != "active":
        raise ToolError(f"badge {badge_id} is already {b['state']}")
    ctx.update("hr.badge", {"badge_id": badge_id}, {"state": "lost" if lost else "deactivated", "deactivated_at": ctx.timestamp()})
    audit(ctx, "deactivate_badge", "badge", badge_id, b["employee_id"], "lost" if lost else "deactivated")
    return ctx.one("SELECT * FROM hr.badge WHERE badge_id = ?", badge_id)

"""CMDB: configuration items and their relationships (depends_on, runs_on, connected_to, backed_up_by)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, changed, check_group, get_user, is_member, my_id, require_staff

CIClass = Literal["business_service", "application", "database", "server", "network_device", "storage"]
CIStatus = Literal["operational", "degraded", "maintenance", "retired"]
RelType = Literal["depends_on", "runs_on", "connected_to", "backed_up_by"]


def _ci(ctx: Ctx, ci_id: str) -> dict:
    return ctx.require(ctx.one("SELECT * FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)


def _can_edit(ctx: Ctx, ci: dict) -> None:
    u = require_staff(ctx, "change configuration items")
    if u["role"] != "admin" and not is_member(ctx, ci["support_group_id"], u["user_id"]):
        raise ToolError(f"not allowed: only admins or members of the CI's support group ({ci['support_group_id']}) "
                        f"can change {ci['name']}")


@tool
def get_ci(ctx: Ctx, ci_id: str) -> dict:
    """Get a configuration item with its owner and support group names.

    Args:
        ci_id: The CI's id (CI...).
    """
    require_staff(ctx, "read the CMDB")
    ci = _ci(ctx, ci_id)
    extra = ctx.one("SELECT (SELECT full_name FROM itsm.sys_user WHERE user_id = ?) AS owner_name, "
                    "(SELECT name FROM itsm.user_group WHERE group_id = ?) AS support_group_name",
                    ci["owned_by"], ci["support_group_id"])
    return {**ci, **extra}


@tool
def find_cis(ctx: Ctx, name: str | None = None, ci_class: CIClass | None = None, status: CIStatus | None = None,
             environment: Literal["production", "staging", "development"] | None = None,
             support_group_id: str | None = None, criticality: int | None = None, ip_address: str | None = None,
             serial_number: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search configuration items.

    Default order: by ci id, ascending.

    Args:
        name: Part of the CI name (case-insensitive).
        ci_class: Only this class.
        status: Only this status.
        environment: Only this environment.
        support_group_id: Only CIs supported by this group.
        criticality: Only this criticality (1 most critical .. 4).
        ip_address: Exact IP address.
        serial_number: Part of the serial number (case-insensitive; "ending in 9300" -> 9300).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    require_staff(ctx, "read the CMDB")
    sql = ("SELECT ci_id, name, ci_class, status, environment, criticality, owned_by, support_group_id, location_id, "
           "ip_address, serial_number FROM itsm.configuration_item WHERE 1=1")
    params: list = []
    if name:
        sql += " AND name ILIKE ?"
        params.append(f"%{name}%")
    if serial_number:
        sql += " AND serial_number ILIKE ?"
        params.append(f"%{serial_number.strip()}%")
    for col, val in (("ci_class", ci_class), ("status", status), ("environment", environment),
                     ("support_group_id", support_group_id), ("criticality", criticality), ("ip_address", ip_address)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="ci_id")


@tool
def get_ci_relationships(ctx: Ctx, ci_id: str, direction: Literal["both", "upstream", "downstream"] = "both") -> list:
    """Direct relationships of a CI. Downstream: what this CI depends on / runs on (it is the parent).
    Upstream: what depends on / runs on this CI (it is the child).

    Args:
        ci_id: The CI's id (CI...).
        direction: Which relationships to list.
    """
    require_staff(ctx, "read the CMDB")
    _ci(ctx, ci_id)
    out = []
    if direction in ("both", "downstream"):
        out += ctx.all("SELECT r.rel_id, r.rel_type, 'downstream' AS direction, r.child_ci_id AS related_ci_id, "
                       "c.name AS related_name, c.ci_class AS related_class, c.status AS related_status "
                       "FROM itsm.ci_relationship r JOIN itsm.configuration_item c ON c.ci_id = r.child_ci_id "
                       "WHERE r.parent_ci_id = ? ORDER BY r.rel_id", ci_id)
    if direction in ("both", "upstream"):
        out += ctx.all("SELECT r.rel_id, r.rel_type, 'upstream' AS direction, r.parent_ci_id AS related_ci_id, "
                       "c.name AS related_name, c.ci_class AS related_class, c.status AS related_status "
                       "FROM itsm.ci_relationship r JOIN itsm.configuration_item c ON c.ci_id = r.parent_ci_id "
                       "WHERE r.child_ci_id = ? ORDER BY r.rel_id", ci_id)
    return out


@tool
def get_impacted_services(ctx: Ctx, ci_id: str) -> list:
    """Business services that depend on a CI directly or indirectly (walking upstream relationships),
    with their criticality and owner.

    Args:
        ci_id: The CI's id (CI...).
    """
    require_staff(ctx, "read the CMDB")
    _ci(ctx, ci_id)
    return ctx.all(
        "WITH RECURSIVE up(ci_id, depth) AS (SELECT CAST(? AS VARCHAR), 0 UNION "
        "SELECT r.parent_ci_id, up.depth + 1 FROM itsm.ci_relationship r JOIN up ON r.child_ci_id = up.ci_id "
        "WHERE up.depth < 6 AND r.rel_type IN ('depends_on', 'runs_on')) "
        "SELECT DISTINCT c.ci_id, c.name, c.criticality, c.status, c.owned_by, c.support_group_id "
        "FROM up JOIN itsm.configuration_item c USING (ci_id) WHERE c.ci_class = 'business_service' ORDER BY c.ci_id", ci_id)


@tool
def create_ci(ctx: Ctx, name: str, ci_class: CIClass, support_group_id: str, criticality: int,
              environment: Literal["production", "staging", "development"] = "production", owned_by: str | None = None,
              location_id: str | None = None, ip_address: str | None = None, os: str | None = None,
              version: str | None = None) -> dict:
    """Register a configuration item. Admins, or members of the support group it is registered for.

    Args:
        name: Unique CI name.
        ci_class: The class.
        support_group_id: The group that supports it (GRP...).
        criticality: 1 (most critical) .. 4.
        environment: Environment.
        owned_by: Owner (USR...), must be active.
        location_id: Org location (LOC...).
        ip_address: IP address.
        os: Operating system.
        version: Version.
    """
    u = require_staff(ctx, "register configuration items")
    check_group(ctx, support_group_id)
    if u["role"] != "admin" and not is_member(ctx, support_group_id, u["user_id"]):
        raise ToolError(f"not allowed: you are not a member of {support_group_id}")
    if criticality not in (1, 2, 3, 4):
        raise ToolError("criticality must be 1, 2, 3 or 4")
    if ctx.scalar("SELECT count(*) FROM itsm.configuration_item WHERE lower(name) = lower(?)", name.strip()):
        raise ToolError(f"a configuration item named '{name}' already exists")
    if owned_by and not get_user(ctx, owned_by, "owner")["active"]:
        raise ToolError(f"owner {owned_by} is inactive")
    if location_id and not ctx.scalar("SELECT count(*) FROM org.location WHERE location_id = ?", location_id):
        raise ToolError(f"location '{location_id}' not found")
    cid = ctx.new_id("itsm.configuration_item", "ci_id", "CI", 5)
    ctx.insert("itsm.configuration_item", {
        "ci_id": cid, "name": name.strip(), "ci_class": ci_class, "status": "operational", "environment": environment,
        "criticality": criticality, "owned_by": owned_by, "support_group_id": support_group_id, "location_id": location_id,
        "ip_address": ip_address, "os": os, "version": version, "serial_number": None, "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.configuration_item", cid, "create", {"name": name.strip(), "ci_class": ci_class})
    return _ci(ctx, cid)


@tool
def update_ci(ctx: Ctx, ci_id: str, status: CIStatus | None = None, owned_by: str | None = None,
              support_group_id: str | None = None, criticality: int | None = None, version: str | None = None) -> dict:
    """Update a configuration item. Admins, or members of its support group. A CI that other CIs still depend
    on or run on cannot be retired.

    Args:
        ci_id: The CI's id (CI...).
        status: New status.
        owned_by: New owner (USR...), must be active.
        support_group_id: New support group (GRP...).
        criticality: New criticality (1-4).
        version: New version string.
    """
    ci = _ci(ctx, ci_id)
    _can_edit(ctx, ci)
    values: dict = {}
    if status is not None:
        if status == "retired" and ctx.scalar("SELECT count(*) FROM itsm.ci_relationship r JOIN itsm.configuration_item c "
                                              "ON c.ci_id = r.parent_ci_id WHERE r.child_ci_id = ? AND c.status <> 'retired'", ci_id):
            raise ToolError(f"{ci['name']} still has active CIs depending on it; remove those relationships first")
        values["status"] = status
    if owned_by is not None:
        if not get_user(ctx, owned_by, "owner")["active"]:
            raise ToolError(f"owner {owned_by} is inactive")
        values["owned_by"] = owned_by
    if support_group_id is not None:
        check_group(ctx, support_group_id)
        values["support_group_id"] = support_group_id
    if criticality is not None:
        if criticality not in (1, 2, 3, 4):
            raise ToolError("criticality must be 1, 2, 3 or 4")
        values["criticality"] = criticality
    if version is not None:
        values["version"] = version
    diff = changed(ci, values)
    if not diff:
        raise ToolError("nothing to change")
    values["updated_at"] = ctx.timestamp()
    ctx.update("itsm.configuration_item", {"ci_id": ci_id}, values)
    audit(ctx, "itsm.configuration_item", ci_id, "update", diff)
    return _ci(ctx, ci_id)


@tool
def add_ci_relationship(ctx: Ctx, parent_ci_id: str, child_ci_id: str, rel_type: RelType) -> dict:
    """Relate two CIs: parent depends_on / runs_on / connected_to / backed_up_by child. No self-links,
    duplicates or retired CIs.

    Args:
        parent_ci_id: The dependent CI (e.g. the application).
        child_ci_id: The CI it depends on (e.g. the server it runs on).
        rel_type: Relationship type.
    """
    parent, child = _ci(ctx, parent_ci_id), _ci(ctx, child_ci_id)
    _can_edit(ctx, parent)
    if parent_ci_id == child_ci_id:
        raise ToolError("a CI cannot be related to itself")
    for c in (parent, child):
        if c["status"] == "retired":
            raise ToolError(f"{c['name']} is retired")
    if ctx.scalar("SELECT count(*) FROM itsm.ci_relationship WHERE parent_ci_id = ? AND child_ci_id = ? AND rel_type = ?",
                  parent_ci_id, child_ci_id, rel_type):
        raise ToolError("this relationship already exists")
    rid = ctx.new_id("itsm.ci_relationship", "rel_id", "REL", 5)
    ctx.insert("itsm.ci_relationship", {"rel_id": rid, "parent_ci_id": parent_ci_id, "child_ci_id": child_ci_id,
                                        "rel_type": rel_type, "created_by": my_id(ctx), "created_at": ctx.timestamp()})
    audit(ctx, "itsm.ci_relationship", rid, "create", {"parent": parent_ci_id, "child": child_ci_id, "type": rel_type})
    return ctx.one("SELECT * FROM itsm.ci_relationship WHERE rel_id = ?", rid)


@tool
def remove_ci_relationship(ctx: Ctx, rel_id: str) -> dict:
    """Delete a CI relationship.

    Args:
        rel_id: The relationship id (REL...).
    """
    r = ctx.require(ctx.one("SELECT * FROM itsm.ci_relationship WHERE rel_id = ?", rel_id), "relationship", rel_id)
    _can_edit(ctx, _ci(ctx, r["parent_ci_id"]))
    ctx.delete("itsm.ci_relationship", {"rel_id": rel_id})
    audit(ctx, "itsm.ci_relationship", rel_id, "delete", {"parent": r["parent_ci_id"], "child": r["child_ci_id"]})
    return {"rel_id": rel_id, "deleted": True}

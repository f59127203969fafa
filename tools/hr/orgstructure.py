"""Org structure as HR sees it: departments, cost centers, locations, job profiles, positions."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, require_hr

PositionStatus = Literal["open", "filled", "frozen", "closed"]


@tool
def hr_list_departments(ctx: Ctx) -> list:
    """List departments with their HR settings: default cost center, HR business partner, headcount budget,
    current headcount and whether a hiring freeze is in force.

    Default order: by department id, ascending.
    """
    return ctx.all(
        "SELECT d.department_id, d.name, d.code, d.parent_department_id, d.head_person_id, dp.default_cost_center_id, "
        "dp.hr_partner_id, dp.default_location_id, dp.headcount_budget, dp.hiring_freeze, "
        "(SELECT count(*) FROM hr.employee e WHERE e.department_id = d.department_id AND e.status <> 'terminated') AS headcount "
        "FROM org.department d LEFT JOIN hr.department_profile dp USING (department_id) ORDER BY 1")


@tool
def hr_get_department(ctx: Ctx, department_id: str) -> dict:
    """Get one department with its HR settings, head (as employee), HR business partner and headcount.

    Args:
        department_id: Department id (DEP005).
    """
    row = ctx.one(
        "SELECT d.department_id, d.name, d.code, d.parent_department_id, 'EMP' || substr(d.head_person_id, 2) AS head_employee_id, "
        "dp.default_cost_center_id, dp.hr_partner_id, dp.default_location_id, dp.headcount_budget, dp.hiring_freeze, "
        "(SELECT count(*) FROM hr.employee e WHERE e.department_id = d.department_id AND e.status <> 'terminated') AS headcount, "
        "(SELECT count(*) FROM hr.position p WHERE p.department_id = d.department_id AND p.status = 'open') AS open_positions "
        "FROM org.department d LEFT JOIN hr.department_profile dp USING (department_id) WHERE d.department_id = ?",
        department_id)
    return ctx.require(row, "department", department_id)


@tool
def hr_list_cost_centers(ctx: Ctx, department_id: str | None = None) -> list:
    """List cost centers, optionally of one department.

    Default order: by cost center id, ascending.

    Args:
        department_id: Only this department's cost centers.
    """
    if department_id:
        return ctx.all("SELECT * FROM org.cost_center WHERE department_id = ? ORDER BY 1", department_id)
    return ctx.all("SELECT * FROM org.cost_center ORDER BY 1")


@tool
def hr_list_locations(ctx: Ctx, region: Literal["AMER", "EMEA", "APAC"] | None = None) -> list:
    """List work locations (offices) with city, country, region and time zone.

    Default order: by location id, ascending.

    Args:
        region: Only locations in this region.
    """
    if region:
        return ctx.all("SELECT * FROM org.location WHERE region = ? ORDER BY 1", region)
    return ctx.all("SELECT * FROM org.location ORDER BY 1")


@tool
def list_job_profiles(ctx: Ctx, department_id: str | None = None, name: str | None = None,
                      include_inactive: bool = False, limit: int = 20, offset: int = 0) -> dict:
    """Search job profiles (job code, family, grade, salary band). Paginated.

    Default order: by job profile id, ascending.

    Args:
        department_id: Only profiles owned by this department.
        name: Case-insensitive substring of the profile name.
        include_inactive: Also list retired profiles.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    if not include_inactive:
        conds.append("active")
    if department_id:
        conds.append("department_id = ?")
        params.append(department_id)
    if name:
        conds.append("name ILIKE ?")
        params.append(f"%{name}%")
    sql = "SELECT * FROM hr.job_profile" + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="job_profile_id")


@tool
def get_job_profile(ctx: Ctx, job_profile_id: str) -> dict:
    """Get a job profile with its access template (the resources and levels its holders are provisioned). The
    salary band (salary_min / salary_max) is in USD; get_employee_compensation shows it in a person's pay currency.

    Args:
        job_profile_id: Job profile id (JP001).
    """
    jp = ctx.require(ctx.one("SELECT * FROM hr.job_profile WHERE job_profile_id = ?", job_profile_id),
                     "job profile", job_profile_id)
    jp["access_template"] = ctx.all(
        "SELECT a.resource_id, r.name, r.access_kind, r.sensitive, r.status, a.access_level FROM hr.job_profile_access a "
        "JOIN hr.access_resource r USING (resource_id) WHERE a.job_profile_id = ? ORDER BY 1", job_profile_id)
    return jp


_POS_VIEW = ("SELECT p.*, j.name AS job_profile_name, j.grade, e.full_name AS incumbent_name, "
             "rp.employee_id AS reports_to_employee_id FROM hr.position p "
             "JOIN hr.job_profile j USING (job_profile_id) LEFT JOIN hr.employee e ON e.employee_id = p.employee_id "
             "LEFT JOIN hr.position rp ON rp.position_id = p.reports_to_position_id")


@tool
def find_positions(ctx: Ctx, department_id: str | None = None, status: PositionStatus | None = None,
                   title: str | None = None, job_profile_id: str | None = None, location_id: str | None = None,
                   position_number: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search positions (seats in the org chart). Paginated.

    Default order: by position id, ascending.

    Args:
        department_id: Department id.
        status: open (vacant, may be filled), filled, frozen (on hold), closed.
        title: Case-insensitive substring of the title.
        job_profile_id: Job profile id.
        location_id: Location id.
        position_number: Exact position number (PN-100123).
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    for col, val in (("p.department_id", department_id), ("p.status", status), ("p.job_profile_id", job_profile_id),
                     ("p.location_id", location_id), ("p.position_number", position_number)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    if title:
        conds.append("p.title ILIKE ?")
        params.append(f"%{title}%")
    sql = _POS_VIEW + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="position_id")


@tool
def get_position(ctx: Ctx, position_id: str) -> dict:
    """Get a position: title, job profile, department, cost center, location, reporting position and
    its incumbent, status.

    Args:
        position_id: Position id (POS0123).
    """
    return ctx.require(ctx.one(_POS_VIEW + " WHERE p.position_id = ?", position_id), "position", position_id)


@tool
def create_position(ctx: Ctx, department_id: str, job_profile_id: str, location_id: str,
                    reports_to_position_id: str, title: str | None = None, fte: float = 1.0) -> dict:
    """Create a new open position (requisition). The cost center defaults from the department; the department
    must have headcount budget left and no hiring freeze. hr_admin only.

    Args:
        department_id: Department id.
        job_profile_id: Active job profile of the position.
        location_id: Work location id.
        reports_to_position_id: The manager's position id.
        title: Title; defaults to the job profile's name.
        fte: Full-time equivalent, 0.1 - 1.0.
    """
    require_hr(ctx, admin=True)
    dp = ctx.one("SELECT * FROM hr.department_profile WHERE department_id = ?", department_id)
    if dp is None:
        raise ToolError(f"department '{department_id}' not found (use hr_list_departments)")
    jp = ctx.one("SELECT * FROM hr.job_profile WHERE job_profile_id = ?", job_profile_id)
    if jp is None or not jp["active"]:
        raise ToolError(f"job profile '{job_profile_id}' not found or retired (use list_job_profiles)")
    if not ctx.scalar("SELECT count(*) FROM org.location WHERE location_id = ?", location_id):
        raise ToolError(f"location '{location_id}' not found")
    rp = ctx.one("SELECT * FROM hr.position WHERE position_id = ?", reports_to_position_id)
    if rp is None or rp["status"] == "closed":
        raise ToolError(f"reports-to position '{reports_to_position_id}' not found or closed")
    if not 0.1 <= fte <= 1.0:
        raise ToolError("fte must be between 0.1 and 1.0")
    if dp["hiring_freeze"]:
        raise ToolError(f"department {department_id} is under a hiring freeze; no new positions may be created")
    used = ctx.scalar("SELECT count(*) FROM hr.position WHERE department_id = ? AND status IN ('open', 'filled')", department_id)
    if used >= dp["headcount_budget"]:
        raise ToolError(f"department {department_id} has no headcount budget left ({used} of {dp['headcount_budget']} used)")
    pid = ctx.new_id("hr.position", "position_id", "POS", 4)
    num = "PN-" + str(100000 + int(pid[3:]))
    now = ctx.timestamp()
    ctx.insert("hr.position", {"position_id": pid, "position_number": num, "title": title or jp["name"],
                               "job_profile_id": job_profile_id, "department_id": department_id,
                               "cost_center_id": dp["default_cost_center_id"], "location_id": location_id,
                               "reports_to_position_id": reports_to_position_id, "employee_id": None, "status": "open",
                               "fte": fte, "created_at": now, "updated_at": now})
    audit(ctx, "create_position", "position", pid, None, f"{num} {title or jp['name']}")
    return get_position.fn(ctx, pid)


@tool
def update_position_status(ctx: Ctx, position_id: str, status: Literal["open", "frozen", "closed"]) -> dict:
    """Freeze, reopen or close a vacant position. A filled position cannot change status here (its incumbent
    must leave or transfer first).

    Args:
        position_id: Position id.
        status: open, frozen or closed. A closed position cannot be reopened.
    """
    require_hr(ctx)
    p = ctx.require(ctx.one("SELECT * FROM hr.position WHERE position_id = ?", position_id), "position", position_id)
    if p["status"] == "filled":
        raise ToolError(f"position {position_id} is filled by {p['employee_id']}; only a vacant position can change status")
    if p["status"] == "closed":
        raise ToolError(f"position {position_id} is closed and cannot be reopened; create a new position")
    if p["status"] == status:
        raise ToolError(f"position {position_id} is already {status}")
    if status == "open":
        if ctx.scalar("SELECT hiring_freeze FROM hr.department_profile WHERE department_id = ?", p["department_id"]):
            raise ToolError(f"department {p['department_id']} is under a hiring freeze; the position cannot be reopened")
    ctx.update("hr.position", {"position_id": position_id}, {"status": status, "updated_at": ctx.timestamp()})
    audit(ctx, "update_position_status", "position", position_id, None, f"{p['status']} -> {status}")
    return get_position.fn(ctx, position_id)

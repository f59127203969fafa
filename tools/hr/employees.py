"""Employees: look-up, search, reporting lines, work data and leave status."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, clean, employee, require_hr, sync_person

Status = Literal["pre_hire", "active", "on_leave", "suspended", "terminated"]
EmploymentType = Literal["full_time", "part_time", "contractor", "intern", "temporary"]

_EMP_VIEW = """
SELECT e.employee_id, e.person_id, e.employee_number, e.full_name, e.work_email, e.status, e.employment_type,
       e.manager_id, m.full_name AS manager_name, m.person_id AS manager_person_id, e.department_id, e.position_id,
       p.title AS position_title, p.job_profile_id, e.location_id, e.cost_center_id,
       e.start_date, e.end_date, e.termination_type, e.termination_reason, e.rehire_eligible, e.legal_hold,
       e.privacy_region
FROM hr.employee e
LEFT JOIN hr.employee m ON m.employee_id = e.manager_id
LEFT JOIN hr.position p ON p.position_id = e.position_id
"""


@tool
def get_employee(ctx: Ctx, employee_id: str) -> dict:
    """Get one employee's HR record: status, employment type, manager, department, position, location,
    cost center, start/end dates, termination details and legal-hold flag.

    Args:
        employee_id: The employee id (EMP0123). Use find_employees to look it up by name, email or number.
    """
    row = ctx.one(_EMP_VIEW + " WHERE e.employee_id = ?", employee_id)
    if row is None:
        employee(ctx, employee_id)
    return row


@tool
def find_employees(ctx: Ctx, name: str | None = None, email: str | None = None, employee_number: str | None = None,
                   person_id: str | None = None, department_id: str | None = None, status: Status | None = None,
                   manager_id: str | None = None, location_id: str | None = None,
                   employment_type: EmploymentType | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search employees. All filters are optional and combined with AND; results are paginated.

    Default order: by employee id, ascending.

    Args:
        name: Case-insensitive substring of the full name.
        email: Exact work email (case-insensitive).
        employee_number: Exact employee number (E100123).
        person_id: The directory person id (P0123).
        department_id: Department id (DEP005), see hr_list_departments.
        status: Employment status.
        manager_id: Employee id of the manager (direct reports).
        location_id: Location id (LOC001), see hr_list_locations.
        employment_type: Employment type.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    for col, val in (("e.employee_number", employee_number), ("e.person_id", person_id), ("e.department_id", department_id),
                     ("e.status", status), ("e.manager_id", manager_id), ("e.location_id", location_id),
                     ("e.employment_type", employment_type)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    if name:
        conds.append("e.full_name ILIKE ?")
        params.append(f"%{name}%")
    if email:
        conds.append("lower(e.work_email) = lower(?)")
        params.append(email)
    sql = _EMP_VIEW + (" WHERE " + " AND ".join(conds) if conds else "")
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="employee_id")


@tool
def list_direct_reports(ctx: Ctx, employee_id: str, include_terminated: bool = False) -> list:
    """List the employees who report directly to a manager.

    Default order: by employee id, ascending.

    Args:
        employee_id: The manager's employee id.
        include_terminated: Also list terminated former reports.
    """
    employee(ctx, employee_id)
    extra = "" if include_terminated else " AND e.status <> 'terminated'"
    return ctx.all(_EMP_VIEW + " WHERE e.manager_id = ?" + extra + " ORDER BY e.employee_id", employee_id)


@tool
def update_employee(ctx: Ctx, employee_id: str, employment_type: EmploymentType | None = None,
                    location_id: str | None = None, cost_center_id: str | None = None,
                    contract_end_date: str | None = None) -> dict:
    """Update an employee's work data. Location and cost-center changes are synced to the directory.
    Department, position and manager change only through a transfer (start_transfer) or change_employee_manager.

    Args:
        employee_id: The employee id.
        employment_type: New employment type. Contractor and temporary staff need a contract end date.
        location_id: New work location id (LOC001).
        cost_center_id: New cost center id; it must belong to the employee's department.
        contract_end_date: Contract end date (YYYY-MM-DD) for contractor / temporary staff.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if e["status"] == "terminated":
        raise ToolError(f"employee {employee_id} is terminated; a terminated record cannot be changed")
    values = clean({"employment_type": employment_type, "location_id": location_id, "cost_center_id": cost_center_id})
    if location_id and not ctx.scalar("SELECT count(*) FROM org.location WHERE location_id = ?", location_id):
        raise ToolError(f"location '{location_id}' not found (use hr_list_locations)")
    if cost_center_id:
        dep = ctx.scalar("SELECT department_id FROM org.cost_center WHERE cost_center_id = ?", cost_center_id)
        if dep is None:
            raise ToolError(f"cost center '{cost_center_id}' not found (use hr_list_cost_centers)")
        if dep != e["department_id"]:
            raise ToolError(f"cost center {cost_center_id} belongs to {dep}, not to the employee's department {e['department_id']}")
    etype = employment_type or e["employment_type"]
    if contract_end_date is not None:
        if etype not in ("contractor", "temporary", "intern"):
            raise ToolError("a contract end date applies only to contractor, temporary or intern employment")
        from .common import parse_date
        values["end_date"] = parse_date(contract_end_date, "contract_end_date")
    elif etype in ("contractor", "temporary") and e["end_date"] is None:
        raise ToolError(f"{etype} employment needs contract_end_date")
    if employment_type in ("full_time", "part_time") and e["end_date"] is not None and contract_end_date is None:
        values["end_date"] = None
    if not values:
        raise ToolError("nothing to update: give at least one field")
    values["updated_at"] = ctx.timestamp()
    ctx.update("hr.employee", {"employee_id": employee_id}, values)
    sync_person(ctx, employee_id)
    audit(ctx, "update_employee", "employee", employee_id, employee_id,
          ", ".join(f"{k}={v}" for k, v in values.items() if k != "updated_at"))
    return get_employee.fn(ctx, employee_id)


@tool
def change_employee_manager(ctx: Ctx, employee_id: str, manager_id: str) -> dict:
    """Change whom an employee reports to. The new manager must be an active employee and not create a
    reporting loop. Synced to the directory.

    Args:
        employee_id: The employee whose manager changes.
        manager_id: The new manager's employee id.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    m = employee(ctx, manager_id)
    if e["status"] == "terminated":
        raise ToolError(f"employee {employee_id} is terminated")
    if manager_id == employee_id:
        raise ToolError("an employee cannot be their own manager")
    if m["status"] != "active":
        raise ToolError(f"manager {manager_id} ({m['full_name']}) is {m['status']}; a manager must be an active employee")
    cur, seen = manager_id, set()
    while cur and cur not in seen:
        if cur == employee_id:
            raise ToolError(f"{manager_id} reports (directly or indirectly) to {employee_id}; that would create a loop")
        seen.add(cur)
        cur = ctx.scalar("SELECT manager_id FROM hr.employee WHERE employee_id = ?", cur)
    ctx.update("hr.employee", {"employee_id": employee_id}, {"manager_id": manager_id, "updated_at": ctx.timestamp()})
    sync_person(ctx, employee_id)
    audit(ctx, "change_employee_manager", "employee", employee_id, employee_id, f"{e['manager_id']} -> {manager_id}")
    return get_employee.fn(ctx, employee_id)


@tool
def place_employee_on_leave(ctx: Ctx, employee_id: str, reason: str) -> dict:
    """Put an active employee on a leave of absence (status on_leave).

    Args:
        employee_id: The employee id.
        reason: Why (e.g. parental leave); recorded in the audit log.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if e["status"] != "active":
        raise ToolError(f"only an active employee can go on leave; {employee_id} is {e['status']}")
    ctx.update("hr.employee", {"employee_id": employee_id}, {"status": "on_leave", "updated_at": ctx.timestamp()})
    audit(ctx, "place_employee_on_leave", "employee", employee_id, employee_id, reason)
    return get_employee.fn(ctx, employee_id)


@tool
def return_employee_from_leave(ctx: Ctx, employee_id: str) -> dict:
    """Return an employee from leave (on_leave -> active).

    Args:
        employee_id: The employee id.
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    if e["status"] != "on_leave":
        raise ToolError(f"{employee_id} is {e['status']}, not on_leave")
    ctx.update("hr.employee", {"employee_id": employee_id}, {"status": "active", "updated_at": ctx.timestamp()})
    audit(ctx, "return_employee_from_leave", "employee", employee_id, employee_id)
    return get_employee.fn(ctx, employee_id)


@tool
def hr_get_user(ctx: Ctx, person_id: str) -> dict:
    """Get a person's HR-system account: role (hr_admin, hr_specialist, hr_partner, manager, employee),
    whether it is active, and the groups the person belongs to.

    Args:
        person_id: The directory person id (P0123).
    """
    u = ctx.one("SELECT u.user_id, u.person_id, u.employee_id, e.full_name, u.role, u.active FROM hr.hr_user u "
                "LEFT JOIN hr.employee e ON e.employee_id = u.employee_id WHERE u.person_id = ?", person_id)
    if u is None:
        raise ToolError(f"no HR-system user for person '{person_id}'")
    u["groups"] = ctx.all("SELECT g.group_id, g.name, g.group_type, m.member_role FROM hr.group_member m "
                          "JOIN hr.hr_group g USING (group_id) WHERE m.employee_id = ? ORDER BY 1", u["employee_id"])
    return u

"""Confidential records (compensation, payroll, misconduct investigations, medical accommodations), readable only
by members of their restricted group, plus compensation and investigations."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import RECORD_GROUP, audit, employee, is_member, me, parse_date, require_hr, require_member

RecordType = Literal["compensation", "payroll", "misconduct_investigation", "medical_accommodation"]


def _record(ctx: Ctx, record_id: str) -> dict:
    r = ctx.one("SELECT * FROM hr.confidential_record WHERE record_id = ?", record_id)
    if r is None:
        raise ToolError(f"confidential record '{record_id}' not found")
    require_member(ctx, r["restricted_group_id"], f"confidential record {r['number']}")
    return r


def _new_record(ctx: Ctx, rtype: str, emp_id: str, title: str, summary: str, case_id: str | None) -> dict:
    rid = ctx.new_id("hr.confidential_record", "record_id", "CR", 4)
    last = ctx.scalar("SELECT max(number) FROM hr.confidential_record")
    return ctx.insert("hr.confidential_record", {
        "record_id": rid, "number": f"CNF{int(last[3:]) + 1}", "record_type": rtype, "employee_id": emp_id,
        "restricted_group_id": RECORD_GROUP[rtype], "case_id": case_id, "title": title, "summary": summary,
        "state": "open", "created_by": ctx.user_id, "created_at": ctx.timestamp()})


@tool
def find_confidential_records(ctx: Ctx, employee_id: str | None = None, record_type: RecordType | None = None,
                              state: Literal["open", "closed"] | None = None, number: str | None = None) -> dict:
    """Search confidential records. Only records of restricted groups the acting user belongs to are returned;
    `hidden` counts matching records the user may not see.

    Default order: by record id, ascending.

    Args:
        employee_id: Records about this employee.
        record_type: compensation, payroll, misconduct_investigation or medical_accommodation.
        state: open or closed.
        number: Exact record number (CNF1001).
    """
    conds, params = [], []
    for col, val in (("employee_id", employee_id), ("record_type", record_type), ("state", state), ("number", number)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    where = (" WHERE " + " AND ".join(conds)) if conds else " WHERE TRUE"
    vis = " AND restricted_group_id IN (SELECT group_id FROM hr.group_member WHERE employee_id = ?)"
    items = ctx.all("SELECT record_id, number, record_type, employee_id, restricted_group_id, title, state, created_at "
                    "FROM hr.confidential_record" + where + vis + " ORDER BY record_id", *params, me(ctx))
    total = ctx.scalar("SELECT count(*) FROM hr.confidential_record" + where, *params)
    return {"items": items, "hidden": total - len(items)}


@tool
def get_confidential_record(ctx: Ctx, record_id: str) -> dict:
    """Read a confidential record. Only members of the record's restricted group may read it.

    Args:
        record_id: Record id (CR0001).
    """
    return _record(ctx, record_id)


@tool
def create_confidential_record(ctx: Ctx, employee_id: str, record_type: RecordType, title: str, summary: str,
                               case_id: str | None = None) -> dict:
    """Create a confidential record. The restricted group follows from the type (compensation GRP010, payroll GRP012,
    misconduct_investigation GRP011, medical_accommodation GRP013); the acting user must belong to it.

    Args:
        employee_id: The employee the record is about.
        record_type: Type of record.
        title: Title.
        summary: Content summary.
        case_id: Related HR case, if any.
    """
    require_hr(ctx)
    employee(ctx, employee_id)
    require_member(ctx, RECORD_GROUP[record_type], f"creating a {record_type} record")
    if case_id and not ctx.scalar("SELECT count(*) FROM hr.hr_case WHERE case_id = ?", case_id):
        raise ToolError(f"case '{case_id}' not found")
    row = _new_record(ctx, record_type, employee_id, title, summary, case_id)
    audit(ctx, "create_confidential_record", "confidential_record", row["record_id"], employee_id, record_type)
    return row


@tool
def close_confidential_record(ctx: Ctx, record_id: str) -> dict:
    """Close an open confidential record (restricted-group members only).

    Args:
        record_id: Record id.
    """
    require_hr(ctx)
    r = _record(ctx, record_id)
    if r["state"] == "closed":
        raise ToolError(f"record {r['number']} is already closed")
    if ctx.scalar("SELECT count(*) FROM hr.investigation WHERE record_id = ? AND state IN ('open', 'under_review')", record_id):
        raise ToolError("the investigation on this record is still open")
    ctx.update("hr.confidential_record", {"record_id": record_id}, {"state": "closed"})
    audit(ctx, "close_confidential_record", "confidential_record", record_id, r["employee_id"])
    return ctx.one("SELECT * FROM hr.confidential_record WHERE record_id = ?", record_id)


# Job-profile bands are kept in USD; a band is compared in the employee's pay currency at these fixed rates.
_USD_RATE = {"USD": 1, "CAD": 1.35, "GBP": 0.8, "EUR": 0.92, "INR": 83, "SGD": 1.35, "AUD": 1.5, "JPY": 150}


def _band(ctx: Ctx, e: dict, currency: str) -> tuple[float, float]:
    band = ctx.one("SELECT j.salary_min, j.salary_max FROM hr.position p JOIN hr.job_profile j USING (job_profile_id) "
                   "WHERE p.position_id = ?", e["position_id"])
    fx = _USD_RATE[currency]
    return float(band["salary_min"]) * fx, float(band["salary_max"]) * fx


@tool
def get_employee_compensation(ctx: Ctx, employee_id: str) -> dict:
    """Read an employee's current compensation (salary, currency, grade), the salary band of their job profile
    converted to the pay currency, and the change history. Restricted to members of Compensation Confidential
    (GRP010).

    Args:
        employee_id: The employee.
    """
    e = employee(ctx, employee_id)
    require_member(ctx, "GRP010", "compensation data")
    c = ctx.one("SELECT * FROM hr.compensation WHERE employee_id = ?", employee_id)
    if c is None:
        raise ToolError(f"no compensation on file for {employee_id}")
    if e["position_id"]:
        lo, hi = _band(ctx, e, c["currency"])
        c["band"] = {"min": round(lo, 2), "max": round(hi, 2), "currency": c["currency"]}
    c["changes"] = ctx.all("SELECT * FROM hr.compensation_change WHERE employee_id = ? ORDER BY created_at", employee_id)
    return c


@tool
def request_compensation_change(ctx: Ctx, employee_id: str, change_type: Literal["merit_increase", "promotion", "market_adjustment", "payroll_correction"],
                                new_salary: float, effective_date: str, justification: str) -> dict:
    """Request a salary change (GRP010 members only). The system opens a compensation confidential record, the change
    (pending_approval) and an approval request to the employee's manager. The new salary must lie inside the salary
    band of the employee's job profile (converted to the pay currency).

    Args:
        employee_id: The employee.
        change_type: merit_increase, promotion, market_adjustment or payroll_correction.
        new_salary: New annual base salary in the employee's pay currency.
        effective_date: YYYY-MM-DD.
        justification: Business justification (mandatory).
    """
    require_hr(ctx)
    e = employee(ctx, employee_id)
    require_member(ctx, "GRP010", "compensation changes")
    if e["status"] not in ("active", "on_leave"):
        raise ToolError(f"{employee_id} is {e['status']}; salary changes apply to active employees only")
    c = ctx.one("SELECT * FROM hr.compensation WHERE employee_id = ?", employee_id)
    if c is None:
        raise ToolError(f"no compensation on file for {employee_id}")
    if ctx.scalar("SELECT count(*) FROM hr.compensation_change WHERE employee_id = ? AND state IN ('pending_approval', 'approved')",
                  employee_id):
        raise ToolError(f"{employee_id} already has a compensation change pending; apply or reject it first")
    lo, hi = _band(ctx, e, c["currency"])
    if not lo <= new_salary <= hi:
        raise ToolError(f"new salary {new_salary:.0f} {c['currency']} is outside the job profile band "
                        f"{lo:.0f}-{hi:.0f} {c['currency']}")
    if not justification.strip():
        raise ToolError("justification is mandatory")
    if not e["manager_id"]:
        raise ToolError(f"{employee_id} has no manager to approve the change")
    eff = parse_date(effective_date, "effective_date")
    rec = _new_record(ctx, "compensation", employee_id, f"{change_type.replace('_', ' ').title()} - {e['full_name']}",
                      justification, None)
    chg = ctx.new_id("hr.compensation_change", "change_id", "CHG", 4)
    now = ctx.timestamp()
    ctx.insert("hr.compensation_change", {"change_id": chg, "employee_id": employee_id, "record_id": rec["record_id"],
                                          "change_type": change_type, "old_salary": c["base_salary"], "new_salary": new_salary,
                                          "currency": c["currency"], "effective_date": eff, "state": "pending_approval",
                                          "requested_by": ctx.user_id, "justification": justification, "created_at": now})
    apr = ctx.new_id("hr.approval", "approval_id", "APR", 4)
    ctx.insert("hr.approval", {"approval_id": apr, "approval_type": "compensation_change", "case_id": None, "event_id": None,
                               "change_id": chg, "grant_id": None, "approver_id": e["manager_id"], "state": "requested",
                               "requested_by": ctx.user_id, "requested_at": now, "decided_at": None, "comments": None})
    audit(ctx, "request_compensation_change", "compensation_change", chg, employee_id, f"{c['base_salary']} -> {new_salary}")
    out = ctx.one("SELECT * FROM hr.compensation_change WHERE change_id = ?", chg)
    out["approval_id"] = apr
    return out


@tool
def apply_compensation_change(ctx: Ctx, change_id: str) -> dict:
    """Apply an approved compensation change to the employee's compensation (GRP010 members only).

    Args:
        change_id: Change id (CHG0001).
    """
    require_hr(ctx)
    require_member(ctx, "GRP010", "compensation changes")
    ch = ctx.require(ctx.one("SELECT * FROM hr.compensation_change WHERE change_id = ?", change_id), "compensation change", change_id)
    if ch["state"] != "approved":
        raise ToolError(f"change {change_id} is {ch['state']}; only approved changes can be applied")
    ctx.update("hr.compensation_change", {"change_id": change_id}, {"state": "applied"})
    ctx.update("hr.compensation", {"employee_id": ch["employee_id"]}, {"base_salary": ch["new_salary"],
                                                                      "effective_date": ch["effective_date"], "last_change_id": change_id})
    audit(ctx, "apply_compensation_change", "compensation_change", change_id, ch["employee_id"])
    return ctx.one("SELECT * FROM hr.compensation WHERE employee_id = ?", ch["employee_id"])


@tool
def open_investigation(ctx: Ctx, subject_employee_id: str, allegation: Literal["harassment", "discrimination", "fraud", "policy_breach", "workplace_violence", "conflict_of_interest"],
                       investigator_id: str, summary: str, complainant_id: str | None = None,
                       case_id: str | None = None) -> dict:
    """Open a misconduct investigation (ER Investigations Confidential, GRP011, members only): creates the
    confidential record and the investigation. The investigator must be a GRP011 member and must be neither the
    subject, the complainant, nor the subject's manager.

    Args:
        subject_employee_id: The employee under investigation.
        allegation: Kind of allegation.
        investigator_id: Employee id of the investigator.
        summary: Summary of the allegation.
        complainant_id: Employee who raised the concern, if known.
        case_id: Related HR case, if any.
    """
    require_hr(ctx)
    require_member(ctx, "GRP011", "misconduct investigations")
    s = employee(ctx, subject_employee_id)
    if complainant_id:
        employee(ctx, complainant_id)
    if not is_member(ctx, "GRP011", investigator_id):
        raise ToolError(f"investigator {investigator_id} is not a member of GRP011 (ER Investigations Confidential)")
    if investigator_id in (subject_employee_id, complainant_id, s["manager_id"]):
        raise ToolError(f"conflict of interest: {investigator_id} cannot investigate this matter")
    if case_id and not ctx.scalar("SELECT count(*) FROM hr.hr_case WHERE case_id = ?", case_id):
        raise ToolError(f"case '{case_id}' not found")
    rec = _new_record(ctx, "misconduct_investigation", subject_employee_id, f"Misconduct investigation file - {s['full_name']}",
                      summary, case_id)
    iid = ctx.new_id("hr.investigation", "investigation_id", "INV", 3)
    ctx.insert("hr.investigation", {"investigation_id": iid, "record_id": rec["record_id"], "subject_employee_id": subject_employee_id,
                                    "complainant_id": complainant_id, "investigator_id": investigator_id, "allegation": allegation,
                                    "state": "open", "findings": None, "opened_at": ctx.timestamp(), "closed_at": None})
    audit(ctx, "open_investigation", "investigation", iid, subject_employee_id, allegation)
    return get_investigation.fn(ctx, iid)


@tool
def get_investigation(ctx: Ctx, investigation_id: str) -> dict:
    """Read an investigation (GRP011 members only).

    Args:
        investigation_id: Investigation id (INV001).
    """
    require_member(ctx, "GRP011", "misconduct investigations")
    return ctx.require(ctx.one("SELECT i.*, r.number AS record_number FROM hr.investigation i JOIN hr.confidential_record r "
                               "USING (record_id) WHERE investigation_id = ?", investigation_id), "investigation", investigation_id)


@tool
def update_investigation(ctx: Ctx, investigation_id: str, state: Literal["under_review", "substantiated", "unsubstantiated", "closed"],
                         findings: str | None = None) -> dict:
    """Move an investigation forward (GRP011 members only). substantiated / unsubstantiated need findings; closed needs
    a prior finding.

    Args:
        investigation_id: Investigation id.
        state: under_review, substantiated, unsubstantiated or closed.
        findings: Findings (mandatory for substantiated / unsubstantiated).
    """
    require_hr(ctx)
    inv = get_investigation.fn(ctx, investigation_id)
    if inv["state"] == "closed":
        raise ToolError("investigation is closed")
    if state in ("substantiated", "unsubstantiated") and not findings:
        raise ToolError("findings are mandatory for a substantiated / unsubstantiated outcome")
    if state == "closed" and inv["state"] not in ("substantiated", "unsubstantiated"):
        raise ToolError("record an outcome (substantiated / unsubstantiated) before closing")
    values = {"state": state}
    if findings:
        values["findings"] = findings
    if state == "closed":
        values["closed_at"] = ctx.timestamp()
    ctx.update("hr.investigation", {"investigation_id": investigation_id}, values)
    audit(ctx, "update_investigation", "investigation", investigation_id, inv["subject_employee_id"], state)
    return get_investigation.fn(ctx, investigation_id)


@tool
def find_investigations(ctx: Ctx, subject_employee_id: str | None = None,
                        state: Literal["open", "under_review", "substantiated", "unsubstantiated", "closed"] | None = None,
                        investigator_id: str | None = None) -> list:
    """Search misconduct investigations (GRP011 members only).

    Default order: by investigation id, ascending.

    Args:
        subject_employee_id: Investigations about this employee.
        state: Investigation state.
        investigator_id: Investigations run by this investigator.
    """
    require_member(ctx, "GRP011", "misconduct investigations")
    conds, params = [], []
    for col, val in (("i.subject_employee_id", subject_employee_id), ("i.state", state), ("i.investigator_id", investigator_id)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    return ctx.all("SELECT i.*, r.number AS record_number FROM hr.investigation i JOIN hr.confidential_record r USING (record_id)"
                   + (" WHERE " + " AND ".join(conds) if conds else "") + " ORDER BY i.investigation_id", *params)

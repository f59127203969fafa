"""Seed of the HR domain: deterministic (fixed seeds, dates from a fixed anchor), internally consistent.

Every org.person is an hr.employee (EMPnnnn for Pnnnn). Inactive org persons are terminated
employees: end date, termination type, all access revoked, badges deactivated, position vacated.
"""

from __future__ import annotations

import datetime as dt
import random

import importlib.util
from pathlib import Path

from faker import Faker

_spec = importlib.util.spec_from_file_location("eops_hr_texts", Path(__file__).with_name("texts.py"))
T = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(T)

SEED = 4711
NOW = dt.datetime(2025, 12, 5, 10, 0, 0)
TODAY = NOW.date()

REGION = {"United States": "CCPA", "Canada": "PIPEDA", "United Kingdom": "GDPR", "Germany": "GDPR",
          "Ireland": "GDPR", "India": "DPDP", "Singapore": "PDPA", "Australia": "APP", "Japan": "APPI"}
CURRENCY = {"United States": "USD", "Canada": "CAD", "United Kingdom": "GBP", "Germany": "EUR",
            "Ireland": "EUR", "India": "INR", "Singapore": "SGD", "Australia": "AUD", "Japan": "JPY"}
FX = {"USD": 1, "CAD": 1.35, "GBP": 0.8, "EUR": 0.92, "INR": 83, "SGD": 1.35, "AUD": 1.5, "JPY": 150}

# id, name, type, department, description
GROUPS = [
    ("GRP001", "HR Operations", "fulfillment", "DEP005", "Employee data, lifecycle coordination and general HR cases"),
    ("GRP002", "Payroll Services", "fulfillment", "DEP005", "Payroll inquiries, tax forms, pay corrections"),
    ("GRP003", "Benefits Administration", "fulfillment", "DEP005", "Benefits enrollment and leave of absence"),
    ("GRP004", "Employee Relations", "fulfillment", "DEP005", "Workplace concerns and employee relations cases"),
    ("GRP005", "Talent Acquisition", "fulfillment", "DEP005", "Requisitions, offers and new-hire paperwork"),
    ("GRP006", "IT Access Management", "operations", "DEP013", "Provisioning and revocation of digital access"),
    ("GRP007", "Facilities Security", "operations", "DEP012", "Badges and physical access to sites and secure areas"),
    ("GRP008", "Legal eDiscovery", "operations", "DEP007", "Legal holds and preservation of records"),
    ("GRP009", "Privacy Office", "fulfillment", "DEP007", "Data-subject requests (access, erasure, rectification)"),
    ("GRP010", "Compensation Confidential", "restricted", "DEP005", "Restricted: salary, merit and promotion records"),
    ("GRP011", "ER Investigations Confidential", "restricted", "DEP005", "Restricted: misconduct investigations"),
    ("GRP012", "Payroll Confidential", "restricted", "DEP005", "Restricted: payroll corrections and garnishments"),
    ("GRP013", "Medical Accommodation Confidential", "restricted", "DEP005", "Restricted: medical and accommodation files"),
    ("GRP014", "HR Leadership Approvals", "approval", "DEP005", "Approvals for exceptions, salary changes and services"),
    ("GRP015", "Security Forensics", "operations", "DEP013", "Forensic preservation: mailbox, laptop imaging, drives"),
    ("GRP016", "Learning & Development", "fulfillment", "DEP005", "Training requests and learning programs"),
    ("GRP017", "Global Mobility", "fulfillment", "DEP005", "Transfers, relocations and work permits"),
]

CATEGORIES = [  # id, code, name, parent, group, confidential
    ("CAT01", "PAY", "Payroll", None, "GRP002", False),
    ("CAT02", "BEN", "Benefits", None, "GRP003", False),
    ("CAT03", "ER", "Employee Relations", None, "GRP004", True),
    ("CAT04", "EDM", "Employee Data Management", None, "GRP001", False),
    ("CAT05", "LIFE", "Onboarding and Offboarding", None, "GRP001", False),
    ("CAT06", "TAL", "Talent and Learning", None, "GRP016", False),
    ("CAT07", "MOB", "Global Mobility", None, "GRP017", False),
    ("CAT08", "PRIV", "Data Privacy", None, "GRP009", False),
    ("CAT09", "LOA", "Leave of Absence", "CAT02", "GRP003", False),
    ("CAT10", "COMP", "Compensation", None, "GRP010", True),
    ("CAT11", "TAX", "Payroll Tax", "CAT01", "GRP002", False),
    ("CAT12", "POL", "Policy Inquiries", None, "GRP001", False),
    ("CAT13", "INV", "Misconduct Investigations", "CAT03", "GRP011", True),
    ("CAT14", "ARCH", "Legacy Requests (archived)", None, "GRP001", False),
]

SERVICES = [  # id, code, name, category, group, approval, approver, sla, active
    ("SVC001", "PAY-INQ", "Payroll Inquiry", "CAT01", "GRP002", False, None, 5, True),
    ("SVC002", "PAY-DD", "Direct Deposit Change", "CAT01", "GRP002", False, None, 3, True),
    ("SVC003", "TAX-FORM", "Tax Form Request", "CAT11", "GRP002", False, None, 10, True),
    ("SVC004", "BEN-ENR", "Benefits Enrollment", "CAT02", "GRP003", False, None, 10, True),
    ("SVC005", "LOA-REQ", "Leave of Absence Request", "CAT09", "GRP003", True, "GRP014", 7, True),
    ("SVC006", "EMP-VER", "Employment Verification", "CAT04", "GRP001", False, None, 3, True),
    ("SVC007", "ADDR-CHG", "Address Change", "CAT04", "GRP001", False, None, 2, True),
    ("SVC008", "NAME-CHG", "Legal Name Change", "CAT04", "GRP001", False, None, 5, True),
    ("SVC009", "ONB", "New Hire Onboarding", "CAT05", "GRP001", False, None, 14, True),
    ("SVC010", "XFER", "Employee Transfer", "CAT07", "GRP017", True, "GRP014", 10, True),
    ("SVC011", "OFFB", "Employee Offboarding", "CAT05", "GRP001", False, None, 5, True),
    ("SVC012", "ER-CONCERN", "Workplace Concern", "CAT03", "GRP004", False, None, 5, True),
    ("SVC013", "SAL-ADJ", "Salary Adjustment Request", "CAT10", "GRP010", True, "GRP014", 15, True),
    ("SVC014", "LRN-REQ", "Learning Request", "CAT06", "GRP016", True, "GRP014", 10, True),
    ("SVC015", "RELOC", "Relocation Support", "CAT07", "GRP017", True, "GRP014", 20, True),
    ("SVC016", "DSR", "Data Subject Request", "CAT08", "GRP009", False, None, 30, True),
    ("SVC017", "INVEST", "Misconduct Investigation", "CAT13", "GRP011", False, None, 30, True),
    ("SVC018", "PAPER-W2", "Paper W-2 Reprint (retired)", "CAT14", "GRP002", False, None, 10, False),
]

TOPICS = {  # category -> [(name, service, priority)]
    "CAT01": [("Missing paycheck", "SVC001", 1), ("Incorrect overtime pay", "SVC001", 2), ("Pay stub question", "SVC001", 4),
              ("Direct deposit update", "SVC002", 3), ("Final paycheck question", "SVC001", 2)],
    "CAT02": [("Medical plan enrollment", "SVC004", 3), ("Dependent coverage change", "SVC004", 3),
              ("Retirement plan contribution", "SVC004", 4), ("Life event benefits change", "SVC004", 3)],
    "CAT03": [("Manager conflict", "SVC012", 2), ("Team conduct concern", "SVC012", 2), ("Retaliation concern", "SVC012", 1)],
    "CAT04": [("Employment verification letter", "SVC006", 3), ("Home address change", "SVC007", 4),
              ("Legal name change", "SVC008", 3), ("Emergency contact update", "SVC007", 4), ("Job title correction", None, 3)],
    "CAT05": [("New hire paperwork", "SVC009", 3), ("Onboarding equipment", "SVC009", 3), ("Resignation processing", "SVC011", 2),
              ("Exit interview", "SVC011", 4), ("Involuntary separation", "SVC011", 1)],
    "CAT06": [("Training enrollment", "SVC014", 4), ("Certification reimbursement", "SVC014", 3), ("Mentoring program", "SVC014", 4)],
    "CAT07": [("Internal transfer", "SVC010", 3), ("International relocation", "SVC015", 2), ("Work permit renewal", "SVC015", 2)],
    "CAT08": [("Access to personal data", "SVC016", 2), ("Erasure of personal data", "SVC016", 2),
              ("Rectification of personal data", "SVC016", 3)],
    "CAT09": [("Parental leave", "SVC005", 2), ("Medical leave", "SVC005", 2), ("Sabbatical request", "SVC005", 4),
              ("Return from leave", "SVC005", 3)],
    "CAT10": [("Merit increase", "SVC013", 3), ("Promotion adjustment", "SVC013", 3), ("Market adjustment", "SVC013", 3)],
    "CAT11": [("W-4 withholding change", "SVC003", 3), ("Tax form reprint", "SVC003", 4), ("Multi-state tax question", "SVC003", 3)],
    "CAT12": [("Remote work policy question", None, 4), ("Travel policy question", None, 4), ("Code of conduct question", None, 4)],
    "CAT13": [("Harassment allegation", "SVC017", 1), ("Fraud allegation", "SVC017", 1), ("Policy breach allegation", "SVC017", 2)],
    "CAT14": [("Paper W-2 reprint", "SVC018", 4)],
}

RESOURCES = [  # name, kind, type, location, owner, sensitive, status
    ("Corporate Email and Calendar", "digital", "account", None, "GRP006", False, "active"),
    ("Single Sign-On Directory Account", "digital", "account", None, "GRP006", False, "active"),
    ("Corporate VPN", "digital", "vpn", None, "GRP006", False, "active"),
    ("HRIS Workbench", "digital", "application", None, "GRP006", True, "active"),
    ("Payroll System", "digital", "application", None, "GRP006", True, "active"),
    ("ERP Finance", "digital", "application", None, "GRP006", True, "active"),
    ("CRM Suite", "digital", "application", None, "GRP006", False, "active"),
    ("Source Code Repositories", "digital", "application", None, "GRP006", False, "active"),
    ("Cloud Admin Console", "digital", "application", None, "GRP006", True, "active"),
    ("Service Desk Console", "digital", "application", None, "GRP006", False, "active"),
    ("Customer Support Portal", "digital", "application", None, "GRP006", False, "active"),
    ("Marketing Automation", "digital", "application", None, "GRP006", False, "active"),
    ("Legal Matter Management", "digital", "application", None, "GRP006", True, "active"),
    ("HR Confidential Drive", "digital", "shared_drive", None, "GRP006", True, "active"),
    ("Finance Shared Drive", "digital", "shared_drive", None, "GRP006", False, "active"),
    ("Engineering Wiki", "digital", "shared_drive", None, "GRP006", False, "active"),
    ("Security Operations Tooling", "digital", "application", None, "GRP006", True, "active"),
    ("Procurement Portal", "digital", "application", None, "GRP006", False, "active"),
    ("Legacy Expense System", "digital", "application", None, "GRP006", False, "frozen"),
    ("Old Intranet", "digital", "application", None, "GRP006", False, "decommissioned"),
    ("Austin Data Center", "physical", "secure_area", "LOC002", "GRP007", True, "active"),
    ("New York Records Room", "physical", "secure_area", "LOC001", "GRP007", True, "active"),
    ("Berlin Server Room", "physical", "secure_area", "LOC006", "GRP007", True, "active"),
]

BASE_DIGITAL = ["Corporate Email and Calendar", "Single Sign-On Directory Account", "Corporate VPN"]
DEPT_ACCESS = {
    "DEP001": [("ERP Finance", "read")],
    "DEP002": [("Cloud Admin Console", "admin"), ("Service Desk Console", "standard"), ("Austin Data Center", "standard")],
    "DEP003": [("Service Desk Console", "standard")],
    "DEP004": [("Cloud Admin Console", "admin"), ("Austin Data Center", "standard"), ("Berlin Server Room", "standard")],
    "DEP005": [("HRIS Workbench", "standard"), ("HR Confidential Drive", "standard")],
    "DEP006": [("ERP Finance", "standard"), ("Finance Shared Drive", "standard"), ("New York Records Room", "standard")],
    "DEP007": [("Legal Matter Management", "standard")],
    "DEP008": [("CRM Suite", "standard")],
    "DEP009": [("Customer Support Portal", "standard"), ("CRM Suite", "read")],
    "DEP010": [("Source Code Repositories", "standard"), ("Engineering Wiki", "standard")],
    "DEP011": [("Marketing Automation", "standard"), ("CRM Suite", "read")],
    "DEP012": [("Service Desk Console", "read")],
    "DEP013": [("Security Operations Tooling", "admin"), ("Cloud Admin Console", "read")],
    "DEP014": [("Procurement Portal", "standard"), ("ERP Finance", "read")],
}
PAYROLL_TITLES = {"Payroll Specialist"}

ONB_TEMPLATES = [  # name, group, mandatory, offset
    ("Collect signed offer and tax forms", "GRP005", True, -3),
    ("Create directory account and mailbox", "GRP006", True, -1),
    ("Provision job-profile access", "GRP006", True, 0),
    ("Issue building badge", "GRP007", True, 0),
    ("Enroll in benefits", "GRP003", True, 30),
    ("Assign compliance training", "GRP016", True, 14),
    ("Schedule manager welcome meeting", "GRP001", False, 1),
]
XFER_TEMPLATES = [
    ("Confirm transfer approval", "GRP014", True, -5),
    ("Update position and reporting line", "GRP001", True, 0),
    ("Review access for new job profile", "GRP006", True, 0),
    ("Update badge location", "GRP007", False, 0),
    ("Relocation briefing", "GRP017", False, 5),
]
OFFB_TEMPLATES = [
    ("Revoke digital access", "GRP006", True, 0),
    ("Deactivate badge and physical access", "GRP007", True, 0),
    ("Collect company equipment", "GRP001", True, 1),
    ("Process final pay", "GRP002", True, 5),
    ("Benefits termination notice", "GRP003", True, 7),
    ("Exit interview", "GRP001", False, 0),
    ("Knowledge transfer sign-off", "GRP001", False, -3),
]


def grade_for(title: str) -> str:
    t = title.lower()
    if t.startswith("chief") or t in ("ciso", "general counsel"):
        return "G8"
    if "director" in t or t.startswith("vp"):
        return "G7"
    if "manager" in t or "lead" in t or "controller" in t:
        return "G6"
    if "senior" in t or "architect" in t or "engineer" in t or "business partner" in t:
        return "G4" if "senior" not in t else "G5"
    if "assistant" in t or "coordinator" in t or "technician" in t or "paralegal" in t:
        return "G2"
    return "G3"


BANDS = {"G1": (38000, 52000), "G2": (45000, 65000), "G3": (58000, 85000), "G4": (75000, 110000),
         "G5": (95000, 140000), "G6": (110000, 165000), "G7": (150000, 230000), "G8": (210000, 380000)}


def ts(d: dt.date, rng: random.Random) -> dt.datetime:
    return dt.datetime.combine(d, dt.time(rng.randint(8, 17), rng.choice([0, 15, 30, 45])))


def keep_stream(*_drawn) -> None:
    """Text is templated (texts.py); Faker's old filler sentences are still drawn and dropped in their old
    places so that the personal data drawn after them (emails, bank accounts) keeps its values."""


def seed(db) -> None:
    fake = Faker("en_US")
    fake.seed_instance(SEED)
    rng = random.Random(SEED)
    persons = db.query("SELECT p.*, l.country FROM org.person p JOIN org.location l USING (location_id) ORDER BY person_id")
    depts = {d["department_id"]: d for d in db.query("SELECT * FROM org.department ORDER BY department_id")}
    locations = [r["location_id"] for r in db.query("SELECT location_id FROM org.location ORDER BY 1")]
    loc_country = {r["location_id"]: r["country"] for r in db.query("SELECT location_id, country FROM org.location")}
    loc_name = {r["location_id"]: r["name"] for r in db.query("SELECT location_id, name FROM org.location")}
    emp = lambda pid: "EMP" + pid[1:]  # noqa: E731
    by_pid = {p["person_id"]: p for p in persons}
    heads = {d["head_person_id"] for d in depts.values()}

    # ---- job profiles -----------------------------------------------------
    profiles, prof_key = [], {}
    for p in persons:
        key = (p["department_id"], p["title"])
        if key in prof_key:
            continue
        n = len(profiles) + 1
        g = grade_for(p["title"])
        code = depts[p["department_id"]]["code"] + "-" + "".join(w[0] for w in p["title"].split()).upper() + f"{n:02d}"
        profiles.append({"job_profile_id": f"JP{n:03d}", "code": code, "name": p["title"],
                         "job_family": depts[p["department_id"]]["name"], "grade": g,
                         "department_id": p["department_id"], "salary_min": BANDS[g][0], "salary_max": BANDS[g][1],
                         "is_manager": g in ("G6", "G7", "G8"), "active": True})
        prof_key[key] = f"JP{n:03d}"
    profiles.append({"job_profile_id": f"JP{len(profiles) + 1:03d}", "code": "ENG-LEGACY-QA", "name": "Manual Test Analyst",
                     "job_family": "Engineering", "grade": "G2", "department_id": "DEP010", "salary_min": 45000,
                     "salary_max": 65000, "is_manager": False, "active": False})
    db.insert("hr.job_profile", profiles)

    # ---- employees ---------------------------------------------------------
    employees, positions = [], []
    active_set = {p["person_id"] for p in persons if p["active"]}
    for i, p in enumerate(persons):
        eid = emp(p["person_id"])
        mgr = p["manager_id"]
        if mgr and mgr not in active_set:
            mgr = depts[p["department_id"]]["head_person_id"]
            if mgr == p["person_id"]:
                mgr = "P0001"
        r = rng.random()
        etype = ("full_time" if r < 0.84 else "part_time" if r < 0.89 else "contractor" if r < 0.95
                 else "intern" if r < 0.97 else "temporary")
        if p["person_id"] in heads or mgr is None:
            etype = "full_time"
        status, end, ttype, treason, rehire = "active", None, None, None, None
        if not p["active"]:
            status = "terminated"
            end = TODAY - dt.timedelta(days=rng.randint(20, 700))
            ttype = rng.choice(["voluntary", "voluntary", "involuntary", "end_of_contract", "retirement"])
            treason = {"voluntary": "Resigned to pursue another opportunity", "involuntary": "Performance-related separation",
                       "end_of_contract": "Fixed-term contract ended", "retirement": "Retired"}[ttype]
            rehire = ttype != "involuntary"
        elif rng.random() < 0.025 and p["person_id"] not in heads:
            status = "on_leave"
        elif etype in ("contractor", "temporary"):
            end = TODAY + dt.timedelta(days=rng.randint(40, 400))
        start = p["hire_date"]
        if end is not None and status == "terminated" and end <= start:
            end = start + dt.timedelta(days=rng.randint(60, 300))
            if end >= TODAY:
                end = TODAY - dt.timedelta(days=15)
        pos_id = f"POS{i + 1:04d}"
        employees.append({
            "employee_id": eid, "person_id": p["person_id"], "employee_number": p["employee_number"],
            "full_name": p["full_name"], "work_email": p["email"], "status": status, "employment_type": etype,
            "manager_id": emp(mgr) if mgr else None, "department_id": p["department_id"],
            "position_id": None if status == "terminated" else pos_id, "location_id": p["location_id"],
            "cost_center_id": p["cost_center_id"], "start_date": start, "end_date": end, "termination_type": ttype,
            "termination_reason": treason, "rehire_eligible": rehire, "legal_hold": False,
            "privacy_region": REGION[p["country"]], "updated_at": ts(min(TODAY, start + dt.timedelta(days=30)), rng)})
    emp_by = {e["employee_id"]: e for e in employees}
    pos_of = {}
    for i, p in enumerate(persons):
        e = employees[i]
        pos_of[e["employee_id"]] = f"POS{i + 1:04d}"
    for i, p in enumerate(persons):
        e = employees[i]
        mgr_pos = pos_of.get(e["manager_id"]) if e["manager_id"] else None
        positions.append({
            "position_id": f"POS{i + 1:04d}", "position_number": f"PN-{100001 + i}", "title": p["title"],
            "job_profile_id": prof_key[(p["department_id"], p["title"])], "department_id": p["department_id"],
            "cost_center_id": p["cost_center_id"], "location_id": p["location_id"], "reports_to_position_id": mgr_pos,
            "employee_id": None if e["status"] == "terminated" else e["employee_id"],
            "status": ("closed" if rng.random() < 0.4 else "open") if e["status"] == "terminated" else "filled",
            "fte": 0.5 if e["employment_type"] == "part_time" else 1.0,
            "created_at": ts(e["start_date"] - dt.timedelta(days=30), rng), "updated_at": ts(e["start_date"], rng)})
    # extra open / frozen requisitions per department
    n = len(positions)
    for dep_id, d in depts.items():
        titles = [t for (dd, t) in prof_key if dd == dep_id and t != by_pid[d["head_person_id"]]["title"]]
        for k in range(3 if dep_id not in ("DEP001",) else 1):
            n += 1
            title = titles[k % len(titles)] if titles else by_pid[d["head_person_id"]]["title"]
            status = "frozen" if (dep_id in ("DEP011", "DEP014") or k == 2 and dep_id in ("DEP008",)) else "open"
            positions.append({
                "position_id": f"POS{n:04d}", "position_number": f"PN-{100000 + n}", "title": title,
                "job_profile_id": prof_key[(dep_id, title)], "department_id": dep_id, "cost_center_id": f"CC{dep_id[3:]}",
                "location_id": d["location_id"] if k != 1 else rng.choice(locations),
                "reports_to_position_id": pos_of[emp(d["head_person_id"])], "employee_id": None, "status": status,
                "fte": 1.0, "created_at": ts(TODAY - dt.timedelta(days=rng.randint(10, 120)), rng),
                "updated_at": ts(TODAY - dt.timedelta(days=rng.randint(1, 9)), rng)})
    db.insert("hr.employee", employees)
    db.insert("hr.position", positions)

    # ---- groups, members, users ------------------------------------------
    hr_people = [e for e in employees if e["department_id"] == "DEP005" and e["status"] == "active"]
    sec_people = [e for e in employees if e["department_id"] == "DEP013" and e["status"] == "active"]
    fac_people = [e for e in employees if e["department_id"] == "DEP012" and e["status"] == "active"]
    legal_people = [e for e in employees if e["department_id"] == "DEP007" and e["status"] == "active"]
    members: dict[str, list[tuple[str, str]]] = {}
    hr_ids = [e["employee_id"] for e in hr_people]  # EMP0184 director, EMP0185 admin ...
    plan = {
        "GRP001": hr_ids[1:9], "GRP002": [x for x in hr_ids if by_pid["P" + x[3:]]["title"] == "Payroll Specialist"][:6],
        "GRP003": hr_ids[9:15], "GRP004": hr_ids[15:21], "GRP005": [x for x in hr_ids if by_pid["P" + x[3:]]["title"] == "Recruiter"][:6],
        "GRP006": [e["employee_id"] for e in sec_people[1:8]], "GRP007": [e["employee_id"] for e in fac_people[1:6]],
        "GRP008": [e["employee_id"] for e in legal_people[1:6]], "GRP009": [e["employee_id"] for e in legal_people[6:10]] + hr_ids[2:3],
        "GRP010": [hr_ids[0], hr_ids[1], hr_ids[21], hr_ids[22]], "GRP011": [hr_ids[0], hr_ids[15], hr_ids[16], hr_ids[23]],
        "GRP012": [x for x in hr_ids if by_pid["P" + x[3:]]["title"] == "Payroll Specialist"][:3] + [hr_ids[1]],
        "GRP013": [hr_ids[9], hr_ids[24], hr_ids[0]], "GRP014": [hr_ids[0], hr_ids[25], "EMP0001"],
        "GRP015": [e["employee_id"] for e in sec_people[8:13]], "GRP016": hr_ids[26:30], "GRP017": hr_ids[29:33],
    }
    groups, gm = [], []
    for gid, name, gtype, dep, desc in GROUPS:
        ids = list(dict.fromkeys(plan[gid]))
        groups.append({"group_id": gid, "name": name, "group_type": gtype, "description": desc,
                       "manager_employee_id": ids[0], "parent_group_id": "GRP001" if gid in ("GRP002", "GRP003", "GRP016", "GRP017") else None,
                       "department_id": dep, "email": name.lower().replace(" & ", "-").replace(" ", "-") + "@arcturus.example",
                       "active": True})
        for k, x in enumerate(ids):
            gm.append({"group_id": gid, "employee_id": x, "member_role": "lead" if k == 0 else "member",
                       "added_at": ts(TODAY - dt.timedelta(days=rng.randint(60, 900)), rng), "added_by": "P0184"})
        members[gid] = ids
    # one former member who was terminated is no longer listed; a dormant group
    groups.append({"group_id": "GRP018", "name": "Relocation Vendors (retired)", "group_type": "fulfillment",
                   "description": "Retired group: relocation vendor liaison", "manager_employee_id": hr_ids[29],
                   "parent_group_id": "GRP017", "department_id": "DEP005", "email": None, "active": False})
    db.insert("hr.hr_group", groups)
    db.insert("hr.group_member", gm)

    managers = {e["manager_id"] for e in employees if e["manager_id"] and e["status"] != "terminated"}
    users = []
    for k, e in enumerate(employees):
        title = by_pid[e["person_id"]]["title"]
        role = "employee"
        if e["department_id"] == "DEP005":
            role = ("hr_admin" if title in ("HR Director",) or e["employee_id"] in ("EMP0185", "EMP0191")
                    else "hr_partner" if title == "HR Business Partner" else "hr_specialist")
        elif e["employee_id"] in managers:
            role = "manager"
        users.append({"user_id": f"USR{k + 1:04d}", "person_id": e["person_id"], "employee_id": e["employee_id"],
                      "role": role, "active": e["status"] != "terminated",
                      "last_login": None if e["status"] == "terminated" else min(ts(TODAY - dt.timedelta(days=rng.randint(0, 20)), rng),
                                                                                   NOW - dt.timedelta(minutes=7))})
    db.insert("hr.hr_user", users)

    # ---- department profiles -------------------------------------------------
    hrbps = [x for x in hr_ids if by_pid["P" + x[3:]]["title"] == "HR Business Partner"]
    db.insert("hr.department_profile", [
        {"department_id": d, "default_cost_center_id": f"CC{d[3:]}", "hr_partner_id": hrbps[k % len(hrbps)],
         "default_location_id": depts[d]["location_id"],
         "headcount_budget": sum(1 for p in positions if p["department_id"] == d and p["status"] in ("open", "filled")) + 2,
         "hiring_freeze": d in ("DEP011", "DEP014")} for k, d in enumerate(depts)])

    # ---- catalog: categories, services, topics, articles ---------------------
    db.insert("hr.case_category", [
        {"category_id": c, "code": code, "name": name, "description": f"HR cases about {name.lower()}",
         "parent_category_id": parent, "fulfillment_group_id": g, "confidential": conf, "active": c != "CAT14"}
        for c, code, name, parent, g, conf in CATEGORIES])
    db.insert("hr.hr_service", [
        {"service_id": s, "code": code, "name": name, "description": f"{name} ({code})", "category_id": cat,
         "fulfillment_group_id": g, "approval_required": appr, "approver_group_id": ag, "sla_days": sla, "active": act}
        for s, code, name, cat, g, appr, ag, sla, act in SERVICES])
    cat_group = {c[0]: c[4] for c in CATEGORIES}
    cat_conf = {c[0]: c[5] for c in CATEGORIES}
    svc = {s[0]: s for s in SERVICES}
    topics = []
    for cat, items in TOPICS.items():
        code = [c[1] for c in CATEGORIES if c[0] == cat][0]
        for k, (name, service, prio) in enumerate(items):
            topics.append({"topic_id": f"TOP{len(topics) + 1:03d}", "code": f"{code}-{k + 1:02d}", "name": name,
                           "category_id": cat, "service_id": service, "fulfillment_group_id": None, "default_priority": prio,
                           "created_by": "P0184", "created_at": dt.datetime(2023, 1, 9, 9, 0), "active": cat != "CAT14"})
    db.insert("hr.case_topic", topics)
    articles = []
    for k, (cat, items) in enumerate(TOPICS.items()):
        for j, (name, _s, _p) in enumerate(items[:2]):
            articles.append({"article_id": f"KBA{len(articles) + 1:03d}", "number": f"HRKB{1000 + len(articles) + 1}",
                             "title": f"How to: {name.lower()}", "body": T.kb_body(f"KBA{len(articles) + 1:03d}", cat, name),
                             "category_id": cat, "author_id": hr_ids[(k + j) % len(hr_ids)],
                             "state": "retired" if cat == "CAT14" else ("draft" if j == 1 and k % 4 == 0 else "published"),
                             "published_at": dt.datetime(2024, 1 + k % 12, 10, 9, 0)})
            keep_stream(fake.paragraph(nb_sentences=4))
    db.insert("hr.knowledge_article", articles)

    # ---- compensation --------------------------------------------------------
    prof_by = {p["job_profile_id"]: p for p in profiles}
    pos_by = {p["position_id"]: p for p in positions}
    comp = []
    for i, e in enumerate(employees):
        prof = prof_by[positions[i]["job_profile_id"]]
        cur = CURRENCY[loc_country[e["location_id"]]]
        usd = rng.randint(int(prof["salary_min"]), int(prof["salary_max"])) // 500 * 500
        comp.append({"employee_id": e["employee_id"], "base_salary": round(usd * FX[cur], -2), "currency": cur,
                     "pay_frequency": "hourly" if e["employment_type"] in ("contractor", "temporary") else "monthly",
                     "grade": prof["grade"], "effective_date": max(e["start_date"], dt.date(2025, 4, 1)) if e["status"] != "terminated" else e["start_date"],
                     "last_change_id": None})

    # ---- access: resources, profile access, grants, badges -------------------
    res_rows, res_id = [], {}
    for k, (name, kind, rtype, loc, owner, sens, status) in enumerate(RESOURCES):
        rid = f"RES{k + 1:03d}"
        res_id[name] = rid
        res_rows.append({"resource_id": rid, "name": name, "access_kind": kind, "resource_type": rtype, "location_id": loc,
                         "owner_group_id": owner, "sensitive": sens, "status": status})
    for loc in locations:
        rid = f"RES{len(res_rows) + 1:03d}"
        res_id[loc] = rid
        res_rows.append({"resource_id": rid, "name": f"{loc_name[loc]} building access", "access_kind": "physical",
                         "resource_type": "building", "location_id": loc, "owner_group_id": "GRP007", "sensitive": False,
                         "status": "active"})
    db.insert("hr.access_resource", res_rows)
    jpa = []
    for prof in profiles:
        items = [(n, "standard") for n in BASE_DIGITAL] + DEPT_ACCESS.get(prof["department_id"], [])
        if prof["name"] in PAYROLL_TITLES:
            items.append(("Payroll System", "standard"))
        if prof["department_id"] == "DEP006" and prof["grade"] in ("G6", "G7"):
            items.append(("Legacy Expense System", "standard"))
        seen = set()
        for name, lvl in items:
            if name in seen:
                continue
            seen.add(name)
            jpa.append({"job_profile_id": prof["job_profile_id"], "resource_id": res_id[name], "access_level": lvl})
    db.insert("hr.job_profile_access", jpa)
    jpa_by: dict[str, list[dict]] = {}
    for r in jpa:
        jpa_by.setdefault(r["job_profile_id"], []).append(r)
    grants, badges = [], []
    for i, e in enumerate(employees):
        prof_id = positions[i]["job_profile_id"]
        items = [(r["resource_id"], r["access_level"]) for r in jpa_by[prof_id]] + [(res_id[e["location_id"]], "standard")]
        granted = ts(e["start_date"], rng)
        term = e["status"] == "terminated"
        for rid, lvl in items:
            grants.append({"grant_id": f"AG{len(grants) + 1:05d}", "employee_id": e["employee_id"], "resource_id": rid,
                           "access_level": lvl, "state": "revoked" if term else "active", "granted_at": granted,
                           "granted_by": "P0206", "event_id": None,
                           "revoked_at": ts(e["end_date"], rng) if term else None, "revoked_by": "P0206" if term else None,
                           "revocation_reason": "Employee terminated" if term else None})
        badges.append({"badge_id": f"BDG{i + 1:05d}", "badge_number": f"B-{700000 + i * 7}", "employee_id": e["employee_id"],
                       "location_id": e["location_id"], "state": "deactivated" if term else "active", "issued_at": granted,
                       "issued_by": "P0596" if False else None, "deactivated_at": ts(e["end_date"], rng) if term else None})
    # a few employees on leave have suspended VPN access; a few extra ad-hoc grants
    for g in grants:
        e = emp_by[g["employee_id"]]
        if e["status"] == "on_leave" and g["resource_id"] == res_id["Corporate VPN"]:
            g["state"] = "suspended"
    db.insert("hr.access_grant", grants)
    db.insert("hr.badge", badges)

    # ---- lifecycle events and activities -------------------------------------
    tmpl = []
    for etype, items in (("onboarding", ONB_TEMPLATES), ("transfer", XFER_TEMPLATES), ("offboarding", OFFB_TEMPLATES)):
        for k, (name, g, mand, off) in enumerate(items):
            tmpl.append({"template_id": f"ATP{len(tmpl) + 1:03d}", "event_type": etype, "name": name, "sequence": (k + 1) * 10,
                         "owner_group_id": g, "job_profile_id": None, "mandatory": mand, "due_offset_days": off})
    # profile-specific onboarding steps
    eng_prof = [p["job_profile_id"] for p in profiles if p["department_id"] == "DEP010" and p["active"]][:1]
    fin_prof = [p["job_profile_id"] for p in profiles if p["department_id"] == "DEP006"][:1]
    tmpl.append({"template_id": f"ATP{len(tmpl) + 1:03d}", "event_type": "onboarding", "name": "Set up developer workstation",
                 "sequence": 35, "owner_group_id": "GRP006", "job_profile_id": eng_prof[0], "mandatory": True, "due_offset_days": 0})
    tmpl.append({"template_id": f"ATP{len(tmpl) + 1:03d}", "event_type": "onboarding", "name": "Segregation-of-duties attestation",
                 "sequence": 36, "owner_group_id": "GRP014", "job_profile_id": fin_prof[0], "mandatory": True, "due_offset_days": 7})
    db.insert("hr.activity_template", tmpl)

    events, acts = [], []

    def add_event(etype, e, eff, state, **kw):
        eid = f"LE{len(events) + 1:04d}"
        created = ts(eff - dt.timedelta(days=rng.randint(5, 20)), rng)
        events.append({"event_id": eid, "number": f"LCE{1000 + len(events) + 1:07d}", "event_type": etype,
                       "employee_id": e["employee_id"], "state": state, "effective_date": eff,
                       "from_position_id": kw.get("from_pos"), "to_position_id": kw.get("to_pos"),
                       "separation_type": kw.get("sep"), "reason": kw.get("reason"), "initiated_by": "P0185",
                       "case_id": None, "created_at": created,
                       "completed_at": ts(eff + dt.timedelta(days=3), rng) if state == "completed" else None})
        prof = pos_by[kw.get("to_pos") or kw.get("from_pos") or positions[0]["position_id"]]["job_profile_id"]
        for t in tmpl:
            if t["event_type"] != etype or (t["job_profile_id"] and t["job_profile_id"] != prof):
                continue
            due = eff + dt.timedelta(days=t["due_offset_days"])
            st = "completed" if state == "completed" else ("completed" if due < TODAY - dt.timedelta(days=2) and rng.random() < 0.7 else "pending")
            if state == "cancelled":
                st = "skipped"
            owner_members = members[t["owner_group_id"]]
            acts.append({"activity_id": f"ACT{len(acts) + 1:05d}", "event_id": eid, "template_id": t["template_id"],
                         "name": t["name"], "sequence": t["sequence"], "owner_group_id": t["owner_group_id"],
                         "assigned_to": owner_members[len(acts) % len(owner_members)] if st != "pending" else None,
                         "state": st, "mandatory": t["mandatory"], "due_date": due,
                         "completed_at": ts(due, rng) if st == "completed" else None,
                         "completed_by": "P0185" if st == "completed" else None, "notes": None})
        return eid

    recent = sorted([e for e in employees if e["start_date"] >= dt.date(2024, 11, 1)], key=lambda e: e["start_date"])
    for e in recent:
        add_event("onboarding", e, e["start_date"], "completed", to_pos=pos_of[e["employee_id"]])
    terminated = [e for e in employees if e["status"] == "terminated"]
    for e in terminated:
        add_event("offboarding", e, e["end_date"], "completed", from_pos=pos_of[e["employee_id"]],
                  sep=e["termination_type"], reason=e["termination_reason"])
    movers = [e for e in employees if e["status"] == "active" and e["start_date"] < dt.date(2022, 1, 1)]
    rng.shuffle(movers)
    # a past transfer left a post that has since been closed: the department's least-used closed position where
    # it has one, else the least-used of all (chosen in order, no draw, so the rest of the seed is unchanged)
    closed = [p for p in positions if p["status"] == "closed"]
    left = {p["position_id"]: 0 for p in closed}
    for e in movers[:25]:
        dep = pos_by[pos_of[e["employee_id"]]]["department_id"]
        former = min([p for p in closed if p["department_id"] == dep] or closed, key=lambda p: left[p["position_id"]])
        left[former["position_id"]] += 1
        add_event("transfer", e, TODAY - dt.timedelta(days=rng.randint(30, 400)), "completed",
                  from_pos=former["position_id"], to_pos=pos_of[e["employee_id"]], reason="Internal mobility")
    db.insert("hr.lifecycle_event", events)
    db.insert("hr.lifecycle_activity", acts)

    # ---- cases and notes --------------------------------------------------------
    topic_by = {t["topic_id"]: t for t in topics}
    live_topics = [t for t in topics if t["active"]]
    active_emps = [e for e in employees if e["status"] in ("active", "on_leave")]
    cases, notes = [], []
    prio_days = {1: 2, 2: 5, 3: 10, 4: 15}
    for k in range(720):
        t = live_topics[rng.randrange(len(live_topics))]
        subj = active_emps[rng.randrange(len(active_emps))] if rng.random() > 0.05 else terminated[rng.randrange(len(terminated))]
        opened = NOW - dt.timedelta(days=rng.randint(0, 240), hours=rng.randint(0, 9))
        age = (NOW - opened).days
        state = ("closed" if age > 30 and rng.random() < 0.85 else
                 rng.choice(["new", "in_progress", "in_progress", "awaiting_info", "resolved", "closed"]))
        group = svc[t["service_id"]][4] if t["service_id"] else cat_group[t["category_id"]]
        assignee = None if state == "new" else rng.choice(members[group])
        sla = svc[t["service_id"]][7] if t["service_id"] else prio_days[t["default_priority"]]
        done = state in ("resolved", "closed")
        resolved = (opened + dt.timedelta(days=rng.randint(1, max(1, min(age, sla + 3))) if age else 0, hours=2)) if done else None
        if resolved and resolved > NOW:
            resolved = NOW - dt.timedelta(hours=1)
        cid = f"CASE{k + 1:04d}"
        cases.append({
            "case_id": cid, "number": f"HRC{10001 + k:07d}", "subject_employee_id": subj["employee_id"],
            "opened_by": subj["person_id"] if rng.random() < 0.7 else "P0185", "topic_id": t["topic_id"],
            "category_id": t["category_id"], "service_id": t["service_id"], "assignment_group_id": group,
            "assigned_to": assignee, "parent_case_id": None, "state": state, "priority": t["default_priority"],
            "confidential": cat_conf[t["category_id"]], "short_description": f"{t['name']} - {subj['full_name']}",
            "description": T.case_description(cid, t["category_id"], t["name"]), "opened_at": opened, "due_at": opened + dt.timedelta(days=sla),
            "resolved_at": resolved, "resolution_code": rng.choice(["fulfilled", "fulfilled", "information_provided"]) if done else None,
            "resolution_notes": T.resolution_notes(f"{cid}-resolution", t["category_id"]) if done else None,
            "updated_at": resolved or min(opened + dt.timedelta(hours=3), NOW - dt.timedelta(minutes=10))})
        keep_stream(fake.sentence(nb_words=14), fake.sentence(nb_words=8) if done else None)
        for j in range(rng.choice([0, 1, 1, 2])):
            notes.append({"note_id": f"NOTE{len(notes) + 1:05d}", "case_id": cid,
                          "author_id": "P" + (assignee or "EMP0185")[3:], "note_type": rng.choice(["work_note", "comment"]),
                          "body": None, "created_at": min(opened + dt.timedelta(hours=4 + j), NOW - dt.timedelta(minutes=10))})
            notes[-1]["body"] = T.case_note(notes[-1]["note_id"], t["category_id"], notes[-1]["note_type"])
            keep_stream(fake.sentence(nb_words=12))
    db.insert("hr.hr_case", cases)
    db.insert("hr.case_note", notes)

    # ---- confidential records, compensation changes, investigations -----------
    records, changes, invs, approvals = [], [], [], []
    comp_by = {c["employee_id"]: c for c in comp}
    conf_pool = [e for e in active_emps if e["employee_id"] not in hr_ids[:2]]
    rng.shuffle(conf_pool)
    for k, e in enumerate(conf_pool[:70]):
        rtype = ["compensation", "compensation", "payroll", "misconduct_investigation", "medical_accommodation"][k % 5]
        group = {"compensation": "GRP010", "payroll": "GRP012", "misconduct_investigation": "GRP011",
                 "medical_accommodation": "GRP013"}[rtype]
        rid = f"CR{k + 1:04d}"
        created = NOW - dt.timedelta(days=rng.randint(3, 300))
        state = "closed" if (NOW - created).days > 90 else "open"
        title = {"compensation": "Compensation review", "payroll": "Payroll correction",
                 "misconduct_investigation": "Misconduct investigation file", "medical_accommodation": "Accommodation file"}[rtype]
        records.append({"record_id": rid, "number": f"CNF{1001 + k}", "record_type": rtype, "employee_id": e["employee_id"],
                        "restricted_group_id": group, "case_id": None, "title": f"{title} - {e['full_name']}",
                        "summary": T.record_summary(rid, rtype), "state": state, "created_by": "P" + members[group][0][3:],
                        "created_at": created})
        keep_stream(fake.sentence(nb_words=16))
        if rtype in ("compensation", "payroll"):
            c = comp_by[e["employee_id"]]
            old = float(c["base_salary"])
            new = round(old * (1 + rng.choice([0.02, 0.03, 0.04, 0.05])), -2) if rtype == "compensation" else old
            st = "applied" if state == "closed" else rng.choice(["pending_approval", "approved", "applied"])
            chg = f"CHG{len(changes) + 1:04d}"
            changes.append({"change_id": chg, "employee_id": e["employee_id"], "record_id": rid,
                            "change_type": "merit_increase" if rtype == "compensation" else "payroll_correction",
                            "old_salary": old, "new_salary": new, "currency": c["currency"],
                            "effective_date": created.date() + dt.timedelta(days=30), "state": st,
                            "requested_by": "P" + members[group][0][3:], "justification": None,
                            "created_at": created})
            changes[-1]["justification"] = T.change_justification(chg, changes[-1]["change_type"])
            keep_stream(fake.sentence(nb_words=10))
            if st == "applied":
                c["base_salary"], c["last_change_id"], c["effective_date"] = new, chg, created.date() + dt.timedelta(days=30)
            approver = e["manager_id"] or "EMP0001"
            approvals.append({"approval_id": f"APR{len(approvals) + 1:04d}", "approval_type": "compensation_change",
                              "case_id": None, "event_id": None, "change_id": chg, "grant_id": None, "approver_id": approver,
                              "state": "requested" if st == "pending_approval" else "approved",
                              "requested_by": "P" + members[group][0][3:], "requested_at": created,
                              "decided_at": None if st == "pending_approval" else created + dt.timedelta(days=2),
                              "comments": None})
        if rtype == "misconduct_investigation":
            comp_e = active_emps[rng.randrange(len(active_emps))]
            invs.append({"investigation_id": f"INV{len(invs) + 1:03d}", "record_id": rid, "subject_employee_id": e["employee_id"],
                         "complainant_id": comp_e["employee_id"] if comp_e is not e else None,
                         "investigator_id": members["GRP011"][1 + len(invs) % 3],
                         "allegation": rng.choice(["harassment", "policy_breach", "conflict_of_interest", "fraud", "discrimination"]),
                         "state": "closed" if state == "closed" else rng.choice(["open", "under_review"]),
                         "findings": None,
                         "opened_at": created, "closed_at": created + dt.timedelta(days=40) if state == "closed" else None})
            if state == "closed":
                invs[-1]["findings"] = T.investigation_findings(invs[-1]["investigation_id"], invs[-1]["allegation"])
                keep_stream(fake.sentence(nb_words=10))
    db.insert("hr.confidential_record", records)
    db.insert("hr.compensation_change", changes)
    db.insert("hr.compensation", comp)
    db.insert("hr.investigation", invs)
    for c in cases:
        if c["state"] in ("new", "in_progress") and c["service_id"] in ("SVC005", "SVC014", "SVC015") and len(approvals) < 120:
            subj = emp_by[c["subject_employee_id"]]
            approvals.append({"approval_id": f"APR{len(approvals) + 1:04d}", "approval_type": "hr_case", "case_id": c["case_id"],
                              "event_id": None, "change_id": None, "grant_id": None,
                              "approver_id": subj["manager_id"] or "EMP0001", "state": "requested",
                              "requested_by": "P0185", "requested_at": c["opened_at"] + dt.timedelta(hours=1),
                              "decided_at": None, "comments": None})
    db.insert("hr.approval", approvals)

    # ---- legal holds / forensics ---------------------------------------------
    holds, ftasks = [], []
    hold_pool = [e for e in employees if e["department_id"] in ("DEP006", "DEP008", "DEP014")]
    for k, e in enumerate(hold_pool[3:60:6][:9]):
        state = "active" if k % 3 != 2 else "released"
        hid = f"LH{k + 1:03d}"
        created = NOW - dt.timedelta(days=rng.randint(20, 200))
        holds.append({"hold_id": hid, "number": f"LGH{2001 + k}", "employee_id": e["employee_id"],
                      "matter": rng.choice(["Vendor contract dispute", "Revenue recognition inquiry", "Former customer litigation",
                                            "Regulatory audit 2025"]), "state": state, "requested_by": "P" + members["GRP008"][0][3:],
                      "case_id": None, "created_at": created, "released_at": created + dt.timedelta(days=60) if state == "released" else None})
        if state == "active":
            e["legal_hold"] = True
        for j, tt in enumerate(["preserve_mailbox", "preserve_drive"]):
            ftasks.append({"forensics_id": f"FT{len(ftasks) + 1:03d}", "hold_id": hid, "employee_id": e["employee_id"],
                           "assigned_group_id": "GRP015", "task_type": tt, "state": "completed" if state == "released" or j == 0 else "in_progress",
                           "due_date": created.date() + dt.timedelta(days=3), "created_at": created,
                           "completed_at": created + dt.timedelta(days=2) if state == "released" or j == 0 else None})
    db.insert("hr.legal_hold", holds)
    db.insert("hr.forensics_task", ftasks)
    for h in holds:
        if h["state"] == "active":
            db.execute("UPDATE hr.employee SET legal_hold = TRUE WHERE employee_id = ?", h["employee_id"])

    # ---- privacy requests and personal data ------------------------------------
    days = {"GDPR": 30, "CCPA": 45, "PIPEDA": 30, "DPDP": 30, "PDPA": 30, "APP": 30, "APPI": 14, "OTHER": 30}
    preqs = []
    pool = employees[:]
    rng.shuffle(pool)
    for k, e in enumerate(pool[:28]):
        received = NOW - dt.timedelta(days=rng.randint(1, 120))
        rtype = ["access", "erasure", "access", "rectification", "portability", "restriction"][k % 6]
        age = (NOW - received).days
        state = "completed" if age > days[e["privacy_region"]] else rng.choice(["received", "verified", "in_progress"])
        preqs.append({"request_id": f"PRQ{k + 1:03d}", "number": f"DPR{3001 + k}", "employee_id": e["employee_id"],
                      "request_type": rtype, "regulation": e["privacy_region"], "state": state, "received_at": received,
                      "due_date": received.date() + dt.timedelta(days=days[e["privacy_region"]]),
                      "identity_verified": state != "received", "assigned_to": members["GRP009"][k % len(members["GRP009"])],
                      "case_id": None, "submitted_by": e["person_id"],
                      "completed_at": received + dt.timedelta(days=10) if state == "completed" else None,
                      "outcome": "Fulfilled" if state == "completed" else None})
    db.insert("hr.privacy_request", preqs)
    items = []
    for e in employees:
        term = e["status"] == "terminated"
        keep = (e["end_date"] + dt.timedelta(days=365 * 7)) if term else None
        rows = [("contact", "Personal email", fake.free_email(), None),
                ("emergency_contact", "Emergency contact", f"{fake.name()} {fake.phone_number()}", None),
                ("bank_account", "Salary bank account", fake.iban(), keep or dt.date(2032, 12, 31)),
                ("national_id", "Tax identification number", fake.ssn(), keep or dt.date(2032, 12, 31))]
        if int(e["employee_id"][3:]) % 3 == 0:
            rows.append(("marketing_preferences", "Internal newsletter preferences", "opted in", None))
        if int(e["employee_id"][3:]) % 4 == 0:
            rows.append(("photo", "Directory photo", f"photo-{e['employee_id']}.jpg", None))
        for cat, label, val, until in rows:
            items.append({"item_id": f"PDI{len(items) + 1:05d}", "employee_id": e["employee_id"], "category": cat,
                          "label": label, "value": val, "retention_required_until": until, "erased": False,
                          "erased_at": None, "erased_by_request_id": None})
    db.insert("hr.personal_data_item", items)

    # ---- notifications and audit log -------------------------------------------
    notes_rows, audit = [], []
    for c in cases[:300]:
        if c["state"] in ("resolved", "closed"):
            notes_rows.append({"notification_id": f"NTF{len(notes_rows) + 1:05d}",
                               "recipient_person_id": emp_by[c["subject_employee_id"]]["person_id"], "recipient_group_id": None,
                               "case_id": c["case_id"], "event_id": None, "subject": f"Your HR case {c['number']} was resolved",
                               "body": "Your case has been resolved. Reply within 5 days to reopen.", "sent_by": "P0185",
                               "sent_at": c["resolved_at"]})
        audit.append({"audit_id": f"AUD{len(audit) + 1:06d}", "actor_id": c["opened_by"], "employee_id": c["subject_employee_id"],
                      "action": "create_hr_case", "entity_type": "hr_case", "entity_id": c["case_id"],
                      "details": c["short_description"], "created_at": c["opened_at"]})
    for ev in events:
        audit.append({"audit_id": f"AUD{len(audit) + 1:06d}", "actor_id": ev["initiated_by"], "employee_id": ev["employee_id"],
                      "action": f"start_{ev['event_type']}", "entity_type": "lifecycle_event", "entity_id": ev["event_id"],
                      "details": ev["number"], "created_at": ev["created_at"]})
    db.insert("hr.notification", notes_rows)
    db.insert("hr.audit_log", audit)

"""Seed of the Drive domain: deterministic (fixed seeds, dates anchored before 2025-12-05), consistent.

Every org person has a Drive account (same email; departed people are suspended) with a My Drive
root. Fifteen shared drives carry department content in folder trees; people keep working files
in My Drive and share them. Scenario fixtures the tasks rely on live in seed_scenarios.py.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import random
import sys
from pathlib import Path

from faker import Faker

HERE = Path(__file__).resolve().parent


def _load(name: str):
    modname = f"_drive_seed_{name}"
    if modname in sys.modules:
        return sys.modules[modname]
    spec = importlib.util.spec_from_file_location(modname, HERE / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    spec.loader.exec_module(mod)
    return mod


D = _load("seed_data")
B = _load("seed_build")
SEED = 1616
NOW = B.NOW
GB = 1024 ** 3
ADMINS = {"P0016", "P0009", "P0015"}

PARTNERS = [  # domain, company, status, sponsor, department, approved_until, notes
    ("lumenlegal.example", "Lumen Legal LLP", "approved", "P0259", "DEP007", dt.date(2026, 12, 31), "Outside counsel (employment, commercial)"),
    ("kestrel-audit.example", "Kestrel Audit Partners", "approved", "P0219", "DEP006", dt.date(2026, 6, 30), "External auditor FY2024-FY2026"),
    ("novasys.example", "NovaSys Integration", "approved", "P0429", "DEP010", dt.date(2026, 3, 31), "Project Falcon systems integrator"),
    ("cobalt-media.example", "Cobalt Media Group", "approved", "P0539", "DEP011", dt.date(2026, 1, 31), "Creative agency of record"),
    ("brightpath.example", "BrightPath Consulting", "approved", "P0611", "DEP014", dt.date(2025, 11, 30), "Procurement advisory; renewal not signed"),
    ("redwood-staffing.example", "Redwood Staffing", "revoked", "P0184", "DEP005", dt.date(2025, 3, 31), "Contract ended March 2025"),
    ("harborline.example", "Harborline Logistics", "pending", "P0611", "DEP014", None, "Security review in progress"),
]
# look-alike and personal domains that are NOT partners
OTHER_EXTERNAL = [("lumen-legal.example", "Lumen Legal Services"), ("gmail.example", None), ("kestrelaudit.example", "Kestrel Advisory")]

DEPT_GROUP = {"DEP001": "exec", "DEP002": "it", "DEP003": "servicedesk", "DEP004": "infra", "DEP005": "hr", "DEP006": "finance",
              "DEP007": "legal", "DEP008": "sales", "DEP009": "support", "DEP010": "engineering", "DEP011": "marketing",
              "DEP012": "facilities", "DEP013": "security", "DEP014": "procurement"}
CLASSIFY = {"DRV001": "LBC003", "DRV002": "LBC003", "DRV003": "LBC004", "DRV004": "LBC002", "DRV005": "LBC002",
            "DRV006": "LBC002", "DRV007": "LBC002", "DRV008": "LBC004", "DRV009": "LBC002", "DRV010": "LBC003",
            "DRV011": "LBC004", "DRV012": "LBC001", "DRV013": "LBC002", "DRV014": "LBC002", "DRV015": "LBC002"}


def rand_time(rng: random.Random, start: dt.date, end: dt.datetime = NOW - dt.timedelta(days=2)) -> dt.datetime:
    s = dt.datetime.combine(start, dt.time(8))
    secs = int((end - s).total_seconds())
    t = s + dt.timedelta(seconds=rng.randrange(max(secs, 1)))
    return t.replace(second=0, microsecond=0)


def fill(pattern: str, rng: random.Random, n: int) -> str:
    vals = {k: rng.choice(v) for k, v in D.FILL.items()}
    vals["n"] = n
    d = dt.date(2025, 1, 6) + dt.timedelta(days=rng.randrange(320))
    vals["date"] = d.isoformat()
    vals["week"] = rng.randrange(1, 49)
    vals["rfc"] = rng.randrange(100, 480)
    return pattern.format(**vals)


def seed(db) -> None:
    rng = random.Random(SEED)
    fake = Faker()
    fake.seed_instance(SEED)
    people = {p["person_id"]: p for p in db.query("SELECT * FROM org.person ORDER BY person_id")}
    active = [pid for pid, p in people.items() if p["active"]]
    by_dept: dict[str, list[str]] = {}
    for pid, p in people.items():
        by_dept.setdefault(p["department_id"], []).append(pid)
    heads = {r["department_id"]: r["head_person_id"] for r in db.query("SELECT * FROM org.department")}

    # partners and external people
    externals: dict[str, dict] = {}
    b = B.Builder(people, externals)
    for dom, company, status, sponsor, dept, until, notes in PARTNERS:
        b.add("drive.partner_domain", {"domain": dom, "company": company, "status": status, "sponsor_id": sponsor,
                                       "department_id": dept, "approved_until": until, "notes": notes})
    for dom, company, *_ in PARTNERS:
        for _ in range(4):
            first, last = fake.first_name(), fake.last_name()
            eid = b.next("EXT", 3)
            externals[eid] = {"external_id": eid, "email": f"{first.lower()}.{last.lower()}@{dom}",
                              "display_name": f"{first} {last}", "domain": dom, "company": company,
                              "sponsor_id": dict((p[0], p[3]) for p in PARTNERS)[dom], "partner_domain": dom}
    for dom, company in OTHER_EXTERNAL:
        for _ in range(2):
            first, last = fake.first_name(), fake.last_name()
            eid = b.next("EXT", 3)
            externals[eid] = {"external_id": eid, "email": f"{first.lower()}{last.lower()[:1]}@{dom}",
                              "display_name": f"{first} {last}", "domain": dom, "company": company,
                              "sponsor_id": rng.choice(active), "partner_domain": None}

    # accounts and My Drive roots
    for pid, p in people.items():
        created = dt.datetime.combine(p["hire_date"] or dt.date(2019, 1, 7), dt.time(9))
        root = b.file("My Drive", B.FOLDER, None, owner=pid, created=created, file_id=f"ROOT{pid}", is_root=True)
        b.add("drive.account", {"person_id": pid, "email": p["email"], "display_name": p["full_name"],
                                "role": "admin" if pid in ADMINS else "user",
                                "status": "active" if p["active"] else "suspended",
                                "storage_limit_bytes": (100 if p["department_id"] in ("DEP011", "DEP001") else 30) * GB,
                                "root_folder_id": root["file_id"], "created_time": created,
                                "last_active_time": None if not p["active"] else rand_time(rng, dt.date(2025, 11, 20))})

    # groups
    t0 = dt.datetime(2022, 3, 1, 9)
    for i, (dept, code) in enumerate(sorted(DEPT_GROUP.items()), 1):
        gid = f"GRP{i:03d}"
        b.groups[gid] = g = {"group_id": gid, "email": f"{code}@arcturus.example", "name": f"{code.title()} (all staff)",
                             "description": f"Everyone in the department, maintained from the directory",
                             "department_id": dept, "owner_id": heads[dept], "archived": False,
                             "allow_external_members": False, "created_time": t0}
        b.add("drive.user_group", g)
        for pid in by_dept[dept]:
            if people[pid]["active"]:
                b.add("drive.group_member", {"membership_id": b.next("GMB", 5), "group_id": gid, "person_id": pid,
                                             "external_id": None, "role": "OWNER" if pid == heads[dept] else "MEMBER",
                                             "added_time": t0, "added_by": heads[dept]})
    _load("seed_scenarios").groups(b, rng)

    # label catalogue
    _labels(b)

    # shared drives with trees and content
    dept_files: dict[str, list[dict]] = {}
    for drive_id, name, dept, theme, restr in D.DRIVES:
        created = dt.datetime(2021, 6, 1, 9) + dt.timedelta(days=37 * int(drive_id[3:]))
        head = heads[dept]
        row = {"drive_id": drive_id, "name": name, "department_id": dept,
               "color_rgb": dict((t[0], t[2]) for t in D.THEMES)[theme], "theme_id": theme,
               "hidden": drive_id in ("DRV013", "DRV015"), "created_time": created, "created_by": head,
               "root_folder_id": drive_id, "admin_managed_restrictions": bool(restr),
               "domain_users_only": False, "drive_members_only": False, "copy_requires_writer_permission": False,
               "sharing_folders_requires_organizer": False, "download_restricted": False}
        row.update(restr)
        b.add("drive.shared_drive", row)
        b.file(name, B.FOLDER, None, drive=drive_id, created=created, file_id=drive_id, is_root=True, modifier=head)
        dept_group = [g for g, r in b.groups.items() if r["department_id"] == dept and r["email"].split("@")[0] == DEPT_GROUP[dept]][0]
        b.member(drive_id, head, "organizer", created, head)
        b.member(drive_id, dept_group, "writer" if drive_id not in ("DRV011", "DRV013", "DRV015") else "reader", created, head)
        staff = [p for p in by_dept[dept] if people[p]["active"] and p != head]
        for pid in rng.sample(staff, min(2, len(staff))):
            b.member(drive_id, pid, "fileOrganizer", created + dt.timedelta(days=30), head)
        if drive_id not in ("DRV003", "DRV008", "DRV011"):
            for pid in rng.sample([p for p in active if people[p]["department_id"] != dept], 2):
                b.member(drive_id, pid, rng.choice(["commenter", "reader"]), created + dt.timedelta(days=90), head)
        folders = {"": drive_id}
        tree, content = D.TREES[drive_id]
        for path in tree:
            parent = folders["/".join(path.split("/")[:-1])]
            folders[path] = b.file(path.split("/")[-1], B.FOLDER, parent, created=created + dt.timedelta(days=3),
                                   modifier=head)["file_id"]
        writers = [head] + staff
        for folder, pattern, kind, copies in content:
            seen = set()
            for n in range(1, copies + 1):
                fname = fill(pattern, rng, n) + D.EXT.get(kind, "")
                if fname in seen:
                    continue
                seen.add(fname)
                c = rand_time(rng, dt.date(2023, 2, 1) if drive_id in ("DRV013", "DRV015") else dt.date(2024, 6, 1),
                              dt.datetime(2024, 3, 1) if drive_id in ("DRV013", "DRV015") else NOW - dt.timedelta(days=20))
                m = min(c + dt.timedelta(days=rng.randrange(0, 120), hours=rng.randrange(0, 9)), NOW - dt.timedelta(hours=20))
                lo, hi = D.SIZE[kind]
                f = b.file(fname, D.KIND[kind], folders[folder], created=c, modified=m, modifier=rng.choice(writers),
                           size=rng.randrange(lo, hi), revisions=rng.randint(1, 4) if kind in ("doc", "sheet", "slides") else 1)
                dept_files.setdefault(drive_id, []).append(f)
                if rng.random() < 0.75:
                    choice = CLASSIFY[drive_id] if rng.random() < 0.8 else rng.choice(["LBC002", "LBC003"])
                    b.label(f["file_id"], "LBL01", head, m, LBF01=choice)
                if drive_id in ("DRV001", "DRV002", "DRV003") and rng.random() < 0.5:
                    cls = {"DRV001": "LBC007", "DRV002": "LBC008", "DRV003": "LBC009"}[drive_id]
                    years = {"LBC007": 7, "LBC008": 10, "LBC009": 7}[cls]
                    b.label(f["file_id"], "LBL02", head, m, LBF02=cls,
                            LBF03=dt.date(c.year + years, 12, 31))
        # file-level shares inside the drive
        for f in rng.sample(dept_files[drive_id], min(6, len(dept_files[drive_id]))):
            who = rng.choice([p for p in active if people[p]["department_id"] != dept])
            b.perm(f["file_id"], who, rng.choice(["reader", "commenter"]), f["modified_time"], granted_by=head)

    # My Drive working files and their sharing
    for pid in people:
        dept = people[pid]["department_id"]
        pats = D.PERSONAL.get(dept, [])
        for n in range(rng.randint(0, 3) if pats else 0):
            pattern, kind = rng.choice(pats)
            c = rand_time(rng, dt.date(2024, 1, 8))
            m = min(c + dt.timedelta(days=rng.randrange(0, 60)), NOW - dt.timedelta(hours=30))
            lo, hi = D.SIZE[kind]
            f = b.file(fill(pattern, rng, rng.randrange(1, 300)) + D.EXT.get(kind, ""), D.KIND[kind], f"ROOT{pid}",
                       created=c, modified=m, size=rng.randrange(lo, hi), revisions=rng.randint(1, 3) if kind in ("doc", "sheet") else 1)
            if rng.random() < 0.35:
                for who in rng.sample([p for p in by_dept[dept] if p != pid and people[p]["active"]], 1):
                    b.perm(f["file_id"], who, rng.choice(["writer", "commenter", "reader"]), m, granted_by=pid)
            if rng.random() < 0.05:
                b.perm(f["file_id"], "domain:arcturus.example", "reader", m, granted_by=pid, discoverable=False)

    # comments and replies on native documents
    docs = [f for f in b.files.values() if f["mime_type"] in (D.DOC, D.SHEET, D.SLIDES) and not f["is_root"]]
    for f in rng.sample(docs, 220):
        ask, answer = rng.choice(D.COMMENTS)
        author = rng.choice(active)
        c = f["modified_time"] - dt.timedelta(hours=rng.randrange(1, 200))
        cid = b.next("CMT", 5)
        resolved = answer is not None and rng.random() < 0.6
        b.add("drive.comment", {"comment_id": cid, "file_id": f["file_id"], "author_id": author, "author_external_id": None,
                                "content": ask, "quoted_text": None, "anchor": None, "resolved": resolved, "deleted": False,
                                "assignee_id": None, "created_time": c, "modified_time": c + dt.timedelta(hours=3)})
        if answer:
            b.add("drive.reply", {"reply_id": b.next("RPL", 5), "comment_id": cid,
                                  "author_id": f["owner_id"] or f["last_modifying_user_id"], "author_external_id": None,
                                  "content": answer, "action": "resolve" if resolved else None, "deleted": False,
                                  "created_time": c + dt.timedelta(hours=3)})

    _load("seed_scenarios").apply(b, rng)

    # history: the changes feed (last 30 days) and the audit trail (last 90 days)
    for f in list(b.files.values()):
        if f["modified_time"] >= NOW - dt.timedelta(days=30) and not f["is_root"]:
            b.change(f["modified_time"], "file modified", f["file_id"], f["drive_id"], f["last_modifying_user_id"])
        if f["created_time"] >= NOW - dt.timedelta(days=90) and not f["is_root"]:
            b.audit(f["created_time"], f["owner_id"] or f["last_modifying_user_id"], "create", "file", f["file_id"],
                    f["name"], f["file_id"], f["drive_id"])
    for p in b.rows["drive.permission"]:
        if p["role"] != "owner" and p["created_time"] >= NOW - dt.timedelta(days=90):
            b.audit(p["created_time"], p["granted_by"], "permission.create", "permission", p["permission_id"],
                    f"{p['role']} for {p['email_address'] or p['domain'] or 'anyone'}", p["file_id"],
                    b.files[p["file_id"]]["drive_id"])
    b.finish()
    _write(db, b, externals)


def _labels(b) -> None:
    t = dt.datetime(2023, 1, 10, 9)
    for lid, name, desc, ltype, state in [
            ("LBL01", "Classification", "Information classification of the content", "admin", "published"),
            ("LBL02", "Retention", "Record class and the date until which the record must be kept", "admin", "published"),
            ("LBL03", "Legal Hold", "Preservation notice from Legal: the item must not be deleted or altered", "admin", "published"),
            ("LBL04", "Document Status", "Lifecycle of controlled documents", "shared", "published"),
            ("LBL05", "Project Code (retired)", "Replaced by shared-drive structure in 2024", "shared", "disabled")]:
        b.add("drive.label", {"label_id": lid, "name": name, "description": desc, "label_type": ltype, "state": state,
                              "created_by": "P0009", "created_time": t})
    for fid, lid, name, vtype, req, desc in [
            ("LBF01", "LBL01", "Sensitivity", "selection", True, "Public, Internal, Confidential or Restricted"),
            ("LBF02", "LBL02", "Record class", "selection", True, "Which retention schedule applies"),
            ("LBF03", "LBL02", "Retain until", "date", True, "The record may not be deleted before this date"),
            ("LBF04", "LBL03", "Matter number", "text", True, "Legal matter (M-YYYY-NNN) the hold belongs to"),
            ("LBF05", "LBL03", "Hold placed by", "user", False, "Legal contact who placed the hold"),
            ("LBF06", "LBL04", "Status", "selection", True, "Draft, In review, Approved or Superseded"),
            ("LBF07", "LBL04", "Document owner", "user", False, "Accountable owner of the document"),
            ("LBF08", "LBL05", "Code", "text", False, "Legacy project code")]:
        b.add("drive.label_field", {"field_id": fid, "label_id": lid, "name": name, "value_type": vtype, "required": req,
                                    "description": desc})
    for cid, fid, name, rank in [
            ("LBC001", "LBF01", "Public", 1), ("LBC002", "LBF01", "Internal", 2), ("LBC003", "LBF01", "Confidential", 3),
            ("LBC004", "LBF01", "Restricted", 4), ("LBC005", "LBF02", "Transitory", 1), ("LBC006", "LBF02", "Operational", 2),
            ("LBC007", "LBF02", "Financial record", 3), ("LBC008", "LBF02", "Contract", 4), ("LBC009", "LBF02", "Personnel", 5),
            ("LBC010", "LBF02", "Permanent", 6), ("LBC011", "LBF06", "Draft", 1), ("LBC012", "LBF06", "In review", 2),
            ("LBC013", "LBF06", "Approved", 3), ("LBC014", "LBF06", "Superseded", 4)]:
        b.add("drive.label_choice", {"choice_id": cid, "field_id": fid, "display_name": name, "rank": rank})


def _write(db, b, externals) -> None:
    db.insert("drive.drive_theme", [{"theme_id": t, "name": n, "color_rgb": c} for t, n, c in D.THEMES])
    db.insert("drive.export_format", [{"source_mime_type": s, "export_mime_type": e, "extension": x}
                                      for s, e, x in D.EXPORT_FORMATS])
    db.insert("drive.external_user", list(externals.values()))
    order = ["drive.partner_domain", "drive.account", "drive.user_group", "drive.group_member", "drive.shared_drive",
             "drive.drive_member", "drive.file", "drive.app_property", "drive.permission", "drive.revision",
             "drive.comment", "drive.reply", "drive.label", "drive.label_field", "drive.label_choice", "drive.file_label",
             "drive.file_label_value", "drive.access_proposal", "drive.change", "drive.watch_channel",
             "drive.notification", "drive.audit_log"]
    for table in order:
        db.insert(table, b.rows.get(table, []))

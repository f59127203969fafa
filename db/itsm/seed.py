"""Seed of the ITSM domain: deterministic (fixed seeds, dates derived from a fixed anchor)."""

from __future__ import annotations

import datetime as dt
import random

import importlib.util
from pathlib import Path

from faker import Faker

_spec = importlib.util.spec_from_file_location("eops_itsm_texts", Path(__file__).with_name("texts.py"))
T = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(T)

SEED = 4242
NOW = dt.datetime(2025, 12, 5, 10, 0, 0)
PRIO = {(1, 1): 1, (1, 2): 2, (1, 3): 3, (2, 1): 2, (2, 2): 3, (2, 3): 4, (3, 1): 3, (3, 2): 4, (3, 3): 5}
# (priority) -> (response minutes, resolution minutes)
SLA_MIN = {1: (15, 240), 2: (60, 480), 3: (240, 4320), 4: (480, 7200), 5: (1440, 14400)}

GROUPS = [  # id, name, type, department, manager person, member count, description
    ("GRP0001", "Service Desk", "support", "DEP003", "P0100", 16, "First-line support for all employees"),
    ("GRP0002", "Desktop Support", "support", "DEP003", "P0101", 10, "Laptops, printers, peripherals"),
    ("GRP0003", "Major Incident Management", "support", "DEP003", "P0099", 6, "Coordinates priority 1 incidents"),
    ("GRP0004", "Network Operations", "support", "DEP004", "P0145", 8, "LAN, WAN, VPN, Wi-Fi"),
    ("GRP0005", "Server Operations", "support", "DEP004", "P0146", 10, "Windows and Linux servers"),
    ("GRP0006", "Cloud Platform", "support", "DEP004", "P0147", 8, "Cloud hosting and containers"),
    ("GRP0007", "Storage & Backup", "support", "DEP004", "P0146", 6, "SAN, NAS and backups"),
    ("GRP0008", "Database Administration", "support", "DEP002", "P0013", 8, "Database engines and data platforms"),
    ("GRP0009", "ERP Application Support", "support", "DEP002", "P0016", 8, "ERP finance and supply chain"),
    ("GRP0010", "CRM Application Support", "support", "DEP002", "P0015", 8, "CRM and customer portal"),
    ("GRP0011", "Email & Collaboration", "support", "DEP002", "P0014", 8, "Mail, calendar, chat"),
    ("GRP0012", "Identity & Access Management", "support", "DEP013", "P0590", 7, "Accounts, SSO, permissions"),
    ("GRP0013", "Security Operations", "support", "DEP013", "P0589", 7, "Security incidents and monitoring"),
    ("GRP0014", "Telephony & AV", "support", "DEP004", "P0144", 5, "Phones, meeting rooms, AV"),
    ("GRP0015", "Change Advisory Board", "approval", "DEP002", "P0009", 0, "Reviews normal changes of moderate or high risk"),
    ("GRP0016", "Knowledge Reviewers", "knowledge", "DEP003", "P0099", 0, "Reviews and publishes knowledge articles"),
]

CATEGORIES = [  # id, name, parent, default group
    ("hardware", "Hardware", None, "GRP0002"), ("hardware.laptop", "Laptop", "hardware", "GRP0002"),
    ("hardware.printer", "Printer", "hardware", "GRP0002"), ("hardware.monitor", "Monitor", "hardware", "GRP0002"),
    ("software", "Software", None, "GRP0001"), ("software.office", "Office suite", "software", "GRP0001"),
    ("software.install", "Software installation", "software", "GRP0002"),
    ("network", "Network", None, "GRP0004"), ("network.vpn", "VPN", "network", "GRP0004"),
    ("network.wifi", "Wi-Fi", "network", "GRP0004"), ("network.lan", "LAN / WAN", "network", "GRP0004"),
    ("access", "Access", None, "GRP0012"), ("access.password", "Password reset", "access", "GRP0001"),
    ("access.account", "Account", "access", "GRP0012"), ("access.permissions", "Permissions", "access", "GRP0012"),
    ("email", "Email & calendar", None, "GRP0011"), ("email.mailbox", "Mailbox", "email", "GRP0011"),
    ("email.calendar", "Calendar", "email", "GRP0011"),
    ("server", "Server", None, "GRP0005"), ("server.performance", "Server performance", "server", "GRP0005"),
    ("server.outage", "Server outage", "server", "GRP0005"),
    ("database", "Database", None, "GRP0008"), ("database.performance", "Database performance", "database", "GRP0008"),
    ("database.backup", "Database backup", "database", "GRP0007"),
    ("application", "Business application", None, "GRP0001"), ("application.erp", "ERP", "application", "GRP0009"),
    ("application.crm", "CRM", "application", "GRP0010"), ("application.portal", "Portals", "application", "GRP0010"),
    ("security", "Security", None, "GRP0013"), ("security.phishing", "Phishing", "security", "GRP0013"),
    ("security.malware", "Malware", "security", "GRP0013"),
    ("telephony", "Telephony & AV", None, "GRP0014"), ("inquiry", "Inquiry / help", None, "GRP0001"),
]

SERVICES = [  # name, criticality, support group, apps: (name, group, db?)
    ("Email Service", 1, "GRP0011", [("Exchange Mail", "GRP0011", False), ("Mail Gateway", "GRP0011", False)]),
    ("Corporate VPN", 1, "GRP0004", [("VPN Concentrator App", "GRP0004", False)]),
    ("ERP Finance", 1, "GRP0009", [("ERP Core", "GRP0009", True), ("ERP Reporting", "GRP0009", True)]),
    ("CRM Sales", 2, "GRP0010", [("CRM Platform", "GRP0010", True), ("CRM Integration Hub", "GRP0010", False)]),
    ("Payroll Service", 1, "GRP0009", [("Payroll Engine", "GRP0009", True)]),
    ("Customer Portal", 1, "GRP0010", [("Customer Portal Web", "GRP0010", True), ("Portal API", "GRP0006", False)]),
    ("HR Portal", 2, "GRP0010", [("HR Portal Web", "GRP0010", True)]),
    ("Identity Service", 1, "GRP0012", [("SSO Gateway", "GRP0012", True), ("Directory Sync", "GRP0012", False)]),
    ("Data Warehouse", 3, "GRP0008", [("DW ETL", "GRP0008", True), ("BI Dashboards", "GRP0008", False)]),
    ("Print Services", 3, "GRP0002", [("Print Server App", "GRP0002", False)]),
    ("Telephony", 2, "GRP0014", [("VoIP Call Manager", "GRP0014", False)]),
    ("Collaboration Chat", 2, "GRP0011", [("Chat Platform", "GRP0011", False)]),
    ("Internal Wiki", 4, "GRP0001", [("Wiki App", "GRP0006", True)]),
]

CATALOG = [  # name, category, group, approval, price, days
    ("Standard Laptop", "hardware", "GRP0002", True, 1450.00, 7), ("Developer Laptop", "hardware", "GRP0002", True, 2600.00, 10),
    ("External Monitor", "hardware", "GRP0002", False, 240.00, 5), ("Docking Station", "hardware", "GRP0002", False, 180.00, 5),
    ("Headset", "hardware", "GRP0014", False, 85.00, 3), ("Mobile Phone", "hardware", "GRP0014", True, 900.00, 7),
    ("Software License - Office", "software", "GRP0001", False, 120.00, 2), ("Software License - Design Suite", "software", "GRP0002", True, 650.00, 3),
    ("Software License - IDE", "software", "GRP0002", True, 300.00, 3), ("VPN Access", "access", "GRP0012", True, 0.00, 1),
    ("Shared Mailbox", "email", "GRP0011", True, 0.00, 2), ("Distribution List", "email", "GRP0011", False, 0.00, 2),
    ("ERP Access", "access", "GRP0012", True, 0.00, 3), ("CRM Access", "access", "GRP0012", True, 0.00, 3),
    ("Data Warehouse Access", "access", "GRP0012", True, 0.00, 3), ("New Virtual Server", "server", "GRP0006", True, 800.00, 5),
    ("Database Schema Provisioning", "database", "GRP0008", True, 0.00, 5), ("Firewall Rule Change", "network", "GRP0004", True, 0.00, 4),
    ("Meeting Room AV Setup", "telephony", "GRP0014", False, 0.00, 4), ("Password Vault Folder", "access", "GRP0012", False, 0.00, 1),
    ("Admin Rights (Temporary)", "access", "GRP0012", True, 0.00, 1), ("Printer Toner", "hardware", "GRP0002", False, 60.00, 2),
    ("Guest Wi-Fi Voucher", "network", "GRP0004", False, 0.00, 1), ("Backup Restore Request", "database", "GRP0007", False, 0.00, 2),
    ("Legacy Fax Line", "telephony", "GRP0014", True, 40.00, 10),
]

TEMPLATES = [  # name, class, group
    ("Patch Linux server (monthly)", "server", "GRP0005"), ("Patch Windows server (monthly)", "server", "GRP0005"),
    ("Restart application service", "application", "GRP0006"), ("Add firewall rule (pre-approved)", "network_device", "GRP0004"),
    ("Increase storage volume", "storage", "GRP0007"), ("Rotate TLS certificate", "application", "GRP0006"),
    ("Add database index", "database", "GRP0008"), ("Reboot server", "server", "GRP0005"),
    ("Update antivirus signatures", "server", "GRP0013"), ("Replace failed disk", "storage", "GRP0007"),
]

RES_CODES = ["solved_permanently", "solved_workaround", "not_reproducible", "duplicate", "resolved_by_caller"]
ISSUES = {
    "hardware.laptop": ["Laptop will not boot", "Laptop battery drains quickly", "Laptop keyboard not responding", "Laptop overheating"],
    "hardware.printer": ["Printer jams on every job", "Cannot print to floor printer", "Printer shows offline", "Scanner to email fails"],
    "hardware.monitor": ["Second monitor not detected", "Monitor flickering"],
    "software.office": ["Spreadsheet app crashes on open", "Word processor add-in missing", "Office activation error"],
    "software.install": ["Need software installed", "Installer fails with error 1603"],
    "network.vpn": ["VPN disconnects every few minutes", "Cannot connect to VPN", "VPN slow from home"],
    "network.wifi": ["Wi-Fi drops in meeting rooms", "Cannot join corporate Wi-Fi"],
    "network.lan": ["Network port dead at desk", "Branch office link down", "High latency to data center"],
    "access.password": ["Password expired and locked out", "Password reset not received"],
    "access.account": ["New starter account missing", "Account disabled unexpectedly"],
    "access.permissions": ["Cannot open shared folder", "Missing role in ERP", "Access denied to report"],
    "email.mailbox": ["Mailbox full", "Emails stuck in outbox", "Shared mailbox not visible"],
    "email.calendar": ["Calendar invites not arriving", "Cannot book meeting room"],
    "server.performance": ["Server CPU at 100%", "Server memory exhaustion", "Disk space low on server"],
    "server.outage": ["Server unreachable", "Server rebooted unexpectedly", "Service not responding on server"],
    "database.performance": ["Slow queries on database", "Database connection pool exhausted", "Deadlocks reported"],
    "database.backup": ["Nightly backup failed", "Backup job overran window"],
    "application.erp": ["ERP invoice posting fails", "ERP month-end report errors", "ERP login slow"],
    "application.crm": ["CRM opportunities not saving", "CRM sync with email failing", "CRM dashboard empty"],
    "application.portal": ["Customer portal returns 500", "Portal login loop", "HR portal timeout"],
    "security.phishing": ["Suspicious email reported", "Clicked link in phishing email"],
    "security.malware": ["Antivirus alert on laptop", "Ransomware warning popup"],
    "telephony": ["Desk phone no dial tone", "Meeting room screen not sharing"],
    "inquiry": ["How do I request a new laptop?", "Question about software policy"],
}
KB_REVISIONS = ["updated", "2024 edition", "v2", "revised", "copy", "older version", "rev. 3"]
CAT_CLASS = {"network": ["network_device", "business_service"], "server": ["server"], "database": ["database"],
             "application.erp": ["application"], "application.crm": ["application"], "application.portal": ["application"],
             "email": ["application", "business_service"], "telephony": ["application"], "security": ["server"],
             "hardware.printer": ["application"]}


TIERS = {1: ("gold", "silver"), 2: ("silver", "bronze"), 3: ("bronze",), 4: ("bronze",)}
TIER_TEXT = {"gold": "24x7 support, 15-minute response for priority 1", "silver": "business hours plus on-call for priority 1-2",
             "bronze": "business hours, next-business-day response"}


def _offerings(service_ids: dict[str, str]) -> list[dict]:
    """The offerings of each business service (its support tiers); Email and VPN each keep a retired one."""
    rows = []
    for sname, crit, sgroup, _apps in SERVICES:
        tiers = list(TIERS[crit]) + (["bronze"] if sname in ("Email Service", "Corporate VPN") else [])
        for k, tier in enumerate(tiers):
            retired = k == len(tiers) - 1 and sname in ("Email Service", "Corporate VPN")
            label = f"{sname} - {tier.title()}" + (" (legacy)" if retired else "")
            rows.append({"offering_id": f"SO{len(rows) + 1:04d}", "service_ci_id": service_ids[sname], "name": label,
                         "tier": tier, "support_group_id": sgroup, "status": "retired" if retired else "active",
                         "description": f"{sname}, {tier} tier: {TIER_TEXT[tier]}." + (" No longer sold; do not use for new incidents."
                                                                                        if retired else "")})
    return rows


def _ts(d: dt.datetime) -> dt.datetime:
    return d.replace(microsecond=0)


def seed(db) -> None:  # noqa: C901 - one linear build of a consistent data set
    fake = Faker("en_US")
    fake.seed_instance(SEED)
    rng = random.Random(SEED)
    people = db.query("SELECT person_id, full_name, email, department_id, location_id, manager_id, active, title "
                      "FROM org.person ORDER BY person_id")
    heads = {r["department_id"]: r["head_person_id"] for r in db.query("SELECT * FROM org.department")}
    by_pid = {p["person_id"]: p for p in people}

    # -- users ---------------------------------------------------------------
    order = list(range(len(people)))
    rng.shuffle(order)
    uid = {}
    for slot, idx in enumerate(order):
        uid[people[idx]["person_id"]] = f"USR{10001 + slot * 3:05d}"
    it_depts = ("DEP002", "DEP003", "DEP004", "DEP013")  # a tuple: set order varies with PYTHONHASHSEED
    lead_pids = {p["person_id"] for p in people if p["manager_id"] and p["manager_id"] == heads.get(p["department_id"])}
    admins = {"P0009", "P0102", "P0107", "P0020", "P0021"}
    users = []
    role_of = {}
    for p in people:
        pid, dep = p["person_id"], p["department_id"]
        if pid in admins:
            role = "admin"
        elif dep in it_depts and (pid == heads[dep] or pid in lead_pids):
            role = "manager"
        elif dep in it_depts:
            role = "agent"
        else:
            role = "reporter"
        role_of[pid] = role
        users.append({"user_id": uid[pid], "person_id": pid, "user_name": p["email"].split("@")[0],
                      "email": p["email"], "full_name": p["full_name"], "role": role, "department_id": dep,
                      "location_id": p["location_id"], "active": p["active"],
                      "created_at": dt.datetime(2019, 1, 1) + dt.timedelta(days=int(pid[1:]) * 3)})
    db.insert("itsm.sys_user", users)
    active = {uid[p["person_id"]] for p in people if p["active"]}
    reporters = [uid[p["person_id"]] for p in people if role_of[p["person_id"]] == "reporter" and p["active"]]
    dept_staff = {d: [p["person_id"] for p in people if p["department_id"] == d and role_of[p["person_id"]] in ("agent", "manager", "admin")]
                  for d in it_depts}

    # -- groups and members -----------------------------------------------------
    groups, members = [], []
    gmembers: dict[str, list[str]] = {}
    for gid, name, gtype, dep, mgr, count, desc in GROUPS:
        groups.append({"group_id": gid, "name": name, "description": desc,
                       "email": name.lower().replace(" & ", "-").replace(" ", "-") + "@arcturus.example",
                       "group_type": gtype, "manager_id": uid[mgr], "parent_group_id": None,
                       "department_id": dep, "active": True})
        pool = [x for x in dept_staff[dep] if x != mgr and role_of[x] != "manager"]
        chosen = [mgr] + rng.sample(pool, min(count - 1, len(pool))) if count else []
        gmembers[gid] = [uid[x] for x in chosen]
    gmembers["GRP0015"] = [g["manager_id"] for g in groups if g["group_type"] == "support"][:10] + [uid["P0009"]]
    gmembers["GRP0016"] = [uid[x] for x in ("P0099", "P0100", "P0101", "P0102", "P0016")]
    gmembers["GRP0001"] += [uid["P0102"], uid["P0107"]]
    gmembers["GRP0003"] += [uid["P0102"]]
    for g in groups:
        if g["group_id"] in ("GRP0002", "GRP0003"):
            g["parent_group_id"] = "GRP0001"
        if g["group_id"] in ("GRP0007",):
            g["parent_group_id"] = "GRP0005"
    for gid, ms in gmembers.items():
        seen = []
        for m in ms:
            if m not in seen:
                seen.append(m)
        gmembers[gid] = seen
        for k, m in enumerate(seen):
            members.append({"group_id": gid, "user_id": m, "added_by": uid["P0009"],
                            "added_at": dt.datetime(2023, 1, 2) + dt.timedelta(days=k * 11 + int(gid[-2:]) * 5)})
    db.insert("itsm.user_group", groups)
    db.insert("itsm.group_member", members)
    act_members = {g: [m for m in ms if m in active] for g, ms in gmembers.items()}
    gmanager = {g["group_id"]: g["manager_id"] for g in groups}
    group_dept = {g["group_id"]: g["department_id"] for g in groups}

    db.insert("itsm.category", [{"category_id": c, "name": n, "parent_id": p, "default_group_id": g, "active": True}
                                for c, n, p, g in CATEGORIES])

    # -- CMDB ------------------------------------------------------------------
    locs = [r["location_id"] for r in db.query("SELECT location_id FROM org.location ORDER BY 1")]
    cis, rels = [], []
    nci = 0

    def add_ci(name, cls, crit, group, env="production", os_=None, version=None, loc=None, status="operational"):
        nonlocal nci
        nci += 1
        cid = f"CI{nci:05d}"
        # critical technical CIs are owned by the head of the supporting department, the rest by the group manager
        owner = uid[heads[group_dept[group]]] if crit == 1 and cls != "business_service" else gmanager[group]
        cis.append({"ci_id": cid, "name": name, "ci_class": cls, "status": status, "environment": env,
                    "criticality": crit, "owned_by": owner, "support_group_id": group,
                    "location_id": loc or rng.choice(locs[:4] + locs[4:6]),
                    "ip_address": f"10.{rng.randint(1, 40)}.{rng.randint(0, 255)}.{rng.randint(2, 250)}" if cls in ("server", "network_device", "storage", "database") else None,
                    "os": os_, "version": version, "serial_number": fake.bothify("SN-####-????").upper() if cls in ("server", "network_device", "storage") else None,
                    "updated_at": NOW - dt.timedelta(days=rng.randint(5, 400))})
        return cid

    def rel(parent, child, typ):
        rels.append({"rel_id": f"REL{len(rels) + 1:05d}", "parent_ci_id": parent, "child_ci_id": child, "rel_type": typ,
                     "created_by": uid["P0009"], "created_at": dt.datetime(2024, 3, 1) + dt.timedelta(days=len(rels))})

    storage = [add_ci(f"san-{s}-0{i}", "storage", 2, "GRP0007", os_="OnTap 9", loc=locs[1 if s == 'aus' else 4]) for s in ("aus", "lon") for i in (1, 2)]
    storage += [add_ci("nas-nyc-01", "storage", 3, "GRP0007", loc=locs[0])]
    netdev = []
    for site, loc in (("nyc", locs[0]), ("aus", locs[1]), ("sfo", locs[2]), ("lon", locs[4]), ("blr", locs[7]), ("sgp", locs[9])):
        for kind in ("core-sw", "fw", "wlc", "vpn-gw"):
            if kind == "vpn-gw" and site not in ("nyc", "lon", "sgp"):
                continue
            netdev.append(add_ci(f"{site}-{kind}-01", "network_device", 2 if kind != "wlc" else 3, "GRP0004", os_="NOS 17.3", loc=loc))
    service_ids, app_ids, app_servers, service_of_app = {}, {}, {}, {}
    srv_group = {"GRP0009": "GRP0005", "GRP0010": "GRP0006", "GRP0011": "GRP0005", "GRP0012": "GRP0005", "GRP0008": "GRP0005",
                 "GRP0004": "GRP0004", "GRP0002": "GRP0005", "GRP0014": "GRP0005", "GRP0006": "GRP0006"}
    for sname, crit, sgroup, apps in SERVICES:
        sid = add_ci(sname, "business_service", crit, sgroup)
        service_ids[sname] = sid
        for aname, agroup, has_db in apps:
            aid = add_ci(aname, "application", crit, agroup, version=f"{rng.randint(2, 12)}.{rng.randint(0, 9)}")
            app_ids[aname] = aid
            service_of_app[aid] = sid
            rel(sid, aid, "depends_on")
            short = "".join(w[0] for w in aname.lower().split())[:4] + "".join(ch for ch in aname.lower() if ch.isalpha())[1:3]
            servers = []
            site = rng.choice(["aus", "nyc", "lon"])
            for i in range(1, rng.randint(2, 4) + 1):
                g = srv_group.get(agroup, "GRP0005")
                os_ = rng.choice(["RHEL 9", "RHEL 8", "Windows Server 2022", "Ubuntu 22.04"])
                s = add_ci(f"{site}-{short}-app{i:02d}", "server", crit, g, os_=os_,
                           loc={"aus": locs[1], "nyc": locs[0], "lon": locs[4]}[site])
                servers.append(s)
                rel(aid, s, "runs_on")
                rel(s, rng.choice(storage), "backed_up_by")
                rel(s, rng.choice(netdev), "connected_to")
            app_servers[aid] = servers
            if has_db:
                engine = rng.choice(["PostgreSQL 15", "Oracle 19c", "SQL Server 2019"])
                dbid = add_ci(f"{short}-db-prod", "database", crit, "GRP0008", version=engine)
                rel(aid, dbid, "depends_on")
                dbs = add_ci(f"{site}-{short}-db01", "server", crit, "GRP0005", os_="RHEL 9",
                             loc={"aus": locs[1], "nyc": locs[0], "lon": locs[4]}[site])
                rel(dbid, dbs, "runs_on")
                rel(dbs, rng.choice(storage), "backed_up_by")
    rel(service_ids["Corporate VPN"], netdev[3], "depends_on")
    rel(service_ids["Email Service"], service_ids["Identity Service"], "depends_on")
    rel(service_ids["Customer Portal"], service_ids["Identity Service"], "depends_on")
    # non-production and retired servers
    for i in range(1, 31):
        env = "staging" if i % 3 else "development"
        add_ci(f"{'stg' if env == 'staging' else 'dev'}-vm-{i:03d}", "server", 4, rng.choice(["GRP0005", "GRP0006"]), env=env,
               os_=rng.choice(["RHEL 9", "Ubuntu 22.04"]))
    for i in range(1, 11):
        add_ci(f"old-srv-{i:02d}", "server", 4, "GRP0005", os_="Windows Server 2012", status="retired")
    db.insert("itsm.configuration_item", cis)
    db.insert("itsm.ci_relationship", rels)
    db.insert("itsm.service_offering", _offerings(service_ids))
    ci_by_class: dict[str, list[dict]] = {}
    for c in cis:
        if c["status"] != "retired" and c["environment"] == "production":
            ci_by_class.setdefault(c["ci_class"], []).append(c)
    ci_index = {c["ci_id"]: c for c in cis}

    # -- assignment rules ----------------------------------------------------------
    rules = []
    for cid, name, parent, group in CATEGORIES:
        rules.append({"rule_id": None, "name": f"{name} to {dict((g[0], g[1]) for g in GROUPS)[group]}", "category_id": cid,
                      "ci_id": None, "group_id": group, "rule_order": 500, "active": True})
    special = [("application.portal", "Portal API", "GRP0006"), ("server.outage", None, "GRP0005"),
               ("database.backup", None, "GRP0007")]
    for cat, app, group in special:
        if app:
            rules.append({"rule_id": None, "name": f"{app} incidents to cloud", "category_id": cat, "ci_id": app_ids[app],
                          "group_id": group, "rule_order": 100, "active": True})
    for app, grp in (("Payroll Engine", "GRP0009"), ("SSO Gateway", "GRP0012"), ("VoIP Call Manager", "GRP0014"),
                     ("Customer Portal Web", "GRP0010"), ("Wiki App", "GRP0006")):
        rules.append({"rule_id": None, "name": f"{app} server issues", "category_id": "server.outage",
                      "ci_id": app_ids[app], "group_id": grp, "rule_order": 100, "active": True})
    rules.append({"rule_id": None, "name": "Legacy: VPN to Service Desk", "category_id": "network.vpn", "ci_id": None,
                  "group_id": "GRP0001", "rule_order": 50, "active": False})
    rules.append({"rule_id": None, "name": "Phishing to Service Desk (retired)", "category_id": "security.phishing",
                  "ci_id": None, "group_id": "GRP0001", "rule_order": 10, "active": False})
    for i, r in enumerate(rules, 1):
        r["rule_id"] = f"AR{i:03d}"
    db.insert("itsm.assignment_rule", rules)
    cat_group = {c[0]: c[3] for c in CATEGORIES}

    # -- SLA definitions -----------------------------------------------------------------
    names = {1: "Critical", 2: "High", 3: "Moderate", 4: "Low", 5: "Planning"}
    slas, sla_for = [], {}
    n = 0
    for p in range(1, 6):
        for target, minutes in zip(("response", "resolution"), SLA_MIN[p]):
            n += 1
            sid = f"SLA{n:03d}"
            sla_for[(p, target)] = sid
            slas.append({"sla_def_id": sid, "name": f"P{p} {names[p]} - {target}", "applies_to": "incident", "target": target,
                         "priority": p, "duration_minutes": minutes, "pause_on_hold": target == "resolution", "active": True,
                         "owner_group_id": "GRP0003" if p == 1 else "GRP0001", "created_by": uid["P0099"]})
    slas.append({"sla_def_id": "SLA011", "name": "Service request - fulfillment", "applies_to": "service_request",
                 "target": "resolution", "priority": None, "duration_minutes": 7200, "pause_on_hold": False, "active": True,
                 "owner_group_id": "GRP0001", "created_by": uid["P0099"]})
    slas.append({"sla_def_id": "SLA012", "name": "P1 Critical - resolution (legacy 2h)", "applies_to": "incident",
                 "target": "resolution", "priority": 1, "duration_minutes": 120, "pause_on_hold": True, "active": False,
                 "owner_group_id": "GRP0003", "created_by": uid["P0099"]})
    slas.append({"sla_def_id": "SLA013", "name": "P2 High - resolution (VIP)", "applies_to": "incident",
                 "target": "resolution", "priority": 2, "duration_minutes": 360, "pause_on_hold": True, "active": False,
                 "owner_group_id": "GRP0001", "created_by": uid["P0099"]})
    db.insert("itsm.sla_definition", slas)

    # -- knowledge articles (first pass, problems linked later) ---------------------------
    agents_all = [uid[x] for d in it_depts for x in dept_staff[d] if uid[x] in active]
    reviewers = gmembers["GRP0016"]
    kbs = []
    kb_topics = list(ISSUES.items())
    for i in range(1, 151):
        cat, titles = kb_topics[i % len(kb_topics)]
        title = f"How to fix: {rng.choice(titles).lower()}" if i % 4 else f"{rng.choice(titles)} - troubleshooting guide"
        state = rng.choices(["published", "draft", "review", "retired"], [70, 12, 10, 8])[0]
        created = NOW - dt.timedelta(days=rng.randint(20, 700), hours=rng.randint(0, 23))
        author = rng.choice(agents_all)
        reviewer = rng.choice([r for r in reviewers if r != author]) if state in ("published", "retired") else None
        pub = created + dt.timedelta(days=rng.randint(1, 10)) if state in ("published", "retired") else None
        title = title + ("" if i < 100 else f" ({KB_REVISIONS[i % len(KB_REVISIONS)]})")  # later copies of a guide
        kbs.append({"article_id": f"KB_{i:04d}", "number": f"KB{20000 + i:07d}", "title": title,
                    "body": T.kb_body(f"KB_{i:04d}", title, cat), "category_id": cat, "state": state,
                    "visibility": "internal" if rng.random() < 0.35 else "public", "author_id": author, "reviewer_id": reviewer,
                    "problem_id": None, "ci_id": None, "view_count": rng.randint(0, 900) if pub else 0,
                    "published_at": pub, "retired_at": pub + dt.timedelta(days=rng.randint(30, 200)) if state == "retired" else None,
                    "created_at": created, "updated_at": (pub or created)})
    for k in kbs:
        if k["retired_at"] and k["retired_at"] > NOW:
            k["retired_at"] = NOW - dt.timedelta(days=1)

    # -- problems ----------------------------------------------------------------------------
    problems = []
    prob_cis = [c for c in cis if c["ci_class"] in ("application", "server", "database", "network_device") and c["environment"] == "production" and c["status"] != "retired"]
    for i in range(1, 61):
        ci = rng.choice(prob_cis)
        state = rng.choices(["new", "assess", "root_cause_analysis", "fix_in_progress", "resolved", "closed", "canceled"],
                            [6, 8, 10, 8, 8, 18, 2])[0]
        opened = NOW - dt.timedelta(days=rng.randint(3, 300), hours=rng.randint(0, 23))
        imp, urg = rng.choice([1, 2, 2, 3]), rng.choice([1, 2, 2, 3])
        grp = ci["support_group_id"]
        assignee = rng.choice(act_members[grp]) if state != "new" else None
        known = state in ("fix_in_progress", "resolved", "closed") and rng.random() < 0.6 or (state == "root_cause_analysis" and rng.random() < 0.3)
        has_root = state in ("fix_in_progress", "resolved", "closed") or known
        res_code = None
        resolved_at = closed_at = resolved_by = None
        if state in ("resolved", "closed"):
            res_code = rng.choice(["fix_applied", "fix_applied", "risk_accepted"])
            resolved_at = opened + dt.timedelta(days=rng.randint(2, 40))
            if resolved_at > NOW:
                resolved_at = NOW - dt.timedelta(hours=5)
            resolved_by = assignee
            if state == "closed":
                closed_at = min(resolved_at + dt.timedelta(days=rng.randint(1, 10)), NOW - dt.timedelta(hours=1))
        if state == "canceled":
            res_code, resolved_at = "canceled", opened + dt.timedelta(days=1)
        kb_id = None
        if known:
            kb = next((k for k in kbs if k["state"] == "published" and k["problem_id"] is None), None)
            kb["problem_id"] = f"PRB_{i:04d}"
            kb_id = kb["article_id"]
        pcat = rng.choice(list(ISSUES))
        psummary = f"Recurring: {rng.choice(ISSUES[pcat]).lower()} on {ci['name']}"
        ptext = T.problem_texts(f"PRB_{i:04d}", pcat, psummary)
        problems.append({"problem_id": f"PRB_{i:04d}", "number": f"PRB{40000 + i:07d}",
                         "short_description": psummary,
                         "description": ptext["description"], "state": state, "impact": imp, "urgency": urg, "priority": PRIO[(imp, urg)],
                         "ci_id": ci["ci_id"], "assignment_group_id": grp, "assigned_to": assignee, "opened_by": rng.choice(agents_all),
                         "known_error": known, "root_cause": ptext["root_cause"] if has_root else None,
                         "workaround": ptext["workaround"] if known else None,
                         "kb_article_id": kb_id, "resolution_code": res_code, "resolved_by": resolved_by, "opened_at": opened,
                         "resolved_at": resolved_at, "closed_at": closed_at, "updated_at": closed_at or resolved_at or opened})
    db.insert("itsm.kb_article", kbs)
    db.insert("itsm.problem", problems)
    open_problems = [p for p in problems if p["state"] not in ("closed", "canceled", "resolved")]

    # -- incidents ------------------------------------------------------------------------------
    sd_agents = act_members["GRP0001"]
    incidents, tslas, journal, notes_n = [], [], [], [0]
    incident_kb, notifications, audits = [], [], []

    def jn(kind, author, body, at, **ref):
        notes_n[0] += 1
        row = {"entry_id": f"JRN{notes_n[0]:06d}", "kind": kind, "incident_id": None, "problem_id": None, "change_id": None,
               "request_id": None, "author_id": author, "body": body, "created_at": _ts(at)}
        row.update(ref)
        journal.append(row)

    def ntf(recipient, sender, ntype, subject, body, at, **ref):
        row = {"notification_id": f"NTF{len(notifications) + 1:06d}", "recipient_id": recipient, "sent_by": sender,
               "incident_id": None, "problem_id": None, "change_id": None, "request_id": None, "notification_type": ntype,
               "subject": subject, "body": body, "sent_at": _ts(at)}
        row.update(ref)
        notifications.append(row)

    def audit(table, rid, action, changes, user, at):
        audits.append({"audit_id": f"AUD{len(audits) + 1:06d}", "record_table": table, "record_id": rid, "action": action,
                       "changes": changes, "user_id": user, "created_at": _ts(at)})

    cats = [c for c in ISSUES]
    n_inc = 900
    for i in range(1, n_inc + 1):
        age_h = rng.expovariate(1 / 500) if rng.random() < 0.85 else rng.uniform(0, 3000)
        age_h = min(max(age_h, 0.3), 3500)
        opened = _ts(NOW - dt.timedelta(hours=age_h, minutes=rng.randint(0, 59)))
        cat = rng.choice(cats)
        imp = rng.choices([1, 2, 3], [10, 35, 55])[0]
        urg = rng.choices([1, 2, 3], [12, 38, 50])[0]
        pri = PRIO[(imp, urg)]
        caller = rng.choice(reporters)
        contact = rng.choices(["phone", "email", "self_service", "walk_in", "monitoring"], [30, 25, 35, 5, 5])[0]
        opened_by = caller if contact == "self_service" else rng.choice(sd_agents)
        group = cat_group[cat]
        classes = next((v for k, v in CAT_CLASS.items() if cat == k or cat.startswith(k + ".")), None)
        ci = rng.choice(ci_by_class[rng.choice(classes)])["ci_id"] if classes and rng.random() < 0.85 else None
        # state by age
        if age_h > 24 * 14:
            state = rng.choices(["closed", "canceled", "resolved"], [92, 5, 3])[0]
        elif age_h > 24 * 4:
            state = rng.choices(["closed", "resolved", "in_progress", "on_hold", "canceled"], [45, 25, 15, 12, 3])[0]
        else:
            state = rng.choices(["new", "in_progress", "on_hold", "resolved", "closed"], [22, 38, 15, 20, 5])[0]
        assignee = None if state == "new" and rng.random() < 0.6 else rng.choice(act_members[group])
        if state not in ("new", "canceled") and assignee is None:
            assignee = rng.choice(act_members[group])
        res_min, reso_min = SLA_MIN[pri]
        first_resp = opened + dt.timedelta(minutes=int(res_min * rng.uniform(0.2, 1.4)))
        resolved_at = closed_at = None
        if state in ("resolved", "closed"):
            resolved_at = opened + dt.timedelta(minutes=int(reso_min * rng.uniform(0.3, 1.3)))
            if resolved_at >= NOW:
                resolved_at = _ts(NOW - dt.timedelta(minutes=rng.randint(5, 120)))
                if resolved_at <= opened:
                    resolved_at = opened + dt.timedelta(minutes=3)
            first_resp = min(first_resp, resolved_at)
            if state == "closed":
                closed_at = resolved_at + dt.timedelta(days=3)
                if closed_at >= NOW:
                    state, closed_at = "resolved", None
        if state in ("in_progress", "on_hold") and first_resp >= NOW:
            first_resp = opened + dt.timedelta(minutes=1) if opened + dt.timedelta(minutes=1) < NOW else opened
        hold_reason = None
        hold_at = None
        if state == "on_hold":
            hold_reason = rng.choice(["awaiting_caller", "awaiting_vendor", "awaiting_problem", "awaiting_change"])
            hold_at = first_resp + (NOW - first_resp) * rng.uniform(0.2, 0.8)
            hold_at = _ts(hold_at)
        prob = None
        if ci and rng.random() < 0.12:
            cands = [p for p in problems if p["ci_id"] == ci and p["opened_at"] <= opened + dt.timedelta(days=10)]
            if cands:
                prob = cands[0]["problem_id"]
        if hold_reason == "awaiting_problem" and prob is None:
            cands = [p for p in open_problems if p["assignment_group_id"] == group] or open_problems
            prob = rng.choice(cands)["problem_id"]
        inc_id = f"INC_{i:04d}"
        res_code = res_notes = None
        if state in ("resolved", "closed"):
            res_code = rng.choices(RES_CODES, [55, 20, 10, 5, 10])[0]
            res_notes = T.resolution_notes(f"{inc_id}-resolution", cat, res_code)
        updated = closed_at or resolved_at or hold_at or (first_resp if state == "in_progress" else opened)
        if state == "canceled":
            updated = opened + dt.timedelta(hours=2)
        incidents.append({
            "incident_id": inc_id, "number": f"INC{10000 + i:07d}",
            "short_description": rng.choice(ISSUES[cat]) + ("" if ci is None else f" ({ci_index[ci]['name']})"),
            "description": None, "caller_id": caller, "opened_by": opened_by,
            "contact_type": contact, "category_id": cat, "impact": imp, "urgency": urg, "priority": pri,
            "major_incident": pri == 1, "state": state, "on_hold_reason": hold_reason,
            "assignment_group_id": group, "assigned_to": assignee, "ci_id": ci, "problem_id": prob,
            "parent_incident_id": None, "resolution_code": res_code, "resolution_notes": res_notes,
            "resolved_by": assignee if resolved_at else None, "closed_by": (assignee if rng.random() < 0.5 else caller) if closed_at else None,
            "reopen_count": 1 if resolved_at and rng.random() < 0.05 else 0, "opened_at": opened,
            "resolved_at": resolved_at, "closed_at": closed_at, "updated_at": updated})
        incidents[-1]["description"] = T.incident_description(inc_id, cat, incidents[-1]["short_description"].split(" (")[0],
                                                              ci_index[ci]["name"] if ci else None)
        # SLAs
        for target in ("response", "resolution"):
            sdef = sla_for[(pri, target)]
            minutes = SLA_MIN[pri][0 if target == "response" else 1]
            due = opened + dt.timedelta(minutes=minutes)
            row = {"task_sla_id": f"TSLA{len(tslas) + 1:05d}", "sla_def_id": sdef, "incident_id": inc_id, "request_id": None,
                   "target": target, "stage": "in_progress", "start_time": opened, "due_at": due, "paused_at": None,
                   "pause_minutes": 0, "has_breached": False, "completed_at": None, "cancel_reason": None}
            if state == "canceled":
                row["stage"], row["cancel_reason"] = "cancelled", "incident canceled"
            elif target == "response":
                if state != "new":
                    row["stage"], row["completed_at"] = "completed", first_resp
                    row["has_breached"] = first_resp > due
                else:
                    row["has_breached"] = NOW > due
            else:
                if resolved_at:
                    row["stage"], row["completed_at"] = "completed", resolved_at
                    row["has_breached"] = resolved_at > due
                elif state == "on_hold":
                    row["stage"], row["paused_at"] = "paused", hold_at
                    row["has_breached"] = hold_at > due
                else:
                    row["has_breached"] = NOW > due
            tslas.append(row)
        jn("work_note", assignee or rng.choice(sd_agents), f"Triage: {T.triage_note(inc_id + '-triage', cat)}", opened + dt.timedelta(minutes=5), incident_id=inc_id)
        if state in ("in_progress", "on_hold", "resolved", "closed") and rng.random() < 0.6:
            jn("comment", assignee, f"Hello, {T.first_comment(inc_id + '-comment')}", first_resp, incident_id=inc_id)
        if hold_reason == "awaiting_caller":
            jn("comment", assignee, "Could you please confirm when the issue last occurred?", hold_at, incident_id=inc_id)
        if resolved_at:
            ntf(caller, assignee, "resolution", f"Incident {10000 + i:07d} resolved".replace("Incident ", "Incident INC"),
                f"Your incident has been resolved: {res_notes}", resolved_at, incident_id=inc_id)
            audit("itsm.incident", inc_id, "resolve", f'{{"state": "resolved", "resolution_code": "{res_code}"}}', assignee, resolved_at)
        if closed_at:
            audit("itsm.incident", inc_id, "close", '{"state": "closed"}', assignee, closed_at)
    # parent/child: a few major incidents with children
    majors = [x for x in incidents if x["major_incident"] and x["state"] in ("in_progress", "resolved", "closed") and x["ci_id"]]
    for m in majors[:8]:
        kids = [x for x in incidents if x["ci_id"] == m["ci_id"] and x is not m and x["parent_incident_id"] is None
                and abs((x["opened_at"] - m["opened_at"]).total_seconds()) < 3 * 86400
                and (x["state"] == m["state"] or (m["state"] == "closed" and x["state"] in ("closed",)))]
        for k in kids[:4]:
            k["parent_incident_id"] = m["incident_id"]
    loc_of = {uid[p["person_id"]]: p["location_id"] for p in people if p["person_id"] in uid}
    for x in incidents:  # where the caller works, and the business service behind the affected application
        x["location_id"] = loc_of.get(x["caller_id"])
        x["business_service_id"] = service_of_app.get(x["ci_id"])
    db.insert("itsm.incident", incidents)
    db.insert("itsm.incident_ci", [
        {"incident_id": x["incident_id"], "ci_id": srv, "added_by": x["assigned_to"] or x["opened_by"],
         "added_at": x["opened_at"] + dt.timedelta(minutes=20)}
        for x in incidents if x["priority"] <= 2 and x["ci_id"] in app_servers for srv in app_servers[x["ci_id"]][:2]])
    db.insert("itsm.task_sla", tslas)
    published = [k for k in kbs if k["state"] == "published"]
    for x in incidents:
        if x["state"] in ("resolved", "closed") and rng.random() < 0.12:
            k = rng.choice(published)
            incident_kb.append({"incident_id": x["incident_id"], "article_id": k["article_id"], "attached_by": x["assigned_to"],
                                "attached_at": x["resolved_at"], "purpose": "resolution"})
    db.insert("itsm.incident_kb", incident_kb)

    # -- changes ----------------------------------------------------------------------------
    templates = []
    for i, (name, cls, grp) in enumerate(TEMPLATES, 1):
        templates.append({"template_id": f"STD{i:03d}", "name": name, "description": f"Pre-approved: {name.lower()}", "ci_class": cls,
                          "assignment_group_id": grp, "owner_id": gmanager[grp],
                          "implementation_plan": f"Follow runbook RB-{100 + i}: {name.lower()}.",
                          "backout_plan": f"Revert using runbook RB-{100 + i} rollback section.",
                          "test_plan": "Verify service health checks are green and monitoring shows no alerts.",
                          "active": i != 9})
    db.insert("itsm.standard_change_template", templates)
    chair = uid["P0016"]
    cabs, attendees = [], []
    first_thu = dt.datetime(2025, 10, 9, 15, 0)
    for w in range(12):
        start = first_thu + dt.timedelta(weeks=w)
        st = "completed" if start < NOW else "planned"
        cabs.append({"cab_id": f"CAB{w + 1:03d}", "name": f"Weekly CAB {start:%Y-%m-%d}", "starts_at": start,
                     "ends_at": start + dt.timedelta(hours=1), "chair_id": chair if w != 10 else uid["P0009"],
                     "location_id": locs[1], "state": st})
        for m in gmembers["GRP0015"]:
            attendees.append({"cab_id": f"CAB{w + 1:03d}", "user_id": m,
                              "attendance": "invited" if st == "planned" else rng.choice(["attended", "attended", "absent"])})
    db.insert("itsm.cab_meeting", cabs)
    db.insert("itsm.cab_attendee", attendees)

    windows = []
    sat = dt.datetime(2025, 9, 6, 22, 0)
    for w in range(16):
        s = sat + dt.timedelta(weeks=w)
        windows.append({"window_id": None, "name": f"Weekend maintenance {s:%Y-%m-%d}", "window_type": "maintenance", "ci_id": None,
                        "starts_at": s, "ends_at": s + dt.timedelta(hours=8), "description": "Global weekend maintenance window",
                        "created_by": uid["P0016"]})
    erp_db = next(c["ci_id"] for c in cis if c["ci_class"] == "database" and c["name"].startswith("ec"))
    for w in range(8):
        s = dt.datetime(2025, 11, 5, 1, 0) + dt.timedelta(weeks=w)
        windows.append({"window_id": None, "name": f"Database mid-week window {s:%Y-%m-%d}", "window_type": "maintenance",
                        "ci_id": erp_db, "starts_at": s, "ends_at": s + dt.timedelta(hours=3),
                        "description": "Mid-week maintenance for the ERP database", "created_by": uid["P0013"]})
    windows.append({"window_id": None, "name": "Year-end change freeze", "window_type": "blackout", "ci_id": None,
                    "starts_at": dt.datetime(2025, 12, 15, 0, 0), "ends_at": dt.datetime(2026, 1, 5, 0, 0),
                    "description": "No normal or standard changes during the year-end freeze", "created_by": uid["P0009"]})
    windows.append({"window_id": None, "name": "ERP quarter-close freeze", "window_type": "blackout", "ci_id": app_ids["ERP Core"],
                    "starts_at": dt.datetime(2025, 12, 1, 0, 0), "ends_at": dt.datetime(2025, 12, 10, 0, 0),
                    "description": "Finance close: no changes to ERP Core", "created_by": uid["P0016"]})
    windows.append({"window_id": None, "name": "Payroll run freeze", "window_type": "blackout", "ci_id": app_ids["Payroll Engine"],
                    "starts_at": dt.datetime(2025, 12, 5, 0, 0), "ends_at": dt.datetime(2025, 12, 8, 0, 0),
                    "description": "Monthly payroll run", "created_by": uid["P0016"]})
    for i, wdw in enumerate(windows, 1):
        wdw["window_id"] = f"MW{i:03d}"
    db.insert("itsm.maintenance_window", windows)
    maint = [w for w in windows if w["window_type"] == "maintenance" and w["ci_id"] is None]

    changes, approvals, ctasks, chg_inc = [], [], [], []
    tech_cis = [c for c in cis if c["ci_class"] in ("server", "application", "database", "network_device", "storage") and c["status"] != "retired" and c["environment"] == "production"]
    inc_by_ci: dict[str, list[dict]] = {}
    for x in incidents:
        if x["ci_id"]:
            inc_by_ci.setdefault(x["ci_id"], []).append(x)
    for i in range(1, 161):
        ctype = rng.choices(["normal", "standard", "emergency"], [55, 35, 10])[0]
        ci = rng.choice(tech_cis)
        grp = ci["support_group_id"]
        tpl = None
        if ctype == "standard":
            tpls = [t for t in templates if t["ci_class"] == ci["ci_class"] and t["active"]]
            if not tpls:
                ctype = "normal"
            else:
                tpl = rng.choice(tpls)
                grp = tpl["assignment_group_id"]
        w = rng.choice(maint)
        if ctype != "emergency" and w["starts_at"] >= dt.datetime(2025, 12, 14):
            w = next(m for m in maint if m["starts_at"] == w["starts_at"] - dt.timedelta(weeks=2))  # not in the freeze
        planned_start = w["starts_at"] + dt.timedelta(hours=rng.randint(0, 4))
        planned_end = planned_start + dt.timedelta(hours=rng.randint(1, 3))
        if ctype == "emergency":
            planned_start = NOW - dt.timedelta(days=rng.randint(1, 80), hours=rng.randint(0, 20))
            planned_end = planned_start + dt.timedelta(hours=2)
        created = planned_start - dt.timedelta(days=rng.randint(3, 12)) if ctype != "emergency" else planned_start - dt.timedelta(hours=1)
        raised = created  # when the change was planned to be raised: decides which incidents it resolves
        created = min(created, NOW - dt.timedelta(days=2, hours=i % 20))  # changes planned far ahead were raised already
        if planned_end < NOW:
            state = rng.choices(["closed", "canceled", "review"], [85, 8, 7])[0]
        else:
            state = rng.choice(["new", "assess", "authorize", "scheduled"] if ctype == "normal" else ["new", "scheduled"])
        risk = {1: "high", 2: "moderate", 3: "low", 4: "low"}[ci["criticality"]]
        if ctype == "standard":
            risk = "low"
        assignee = rng.choice(act_members[grp])
        requester = rng.choice([a for a in agents_all if a != gmanager[grp]])
        cab = None
        if ctype == "normal" and risk in ("moderate", "high") and state not in ("new", "assess"):
            cands = [c for c in cabs if c["starts_at"] < planned_start]
            cab = cands[-1]["cab_id"] if cands else None
            if cab is None:
                state = "assess"
        done = state in ("closed", "review")
        close_code = rng.choices(["successful", "successful_with_issues", "unsuccessful"], [80, 12, 8])[0] if state == "closed" else None
        cid = f"CHG_{i:04d}"
        prob = None
        if ci["ci_id"] in [p["ci_id"] for p in problems] and rng.random() < 0.5:
            prob = next(p["problem_id"] for p in problems if p["ci_id"] == ci["ci_id"])
        changes.append({"change_id": cid, "number": f"CHG{30000 + i:07d}", "change_type": ctype,
                        "short_description": (tpl["name"] if tpl else rng.choice(["Upgrade", "Patch", "Reconfigure", "Migrate", "Replace", "Resize"])) + f" - {ci['name']}",
                        "description": None, "justification": None,
                        "implementation_plan": tpl["implementation_plan"] if tpl else None,
                        "backout_plan": tpl["backout_plan"] if tpl else None,
                        "test_plan": tpl["test_plan"] if tpl else None,
                        "risk": risk, "state": state,
                        "approval": "not_requested", "requested_by": requester, "assignment_group_id": grp, "assigned_to": assignee,
                        "ci_id": ci["ci_id"], "template_id": tpl["template_id"] if tpl else None, "cab_id": cab, "problem_id": prob,
                        "planned_start": planned_start, "planned_end": planned_end,
                        "actual_start": planned_start + dt.timedelta(minutes=5) if done else None,
                        "actual_end": planned_end - dt.timedelta(minutes=10) if done else None,
                        "close_code": close_code, "close_notes": T.change_close_notes(cid, close_code) if close_code else None,
                        "closed_by": assignee if close_code else None, "created_at": created,
                        "updated_at": (planned_end if done else created)})
        ch = changes[-1]
        ctext = T.change_texts(cid, ch["short_description"], ci["name"])
        for field in ("description", "justification", "implementation_plan", "backout_plan", "test_plan"):
            ch[field] = ch[field] or ctext[field]
        if ctype != "standard" and state not in ("new", "assess"):
            need = [(gmanager[grp], "group_manager")]
            if ctype == "normal" and risk in ("moderate", "high") and cab:
                need.append((next(c["chair_id"] for c in cabs if c["cab_id"] == cab), "cab_chair"))
            if ctype == "normal" and risk == "high" and ci["owned_by"] not in [n[0] for n in need]:
                need.append((ci["owned_by"], "ci_owner"))
            decided = state not in ("authorize",) and state != "canceled"
            astate = "approved" if decided else "cancelled" if state == "canceled" else "requested"
            for appr, atype in need:
                approvals.append({"approval_id": f"APV{len(approvals) + 1:05d}", "change_id": cid, "approver_id": appr,
                                  "approver_type": atype, "state": astate,
                                  "comments": "Approved" if decided else None, "requested_by": requester, "decided_by": appr if decided else None,
                                  "requested_at": created + dt.timedelta(hours=2),
                                  "decided_at": created + dt.timedelta(days=1) if astate != "requested" else None})
            ch["approval"] = "approved" if decided else "requested" if state == "authorize" else "not_requested"
        elif ctype == "standard":
            ch["approval"] = "approved"
        for k in range(1, rng.randint(1, 3) + 1):
            tstate = "closed_complete" if done else ("canceled" if state == "canceled" else "open")
            ctasks.append({"ctask_id": f"CTASK_{len(ctasks) + 1:04d}", "number": f"CTASK{50000 + len(ctasks) + 1:07d}", "change_id": cid,
                           "short_description": ["Pre-implementation checks", "Implement change", "Post-implementation verification"][k - 1],
                           "task_order": k * 100, "state": tstate, "assignment_group_id": grp, "assigned_to": assignee,
                           "close_notes": "Done" if tstate == "closed_complete" else None, "created_at": created,
                           "closed_at": ch["actual_end"] if tstate == "closed_complete" else None})
        if ci["ci_id"] in inc_by_ci and rng.random() < 0.5:
            cands = inc_by_ci[ci["ci_id"]] if done or state == "canceled" else \
                [x for x in inc_by_ci[ci["ci_id"]] if x["state"] in ("new", "in_progress", "on_hold")]
            for x in cands[:2]:
                if ch["change_id"] not in [c["change_id"] for c in chg_inc if c["incident_id"] == x["incident_id"]]:
                    chg_inc.append({"change_id": cid, "incident_id": x["incident_id"],
                                    "link_type": "resolves" if x["opened_at"] < raised else "caused_by",
                                    "linked_by": requester, "linked_at": max(created, x["opened_at"])})
    db.insert("itsm.change_request", changes)
    db.insert("itsm.change_approval", approvals)
    db.insert("itsm.change_task", ctasks)
    db.insert("itsm.change_incident", chg_inc)
    for ch in changes:
        jn("work_note", ch["assigned_to"], f"Change planning: {T.change_texts(ch['change_id'], ch['short_description'], '')['planning_note']}", ch["created_at"] + dt.timedelta(hours=1), change_id=ch["change_id"])
        if ch["state"] == "closed":
            audit("itsm.change_request", ch["change_id"], "close", f'{{"close_code": "{ch["close_code"]}"}}', ch["closed_by"], ch["actual_end"])
    for p in problems:
        jn("work_note", p["assigned_to"] or p["opened_by"], f"Investigation: {T.problem_texts(p['problem_id'], 'server', '')['investigation']}", p["opened_at"] + dt.timedelta(hours=3), problem_id=p["problem_id"])

    # -- catalog and requests --------------------------------------------------------------------
    items = []
    for i, (name, cat, grp, appr, price, days) in enumerate(CATALOG, 1):
        items.append({"item_id": f"SCI{i:03d}", "name": name, "description": f"Request a {name.lower()}.", "category": cat,
                      "fulfillment_group_id": grp, "owner_id": gmanager[grp], "requires_approval": appr, "price": price,
                      "delivery_days": days, "active": name != "Legacy Fax Line"})
    db.insert("itsm.catalog_item", items)
    reqs, rtasks = [], []
    mgr_of = {uid[p["person_id"]]: uid.get(p["manager_id"]) if p["manager_id"] else None for p in people}
    for i in range(1, 301):
        item = rng.choice(items[:-1])
        rf = rng.choice(reporters + agents_all[:50])
        opened = _ts(NOW - dt.timedelta(hours=rng.uniform(2, 2400)))
        age_d = (NOW - opened).days
        if item["requires_approval"]:
            state = rng.choices(["closed", "fulfilled", "in_fulfillment", "approved", "pending_approval", "rejected", "canceled"],
                                [40, 8, 15, 8, 18, 6, 5])[0] if age_d > 5 else rng.choice(["pending_approval", "approved", "in_fulfillment"])
        else:
            state = rng.choices(["closed", "fulfilled", "in_fulfillment", "canceled"], [55, 10, 30, 5])[0] if age_d > 5 else "in_fulfillment"
        grp = item["fulfillment_group_id"]
        approver = mgr_of.get(rf) if item["requires_approval"] else None
        approved_at = opened + dt.timedelta(hours=rng.randint(2, 30)) if approver and state not in ("pending_approval", "rejected", "canceled") else None
        if approved_at and approved_at > NOW:
            approved_at = NOW - dt.timedelta(minutes=30)
        assignee = rng.choice(act_members[grp]) if state in ("in_fulfillment", "fulfilled", "closed") else None
        closed = opened + dt.timedelta(days=item["delivery_days"], hours=3) if state in ("fulfilled", "closed", "rejected", "canceled") else None
        if closed and closed > NOW:
            closed = NOW - dt.timedelta(hours=1)
        rid = f"REQ_{i:04d}"
        reqs.append({"request_id": rid, "number": f"RITM{60000 + i:07d}", "item_id": item["item_id"], "requested_for": rf,
                     "opened_by": rf if rng.random() < 0.7 else rng.choice(sd_agents), "quantity": 1 if item["price"] > 300 or rng.random() < 0.8 else 2,
                     "state": state, "approver_id": approver, "approved_at": approved_at,
                     "assignment_group_id": grp, "assigned_to": assignee, "justification": T.request_justification(rid, item["category"]),
                     "due_date": (opened + dt.timedelta(days=item["delivery_days"] + 2)).date(),
                     "close_notes": ("Delivered" if state in ("fulfilled", "closed") else "Rejected by approver" if state == "rejected" else "Canceled by requester") if closed else None,
                     "opened_at": opened, "closed_at": closed, "updated_at": closed or approved_at or opened})
        if state in ("in_fulfillment", "fulfilled", "closed"):
            for k, d in enumerate(["Prepare " + item["name"].lower(), "Deliver to requester"][: rng.randint(1, 2)]):
                ts = "open" if state == "in_fulfillment" and k > 0 else ("in_progress" if state == "in_fulfillment" else "closed_complete")
                rtasks.append({"rtask_id": f"SCTASK_{len(rtasks) + 1:04d}", "number": f"SCTASK{70000 + len(rtasks) + 1:07d}",
                               "request_id": rid, "short_description": d, "state": ts, "assignment_group_id": grp,
                               "assigned_to": assignee, "close_notes": "Completed" if ts == "closed_complete" else None,
                               "created_at": approved_at or opened, "closed_at": closed if ts == "closed_complete" else None})
        if state in ("in_fulfillment", "approved", "pending_approval"):
            due = opened + dt.timedelta(minutes=7200)
            tsl = {"task_sla_id": f"TSLA{len(tslas) + 1:05d}", "sla_def_id": "SLA011", "incident_id": None, "request_id": rid,
                   "target": "resolution", "stage": "in_progress", "start_time": opened, "due_at": due, "paused_at": None,
                   "pause_minutes": 0, "has_breached": NOW > due, "completed_at": None, "cancel_reason": None}
            tslas.append(tsl)
        if approver and state not in ("pending_approval",):
            ntf(rf, approver, "request_update", f"Request RITM{60000 + i:07d} {state.replace('_', ' ')}",
                f"Your request for {item['name']} is {state.replace('_', ' ')}.", approved_at or closed or opened, request_id=rid)
    db.insert("itsm.service_request", reqs)
    db.insert("itsm.request_task", rtasks)
    db.insert("itsm.task_sla", [t for t in tslas if t["request_id"]])
    db.insert("itsm.journal_entry", journal)
    db.insert("itsm.notification", notifications)
    db.execute("UPDATE itsm.notification SET delivery_status = 'delivered'")  # the mail system has confirmed them all
    db.insert("itsm.audit_log", audits)

"""Seed of the CSM domain: deterministic (fixed Faker/random seeds, dates from a fixed anchor).

Consistency rules the generator keeps:
- an asset's site belongs to the asset's account; serial numbers are unique;
- an entitlement's dates lie inside its contract's dates; state follows the dates
  (expired <=> end_date before 2025-12-05, the default clock);
- a case's entitlement belongs to the case's account and was valid when the case opened;
  a closed/resolved case has a resolution, a cancelled one a reason; assignees are active
  members of the case's assignment group; case SLAs match the priority and the coverage schedule.
"""

from __future__ import annotations

import datetime as dt
import random

import importlib.util
from pathlib import Path

from faker import Faker

_spec = importlib.util.spec_from_file_location("eops_csm_texts", Path(__file__).with_name("texts.py"))
T = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(T)

from pytest_enterpriseops.clock import add_business_minutes

SEED = 7341
NOW = dt.datetime(2025, 12, 5, 10, 0, 0)
TODAY = NOW.date()

SCHEDULES = [  # id, name, coverage, start, end, weekdays_only
    ("SCH_8X5", "Business hours 8x5 (08:00-16:00 UTC, Mon-Fri)", "8x5", 8, 16, True),
    ("SCH_12X5", "Extended hours 12x5 (06:00-18:00 UTC, Mon-Fri)", "12x5", 6, 18, True),
    ("SCH_24X7", "Around the clock 24x7", "24x7", 0, 24, False),
]
LEVEL_SCHEDULE = {"basic": "SCH_8X5", "standard": "SCH_12X5", "premium": "SCH_24X7", "enterprise": "SCH_24X7"}
LEVEL_LIMIT = {"basic": 4, "standard": 8, "premium": 20, "enterprise": None}

GROUPS = [  # id, name, tier, region, family, escalation
    ("GRP_001", "Tier 1 - AMER Support", 1, "AMER", None, None),
    ("GRP_002", "Tier 1 - EMEA Support", 1, "EMEA", None, None),
    ("GRP_003", "Tier 1 - APAC Support", 1, "APAC", None, None),
    ("GRP_004", "Tier 2 - Server Specialists", 2, "GLOBAL", "servers", "GRP_008"),
    ("GRP_005", "Tier 2 - Storage Specialists", 2, "GLOBAL", "storage", "GRP_008"),
    ("GRP_006", "Tier 2 - Networking Specialists", 2, "GLOBAL", "networking", "GRP_008"),
    ("GRP_007", "Tier 2 - Software Specialists", 2, "GLOBAL", "software", "GRP_008"),
    ("GRP_008", "Tier 3 - Engineering Escalations", 3, "GLOBAL", None, None),
    ("GRP_009", "Field Services", 2, "GLOBAL", None, None),
    ("GRP_010", "Partner Support Desk", 1, "GLOBAL", None, None),
    ("GRP_011", "Tier 1 - Legacy Helpline", 1, "GLOBAL", None, None),  # retired queue (inactive)
]

PRODUCTS = [  # id, name, family, serial prefix, models
    ("PRD_001", "Helix R-Series Server", "servers", "HRS", ["R450", "R650", "R750"]),
    ("PRD_002", "Helix Blade Chassis", "servers", "HBC", ["B8", "B16"]),
    ("PRD_003", "Helix Edge Micro Server", "servers", "HEM", ["E10", "E20"]),
    ("PRD_004", "Helix GPU Compute Node", "servers", "HGN", ["G4", "G8"]),
    ("PRD_005", "Stratus All-Flash Array", "storage", "SAF", ["AF200", "AF400", "AF800"]),
    ("PRD_006", "Stratus Hybrid Array", "storage", "SHA", ["H100", "H300"]),
    ("PRD_007", "Stratus Object Store", "storage", "SOS", ["OS1", "OS3"]),
    ("PRD_008", "Stratus Backup Appliance", "storage", "SBA", ["BA50", "BA90"]),
    ("PRD_009", "Meridian Core Switch", "networking", "MCS", ["C9400", "C9600"]),
    ("PRD_010", "Meridian Access Switch", "networking", "MAS", ["A24", "A48"]),
    ("PRD_011", "Meridian SD-WAN Gateway", "networking", "MSW", ["W100", "W500"]),
    ("PRD_012", "Meridian Wireless Controller", "networking", "MWC", ["WC5", "WC9"]),
    ("PRD_013", "Nimbus Orchestrator", "software", "NOR", ["v7 Standard", "v7 Datacenter"]),
    ("PRD_014", "Nimbus Monitoring Suite", "software", "NMS", ["v5 Core", "v5 Pro"]),
    ("PRD_015", "Nimbus Backup Manager", "software", "NBM", ["v3 Workgroup", "v3 Enterprise"]),
    ("PRD_016", "Nimbus Identity Gateway", "software", "NIG", ["v2 Edge", "v2 Cluster"]),
]
FAMILY_GROUP = {"servers": "GRP_004", "storage": "GRP_005", "networking": "GRP_006", "software": "GRP_007"}

SERVICES = [  # id, name, family or None, owner group
    ("SVC_001", "Server Hardware Support", "servers", "GRP_004"),
    ("SVC_002", "Storage Systems Support", "storage", "GRP_005"),
    ("SVC_003", "Network Infrastructure Support", "networking", "GRP_006"),
    ("SVC_004", "Software Support", "software", "GRP_007"),
    ("SVC_005", "Field Engineering Services", None, "GRP_009"),
    ("SVC_006", "Managed Monitoring", None, "GRP_007"),
]
LEVELS = [("basic", 400), ("standard", 900), ("premium", 1800), ("enterprise", 3500)]

COUNTRIES = {
    "AMER": [("United States", ["New York", "Chicago", "Dallas", "Seattle", "Atlanta", "Denver"], "America/New_York"),
             ("Canada", ["Toronto", "Vancouver", "Montreal"], "America/Toronto"),
             ("Brazil", ["Sao Paulo", "Rio de Janeiro"], "America/Sao_Paulo"),
             ("Mexico", ["Mexico City", "Monterrey"], "America/Mexico_City")],
    "EMEA": [("United Kingdom", ["London", "Manchester", "Leeds"], "Europe/London"),
             ("Germany", ["Berlin", "Munich", "Frankfurt", "Hamburg"], "Europe/Berlin"),
             ("France", ["Paris", "Lyon"], "Europe/Paris"),
             ("Netherlands", ["Amsterdam", "Rotterdam"], "Europe/Amsterdam"),
             ("Ireland", ["Dublin", "Cork"], "Europe/Dublin"),
             ("South Africa", ["Johannesburg", "Cape Town"], "Africa/Johannesburg")],
    "APAC": [("India", ["Mumbai", "Bangalore", "Pune", "Chennai", "Hyderabad"], "Asia/Kolkata"),
             ("Japan", ["Tokyo", "Osaka"], "Asia/Tokyo"),
             ("Singapore", ["Singapore"], "Asia/Singapore"),
             ("Australia", ["Sydney", "Melbourne"], "Australia/Sydney")],
}
INDUSTRIES = ["Manufacturing", "Financial Services", "Healthcare", "Retail", "Logistics", "Energy",
              "Telecommunications", "Education", "Public Sector", "Media"]
PRIORITIES = ["1 - Critical", "2 - High", "3 - Moderate", "4 - Low"]
RESP = {"1 - Critical": 30, "2 - High": 60, "3 - Moderate": 240, "4 - Low": 480}
RESO = {"1 - Critical": 240, "2 - High": 480, "3 - Moderate": 1440, "4 - Low": 2880}
PNUM = {"1 - Critical": "P1", "2 - High": "P2", "3 - Moderate": "P3", "4 - Low": "P4"}
SYMPTOMS = {
    "servers": ["fails to POST after firmware update", "reports a degraded power supply", "memory ECC errors in the event log",
                "fans running at full speed", "unexpected reboots under load", "BMC unreachable", "RAID controller battery warning"],
    "storage": ["volume latency above 50 ms", "controller failover loop", "disk marked predictive failure",
                "replication lagging behind", "snapshot schedule not running", "capacity alert at 95%"],
    "networking": ["ports flapping on uplink", "BGP session drops every few minutes", "high CPU on the supervisor",
                   "VPN tunnels down after upgrade", "access points not joining the controller", "packet loss on trunk"],
    "software": ["service fails to start after upgrade", "license validation error", "dashboard shows no data",
                 "backup jobs failing with timeout", "SSO login loop", "API returns 500 errors"],
}
KB_TOPICS = {
    "servers": ["Recovering a server that fails to POST after a firmware update", "Replacing a hot-swap power supply",
                "Interpreting memory ECC error codes", "Resetting the BMC to factory defaults",
                "Calibrating fan curves after a hardware change", "Replacing the RAID controller cache battery"],
    "storage": ["Diagnosing high volume latency", "Breaking a controller failover loop", "Proactive disk replacement procedure",
                "Troubleshooting replication lag", "Re-enabling snapshot schedules", "Reclaiming capacity on thin volumes"],
    "networking": ["Stabilizing flapping uplink ports", "Troubleshooting BGP session drops", "Reducing supervisor CPU load",
                   "Restoring VPN tunnels after an upgrade", "Joining access points to the wireless controller",
                   "Finding the source of packet loss on trunks"],
    "software": ["Service fails to start after upgrade", "Resolving license validation errors", "Dashboards show no data",
                 "Backup job timeouts", "Fixing SSO login loops", "Investigating API 500 errors"],
}


def _d(days: int) -> dt.date:
    return TODAY + dt.timedelta(days=days)


def business_due(start: dt.datetime, minutes: int, sched: tuple) -> dt.datetime:
    """The tools' SLA clock (pytest_enterpriseops.clock), for a schedule tuple."""
    _, _, _, sh, eh, weekdays = sched
    return add_business_minutes(start, minutes, sh, eh, bool(weekdays))


def seed(db) -> None:  # noqa: C901 - one linear generator
    fake = Faker("en_US")
    fake.seed_instance(SEED)
    rng = random.Random(SEED)
    sched_by_id = {s[0]: s for s in SCHEDULES}

    db.insert("csm.schedule", [{"schedule_id": s[0], "name": s[1], "coverage": s[2], "start_hour": s[3],
                                "end_hour": s[4], "weekdays_only": s[5]} for s in SCHEDULES])

    # ---- support organization (org persons of the Customer Support department) -------------
    staff = db.query("SELECT person_id, full_name, title, location_id, active FROM org.person "
                     "WHERE department_id = 'DEP009' ORDER BY person_id")
    managers = [p["person_id"] for p in staff if p["active"]][:12]
    groups = []
    for i, (gid, name, tier, region, fam, esc) in enumerate(GROUPS):
        groups.append({"group_id": gid, "name": name, "tier": tier, "region": region, "product_family": fam,
                       "manager_id": managers[1 + i % 4], "escalation_group_id": esc,
                       "email": name.lower().replace(" - ", "-").replace(" ", "-") + "@support.arcturus.example",
                       "active": gid != "GRP_011"})
    db.insert("csm.assignment_group", groups)

    region_of_loc = {r["location_id"]: r["region"] for r in db.query("SELECT location_id, region FROM org.location")}
    agents, members = [], []
    tier1_by_region = {"AMER": "GRP_001", "EMEA": "GRP_002", "APAC": "GRP_003"}
    for idx, p in enumerate(staff):
        pid = p["person_id"]
        if idx == 0:
            role, tier = "admin", 3
        elif idx <= 4:
            role, tier = "manager", 2
        elif idx % 8 == 5:
            role, tier = "lead", rng.choice([1, 2])
        else:
            role, tier = "agent", rng.choice([1, 1, 2, 2, 3]) if "Senior" in (p["title"] or "") else rng.choice([1, 1, 1, 2])
        region = region_of_loc[p["location_id"]]
        if tier == 1:
            home = (tier1_by_region[region] if idx % 2 else ["GRP_001", "GRP_002", "GRP_003"][idx % 3]) \
                if idx % 11 else "GRP_010"
        elif tier == 2:
            home = rng.choice(["GRP_004", "GRP_005", "GRP_006", "GRP_007", "GRP_009"])
        else:
            home = "GRP_008"
        if role in ("admin", "manager"):
            home = None
        active = bool(p["active"])
        avail = "offline" if not active else rng.choices(
            ["available", "busy", "away", "on_leave", "offline"], [60, 20, 8, 6, 6])[0]
        agents.append({"person_id": pid, "role": role, "tier": tier, "default_group_id": home,
                       "availability": avail, "max_open_cases": 15 if tier == 1 else 10, "active": active,
                       "deactivated_at": None if active else NOW - dt.timedelta(days=rng.randint(20, 200)),
                       "created_at": dt.datetime(2022, 1, 10) + dt.timedelta(days=idx * 7)})
        mine = [home] if home else []
        if home and rng.random() < 0.35:
            extra = rng.choice([g[0] for g in GROUPS[:10]])
            if extra not in mine:
                mine.append(extra)
        for g in mine:
            members.append({"group_id": g, "person_id": pid, "is_lead": role == "lead" and g == home,
                            "added_at": dt.datetime(2023, 1, 2) + dt.timedelta(days=idx * 3)})
    db.insert("csm.support_agent", agents)
    db.insert("csm.group_member", members)
    active_members: dict[str, list[str]] = {}
    agent_active = {a["person_id"]: a["active"] for a in agents}
    for m in members:
        if agent_active[m["person_id"]]:
            active_members.setdefault(m["group_id"], []).append(m["person_id"])

    # ---- products, models, skills, services, offerings, SLAs -----------------------------------
    db.insert("csm.product", [{"product_id": pid, "name": name, "family": fam, "support_group_id": FAMILY_GROUP[fam],
                               "active": pid != "PRD_003"} for pid, name, fam, _, _ in PRODUCTS])
    models, model_by_product = [], {}
    n = 0
    for pid, name, fam, prefix, mods in PRODUCTS:
        for m in mods:
            n += 1
            mid = f"MDL_{n:03d}"
            models.append({"model_id": mid, "product_id": pid, "name": f"{name.split(' ', 1)[1]} {m}",
                           "model_number": f"{prefix}-{m.replace(' ', '').upper()}", "serial_prefix": prefix,
                           "end_of_support": dt.date(2027 + n % 5, 6, 30) if n % 7 else dt.date(2025, 6, 30)})
            model_by_product.setdefault(pid, []).append(models[-1])
    db.insert("csm.product_model", models)
    skills = [{"skill_id": f"SKL_{i + 1:03d}", "name": name, "category": "product", "product_id": pid}
              for i, (pid, name, *_r) in enumerate(PRODUCTS)]
    for j, (name, cat) in enumerate([("Japanese", "language"), ("German", "language"), ("French", "language"),
                                     ("Hindi", "language"), ("Portuguese", "language"), ("Spanish", "language"),
                                     ("Major incident communication", "soft"), ("Executive escalations", "soft")]):
        skills.append({"skill_id": f"SKL_{len(PRODUCTS) + j + 1:03d}", "name": name, "category": cat, "product_id": None})
    db.insert("csm.skill", skills)
    agent_skills = []
    for a in agents:
        for s in rng.sample(skills, rng.randint(2, 5)):
            agent_skills.append({"person_id": a["person_id"], "skill_id": s["skill_id"], "level": rng.randint(1, 5)})
    agent_skills.sort(key=lambda r: (r["person_id"], r["skill_id"]))
    db.insert("csm.agent_skill", agent_skills)

    fam_product = {fam: pid for pid, _, fam, _, _ in PRODUCTS[::4]}
    services = [{"service_id": sid, "name": name, "description": f"{name} delivered by the support organization",
                 "product_family": fam, "product_id": fam_product.get(fam) if fam else None, "owner_group_id": grp, "active": True}
                for sid, name, fam, grp in SERVICES]
    db.insert("csm.service", services)
    offerings = []
    offering_of = {}
    n = 0
    for sid, sname, fam, _ in SERVICES:
        for level, price in LEVELS:
            n += 1
            sched = LEVEL_SCHEDULE[level]
            cov = sched_by_id[sched][2]
            oid = f"SO_{n:03d}"
            offerings.append({"offering_id": oid, "service_id": sid, "name": f"{sname} - {level.title()} {cov}",
                              "support_level": level, "schedule_id": sched, "monthly_price": price + n * 10,
                              "active": not (sid == "SVC_006" and level == "basic")})
            offering_of[(sid, level)] = oid
    db.insert("csm.service_offering", offerings)
    slas, sla_of = [], {}
    n = 0
    for sched in SCHEDULES:
        for pr in PRIORITIES:
            for typ, tgt in (("response", RESP), ("resolution", RESO)):
                n += 1
                sid = f"SLA_{n:03d}"
                slas.append({"sla_id": sid, "name": f"{PNUM[pr]} {typ.title()} - {sched[2]}", "sla_type": typ,
                             "priority": pr, "schedule_id": sched[0], "target_minutes": tgt[pr], "active": True})
                sla_of[(typ, pr, sched[0])] = sid
    db.insert("csm.sla_definition", slas)

    # ---- accounts, sites, contacts -------------------------------------------------------------
    sales = [r["person_id"] for r in db.query(
        "SELECT person_id FROM org.person WHERE department_id = 'DEP008' AND active ORDER BY person_id")]
    names: set[str] = set()
    accounts, sites, contacts, roles = [], [], [], []
    site_names: set[str] = set()
    emails: set[str] = set()
    n_partner, n_customer = 8, 56
    for i in range(n_partner + n_customer):
        while True:
            base = fake.company().replace(",", "")
            if base not in names:
                names.add(base)
                break
        partner = i < n_partner
        region = ["AMER", "EMEA", "APAC"][i % 3] if i % 5 else rng.choice(["AMER", "EMEA", "APAC"])
        country, cities, tz = rng.choice(COUNTRIES[region])
        name = f"{base} {'Solutions Partners' if partner else rng.choice(['Holdings', 'Group', 'Industries', 'Systems', 'Corp', 'Technologies'])}"
        status = "active" if (i % 17) else ("on_hold" if i % 2 else "inactive")
        accounts.append({"account_id": f"ACC_{i + 1:03d}", "number": f"ACCT{1000 + i + 1}", "name": name,
                         "account_type": "partner" if partner else "customer",
                         "industry": "Technology Services" if partner else rng.choice(INDUSTRIES),
                         "customer_tier": None if partner else rng.choices(["strategic", "key", "standard"], [2, 3, 5])[0],
                         "country": country, "region": region, "parent_account_id": None,
                         "partner_account_id": None if partner or rng.random() < 0.55 else f"ACC_{rng.randint(1, n_partner):03d}",
                         "primary_contact_id": None, "account_manager_id": rng.choice(sales), "status": status,
                         "created_at": dt.datetime(2019, 1, 1) + dt.timedelta(days=rng.randint(0, 2000))})
    # a few subsidiaries
    for i in (20, 33, 47):
        accounts[i]["parent_account_id"] = accounts[i - 11]["account_id"]

    domain_of = {}
    for a in accounts:
        slug = "".join(ch for ch in a["name"].split(" ")[0].lower() if ch.isalpha()) or "corp"
        dom = f"{slug}.example.com"
        k = 1
        while dom in domain_of.values():
            k += 1
            dom = f"{slug}{k}.example.com"
        domain_of[a["account_id"]] = dom

    site_n = contact_n = 0
    sites_of: dict[str, list[dict]] = {}
    contacts_of: dict[str, list[dict]] = {}
    for a in accounts:
        short = a["name"].split(" ")[0].replace("-", " ").split(" ")[0]
        n_sites = 1 if a["account_type"] == "partner" else rng.choice([1, 2, 2, 3, 3, 4])
        regions = [a["region"]] + [rng.choice(["AMER", "EMEA", "APAC"]) for _ in range(n_sites - 1)]
        used_countries = set()
        for r in regions:
            country, cities, tz = rng.choice(COUNTRIES[r])
            if country in used_countries:
                continue
            used_countries.add(country)
            city = rng.choice(cities)
            sname = f"{a['name'].rsplit(' ', 1)[0]} - {city}"
            if sname in site_names:
                continue
            site_names.add(sname)
            site_n += 1
            s = {"site_id": f"SITE_{site_n:03d}", "account_id": a["account_id"], "name": sname,
                 "street": fake.street_address(), "city": city, "country": country, "region": r, "timezone": tz,
                 "primary_contact_id": None, "active": rng.random() > 0.04 or True}
            sites.append(s)
            sites_of.setdefault(a["account_id"], []).append(s)
        for _ in range(rng.randint(4, 8) if a["account_type"] == "customer" else rng.randint(3, 5)):
            contact_n += 1
            first, last = fake.first_name(), fake.last_name()
            base = f"{first}.{last}".lower().replace("'", "").replace(" ", "")
            email, k = f"{base}@{domain_of[a['account_id']]}", 1
            while email in emails:
                k += 1
                email = f"{base}{k}@{domain_of[a['account_id']]}"
            emails.add(email)
            site = rng.choice(sites_of[a["account_id"]])
            c = {"contact_id": f"CON_{contact_n:04d}", "account_id": a["account_id"], "site_id": site["site_id"],
                 "first_name": first, "last_name": last, "full_name": f"{first} {last}", "email": email,
                 "phone": f"+{rng.randint(1, 91)}-{rng.randint(100, 999)}-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}",
                 "title": rng.choice(["IT Manager", "Systems Engineer", "Network Administrator", "Storage Administrator",
                                      "CIO", "Procurement Lead", "Operations Manager", "DevOps Engineer", "Help Desk Lead"]),
                 "preferred_channel": rng.choice(["phone", "email", "web", "chat", "community"]),
                 "portal_access": rng.random() < 0.7, "active": rng.random() > 0.07,
                 "created_at": a["created_at"] + dt.timedelta(days=rng.randint(0, 300))}
            contacts.append(c)
            contacts_of.setdefault(a["account_id"], []).append(c)
    # roles, primaries
    for a in accounts:
        cs = contacts_of[a["account_id"]]
        act = [c for c in cs if c["active"]] or cs
        if not any(c["active"] for c in cs):
            cs[0]["active"] = True
            act = [cs[0]]
        prim = act[0]
        a["primary_contact_id"] = prim["contact_id"]
        at = a["created_at"]
        got = {(prim["contact_id"], "primary")}
        roles.append({"contact_id": prim["contact_id"], "role": "primary", "account_id": a["account_id"], "added_at": at})
        for c in cs:
            for role in rng.sample(["technical", "billing", "authorized_caller", "escalation"], rng.randint(0, 2)):
                if (c["contact_id"], role) not in got:
                    got.add((c["contact_id"], role))
                    roles.append({"contact_id": c["contact_id"], "role": role, "account_id": a["account_id"], "added_at": at})
        for s in sites_of[a["account_id"]]:
            here = [c for c in act if c["site_id"] == s["site_id"]]
            s["primary_contact_id"] = (here or act)[0]["contact_id"] if rng.random() > 0.05 else None
    db.insert("csm.account", accounts)
    db.insert("csm.site", sites)
    db.insert("csm.contact", contacts)
    db.insert("csm.contact_role", roles)

    # ---- install base ----------------------------------------------------------------------------
    assets, serials = [], set()
    assets_of: dict[str, list[dict]] = {}
    an = 0
    for a in accounts:
        if a["account_type"] != "customer":
            continue
        fams = rng.sample(["servers", "storage", "networking", "software"], rng.randint(2, 4))
        prods = [p for p in PRODUCTS if p[2] in fams]
        for s in sites_of[a["account_id"]]:
            for _ in range(rng.randint(3, 8)):
                pid, pname, fam, prefix, _m = rng.choice(prods)
                model = rng.choice(model_by_product[pid])
                while True:
                    serial = f"{prefix}-{rng.choice('ABCDEFGHJKLMNPRSTUVWXYZ')}{rng.randint(10, 99)}{rng.randint(1000, 9999)}"
                    if serial not in serials:
                        serials.add(serial)
                        break
                an += 1
                inst = _d(-rng.randint(60, 2400))
                here = [c for c in contacts_of[a["account_id"]] if c["site_id"] == s["site_id"]]
                status = rng.choices(["installed", "in_stock", "in_repair", "retired"], [85, 4, 4, 7])[0]
                asset = {"asset_id": f"AST_{an:04d}", "serial_number": serial,
                         "name": f"{model['name']} ({s['city']})", "account_id": a["account_id"], "site_id": s["site_id"],
                         "model_id": model["model_id"], "product_id": pid,
                         "contact_id": rng.choice(here)["contact_id"] if here and rng.random() < 0.8 else None,
                         "parent_asset_id": None, "status": status, "install_date": inst, "warranty_start": inst,
                         "warranty_end": inst + dt.timedelta(days=365 * rng.choice([1, 3, 3, 5])),
                         "updated_at": dt.datetime.combine(inst, dt.time(12, 0))}
                assets.append(asset)
                assets_of.setdefault(a["account_id"], []).append(asset)
        # software installed on a server at the same site
        for asset in assets_of.get(a["account_id"], []):
            if asset["product_id"] in ("PRD_013", "PRD_014", "PRD_015", "PRD_016"):
                hosts = [h for h in assets_of[a["account_id"]]
                         if h["site_id"] == asset["site_id"] and h["product_id"] in ("PRD_001", "PRD_002", "PRD_004")]
                if hosts and rng.random() < 0.6:
                    asset["parent_asset_id"] = hosts[0]["asset_id"]
    db.insert("csm.asset", assets)

    # ---- contracts and entitlements --------------------------------------------------------------
    contracts, ents, ent_assets = [], [], []
    cn = en = 0
    ents_of: dict[str, list[dict]] = {}
    ent_family: dict[str, str | None] = {}
    prod_fam = {p[0]: p[2] for p in PRODUCTS}
    covered: dict[str, set[str]] = {}
    for a in accounts:
        if a["account_type"] != "customer":
            continue
        periods = []
        start = _d(-rng.randint(900, 1500))
        while start < _d(200):
            length = rng.choice([365, 365, 730])
            periods.append((start, start + dt.timedelta(days=length - 1)))
            start = start + dt.timedelta(days=length)
        if rng.random() < 0.18:  # lapsed customer: no current contract
            periods = [p for p in periods if p[1] < TODAY] or periods[:1]
            if periods[-1][1] >= TODAY:
                periods[-1] = (periods[-1][0], _d(-rng.randint(5, 90)))
        prods = sorted({x["product_id"] for x in assets_of.get(a["account_id"], [])})
        fams = sorted({p[2] for p in PRODUCTS if p[0] in prods})
        for ps, pe in periods:
            if ps > TODAY:
                continue
            cn += 1
            state = "active" if ps <= TODAY <= pe else "expired"
            cid = f"CTR_{cn:03d}"
            act_contacts = [c for c in contacts_of[a["account_id"]] if c["active"]]
            contracts.append({"contract_id": cid, "number": f"CNTR{20000 + cn}", "account_id": a["account_id"],
                              "signed_by_contact_id": rng.choice(act_contacts)["contact_id"],
                              "sales_owner_id": a["account_manager_id"], "start_date": ps, "end_date": pe,
                              "state": state, "annual_value": rng.randint(20, 400) * 1000})
            for fam in rng.sample(fams, min(len(fams), rng.randint(1, 2))):
                svc = next(s for s in SERVICES if s[2] == fam)
                level = rng.choices(["basic", "standard", "premium", "enterprise"], [2, 4, 3, 2])[0]
                en += 1
                fam_prods = [p for p in prods if next(x for x in PRODUCTS if x[0] == p)[2] == fam]
                scope = "assets" if rng.random() < 0.45 else "account"
                e_end = pe
                e_state = "active" if ps <= TODAY <= e_end else "expired"
                if e_state == "active" and a["status"] != "active":
                    e_state = "suspended"
                eid = f"ENT_{en:04d}"
                ent = {"entitlement_id": eid, "name": f"{svc[1]} - {level.title()}", "account_id": a["account_id"],
                       "contract_id": cid, "offering_id": offering_of[(svc[0], level)],
                       "product_id": rng.choice(fam_prods) if scope == "assets" or rng.random() < 0.3 else None,
                       "scope": scope, "support_level": level, "schedule_id": LEVEL_SCHEDULE[level],
                       "monthly_case_limit": LEVEL_LIMIT[level], "start_date": ps, "end_date": e_end, "state": e_state,
                       "updated_at": dt.datetime.combine(ps, dt.time(9, 0))}
                if scope == "assets":
                    cands = [x for x in assets_of[a["account_id"]] if x["product_id"] == ent["product_id"]]
                    ent["product_id"] = ent["product_id"]
                    for x in rng.sample(cands, max(1, int(len(cands) * 0.8))) if cands else []:
                        ent_assets.append({"entitlement_id": eid, "asset_id": x["asset_id"]})
                        covered.setdefault(eid, set()).add(x["asset_id"])
                ents.append(ent)
                ent_family[eid] = fam
                ents_of.setdefault(a["account_id"], []).append(ent)
    db.insert("csm.contract", contracts)
    db.insert("csm.entitlement", ents)
    db.insert("csm.entitlement_asset", ent_assets)

    def covers(e: dict, asset: dict) -> bool:
        if e["scope"] == "assets":
            return asset["asset_id"] in covered.get(e["entitlement_id"], set())
        if e["product_id"]:
            return asset["product_id"] == e["product_id"]
        return ent_family[e["entitlement_id"]] in (None, prod_fam[asset["product_id"]])

    # ---- knowledge -------------------------------------------------------------------------------
    authors = [a["person_id"] for a in agents if a["active"]]
    articles = []
    kn = 0
    prod_fam = {p[0]: p[2] for p in PRODUCTS}
    for pid, pname, fam, _, _ in PRODUCTS:
        topics = KB_TOPICS[fam]
        for t in rng.sample(topics, 4):
            kn += 1
            state = rng.choices(["published", "draft", "retired"], [80, 10, 10])[0]
            articles.append({"article_id": f"KBA_{kn:03d}", "number": f"KB00{10000 + kn}",
                             "title": f"{pname}: {t}", "body": T.kb_body(f"KBA_{kn:03d}", pname, fam, t),
                             "keywords": f"{fam} {pname.split(' ')[0].lower()} {t.split(' ')[-1].lower()}",
                             "product_id": pid, "author_id": rng.choice(authors), "state": state,
                             "published_at": None if state == "draft" else NOW - dt.timedelta(days=rng.randint(30, 900))})
    db.insert("csm.knowledge_article", articles)
    published_of: dict[str, list[dict]] = {}
    for art in articles:
        if art["state"] == "published":
            published_of.setdefault(art["product_id"], []).append(art)

    # ---- cases and everything hanging off them -------------------------------------------------
    cases, tasks, comments, escs, case_slas, links, notes, mails = [], [], [], [], [], [], [], []
    cnum = 0
    customers = [a for a in accounts if a["account_type"] == "customer" and assets_of.get(a["account_id"])]
    group_region = {"AMER": "GRP_001", "EMEA": "GRP_002", "APAC": "GRP_003"}
    ids = {"task": 0, "cmt": 0, "esc": 0, "sla": 0, "ntf": 0, "eml": 0}

    def nxt(k: str) -> int:
        ids[k] += 1
        return ids[k]

    for k in range(1500):
        a = customers[k % len(customers)] if k < len(customers) * 2 else rng.choice(customers)
        asset = rng.choice([x for x in assets_of[a["account_id"]] if x["status"] != "in_stock"] or assets_of[a["account_id"]])
        days_ago = rng.choice([rng.randint(0, 6), rng.randint(0, 30), rng.randint(0, 330), rng.randint(0, 330)])
        opened = NOW - dt.timedelta(days=days_ago, hours=rng.randint(0, 20), minutes=rng.choice([0, 15, 30, 45]))
        od = opened.date()
        ent = next((e for e in ents_of.get(a["account_id"], [])
                    if e["start_date"] <= od <= e["end_date"] and e["state"] != "suspended" and covers(e, asset)), None)
        if ent is None:
            continue
        site = next(s for s in sites if s["site_id"] == asset["site_id"])
        acts = [c for c in contacts_of[a["account_id"]] if c["active"]]
        contact = next((c for c in acts if c["contact_id"] == asset["contact_id"]), None) or rng.choice(acts)
        pr = rng.choices(PRIORITIES, [6, 20, 50, 24])[0]
        if pr == "1 - Critical" and ent["support_level"] not in ("premium", "enterprise"):
            pr = "2 - High"
        fam = prod_fam[asset["product_id"]]
        if days_ago <= 1:
            state = rng.choice(["new", "new", "open"])
        elif days_ago <= 10:
            state = rng.choices(["open", "awaiting_info", "resolved", "cancelled"], [50, 25, 20, 5])[0]
        elif days_ago <= 30:
            state = rng.choices(["open", "awaiting_info", "resolved", "closed", "cancelled"], [15, 10, 20, 50, 5])[0]
        else:
            state = rng.choices(["closed", "cancelled"], [94, 6])[0]
        enterprise_hot = pr in ("1 - Critical", "2 - High") and ent["support_level"] == "enterprise"
        group = FAMILY_GROUP[fam] if enterprise_hot or pr == "1 - Critical" else group_region[site["region"]]
        esc_level = 0
        if state not in ("new", "cancelled") and rng.random() < 0.08:
            esc_level = 1 if rng.random() < 0.7 else 2
            group = FAMILY_GROUP[fam] if esc_level == 1 else "GRP_008"
        pool = active_members.get(group, [])
        assignee = None if state == "new" and rng.random() < 0.7 else (rng.choice(pool) if pool else None)
        if state != "new" and assignee is None and pool:
            assignee = rng.choice(pool)
        cnum += 1
        cid = f"CS_{cnum:04d}"
        symptom = rng.choice(SYMPTOMS[fam])
        resolved_at = closed_at = None
        res_code = res_notes = cancel = awaiting = None
        upd = opened + dt.timedelta(hours=rng.randint(1, 30))
        if state in ("resolved", "closed"):
            resolved_at = opened + dt.timedelta(hours=rng.randint(2, 96))
            if resolved_at > NOW:
                resolved_at = NOW - dt.timedelta(hours=1)
            res_code = rng.choice(["solved_workaround", "solved_permanently", "solved_by_kb", "hardware_replaced",
                                   "not_reproducible"])
            res_notes = T.resolution_notes(f"{cid}-resolution", fam, res_code)
            upd = resolved_at
            if state == "closed":
                closed_at = min(resolved_at + dt.timedelta(days=3), NOW - dt.timedelta(minutes=30))
                upd = closed_at
        elif state == "cancelled":
            cancel = rng.choice(["Customer withdrew the request", "Duplicate of another case", "Opened in error"])
            upd = min(opened + dt.timedelta(hours=3), NOW)
        elif state == "awaiting_info":
            awaiting = rng.choice(["Need diagnostic bundle", "Need maintenance window", "Need screenshots of the error",
                                   "Waiting for customer confirmation"])
        if upd > NOW:
            upd = NOW
        cases.append({"case_id": cid, "number": f"CS{1000000 + cnum}",
                      "short_description": f"{asset['name'].split(' (')[0]} {symptom}",
                      "description": T.case_description(cid, fam, asset["serial_number"], symptom),
                      "account_id": a["account_id"], "contact_id": contact["contact_id"], "site_id": site["site_id"],
                      "asset_id": asset["asset_id"], "product_id": asset["product_id"],
                      "entitlement_id": ent["entitlement_id"], "partner_account_id": a["partner_account_id"] if rng.random() < 0.2 else None,
                      "parent_case_id": None, "channel": rng.choices(["phone", "email", "web", "chat", "community"], [30, 30, 25, 10, 5])[0],
                      "priority": pr, "state": state, "assignment_group_id": group, "assigned_to": assignee,
                      "escalation_level": esc_level, "awaiting_reason": awaiting, "resolution_code": res_code,
                      "resolution_notes": res_notes, "cancel_reason": cancel,
                      "opened_by": assignee or rng.choice(authors), "opened_at": opened, "updated_at": upd,
                      "resolved_at": resolved_at, "closed_at": closed_at})
        case = cases[-1]
        sched = sched_by_id[ent["schedule_id"]]
        # SLAs
        resp_due = business_due(opened, RESP[pr], sched)
        reso_due = business_due(opened, RESO[pr], sched)
        if state == "new":
            resp_stage, resp_stop = ("breached" if resp_due < NOW else "in_progress"), None
        elif state == "cancelled":
            resp_stage, resp_stop = "cancelled", upd
        else:
            stop = min(opened + dt.timedelta(minutes=rng.randint(5, RESP[pr] + 60)), NOW)
            resp_stage, resp_stop = ("achieved" if stop <= resp_due else "breached"), stop
        case_slas.append({"case_sla_id": f"CSLA_{nxt('sla'):05d}", "case_id": cid,
                          "sla_id": sla_of[("response", pr, sched[0])], "stage": resp_stage,
                          "start_time": opened, "due_time": resp_due, "stop_time": resp_stop})
        if state != "new":
            if state in ("resolved", "closed"):
                stage, stop = ("achieved" if resolved_at <= reso_due else "breached"), resolved_at
            elif state == "cancelled":
                stage, stop = "cancelled", upd
            elif state == "awaiting_info":
                stage, stop = "paused", None
            else:
                stage, stop = ("breached" if reso_due < NOW else "in_progress"), None
            case_slas.append({"case_sla_id": f"CSLA_{nxt('sla'):05d}", "case_id": cid,
                              "sla_id": sla_of[("resolution", pr, sched[0])], "stage": stage,
                              "start_time": opened, "due_time": reso_due, "stop_time": stop})
        # comments
        for j in range(rng.randint(1, 3)):
            comments.append({"comment_id": f"CMT_{nxt('cmt'):05d}", "case_id": cid,
                             "author_id": assignee or case["opened_by"], "kind": rng.choice(["work_note", "customer_comment"]),
                             "body": None, "created_at": min(opened + dt.timedelta(hours=j + 1), NOW)})
            comments[-1]["body"] = T.case_comment(comments[-1]["comment_id"], fam, comments[-1]["kind"])
        if esc_level:
            for lvl in range(1, esc_level + 1):
                escs.append({"escalation_id": f"ESC_{nxt('esc'):04d}", "case_id": cid, "level": lvl,
                             "from_group_id": group_region[site["region"]] if lvl == 1 else FAMILY_GROUP[fam],
                             "to_group_id": FAMILY_GROUP[fam] if lvl == 1 else "GRP_008",
                             "requested_by": case["opened_by"], "reason": rng.choice(
                                 ["Customer executive escalation", "Issue beyond tier capability", "Repeated failure"]),
                             "created_at": min(opened + dt.timedelta(hours=2 * lvl), NOW)})
        if state not in ("new", "cancelled") and rng.random() < 0.4 and fam in ("servers", "storage", "networking"):
            tstate = "completed" if state in ("resolved", "closed") else rng.choice(["open", "in_progress"])
            ttype = rng.choice(["field_service", "parts_dispatch", "investigation", "rma"])
            tn = nxt("task")
            tasks.append({"task_id": f"CTSK_{tn:04d}", "number": f"CTASK{100000 + tn}", "case_id": cid,
                          "short_description": {"field_service": "Onsite visit", "parts_dispatch": "Dispatch replacement part",
                                                "investigation": "Analyze diagnostic logs", "rma": "Process RMA"}[ttype],
                          "task_type": ttype, "state": tstate,
                          "assignment_group_id": "GRP_009" if ttype == "field_service" else group,
                          "assigned_to": (rng.choice(active_members["GRP_009"]) if ttype == "field_service" else assignee),
                          "created_by": case["opened_by"], "due_date": (opened + dt.timedelta(days=3)).date(),
                          "created_at": min(opened + dt.timedelta(hours=1), NOW),
                          "completed_at": resolved_at if tstate == "completed" else None,
                          "close_notes": "Done" if tstate == "completed" else None})
        if state in ("resolved", "closed") and published_of.get(asset["product_id"]) and rng.random() < 0.5:
            art = rng.choice(published_of[asset["product_id"]])
            links.append({"case_id": cid, "article_id": art["article_id"],
                          "link_type": "attached" if res_code == "solved_by_kb" else rng.choice(["suggested", "attached"]),
                          "linked_by": case["opened_by"], "linked_at": resolved_at})
        events = []
        if case["channel"] in ("email", "web", "community"):
            events.append(("case_opened", opened + dt.timedelta(minutes=2)))
        if state == "awaiting_info":
            events.append(("awaiting_info", min(opened + dt.timedelta(hours=5), NOW)))
        if esc_level:
            events.append(("case_escalated", min(opened + dt.timedelta(hours=2), NOW)))
        if state in ("resolved", "closed"):
            events.append(("case_resolved", resolved_at))
        if state == "cancelled":
            events.append(("case_cancelled", upd))
        if case["channel"] == "email":
            mails.append({"email_id": f"EML_{nxt('eml'):05d}", "case_id": cid, "contact_id": contact["contact_id"],
                          "notification_id": None, "direction": "inbound", "from_address": contact["email"],
                          "to_address": "support@arcturus.example", "subject": case["short_description"],
                          "body": case["description"], "sent_at": opened})
        for ev, at in events:
            nid = f"NTF_{nxt('ntf'):05d}"
            subj = f"[{case['number']}] " + {"case_opened": "We received your case", "awaiting_info": "We need more information",
                                           "case_escalated": "Your case has been escalated", "case_resolved": "Your case is resolved",
                                           "case_cancelled": "Your case was cancelled"}[ev]
            notes.append({"notification_id": nid, "case_id": cid, "contact_id": contact["contact_id"], "event": ev,
                          "subject": subj, "sent_by": case["opened_by"], "sent_at": at})
            mails.append({"email_id": f"EML_{nxt('eml'):05d}", "case_id": cid, "contact_id": contact["contact_id"],
                          "notification_id": nid, "direction": "outbound", "from_address": "support@arcturus.example",
                          "to_address": contact["email"], "subject": subj, "body": f"Dear {contact['first_name']}, {subj}.",
                          "sent_at": at})
    db.insert("csm.support_case", cases)
    db.insert("csm.case_task", tasks)
    db.insert("csm.case_comment", comments)
    db.insert("csm.case_escalation", escs)
    db.insert("csm.case_sla", case_slas)
    db.insert("csm.case_article", links)
    db.insert("csm.notification", notes)
    db.insert("csm.email_message", mails)
    db.insert("csm.interaction", _interactions(db))


def _interactions(db) -> list[dict]:
    """Interactions logged with contacts: the call or chat that opened a phone/chat case, follow-up calls on
    escalated cases, and renewal calls on contracts ending within 90 days. Own random stream (see texts.py)."""
    r = random.Random("csm-interactions")
    rows: list[dict] = []

    def add(contact, account, case, channel, direction, topic, summary, at, by):
        rows.append({"interaction_id": f"INT_{len(rows) + 1:05d}", "contact_id": contact, "account_id": account,
                     "case_id": case, "channel": channel, "direction": direction, "topic": topic, "summary": summary,
                     "logged_by": by, "occurred_at": min(at, NOW - dt.timedelta(minutes=15))})

    for c in db.query("SELECT case_id, number, contact_id, account_id, channel, short_description, opened_by, opened_at, "
                      "escalation_level FROM csm.support_case ORDER BY case_id"):
        if c["channel"] in ("phone", "chat"):
            add(c["contact_id"], c["account_id"], c["case_id"], c["channel"], "inbound", "support",
                f"Customer reported: {c['short_description']}. Case {c['number']} opened during the {c['channel']}.",
                c["opened_at"], c["opened_by"])
        if c["escalation_level"]:
            add(c["contact_id"], c["account_id"], c["case_id"], "phone", "outbound", "escalation",
                f"Called to explain the escalation of {c['number']} and agree the next update time.",
                c["opened_at"] + dt.timedelta(hours=r.randint(3, 20)), c["opened_by"])
    for k in db.query("SELECT k.contract_id, k.number, k.account_id, k.end_date, a.primary_contact_id, k.sales_owner_id "
                      "FROM csm.contract k JOIN csm.account a USING (account_id) WHERE k.state = 'active' "
                      "AND k.end_date <= ? AND a.primary_contact_id IS NOT NULL AND k.sales_owner_id IS NOT NULL ORDER BY 1",
                      TODAY + dt.timedelta(days=90)):
        add(k["primary_contact_id"], k["account_id"], None, r.choice(["phone", "email"]), "outbound", "renewal",
            f"Renewal of contract {k['number']} (ends {k['end_date']}): {r.choice(['customer wants a quote', 'reviewing options internally', 'asked for the usage report first'])}.",
            NOW - dt.timedelta(days=r.randint(1, 20), hours=r.randint(0, 8)), k["sales_owner_id"])
    return rows

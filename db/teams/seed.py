"""Seed of the Teams domain: deterministic (fixed seeds, dates before 2025-12-05), internally consistent.

Every org.person has a Teams account (disabled when the person is inactive). Teams are backed by a
unified group whose owners are the team's owners. Named story teams (incident response, partner
projects, event planning, an archived twin) sit beside generated department and project teams.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import random
from pathlib import Path

_spec = importlib.util.spec_from_file_location("eops_teams_texts", Path(__file__).with_name("texts.py"))
T = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(T)

SEED = 15015
NOW = dt.datetime(2025, 12, 5, 10, 0, 0)
ORG_DOMAIN = "arcturus.example"
ADMINS = ["P0016", "P0023", "P0041", "P0592"]

DOMAINS = [  # domain, rule, organization, reason
    ("northwind.example", "allowed", "Northwind Logistics", "Logistics partner, MSA 2024-118"),
    ("fabrikam.example", "allowed", "Fabrikam Manufacturing", "Manufacturing partner, NDA on file"),
    ("tailspin.example", "allowed", "Tailspin Toys", "Customer, joint roadmap programme"),
    ("adatum.example", "allowed", "Adatum Health", "Customer, implementation project"),
    ("proseware.example", "allowed", "Proseware Capital", "Auditor (external audit FY2025)"),
    ("litware.example", "blocked", "Litware Analytics", "Contract terminated 2025-06-30; access withdrawn by Legal"),
    ("arcturus-example.com", "blocked", "Unknown (look-alike of arcturus.example)", "Look-alike domain reported by Security (phishing)"),
    ("woodgrove.example", "allowed", "Woodgrove Retail", "Customer advisory board"),
    ("gmail.com", "blocked", "Consumer mail", "Consumer accounts are not allowed as guests"),
]


def ts(rng: random.Random, days_back_max: int, days_back_min: int = 1) -> dt.datetime:
    d = NOW - dt.timedelta(days=rng.randint(days_back_min, days_back_max), hours=rng.randint(0, 9),
                           minutes=rng.randint(0, 59))
    return d.replace(second=0)


def config_block(text: str, cfg: dict) -> str:
    return f"{text}\n```json\n{json.dumps(cfg, indent=2)}\n```"


class Builder:
    def __init__(self, db):
        self.db, self.rng = db, random.Random(SEED)
        self.rows: dict[str, list[dict]] = {}
        self.counters: dict[str, int] = {}
        self.people = {p["person_id"]: p for p in db.query(
            "SELECT person_id, first_name, last_name, full_name, email, title, department_id, location_id, active, "
            "manager_id FROM org.person ORDER BY person_id")}
        self.depts = db.query("SELECT d.department_id, d.name, d.code, d.head_person_id, l.city FROM org.department d "
                              "JOIN org.location l USING (location_id) ORDER BY department_id")
        self.active = [p for p, r in self.people.items() if r["active"]]
        self.team_people: dict[str, dict[str, str]] = {}  # team -> {person/external: role}

    def next(self, prefix: str, width: int) -> str:
        self.counters[prefix] = self.counters.get(prefix, 0) + 1
        return f"{prefix}{self.counters[prefix]:0{width}d}"

    def add(self, table: str, row: dict) -> dict:
        self.rows.setdefault(table, []).append(row)
        return row

    def dept_people(self, dep: str, active: bool = True) -> list[str]:
        return [p for p, r in self.people.items() if r["department_id"] == dep and (r["active"] or not active)]

    # -- entities ---------------------------------------------------------------------------
    def group(self, name: str, nick: str, gtype: str, vis: str, dep: str | None, owners: list[str],
              members: list[str], created: dt.datetime, desc: str | None = None, deleted: bool = False) -> str:
        gid = self.next("GRP", 4)
        self.add("teams.m365_group", {"group_id": gid, "display_name": name, "mail_nickname": nick,
                                      "mail": f"{nick}@{ORG_DOMAIN}", "description": desc, "group_type": gtype,
                                      "visibility": vis, "department_id": dep, "created_by": owners[0],
                                      "created_at": created, "deleted_at": created + dt.timedelta(days=200) if deleted else None})
        for o in dict.fromkeys(owners):
            self.add("teams.group_owner", {"group_id": gid, "person_id": o, "added_at": created})
        for m in dict.fromkeys(members + owners):
            self.add("teams.group_member", {"group_id": gid, "person_id": m, "added_at": created})
        return gid

    def team(self, name: str, nick: str, desc: str, dep: str | None, owners: list[str], members: list[str],
             template: str = "standard", visibility: str = "private", classification: str = "General",
             guests: list[str] = (), archived: bool = False, created_days: int = 400, **settings) -> str:
        created = ts(self.rng, created_days, created_days - 30)
        gid = self.group(name, nick, "unified", visibility, dep, owners, members, created, desc)
        tid = self.next("TEAM", 3)
        row = {"team_id": tid, "group_id": gid, "display_name": name, "description": desc, "visibility": visibility,
               "template": template, "classification": classification, "department_id": dep,
               "is_archived": archived, "archived_at": ts(self.rng, 90, 30) if archived else None,
               "site_read_only_for_members": archived,
               "allow_create_update_channels": True, "allow_create_private_channels": False,
               "allow_delete_channels": False, "allow_add_remove_apps": True, "allow_create_update_remove_tabs": True,
               "guest_allow_create_update_channels": False, "guest_allow_delete_channels": False,
               "allow_user_edit_messages": True, "allow_user_delete_messages": True, "allow_owner_delete_messages": True,
               "allow_team_mentions": True, "allow_channel_mentions": True, "created_by": owners[0],
               "created_at": created, "last_activity_at": ts(self.rng, 200 if archived else 20, 120 if archived else 0)}
        row.update(settings)
        self.add("teams.team", row)
        roster: dict[str, str] = {}
        for p in dict.fromkeys(owners):
            roster[p] = "owner"
        for p in members:
            roster.setdefault(p, "member")
        for g in guests:
            roster[g] = "guest"
        for p, role in roster.items():
            ext = p.startswith("EXT")
            self.add("teams.team_member", {"membership_id": self.next("TM", 5), "team_id": tid,
                                           "person_id": None if ext else p, "external_id": p if ext else None,
                                           "role": role, "added_by": owners[0], "added_at": created + dt.timedelta(days=1)})
        self.team_people[tid] = roster
        self.channel(tid, "General", f"Team-wide announcements for {name}.", "standard", owners[0], created,
                     general=True, favorite=True)
        return tid

    def channel(self, tid: str, name: str, desc: str | None, mtype: str, creator: str, created: dt.datetime,
                members: dict[str, str] | None = None, general: bool = False, favorite: bool = False,
                archived: bool = False, email: bool = False, deleted: bool = False) -> str:
        cid = self.next("CH", 4)
        team = next(t for t in self.rows["teams.team"] if t["team_id"] == tid)
        folder = f"/sites/{team['group_id'].lower()}/Shared Documents/{name}" if mtype == "standard" else \
            f"/sites/{team['group_id'].lower()}-{cid.lower()}/Shared Documents/{name}"
        self.add("teams.channel", {"channel_id": cid, "team_id": tid, "display_name": name, "description": desc,
                                   "membership_type": mtype, "is_general": general, "is_favorite_by_default": favorite,
                                   "is_archived": archived,
                                   "email": f"{name.lower().replace(' ', '-')[:20]}.{cid.lower()}@teams.{ORG_DOMAIN}" if email else None,
                                   "files_folder": folder, "created_by": creator, "created_at": created,
                                   "deleted_at": created + dt.timedelta(days=60) if deleted else None})
        for p, role in (members or {}).items():
            ext = p.startswith("EXT")
            self.add("teams.channel_member", {"membership_id": self.next("CM", 5), "channel_id": cid,
                                              "person_id": None if ext else p, "external_id": p if ext else None,
                                              "role": role, "added_by": creator, "added_at": created})
        return cid

    def fill(self, text: str, company: str | None = None) -> str:
        r = self.rng
        p = self.people[r.choice(self.active)]
        city = r.choice(self.depts)["city"]
        return text.format(month=r.choice(T.MONTHS), day=(NOW - dt.timedelta(days=r.randint(-20, 60))).strftime("%A %d %B"),
                           name=p["full_name"], first=p["first_name"], city=city, project=r.choice(T.PROJECTS),
                           num=r.randint(12, 480), num1=r.randint(1, 9), flag=r.choice(T.FLAGS), q=r.randint(1, 4),
                           cc=f"CC{r.randint(1, 14):03d}", company=[company or c for c in [r.choice(T.COMPANIES)]][0], sev=r.randint(1, 3),
                           service=r.choice(T.SERVICES), milestone=r.choice(T.MILESTONES), event=r.choice(T.EVENTS))

    def message(self, body: str, sender: str, created: dt.datetime, channel: str | None = None, chat: str | None = None,
                reply_to: str | None = None, subject: str | None = None, importance: str = "normal",
                deleted: bool = False, edited: bool = False) -> str:
        mid = self.next("MSG", 6)
        ext = sender.startswith("EXT")
        self.add("teams.message", {"message_id": mid, "channel_id": channel, "chat_id": chat, "reply_to_id": reply_to,
                                   "from_person_id": None if ext else sender, "from_external_id": sender if ext else None,
                                   "subject": subject, "body": body, "content_type": "text", "importance": importance,
                                   "etag": 2 if edited else 1, "created_at": created,
                                   "last_edited_at": created + dt.timedelta(minutes=7) if edited else None,
                                   "deleted_at": created + dt.timedelta(hours=2) if deleted else None})
        return mid

    def audit(self, actor: str, action: str, ttype: str, target: str, team: str | None, details: str, at: dt.datetime):
        self.add("teams.audit_log", {"audit_id": self.next("AUD", 6), "actor_person_id": actor, "action": action,
                                     "target_type": ttype, "target_id": target, "team_id": team, "details": details,
                                     "created_at": at})


APPS = [  # id, name, publisher, distribution, version, tabs, blocked, description
    ("APP001", "Planner", "Microsoft", "store", "1.4.2", True, False, "Task boards for team work"),
    ("APP002", "OneNote", "Microsoft", "store", "16.0", True, False, "Shared notebooks"),
    ("APP003", "Wiki", "Microsoft", "store", "2.1", True, False, "Channel wiki pages (legacy)"),
    ("APP004", "Forms", "Microsoft", "store", "3.0", True, False, "Surveys, quizzes and polls"),
    ("APP005", "Power BI", "Microsoft", "store", "5.2", True, False, "Reports and dashboards"),
    ("APP006", "Website", "Microsoft", "store", "1.0", True, False, "Pin any web page as a tab"),
    ("APP007", "Document Library", "Microsoft", "store", "1.0", True, False, "A SharePoint document library"),
    ("APP008", "Jira Cloud", "Atlassian", "store", "4.7.1", True, False, "Issues and boards"),
    ("APP009", "ServiceNow", "ServiceNow", "store", "2.3", True, False, "Incidents and requests"),
    ("APP010", "GitHub", "GitHub", "store", "3.2", True, False, "Repositories and pull-request notifications"),
    ("APP011", "Polly", "Polly", "store", "6.1", True, False, "Polls and pulse surveys"),
    ("APP012", "Adobe Acrobat Sign", "Adobe", "store", "2.0", True, False, "E-signatures"),
    ("APP013", "Salesforce", "Salesforce", "store", "1.9", True, False, "CRM records in Teams"),
    ("APP014", "Arcturus Runbook Viewer", "Arcturus IT", "organization", "1.3.0", True, False,
     "Internal app: renders incident runbooks from the runbook repository"),
    ("APP015", "Arcturus Expense Helper", "Arcturus Finance Systems", "organization", "0.9.4", False, False,
     "Internal bot: expense policy questions (no tab)"),
    ("APP016", "FileShareFast", "FSF Ltd", "store", "2.2", True, True,
     "Consumer file transfer (blocked by Security: data exfiltration risk)"),
    ("APP017", "Deploy Bot (dev)", "Arcturus Engineering", "sideloaded", "0.1.0", False, False, "Developer test bot"),
    ("APP018", "Trello", "Atlassian", "store", "2.0", True, False, "Kanban boards"),
    ("APP019", "Miro", "Miro", "store", "1.6", True, False, "Collaborative whiteboard"),
    ("APP020", "Arcturus Status Board", "Arcturus IT", "organization", "2.0.1", True, False,
     "Internal app: live service status per service"),
    ("APP021", "Zoomerang Meetings", "Zoomerang", "store", "5.0", False, True, "Third-party meetings (blocked: not approved)"),
    ("APP022", "Viva Learning", "Microsoft", "store", "1.2", True, False, "Courses and learning paths"),
]


def _people_sample(b: Builder, pool: list[str], k: int) -> list[str]:
    pool = [p for p in pool if p in b.people]
    return b.rng.sample(pool, min(k, len(pool)))


def _externals(b: Builder) -> None:
    for dom, rule, org, reason in DOMAINS:
        b.add("teams.domain_rule", {"domain": dom, "rule": rule, "organization": org, "reason": reason,
                                    "updated_by": "P0592", "updated_at": dt.datetime(2025, 7, 1, 9, 0)})
    fixed = [  # name, domain, type, state, sponsor
        ("Sam Carter", "northwind.example", "external", "accepted", "P0279"),
        ("Sam Carter", "fabrikam.example", "external", "accepted", "P0611"),
        ("Priya Raman", "northwind.example", "external", "accepted", "P0279"),
        ("Tomás Oliveira", "northwind.example", "guest", "accepted", "P0279"),
        ("Helen Okafor", "fabrikam.example", "guest", "accepted", "P0611"),
        ("Jonas Berg", "fabrikam.example", "external", "accepted", "P0611"),
        ("Mei Lin", "tailspin.example", "guest", "accepted", "P0429"),
        ("Grace Whitfield", "proseware.example", "guest", "accepted", "P0219"),
        ("Oliver Grant", "proseware.example", "guest", "pending_acceptance", "P0219"),
        ("Rafael Costa", "litware.example", "external", "accepted", "P0279"),
        ("Ana Duarte", "litware.example", "guest", "accepted", "P0279"),
        ("Latasha Knapp", "arcturus-example.com", "guest", "pending_acceptance", "P0016"),
        ("Derek Hale", "adatum.example", "guest", "accepted", "P0349"),
        ("Nora Fitzgerald", "adatum.example", "external", "accepted", "P0349"),
        ("Kenji Watanabe", "tailspin.example", "external", "accepted", "P0429"),
        ("Isabel Moreno", "woodgrove.example", "guest", "revoked", "P0539"),
        ("Chris Doyle", "gmail.com", "guest", "pending_acceptance", "P0540"),
    ]
    fake_rng = b.rng
    for name, dom, utype, state, sponsor in fixed:
        first, last = name.split(" ", 1)
        b.add("teams.external_user", {
            "external_id": b.next("EXT", 4), "display_name": name,
            "email": f"{first.lower().replace('á', 'a')}.{last.lower()}@{dom}", "organization":
            next(d[2] for d in DOMAINS if d[0] == dom), "domain": dom, "user_type": utype, "invitation_state": state,
            "sponsor_person_id": sponsor, "invited_at": ts(fake_rng, 300, 40)})
    firsts = ["Alex", "Jordan", "Morgan", "Taylor", "Casey", "Riley", "Jamie", "Avery", "Quinn", "Drew", "Elena",
              "Marco", "Sofia", "Lukas", "Amara", "Hiro", "Fatima", "Owen", "Chloe", "Ivan"]
    lasts = ["Novak", "Schultz", "Brennan", "Haddad", "Lindqvist", "Osei", "Castillo", "Park", "Murphy", "Rossi",
             "Dubois", "Kowalski", "Nakamura", "Singh", "Ferreira", "Walsh"]
    allowed = [d for d in DOMAINS if d[1] == "allowed"]
    for i in range(40):
        name = f"{firsts[i % len(firsts)]} {lasts[(i * 7) % len(lasts)]}"
        dom = allowed[i % len(allowed)]
        b.add("teams.external_user", {
            "external_id": b.next("EXT", 4), "display_name": name,
            "email": f"{name.split()[0].lower()}.{name.split()[1].lower()}{i}@{dom[0]}", "organization": dom[2],
            "domain": dom[0], "user_type": "guest" if i % 3 else "external", "invitation_state": "accepted",
            "sponsor_person_id": b.rng.choice(b.active), "invited_at": ts(b.rng, 500, 30)})


def _config(service: str, primary: str, secondary: str, version: int, **extra) -> dict:
    cfg = {"service": service, "config_version": version, "severity_threshold": "SEV2",
           "oncall_primary": primary, "oncall_secondary": secondary, "escalation_minutes": 15,
           "bridge_open": False, "status_page": f"https://status.{ORG_DOMAIN}/{service}", "updated": "2025-11-20"}
    cfg.update(extra)
    return cfg


def _teams(b: Builder) -> None:
    email = lambda p: b.people[p]["email"]  # noqa: E731
    ext = {r["display_name"] + "@" + r["domain"]: r["external_id"] for r in b.rows["teams.external_user"]}
    topics = {"FIN": "finance", "SALES": "sales", "SUPPORT": "support", "HR": "hr", "ENG": "engineering",
              "IT": "engineering", "ITSD": "support", "INFRA": "engineering"}
    # Department hubs: DEPT <name>, owners = head + first lead, members = the department.
    for d in b.depts:
        dep, code = d["department_id"], d["code"]
        everyone = b.dept_people(dep, active=False)
        members = [p for p in everyone if b.people[p]["active"] or int(p[1:]) % 2 == 0]
        leads = [p for p in everyone if b.people[p]["manager_id"] == d["head_person_id"] and b.people[p]["active"]]
        owners = [d["head_person_id"]] + leads[:1] if code != "PROC" else [d["head_person_id"]]
        tid = b.team(f"DEPT {d['name']}", f"dept-{code.lower()}", f"Department hub for {d['name']}: news, "
                     "policies and cross-team coordination.", dep, owners, members, template="departmentHub",
                     visibility="private", created_days=900)
        created = ts(b.rng, 800, 400)
        b.channel(tid, "Announcements", f"Official {d['name']} announcements. Owners post only.", "standard",
                  owners[0], created, favorite=True)
        b.channel(tid, "Team Operations", f"Day-to-day coordination for {d['name']}.", "standard", owners[0], created)
        lead_pool = list(dict.fromkeys(owners + leads[:3]))
        b.channel(tid, "Leadership", f"{d['name']} leadership only.", "private", owners[0], created,
                  members={p: ("owner" if i == 0 else "member") for i, p in enumerate(lead_pool)})
        b.topic[tid] = topics.get(code, "general")
    # Project teams.
    projects = [("Atlas Migration", "DEP004", 3), ("Orion CRM Rollout", "DEP008", 2), ("Helios Data Platform", "DEP010", 2),
                ("Nimbus Cloud Cost", "DEP004", 1), ("Vega Mobile App", "DEP010", 2), ("Apollo Finance Close", "DEP006", 2),
                ("Juniper Onboarding Revamp", "DEP005", 1), ("Mercury Support Portal", "DEP009", 2),
                ("Sequoia Brand Refresh", "DEP011", 2), ("Cobalt Identity", "DEP013", 2), ("Aurora Analytics", "DEP010", 3),
                ("Polaris Office Move", "DEP012", 1)]
    for name, dep, n_owners in projects:
        pool = b.dept_people(dep)
        owners = pool[1:1 + n_owners]
        members = _people_sample(b, pool, 8) + _people_sample(b, b.active, 4)
        tid = b.team(f"PRJ {name}", "prj-" + name.lower().replace(" ", "-"), f"Project team for {name}.", dep,
                     owners, members, template="projectManagement", created_days=b.rng.randint(120, 420))
        created = ts(b.rng, 110, 60)
        b.channel(tid, "Planning", f"Plans, milestones and RAID log for {name}.", "standard", owners[0], created)
        b.channel(tid, "Status Reports", "Weekly status reports (Fridays).", "standard", owners[0], created)
        b.channel(tid, "Budget and Contracts", "Commercials - owners and finance only.", "private", owners[0], created,
                  members={owners[0]: "owner", **{p: "member" for p in owners[1:]}})
        b.topic[tid] = "project"
    # The Falcon twins: an archived 2023 team and the live one.
    eng = b.dept_people("DEP010")
    old = b.team("PRJ Falcon Launch (2023)", "prj-falcon-launch-2023", "Falcon v1 launch (completed 2023). Archived.",
                 "DEP010", [eng[5], eng[6]], eng[7:15], template="projectManagement", archived=True, created_days=800)
    b.topic[old] = "project"
    live = b.team("PRJ Falcon Launch", "prj-falcon-launch", "Falcon v2 launch programme (GA planned Q1 2026).",
                  "DEP010", [eng[5], eng[9]], eng[10:22] + ["P0539", "P0545"], template="projectManagement",
                  created_days=150, guests=[ext["Mei Lin@tailspin.example"]])
    b.channel(live, "Launch Readiness", "Go/no-go checklist and launch-day runbook.", "standard", eng[5], ts(b.rng, 100, 90))
    b.channel(live, "Pricing War Room", "Confidential pricing decisions.", "private", eng[5], ts(b.rng, 80, 70),
              members={eng[5]: "owner", eng[9]: "member", "P0539": "member",
                       ext["Mei Lin@tailspin.example"]: "member"})  # a guest in a private channel: a seed defect
    b.topic[live] = "project"
    # Incident response teams with configuration blocks in the bridge channel descriptions.
    sre = [p for p in b.dept_people("DEP004")]
    sec = b.dept_people("DEP013")
    irs = [("Payments Platform", "payments-api", sre[1:3], sre[3:14] + ["P0016"], "DEP004", 4),
           ("Identity and SSO", "identity-sso", [sec[1], sec[2]], sec[3:12] + ["P0016", "P0592"], "DEP013", 7),
           ("Core Network", "core-network", [b.dept_people("DEP002")[1]], b.dept_people("DEP002")[2:12], "DEP002", 2)]
    for label, svc, owners, members, dep, version in irs:
        tid = b.team(f"IR {label}", "ir-" + svc, f"Incident response for {svc}.", dep, owners, members,
                     template="incidentResponse", classification="Confidential", created_days=600)
        roster = [p for p in owners + members if b.people[p]["active"]]
        cfg = _config(svc, email(roster[0]), email(roster[2]), version)
        b.channel(tid, "Bridge", config_block(f"Live incident bridge for {svc}. Config below is read by the paging "
                                              "integration; edit it only as described in the runbook.", cfg),
                  "standard", owners[0], ts(b.rng, 500, 400), favorite=True, email=True)
        b.channel(tid, "Post-Incident Reviews", f"PIR documents and action items for {svc}.", "standard", owners[0],
                  ts(b.rng, 500, 400))
        b.channel(tid, "Sev1 War Room", "Opened for SEV1 only.", "private", owners[0], ts(b.rng, 500, 400),
                  members={p: ("owner" if i == 0 else "member") for i, p in enumerate(roster[:4])})
        b.topic[tid] = "incident"
    # Partner teams with shared channels.
    sales = b.dept_people("DEP008")
    procs = b.dept_people("DEP014")
    partners = [("Northwind Logistics", "northwind", ["P0279", sales[3]], sales[4:12],
                 ["Sam Carter@northwind.example", "Priya Raman@northwind.example"], ["Tomás Oliveira@northwind.example"]),
                ("Fabrikam Supply", "fabrikam", ["P0611", procs[2]], procs[3:10],
                 ["Sam Carter@fabrikam.example", "Jonas Berg@fabrikam.example"], ["Helen Okafor@fabrikam.example"]),
                ("Litware Analytics (ended)", "litware", [sales[5]], sales[6:10],
                 ["Rafael Costa@litware.example"], ["Ana Duarte@litware.example"]),
                ("Adatum Implementation", "adatum", ["P0349", b.dept_people("DEP009")[2]], b.dept_people("DEP009")[3:10],
                 ["Nora Fitzgerald@adatum.example"], ["Derek Hale@adatum.example"])]
    for label, short, owners, members, externals, guests in partners:
        tid = b.team(f"PRT {label}", f"prt-{short}", f"Partner collaboration with {label}.", None, owners, members,
                     guests=[ext[g] for g in guests], classification="Confidential", created_days=400)
        created = ts(b.rng, 300, 200)
        b.channel(tid, f"ext-{short}-delivery", f"Shared with {label.split(' (')[0]}: delivery schedule and issues.",
                  "shared", owners[0], created,
                  members={**{owners[0]: "owner"}, **{p: "member" for p in members[:3]},
                           **{ext[e]: "member" for e in externals}})
        b.channel(tid, "Internal Prep", "Internal only: prep before partner calls.", "standard", owners[0], created)
        b.topic[tid] = "partner"
    # Event planning teams and communities of practice.
    mkt = b.dept_people("DEP011")
    for label, owners, members in [("Arcturus Summit 2026", [mkt[1], mkt[2]], mkt[3:15] + ["P0004", "P0006"]),
                                   ("All Hands Production", [mkt[0], "P0004"], mkt[5:11] + ["P0006", "P0008"])]:
        tid = b.team(f"EVT {label}", "evt-" + label.lower().replace(" ", "-"), f"Planning team for {label}.", "DEP011",
                     owners, members, template="eventPlanning", created_days=200)
        b.channel(tid, "Run of Show", "Run-of-show, speakers and production.", "standard", owners[0], ts(b.rng, 150, 100))
        b.channel(tid, "Speaker Green Room", "Speakers and producers.", "private", owners[0], ts(b.rng, 150, 100),
                  members={owners[0]: "owner", owners[1]: "member"})
        b.topic[tid] = "event"
    for label in ["Python Guild", "Accessibility Champions", "Women in Tech", "Green Office", "Cloud FinOps"]:
        members = _people_sample(b, b.active, b.rng.randint(15, 35))
        tid = b.team(f"CoP {label}", "cop-" + label.lower().replace(" ", "-"), f"Community of practice: {label}.", None,
                     members[:2], members[2:], visibility="public", created_days=700)
        b.channel(tid, "Show and Tell", "Share what you built.", "standard", members[0], ts(b.rng, 600, 300))
        b.topic[tid] = "general"
    # Single-owner teams (a governance gap the seed keeps) are PROC hub, Nimbus, Juniper, Polaris, Core Network, Litware.


def _security_groups(b: Builder) -> None:
    for name, nick, gtype, dep, owner, members in [
            ("SG-VPN-Users", "sg-vpn-users", "security", "DEP002", "P0016", _people_sample(b, b.active, 60)),
            ("SG-Finance-Approvers", "sg-finance-approvers", "security", "DEP006", "P0219", b.dept_people("DEP006")[:8]),
            ("SG-Privileged-Admins", "sg-privileged-admins", "security", "DEP013", "P0589", ADMINS),
            ("DL-All-Managers", "dl-all-managers", "distribution", "DEP005", "P0184",
             sorted({r["manager_id"] for r in b.people.values() if r["manager_id"]})),
            ("DL-Support-Leads", "dl-support-leads", "distribution", "DEP009", "P0349", b.dept_people("DEP009")[:7]),
            ("SG-Guest-Sponsors", "sg-guest-sponsors", "security", "DEP013", "P0592", ["P0279", "P0611", "P0219", "P0349"])]:
        b.group(name, nick, gtype, "private", dep, [owner], members, ts(b.rng, 900, 500), f"{name} ({gtype} group)")
    b.group("Project Falcon (legacy group)", "falcon-legacy", "unified", "private", "DEP010", ["P0434"], ["P0435"],
            ts(b.rng, 1200, 1100), "Deleted legacy group", deleted=True)


def _messages(b: Builder) -> None:
    r = b.rng
    ids = {}
    for ch in list(b.rows["teams.channel"]):
        tid = ch["team_id"]
        roster = [p for p, role in b.team_people[tid].items() if not p.startswith("EXT") and b.people[p]["active"]]
        if ch["membership_type"] != "standard":
            roster = [m["person_id"] or m["external_id"] for m in b.rows["teams.channel_member"]
                      if m["channel_id"] == ch["channel_id"]]
        topic = "partner" if ch["membership_type"] == "shared" else ("general" if ch["is_general"] else b.topic[tid])
        team = next(t for t in b.rows["teams.team"] if t["team_id"] == tid)
        window = (200, 120) if team["is_archived"] else (110, 1)
        for _ in range(r.randint(3, 9)):
            sender = r.choice(roster)
            created = ts(r, *window)
            partner = team["display_name"][4:].split(" (")[0] if team["display_name"].startswith("PRT ") else None
            body = b.fill(r.choice(T.TOPIC_MESSAGES[topic]), partner)
            imp = "high" if topic == "incident" and "SEV1" in body else "normal"
            mid = b.message(body, sender, created, channel=ch["channel_id"], importance=imp,
                            subject=body.split(":")[0][:40] if r.random() < 0.2 else None,
                            deleted=r.random() < 0.02, edited=r.random() < 0.08)
            for k in range(r.choice([0, 0, 1, 1, 2, 3])):
                rep = r.choice(roster)
                b.message(r.choice(T.REPLIES), rep, created + dt.timedelta(minutes=15 * (k + 1)),
                          channel=ch["channel_id"], reply_to=mid)
            for p in dict.fromkeys(r.sample(roster, min(len(roster), r.choice([0, 0, 1, 2, 4])))):  # ordered: set order varies per process
                if not p.startswith("EXT"):
                    b.add("teams.message_reaction", {"message_id": mid, "person_id": p,
                                                     "reaction_type": r.choice(["like", "like", "heart", "laugh", "surprised"]),
                                                     "created_at": created + dt.timedelta(hours=1)})
            if r.random() < 0.1:
                p = r.choice([x for x in roster if not x.startswith("EXT")] or [sender])
                b.add("teams.message_mention", {"mention_id": b.next("MEN", 5), "message_id": mid,
                                                "mention_type": "user", "person_id": p, "tag_id": None,
                                                "mention_text": b.people[p]["full_name"]})
        ids[ch["channel_id"]] = True


def _chats(b: Builder) -> None:
    r = b.rng
    for i in range(90):
        group = i % 3 == 0
        members = r.sample(b.active, r.randint(3, 7) if group else 2)
        created = ts(r, 300, 5)
        cid = b.next("CHAT", 4)
        topic = (f"{r.choice(T.PROJECTS)} {r.choice(['sync', 'working group', 'huddle', 'leads'])}" if group else None)
        b.add("teams.chat", {"chat_id": cid, "chat_type": "group" if group else "oneOnOne", "topic": topic,
                             "created_by": members[0], "created_at": created, "last_updated_at": created + dt.timedelta(days=3)})
        for p in members:
            b.add("teams.chat_member", {"membership_id": b.next("CHM", 5), "chat_id": cid, "person_id": p,
                                        "external_id": None, "role": "owner", "visible_history_start": None,
                                        "added_at": created})
        for k in range(r.randint(3, 9)):
            b.message(b.fill(r.choice(T.CHAT_MESSAGES)), r.choice(members), created + dt.timedelta(hours=k * 5), chat=cid)
        if i < 40:
            b.add("teams.call_record", {"call_id": b.next("CALL", 4), "call_type": "groupCall" if group else "peerToPeer",
                                        "modalities": r.choice(["audio", "audio,video", "audio,video,screenSharing"]),
                                        "organizer_person_id": members[0], "chat_id": cid, "channel_id": None,
                                        "start_at": created + dt.timedelta(days=1),
                                        "end_at": created + dt.timedelta(days=1, minutes=r.randint(5, 70)), "version": 1})
            call = b.rows["teams.call_record"][-1]
            for n, p in enumerate(members):
                b.add("teams.call_participant", {"call_id": call["call_id"], "participant_no": n + 1, "person_id": p,
                                                 "external_id": None})
            for p in members[1:]:
                fail = r.random() < 0.08
                b.add("teams.call_session", {"session_id": b.next("SES", 5), "call_id": call["call_id"],
                                             "caller_person_id": members[0], "callee_person_id": p,
                                             "modality": call["modalities"].split(",")[-1], "start_at": call["start_at"],
                                             "end_at": call["start_at"] + dt.timedelta(seconds=40) if fail else call["end_at"],
                                             "failure_reason": r.choice(["networkDropped", "mediaTimeout"]) if fail else None})
    # The change-advisory chat carries its freeze calendar as a pinned JSON message.
    cab = ["P0016", "P0023", "P0144", "P0589", "P0009"]
    cid = b.next("CHAT", 4)
    b.add("teams.chat", {"chat_id": cid, "chat_type": "group", "topic": "Change Advisory Board", "created_by": "P0016",
                         "created_at": dt.datetime(2025, 3, 3, 9, 0), "last_updated_at": dt.datetime(2025, 11, 28, 16, 0)})
    for p in cab:
        b.add("teams.chat_member", {"membership_id": b.next("CHM", 5), "chat_id": cid, "person_id": p, "external_id": None,
                                    "role": "owner", "visible_history_start": None, "added_at": dt.datetime(2025, 3, 3, 9, 0)})
    freeze = {"freeze_windows": [{"name": "Year-end close", "start": "2025-12-15", "end": "2026-01-05"}],
              "approvers": ["dennis.reese@" + ORG_DOMAIN], "config_version": 5}
    mid = b.message("CAB config - do not edit by hand\n```json\n" + json.dumps(freeze, indent=2) + "\n```", "P0016",
                    dt.datetime(2025, 11, 28, 16, 0), chat=cid, subject="CAB config")
    b.add("teams.pinned_message", {"pin_id": b.next("PIN", 4), "chat_id": cid, "message_id": mid, "pinned_by": "P0016",
                                   "pinned_at": dt.datetime(2025, 11, 28, 16, 5)})
    for row in b.rows["teams.chat"][:30:4]:
        mids = [m["message_id"] for m in b.rows["teams.message"] if m["chat_id"] == row["chat_id"]]
        b.add("teams.pinned_message", {"pin_id": b.next("PIN", 4), "chat_id": row["chat_id"], "message_id": mids[0],
                                       "pinned_by": row["created_by"], "pinned_at": row["created_at"] + dt.timedelta(days=1)})


def _apps_tabs_tags(b: Builder) -> None:
    r = b.rng
    for a in APPS:
        b.add("teams.app", dict(zip(["app_id", "display_name", "publisher", "distribution_method", "version",
                                     "supports_tabs", "is_blocked", "description"], a), external_app_id=None))
    b.rows["teams.app"] = [{**{k: row[k] for k in ["app_id"]}, "external_app_id": f"com.{row['publisher'].split()[0].lower()}."
                            f"{row['display_name'].split()[0].lower()}", **{k: row[k] for k in row if k not in ("app_id", "external_app_id")}}
                           for row in b.rows["teams.app"]]
    tab_apps = [a[0] for a in APPS if a[5] and not a[6]]
    for t in b.rows["teams.team"]:
        apps = ["APP001", "APP002"] + r.sample([a for a in tab_apps if a not in ("APP001", "APP002")], r.randint(1, 4))
        if t["template"] == "incidentResponse":
            apps += [a for a in ("APP014", "APP020") if a not in apps]
        owner = next(p for p, role in b.team_people[t["team_id"]].items() if role == "owner")
        for a in apps:
            b.add("teams.app_installation", {"installation_id": b.next("INST", 4), "team_id": t["team_id"], "chat_id": None,
                                             "app_id": a, "installed_by": owner, "installed_at": t["created_at"] + dt.timedelta(days=2)})
        chans = [c for c in b.rows["teams.channel"] if c["team_id"] == t["team_id"]]
        for c in chans:
            for n, a in enumerate(r.sample(apps, r.randint(0, 2))):
                name = next(x[1] for x in APPS if x[0] == a)
                b.add("teams.tab", {"tab_id": b.next("TAB", 4), "channel_id": c["channel_id"], "chat_id": None, "app_id": a,
                                    "display_name": name if a != "APP006" else "Team Site",
                                    "content_url": f"https://apps.{ORG_DOMAIN}/{a.lower()}/{c['channel_id'].lower()}",
                                    "website_url": f"https://apps.{ORG_DOMAIN}/{a.lower()}/{c['channel_id'].lower()}/view",
                                    "entity_id": f"{a.lower()}-{c['channel_id'].lower()}", "sort_order": n + 1,
                                    "created_by": owner, "created_at": c["created_at"] + dt.timedelta(days=1)})
        roster = [p for p, role in b.team_people[t["team_id"]].items() if not p.startswith("EXT")]
        tags = {"departmentHub": ["Managers", "New Joiners", "Fire Wardens"], "incidentResponse": ["On-Call", "Incident Commanders"],
                "projectManagement": ["Workstream Leads"], "eventPlanning": ["Producers", "Speakers"]}.get(t["template"], [])
        for name in tags:
            tag = b.next("TAG", 4)
            b.add("teams.tag", {"tag_id": tag, "team_id": t["team_id"], "display_name": name,
                                "description": f"{name} of {t['display_name']}", "created_by": owner,
                                "created_at": t["created_at"] + dt.timedelta(days=5)})
            for p in r.sample(roster, min(len(roster), r.randint(2, 6))):
                b.add("teams.tag_member", {"tag_id": tag, "person_id": p, "added_at": t["created_at"] + dt.timedelta(days=5)})


def _events(b: Builder) -> None:
    r = b.rng
    mkt = b.dept_people("DEP011")
    evt_team = next(t["team_id"] for t in b.rows["teams.team"] if t["display_name"] == "EVT Arcturus Summit 2026")
    events = [  # type, name, start offset days, status, audience, organizer, capacity, waitlist, coorgs, registrations
        ("webinar", "Arcturus Summit 2026: Product Keynote", 40, "published", "everyone", mkt[1], 120, True, [mkt[2]], 118),
        ("webinar", "Cloud Cost Clinic for Customers", 12, "published", "everyone", mkt[4], 40, False, [mkt[5], "P0145"], 40),
        ("webinar", "Data Platform Deep Dive", 25, "draft", "everyone", mkt[6], 80, True, [], 0),
        ("webinar", "Partner Onboarding Basics", -20, "published", "everyone", "P0279", 60, False, ["P0280"], 44),
        ("webinar", "Security Awareness Month: Phishing 101", 8, "published", "organization", "P0592", 300, False, ["P0589"], 75),
        ("webinar", "Benefits Open Enrollment Q&A", 3, "published", "organization", "P0184", 200, True, ["P0186"], 61),
        ("webinar", "Spring Product Preview", 90, "draft", "everyone", mkt[2], 150, False, [mkt[3]], 0),
        ("webinar", "Legacy Reporting Sunset", -60, "canceled", "organization", "P0013", 100, False, [], 12),
        ("townhall", "Q1 All Hands", 45, "draft", "organization", "P0004", None, False, ["P0006"], 0),
        ("townhall", "CEO Year-End Town Hall", 14, "published", "organization", "P0001", None, False, ["P0004", "P0006"], 0),
        ("townhall", "Engineering Quarterly", 30, "draft", "organization", "P0429", None, False, [], 0),
        ("townhall", "Investor Update Broadcast", 20, "published", "everyone", "P0002", None, False, ["P0004"], 0),
        ("townhall", "Support Org Kickoff", -10, "published", "organization", "P0349", None, False, ["P0350"], 0),
    ]
    for etype, name, offset, status, audience, org_, cap, wait, coorgs, nreg in events:
        eid = b.next("EVT", 4)
        start = dt.datetime(2025, 12, 5, 15, 0) + dt.timedelta(days=offset)
        created = min(start - dt.timedelta(days=60), NOW - dt.timedelta(days=20))
        base = min(start, NOW)
        b.add("teams.virtual_event", {"event_id": eid, "event_type": etype, "display_name": name,
                                      "description": f"{name}. Hosted by {b.people[org_]['full_name']}.",
                                      "start_at": start, "end_at": start + dt.timedelta(hours=1), "status": status,
                                      "audience": audience, "organizer_person_id": org_,
                                      "team_id": evt_team if "Summit" in name else None, "registration_capacity": cap,
                                      "is_waitlist_enabled": wait, "created_at": created,
                                      "published_at": min(start - dt.timedelta(days=30), NOW - dt.timedelta(days=10))
                                      if status != "draft" else None,
                                      "canceled_at": start - dt.timedelta(days=5) if status == "canceled" else None})
        for c in coorgs:
            b.add("teams.event_coorganizer", {"event_id": eid, "person_id": c, "added_at": created + dt.timedelta(days=1)})
        pool = r.sample(b.active, nreg)
        for k, p in enumerate(pool):
            ext_row = b.rows["teams.external_user"][k % len(b.rows["teams.external_user"])] if audience == "everyone" and k % 4 == 0 else None
            who = b.people[p]
            b.add("teams.event_registration", {
                "registration_id": b.next("REG", 5), "event_id": eid, "person_id": None if ext_row else p,
                "external_id": ext_row["external_id"] if ext_row else None,
                "email": ext_row["email"] if ext_row else who["email"],
                "first_name": (ext_row["display_name"] if ext_row else who["full_name"]).split(" ")[0],
                "last_name": (ext_row["display_name"] if ext_row else who["full_name"]).split(" ", 1)[1],
                "status": "canceled" if status == "canceled" or k % 17 == 5 else "registered",
                "registered_at": base - dt.timedelta(days=6 + (k % 25), hours=k % 7),
                "canceled_at": (start - dt.timedelta(days=5) if status == "canceled" else
                                base - dt.timedelta(days=1) if k % 17 == 5 else None)})


def _users(b: Builder) -> None:
    r = b.rng
    statuses = ["In workshops all week, slow to reply", "Back on Monday", "Focus time until 14:00", "On call this week",
                "Travelling - responses may be delayed"]
    loc = {x["location_id"]: x["name"] for x in b.db.query("SELECT location_id, name FROM org.location")}
    for pid, p in b.people.items():
        st = r.choice(statuses) if r.random() < 0.08 else None
        b.add("teams.user_account", {"person_id": pid, "user_principal_name": p["email"], "display_name": p["full_name"],
                                     "job_title": p["title"], "office_location": loc.get(p["location_id"]),
                                     "account_enabled": bool(p["active"]), "role": "teams_admin" if pid in ADMINS else "user",
                                     "status_message": st, "status_expires_at": NOW + dt.timedelta(days=r.randint(1, 9)) if st else None,
                                     "usage_location": None, "created_at": dt.datetime(2019, 1, 7, 9, 0)})


def _history(b: Builder) -> None:
    r = b.rng
    for t in b.rows["teams.team"]:
        b.audit(t["created_by"], "teams_create_team", "team", t["team_id"], t["team_id"], t["display_name"], t["created_at"])
        if t["is_archived"]:
            b.audit("P0016", "teams_archive_team", "team", t["team_id"], t["team_id"], "archived after project close",
                    t["archived_at"])
    for c in b.rows["teams.channel"]:
        if not c["is_general"]:
            b.audit(c["created_by"], "teams_create_channel", "channel", c["channel_id"], c["team_id"],
                    f"{c['display_name']} ({c['membership_type']})", c["created_at"])
    for m in b.rows["teams.team_member"][::9]:
        b.audit(m["added_by"], "teams_add_team_member", "team_member", m["membership_id"], m["team_id"],
                m["person_id"] or m["external_id"], m["added_at"])
    for n in range(60):
        t = r.choice(b.rows["teams.team"])
        owners = [p for p, role in b.team_people[t["team_id"]].items() if role == "owner"]
        b.add("teams.activity_notification", {"notification_id": b.next("NTF", 5), "recipient_person_id": r.choice(owners),
                                              "team_id": t["team_id"], "channel_id": None, "event_id": None,
                                              "activity_type": r.choice(["membershipChange", "channelChange", "general"]),
                                              "preview_text": f"Update in {t['display_name']}", "sent_by": "P0016",
                                              "sent_at": ts(r, 100, 2)})


def seed(db) -> None:
    b = Builder(db)
    b.topic = {}
    _users(b)
    _externals(b)
    _teams(b)
    _security_groups(b)
    _messages(b)
    _chats(b)
    _apps_tabs_tags(b)
    _events(b)
    _history(b)
    order = ["teams.user_account", "teams.domain_rule", "teams.external_user", "teams.m365_group", "teams.group_owner",
             "teams.group_member", "teams.team", "teams.team_member", "teams.channel", "teams.channel_member",
             "teams.chat", "teams.chat_member", "teams.message", "teams.message_reaction", "teams.message_mention",
             "teams.pinned_message", "teams.app", "teams.app_installation", "teams.tab", "teams.tag", "teams.tag_member",
             "teams.call_record", "teams.call_participant", "teams.call_session", "teams.virtual_event",
             "teams.event_coorganizer", "teams.event_registration", "teams.activity_notification", "teams.audit_log"]
    for table in order:
        db.insert(table, b.rows.get(table, []))

"""Seed of the calendar domain: deterministic (fixed seeds, dates anchored before 2025-12-05)."""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.util
import random
from pathlib import Path
from zoneinfo import ZoneInfo

from faker import Faker

_spec = importlib.util.spec_from_file_location("eops_calendar_seed_data", Path(__file__).with_name("seed_data.py"))
D = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(D)
_spec = importlib.util.spec_from_file_location("eops_calendar_seed_events", Path(__file__).with_name("seed_events.py"))
E = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(E)

NOW = dt.datetime(2025, 12, 5, 10, 0)
DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def etag(*parts) -> str:
    return '"' + hashlib.sha1("|".join(map(str, parts)).encode()).hexdigest()[:16] + '"'


def utc(local: dt.datetime, tz: str) -> dt.datetime:
    return local.replace(tzinfo=ZoneInfo(tz)).astimezone(dt.timezone.utc).replace(tzinfo=None)


class Builder:
    def __init__(self, db):
        self.db = db
        self.rng = random.Random(1414)
        self.fake = Faker()
        self.fake.seed_instance(1414)
        self.rows: dict[str, list[dict]] = {}
        self.n_event = 0
        self.n_audit = 0
        self.room_busy: dict[str, list[tuple[dt.datetime, dt.datetime]]] = {}

    def add(self, table: str, **row) -> dict:
        self.rows.setdefault(table, []).append(row)
        return row

    def flush(self) -> None:
        seen, entries = set(), []
        for r in self.rows["calendar_list_entry"]:
            if (r["person_id"], r["calendar_id"]) not in seen:
                seen.add((r["person_id"], r["calendar_id"]))
                entries.append(r)
        self.rows["calendar_list_entry"] = entries
        for table, rows in self.rows.items():
            self.db.insert(f"calendar.{table}", rows)

    # -- events ---------------------------------------------------------------------------------
    def event(self, cal: str, organizer: str, summary: str, start_local: dt.datetime | dt.date, minutes: int, tz: str,
              *, attendees=(), recurrence=None, event_type="default", description=None, location=None, color=None,
              visibility="default", transparency="opaque", status="confirmed", creator=None, created=None, **extra) -> str:
        self.n_event += 1
        eid = f"evt{self.n_event:06d}"
        all_day = isinstance(start_local, dt.date) and not isinstance(start_local, dt.datetime)
        created = created or NOW - dt.timedelta(days=self.rng.randint(20, 120))
        row = dict(event_id=eid, calendar_id=cal, ical_uid=f"{eid}@{D.DOMAIN}", event_type=event_type, status=status,
                   summary=summary, description=description, location=location, color_id=color, visibility=visibility,
                   transparency=transparency, all_day=all_day,
                   start_at=None if all_day else utc(start_local, tz),
                   end_at=None if all_day else utc(start_local + dt.timedelta(minutes=minutes), tz),
                   start_date=start_local if all_day else None,
                   end_date=(start_local + dt.timedelta(days=max(1, minutes // 1440))) if all_day else None,
                   time_zone=tz, recurrence=recurrence, recurring_event_id=None, original_start_at=None,
                   organizer_email=organizer, creator_person_id=creator, guests_can_modify=False,
                   guests_can_invite_others=True, guests_can_see_other_guests=True, private_copy=False,
                   use_default_reminders=True, auto_decline_mode=None, decline_message=None, chat_status=None,
                   working_location_type=None, working_location_label=None, building_id=None, source="seed",
                   sequence=0, etag=etag(eid, 0), created_at=created, updated_at=created)
        row.update(extra)
        self.add("event", **row)
        for a in attendees:
            self.add("event_attendee", event_id=eid, **a)
        return eid

    def audit(self, actor, action, calendar_id=None, event_id=None, target=None, details=None, when=None):
        self.n_audit += 1
        self.add("audit_log", audit_id=f"AUD{self.n_audit:06d}", actor_person_id=actor, action=action,
                 calendar_id=calendar_id, event_id=event_id, target=target, details=details,
                 created_at=when or NOW - dt.timedelta(days=self.rng.randint(1, 90), minutes=self.rng.randint(0, 900)))


def attendee(email, *, person=None, contact=None, resource=None, name=None, organizer=False, optional=False,
             status="needsAction", guests=0, comment=None):
    return dict(email=email, person_id=person, contact_id=contact, resource_id=resource, display_name=name,
                is_organizer=organizer, optional=optional, response_status=status, comment=comment,
                additional_guests=guests)


def seed(db) -> None:
    b = Builder(db)
    rng, fake = b.rng, b.fake
    people = db.query("SELECT p.person_id, p.full_name, p.email, p.department_id, p.location_id, p.manager_id, p.active, "
                      "p.title, l.timezone, d.code FROM org.person p JOIN org.location l USING (location_id) "
                      "LEFT JOIN org.department d USING (department_id) ORDER BY p.person_id")
    by_id = {p["person_id"]: p for p in people}
    active = [p for p in people if p["active"]]
    by_dept: dict[str, list[dict]] = {}
    for p in active:
        by_dept.setdefault(p["department_id"], []).append(p)
    loc_tz = {r["location_id"]: r["timezone"] for r in db.query("SELECT location_id, timezone FROM org.location")}

    # -- reference data ------------------------------------------------------------------------
    for cid, name, bg in D.CALENDAR_COLORS:
        b.add("calendar_color", color_id=cid, name=name, background=bg, foreground="#1d1d1d")
    for cid, name, bg in D.EVENT_COLORS:
        b.add("event_color", color_id=cid, name=name, background=bg, foreground="#1d1d1d")
    admins = {"P0015": "calendar_admin", "P0021": "calendar_admin", "P0569": "resource_manager", "P0570": "resource_manager"}
    for p in people:
        b.add("cal_user", person_id=p["person_id"], role=admins.get(p["person_id"], "user"), suspended=not p["active"],
              delegated_by="P0009" if p["person_id"] in admins else None)

    # -- groups ---------------------------------------------------------------------------------
    depts = db.query("SELECT department_id, name, code, head_person_id FROM org.department ORDER BY 1")
    groups = []

    def group(gid, email, name, desc, owner, dept, members, archived=False):
        b.add("directory_group", group_id=gid, email=email, name=name, description=desc, owner_person_id=owner,
              department_id=dept, archived=archived)
        for pid in dict.fromkeys(members):
            b.add("group_member", group_id=gid, person_id=pid,
                  member_role="owner" if pid == owner else "member")
        groups.append(gid)

    for d in depts:
        members = [p["person_id"] for p in by_dept.get(d["department_id"], [])]
        code = d["code"].lower()
        group(f"GRP-{d['code']}-ALL", f"{code}-all@{D.DOMAIN}", f"{d['name']} – everyone",
              f"Everyone in {d['name']}.", d["head_person_id"], d["department_id"], [d["head_person_id"], *members])
        leads = [p["person_id"] for p in by_dept.get(d["department_id"], [])
                 if any(w in (p["title"] or "") for w in ("Manager", "Lead", "Director", "Head", "Chief", "Counsel"))]
        group(f"GRP-{d['code']}-LEADS", f"{code}-leads@{D.DOMAIN}", f"{d['name']} – leads",
              f"People managers and leads of {d['name']}.", d["head_person_id"], d["department_id"],
              [d["head_person_id"], *leads[:12]])
    exec_people = [p["person_id"] for p in by_dept.get("DEP001", [])]
    group("GRP-EXEC-STAFF", f"exec-staff@{D.DOMAIN}", "Executive staff", "C-level and their chiefs of staff.", "P0001",
          "DEP001", [p for p in exec_people if "Assistant" not in by_id[p]["title"]])
    group("GRP-EXEC-ASSIST", f"exec-assistants@{D.DOMAIN}", "Executive assistants", "Assistants to the executive staff.",
          "P0002", "DEP001", ["P0004", "P0006", "P0008"])
    group("GRP-BOARDROOM", f"boardroom-bookers@{D.DOMAIN}", "Liberty Boardroom bookers",
          "Only members may book the Liberty Boardroom (NYC-HQ, floor 12).", "P0569", "DEP012",
          ["P0001", "P0002", "P0003", "P0007", "P0004", "P0006", "P0008", "P0569"])
    group("GRP-CAL-ADMINS", f"calendar-admins@{D.DOMAIN}", "Calendar administrators", "Workspace calendar administrators.",
          "P0009", "DEP002", ["P0009", "P0015", "P0021"])
    group("GRP-FACILITIES", f"facilities@{D.DOMAIN}", "Facilities team", "Facilities and office managers.", "P0569",
          "DEP012", [p["person_id"] for p in by_dept.get("DEP012", [])])
    hr = [p["person_id"] for p in by_dept.get("DEP005", [])]
    group("GRP-ER-INVESTIGATORS", f"er-investigators@{D.DOMAIN}", "ER investigators",
          "Employee-relations investigators (confidential interviews).", "P0184", "DEP005", ["P0184", *hr[1:5]])
    infra = [p["person_id"] for p in by_dept.get("DEP004", [])]
    group("GRP-INFRA-ONCALL", f"infra-oncall@{D.DOMAIN}", "Infrastructure on-call", "Infrastructure on-call engineers.",
          "P0144", "DEP004", ["P0144", *infra[:14]])
    eng = [p["person_id"] for p in by_dept.get("DEP010", [])]
    group("GRP-RELEASE-MGRS", f"release-managers@{D.DOMAIN}", "Release managers", "Run the release train.", "P0429",
          "DEP010", ["P0429", *eng[2:7]])
    sec = [p["person_id"] for p in by_dept.get("DEP013", [])]
    group("GRP-SEC-TEAM", f"security-team@{D.DOMAIN}", "Security team", "The security department.", "P0589", "DEP013",
          ["P0589", *sec])
    group("GRP-CONTRACTORS-2023", f"contractors-2023@{D.DOMAIN}", "Contractors 2023 (archived)",
          "Archived group of the 2023 contractor cohort.", "P0009", "DEP002", eng[30:36], archived=True)

    # -- external contacts ---------------------------------------------------------------------------
    n_ext = 0
    externals: list[dict] = []
    sales = [p["person_id"] for p in by_dept.get("DEP008", [])]
    for company, domain, rel in D.EXTERNAL_COMPANIES:
        for _ in range(rng.randint(3, 5)):
            n_ext += 1
            first, last = fake.first_name(), fake.last_name()
            row = b.add("external_contact", contact_id=f"EXT{n_ext:04d}", email=f"{first}.{last}@{domain}".lower(),
                        full_name=f"{first} {last}", company=company, domain=domain, relationship=rel,
                        sponsor_person_id=rng.choice(sales), blocked=False)
            externals.append(row)
    # look-alike domains and a blocked sender
    for first, last, domain, blocked in [("Nina", "Brooks", "arcturus-example.com", True),
                                          ("Events", "Team", "arcturus.example.co", True),
                                          ("Priya", "Raman", "gmail.example.net", False),
                                          ("Tomasz", "Wojcik", "gmail.example.net", False)]:
        n_ext += 1
        externals.append(b.add("external_contact", contact_id=f"EXT{n_ext:04d}", email=f"{first}.{last}@{domain}".lower(),
                               full_name=f"{first} {last}", company="(none)" if "gmail" in domain else "Unknown",
                               domain=domain, relationship="candidate" if "gmail" in domain else "guest",
                               sponsor_person_id=None if blocked else "P0186", blocked=blocked))
    ext_by_company: dict[str, list[dict]] = {}
    for e in externals:
        ext_by_company.setdefault(e["company"], []).append(e)

    # -- calendars --------------------------------------------------------------------------------
    created0 = dt.datetime(2021, 3, 1, 9, 0)
    for p in people:
        pid, email = p["person_id"], p["email"]
        created = created0 + dt.timedelta(days=int(pid[1:]) % 700)
        b.add("calendar", calendar_id=email, kind="primary", summary=p["full_name"], description=None, location=None,
              time_zone=p["timezone"], owner_person_id=pid, department_id=p["department_id"],
              classification="internal", legal_hold=False, archived=False, etag=etag(email, 0),
              created_at=created, updated_at=created)
        b.add("calendar_default_reminder", calendar_id=email, method="popup", minutes=10)
        if int(pid[1:]) % 5 == 0:
            b.add("calendar_default_reminder", calendar_id=email, method="email", minutes=30)
        b.add("calendar_list_entry", person_id=pid, calendar_id=email, summary_override=None,
              color_id=str(int(pid[1:]) % 24 + 1), hidden=False, selected=True, is_primary=True, added_at=created)
        b.add("acl_rule", calendar_id=email, rule_id=f"user:{email}", scope_type="user", scope_value=email,
              role="owner", scope_person_id=pid, scope_group_id=None, granted_by=pid, etag=etag(email, "owner"),
              updated_at=created)
        if p["active"]:
            b.add("acl_rule", calendar_id=email, rule_id=f"domain:{D.DOMAIN}", scope_type="domain", scope_value=D.DOMAIN,
                  role="freeBusyReader", scope_person_id=None, scope_group_id=None, granted_by=pid,
                  etag=etag(email, "domain"), updated_at=created)
        # settings
        for sid, val in [("timezone", p["timezone"]), ("locale", "en-GB" if p["location_id"] in ("LOC005", "LOC007") else
                          "de" if p["location_id"] == "LOC006" else "ja" if p["location_id"] == "LOC012" else "en"),
                         ("weekStart", "0" if p["location_id"] in ("LOC001", "LOC002", "LOC003", "LOC004") else "1"),
                         ("format24HourTime", "false" if p["location_id"] in ("LOC001", "LOC002", "LOC003") else "true"),
                         ("defaultEventLength", rng.choice(["30", "30", "30", "60", "25", "50"])),
                         ("workingHoursStart", rng.choice(["08:00", "08:30", "09:00", "09:00", "09:30"])),
                         ("workingHoursEnd", rng.choice(["17:00", "17:30", "18:00", "18:00"]))]:
            b.add("user_setting", person_id=pid, setting_id=sid, value=val, updated_at=created)
    # executive assistants manage executive calendars
    for exec_pid, assistant in [("P0001", "P0004"), ("P0002", "P0006"), ("P0003", "P0006"), ("P0007", "P0008")]:
        cal = by_id[exec_pid]["email"]
        ae = by_id[assistant]["email"]
        b.add("acl_rule", calendar_id=cal, rule_id=f"user:{ae}", scope_type="user", scope_value=ae, role="writer",
              scope_person_id=assistant, scope_group_id=None, granted_by=exec_pid, etag=etag(cal, ae), updated_at=NOW - dt.timedelta(days=200))
        b.add("calendar_list_entry", person_id=assistant, calendar_id=cal, summary_override=f"{by_id[exec_pid]['full_name'].split()[0]} (exec)",
              color_id="16", hidden=False, selected=True, is_primary=False, added_at=NOW - dt.timedelta(days=200))
    # a departed COO's calendar is still shared with an assistant
    b.add("acl_rule", calendar_id=by_id["P0005"]["email"], rule_id=f"user:{by_id['P0006']['email']}", scope_type="user",
          scope_value=by_id["P0006"]["email"], role="writer", scope_person_id="P0006", scope_group_id=None,
          granted_by="P0005", etag=etag("P0005", "P0006"), updated_at=NOW - dt.timedelta(days=400))

    team_cal: dict[str, str] = {}
    group_of_dept = {d["department_id"]: f"GRP-{d['code']}-ALL" for d in depts}
    for code, slug, summary, owner, dept, cls, hold, archived, desc in D.TEAM_CALENDARS:
        cid = f"c_{code.lower()}-{slug}@{D.GROUP_CAL}"
        team_cal[f"{code}:{slug}"] = cid
        created = dt.datetime(2023, 1, 9) if archived else dt.datetime(2024, 2, 1) + dt.timedelta(days=len(team_cal) * 9)
        tz = by_id[owner]["timezone"]
        b.add("calendar", calendar_id=cid, kind="secondary", summary=summary, description=desc, location=None,
              time_zone=tz, owner_person_id=owner, department_id=dept, classification=cls, legal_hold=hold,
              archived=archived, etag=etag(cid, 0), created_at=created, updated_at=created)
        owner_email = by_id[owner]["email"]
        rules = [("user", owner_email, "owner", owner, None)]
        grp = group_of_dept[dept]
        gemail = next(r["email"] for r in b.rows["directory_group"] if r["group_id"] == grp)
        if cls == "confidential":
            special = {"board": "GRP-EXEC-STAFF", "er": "GRP-ER-INVESTIGATORS", "lit": "GRP-LEGAL-ALL", "ir": "GRP-SEC-TEAM"}[slug]
            sg = next(r for r in b.rows["directory_group"] if r["group_id"] == special)
            rules.append(("group", sg["email"], "reader" if slug != "lit" else "writer", None, special))
            if slug == "board":
                ag = next(r for r in b.rows["directory_group"] if r["group_id"] == "GRP-EXEC-ASSIST")
                rules.append(("group", ag["email"], "writer", None, "GRP-EXEC-ASSIST"))
        else:
            rules.append(("group", gemail, "writer" if not archived else "reader", None, grp))
            rules.append(("domain", D.DOMAIN, "reader", None, None))
            if cls == "public":
                rules.append(("default", None, "reader", None, None))
        for stype, sval, role, spid, sgid in rules:
            rid = f"{stype}:{sval}" if sval else "default"
            b.add("acl_rule", calendar_id=cid, rule_id=rid, scope_type=stype, scope_value=sval, role=role,
                  scope_person_id=spid, scope_group_id=sgid, granted_by=owner, etag=etag(cid, rid), updated_at=created)
        b.add("calendar_default_reminder", calendar_id=cid, method="popup", minutes=15 if cls != "public" else 60)
        b.add("calendar_list_entry", person_id=owner, calendar_id=cid, summary_override=None, color_id="8",
              hidden=archived, selected=not archived, is_primary=False, added_at=created)
        if not archived and cls != "confidential" and not slug.startswith("holidays"):
            for p in by_dept.get(dept, [])[:25]:
                if p["person_id"] != owner:
                    b.add("calendar_list_entry", person_id=p["person_id"], calendar_id=cid, summary_override=None,
                          color_id=str(rng.randint(1, 24)), hidden=rng.random() < 0.08, selected=True,
                          is_primary=False, added_at=created + dt.timedelta(days=3))
    for r in b.rows["calendar_list_entry"]:
        if r["hidden"]:
            r["selected"] = False
    # holiday calendars on everyone's list, by region
    region_of = {r["location_id"]: r["region"] for r in db.query("SELECT location_id, region FROM org.location")}
    for p in active:
        reg = region_of[p["location_id"]].lower()
        b.add("calendar_list_entry", person_id=p["person_id"], calendar_id=team_cal[f"HR:holidays-{reg}"],
              summary_override=None, color_id="10", hidden=False, selected=True, is_primary=False,
              added_at=dt.datetime(2024, 3, 1))
    # compliance drift for the administrator to find
    drift = [(team_cal["HR:er"], f"domain:{D.DOMAIN}", "domain", D.DOMAIN, "reader", None, None, "P0184"),
             (team_cal["SALES:customers"], "user:ines.moreau@proseware.net", "user", "ines.moreau@proseware.net", "writer",
              None, None, "P0279"),
             (team_cal["SEC:ir"], f"user:{by_id['P0447']['email']}", "user", by_id["P0447"]["email"], "reader", "P0447",
              None, "P0589")]
    for cid, rid, st, sv, role, spid, sgid, by in drift:
        b.add("acl_rule", calendar_id=cid, rule_id=rid, scope_type=st, scope_value=sv, role=role, scope_person_id=spid,
              scope_group_id=sgid, granted_by=by, etag=etag(cid, rid), updated_at=NOW - dt.timedelta(days=41))
    b.rows["external_contact"].append(dict(contact_id=f"EXT{n_ext + 1:04d}", email="ines.moreau@proseware.net",
                                           full_name="Ines Moreau", company="Proseware Systems", domain="proseware.net",
                                           relationship="partner", sponsor_person_id="P0280", blocked=False))

    # -- buildings and resources -------------------------------------------------------------------
    for bid, name, loc, floors, contact in D.BUILDINGS:
        b.add("building", building_id=bid, name=name, location_id=loc, floors=floors, facilities_contact=contact)
    for fid, name in D.FEATURES:
        b.add("resource_feature", feature_id=fid, name=name)
    bld_loc = {bid: loc for bid, _, loc, _, _ in D.BUILDINGS}
    resources = []
    n_res: dict[str, int] = {}
    for bid, floor, name, rtype, cap, status, feats, maxm, window, restricted, bh in D.ROOMS:
        n_res[bid] = n_res.get(bid, 0) + 1
        rid = f"RES-{bid.split('-')[0]}-{floor.zfill(2)}{n_res[bid]:02d}"
        slug = name.lower().replace(" ", "-").replace("'", "")
        email = f"{bid.lower()}-{floor}-{slug}@{D.RESOURCE_CAL}"
        label = f"{bid}-{floor}-{name} ({cap})"
        tz = loc_tz[bld_loc[bid]]
        b.add("calendar", calendar_id=email, kind="resource", summary=label, description=f"{rtype}, floor {floor}",
              location=f"{bid}, floor {floor}", time_zone=tz, owner_person_id=None, department_id="DEP012",
              classification="internal", legal_hold=False, archived=status == "retired", etag=etag(email, 0),
              created_at=dt.datetime(2022, 6, 1), updated_at=dt.datetime(2022, 6, 1))
        b.add("acl_rule", calendar_id=email, rule_id="group:facilities@" + D.DOMAIN, scope_type="group",
              scope_value="facilities@" + D.DOMAIN, role="owner", scope_person_id=None, scope_group_id="GRP-FACILITIES",
              granted_by="P0569", etag=etag(email, "fac"), updated_at=dt.datetime(2022, 6, 1))
        b.add("acl_rule", calendar_id=email, rule_id=f"domain:{D.DOMAIN}", scope_type="domain", scope_value=D.DOMAIN,
              role="freeBusyReader", scope_person_id=None, scope_group_id=None, granted_by="P0569",
              etag=etag(email, "dom"), updated_at=dt.datetime(2022, 6, 1))
        desc = f"{rtype} on floor {floor}" + (" – closed after the 2024 floor refit" if status == "retired" else
                                              " – AV upgrade in progress" if status == "maintenance" else "")
        b.add("resource", resource_id=rid, name=name, email=email, category="CONFERENCE_ROOM", resource_type=rtype,
              building_id=bid, floor=floor, capacity=cap, calendar_id=email, status=status, description=desc)
        for f in feats.split(","):
            b.add("resource_feature_instance", resource_id=rid, feature_id=f"FEAT-{f}")
        b.add("booking_rule", resource_id=rid, max_duration_minutes=maxm, booking_window_days=window,
              min_notice_minutes=0 if rtype != "Boardroom" else 1440, restricted_group_id=restricted,
              business_hours_only=bh, allow_recurring=rtype not in ("Boardroom", "Training room"),
              updated_by="P0569", updated_at=dt.datetime(2025, 1, 15))
        resources.append(dict(resource_id=rid, email=email, name=name, capacity=cap, status=status, building=bid,
                              tz=tz, label=label, rtype=rtype, restricted=restricted, bh=bh, maxm=maxm))
    for bid, name, rtype, status in D.EQUIPMENT:
        n_res[bid] = n_res.get(bid, 0) + 1
        rid = f"RES-{bid.split('-')[0]}-EQ{n_res[bid]:02d}"
        email = f"{bid.lower()}-{name.lower().replace(' ', '-')}@{D.RESOURCE_CAL}"
        b.add("calendar", calendar_id=email, kind="resource", summary=name, description=rtype, location=bid,
              time_zone=loc_tz[bld_loc[bid]], owner_person_id=None, department_id="DEP012", classification="internal",
              legal_hold=False, archived=status == "retired", etag=etag(email, 0), created_at=dt.datetime(2022, 6, 1),
              updated_at=dt.datetime(2022, 6, 1))
        b.add("acl_rule", calendar_id=email, rule_id="group:facilities@" + D.DOMAIN, scope_type="group",
              scope_value="facilities@" + D.DOMAIN, role="owner", scope_person_id=None, scope_group_id="GRP-FACILITIES",
              granted_by="P0569", etag=etag(email, "fac"), updated_at=dt.datetime(2022, 6, 1))
        b.add("resource", resource_id=rid, name=name, email=email, category="OTHER", resource_type=rtype, building_id=bid,
              floor=None, capacity=None, calendar_id=email, status=status, description=f"{rtype} kept at {bid}")
        b.add("booking_rule", resource_id=rid, max_duration_minutes=480, booking_window_days=30, min_notice_minutes=0,
              restricted_group_id=None, business_hours_only=False, allow_recurring=False, updated_by="P0569",
              updated_at=dt.datetime(2025, 1, 15))

    E.seed_events(b, dict(people=people, by_id=by_id, by_dept=by_dept, active=active, team_cal=team_cal,
                          resources=resources, externals=externals, ext_by_company=ext_by_company, attendee=attendee,
                          utc=utc, etag=etag, now=NOW))
    b.flush()

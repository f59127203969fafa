"""Events of the calendar seed: recurring team rituals, 1:1s, customer and internal meetings, interviews,
out-of-office / focus-time / working-location status events, holidays, instance exceptions, reminders,
attachments, extended properties, conference data, watch channels and the audit history."""

from __future__ import annotations

import datetime as dt
import importlib.util
from pathlib import Path

_spec = importlib.util.spec_from_file_location("eops_calendar_seed_data2", Path(__file__).with_name("seed_data.py"))
D = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(D)

DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def _weekday_on_or_after(day: dt.date, wd: int) -> dt.date:
    return day + dt.timedelta(days=(wd - day.weekday()) % 7)


def seed_events(b, c) -> None:
    rng, fake = b.rng, b.fake
    by_id, by_dept, active, team_cal = c["by_id"], c["by_dept"], c["active"], c["team_cal"]
    A, utc, NOW = c["attendee"], c["utc"], c["now"]
    resources = [r for r in c["resources"]]
    rooms_by_loc: dict[str, list[dict]] = {}
    bld_loc = {bid: loc for bid, _, loc, _, _ in D.BUILDINGS}
    for r in resources:
        rooms_by_loc.setdefault(bld_loc[r["building"]], []).append(r)

    def person_att(p, organizer=False, status=None, optional=False):
        st = status or ("accepted" if organizer else rng.choices(
            ["accepted", "tentative", "declined", "needsAction"], [60, 10, 10, 20])[0])
        return A(p["email"], person=p["person_id"], name=p["full_name"], organizer=organizer, status=st, optional=optional)

    def book_room(p, start_utc, end_utc, headcount):
        """A free, active, unrestricted room in the organizer's office that fits, or None."""
        for r in sorted(rooms_by_loc.get(p["location_id"], []), key=lambda r: (r["capacity"] or 0, r["resource_id"])):
            if r["status"] != "active" or r["restricted"] or not r["capacity"] or r["capacity"] < headcount:
                continue
            if (end_utc - start_utc).total_seconds() / 60 > r["maxm"]:
                continue
            busy = b.room_busy.setdefault(r["resource_id"], [])
            if any(s < end_utc and start_utc < e for s, e in busy):
                continue
            busy.append((start_utc, end_utc))
            return r
        return None

    def conference(eid, creator):
        code = "".join(rng.choice("abcdefghijkmnpqrstuvwxyz") for _ in range(10))
        b.add("conference_data", event_id=eid, solution="videoMeeting", conference_id=f"{code[:3]}-{code[3:7]}-{code[7:]}",
              entry_uri=f"https://meet.arcturus.example/{code[:3]}-{code[3:7]}-{code[7:]}", created_by=creator)

    # -- recurring team rituals -------------------------------------------------------------------
    rituals = [
        ("IT:cab", "Change Advisory Board", "RRULE:FREQ=WEEKLY;BYDAY=TU", dt.datetime(2025, 9, 2, 15, 0), 60,
         "Review of normal changes scheduled for the coming week. Change owners present their CHG and rollback plan.",
         ["EXDATE;TZID=America/Chicago:20251230T150000"]),
        ("EXEC:staff", "Leadership staff meeting", "RRULE:FREQ=WEEKLY;BYDAY=MO", dt.datetime(2025, 9, 1, 9, 0), 60,
         "Weekly leadership staff meeting. Agenda in the shared doc.", []),
        ("EXEC:staff", "Arcturus all-hands", "RRULE:FREQ=MONTHLY;BYDAY=1TH", dt.datetime(2025, 9, 4, 11, 0), 60,
         "Monthly company all-hands: business update, customer story, Q&A.", []),
        ("FIN:close", "Month-end close review", "RRULE:FREQ=MONTHLY;BYDAY=-1FR", dt.datetime(2025, 8, 29, 14, 0), 90,
         "Close review: open reconciliations, accrual cut-offs, journal approvals.", []),
        ("ENG:sprint", "Sprint planning", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", dt.datetime(2025, 9, 8, 10, 0), 90,
         "Sprint planning for the platform squads. Groomed backlog only.", []),
        ("ENG:sprint", "Sprint review & retro", "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=FR", dt.datetime(2025, 9, 19, 14, 0), 60,
         "Demo of what shipped, then the retrospective.", []),
        ("ITSD:rota", "Service desk shift handover", "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", dt.datetime(2025, 9, 1, 8, 45), 15,
         "Open P1/P2 incidents and queue status for the incoming shift.", []),
        ("SUPPORT:escalations", "Escalation review", "RRULE:FREQ=WEEKLY;BYDAY=WE", dt.datetime(2025, 9, 3, 16, 0), 45,
         "Weekly review of open customer escalations with engineering.", []),
        ("PROC:vendors", "Vendor performance review", "RRULE:FREQ=MONTHLY;BYDAY=2WE;COUNT=12", dt.datetime(2025, 3, 12, 10, 0), 60,
         "Monthly vendor scorecards: delivery, quality, invoices.", []),
        ("HR:people", "Benefits office hours", "RRULE:FREQ=WEEKLY;BYDAY=TH;UNTIL=20251218T235959Z", dt.datetime(2025, 11, 6, 12, 0), 60,
         "Drop-in office hours during open enrolment.", []),
    ]
    masters = []
    for key, summary, rrule, start_local, minutes, desc, extra in rituals:
        cal = team_cal[key]
        owner = by_id[next(t[3] for t in D.TEAM_CALENDARS if f"{t[0]}:{t[1]}" == key)]
        tz = owner["timezone"]
        dept = next(t[4] for t in D.TEAM_CALENDARS if f"{t[0]}:{t[1]}" == key)
        members = [p for p in by_dept.get(dept, []) if p["person_id"] != owner["person_id"]][:rng.randint(5, 9)]
        atts = [person_att(owner, organizer=True)] + [person_att(p) for p in members]
        eid = b.event(cal, owner["email"], summary, start_local, minutes, tz, attendees=atts,
                      recurrence="\n".join([rrule, *extra]), description=desc, creator=owner["person_id"],
                      created=NOW - dt.timedelta(days=120))
        conference(eid, owner["person_id"])
        masters.append((eid, start_local, minutes, tz, rrule))
        if key == "IT:cab":
            b.add("event_extended_property", event_id=eid, scope="shared", key="changeBoard", value="CAB-WEEKLY")

    # -- 1:1s --------------------------------------------------------------------------------------
    reports: dict[str, list[dict]] = {}
    for p in active:
        if p["manager_id"] and by_id.get(p["manager_id"], {}).get("active"):
            reports.setdefault(p["manager_id"], []).append(p)
    n_11 = 0
    for mgr_id in sorted(reports):
        mgr = by_id[mgr_id]
        for rep in reports[mgr_id][:2]:
            n_11 += 1
            if n_11 > 260:
                break
            wd = rng.randint(0, 4)
            first = _weekday_on_or_after(dt.date(2025, 9, 1) + dt.timedelta(days=rng.randint(0, 50)), wd)
            start = dt.datetime.combine(first, dt.time(rng.choice([9, 10, 11, 13, 14, 15, 16]), rng.choice([0, 30])))
            rrule = f"RRULE:FREQ=WEEKLY;{'INTERVAL=2;' if n_11 % 4 == 0 else ''}BYDAY={DAYS[wd]}"
            if n_11 % 13 == 0:
                rrule += ";COUNT=8"
            eid = b.event(mgr["email"], mgr["email"], f"{mgr['full_name'].split()[0]} / {rep['full_name'].split()[0]} 1:1",
                          start, 30, mgr["timezone"], recurrence=rrule, visibility="private" if n_11 % 9 == 0 else "default",
                          description="Weekly 1:1. Running notes in the shared doc.", creator=mgr_id,
                          attendees=[person_att(mgr, organizer=True), person_att(rep, status="accepted")])
            masters.append((eid, start, 30, mgr["timezone"], rrule))

    # -- instance exceptions (cancelled or moved occurrences) ------------------------------------
    spec = importlib.util.spec_from_file_location(
        "eops_calendar_seed_recurrence", Path(__file__).resolve().parents[2] / "tools" / "calendar" / "recurrence.py")
    rec = importlib.util.module_from_spec(spec)
    import sys
    sys.modules[spec.name] = rec
    spec.loader.exec_module(rec)
    occurrences = rec.occurrences
    for i, (eid, start_local, minutes, tz, rrule) in enumerate(masters):
        if i % 7 != 3:
            continue
        occ = [o for o in occurrences([rrule], utc(start_local, tz), tz, window_end_utc=dt.datetime(2026, 1, 31))
               if o > NOW - dt.timedelta(days=10)]
        if not occ:
            continue
        orig = occ[min(len(occ) - 1, 1 + i % 3)]
        master = next(r for r in b.rows["event"] if r["event_id"] == eid)
        oid = f"{eid}_{orig:%Y%m%dT%H%M%SZ}"
        moved = i % 2 == 0
        new_start = orig + dt.timedelta(hours=1) if moved else orig
        row = dict(master, event_id=oid, recurrence=None, recurring_event_id=eid, original_start_at=orig,
                   start_at=new_start, end_at=new_start + dt.timedelta(minutes=minutes),
                   status="confirmed" if moved else "cancelled", sequence=1, etag=c["etag"](oid, 1))
        b.rows["event"].append(row)
        for a in [a for a in b.rows["event_attendee"] if a["event_id"] == eid]:
            b.rows["event_attendee"].append(dict(a, event_id=oid))

    # -- focus time and working location ----------------------------------------------------------
    eng = [p for p in by_dept.get("DEP010", []) if p["person_id"] != "P0429"]
    for p in eng[:32]:
        mode = rng.choice(["declineAllConflictingInvitations", "declineOnlyNewConflictingInvitations", "declineNone"])
        b.event(p["email"], p["email"], rng.choice(D.FOCUS_LABELS), dt.datetime(2025, 10, 7, 13, 0), 120, p["timezone"],
                event_type="focusTime", recurrence="RRULE:FREQ=WEEKLY;BYDAY=TU,TH", creator=p["person_id"],
                auto_decline_mode=mode, chat_status="doNotDisturb",
                decline_message="I'm in focus time – please pick another slot." if mode != "declineNone" else None,
                visibility="public", attendees=[person_att(p, organizer=True)])
    bld_of_loc = {loc: bid for bid, _, loc, _, _ in D.BUILDINGS}
    for p in active[::7][:90]:
        home_day = rng.randint(0, 4)
        office = [d for d in range(5) if d != home_day]
        b.event(p["email"], p["email"], "Office", dt.date(2025, 9, 1) + dt.timedelta(days=office[0]), 1440, p["timezone"],
                event_type="workingLocation", recurrence="RRULE:FREQ=WEEKLY;BYDAY=" + ",".join(DAYS[d] for d in office),
                transparency="transparent", visibility="public", creator=p["person_id"],
                working_location_type="officeLocation", building_id=bld_of_loc[p["location_id"]],
                working_location_label=by_id[p["person_id"]]["location_id"] and bld_of_loc[p["location_id"]])
        b.event(p["email"], p["email"], "Home", dt.date(2025, 9, 1) + dt.timedelta(days=home_day), 1440, p["timezone"],
                event_type="workingLocation", recurrence=f"RRULE:FREQ=WEEKLY;BYDAY={DAYS[home_day]}",
                transparency="transparent", visibility="public", creator=p["person_id"],
                working_location_type="homeOffice", working_location_label="Home")

    # -- out of office ---------------------------------------------------------------------------
    for i, p in enumerate(active[3::11][:48]):
        start = dt.date(2025, 11, 3) + dt.timedelta(days=rng.randint(0, 70))
        days = rng.choice([1, 2, 3, 5, 5, 8, 10])
        label = rng.choice(D.OOO_LABELS)
        mode = rng.choice(["declineAllConflictingInvitations", "declineOnlyNewConflictingInvitations", "declineNone"])
        b.event(p["email"], p["email"], label, dt.datetime.combine(start, dt.time(0, 0)), days * 1440, p["timezone"],
                event_type="outOfOffice", creator=p["person_id"], auto_decline_mode=mode, visibility="public",
                decline_message=(f"I'm out of office until {start + dt.timedelta(days=days):%d %b}. For urgent matters "
                                 f"contact my manager.") if mode != "declineNone" else None,
                attendees=[person_att(p, organizer=True)])

    # -- holidays ----------------------------------------------------------------------------------
    for region, days in D.HOLIDAYS.items():
        cal = team_cal[f"HR:holidays-{region}"]
        for day, name in days:
            b.event(cal, by_id["P0184"]["email"], name, dt.date.fromisoformat(day), 1440, "UTC", transparency="transparent",
                    visibility="public", creator="P0184", color="10")

    # -- single meetings -----------------------------------------------------------------------------
    def slot(p, day_from: dt.date, span_days: int, minutes: int):
        tz = p["timezone"]
        for _ in range(20):
            day = day_from + dt.timedelta(days=rng.randint(0, span_days))
            if day.weekday() < 5:
                break
        local = dt.datetime.combine(day, dt.time(rng.randint(9, 16), rng.choice([0, 0, 30])))
        return local, tz

    sales = [p for p in by_dept.get("DEP008", [])]
    companies = [c_ for c_ in D.EXTERNAL_COMPANIES if c_[2] in ("customer", "partner")]
    n_meet = 0
    for i in range(140):
        org = sales[i % len(sales)]
        company, _, _ = companies[i % len(companies)]
        ext = c["ext_by_company"][company]
        title, desc = rng.choice(D.MEETING_TEMPLATES["customer"])
        minutes = rng.choice([30, 45, 60, 60, 90])
        local, tz = slot(org, dt.date(2025, 10, 20), 75, minutes)
        start_u = utc(local, tz)
        guests = rng.sample(ext, k=min(len(ext), rng.randint(1, 3)))
        colleagues = rng.sample([p for p in sales if p is not org], k=rng.randint(0, 2))
        atts = [person_att(org, organizer=True)] + [person_att(p) for p in colleagues] + [
            A(g["email"], contact=g["contact_id"], name=g["full_name"],
              status=rng.choice(["accepted", "accepted", "needsAction", "tentative"])) for g in guests]
        room = book_room(org, start_u, start_u + dt.timedelta(minutes=minutes), len(atts)) if i % 3 == 0 else None
        if room:
            atts.append(A(room["email"], resource=room["resource_id"], name=room["label"], status="accepted"))
        cal = team_cal["SALES:customers"] if i % 4 == 0 else org["email"]
        eid = b.event(cal, org["email"], title.format(company=company), local, minutes, tz, attendees=atts,
                      description=desc.format(company=company), location=room["label"] if room else None,
                      creator=org["person_id"], color=rng.choice([None, None, "9", "7"]))
        conference(eid, org["person_id"])
        n_meet += 1
        if i % 2 == 0:
            b.add("event_extended_property", event_id=eid, scope="shared", key="crmOpportunityId",
                  value=f"OPP-{20250000 + i * 37}")
        if i % 5 == 0:
            b.add("event_attachment", event_id=eid, file_url=f"https://drive.arcturus.example/file/d/1cust{i:04d}",
                  title=f"{company} – account plan FY26.pdf", mime_type="application/pdf", added_by=org["person_id"])

    teams = {d: f"{by_dept[d][0]['code']}" for d in by_dept}
    for i in range(420):
        org = active[(i * 37) % len(active)]
        dept = by_dept.get(org["department_id"], [])
        if len(dept) < 3:
            continue
        title, desc = rng.choice(D.MEETING_TEMPLATES["internal"])
        topic = rng.choice(D.TOPICS)
        minutes = rng.choice([30, 30, 45, 60, 60, 90, 120])
        local, tz = slot(org, dt.date(2025, 10, 27), 70, minutes)
        start_u = utc(local, tz)
        others = rng.sample([p for p in dept if p is not org], k=min(len(dept) - 1, rng.randint(1, 7)))
        atts = [person_att(org, organizer=True)] + [person_att(p, optional=rng.random() < 0.1) for p in others]
        room = book_room(org, start_u, start_u + dt.timedelta(minutes=minutes), len(atts)) if rng.random() < 0.55 else None
        if room:
            atts.append(A(room["email"], resource=room["resource_id"], name=room["label"], status="accepted"))
        summary = title.format(team=teams[org["department_id"]], topic=topic)
        eid = b.event(org["email"], org["email"], summary, local, minutes, tz, attendees=atts,
                      description=desc.format(team=teams[org["department_id"]], topic=topic),
                      location=room["label"] if room else None, creator=org["person_id"],
                      color=rng.choice([None, None, None, "1", "2", "5", "11"]),
                      status="tentative" if i % 29 == 0 else "confirmed")
        if rng.random() < 0.6:
            conference(eid, org["person_id"])
        if i % 6 == 0:
            b.add("event_reminder", event_id=eid, method="popup", minutes=rng.choice([5, 15, 30]))
            for r in b.rows["event"][-1:]:
                r["use_default_reminders"] = False
        if i % 9 == 0:
            b.add("event_attachment", event_id=eid, file_url=f"https://drive.arcturus.example/file/d/1int{i:04d}",
                  title=f"{topic.capitalize()} – notes.gdoc", mime_type="application/vnd.google-apps.document",
                  added_by=org["person_id"])
        if i % 11 == 0:
            b.add("event_extended_property", event_id=eid, scope="private", key="prepNotes",
                  value=rng.choice(["bring Q3 numbers", "ask about hiring plan", "share draft before", "decide owner"]))

    hr = by_dept.get("DEP005", [])
    candidates = [e for e in c["externals"] if e["relationship"] == "candidate"]
    for i in range(30):
        org = hr[i % len(hr)]
        role = D.ROLES_OPEN[i % len(D.ROLES_OPEN)]
        cand_name = fake.name() if i >= len(candidates) else candidates[i]["full_name"]
        panel = rng.sample(active, k=2)
        local, tz = slot(org, dt.date(2025, 11, 3), 50, 60)
        atts = [person_att(org, organizer=True)] + [person_att(p) for p in panel]
        if i < len(candidates):
            atts.append(A(candidates[i]["email"], contact=candidates[i]["contact_id"], name=cand_name, status="accepted"))
        eid = b.event(org["email"], org["email"], f"Interview: {cand_name} – {role}", local, 60, tz, attendees=atts,
                      description=f"Panel interview for the {role} opening. Scorecards due within 24 hours.",
                      visibility="private", creator=org["person_id"])
        conference(eid, org["person_id"])

    # release train milestones and maintenance windows
    eng_owner = by_id["P0429"]
    for day, name in [("2025-12-10", "Branch cut 25.12"), ("2025-12-15", "Code freeze 25.12"),
                      ("2025-12-17", "Go/no-go 25.12"), ("2026-01-07", "Release 25.12 to production")]:
        b.event(team_cal["ENG:release"], eng_owner["email"], name, dt.date.fromisoformat(day), 1440, eng_owner["timezone"],
                transparency="transparent", creator="P0429", color="6")
    for day, name in [("2023-03-14", "Release 23.03"), ("2023-06-13", "Release 23.06"), ("2023-09-12", "Release 23.09")]:
        b.event(team_cal["ENG:release-2023"], eng_owner["email"], name, dt.date.fromisoformat(day), 1440,
                eng_owner["timezone"], transparency="transparent", creator="P0429", created=dt.datetime(2023, 1, 10))
    infra_owner = by_id["P0144"]
    for i, (day, what) in enumerate([("2025-11-15", "Core switch firmware upgrade"), ("2025-12-13", "SAN controller failover test"),
                                     ("2026-01-10", "UPS battery replacement – DC1")]):
        b.event(team_cal["INFRA:maint"], infra_owner["email"], f"Maintenance window: {what}",
                dt.datetime.fromisoformat(day + "T02:00"), 240, infra_owner["timezone"], creator="P0144",
                description=f"{what}. Expect service interruptions; bridge line open.")
    legal = by_id["P0259"]
    for day, what in [("2025-12-12", "Response to motion – Harlow v. Arcturus"), ("2026-01-16", "Expert disclosures due – Harlow"),
                      ("2025-12-19", "Regulatory filing – data breach notice follow-up")]:
        b.event(team_cal["LEGAL:lit"], legal["email"], what, dt.date.fromisoformat(day), 1440, legal["timezone"],
                creator="P0259", visibility="private", color="11")

    # -- channels and audit history -----------------------------------------------------------------
    for i, (kind, cal, exp, status) in enumerate([
            ("events", team_cal["EXEC:board"], dt.datetime(2025, 12, 20), "active"),
            ("acl", team_cal["EXEC:board"], dt.datetime(2025, 12, 20), "active"),
            ("acl", team_cal["HR:er"], dt.datetime(2025, 11, 30), "active"),
            ("events", team_cal["LEGAL:lit"], dt.datetime(2025, 12, 28), "active"),
            ("acl", team_cal["LEGAL:lit"], dt.datetime(2025, 10, 1), "stopped"),
            ("events", team_cal["SALES:customers"], dt.datetime(2025, 12, 9), "active"),
            ("calendarList", None, dt.datetime(2025, 12, 31), "active"),
            ("events", team_cal["SEC:ir"], dt.datetime(2025, 11, 20), "active")]):
        b.add("channel", channel_id=f"chn-{i + 1:06d}", resource_id=f"res-{(i + 1) * 7919:08x}", resource_kind=kind,
              calendar_id=cal, watched_person_id="P0001" if kind == "calendarList" else None,
              address="https://hooks.arcturus.example/calendar/audit", token=f"audit-{kind}-{i + 1}",
              expiration=exp, status=status, created_by="P0015", created_at=exp - dt.timedelta(days=30))
    ev = b.rows["event"]
    for i in range(260):
        e = ev[(i * 53) % len(ev)]
        b.audit(e["creator_person_id"], "event.create", calendar_id=e["calendar_id"], event_id=e["event_id"],
                target=e["summary"], when=e["created_at"])
    for r in b.rows["acl_rule"][:: 17]:
        b.audit(r["granted_by"], "acl.insert", calendar_id=r["calendar_id"], target=r["rule_id"],
                details=f"role={r['role']}", when=r["updated_at"])

"""Seed of the demo helpdesk (deterministic)."""

import datetime as dt
import random

from faker import Faker

PRIORITY = {("high", "high"): "critical", ("high", "medium"): "high", ("medium", "high"): "high",
            ("medium", "medium"): "moderate", ("high", "low"): "moderate", ("low", "high"): "moderate"}


def priority(impact, urgency):
    return PRIORITY.get((impact, urgency), "low")


def seed(db):
    fake = Faker()
    fake.seed_instance(7)
    rng = random.Random(7)
    teams = [{"team_id": f"TEAM{i}", "name": n, "lead_id": None}
             for i, n in enumerate(["Network", "Desktop", "Applications", "Facilities"], 1)]
    people = []
    for i in range(1, 41):
        name = fake.name()
        role = "admin" if i == 1 else "agent" if i <= 24 else "reporter"
        people.append({"person_id": f"U{i:03d}", "name": name,
                       "email": name.lower().replace(" ", ".") + f"{i}@demo.example", "role": role,
                       "team_id": teams[(i - 1) % 4]["team_id"] if role == "agent" else None,
                       "active": not (role == "agent" and i % 7 == 0)})
    for t in teams:
        t["lead_id"] = next(p["person_id"] for p in people if p["team_id"] == t["team_id"] and p["active"])
    db.insert("demo.team", teams)
    db.insert("demo.person", people)
    anchor = dt.datetime(2025, 12, 1, 9, 0)
    tickets = []
    levels = ["high", "medium", "low"]
    for n in range(1, 121):
        imp, urg = rng.choice(levels), rng.choice(levels)
        team = rng.choice(teams)
        members = [p for p in people if p["team_id"] == team["team_id"] and p["active"]]
        state = rng.choice(["new", "in_progress", "in_progress", "resolved", "closed"])
        opened = anchor - dt.timedelta(hours=rng.randint(1, 400))
        tickets.append({
            "ticket_id": f"TKT_{n:04d}", "number": f"T{n:06d}", "title": fake.sentence(nb_words=5).rstrip("."),
            "caller_id": rng.choice(people[24:])["person_id"], "team_id": team["team_id"],
            "assignee_id": rng.choice(members)["person_id"] if state != "new" else None,
            "impact": imp, "urgency": urg, "priority": priority(imp, urg), "state": state,
            "resolution": "Fixed" if state in ("resolved", "closed") else None,
            "opened_at": opened, "updated_at": opened + dt.timedelta(hours=1)})
    db.insert("demo.ticket", tickets)

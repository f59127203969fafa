"""Seed of the shared organization directory: deterministic (fixed Faker seed)."""

from __future__ import annotations

import datetime as dt
import random

from faker import Faker

LOCATIONS = [
    ("LOC001", "New York HQ", "New York", "United States", "AMER", "America/New_York"),
    ("LOC002", "Austin Campus", "Austin", "United States", "AMER", "America/Chicago"),
    ("LOC003", "San Francisco Office", "San Francisco", "United States", "AMER", "America/Los_Angeles"),
    ("LOC004", "Toronto Office", "Toronto", "Canada", "AMER", "America/Toronto"),
    ("LOC005", "London Office", "London", "United Kingdom", "EMEA", "Europe/London"),
    ("LOC006", "Berlin Office", "Berlin", "Germany", "EMEA", "Europe/Berlin"),
    ("LOC007", "Dublin Office", "Dublin", "Ireland", "EMEA", "Europe/Dublin"),
    ("LOC008", "Bangalore Campus", "Bangalore", "India", "APAC", "Asia/Kolkata"),
    ("LOC009", "Pune Office", "Pune", "India", "APAC", "Asia/Kolkata"),
    ("LOC010", "Singapore Office", "Singapore", "Singapore", "APAC", "Asia/Singapore"),
    ("LOC011", "Sydney Office", "Sydney", "Australia", "APAC", "Australia/Sydney"),
    ("LOC012", "Tokyo Office", "Tokyo", "Japan", "APAC", "Asia/Tokyo"),
]

DEPARTMENTS = [  # id, name, code, parent, home location, size
    ("DEP001", "Executive Office", "EXEC", None, "LOC001", 8),
    ("DEP002", "Information Technology", "IT", "DEP001", "LOC002", 90),
    ("DEP003", "IT Service Desk", "ITSD", "DEP002", "LOC008", 45),
    ("DEP004", "Infrastructure & Operations", "INFRA", "DEP002", "LOC002", 40),
    ("DEP005", "Human Resources", "HR", "DEP001", "LOC001", 35),
    ("DEP006", "Finance", "FIN", "DEP001", "LOC001", 40),
    ("DEP007", "Legal & Compliance", "LEGAL", "DEP001", "LOC005", 20),
    ("DEP008", "Sales", "SALES", "DEP001", "LOC003", 70),
    ("DEP009", "Customer Support", "SUPPORT", "DEP001", "LOC007", 80),
    ("DEP010", "Engineering", "ENG", "DEP001", "LOC003", 110),
    ("DEP011", "Marketing", "MKT", "DEP001", "LOC004", 30),
    ("DEP012", "Facilities", "FAC", "DEP001", "LOC002", 20),
    ("DEP013", "Security", "SEC", "DEP002", "LOC006", 22),
    ("DEP014", "Procurement", "PROC", "DEP006", "LOC009", 15),
]

TITLES = {
    "EXEC": ["Chief Executive Officer", "Chief Operating Officer", "Chief Financial Officer", "Executive Assistant"],
    "IT": ["IT Director", "Systems Administrator", "Network Engineer", "IT Manager", "Database Administrator"],
    "ITSD": ["Service Desk Manager", "Service Desk Analyst", "Senior Service Desk Analyst", "Desktop Support Technician"],
    "INFRA": ["Infrastructure Manager", "Site Reliability Engineer", "Cloud Engineer", "Storage Engineer"],
    "HR": ["HR Director", "HR Business Partner", "HR Generalist", "Recruiter", "Payroll Specialist"],
    "FIN": ["Finance Director", "Accountant", "Financial Analyst", "Controller"],
    "LEGAL": ["General Counsel", "Compliance Officer", "Paralegal", "Privacy Officer"],
    "SALES": ["Sales Director", "Account Executive", "Sales Engineer", "Account Manager"],
    "SUPPORT": ["Support Director", "Support Engineer", "Senior Support Engineer", "Support Team Lead"],
    "ENG": ["VP Engineering", "Software Engineer", "Senior Software Engineer", "QA Engineer", "Engineering Manager"],
    "MKT": ["Marketing Director", "Marketing Manager", "Content Strategist", "Product Marketing Manager"],
    "FAC": ["Facilities Manager", "Facilities Coordinator", "Office Manager"],
    "SEC": ["CISO", "Security Analyst", "Security Engineer", "Identity Administrator"],
    "PROC": ["Procurement Manager", "Buyer", "Vendor Manager"],
}

DOMAIN = "arcturus.example"
SEED = 20251205


def seed(db) -> None:
    fake = Faker("en_US")
    fake.seed_instance(SEED)
    rng = random.Random(SEED)
    db.insert("org.location", [
        {"location_id": lid, "name": name, "street": fake.street_address(), "city": city,
         "country": country, "region": region, "timezone": tz}
        for lid, name, city, country, region, tz in LOCATIONS])

    people, depts, cost_centers = [], [], []
    emails: set[str] = set()
    n = 0
    for dep_id, dep_name, code, parent, home, size in DEPARTMENTS:
        members = []
        for i in range(size):
            n += 1
            first, last = fake.first_name(), fake.last_name()
            base = f"{first}.{last}".lower().replace("'", "").replace(" ", "")
            email, k = f"{base}@{DOMAIN}", 1
            while email in emails:
                k += 1
                email = f"{base}{k}@{DOMAIN}"
            emails.add(email)
            titles = TITLES[code]
            loc = home if rng.random() < 0.7 else rng.choice(LOCATIONS)[0]
            members.append({
                "person_id": f"P{n:04d}", "employee_number": f"E{100000 + n}",
                "first_name": first, "last_name": last, "full_name": f"{first} {last}",
                "email": email, "phone": f"+1-555-{rng.randint(100, 999)}-{rng.randint(1000, 9999)}",
                "title": titles[0] if i == 0 else rng.choice(titles[1:]),
                "department_id": dep_id, "location_id": loc, "manager_id": None,
                "cost_center_id": f"CC{dep_id[3:]}",
                "hire_date": dt.date(2012, 1, 1) + dt.timedelta(days=rng.randint(0, 4900)),
                "active": rng.random() > 0.04 or i == 0,
            })
        head = members[0]
        leads = members[1:1 + max(1, size // 12)]
        for m in leads:
            m["manager_id"] = head["person_id"]
        for m in members[1 + len(leads):]:
            m["manager_id"] = rng.choice(leads)["person_id"]
        people.extend(members)
        depts.append({"department_id": dep_id, "name": dep_name, "code": code, "parent_department_id": parent,
                      "head_person_id": head["person_id"], "location_id": home})
        cost_centers.append({"cost_center_id": f"CC{dep_id[3:]}", "code": f"{code}-{1000 + int(dep_id[3:])}",
                             "name": f"{dep_name} cost center", "department_id": dep_id,
                             "owner_person_id": head["person_id"]})
    # Department heads report to the CEO (the head of the executive office).
    ceo = people[0]["person_id"]
    heads = {d["head_person_id"] for d in depts}
    for p in people:
        if p["person_id"] in heads and p["person_id"] != ceo:
            p["manager_id"] = ceo
    db.insert("org.department", depts)
    db.insert("org.cost_center", cost_centers)
    db.insert("org.person", people)

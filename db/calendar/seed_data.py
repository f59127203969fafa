"""Static reference data of the calendar seed: palettes, buildings, rooms, team calendars, templates."""

DOMAIN = "arcturus.example"
GROUP_CAL = "group.calendar.arcturus.example"
RESOURCE_CAL = "resource.calendar.arcturus.example"

CALENDAR_COLORS = [
    ("1", "Cocoa", "#ac725e"), ("2", "Flamingo", "#d06b64"), ("3", "Tomato", "#f83a22"), ("4", "Tangerine", "#fa573c"),
    ("5", "Pumpkin", "#ff7537"), ("6", "Mango", "#ffad46"), ("7", "Eucalyptus", "#42d692"), ("8", "Basil", "#16a765"),
    ("9", "Pistachio", "#7bd148"), ("10", "Avocado", "#b3dc6c"), ("11", "Citron", "#fbe983"), ("12", "Banana", "#fad165"),
    ("13", "Sage", "#92e1c0"), ("14", "Peacock", "#9fe1e7"), ("15", "Cobalt", "#9fc6e7"), ("16", "Blueberry", "#4986e7"),
    ("17", "Lavender", "#9a9cff"), ("18", "Wisteria", "#b99aff"), ("19", "Graphite", "#c2c2c2"), ("20", "Birch", "#cabdbf"),
    ("21", "Radicchio", "#cca6ac"), ("22", "Cherry Blossom", "#f691b2"), ("23", "Grape", "#cd74e6"), ("24", "Amethyst", "#a47ae2"),
]

EVENT_COLORS = [
    ("1", "Lavender", "#a4bdfc"), ("2", "Sage", "#7ae7bf"), ("3", "Grape", "#dbadff"), ("4", "Flamingo", "#ff887c"),
    ("5", "Banana", "#fbd75b"), ("6", "Tangerine", "#ffb878"), ("7", "Peacock", "#46d6db"), ("8", "Graphite", "#e1e1e1"),
    ("9", "Blueberry", "#5484ed"), ("10", "Basil", "#51b749"), ("11", "Tomato", "#dc2127"),
]

# building_id, name, location_id, floors, facilities contact
BUILDINGS = [
    ("NYC-HQ", "New York HQ – 745 Benjamin Centers", "LOC001", "2,4,5,12", "P0570"),
    ("AUS-CAMPUS", "Austin Campus – Building A", "LOC002", "1,2,3", "P0580"),
    ("SFO-OFFICE", "San Francisco – Santos Bypass", "LOC003", "3,4", "P0572"),
    ("TOR-OFFICE", "Toronto – Clark Loop", "LOC004", "7", "P0581"),
    ("LON-OFFICE", "London – Pacheco Well", "LOC005", "1,2", "P0570"),
    ("BER-OFFICE", "Berlin – Brown Ports", "LOC006", "3", "P0570"),
    ("DUB-OFFICE", "Dublin – Bishop Port", "LOC007", "1,2", "P0570"),
    ("BLR-CAMPUS", "Bangalore Campus – Tower 1", "LOC008", "1,2,3,4", "P0587"),
    ("PUN-OFFICE", "Pune – Jessica Points", "LOC009", "8", "P0587"),
    ("SIN-OFFICE", "Singapore – Booth Fall", "LOC010", "10", "P0573"),
    ("SYD-OFFICE", "Sydney – Christian Burg", "LOC011", "5", "P0573"),
    ("TYO-OFFICE", "Tokyo – Miller Prairie", "LOC012", "18", "P0573"),
]

FEATURES = [("FEAT-VC", "Video conferencing"), ("FEAT-DISPLAY", "Wall display"), ("FEAT-WB", "Whiteboard"),
            ("FEAT-PHONE", "Speakerphone"), ("FEAT-ACCESS", "Wheelchair accessible"), ("FEAT-HYBRID", "Hybrid camera bar"),
            ("FEAT-CATER", "Catering access")]

# building, floor, name, type, capacity, status, features, max minutes, window days, restricted group, business hours
ROOMS = [
    ("NYC-HQ", "12", "Liberty Boardroom", "Boardroom", 18, "active", "VC,DISPLAY,CATER,ACCESS,HYBRID", 240, 90, "GRP-BOARDROOM", True),
    ("NYC-HQ", "4", "Hudson", "Meeting room", 10, "active", "VC,DISPLAY,WB", 180, 60, None, False),
    ("NYC-HQ", "2", "Hudson", "Meeting room", 8, "retired", "WB", 120, 60, None, False),
    ("NYC-HQ", "4", "Brooklyn", "Meeting room", 6, "active", "VC,DISPLAY", 120, 60, None, False),
    ("NYC-HQ", "5", "Chelsea", "Meeting room", 4, "active", "PHONE,WB", 120, 60, None, False),
    ("NYC-HQ", "5", "Tribeca", "Training room", 24, "active", "VC,DISPLAY,WB,ACCESS,HYBRID", 480, 120, None, True),
    ("NYC-HQ", "4", "Booth 4A", "Phone booth", 1, "active", "PHONE", 60, 14, None, False),
    ("AUS-CAMPUS", "1", "Pecan", "Meeting room", 8, "active", "VC,DISPLAY", 120, 60, None, False),
    ("AUS-CAMPUS", "2", "Bluebonnet", "Meeting room", 12, "active", "VC,DISPLAY,WB,HYBRID", 180, 60, None, False),
    ("AUS-CAMPUS", "2", "Lady Bird", "Meeting room", 6, "maintenance", "WB", 120, 60, None, False),
    ("AUS-CAMPUS", "3", "Colorado", "Training room", 30, "active", "VC,DISPLAY,ACCESS", 480, 120, None, True),
    ("AUS-CAMPUS", "3", "Barton Springs", "Meeting room", 4, "active", "PHONE", 90, 30, None, False),
    ("AUS-CAMPUS", "1", "NOC War Room", "Operations room", 10, "active", "VC,DISPLAY,PHONE", 720, 30, "GRP-INFRA-ONCALL", False),
    ("SFO-OFFICE", "3", "Golden Gate", "Meeting room", 10, "active", "VC,DISPLAY,HYBRID", 180, 60, None, False),
    ("SFO-OFFICE", "4", "Presidio", "Meeting room", 6, "active", "VC,WB", 120, 60, None, False),
    ("SFO-OFFICE", "4", "Alcatraz", "Meeting room", 4, "active", "PHONE", 90, 30, None, False),
    ("TOR-OFFICE", "7", "Don Valley", "Meeting room", 8, "active", "VC,DISPLAY", 120, 60, None, False),
    ("TOR-OFFICE", "7", "Kensington", "Meeting room", 4, "active", "WB", 90, 30, None, False),
    ("LON-OFFICE", "1", "Thames", "Meeting room", 12, "active", "VC,DISPLAY,HYBRID,ACCESS", 180, 60, None, False),
    ("LON-OFFICE", "2", "Shoreditch", "Meeting room", 6, "active", "VC,WB", 120, 60, None, False),
    ("LON-OFFICE", "2", "Soho", "Meeting room", 4, "active", "PHONE", 90, 30, None, False),
    ("BER-OFFICE", "3", "Spree", "Meeting room", 10, "active", "VC,DISPLAY", 180, 60, None, False),
    ("BER-OFFICE", "3", "Kreuzberg", "Meeting room", 5, "active", "WB", 120, 30, None, False),
    ("DUB-OFFICE", "1", "Liffey", "Meeting room", 8, "active", "VC,DISPLAY", 120, 60, None, False),
    ("DUB-OFFICE", "2", "Howth", "Meeting room", 4, "active", "PHONE,WB", 90, 30, None, False),
    ("BLR-CAMPUS", "1", "Cubbon", "Meeting room", 10, "active", "VC,DISPLAY,HYBRID", 180, 60, None, False),
    ("BLR-CAMPUS", "2", "Lalbagh", "Meeting room", 8, "active", "VC,WB", 120, 60, None, False),
    ("BLR-CAMPUS", "3", "Nandi", "Training room", 40, "active", "VC,DISPLAY,ACCESS", 480, 120, None, True),
    ("BLR-CAMPUS", "4", "Ulsoor", "Meeting room", 4, "active", "PHONE", 90, 30, None, False),
    ("PUN-OFFICE", "8", "Shaniwar", "Meeting room", 8, "active", "VC,DISPLAY", 120, 60, None, False),
    ("PUN-OFFICE", "8", "Sinhagad", "Meeting room", 12, "active", "VC,DISPLAY,HYBRID", 180, 60, None, False),
    ("SIN-OFFICE", "10", "Marina", "Meeting room", 10, "active", "VC,DISPLAY,HYBRID", 180, 60, None, False),
    ("SIN-OFFICE", "10", "Sentosa", "Meeting room", 4, "active", "PHONE", 90, 30, None, False),
    ("SYD-OFFICE", "5", "Bondi", "Meeting room", 8, "active", "VC,DISPLAY", 120, 60, None, False),
    ("SYD-OFFICE", "5", "Manly", "Meeting room", 4, "active", "WB", 90, 30, None, False),
    ("TYO-OFFICE", "18", "Shibuya", "Meeting room", 8, "active", "VC,DISPLAY", 120, 60, None, False),
    ("TYO-OFFICE", "18", "Ginza", "Meeting room", 4, "active", "PHONE,WB", 90, 30, None, False),
]

# equipment and other bookables: building, name, type, status
EQUIPMENT = [
    ("NYC-HQ", "Portable projector NYC-1", "Projector", "active"),
    ("NYC-HQ", "Podcast studio kit", "AV kit", "active"),
    ("AUS-CAMPUS", "Campus shuttle van", "Vehicle", "active"),
    ("AUS-CAMPUS", "Portable projector AUS-2", "Projector", "retired"),
    ("LON-OFFICE", "Conference speakerphone LON-1", "Speakerphone", "active"),
    ("BLR-CAMPUS", "Event PA system", "AV kit", "active"),
]

# code, slug, summary, owner, dept, classification, legal_hold, archived, description
TEAM_CALENDARS = [
    ("EXEC", "board", "[EXEC] Board & Investor Meetings", "P0001", "DEP001", "confidential", False, False,
     "Board meetings, investor calls and audit committee sessions. Confidential: executive staff and assistants only."),
    ("EXEC", "staff", "[EXEC] Leadership Staff Meeting", "P0002", "DEP001", "internal", False, False,
     "Weekly leadership staff meeting and the monthly all-hands."),
    ("IT", "cab", "[IT] Change Advisory Board", "P0009", "DEP002", "internal", False, False,
     "Weekly CAB reviews of normal changes; emergency CABs are added ad hoc."),
    ("ITSD", "rota", "[ITSD] Service Desk Rota", "P0099", "DEP003", "internal", False, False,
     "Who is on the phones and walk-up desk each shift."),
    ("INFRA", "maint", "[INFRA] Maintenance Windows", "P0144", "DEP004", "internal", False, False,
     "Planned maintenance windows for data-centre and network work."),
    ("HR", "people", "[HR] People Events", "P0184", "DEP005", "internal", False, False,
     "Benefits enrolment sessions, onboarding days and people-team events."),
    ("HR", "er", "[HR] ER Investigation Interviews", "P0184", "DEP005", "confidential", False, False,
     "Employee-relations investigation interviews. Confidential: ER investigators only."),
    ("FIN", "close", "[FIN] Month-End Close", "P0219", "DEP006", "internal", False, False,
     "Close calendar: accrual cut-offs, reconciliations and close reviews."),
    ("LEGAL", "lit", "[LEGAL] Litigation Deadlines", "P0259", "DEP007", "confidential", True, False,
     "Court and filing deadlines for open matters. Under legal hold: do not delete events."),
    ("LEGAL", "contracts", "[LEGAL] Contract Reviews", "P0259", "DEP007", "internal", False, False,
     "Contract review slots with commercial counsel."),
    ("SALES", "customers", "[SALES] Customer Meetings", "P0279", "DEP008", "internal", False, False,
     "Customer-facing meetings of the sales team."),
    ("SALES", "qbr", "[SALES] QBR Calendar", "P0279", "DEP008", "internal", False, False,
     "Quarterly business reviews with strategic accounts."),
    ("SUPPORT", "escalations", "[SUPPORT] Escalation Bridge", "P0349", "DEP009", "internal", False, False,
     "Priority-1 escalation bridges and customer post-incident reviews."),
    ("ENG", "release", "[ENG] Release Train", "P0429", "DEP010", "internal", False, False,
     "Release train milestones: branch cut, code freeze, go/no-go and release."),
    ("ENG", "release-2023", "[ENG] Release Train (2023 archive)", "P0429", "DEP010", "internal", False, True,
     "Archived: release train of 2023. Read-only."),
    ("ENG", "oncall", "[ENG] Platform On-call", "P0429", "DEP010", "internal", False, False,
     "Primary and secondary on-call for the platform team."),
    ("ENG", "sprint", "[ENG] Sprint Ceremonies", "P0429", "DEP010", "internal", False, False,
     "Sprint planning, reviews and retrospectives."),
    ("MKT", "campaigns", "[MKT] Campaign Launches", "P0539", "DEP011", "internal", False, False,
     "Campaign launch dates and embargoes."),
    ("MKT", "webinars", "[MKT] Webinars", "P0539", "DEP011", "public", False, False,
     "Public webinar schedule, embedded on the website."),
    ("FAC", "works", "[FAC] Office Moves & Works", "P0569", "DEP012", "internal", False, False,
     "Office moves, building works and fire drills."),
    ("SEC", "ir", "[SEC] Incident Response Exercises", "P0589", "DEP013", "confidential", False, False,
     "Tabletop and red-team exercises. Confidential: security team only."),
    ("PROC", "vendors", "[PROC] Vendor Reviews", "P0611", "DEP014", "internal", False, False,
     "Quarterly vendor performance reviews."),
    ("HR", "holidays-amer", "Company Holidays – AMER", "P0184", "DEP005", "public", False, False,
     "Public holidays observed by AMER offices."),
    ("HR", "holidays-emea", "Company Holidays – EMEA", "P0184", "DEP005", "public", False, False,
     "Public holidays observed by EMEA offices."),
    ("HR", "holidays-apac", "Company Holidays – APAC", "P0184", "DEP005", "public", False, False,
     "Public holidays observed by APAC offices."),
    ("EXEC", "ops-review", "Ops Review Prep", "P0005", "DEP001", "internal", False, False,
     "Prep sessions for the quarterly operations review."),
]

HOLIDAYS = {
    "amer": [("2025-11-27", "Thanksgiving Day"), ("2025-11-28", "Day after Thanksgiving"), ("2025-12-25", "Christmas Day"),
             ("2026-01-01", "New Year's Day"), ("2026-01-19", "Martin Luther King Jr. Day")],
    "emea": [("2025-12-25", "Christmas Day"), ("2025-12-26", "Boxing Day / St. Stephen's Day"), ("2026-01-01", "New Year's Day")],
    "apac": [("2025-10-20", "Deepavali"), ("2025-12-25", "Christmas Day"), ("2026-01-01", "New Year's Day"),
             ("2026-01-26", "Republic Day (India) / Australia Day")],
}

EXTERNAL_COMPANIES = [
    ("Northwind Logistics", "northwindlogistics.com", "customer"), ("Contoso Health", "contoso-health.com", "customer"),
    ("Fabrikam Robotics", "fabrikam.io", "customer"), ("Tailspin Toys", "tailspintoys.com", "customer"),
    ("Wingtip Solutions", "wingtipsolutions.com", "customer"), ("Litware Analytics", "litware.co", "customer"),
    ("Adventure Works Cycles", "adventure-works.com", "customer"), ("Proseware Systems", "proseware.net", "partner"),
    ("Blue Yonder Airlines", "blueyonderair.com", "customer"), ("Lucerne Publishing", "lucernepublishing.com", "vendor"),
    ("Coho Vineyard", "cohovineyard.com", "customer"), ("Trey Research", "treyresearch.net", "partner"),
    ("Alpine Ski House", "alpineskihouse.com", "vendor"), ("Margie's Travel", "margiestravel.com", "vendor"),
]

MEETING_TEMPLATES = {
    "customer": [("{company} – quarterly roadmap review", "Walk {company} through the H1 roadmap and collect feedback on the reporting module."),
                 ("{company} renewal discussion", "Renewal terms for {company}: seat count, multi-year discount and the support tier."),
                 ("{company} onboarding kickoff", "Kickoff with the {company} project team: milestones, data migration plan and owners."),
                 ("{company} – security questionnaire walkthrough", "Go through the open items of {company}'s vendor security questionnaire.")],
    "internal": [("{team} weekly sync", "Status of open work items, blockers and asks for the week."),
                 ("{team} planning – Q1 priorities", "Agree the Q1 priorities and owners; bring your team's top three."),
                 ("Budget review – {team}", "Review FY26 budget submission against actuals; finance partner attends."),
                 ("{team} retro: November", "What went well, what did not, and the two things we change in December."),
                 ("Design review: {topic}", "Review the design doc for {topic}. Comments in the doc before the meeting, please."),
                 ("Incident review: {topic}", "Post-incident review. Timeline, contributing factors and follow-up actions."),
                 ("Vendor demo – {topic}", "Demo of a candidate tool for {topic}; decision criteria in the attached sheet.")],
    "interview": [("Interview: {candidate} – {role}", "Panel interview for the {role} opening. Scorecards due within 24 hours.")],
}

TOPICS = ["SSO migration", "billing service v2", "data retention", "search indexing", "mobile push notifications",
          "the new expense tool", "laptop refresh", "VPN replacement", "customer health scores", "the EMEA data centre move",
          "API rate limits", "observability stack", "quarter-end reporting", "the partner portal"]

ROLES_OPEN = ["Senior Software Engineer", "Account Executive", "Support Engineer", "Financial Analyst", "Cloud Engineer"]

FOCUS_LABELS = ["Focus time", "Deep work – no meetings", "Heads-down: design doc", "Focus: code review block"]
OOO_LABELS = ["Out of office", "Vacation", "Parental leave", "Conference travel", "Out sick", "Public holiday (local)"]

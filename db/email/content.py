"""Text of the seeded mail: external organisations, correspondents and per-category message templates.

Templates use str.format fields filled by seed.py: {first} (recipient's first name), {sender} (sender's
name), {company}, {project}, {amount}, {date} (a deadline after the message), {past} (a day before it),
{today} (the message's day), {n}, {week}, {city}, {topic}, {quarter}.
"""

COMPANY_DOMAIN = "arcturus.example"

# domain, organisation, status, allow_forwarding, relationship, notes
EXTERNAL_DOMAINS = [
    ("keystone-audit.com", "Keystone Audit LLP", "approved", True, "vendor", "External auditor; board-approved for forwarding of audit correspondence"),
    ("meridianlegal.com", "Meridian Legal Partners", "approved", True, "advisor", "Outside counsel"),
    ("brightline-partners.com", "Brightline Partners", "approved", True, "partner", "Strategic alliance partner"),
    ("harborview-bank.com", "Harborview Bank", "approved", False, "vendor", "Corporate banking; correspondence only, no forwarding"),
    ("pinnacle-travel.com", "Pinnacle Corporate Travel", "approved", False, "vendor", "Travel management company"),
    ("quantaforge.io", "QuantaForge Systems", "approved", False, "customer", "Enterprise customer"),
    ("northwind-supply.com", "Northwind Supply Co.", "approved", False, "vendor", "Office and IT hardware supplier"),
    ("bluepeak-consulting.com", "BluePeak Consulting", "revoked", False, "advisor", "Engagement ended 2025-06-30; forwarding approval revoked"),
    ("ardent-health.org", "Ardent Health Network", "approved", False, "customer", "Healthcare customer"),
    ("silverline-logistics.com", "Silverline Logistics", "approved", False, "customer", "Logistics customer"),
    ("corvid-ventures.com", "Corvid Ventures", "approved", True, "partner", "Board investor; forwarding of board material approved"),
    ("industrywire.news", "IndustryWire", "approved", False, "press", "Trade press and newsletters"),
    ("techbrief-daily.com", "TechBrief Daily", "unreviewed", False, "press", "Newsletter sender"),
    ("gmail.com", "Personal webmail", "unreviewed", False, "personal", "Consumer webmail: not an approved forwarding destination"),
    ("outlook.com", "Personal webmail", "unreviewed", False, "personal", "Consumer webmail: not an approved forwarding destination"),
    ("arcturus-example.com", "Look-alike of arcturus.example", "blocked", False, "unknown", "Registered by a third party; used in phishing"),
    ("arcturus-exec.com", "Look-alike of arcturus.example", "blocked", False, "unknown", "Look-alike domain seen in wire-fraud attempts"),
    ("securedocs-share.net", "Unknown file-share service", "blocked", False, "unknown", "Credential-phishing landing pages"),
]

# (email, name, domain, relationship, notes)
EXTERNAL_PEOPLE = [
    ("r.okafor@keystone-audit.com", "Ruth Okafor", "keystone-audit.com", "vendor", "Audit engagement partner"),
    ("d.lindqvist@keystone-audit.com", "Daniel Lindqvist", "keystone-audit.com", "vendor", "Audit senior manager"),
    ("audit-requests@keystone-audit.com", "Keystone Audit Requests", "keystone-audit.com", "vendor", "PBC request inbox"),
    ("hannah.cole@meridianlegal.com", "Hannah Cole", "meridianlegal.com", "advisor", "Outside counsel, commercial"),
    ("marcus.webb@meridianlegal.com", "Marcus Webb", "meridianlegal.com", "advisor", "Outside counsel, employment"),
    ("priya.raman@brightline-partners.com", "Priya Raman", "brightline-partners.com", "partner", "Alliance director"),
    ("tom.becker@brightline-partners.com", "Tom Becker", "brightline-partners.com", "partner", "Partner solutions lead"),
    ("treasury.desk@harborview-bank.com", "Harborview Treasury Desk", "harborview-bank.com", "vendor", "Treasury services"),
    ("l.moreau@harborview-bank.com", "Laurent Moreau", "harborview-bank.com", "vendor", "Relationship manager"),
    ("bookings@pinnacle-travel.com", "Pinnacle Travel Bookings", "pinnacle-travel.com", "vendor", "Itineraries and e-tickets"),
    ("sam.ortiz@quantaforge.io", "Sam Ortiz", "quantaforge.io", "customer", "VP Operations"),
    ("jia.chen@quantaforge.io", "Jia Chen", "quantaforge.io", "customer", "Procurement lead"),
    ("billing@northwind-supply.com", "Northwind Supply Billing", "northwind-supply.com", "vendor", "Invoices"),
    ("kevin.nash@northwind-supply.com", "Kevin Nash", "northwind-supply.com", "vendor", "Account manager"),
    ("elena.petrova@bluepeak-consulting.com", "Elena Petrova", "bluepeak-consulting.com", "advisor", "Former engagement lead"),
    ("grace.mensah@ardent-health.org", "Grace Mensah", "ardent-health.org", "customer", "CIO"),
    ("omar.haddad@silverline-logistics.com", "Omar Haddad", "silverline-logistics.com", "customer", "Head of IT"),
    ("natalie.brooks@corvid-ventures.com", "Natalie Brooks", "corvid-ventures.com", "partner", "Board member (investor director)"),
    ("ian.mcleod@corvid-ventures.com", "Ian McLeod", "corvid-ventures.com", "partner", "Investment associate"),
    ("newsletter@industrywire.news", "IndustryWire Briefing", "industrywire.news", "press", "Weekly newsletter"),
    ("editors@industrywire.news", "IndustryWire Editors", "industrywire.news", "press", "Press enquiries"),
    ("digest@techbrief-daily.com", "TechBrief Daily Digest", "techbrief-daily.com", "press", "Daily digest"),
    ("it-helpdesk@arcturus-example.com", "IT Helpdesk", "arcturus-example.com", "unknown", "Phishing sender (look-alike domain)"),
    ("brian.mason@arcturus-exec.com", "Brian Mason", "arcturus-exec.com", "unknown", "CEO impersonation sender"),
    ("docs@securedocs-share.net", "SecureDocs", "securedocs-share.net", "unknown", "Credential phishing"),
]

PROJECTS = ["Atlas", "Orion", "Meridian ERP", "Harbor", "Polaris", "Lighthouse"]
CITIES = ["London", "Singapore", "Toronto", "Berlin", "Tokyo", "Austin", "Dublin", "Sydney"]
TOPICS = ["FY26 budget", "Q4 forecast", "pricing committee", "office consolidation", "vendor consolidation",
          "customer advisory board", "hiring plan", "data-centre exit", "security awareness", "board offsite"]

# category -> (sender kind, label names to add, system labels, [ (subject, body) ... ], attachment names)
# sender kind: internal | external:<domain> | phish
TEMPLATES = {
    "project_update": ("internal", ["Projects/{project}"], ["CATEGORY_PERSONAL"], [
        ("{project} weekly status - week {week}",
         "Hi {first},\n\nQuick status on {project} for week {week}: the integration milestone is on track, two risks are open "
         "(vendor API rate limits and the test-environment refresh), and the steering review moves to {date}.\n\n"
         "Full RAID log is on the project site.\n\nThanks,\n{sender}"),
        ("{project}: decision needed on scope change",
         "{first},\n\nThe {project} team needs a decision on the reporting module by {date}. Option A keeps the launch date "
         "and defers exports; option B adds three weeks. Finance prefers A.\n\nCan you confirm which way we go?\n\n{sender}"),
        ("Re: {project} steering committee notes",
         "Thanks all. Action items from today: update the cutover plan, confirm UAT sign-off owners, and circulate the "
         "revised budget of {amount} before {date}.\n\n{sender}"),
    ], ["{project}_status_w{week}.pdf", "{project}_RAID_log.xlsx"]),
    "meeting": ("internal", [], ["CATEGORY_PERSONAL"], [
        ("Meeting request: {topic}",
         "Hi {first},\n\nCould we find 30 minutes before {date} to go through the {topic}? I have a short deck and two "
         "open questions for you.\n\nBest,\n{sender}"),
        ("Agenda for {topic} review",
         "{first},\n\nProposed agenda: 1) where we are against plan, 2) open decisions, 3) next steps and owners. "
         "Please add anything by {date}.\n\n{sender}"),
    ], ["{topic}_agenda.docx"]),
    "invoice": ("external:northwind-supply.com", ["Finance/Invoices"], ["CATEGORY_UPDATES"], [
        ("Invoice INV-{n} from {company}",
         "Dear customer,\n\nPlease find attached invoice INV-{n} for {amount}, payment terms net 30, due {date}.\n"
         "Remittance details are on the invoice.\n\nKind regards,\nAccounts Receivable\n{company}"),
        ("Payment reminder: INV-{n}",
         "Hello,\n\nOur records show invoice INV-{n} ({amount}) is still open. If payment has been made please send the "
         "remittance advice; otherwise we would appreciate settlement by {date}.\n\nAccounts Receivable, {company}"),
    ], ["INV-{n}.pdf"]),
    "customer": ("external:customer", ["Customers/Escalations"], ["IMPORTANT"], [
        ("Escalation: {company} - service disruption on {past}",
         "Hi {first},\n\nI want to flag that the outage on {past} affected our warehouse scanning for four hours. We need a "
         "written root-cause analysis and a credit discussion. Can your team come back to us this week?\n\nRegards,\n{sender}\n{company}"),
        ("{company} renewal - pricing questions",
         "{first},\n\nAhead of our renewal we are reviewing the proposal of {amount}. Two questions: can the support tier "
         "be split by region, and is the multi-year discount still available after {date}?\n\n{sender}, {company}"),
    ], ["{company}_renewal_proposal.pdf"]),
    "audit": ("external:keystone-audit.com", ["Finance/Audit"], ["IMPORTANT"], [
        ("FY25 audit - PBC list item {n}",
         "Dear {first},\n\nFor PBC item {n} we still need the signed revenue recognition memo and the Q3 bank "
         "reconciliations. Fieldwork closes on {date}.\n\nBest regards,\n{sender}\nKeystone Audit LLP"),
        ("Management letter draft for review",
         "{first},\n\nAttached is the draft management letter. Please send management responses by {date} so we can "
         "finalise for the audit committee.\n\n{sender}"),
    ], ["PBC_item_{n}.xlsx", "Management_Letter_DRAFT.pdf"]),
    "legal": ("external:meridianlegal.com", ["Legal"], ["IMPORTANT"], [
        ("NDA for review - {company}",
         "{first},\n\nAttached is the mutual NDA with {company}, marked up on the term and the residuals clause. "
         "Happy to discuss before signature on {date}.\n\nKind regards,\n{sender}\nMeridian Legal Partners"),
        ("Privileged & confidential: contract dispute update",
         "{first},\n\nPrivileged and confidential. The counterparty has responded to our letter; we recommend a "
         "without-prejudice call before {date}. Please preserve all related correspondence.\n\n{sender}"),
    ], ["{company}_Mutual_NDA_v3.docx"]),
    "board": ("external:corvid-ventures.com", ["Board"], ["IMPORTANT"], [
        ("Board pack {quarter} - comments",
         "{first},\n\nThanks for the {quarter} board pack. Comments on the churn slide and the hiring plan are in the "
         "attached. Could we get the revised version by {date}?\n\nNatalie"),
        ("Investor update call",
         "Hi {first}, can we hold a 45-minute investor update before {date}? Agenda: {topic}, cash runway, key hires.\n\n{sender}"),
    ], ["Board_pack_{quarter}_comments.pdf"]),
    "travel": ("external:pinnacle-travel.com", ["Travel"], ["CATEGORY_UPDATES"], [
        ("Your itinerary: {city}, departing {date}",
         "Dear traveller,\n\nYour booking is confirmed. Flight departs {date}; hotel confirmation and e-ticket are "
         "attached. Changes must be made 24 hours before departure.\n\nPinnacle Corporate Travel"),
        ("Booking change confirmed - {city}",
         "Your change request has been processed. New departure {date}. A revised e-ticket is attached.\n\nPinnacle Corporate Travel"),
    ], ["eticket_{city}_{n}.pdf"]),
    "newsletter": ("external:press", ["Newsletters"], ["CATEGORY_PROMOTIONS"], [
        ("IndustryWire Briefing: {topic} and more",
         "This week: what {topic} means for mid-market software firms, three acquisitions to watch, and a survey of "
         "CIO spending intentions for 2026.\n\nYou are receiving this because you subscribed. Unsubscribe any time."),
        ("TechBrief Daily - {today}",
         "Top stories: cloud price increases, a new EU data rule, and why {topic} is back on the agenda.\n\n"
         "Manage your subscription preferences."),
    ], []),
    "hr_notice": ("internal", [], ["CATEGORY_UPDATES"], [
        ("Open enrollment closes {date}",
         "Hi {first},\n\nA reminder that benefits open enrollment closes on {date}. Review your elections in the HR "
         "portal; no action means your current elections roll over.\n\nPeople Team"),
        ("Performance calibration timeline",
         "{first},\n\nCalibration sessions run until {date}. Please submit ratings for your direct reports in the HR "
         "portal beforehand.\n\nPeople Team"),
    ], []),
    "security_notice": ("internal", [], ["CATEGORY_UPDATES"], [
        ("Security notice: phishing campaign targeting finance",
         "All,\n\nWe are seeing emails from look-alike domains asking for urgent wire approvals. Never approve payments "
         "by email; report suspicious mail to security@arcturus.example.\n\nSecurity Team"),
        ("Action required: complete security awareness training by {date}",
         "Hi {first},\n\nYour annual security awareness module is due by {date}. It takes about 20 minutes.\n\nSecurity Team"),
    ], []),
    "phish": ("phish", [], [], [
        ("Urgent: wire transfer approval needed today",
         "{first},\n\nI need you to process a confidential wire of {amount} to a new supplier today. I am in meetings, "
         "reply to this email only.\n\nBrian"),
        ("Your mailbox password expires today",
         "Dear user,\n\nYour mailbox password expires in 2 hours. Keep your password by verifying at the secure link "
         "below.\n\nIT Helpdesk"),
        ("Shared document: {quarter} salary review.xlsx",
         "A document has been shared with you. Sign in to view {quarter} salary review.xlsx.\n\nSecureDocs"),
    ], []),
}

# how many threads of each category an executive-class mailbox gets (others get a few)
EXEC_MIX = {"project_update": 14, "meeting": 10, "invoice": 6, "customer": 6, "audit": 4, "legal": 4, "board": 4,
            "travel": 5, "newsletter": 10, "hr_notice": 3, "security_notice": 2, "phish": 3}
HEAD_MIX = {"project_update": 6, "meeting": 5, "invoice": 2, "customer": 3, "audit": 1, "legal": 1, "travel": 2,
            "newsletter": 5, "hr_notice": 2, "security_notice": 1, "phish": 1}
STAFF_MIX = ["project_update", "meeting", "hr_notice", "newsletter", "security_notice"]

LABEL_COLORS = [("#000000", "#fad165"), ("#ffffff", "#4a86e8"), ("#ffffff", "#16a766"), ("#000000", "#f691b3"),
                ("#ffffff", "#cc3a21"), ("#000000", "#b9e4d0"), ("#ffffff", "#8e63ce"), ("#000000", "#ffad47")]

LANGUAGES = {"United States": "en", "Canada": "en", "United Kingdom": "en-GB", "Germany": "de", "Ireland": "en-GB",
             "India": "en", "Singapore": "en", "Australia": "en-GB", "Japan": "ja"}

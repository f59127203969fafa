"""Static seed material of the Drive domain: mime types, shared drives, their folder trees and the
file-name templates each department's content is drawn from (placeholders filled by seed.py)."""

FOLDER = "application/vnd.google-apps.folder"
DOC = "application/vnd.google-apps.document"
SHEET = "application/vnd.google-apps.spreadsheet"
SLIDES = "application/vnd.google-apps.presentation"
FORM = "application/vnd.google-apps.form"
SHORTCUT = "application/vnd.google-apps.shortcut"
PDF = "application/pdf"
MP4 = "video/mp4"
MOV = "video/quicktime"
PNG = "image/png"
JPG = "image/jpeg"
ZIP = "application/zip"
CSV = "text/csv"
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"

KIND = {"doc": DOC, "sheet": SHEET, "slides": SLIDES, "form": FORM, "pdf": PDF, "mp4": MP4, "mov": MOV,
        "png": PNG, "jpg": JPG, "zip": ZIP, "csv": CSV, "docx": DOCX, "xlsx": XLSX}
EXT = {"pdf": ".pdf", "mp4": ".mp4", "mov": ".mov", "png": ".png", "jpg": ".jpg", "zip": ".zip", "csv": ".csv",
       "docx": ".docx", "xlsx": ".xlsx"}
# bytes (min, max) per kind; native documents report their export-equivalent size
SIZE = {"doc": (18_000, 420_000), "sheet": (9_000, 2_400_000), "slides": (250_000, 14_000_000),
        "form": (4_000, 30_000), "pdf": (60_000, 9_000_000), "mp4": (40_000_000, 1_900_000_000),
        "mov": (80_000_000, 2_600_000_000), "png": (90_000, 6_000_000), "jpg": (70_000, 4_500_000),
        "zip": (2_000_000, 650_000_000), "csv": (3_000, 3_500_000), "docx": (25_000, 900_000),
        "xlsx": (15_000, 3_000_000)}

EXPORT_FORMATS = [
    (DOC, "application/pdf", ".pdf"), (DOC, DOCX, ".docx"), (DOC, "text/plain", ".txt"),
    (DOC, "application/rtf", ".rtf"), (DOC, "application/vnd.oasis.opendocument.text", ".odt"),
    (DOC, "text/html", ".html"), (DOC, "application/epub+zip", ".epub"),
    (SHEET, XLSX, ".xlsx"), (SHEET, "application/pdf", ".pdf"), (SHEET, CSV, ".csv"),
    (SHEET, "text/tab-separated-values", ".tsv"), (SHEET, "application/vnd.oasis.opendocument.spreadsheet", ".ods"),
    (SLIDES, "application/vnd.openxmlformats-officedocument.presentationml.presentation", ".pptx"),
    (SLIDES, "application/pdf", ".pdf"), (SLIDES, "text/plain", ".txt"), (SLIDES, PNG, ".png"),
    (FORM, "application/zip", ".zip"),
]

THEMES = [("THM01", "Blueprint", "#1A73E8"), ("THM02", "Ledger", "#0B8043"), ("THM03", "Gavel", "#5F6368"),
          ("THM04", "Spotlight", "#E37400"), ("THM05", "Circuit", "#8430CE"), ("THM06", "Harbor", "#12A4AF"),
          ("THM07", "Atlas", "#B80672")]

# drive_id, name, department, theme, organizer persons (dept head first), restrictions, hidden
DRIVES = [
    ("DRV001", "FIN - Controllership", "DEP006", "THM02", dict(domain_users_only=True, copy_requires_writer_permission=True)),
    ("DRV002", "LEGAL - Contracts & Matters", "DEP007", "THM03", dict()),
    ("DRV003", "HR - People Operations", "DEP005", "THM06", dict(domain_users_only=True, drive_members_only=True,
                                                                 copy_requires_writer_permission=True, download_restricted=True)),
    ("DRV004", "SALES - Deals & Pricing", "DEP008", "THM04", dict()),
    ("DRV005", "MKT - Brand & Campaigns", "DEP011", "THM07", dict()),
    ("DRV006", "ENG - Platform Engineering", "DEP010", "THM05", dict(domain_users_only=True)),
    ("DRV007", "IT - Infrastructure Runbooks", "DEP002", "THM01", dict(domain_users_only=True)),
    ("DRV008", "SEC - Incident Response", "DEP013", "THM03", dict(domain_users_only=True, drive_members_only=True,
                                                                 copy_requires_writer_permission=True, download_restricted=True)),
    ("DRV009", "PROC - Vendor Management", "DEP014", "THM02", dict()),
    ("DRV010", "PRJ - Project Falcon", "DEP010", "THM05", dict()),
    ("DRV011", "EXEC - Board Materials", "DEP001", "THM03", dict(domain_users_only=True, copy_requires_writer_permission=True,
                                                                download_restricted=True)),
    ("DRV012", "SUPPORT - Knowledge Base", "DEP009", "THM06", dict()),
    ("DRV013", "MKT - Campaign Archive", "DEP011", "THM07", dict()),
    ("DRV014", "FAC - Workplace Services", "DEP012", "THM01", dict()),
    ("DRV015", "PRJ - Project Falcon (2023 pilot)", "DEP010", "THM05", dict()),
]

# per drive: folder paths (parents before children) and content templates (folder, name pattern, kind, copies)
TREES = {
    "DRV001": (["Budgets", "Budgets/FY2025", "Budgets/FY2026", "Month-End Close", "Audit", "Audit/FY2024 External Audit",
                "Treasury", "Tax"],
               [("Budgets/FY2025", "FY2025 {dept} Budget", "sheet", 6), ("Budgets/FY2026", "FY2026 {dept} Budget Draft", "sheet", 6),
                ("Month-End Close", "{month} 2025 Close Checklist", "sheet", 8), ("Month-End Close", "{month} 2025 Journal Entries Support", "xlsx", 6),
                ("Audit/FY2024 External Audit", "PBC {n:02d} - {audit_item}", "pdf", 8), ("Treasury", "Cash Forecast Week {week}", "sheet", 6),
                ("Tax", "{year} Sales Tax Nexus Review", "doc", 3), ("Tax", "Transfer Pricing Memo {year}", "doc", 2)]),
    "DRV002": (["Contracts", "Contracts/Customer MSAs", "Contracts/Vendor Agreements", "Matters", "Matters/Employment",
                "Matters/Commercial Disputes", "Templates", "Board Minutes"],
               [("Contracts/Customer MSAs", "{customer} - MSA - {date}", "pdf", 8), ("Contracts/Vendor Agreements", "{vendor} - Services Agreement - {date}", "pdf", 8),
                ("Matters/Employment", "Matter {matter} - Chronology", "doc", 3), ("Matters/Commercial Disputes", "Matter {matter} - Settlement Analysis", "doc", 3),
                ("Templates", "Template - {template}", "docx", 5), ("Board Minutes", "Board Minutes {month} {year}", "doc", 4)]),
    "DRV003": (["Policies", "Onboarding", "Compensation", "Investigations", "Benefits", "Workforce Planning"],
               [("Policies", "{hr_policy} Policy {year}", "doc", 6), ("Onboarding", "New Hire Checklist - {dept}", "doc", 6),
                ("Compensation", "{year} Merit Cycle - {dept}", "sheet", 5), ("Investigations", "ER Case {case} Interview Notes", "doc", 4),
                ("Benefits", "{year} Open Enrollment Guide - {country}", "pdf", 4), ("Workforce Planning", "FY2026 Headcount Plan - {dept}", "sheet", 5)]),
    "DRV004": (["Pricing", "Deal Desk", "Deal Desk/Q3 2025", "Deal Desk/Q4 2025", "Territory Plans", "Enablement"],
               [("Pricing", "Price Book {year} - {region}", "sheet", 3), ("Deal Desk/Q3 2025", "{customer} - Order Form Q3", "pdf", 6),
                ("Deal Desk/Q4 2025", "{customer} - Discount Approval", "doc", 6), ("Territory Plans", "{region} Territory Plan FY2026", "slides", 3),
                ("Enablement", "Sales Kickoff {year} - {topic}", "slides", 4), ("Enablement", "Demo Recording - {topic}", "mp4", 4)]),
    "DRV005": (["Brand", "Campaigns", "Campaigns/2025 Spring Launch", "Campaigns/2025 Fall Summit", "Video", "Social"],
               [("Brand", "Brand Guidelines v{v}", "pdf", 2), ("Brand", "Logo Pack {variant}", "zip", 3),
                ("Campaigns/2025 Spring Launch", "Spring Launch - {asset}", "slides", 4), ("Campaigns/2025 Fall Summit", "Fall Summit - {asset}", "doc", 4),
                ("Social", "Social Calendar {month} 2025", "sheet", 5), ("Social", "Campaign Banner {variant}", "png", 5)]),
    "DRV006": (["Architecture", "Design Docs", "Postmortems", "Release Notes", "Onboarding"],
               [("Architecture", "{service} Architecture Overview", "doc", 6), ("Design Docs", "RFC-{rfc} {service} {change}", "doc", 8),
                ("Postmortems", "Postmortem {date} - {service} {incident}", "doc", 6), ("Release Notes", "Release {release} Notes", "doc", 6),
                ("Onboarding", "Engineering Onboarding - {topic}", "slides", 3)]),
    "DRV007": (["Runbooks", "Network", "Change Records", "DR Plans"],
               [("Runbooks", "Runbook - {system} {operation}", "doc", 8), ("Network", "{site} Network Diagram", "pdf", 5),
                ("Change Records", "CAB Minutes {date}", "doc", 6), ("DR Plans", "DR Plan - {system}", "doc", 4)]),
    "DRV008": (["Incidents", "Playbooks", "Threat Intel"],
               [("Incidents", "IR-{year}-{n:03d} Timeline", "doc", 6), ("Playbooks", "Playbook - {threat}", "doc", 5),
                ("Threat Intel", "Threat Brief {month} 2025", "pdf", 5)]),
    "DRV009": (["Vendor Files", "RFPs", "Scorecards"],
               [("Vendor Files", "{vendor} - Security Questionnaire", "xlsx", 6), ("RFPs", "RFP {year} - {category}", "doc", 4),
                ("Scorecards", "{vendor} Scorecard {year}", "sheet", 6)]),
    "DRV010": (["Planning", "Partner Workspace", "Specs", "Status Reports"],
               [("Planning", "Falcon Milestone Plan {v}", "sheet", 2), ("Partner Workspace", "Falcon - {falcon_doc}", "doc", 5),
                ("Specs", "Falcon {service} Spec", "doc", 4), ("Status Reports", "Falcon Status Report {date}", "doc", 6)]),
    "DRV011": (["2025 Board Meetings", "Committees", "Committees/Audit Committee", "Committees/Compensation Committee"],
               [("2025 Board Meetings", "Board Deck {month} 2025", "slides", 4), ("Committees/Audit Committee", "Audit Committee Pre-read {month} 2025", "pdf", 3),
                ("Committees/Compensation Committee", "Comp Committee Minutes {month} 2025", "doc", 3)]),
    "DRV012": (["Troubleshooting", "Macros", "Training Videos"],
               [("Troubleshooting", "KB - {product} {problem}", "doc", 12), ("Macros", "Support Macros - {product}", "sheet", 4),
                ("Training Videos", "Support Training - {product}", "mp4", 4)]),
    "DRV013": (["2024 Campaigns", "Raw Footage"],
               [("2024 Campaigns", "2024 {season} Campaign - {asset}", "doc", 4),
                ("Raw Footage", "{video_topic} Raw Footage {n:02d}", "mov", 6)]),
    "DRV014": (["Office Moves", "Floor Plans", "Vendors"],
               [("Office Moves", "{site} Move Plan", "doc", 4), ("Floor Plans", "{site} Floor {n} Plan", "pdf", 6),
                ("Vendors", "{facility_vendor} Service Schedule", "sheet", 4)]),
    "DRV015": (["Pilot"], [("Pilot", "Falcon Pilot - {falcon_doc}", "doc", 4)]),
}

FILL = {
    "dept": ["Finance", "Sales", "Marketing", "Engineering", "Customer Support", "IT", "HR", "Legal", "Facilities", "Procurement"],
    "month": ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November"],
    "audit_item": ["Revenue Cut-off Testing", "Fixed Asset Roll-forward", "Bank Confirmations", "Payroll Walkthrough",
                   "Lease Schedule", "Accrued Liabilities", "Inventory Count Observation", "Journal Entry Testing", "Legal Letters"],
    "customer": ["Northwind Traders", "Contoso Pharma", "Fabrikam Logistics", "Tailspin Airlines", "Wide World Importers",
                 "Litware Health", "Adventure Works", "Proseware", "Coho Vineyards", "Alpine Ski House", "Blue Yonder Freight"],
    "vendor": ["Globex Cloud", "Initech Payroll", "Umbrella Security", "Stark Facilities", "Wayne Logistics", "Acme Office Supply",
               "Hooli Analytics", "Vandelay Imports", "Soylent Catering", "Cyberdyne Robotics"],
    "matter": ["M-2024-017", "M-2025-003", "M-2025-011", "M-2025-019", "M-2025-024"],
    "template": ["Mutual NDA", "Data Processing Addendum", "Statement of Work", "Reseller Agreement", "Consulting Agreement"],
    "hr_policy": ["Remote Work", "Travel and Expense", "Parental Leave", "Code of Conduct", "Anti-Harassment", "Performance Review"],
    "case": ["ER-2025-041", "ER-2025-052", "ER-2025-058", "ER-2025-063"],
    "country": ["United States", "United Kingdom", "India", "Germany", "Canada"],
    "region": ["AMER", "EMEA", "APAC"],
    "topic": ["Platform Overview", "Objection Handling", "Competitive Landscape", "Pricing Changes", "Security Review"],
    "asset": ["Launch Deck", "Press Release", "Landing Page Copy", "Email Sequence", "Partner Brief", "Sponsor Prospectus"],
    "variant": ["Primary", "Monochrome", "Reversed", "Square", "Wide"],
    "video_topic": ["Customer Story Contoso", "Product Tour", "CEO Keynote", "Summit Highlights", "Onboarding Explainer",
                    "Analyst Day", "Holiday Greeting"],
    "service": ["Billing", "Identity", "Search", "Notifications", "Ingestion", "Reporting", "Payments"],
    "change": ["Rate Limiting", "Schema Migration", "Multi-Region Failover", "Token Rotation", "Caching Layer"],
    "incident": ["Latency Spike", "Partial Outage", "Data Delay", "Login Failures"],
    "release": ["2025.09", "2025.10", "2025.11", "2025.12", "2025.08", "2025.07"],
    "system": ["Active Directory", "VPN Gateway", "Backup Appliance", "Email Relay", "Core Switches", "Print Servers", "ERP Database"],
    "operation": ["Patching", "Failover", "Certificate Renewal", "Restore Test", "Capacity Review"],
    "site": ["New York HQ", "Austin Campus", "London Office", "Bangalore Campus", "Singapore Office", "Berlin Office"],
    "threat": ["Ransomware", "Business Email Compromise", "Credential Stuffing", "Insider Data Theft", "Lost Device"],
    "category": ["Endpoint Protection", "Managed Print", "Travel Management", "Cloud Backup"],
    "falcon_doc": ["Integration Plan", "Data Mapping", "Joint Test Plan", "Risk Register", "Cutover Runbook", "Partner Onboarding"],
    "product": ["Arcturus Billing", "Arcturus Insights", "Arcturus Connect", "Mobile App"],
    "problem": ["Sync Errors", "SSO Login Loop", "Export Timeouts", "Invoice Mismatch", "Webhook Retries", "Slow Dashboards"],
    "season": ["Spring", "Summer", "Fall", "Holiday"],
    "facility_vendor": ["CleanCo", "SecureGuard", "Metro HVAC", "GreenLeaf Plants"],
    "year": ["2023", "2024", "2025"], "year0": ["2023"], "v": ["3", "4"],
}

# My Drive content per department (pattern, kind)
PERSONAL = {
    "DEP006": [("Expense Report {month} 2025", "sheet"), ("Variance Notes {month}", "doc"), ("Vendor Invoice {n:04d}", "pdf")],
    "DEP007": [("Contract Redline - {customer}", "docx"), ("Research Notes - {matter}", "doc")],
    "DEP005": [("Interview Scorecard - {dept} Candidate {n}", "doc"), ("Onboarding Tracker {month}", "sheet")],
    "DEP008": [("{customer} Account Plan", "doc"), ("{customer} Call Notes", "doc"), ("Pipeline Snapshot {month}", "sheet")],
    "DEP011": [("{video_topic} Storyboard", "slides"), ("Campaign Ideas {month}", "doc"), ("Event Photo {n:03d}", "jpg")],
    "DEP010": [("Design Sketch - {service}", "doc"), ("Load Test Results {service}", "csv"), ("Screen Recording {n:02d}", "mp4")],
    "DEP002": [("Inventory Export {month}", "csv"), ("Troubleshooting Notes - {system}", "doc")],
    "DEP003": [("Shift Handover {month}", "doc"), ("Known Issues {month}", "sheet")],
    "DEP004": [("Capacity Report {month}", "sheet"), ("Rack Photo {n:02d}", "png")],
    "DEP009": [("Escalation Notes - {customer}", "doc"), ("Customer Call Recording {n:02d}", "mp4")],
    "DEP012": [("{site} Walkthrough Notes", "doc")],
    "DEP013": [("Phishing Report {month}", "doc"), ("Access Review {month}", "sheet")],
    "DEP014": [("{vendor} Quote", "pdf"), ("{vendor} Negotiation Notes", "doc")],
    "DEP001": [("Board Prep Notes {month}", "doc")],
}

COMMENTS = [
    ("Can we double-check these numbers against the latest close?", "Updated with the October actuals."),
    ("This section needs legal review before it goes out.", "Sent to Legal, waiting on feedback."),
    ("Please add the owner and due date for each action item.", "Added owners; due dates to follow."),
    ("Is this the final version or is there a newer copy somewhere?", "This is the current one, the others are old copies."),
    ("The chart on slide 4 is using last quarter's data.", "Fixed, thanks for catching it."),
    ("Who approved this exception?", "Approved by the department head in the October review."),
    ("Typo in the heading.", None),
    ("Can we link the runbook here instead of pasting the steps?", "Linked."),
    ("This assumption looks too optimistic for EMEA.", "Reduced it to 4% growth."),
    ("Should this be marked confidential?", None),
]

CHANGE_SUMMARIES = ["Edited content", "Updated figures", "Reformatted tables", "Added section", "Minor edits",
                    "Incorporated review comments", "Uploaded new version"]

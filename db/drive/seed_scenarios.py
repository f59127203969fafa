"""Named situations the Drive tasks are built on (each one also reads as ordinary company data):
partner access on Project Falcon, the board compensation folder, a departed account executive,
the Legal drive, Marketing video storage, the EMEA price book and its copies, budget access
requests, a purged close binder, the 2023 campaign archive, comments on a policy draft, link
sharing in Sales, a user at quota, and old watch channels."""

from __future__ import annotations

import datetime as dt

T = dt.datetime
DOC = "application/vnd.google-apps.document"
SHEET = "application/vnd.google-apps.spreadsheet"
SLIDES = "application/vnd.google-apps.presentation"
FOLDER = "application/vnd.google-apps.folder"
MP4, MOV, PDF = "video/mp4", "video/quicktime", "application/pdf"
MB = 1024 * 1024


def _member(b, gid, who, role="MEMBER", when=T(2024, 2, 1, 9), by="P0016"):
    ext = who if who.startswith("EXT") else None
    b.add("drive.group_member", {"membership_id": b.next("GMB", 5), "group_id": gid, "person_id": None if ext else who,
                                 "external_id": ext, "role": role, "added_time": when, "added_by": by})


def groups(b, rng) -> None:
    t = T(2023, 4, 3, 9)
    extra = [
        ("GRP015", "comp-committee@arcturus.example", "Compensation Committee", "Board compensation committee working group",
         "DEP005", "P0184", False, False, [("P0184", "OWNER"), ("P0002", "MEMBER"), ("P0186", "MEMBER"), ("P0219", "MEMBER")]),
        ("GRP016", "falcon-core@arcturus.example", "Project Falcon Core Team", "Engineers and leads on Project Falcon",
         "DEP010", "P0436", False, False, [("P0436", "OWNER"), ("P0440", "MEMBER"), ("P0441", "MANAGER"), ("P0442", "MEMBER"),
                                           ("P0443", "MEMBER")]),
        ("GRP017", "drive-admins@arcturus.example", "Drive Administrators", "Information architecture and Drive administration",
         "DEP002", "P0009", False, False, [("P0009", "OWNER"), ("P0015", "MEMBER"), ("P0016", "MANAGER")]),
        ("GRP018", "security-ir@arcturus.example", "Security Incident Response", "On-call incident responders",
         "DEP013", "P0589", False, False, [("P0589", "OWNER"), ("P0590", "MEMBER"), ("P0591", "MEMBER"), ("P0592", "MEMBER")]),
        ("GRP019", "falcon-pilot-2023@arcturus.example", "Project Falcon Pilot (2023)", "Archived: 2023 pilot team",
         "DEP010", "P0436", True, False, [("P0436", "OWNER"), ("P0440", "MEMBER")]),
        ("GRP020", "falcon-partners@arcturus.example", "Project Falcon Partners", "Integrator staff working on Falcon",
         "DEP010", "P0441", False, True, [("P0441", "OWNER"), ("EXT009", "MEMBER"), ("EXT010", "MEMBER")]),
        ("GRP021", "deal-desk@arcturus.example", "Deal Desk Reviewers", "Reviews discounts and non-standard terms",
         "DEP008", "P0279", False, False, [("P0279", "OWNER"), ("P0281", "MEMBER"), ("P0283", "MEMBER"), ("P0290", "MEMBER")]),
        ("GRP022", "brand-council@arcturus.example", "Brand Council", "Approves brand and campaign assets",
         "DEP011", "P0539", False, False, [("P0539", "OWNER"), ("P0545", "MEMBER"), ("P0547", "MEMBER")]),
    ]
    for gid, email, name, desc, dept, owner, archived, allow_ext, members in extra:
        b.groups[gid] = g = {"group_id": gid, "email": email, "name": name, "description": desc, "department_id": dept,
                             "owner_id": owner, "archived": archived, "allow_external_members": allow_ext, "created_time": t}
        b.add("drive.user_group", g)
        for who, role in members:
            _member(b, gid, who, role)
    _member(b, "GRP008", "P0290")   # the departed account executive is still on sales@


def _in(b, drive, name):
    return next(f["file_id"] for f in b.files.values() if f["drive_id"] == drive and f["name"] == name
                and f["mime_type"] == FOLDER)


def apply(b, rng) -> None:
    _falcon(b)
    _board(b)
    _departed(b)
    _legal(b)
    _marketing(b)
    _price_book(b)
    _budget_requests(b)
    _purged(b)
    _archive(b)
    _policy_comments(b)
    _sales_links(b)
    _quota(b)
    _channels(b)
    _procurement(b)


def _falcon(b):
    t = T(2025, 9, 8, 10)
    b.member("DRV010", "GRP016", "writer", t, "P0436")
    b.member("DRV010", "EXT009", "writer", t, "P0441")        # NovaSys, approved partner
    b.member("DRV010", "EXT001", "commenter", t, "P0436")     # Lumen Legal, approved partner
    b.member("DRV010", "EXT029", "writer", T(2025, 10, 2, 15), "P0441")   # lumen-legal.example: look-alike, not a partner
    b.member("DRV010", "EXT017", "reader", T(2025, 6, 12, 11), "P0441")   # BrightPath: approval lapsed 2025-11-30
    b.member("DRV015", "EXT029", "reader", T(2023, 5, 2, 9), "P0436")     # the pilot drive is out of scope
    ws = _in(b, "DRV010", "Partner Workspace")
    risk = b.file("Falcon - Vendor Risk Register", SHEET, ws, created=T(2025, 9, 15, 9), modified=T(2025, 11, 27, 16),
                  modifier="P0441", size=412_000, revisions=3)
    cut = b.file("Falcon - Cutover Weekend Plan", DOC, ws, created=T(2025, 10, 6, 9), modified=T(2025, 12, 1, 11),
                 modifier="P0442", size=96_000, revisions=4)
    api = b.file("Falcon - Partner API Credentials Handling", DOC, ws, created=T(2025, 10, 20, 9), modified=T(2025, 11, 3, 9),
                 modifier="P0443", size=41_000, revisions=2)
    b.perm(risk["file_id"], "EXT031", "reader", T(2025, 11, 2, 8), granted_by="P0441")       # personal gmail address
    b.perm(risk["file_id"], "EXT010", "writer", T(2025, 9, 16, 8), granted_by="P0441")       # NovaSys
    b.perm(cut["file_id"], "EXT018", "commenter", T(2025, 10, 7, 8), granted_by="P0442")     # BrightPath (lapsed)
    b.perm(cut["file_id"], "P0014", "reader", T(2025, 10, 7, 8), granted_by="P0442")         # internal DBA
    b.perm(api["file_id"], "EXT030", "commenter", T(2025, 10, 21, 8), granted_by="P0443")   # lumen-legal.example look-alike
    for f in (risk, cut, api):
        b.label(f["file_id"], "LBL01", "P0436", f["created_time"], LBF01="LBC003")


def _board(b):
    folder = _in(b, "DRV011", "Compensation Committee")
    b.perm(folder, "GRP015", "reader", T(2025, 2, 3, 9), granted_by="P0001")
    f = b.file("Q4 2025 Executive Compensation Proposal", DOC, folder, created=T(2025, 11, 10, 9),
               modified=T(2025, 12, 2, 17), modifier="P0184", size=88_000, revisions=5)
    b.perm(f["file_id"], "P0221", "commenter", T(2025, 11, 12, 10), granted_by="P0184")
    b.perm(f["file_id"], "P0184", "writer", T(2025, 11, 10, 9), granted_by="P0001")
    b.perm(f["file_id"], "EXT005", "reader", T(2025, 11, 14, 10), expires=T(2025, 12, 20, 0), granted_by="P0184")
    b.label(f["file_id"], "LBL01", "P0184", T(2025, 11, 10, 9), LBF01="LBC004")
    old = b.file("Q4 2024 Executive Compensation Proposal", DOC, folder, created=T(2024, 11, 8, 9),
                 modified=T(2024, 12, 4, 12), modifier="P0184", size=79_000, revisions=3)
    b.label(old["file_id"], "LBL01", "P0184", T(2024, 11, 8, 9), LBF01="LBC004")


def _departed(b):
    """Robert York (P0290) left Sales; his manager Nancy Hale (P0284) left before him."""
    root = "ROOTP0290"
    made = []
    for name, mime, c, m, size in [
            ("Tailspin Airlines Renewal Strategy", DOC, T(2025, 4, 2, 9), T(2025, 10, 28, 15), 64_000),
            ("Q4 2025 Forecast - Robert York", SHEET, T(2025, 9, 30, 9), T(2025, 11, 14, 18), 220_000),
            ("Litware Health Pricing Proposal", DOC, T(2025, 8, 11, 9), T(2025, 11, 6, 10), 71_000),
            ("Litware Health Pricing Proposal - signed.pdf", PDF, T(2025, 11, 7, 9), T(2025, 11, 7, 9), 1_850_000),
            ("Territory Notes - Northeast", DOC, T(2024, 12, 2, 9), T(2025, 7, 19, 12), 33_000)]:
        made.append(b.file(name, mime, root, created=c, modified=m, size=size, revisions=2 if mime != PDF else 1))
    b.perm(made[0]["file_id"], "P0281", "writer", T(2025, 4, 3, 9), granted_by="P0290")
    b.perm(made[2]["file_id"], "GRP021", "commenter", T(2025, 8, 12, 9), granted_by="P0290")
    b.member("DRV004", "P0290", "fileOrganizer", T(2024, 3, 4, 9), "P0279")
    other = next(f for f in b.files.values() if f["drive_id"] is None and f["owner_id"] == "P0283" and not f["is_root"]) \
        if any(f["owner_id"] == "P0283" and not f["is_root"] for f in b.files.values()) else \
        b.file("Proseware Account Plan", DOC, "ROOTP0283", created=T(2025, 3, 3, 9), size=52_000)
    b.perm(other["file_id"], "P0290", "writer", T(2025, 5, 6, 9), granted_by="P0283")
    # Nancy Hale's own leftovers were already transferred to the Sales director in October
    b.audit(T(2025, 10, 3, 14), "P0016", "ownership.transfer", "account", "P0284", "3 files to P0279 (departure)")


def _legal(b):
    b.member("DRV002", "EXT002", "reader", T(2025, 3, 10, 9), "P0259")
    disputes = _in(b, "DRV002", "Commercial Disputes")
    m = b.file("Matter M-2025-019 - Trademark Opposition Strategy", DOC, disputes, created=T(2025, 8, 4, 9),
               modified=T(2025, 11, 21, 16), modifier="P0260", size=58_000, revisions=3)
    b.label(m["file_id"], "LBL01", "P0259", T(2025, 8, 4, 9), LBF01="LBC004")
    b.label(m["file_id"], "LBL03", "P0259", T(2025, 8, 4, 9), LBF04="M-2025-019", LBF05="P0259")
    b.perm(m["file_id"], "EXT003", "commenter", T(2025, 8, 5, 9), granted_by="P0259")
    tmpl = _in(b, "DRV002", "Templates")
    nda = b.file("Template - Mutual NDA (external use).docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                 tmpl, created=T(2024, 5, 6, 9), modified=T(2025, 6, 2, 9), modifier="P0261", size=44_000)
    b.perm(nda["file_id"], "anyone", "reader", T(2025, 6, 2, 9), granted_by="P0261", discoverable=False)
    b.label(nda["file_id"], "LBL01", "P0259", T(2024, 5, 6, 9), LBF01="LBC001")


def _marketing(b):
    video = _in(b, "DRV005", "Video")
    for name, mime, size, c, m, extra in [
            ("Summit Highlights 2024 - Final Cut.mp4", MP4, 1_460 * MB, T(2024, 10, 28, 9), T(2024, 11, 2, 17), None),
            ("Customer Story Contoso - Final Cut.mp4", MP4, 820 * MB, T(2025, 1, 20, 9), T(2025, 2, 10, 12), "hold"),
            ("Product Tour 2025 - Final Cut.mp4", MP4, 950 * MB, T(2025, 6, 2, 9), T(2025, 9, 15, 11), None),
            ("Analyst Day 2024 - B-Roll.mov", MOV, 2_150 * MB, T(2024, 8, 12, 9), T(2024, 8, 20, 16), None),
            ("Holiday Greeting 2023 - Final Cut.mp4", MP4, 310 * MB, T(2023, 12, 1, 9), T(2023, 12, 10, 9), None),
            ("CEO Keynote 2024 - B-Roll.mov", MOV, 1_230 * MB, T(2024, 5, 6, 9), T(2024, 5, 9, 9), "trashed"),
            ("Onboarding Explainer v1 - Final Cut.mp4", MP4, 640 * MB, T(2024, 2, 5, 9), T(2025, 5, 30, 18), None),
            ("Summit Highlights 2025 - Public Cut.mp4", MP4, 700 * MB, T(2025, 10, 30, 9), T(2025, 11, 3, 9), "public"),
            ("Summit 2024 Stage Photos.zip", "application/zip", 1_900 * MB, T(2024, 11, 4, 9), T(2024, 11, 4, 9), None)]:
        f = b.file(name, mime, video, created=c, modified=m, modifier="P0547", size=size)
        if extra == "hold":
            b.label(f["file_id"], "LBL03", "P0259", T(2025, 7, 1, 9), LBF04="M-2025-011", LBF05="P0260")
        if extra == "trashed":
            f.update(trashed=True, explicitly_trashed=True, trashed_time=T(2025, 11, 18, 9), trashing_user_id="P0547")
        if extra == "public":
            b.perm(f["file_id"], "anyone", "reader", T(2025, 11, 3, 9), granted_by="P0547", discoverable=False)
            b.label(f["file_id"], "LBL01", "P0539", T(2025, 11, 3, 9), LBF01="LBC001")


def _price_book(b):
    pricing = _in(b, "DRV004", "Pricing")
    orig = b.file("Price Book 2026 - EMEA", SHEET, pricing, created=T(2025, 10, 1, 9), modified=T(2025, 11, 26, 15),
                  modifier="P0282", size=640_000, revisions=0)
    b.revisions(orig, 5, published=4, summaries=["Created", "Added services SKUs", "Regional uplift 6%",
                                                         "Approved by Deal Desk 2025-11-14", "Draft: 2026 H2 scenarios"])
    b.label(orig["file_id"], "LBL04", "P0279", T(2025, 11, 14, 12), LBF06="LBC013", LBF07="P0279")
    b.label(orig["file_id"], "LBL01", "P0279", T(2025, 10, 1, 9), LBF01="LBC003")
    old = b.file("Price Book 2025 - EMEA", SHEET, pricing, created=T(2024, 10, 2, 9), modified=T(2025, 1, 10, 9),
                 modifier="P0282", size=590_000, revisions=3)
    b.label(old["file_id"], "LBL04", "P0279", T(2025, 11, 14, 12), LBF06="LBC014", LBF07="P0279")
    apac = b.file("Price Book 2026 - APAC", SHEET, pricing, created=T(2025, 10, 3, 9), modified=T(2025, 11, 20, 9),
                  modifier="P0282", size=610_000, revisions=2)
    b.label(apac["file_id"], "LBL04", "P0279", T(2025, 11, 20, 9), LBF06="LBC012", LBF07="P0279")
    q4 = _in(b, "DRV004", "Q4 2025")
    c1 = b.file("Copy of Price Book 2026 - EMEA", SHEET, q4, created=T(2025, 11, 3, 9), modified=T(2025, 11, 3, 9),
                modifier="P0283", size=600_000, copied_from_id=orig["file_id"])
    summit = _in(b, "DRV005", "2025 Fall Summit")
    c2 = b.file("Price Book 2026 - EMEA (final)", SHEET, summit, created=T(2025, 11, 17, 9), modified=T(2025, 11, 28, 16),
                modifier="P0546", size=655_000, copied_from_id=orig["file_id"], revisions=2)
    b.add("drive.app_property", {"file_id": c2["file_id"], "key": "source", "value": "exported for summit booth"})
    b.add("drive.app_property", {"file_id": orig["file_id"], "key": "system_of_record", "value": "true"})


def _budget_requests(b):
    fy26 = _in(b, "DRV001", "FY2026")
    f = b.file("FY2026 Sales Budget - Working Draft", SHEET, fy26, created=T(2025, 11, 3, 9), modified=T(2025, 12, 3, 18),
               modifier="P0221", size=1_120_000, revisions=4)
    b.label(f["file_id"], "LBL01", "P0219", T(2025, 11, 3, 9), LBF01="LBC003")
    for requester, role, msg, when in [
            ("P0280", "writer", "I need to update the EMEA quota lines before Friday's forecast call.", T(2025, 12, 2, 9)),
            ("EXT005", "reader", "Requesting read access for our interim budget walkthrough.", T(2025, 12, 3, 11)),
            ("P0323", "reader", "Need to check my territory numbers.", T(2025, 11, 24, 16)),
            ("P0283", "commenter", "Want to leave comments on the Q1 ramp.", T(2025, 12, 4, 8))]:
        ext = requester.startswith("EXT")
        email = b.externals[requester]["email"] if ext else b.people[requester]["email"]
        b.add("drive.access_proposal", {"proposal_id": b.next("APR", 4), "file_id": f["file_id"],
                                        "requester_id": None if ext else requester,
                                        "requester_external_id": requester if ext else None, "requester_email": email,
                                        "recipient_email": email, "requested_role": role, "message": msg, "state": "pending",
                                        "created_time": when, "resolved_by": None, "resolved_time": None,
                                        "granted_role": None, "permission_id": None})


def _purged(b):
    close = _in(b, "DRV001", "Month-End Close")
    draft = b.file("Q2 2025 Close Binder (draft)", SHEET, close, created=T(2025, 6, 20, 9), modified=T(2025, 7, 2, 9),
                   modifier="P0221", size=300_000, revisions=2)
    draft.update(trashed=True, explicitly_trashed=True, trashed_time=T(2025, 11, 19, 17), trashing_user_id="P0221")
    b.audit(T(2025, 11, 19, 17, 2), "P0221", "trash", "file", draft["file_id"], "Q2 2025 Close Binder (draft)",
            draft["file_id"], "DRV001")
    b.audit(T(2025, 11, 20, 9, 14), "P0221", "delete", "file", "FIL09871",
            "permanently deleted 'Q2 2025 Close Binder' (spreadsheet, 2.3 MB) from DRV001 Month-End Close", None, "DRV001")


def _archive(b):
    camp = b.file("2023 Campaigns", FOLDER, "DRV013", created=T(2023, 1, 9, 9), modifier="P0539")
    assets = b.file("Assets", FOLDER, camp["file_id"], created=T(2023, 1, 9, 9), modifier="P0539")
    for name, parent, extra in [
            ("2023 Spring Campaign Recap", camp, None), ("2023 Summer Campaign Recap", camp, "hold"),
            ("2023 Fall Campaign Recap", camp, None), ("2023 Holiday Campaign Recap", camp, "retain"),
            ("2023 Influencer Contracts Summary", camp, None), ("Spring 2023 Banner Set.zip", assets, None),
            ("Summer 2023 Jingle.mp4", assets, "trashed")]:
        mime = "application/zip" if name.endswith(".zip") else MP4 if name.endswith(".mp4") else SLIDES
        f = b.file(name, mime, parent["file_id"], created=T(2023, 3, 1, 9) + dt.timedelta(days=len(name)),
                   modified=T(2023, 12, 1, 9) + dt.timedelta(days=len(name)), modifier="P0545",
                   size=(180 * MB if mime != SLIDES else 4 * MB))
        if extra == "hold":
            b.label(f["file_id"], "LBL03", "P0259", T(2025, 9, 1, 9), LBF04="M-2025-019", LBF05="P0260")
        if extra == "retain":
            b.label(f["file_id"], "LBL02", "P0539", T(2024, 1, 5, 9), LBC=None) if False else \
                b.label(f["file_id"], "LBL02", "P0539", T(2024, 1, 5, 9), LBF02="LBC008", LBF03=dt.date(2026, 6, 30))
        if extra == "trashed":
            f.update(trashed=True, explicitly_trashed=True, trashed_time=T(2025, 10, 1, 9), trashing_user_id="P0545")


def _policy_comments(b):
    pol = _in(b, "DRV003", "Policies")
    f = b.file("Remote Work Policy 2026 (draft)", DOC, pol, created=T(2025, 10, 14, 9), modified=T(2025, 12, 3, 15),
               modifier="P0190", size=52_000, revisions=4)
    b.label(f["file_id"], "LBL04", "P0184", T(2025, 10, 14, 9), LBF06="LBC012", LBF07="P0190")
    b.label(f["file_id"], "LBL01", "P0184", T(2025, 10, 14, 9), LBF01="LBC002")
    threads = [
        ("P0204", "Does the 2-day office minimum apply to people hired as remote before 2024?", "Remote Eligibility",
         [("P0190", "No - grandfathered remote hires keep their status; added in section 3.2.")], False),
        ("P0312", "Can we say who approves a temporary work-from-abroad request?", "Working Abroad",
         [("P0231", "I think it's the manager plus HR?")], False),
        ("P0400", "The equipment stipend amount is missing.", "Equipment",
         [("P0190", "Added: USD 500 one-time, local equivalent elsewhere.")], False),
        ("P0455", "Is co-working space reimbursed?", "Expenses", [], False),
        ("P0199", "Typo: 'eligable'.", "Definitions", [("P0190", "Fixed.")], True),
        ("P0207", "Should the time-zone overlap rule be 4 hours or 3?", "Core Hours",
         [("P0190", "Keeping 4 hours for now."), ("P0207", "Ok, but Bangalore will push back.")], False),
    ]
    for author, text, quote, replies, resolved in threads:
        cid = b.next("CMT", 5)
        c = T(2025, 11, 18, 9) + dt.timedelta(hours=len(text))
        b.add("drive.comment", {"comment_id": cid, "file_id": f["file_id"], "author_id": author, "author_external_id": None,
                                "content": text, "quoted_text": quote, "anchor": f"kix.{cid.lower()}", "resolved": resolved,
                                "deleted": False, "assignee_id": None, "created_time": c, "modified_time": c})
        for i, (who, reply) in enumerate(replies):
            b.add("drive.reply", {"reply_id": b.next("RPL", 5), "comment_id": cid, "author_id": who,
                                  "author_external_id": None, "content": reply,
                                  "action": "resolve" if resolved and i == len(replies) - 1 else None, "deleted": False,
                                  "created_time": c + dt.timedelta(hours=20 + i)})


def _sales_links(b):
    enable = _in(b, "DRV004", "Enablement")
    for name, cls, mime in [("Arcturus Platform One-Pager.pdf", "LBC001", PDF), ("Competitive Battlecard - Q4 2025", "LBC003", DOC),
                            ("Partner Referral Program FAQ", "LBC002", DOC), ("Customer Reference List 2025", None, SHEET)]:
        f = b.file(name, mime, enable, created=T(2025, 9, 1, 9) + dt.timedelta(days=len(name)),
                   modified=T(2025, 11, 1, 9) + dt.timedelta(days=len(name) % 20), modifier="P0282", size=380_000)
        b.perm(f["file_id"], "anyone", "reader", T(2025, 11, 1, 9), granted_by="P0282", discoverable=False)
        if cls:
            b.label(f["file_id"], "LBL01", "P0279", T(2025, 9, 2, 9), LBF01=cls)


def _quota(b):
    """Kimberly Williams (P0547) is close to her 30 GB quota; her trash holds a file under legal hold."""
    acct = next(a for a in b.rows["drive.account"] if a["person_id"] == "P0547")
    acct["storage_limit_bytes"] = 30 * 1024 ** 3
    root = "ROOTP0547"
    for name, size, extra in [("Webinar Recording Raw - Sept.mp4", 9_800 * MB, "trash"),
                              ("Webinar Recording Raw - Oct.mp4", 8_900 * MB, "trash"),
                              ("Launch Video Alt Takes.mov", 6_100 * MB, "keep"),
                              ("Contoso Interview Uncut.mp4", 4_200 * MB, "hold"),
                              ("Old Banner Drafts.zip", 750 * MB, "trash")]:
        f = b.file(name, MOV if name.endswith(".mov") else ("application/zip" if name.endswith(".zip") else MP4), root,
                   created=T(2025, 8, 20, 9) + dt.timedelta(days=len(name)), size=size)
        if extra in ("trash", "hold"):
            f.update(trashed=True, explicitly_trashed=True, trashed_time=T(2025, 11, 25, 9) + dt.timedelta(hours=len(name)),
                     trashing_user_id="P0547")
        if extra == "hold":
            b.label(f["file_id"], "LBL03", "P0259", T(2025, 7, 1, 9), LBF04="M-2025-011", LBF05="P0260")


def _channels(b):
    for cid, drive, address, exp, stopped in [
            ("CHN0001", "DRV002", "https://collector-old.arcturus.example/drive/legal", T(2025, 12, 8, 9), False),
            ("CHN0002", "DRV008", "https://siem.arcturus.example/hooks/drive", T(2025, 12, 9, 9), False),
            ("CHN0003", "DRV002", "https://collector-old.arcturus.example/drive/legal", T(2025, 11, 20, 9), True)]:
        b.add("drive.watch_channel", {"channel_id": cid, "resource_type": "changes", "file_id": None, "drive_id": drive,
                                      "page_token": 1001, "address": address, "created_by": "P0015",
                                      "created_time": exp - dt.timedelta(days=7), "expiration_time": exp, "stopped": stopped})


def _procurement(b):
    b.file("Harborline Negotiation Notes", DOC, "ROOTP0613", created=T(2025, 10, 9, 9), modified=T(2025, 11, 25, 9),
           size=38_000, revisions=3)

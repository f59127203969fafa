"""Seed of the Email domain: deterministic (fixed seed, dates before 2025-12-05), internally consistent.

Every org person has a mailbox (suspended when the person is inactive) with the default settings rows
(send-as primary, vacation, IMAP, POP, language, auto-forwarding). Executive Office mailboxes and
department heads carry most of the mail; everybody else has a few threads. Messages are per mailbox
(Gmail-style): a reply the owner sent sits in the same thread with the SENT label.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import importlib.util
import random
from pathlib import Path

_spec = importlib.util.spec_from_file_location("eops_email_content", Path(__file__).with_name("content.py"))
C = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(C)

SEED = 1313
NOW = dt.datetime(2025, 12, 5, 10, 0, 0)
SYSTEM_LABELS = ["INBOX", "SENT", "DRAFT", "TRASH", "SPAM", "UNREAD", "STARRED", "IMPORTANT", "CHAT",
                 "CATEGORY_PERSONAL", "CATEGORY_SOCIAL", "CATEGORY_PROMOTIONS", "CATEGORY_UPDATES", "CATEGORY_FORUMS"]
MAIL_ADMINS = {"P0006", "P0589", "P0591", "P0592", "P0595", "P0600", "P0602", "P0610"}
ASSISTANTS = {"P0004", "P0008"}
ALIASES = [  # alias, owner person, purpose
    ("security@arcturus.example", "P0589", "Security incident reports"),
    ("office.ceo@arcturus.example", "P0001", "CEO office correspondence"),
    ("ap@arcturus.example", "P0219", "Accounts payable invoices"),
    ("legal@arcturus.example", "P0259", "Legal department intake"),
    ("press@arcturus.example", "P0539", "Press enquiries"),
    ("board.secretary@arcturus.example", "P0006", "Board secretariat"),
]
REPLIES = [
    "Thanks {first}, noted. Let's pick this up on {date}.\n\n{sender}",
    "Agreed - please go ahead and keep me posted.\n\n{sender}",
    "Looping in the team. Can we have the numbers by {date}?\n\n{sender}",
    "Received, thank you. I'll review and come back before {date}.\n\n{sender}",
]
RETENTION = [("Records/Finance 7y", 2555), ("Records/Legal 10y", 3650), ("Records/Board 10y", 3650)]


def _ts(d: dt.datetime) -> dt.datetime:
    return d.replace(microsecond=0)


def seed(db) -> None:
    rng = random.Random(SEED)
    people = db.query("SELECT person_id, first_name, full_name, email, department_id, location_id, title, active, "
                      "hire_date FROM org.person ORDER BY person_id")
    country = {r["location_id"]: r["country"] for r in db.query("SELECT location_id, country FROM org.location")}
    heads = {r["head_person_id"] for r in db.query("SELECT head_person_id FROM org.department")}
    by_id = {p["person_id"]: p for p in people}
    active = [p for p in people if p["active"]]

    # -- mailboxes and aliases ------------------------------------------------------------------
    mailboxes = []
    for p in people:
        role = "mail_admin" if p["person_id"] in MAIL_ADMINS else "assistant" if p["person_id"] in ASSISTANTS else "user"
        created = dt.datetime.combine(p["hire_date"] or dt.date(2016, 1, 4), dt.time(8, 0))
        mailboxes.append({"email_address": p["email"], "person_id": p["person_id"], "display_name": p["full_name"],
                          "role": role, "status": "active" if p["active"] else "suspended",
                          "storage_quota_mb": 51200 if p["department_id"] == "DEP001" else 30720, "created_at": created})
    db.insert("email.mailbox", mailboxes)
    addr = {p["person_id"]: p["email"] for p in people}
    db.insert("email.alias", [{"alias_address": a, "mailbox": addr[o], "purpose": pur, "created_by": "P0591",
                               "created_at": dt.datetime(2023, 3, 1, 9, 0)} for a, o, pur in ALIASES])

    # -- external world --------------------------------------------------------------------------
    db.insert("email.external_domain", [
        {"domain": d, "organization": org, "status": st, "allow_forwarding": fw,
         "reviewed_by": None if st == "unreviewed" else "P0589",
         "reviewed_at": None if st == "unreviewed" else dt.datetime(2025, 1, 15, 10, 0) + dt.timedelta(days=7 * i),
         "notes": notes} for i, (d, org, st, fw, _rel, notes) in enumerate(C.EXTERNAL_DOMAINS)])
    orgs = {d: org for d, org, *_ in C.EXTERNAL_DOMAINS}
    execs = [p["email"] for p in people if p["department_id"] == "DEP001" and p["active"]]
    db.insert("email.external_contact", [
        {"contact_id": f"EXT{i + 1:04d}", "email_address": e, "display_name": n, "organization": orgs[d], "domain": d,
         "relationship": rel, "owner_mailbox": execs[i % len(execs)] if rel not in ("unknown", "press") else None,
         "notes": notes} for i, (e, n, d, rel, notes) in enumerate(C.EXTERNAL_PEOPLE)])
    ext_by_domain: dict[str, list] = {}
    for e, n, d, rel, _ in C.EXTERNAL_PEOPLE:
        ext_by_domain.setdefault(d, []).append((e, n))
    customers = [d for d, _o, _s, _f, rel, _n in C.EXTERNAL_DOMAINS if rel == "customer"]

    # -- labels ----------------------------------------------------------------------------------
    labels = [{"label_id": s, "mailbox": None, "name": s, "type": "system", "message_list_visibility": None,
               "label_list_visibility": None, "text_color": None, "background_color": None, "retention_days": None,
               "created_at": None} for s in SYSTEM_LABELS]
    label_ids: dict[tuple[str, str], str] = {}

    def label(mbx: str, name: str, retention: int | None = None) -> str:
        key = (mbx, name)
        if key not in label_ids:
            lid = f"LBL{len(label_ids) + 1:05d}"
            label_ids[key] = lid
            tc, bc = C.LABEL_COLORS[rng.randrange(len(C.LABEL_COLORS))]
            labels.append({"label_id": lid, "mailbox": mbx, "name": name, "type": "user",
                           "message_list_visibility": "show",
                           "label_list_visibility": "labelShowIfUnread" if name == "Newsletters" else "labelShow",
                           "text_color": tc, "background_color": bc, "retention_days": retention,
                           "created_at": dt.datetime(2024, 1, 8, 9, 0) + dt.timedelta(days=rng.randrange(500))})
        return label_ids[key]

    # -- messages ----------------------------------------------------------------------------------
    threads, msgs, recips, mlabels, atts = [], [], [], [], []

    def fill(text: str, f: dict) -> str:
        return text.format(**f)

    def day(d: dt.datetime) -> str:
        return d.strftime("%d %B %Y").lstrip("0")

    def new_fields(owner: dict, sender_name: str, company: str, start: dt.datetime = NOW) -> dict:
        return {"first": owner["first_name"], "sender": sender_name, "company": company,
                "project": rng.choice(C.PROJECTS), "amount": f"${rng.randrange(1200, 96000):,}.00",
                "date": day(start + dt.timedelta(days=rng.randrange(3, 15))), "past": day(start - dt.timedelta(days=1)),
                "today": day(start), "week": rng.randrange(1, 53), "n": rng.randrange(1000, 9999),
                "city": rng.choice(C.CITIES), "topic": rng.choice(C.TOPICS), "quarter": rng.choice(["Q3 FY25", "Q4 FY25"])}

    def make_thread(owner: dict, cat: str, age_days: float) -> None:
        kind, ulabels, syslabels, variants, attach = C.TEMPLATES[cat]
        subject_t, body_t = rng.choice(variants)
        start = NOW - dt.timedelta(days=age_days, minutes=rng.randrange(600))
        if kind == "internal":
            s = rng.choice(active)
            while s["person_id"] == owner["person_id"]:
                s = rng.choice(active)
            s_addr, s_name, company = s["email"], s["full_name"], "Arcturus"
        elif kind == "phish":  # each lure comes from the sender it impersonates
            i = rng.randrange(len(variants))
            subject_t, body_t = variants[i]
            s_addr, s_name = ext_by_domain[["arcturus-exec.com", "arcturus-example.com", "securedocs-share.net"][i]][0]
            company = ""
        else:
            dom = kind.split(":")[1]
            if dom == "customer":
                dom = rng.choice(customers)
            elif dom == "press":
                dom = rng.choice(["industrywire.news", "techbrief-daily.com"])
            s_addr, s_name = rng.choice(ext_by_domain[dom])
            company = orgs[dom]
            if cat == "newsletter":  # the IndustryWire briefing comes from IndustryWire, the digest from TechBrief
                subject_t, body_t = variants[0] if dom == "industrywire.news" else variants[1]
                s_addr, s_name = ext_by_domain[dom][0]
        f = new_fields(owner, s_name, company, start)
        subject = fill(subject_t, f)
        tid = f"THR{len(threads) + 1:06d}"
        threads.append({"thread_id": tid, "mailbox": owner["email"], "subject": subject, "history_id": 0})
        n_msgs = 1 if cat in ("newsletter", "phish", "hr_notice", "security_notice") else rng.choice([1, 1, 2, 2, 3])
        spam = cat == "phish" and rng.random() < 0.6
        archived = cat == "newsletter" and rng.random() < 0.5
        if cat == "newsletter" and s_addr.endswith("@industrywire.news") and owner["department_id"] == "DEP001" \
                and owner["active"]:
            archived = True  # their "IndustryWire -> Newsletters, skip inbox" filter already handled it
        prev_rfc = None
        for k in range(n_msgs):
            sent = k % 2 == 1  # replies alternate: owner answers, the other side answers back
            when = start + dt.timedelta(hours=5 * k, minutes=rng.randrange(50))
            if when >= NOW:
                when = NOW - dt.timedelta(minutes=30 + k)
            if k == 0:
                body = fill(body_t, f)
            else:
                rf = dict(f, first=s_name.split()[0] if sent else owner["first_name"],
                          sender=owner["full_name"] if sent else s_name)
                body = fill(rng.choice(REPLIES), rf)
            rfc = "<" + hashlib.sha1(f"{tid}-{k}".encode()).hexdigest()[:20] + "@mail." + (
                "arcturus.example" if sent or kind == "internal" else s_addr.split("@")[1]) + ">"
            m = {"mailbox": owner["email"], "thread_id": tid, "rfc822_id": rfc, "in_reply_to": prev_rfc,
                 "from_address": owner["email"] if sent else s_addr, "from_name": owner["full_name"] if sent else s_name,
                 "reply_to": None, "subject": subject if k == 0 or subject.startswith("Re: ") else "Re: " + subject, "body": body,
                 "snippet": body.replace("\n", " ")[:120], "internal_date": _ts(when), "size_bytes": 0,
                 "source": "sent" if sent else "received", "sent_via": owner["email"] if sent else None,
                 "encryption": "none", "history_id": 0}
            prev_rfc = rfc
            to = [(s_addr, s_name)] if sent else [(owner["email"], owner["full_name"])]
            cc = []
            if kind == "internal" and rng.random() < 0.4:
                c = rng.choice(active)
                if c["email"] not in (owner["email"], s_addr):
                    cc.append((c["email"], c["full_name"]))
            rl = [("to", i, a, n) for i, (a, n) in enumerate(to)] + [("cc", i, a, n) for i, (a, n) in enumerate(cc)]
            lbls = []
            if sent:
                lbls.append("SENT")
            else:
                if spam:
                    lbls.append("SPAM")
                elif not archived:
                    lbls.append("INBOX")
                lbls += syslabels
                if (NOW - when).days < 6 and rng.random() < 0.55 or cat == "newsletter" and rng.random() < 0.7:
                    lbls.append("UNREAD")
                if cat in ("board", "legal") and rng.random() < 0.3:
                    lbls.append("STARRED")
                if not spam:
                    lbls += [label(owner["email"], fill(u, f)) for u in ulabels]
            a_list = []
            if k == 0 and attach and rng.random() < 0.7:
                fn = fill(rng.choice(attach), f).replace(" ", "_")
                mime = {"pdf": "application/pdf", "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
                        "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document"}[fn.rsplit(".", 1)[1]]
                a_list.append((fn, mime, rng.randrange(40_000, 9_500_000)))
            m["size_bytes"] = len(body) + 900 + sum(a[2] for a in a_list)
            msgs.append((m, rl, lbls, a_list))

    rich = [p for p in people if p["department_id"] == "DEP001"]
    for p in people:
        if p["department_id"] == "DEP001":
            mix = C.EXEC_MIX
        elif p["person_id"] in heads:
            mix = C.HEAD_MIX
        else:
            mix = None
        if mix:
            for cat, cnt in mix.items():
                for _ in range(cnt if p["active"] else max(1, cnt // 2)):
                    make_thread(p, cat, rng.uniform(0.2, 150) + (0 if p["active"] else 200))
        else:
            for _ in range(rng.choice([1, 2, 2, 3])):
                make_thread(p, rng.choice(C.STAFF_MIX), rng.uniform(0.2, 120) + (0 if p["active"] else 200))

    # retention labels on executive and legal mailboxes: older board/legal/audit threads are records
    for p in rich + [by_id["P0219"], by_id["P0259"]]:
        for name, days in RETENTION:
            label(p["email"], name, days)
    record_map = {"Board": "Records/Board 10y", "Legal": "Records/Legal 10y", "Finance/Audit": "Records/Finance 7y"}
    inv = {v: k for k, v in label_ids.items()}
    msgs.sort(key=lambda t: (t[0]["internal_date"], t[0]["thread_id"]))
    history, hid = [], 1000
    for i, (m, rl, lbls, a_list) in enumerate(msgs):
        mid = f"MSG{i + 1:06d}"
        hid += 1
        m["message_id"], m["history_id"] = mid, hid
        for lid in list(lbls):
            key = inv.get(lid)
            if key and key[1] in record_map and (key[0], record_map[key[1]]) in label_ids and \
                    (NOW - m["internal_date"]).days > 60:
                lbls.append(label_ids[(key[0], record_map[key[1]])])
        for lid in dict.fromkeys(lbls):
            mlabels.append({"message_id": mid, "label_id": lid})
        for kind, pos, a, n in rl:
            recips.append({"message_id": mid, "kind": kind, "position": pos, "address": a, "display_name": n})
        for j, (fn, mime, size) in enumerate(a_list):
            atts.append({"attachment_id": f"ATT{len(atts) + 1:06d}", "message_id": mid, "filename": fn,
                         "mime_type": mime, "size_bytes": size})
        if (NOW - m["internal_date"]).days <= 10:
            history.append({"history_id": hid, "mailbox": m["mailbox"], "message_id": mid, "event_type": "messageAdded",
                            "label_id": None, "created_at": m["internal_date"]})
    last_hist = {}
    for m, *_ in msgs:
        last_hist[m["thread_id"]] = m["history_id"]
    for t in threads:
        t["history_id"] = last_hist[t["thread_id"]]

    # drafts in executive mailboxes
    drafts = []
    draft_texts = [("Re: {topic} - my comments", "Draft - comments on the {topic} below, to finish before sending."),
                   ("Thank-you note to the {city} team", "Team, thank you for hosting us in {city} last week. "),
                   ("Follow-up: {project} funding", "Following our call, I'd like to propose that we release the next "
                    "tranche of {project} funding once the steering committee signs off.")]
    for p in rich[:4] + [by_id["P0007"]]:
        for t_subj, t_body in draft_texts[:2]:
            f = new_fields(p, p["full_name"], "Arcturus")
            tid = f"THR{len(threads) + 1:06d}"
            subject = fill(t_subj, f)
            hid += 1
            threads.append({"thread_id": tid, "mailbox": p["email"], "subject": subject, "history_id": hid})
            mid = f"MSG{len(msgs) + 1:06d}"
            when = NOW - dt.timedelta(days=rng.randrange(1, 9), hours=rng.randrange(8))
            body = fill(t_body, f)
            extra = {"message_id": mid, "mailbox": p["email"], "thread_id": tid,
                     "rfc822_id": f"<draft-{mid.lower()}@mail.arcturus.example>", "in_reply_to": None,
                     "from_address": p["email"], "from_name": p["full_name"], "reply_to": None, "subject": subject,
                     "body": body, "snippet": body[:120], "internal_date": when, "size_bytes": len(body) + 600,
                     "source": "draft", "sent_via": None, "encryption": "none", "history_id": hid}
            to = rng.choice([x for x in active if x["department_id"] == "DEP001" and x["person_id"] != p["person_id"]])
            msgs.append((extra, [("to", 0, to["email"], to["full_name"])], ["DRAFT"], []))
            mlabels.append({"message_id": mid, "label_id": "DRAFT"})
            recips.append({"message_id": mid, "kind": "to", "position": 0, "address": to["email"],
                           "display_name": to["full_name"]})
            drafts.append({"draft_id": f"DRF{len(drafts) + 1:05d}", "mailbox": p["email"], "message_id": mid,
                           "created_by": p["person_id"], "updated_at": when})

    db.insert("email.label", labels)
    db.insert("email.thread", threads)
    cols = ["message_id", "mailbox", "thread_id", "rfc822_id", "in_reply_to", "from_address", "from_name", "reply_to",
            "subject", "body", "snippet", "internal_date", "size_bytes", "source", "sent_via", "encryption", "history_id"]
    db.insert("email.message", [{c: m[c] for c in cols} for m, *_ in msgs])
    db.insert("email.message_recipient", recips)
    db.insert("email.message_label", mlabels)
    db.insert("email.attachment", atts)
    db.insert("email.draft", drafts)
    db.insert("email.history", history)

    _settings(db, rng, people, country, addr, label_ids, hid)


def _settings(db, rng, people, country, addr, label_ids, hid) -> None:
    t0 = dt.datetime(2025, 1, 6, 9, 0)
    by_id = {p["person_id"]: p for p in people}
    db.insert("email.vacation_setting", [
        {"mailbox": p["email"], "enable_auto_reply": False, "response_subject": None, "response_body": None,
         "restrict_to_contacts": False, "restrict_to_domain": False, "start_time": None, "end_time": None,
         "updated_at": t0} for p in people])
    # a few people are away (or were): realistic auto-replies
    away = [("P0429", 2, 9), ("P0184", -1, 4), ("P0611", -20, -12)]
    for pid, s, e in away:
        p = by_id[pid]
        db.execute("UPDATE email.vacation_setting SET enable_auto_reply = true, response_subject = ?, response_body = ?, "
                   "restrict_to_domain = ?, start_time = ?, end_time = ?, updated_at = ? WHERE mailbox = ?",
                   "Out of office", f"I am out of the office with limited access to email. For urgent matters please "
                   f"contact my team. - {p['first_name']}", pid == "P0184",
                   NOW + dt.timedelta(days=s), NOW + dt.timedelta(days=e), NOW - dt.timedelta(days=25), p["email"])
    db.insert("email.imap_setting", [
        {"mailbox": p["email"], "enabled": True, "auto_expunge": True, "expunge_behavior": "archive",
         "max_folder_size": 0} for p in people])
    pop_on = {"P0003", "P0219", "P0349", "P0120", "P0333", "P0450"}
    db.insert("email.pop_setting", [
        {"mailbox": p["email"], "access_window": "allMail" if p["person_id"] in pop_on else "disabled",
         "disposition": "leaveInInbox"} for p in people])
    db.insert("email.language_setting", [
        {"mailbox": p["email"], "display_language": C.LANGUAGES.get(country.get(p["location_id"]), "en")}
        for p in people])
    db.insert("email.auto_forwarding", [
        {"mailbox": p["email"], "enabled": False, "email_address": None, "disposition": None, "updated_at": t0}
        for p in people])

    # send-as: primary for everyone; role aliases for their owners; a pending external address
    send_as = [{"mailbox": p["email"], "send_as_email": p["email"], "display_name": p["full_name"],
                "reply_to_address": None,
                "signature": f"{p['full_name']}\n{p['title'] or ''}\nArcturus" if p["department_id"] in ("DEP001", "DEP007") else None,
                "is_primary": True, "is_default": True, "treat_as_alias": False, "verification_status": "accepted",
                "updated_at": t0} for p in people]
    for a, o, _purpose in ALIASES:
        send_as.append({"mailbox": addr[o], "send_as_email": a, "display_name": by_id[o]["full_name"],
                        "reply_to_address": None, "signature": None, "is_primary": False, "is_default": False,
                        "treat_as_alias": True, "verification_status": "accepted", "updated_at": t0})
    db.insert("email.send_as", send_as)

    # S/MIME certificates for executives, legal and finance heads; some expired, one expiring soon
    smime, sid = [], 0
    for pid in ["P0001", "P0002", "P0003", "P0005", "P0007", "P0219", "P0259", "P0263", "P0589"]:
        p = by_id[pid]
        for k, (issued, life) in enumerate([(dt.datetime(2023, 11, 20), 730), (dt.datetime(2025, 10, 1), 365)]):
            sid += 1
            exp = issued + dt.timedelta(days=life)
            if pid == "P0002" and k == 1:
                exp = dt.datetime(2025, 12, 19, 0, 0)
            smime.append({"smime_id": f"SMI{sid:04d}", "mailbox": p["email"], "send_as_email": p["email"],
                          "issuer_cn": "Arcturus Issuing CA 2" if k else "Arcturus Issuing CA 1",
                          "serial_number": hashlib.md5(f"{pid}{k}".encode()).hexdigest()[:16].upper(),
                          "expiration": exp, "is_default": k == 1, "uploaded_at": issued})
    db.insert("email.smime_info", smime)

    # delegates: assistants on executive mailboxes
    dl = [("P0001", "P0006", "accepted"), ("P0002", "P0006", "accepted"), ("P0003", "P0004", "accepted"),
          ("P0007", "P0004", "accepted"), ("P0005", "P0008", "accepted"), ("P0001", "P0008", "accepted"),
          ("P0219", "P0220", "accepted"), ("P0259", "P0260", "accepted"), ("P0429", "P0430", "pending"),
          ("P0184", "P0185", "expired")]
    db.insert("email.delegate", [{"mailbox": addr[m], "delegate_email": addr[d], "verification_status": st,
                                  "created_at": t0 + dt.timedelta(days=30 * i)} for i, (m, d, st) in enumerate(dl)])

    # forwarding addresses and auto-forwarding
    fwd = [("P0002", "r.okafor@keystone-audit.com", "accepted"), ("P0002", "andrea.thompson@gmail.com", "pending"),
           ("P0219", "ap@arcturus.example", "accepted"), ("P0003", "zmartinez.home@outlook.com", "accepted"),
           ("P0001", "office.ceo@arcturus.example", "accepted"), ("P0279", "micheal.reed@gmail.com", "accepted"),
           ("P0259", "hannah.cole@meridianlegal.com", "accepted"), ("P0005", "deborah.ingram@arcturus.example", "accepted")]
    db.insert("email.forwarding_address", [{"mailbox": addr[m], "forwarding_email": e, "verification_status": st,
                                            "created_at": t0 + dt.timedelta(days=11 * i)} for i, (m, e, st) in enumerate(fwd)])
    for m, e, disp in [("P0003", "zmartinez.home@outlook.com", "leaveInInbox"),
                       ("P0005", "deborah.ingram@arcturus.example", "archive")]:
        db.execute("UPDATE email.auto_forwarding SET enabled = true, email_address = ?, disposition = ?, updated_at = ? "
                   "WHERE mailbox = ?", e, disp, dt.datetime(2025, 6, 2, 14, 0), addr[m])

    # filters: newsletters archived, invoices labelled, audit mail starred
    filters, actions = [], []

    def add_filter(pid, crit, label_adds=(), label_removes=(), forward=None):
        fid = f"FLT{len(filters) + 1:04d}"
        row = {"filter_id": fid, "mailbox": addr[pid], "criteria_from": None, "criteria_to": None,
               "criteria_subject": None, "criteria_query": None, "criteria_negated_query": None,
               "has_attachment": None, "size_bytes": None, "size_comparison": None, "forward_to": forward,
               "created_by": pid, "created_at": dt.datetime(2025, 2, 3, 9, 0) + dt.timedelta(days=3 * len(filters))}
        row.update(crit)
        filters.append(row)
        for lid in label_adds:
            actions.append({"filter_id": fid, "label_id": lid, "op": "add"})
        for lid in label_removes:
            actions.append({"filter_id": fid, "label_id": lid, "op": "remove"})

    for p in people:
        if p["department_id"] != "DEP001" or not p["active"]:
            continue
        nl = label_ids.get((p["email"], "Newsletters"))
        if nl:
            add_filter(p["person_id"], {"criteria_from": "industrywire.news"}, [nl], ["INBOX"])
        inv = label_ids.get((p["email"], "Finance/Invoices"))
        if inv:
            add_filter(p["person_id"], {"criteria_from": "northwind-supply.com", "criteria_subject": "invoice"}, [inv])
        aud = label_ids.get((p["email"], "Finance/Audit"))
        if aud:
            add_filter(p["person_id"], {"criteria_from": "keystone-audit.com"}, [aud, "IMPORTANT"])
    add_filter("P0279", {"criteria_query": "contract OR pricing"}, [], [], forward="micheal.reed@gmail.com")
    add_filter("P0219", {"criteria_to": "ap@arcturus.example", "has_attachment": True}, [], [], forward="ap@arcturus.example")
    db.insert("email.filter", filters)
    db.insert("email.filter_label_action", actions)

    # client-side encryption: legal, security and executives
    kps, ids = [], []
    cse_people = ["P0001", "P0002", "P0003", "P0007", "P0259", "P0260", "P0261", "P0263", "P0265", "P0589", "P0591",
                  "P0592", "P0005"]
    for i, pid in enumerate(cse_people):
        p = by_id[pid]
        first = f"KP{len(kps) + 1:04d}"
        state, dis = ("disabled", NOW - dt.timedelta(days=45 + i)) if i % 4 == 1 else ("enabled", None)
        kps.append({"keypair_id": first, "mailbox": p["email"], "subject_email": p["email"],
                    "fingerprint": hashlib.sha256(first.encode()).hexdigest()[:40].upper(),
                    "kacls_uri": "https://kacls.arcturus.example/v1", "enablement_state": state, "disable_time": dis,
                    "created_at": dt.datetime(2024, 4, 2, 10, 0) + dt.timedelta(days=i)})
        current = first
        if state == "disabled" or i % 3 == 0:
            second = f"KP{len(kps) + 1:04d}"
            kps.append({"keypair_id": second, "mailbox": p["email"], "subject_email": p["email"],
                        "fingerprint": hashlib.sha256(second.encode()).hexdigest()[:40].upper(),
                        "kacls_uri": "https://kacls.arcturus.example/v2", "enablement_state": "enabled",
                        "disable_time": None, "created_at": dt.datetime(2025, 5, 12, 10, 0) + dt.timedelta(days=i)})
            current = second
        ids.append({"mailbox": p["email"], "email_address": p["email"], "primary_keypair_id": current,
                    "signing_keypair_id": None, "encryption_keypair_id": None,
                    "updated_at": dt.datetime(2025, 5, 20, 10, 0)})
    db.insert("email.cse_keypair", kps)
    db.insert("email.cse_identity", ids)

    db.insert("email.legal_hold", [
        {"hold_id": "HLD001", "mailbox": addr["P0005"], "matter": "Woods employment claim (MAT-2025-014)", "query": None,
         "status": "active", "created_by": "P0259", "created_at": dt.datetime(2025, 4, 14, 9, 0), "released_at": None},
        {"hold_id": "HLD002", "mailbox": addr["P0219"], "matter": "Harborview Bank fee dispute (MAT-2025-031)",
         "query": "from:harborview-bank.com", "status": "active", "created_by": "P0259",
         "created_at": dt.datetime(2025, 9, 2, 9, 0), "released_at": None},
        {"hold_id": "HLD003", "mailbox": addr["P0002"], "matter": "Keystone audit FY25 (MAT-2025-022)",
         "query": "from:keystone-audit.com", "status": "active", "created_by": "P0259",
         "created_at": dt.datetime(2025, 7, 1, 9, 0), "released_at": None},
        {"hold_id": "HLD004", "mailbox": addr["P0001"], "matter": "BluePeak contract review (MAT-2024-077)",
         "query": "from:bluepeak-consulting.com", "status": "released", "created_by": "P0259",
         "created_at": dt.datetime(2024, 10, 1, 9, 0), "released_at": dt.datetime(2025, 7, 15, 9, 0)},
    ])
    db.insert("email.watch", [
        {"watch_id": "WCH001", "mailbox": addr["P0001"], "topic_name": "projects/arcturus-mail/topics/exec-inbox",
         "label_ids": "INBOX", "label_filter_behavior": "include", "start_history_id": 1001,
         "expiration": NOW + dt.timedelta(days=3), "status": "active", "created_by": "P0591"},
        {"watch_id": "WCH002", "mailbox": addr["P0589"], "topic_name": "projects/arcturus-mail/topics/security-intake",
         "label_ids": None, "label_filter_behavior": "include", "start_history_id": 1001,
         "expiration": NOW - dt.timedelta(days=2), "status": "active", "created_by": "P0591"},
    ])
    audit, actions_done = [], [("mail_create_filter", "filter"), ("mail_update_vacation", "vacation"),
                                ("mail_create_delegate", "delegate"), ("mail_update_send_as", "send_as"),
                                ("mail_create_forwarding_address", "forwarding_address"), ("mail_update_imap", "imap")]
    for i in range(240):
        p = people[rng.randrange(len(people))]
        act, tt = actions_done[i % len(actions_done)]
        audit.append({"audit_id": f"AUD{i + 1:06d}", "actor_person_id": rng.choice(sorted(MAIL_ADMINS)),
                      "mailbox": p["email"], "action": act, "target_type": tt, "target_id": None,
                      "details": "seeded history", "created_at": NOW - dt.timedelta(days=300 - i, hours=i % 7)})
    db.insert("email.audit_log", audit)

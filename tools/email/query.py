"""The mail search language (a subset of the familiar web-mail operators) compiled to a parameterized
SQL condition over `email.message m`.

Operators: from: to: cc: bcc: subject: label: in: is: has:attachment filename: after: before:
older_than: newer_than: larger: smaller: rfc822msgid:, bare words and "quoted phrases" (subject, body,
sender), a leading '-' negates a term, OR between two terms, and op:(a OR b) alternatives.
"""

from __future__ import annotations

import datetime as dt
import re

from pytest_enterpriseops import ToolError

_TOKEN = re.compile(r'(-?)(\w+):("[^"]*"|\([^)]*\)|\S+)|(-?)"([^"]*)"|(\S+)')
_IN = {"inbox": "INBOX", "sent": "SENT", "trash": "TRASH", "spam": "SPAM", "drafts": "DRAFT", "draft": "DRAFT",
       "starred": "STARRED", "important": "IMPORTANT"}
_IS = {"unread": ("UNREAD", False), "read": ("UNREAD", True), "starred": ("STARRED", False),
       "important": ("IMPORTANT", False)}


def _has_label(label_id: str) -> str:
    return "EXISTS (SELECT 1 FROM email.message_label ml WHERE ml.message_id = m.message_id AND ml.label_id = '%s')" % label_id


def _date(value: str, op: str) -> dt.datetime:
    v = value.replace("/", "-")
    try:
        return dt.datetime.fromisoformat(v)
    except ValueError:
        raise ToolError(f"{op}: expects a date like 2025/11/30, got '{value}'") from None


def _size(value: str, op: str) -> int:
    m = re.fullmatch(r"(\d+)([KkMm]?)", value)
    if not m:
        raise ToolError(f"{op}: expects a size like 500K or 5M, got '{value}'")
    return int(m.group(1)) * {"": 1, "k": 1024, "m": 1024 * 1024}[m.group(2).lower()]


def _term(op: str, value: str, now: dt.datetime | None) -> tuple[str, list]:
    like = f"%{value}%"
    if op == "from":
        return "(m.from_address ILIKE ? OR coalesce(m.from_name, '') ILIKE ?)", [like, like]
    if op in ("to", "cc", "bcc"):
        kinds = "('to', 'cc', 'bcc')" if op == "to" else f"('{op}')"
        return (f"EXISTS (SELECT 1 FROM email.message_recipient r WHERE r.message_id = m.message_id AND r.kind IN {kinds} "
                "AND (r.address ILIKE ? OR coalesce(r.display_name, '') ILIKE ?))", [like, like])
    if op == "subject":
        return "m.subject ILIKE ?", [like]
    if op == "label":
        return ("EXISTS (SELECT 1 FROM email.message_label ml JOIN email.label l ON l.label_id = ml.label_id "
                "WHERE ml.message_id = m.message_id AND (l.mailbox IS NULL OR l.mailbox = m.mailbox) AND "
                "(l.label_id = ? OR lower(l.name) = lower(?) OR lower(replace(l.name, ' ', '-')) = lower(?)))",
                [value, value, value])
    if op == "in":
        v = value.lower()
        if v == "anywhere":
            return "TRUE", []
        if v not in _IN:
            raise ToolError(f"in: expects one of {sorted(_IN) + ['anywhere']}, got '{value}'")
        return _has_label(_IN[v]), []
    if op == "is":
        v = value.lower()
        if v not in _IS:
            raise ToolError(f"is: expects one of {sorted(_IS)}, got '{value}'")
        lid, negate = _IS[v]
        return ("NOT " if negate else "") + _has_label(lid), []
    if op == "has":
        if value.lower() != "attachment":
            raise ToolError(f"has: supports only has:attachment, got '{value}'")
        return "EXISTS (SELECT 1 FROM email.attachment a WHERE a.message_id = m.message_id)", []
    if op == "filename":
        return "EXISTS (SELECT 1 FROM email.attachment a WHERE a.message_id = m.message_id AND a.filename ILIKE ?)", [like]
    if op in ("after", "before"):
        return ("m.internal_date >= ?" if op == "after" else "m.internal_date < ?"), [_date(value, op)]
    if op in ("older_than", "newer_than"):
        mm = re.fullmatch(r"(\d+)([dmy])", value.lower())
        if not mm or now is None:
            raise ToolError(f"{op}: expects a period like 30d, 6m or 1y, got '{value}'")
        days = int(mm.group(1)) * {"d": 1, "m": 30, "y": 365}[mm.group(2)]
        cut = now - dt.timedelta(days=days)
        return ("m.internal_date < ?" if op == "older_than" else "m.internal_date >= ?"), [cut]
    if op in ("larger", "smaller"):
        return ("m.size_bytes > ?" if op == "larger" else "m.size_bytes < ?"), [_size(value, op)]
    if op == "rfc822msgid":
        return "m.rfc822_id = ?", [value if value.startswith("<") else f"<{value}>"]
    raise ToolError(f"unknown search operator '{op}:'; supported: from to cc bcc subject label in is has filename "
                    "after before older_than newer_than larger smaller rfc822msgid")


def _word(value: str) -> tuple[str, list]:
    like = f"%{value}%"
    return ("(m.subject ILIKE ? OR m.body ILIKE ? OR m.from_address ILIKE ? OR coalesce(m.from_name, '') ILIKE ?)",
            [like, like, like, like])


def compile_query(q: str, now: dt.datetime | None = None) -> tuple[str, list]:
    """A search string to (SQL condition on alias m, params). An empty query matches everything."""
    if len(q) > 1000:
        raise ToolError("search query too long (max 1000 characters)")
    parts: list[tuple[str, list]] = []
    pending_or = False
    for neg1, op, val, neg2, phrase, word in _TOKEN.findall(q):
        if word == "OR":
            if not parts:
                raise ToolError("OR must stand between two search terms")
            pending_or = True
            continue
        if op:
            op = op.lower()
            v = val.strip('"')
            if v.startswith("(") and v.endswith(")"):
                alts = [a.strip().strip('"') for a in re.split(r"\s+OR\s+|\s+", v[1:-1]) if a.strip() and a != "OR"]
                subs = [_term(op, a, now) for a in alts]
                cond = "(" + " OR ".join(s for s, _ in subs) + ")"
                params = [p for _, ps in subs for p in ps]
            else:
                cond, params = _term(op, v, now)
            neg = neg1
        elif phrase or neg2:
            cond, params = _word(phrase)
            neg = neg2
        else:
            if word.lstrip("-").startswith("(") or word.endswith(")"):
                # A bracketed group of terms would otherwise be searched as the words '(from:a' and 'b)' and
                # silently match nothing: say what works instead.
                raise ToolError("brackets group alternatives of one operator only: write from:(a.example OR "
                                "b.example), not (from:a.example OR from:b.example); terms with OR between them "
                                "also work: from:a.example OR from:b.example")
            neg = "-" if word.startswith("-") and len(word) > 1 else ""
            cond, params = _word(word[1:] if neg else word)
        if neg:
            cond = f"NOT {cond}"
        if pending_or:
            prev_c, prev_p = parts.pop()
            cond, params = f"({prev_c} OR {cond})", prev_p + params
            pending_or = False
        parts.append((cond, params))
    if pending_or:
        raise ToolError("OR must stand between two search terms")
    if not parts:
        return "TRUE", []
    return " AND ".join(c for c, _ in parts), [p for _, ps in parts for p in ps]


def mentions_spam_or_trash(q: str | None) -> bool:
    return bool(q) and bool(re.search(r"\bin:(trash|spam|anywhere)\b", q, re.IGNORECASE))


def filter_query(f: dict) -> str:
    """A filter's criteria as a search string (what 'also apply to matching messages' runs)."""
    parts = []
    if f.get("criteria_from"):
        parts.append(f'from:"{f["criteria_from"]}"')
    if f.get("criteria_to"):
        parts.append(f'to:"{f["criteria_to"]}"')
    if f.get("criteria_subject"):
        parts.append(f'subject:"{f["criteria_subject"]}"')
    if f.get("criteria_query"):
        parts.append(f["criteria_query"])
    if f.get("criteria_negated_query"):
        parts.extend("-" + w for w in f["criteria_negated_query"].split())
    if f.get("has_attachment"):
        parts.append("has:attachment")
    if f.get("size_bytes"):
        parts.append(f'{f["size_comparison"] or "larger"}:{int(f["size_bytes"])}')
    return " ".join(parts)

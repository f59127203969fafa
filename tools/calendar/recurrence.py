"""RRULE / EXDATE / RDATE expansion (RFC 5545 subset) in the event's own time zone.

Supported: FREQ=DAILY|WEEKLY|MONTHLY|YEARLY with INTERVAL, COUNT, UNTIL, BYDAY (weekly lists,
monthly/yearly ordinals such as 1TH or -1FR), BYMONTHDAY (incl. negative), BYMONTH, WKST (accepted,
weeks start Monday). Occurrences keep the wall-clock time of DTSTART in the event's zone, so a
09:30 New York meeting stays 09:30 across DST changes (its UTC time moves).
"""

from __future__ import annotations

import calendar as _cal
import datetime as dt
import re
from dataclasses import dataclass, field
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
FREQS = ("DAILY", "WEEKLY", "MONTHLY", "YEARLY")
_BYDAY = re.compile(r"^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$")
MAX_OCCURRENCES = 3000


class RecurrenceError(ValueError):
    """A recurrence line the subset does not support or cannot parse (message is user-facing)."""


def zone(name: str) -> ZoneInfo:
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise RecurrenceError(f"unknown time zone '{name}'; use an IANA name such as Europe/Berlin") from None


def to_utc(local: dt.datetime, tz: str) -> dt.datetime:
    """Naive wall time in `tz` -> naive UTC."""
    return local.replace(tzinfo=zone(tz)).astimezone(dt.timezone.utc).replace(tzinfo=None)


def to_local(utc: dt.datetime, tz: str) -> dt.datetime:
    """Naive UTC -> naive wall time in `tz`."""
    return utc.replace(tzinfo=dt.timezone.utc).astimezone(zone(tz)).replace(tzinfo=None)


@dataclass
class Rule:
    freq: str
    interval: int = 1
    count: int | None = None
    until: dt.datetime | None = None        # naive UTC (or local midnight for all-day)
    until_is_date: bool = False
    byday: list[tuple[int | None, int]] = field(default_factory=list)   # (ordinal, weekday 0=MO)
    bymonthday: list[int] = field(default_factory=list)
    bymonth: list[int] = field(default_factory=list)


def _parse_stamp(value: str, tz: str | None) -> tuple[dt.datetime, bool]:
    """'20251225', '20251225T093000' (local in tz) or '20251225T143000Z' (UTC) -> (naive UTC or date-midnight, is_date)."""
    v = value.strip()
    try:
        if len(v) == 8:
            return dt.datetime.strptime(v, "%Y%m%d"), True
        if v.endswith("Z"):
            return dt.datetime.strptime(v, "%Y%m%dT%H%M%SZ"), False
        local = dt.datetime.strptime(v, "%Y%m%dT%H%M%S")
    except ValueError:
        raise RecurrenceError(f"bad date-time '{value}' (use 20251225, 20251225T093000 or 20251225T143000Z)") from None
    return (to_utc(local, tz) if tz else local), False


def parse_rule(line: str) -> Rule:
    body = line.strip()
    if not body.upper().startswith("RRULE:"):
        raise RecurrenceError(f"not an RRULE line: '{line}'")
    parts = {}
    for item in body[6:].split(";"):
        if not item:
            continue
        if "=" not in item:
            raise RecurrenceError(f"bad RRULE part '{item}' in '{line}'")
        k, v = item.split("=", 1)
        parts[k.upper()] = v.upper()
    freq = parts.pop("FREQ", None)
    if freq not in FREQS:
        raise RecurrenceError(f"RRULE needs FREQ=DAILY, WEEKLY, MONTHLY or YEARLY: '{line}'")
    rule = Rule(freq)
    try:
        if "INTERVAL" in parts:
            rule.interval = int(parts.pop("INTERVAL"))
            if not 1 <= rule.interval <= 366:
                raise RecurrenceError("INTERVAL must be between 1 and 366")
        if "COUNT" in parts:
            rule.count = int(parts.pop("COUNT"))
            if not 1 <= rule.count <= MAX_OCCURRENCES:
                raise RecurrenceError(f"COUNT must be between 1 and {MAX_OCCURRENCES}")
        if "BYMONTHDAY" in parts:
            rule.bymonthday = [int(x) for x in parts.pop("BYMONTHDAY").split(",")]
            if any(d == 0 or not -31 <= d <= 31 for d in rule.bymonthday):
                raise RecurrenceError("BYMONTHDAY values must be 1..31 or -31..-1")
        if "BYMONTH" in parts:
            rule.bymonth = [int(x) for x in parts.pop("BYMONTH").split(",")]
            if any(not 1 <= m <= 12 for m in rule.bymonth):
                raise RecurrenceError("BYMONTH values must be 1..12")
    except ValueError:
        raise RecurrenceError(f"non-numeric INTERVAL/COUNT/BYMONTHDAY/BYMONTH in '{line}'") from None
    if "UNTIL" in parts:
        rule.until, rule.until_is_date = _parse_stamp(parts.pop("UNTIL"), None)
    if rule.count and rule.until:
        raise RecurrenceError("RRULE may have COUNT or UNTIL, not both")
    if "BYDAY" in parts:
        for tok in parts.pop("BYDAY").split(","):
            m = _BYDAY.match(tok)
            if not m:
                raise RecurrenceError(f"bad BYDAY value '{tok}' (use MO..SU, optionally with an ordinal like 1TH or -1FR)")
            ordinal = int(m.group(1)) if m.group(1) else None
            if ordinal is not None and (ordinal == 0 or not -5 <= ordinal <= 5 or freq not in ("MONTHLY", "YEARLY")):
                raise RecurrenceError(f"BYDAY ordinal '{tok}' is only supported with FREQ=MONTHLY/YEARLY and must be 1..5 or -5..-1")
            rule.byday.append((ordinal, DAYS.index(m.group(2))))
    parts.pop("WKST", None)
    if parts:
        raise RecurrenceError(f"unsupported RRULE parts {sorted(parts)}; supported: FREQ, INTERVAL, COUNT, UNTIL, "
                              "BYDAY, BYMONTHDAY, BYMONTH, WKST")
    return rule


def _month_days(year: int, month: int, rule: Rule, start: dt.datetime) -> list[int]:
    ndays = _cal.monthrange(year, month)[1]
    days: set[int] = set()
    for d in rule.bymonthday:
        day = d if d > 0 else ndays + d + 1
        if 1 <= day <= ndays:
            days.add(day)
    for ordinal, wd in rule.byday:
        matches = [d for d in range(1, ndays + 1) if dt.date(year, month, d).weekday() == wd]
        if ordinal is None:
            days.update(matches)
        elif abs(ordinal) <= len(matches):
            days.add(matches[ordinal - 1] if ordinal > 0 else matches[ordinal])
    if not rule.bymonthday and not rule.byday:
        if start.day <= ndays:
            days.add(start.day)
    return sorted(days)


def _candidates(rule: Rule, start: dt.datetime):
    """Local wall-time candidates in order (before COUNT/UNTIL), starting at DTSTART's period."""
    t = start.time()
    if rule.freq == "DAILY":
        day = start.date()
        while True:
            if (not rule.byday or day.weekday() in [w for _, w in rule.byday]) and \
               (not rule.bymonth or day.month in rule.bymonth):
                yield dt.datetime.combine(day, t)
            day += dt.timedelta(days=rule.interval)
    elif rule.freq == "WEEKLY":
        weekdays = sorted({w for _, w in rule.byday}) or [start.weekday()]
        monday = start.date() - dt.timedelta(days=start.weekday())
        while True:
            for w in weekdays:
                yield dt.datetime.combine(monday + dt.timedelta(days=w), t)
            monday += dt.timedelta(weeks=rule.interval)
    elif rule.freq == "MONTHLY":
        y, m = start.year, start.month
        while True:
            if not rule.bymonth or m in rule.bymonth:
                for d in _month_days(y, m, rule, start):
                    yield dt.datetime(y, m, d, t.hour, t.minute, t.second)
            m += rule.interval
            y, m = y + (m - 1) // 12, (m - 1) % 12 + 1
    else:  # YEARLY
        y = start.year
        months = rule.bymonth or [start.month]
        while True:
            for m in months:
                if rule.byday or rule.bymonthday:
                    for d in _month_days(y, m, rule, start):
                        yield dt.datetime(y, m, d, t.hour, t.minute, t.second)
                elif start.day <= _cal.monthrange(y, m)[1]:
                    yield dt.datetime(y, m, start.day, t.hour, t.minute, t.second)
            y += rule.interval
            if y > start.year + 200:
                return


def split_lines(recurrence: str | list[str] | None) -> list[str]:
    if not recurrence:
        return []
    lines = recurrence.splitlines() if isinstance(recurrence, str) else recurrence
    return [ln.strip() for ln in lines if ln and ln.strip()]


def _date_list(line: str, default_tz: str) -> list[tuple[dt.datetime, bool]]:
    head, _, values = line.partition(":")
    tz = default_tz
    for param in head.split(";")[1:]:
        if param.upper().startswith("TZID="):
            tz = param[5:]
            zone(tz)
    return [_parse_stamp(v, tz) for v in values.split(",") if v.strip()]


def validate(recurrence: list[str], tz: str) -> None:
    """Raise RecurrenceError unless every line is a supported RRULE/EXDATE/RDATE (exactly one RRULE)."""
    rules = 0
    for line in recurrence:
        up = line.upper()
        if up.startswith("RRULE:"):
            parse_rule(line)
            rules += 1
        elif up.startswith(("EXDATE", "RDATE")):
            _date_list(line, tz)
        else:
            raise RecurrenceError(f"unsupported recurrence line '{line}' (RRULE, EXDATE and RDATE only)")
    if rules != 1:
        raise RecurrenceError("a recurrence needs exactly one RRULE line")


def occurrences(recurrence: list[str], start_utc: dt.datetime, tz: str, *, window_end_utc: dt.datetime,
                all_day: bool = False, limit: int = MAX_OCCURRENCES) -> list[dt.datetime]:
    """Start times of every occurrence up to window_end (exclusive), honouring COUNT/UNTIL/EXDATE/RDATE.

    Timed events: `start_utc` is the master's UTC start; returns naive UTC starts.
    All-day events: `start_utc` is the first date at midnight; returns dates at midnight.
    """
    rrule = next((parse_rule(ln) for ln in recurrence if ln.upper().startswith("RRULE:")), None)
    exdates: set[dt.datetime] = set()
    rdates: list[dt.datetime] = []
    for line in recurrence:
        up = line.upper()
        if up.startswith("EXDATE") or up.startswith("RDATE"):
            vals = [(v if not is_date or all_day else v) for v, is_date in _date_list(line, tz)]
            (exdates.update(vals) if up.startswith("EXDATE") else rdates.extend(vals))
    local_start = start_utc if all_day else to_local(start_utc, tz)
    out: list[dt.datetime] = []
    if rrule is None:
        out.append(start_utc)
    else:
        n = 0
        for cand in _candidates(rrule, local_start):
            if cand < local_start:
                continue
            inst = cand if all_day else to_utc(cand, tz)
            if rrule.until is not None:
                limit_at = rrule.until if not rrule.until_is_date else (
                    rrule.until + dt.timedelta(days=1) - dt.timedelta(seconds=1))
                if (cand if all_day or rrule.until_is_date else inst) > limit_at:
                    break
            n += 1
            if rrule.count is not None and n > rrule.count:
                break
            if inst >= window_end_utc or n > limit:
                break
            out.append(inst)
    out.extend(r for r in rdates if r < window_end_utc and r not in out)
    return sorted(o for o in out if o not in exdates and not (all_day and dt.datetime(o.year, o.month, o.day) in exdates))

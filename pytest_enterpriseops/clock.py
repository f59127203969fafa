"""Business-hours arithmetic for SLA clocks, shared by domain tools and seeds."""

from __future__ import annotations

import datetime as dt


def add_business_minutes(start: dt.datetime, minutes: int, start_hour: int, end_hour: int,
                         weekdays_only: bool) -> dt.datetime:
    """Add `minutes` of covered time to `start` within a schedule's hours (naive UTC)."""
    if not weekdays_only and start_hour == 0 and end_hour == 24:
        return start + dt.timedelta(minutes=minutes)
    cur, left = start, minutes
    for _ in range(400):
        day_start = cur.replace(hour=start_hour, minute=0, second=0, microsecond=0)
        day_end = cur.replace(hour=0, minute=0, second=0, microsecond=0) + dt.timedelta(hours=end_hour)
        if (weekdays_only and cur.weekday() >= 5) or cur >= day_end:
            cur = (cur + dt.timedelta(days=1)).replace(hour=start_hour, minute=0, second=0, microsecond=0)
            continue
        if cur < day_start:
            cur = day_start
        avail = int((day_end - cur).total_seconds() // 60)
        if left <= avail:
            return cur + dt.timedelta(minutes=left)
        left -= avail
        cur = (cur + dt.timedelta(days=1)).replace(hour=start_hour, minute=0, second=0, microsecond=0)
    return cur

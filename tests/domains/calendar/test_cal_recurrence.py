import datetime as dt
import importlib.util
from pathlib import Path

import pytest

_p = Path(__file__).resolve().parents[3] / "tools" / "calendar" / "recurrence.py"
_spec = importlib.util.spec_from_file_location("cal_recurrence_under_test", _p)
rec = importlib.util.module_from_spec(_spec)
import sys  # noqa: E402
sys.modules[_spec.name] = rec
_spec.loader.exec_module(rec)


def test_weekly_keeps_wall_time_across_dst():
    occ = rec.occurrences(["RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3"], dt.datetime(2025, 10, 27, 13, 30), "America/New_York",
                          window_end_utc=dt.datetime(2026, 1, 1))
    assert occ == [dt.datetime(2025, 10, 27, 13, 30), dt.datetime(2025, 11, 3, 14, 30), dt.datetime(2025, 11, 10, 14, 30)]


def test_monthly_last_friday_with_exdate():
    occ = rec.occurrences(["RRULE:FREQ=MONTHLY;BYDAY=-1FR", "EXDATE;TZID=Europe/London:20251128T160000"],
                          dt.datetime(2025, 10, 31, 16, 0), "Europe/London", window_end_utc=dt.datetime(2026, 2, 1))
    assert [o.date() for o in occ] == [dt.date(2025, 10, 31), dt.date(2025, 12, 26), dt.date(2026, 1, 30)]


def test_until_and_interval():
    occ = rec.occurrences(["RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20251110T235959Z"], dt.datetime(2025, 11, 1, 9, 0), "UTC",
                          window_end_utc=dt.datetime(2026, 1, 1))
    assert [o.day for o in occ] == [1, 3, 5, 7, 9]


def test_monthly_bymonthday_negative():
    occ = rec.occurrences(["RRULE:FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3"], dt.datetime(2025, 1, 31, 12), "UTC",
                          window_end_utc=dt.datetime(2026, 1, 1))
    assert [o.date() for o in occ] == [dt.date(2025, 1, 31), dt.date(2025, 2, 28), dt.date(2025, 3, 31)]


@pytest.mark.parametrize("line", ["RRULE:FREQ=HOURLY", "RRULE:FREQ=WEEKLY;BYSETPOS=1", "RRULE:FREQ=WEEKLY;BYDAY=XX",
                                  "RRULE:FREQ=WEEKLY;COUNT=2;UNTIL=20251201", "RRULE:FREQ=WEEKLY;BYDAY=1MO"])
def test_unsupported_rules_are_refused(line):
    with pytest.raises(rec.RecurrenceError):
        rec.validate([line], "UTC")

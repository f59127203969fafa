"""The live progress line of a run: done / total, pass@1 so far, errors, tokens, cost, ETA.

One status line, redrawn in place (carriage return) on pytest's own terminal writer, in place of
pytest's progress dots: while it is shown, the per-test letters are suppressed (their outcome
still counts in pytest's statistics and its final summary). Anything else pytest writes during
the run starts on a new line below the status, which is then redrawn under it.

`--eops-progress=auto` shows it on a terminal at default verbosity (not under -q, and not under
-v, where pytest's per-test lines are the progress); `on` forces it (at verbosity <= 0, even when
the output is not a terminal); `off` never. It runs on the controller only: under xdist the
workers' results reach it as the `eops` record of each report (see session_state.finish_item).
"""

from __future__ import annotations

import time
from typing import Any

import pytest

REDRAW_EVERY = 0.1  # seconds between redraws (each finished task run redraws at once)


def _duration(secs: float) -> str:
    secs = int(secs)
    if secs >= 3600:
        return f"{secs // 3600}h{secs % 3600 // 60:02d}m"
    return f"{secs // 60}m{secs % 60:02d}s" if secs >= 60 else f"{secs}s"


def _tokens(n: int) -> str:
    if n >= 1_000_000:
        return f"{n / 1e6:.2f}M"
    return f"{n / 1e3:.1f}k" if n >= 1000 else str(n)


def tally(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The numbers of the line from the finished task runs' (compact) records.

    pass@1 is what the summary computes: the mean over tasks of each task's pass rate over its
    scored (passed or failed) runs; harness errors and not-judged runs are left out."""
    per_task: dict[str, list[bool]] = {}
    counts = {"passed": 0, "failed": 0, "error": 0, "other": 0}
    tokens, cost = 0, 0.0
    for r in records:
        outcome = r.get("outcome")
        counts[outcome if outcome in counts else "other"] += 1
        if outcome in ("passed", "failed"):
            per_task.setdefault(r["task_id"], []).append(outcome == "passed")
        u = r.get("usage") or {}
        tokens += int(u.get("input_tokens") or 0) + int(u.get("output_tokens") or 0)
        cost += float(u.get("cost") or 0.0)
    rates = [sum(v) / len(v) for v in per_task.values()]
    return {"done": len(records), **counts, "tokens": tokens, "cost": cost,
            "pass_at_1": sum(rates) / len(rates) if rates else None}


def status_line(t: dict[str, Any], total: int | None, elapsed: float) -> str:
    done = t["done"]
    p1 = "–" if t["pass_at_1"] is None else f"{100 * t['pass_at_1']:.1f}%"
    parts = [f"eops {done}/{total if total else '?'} done", f"pass@1 {p1}",
             f"{t['passed']} passed {t['failed']} failed {t['error']} errors",
             f"{_tokens(t['tokens'])} tok", f"${t['cost']:.2f}", _duration(elapsed)]
    if total and 0 < done < total:
        parts.append(f"ETA {_duration(elapsed / done * (total - done))}")
    return " · ".join(parts)


class LiveProgress:
    """Registered on the controller; decides at the start of the test loop whether to show itself."""

    def __init__(self, config: pytest.Config, state: Any):
        self.config = config
        self.state = state
        self.active = False
        self.tr: Any = None
        self.started = 0.0
        self._last_draw = 0.0
        self._width = 0

    def wanted(self, tr: Any) -> bool:
        mode = self.config.getoption("eops_progress")
        verbosity = self.config.get_verbosity()
        if mode == "off" or tr is None or verbosity > 0:
            return False
        return mode == "on" or (bool(tr.isatty) and verbosity == 0)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtestloop(self, session: pytest.Session):
        tr = self.config.pluginmanager.get_plugin("terminalreporter")
        if session.config.option.collectonly or not self.wanted(tr):
            return (yield)
        self.tr, self.active, self.started = tr, True, time.monotonic()
        tr.showfspath = False  # no "path " prefix before each file's results ...
        tr._show_progress_info = False  # ... and no "[ 40%]" at the end of the lines
        try:
            return (yield)
        finally:
            if self._width:  # drawn at least once (not when collection errors stopped the run before it began)
                self.draw(force=True)
                self.tr.write("\n")
                self.tr.currentfspath = None
            self.active = False

    @pytest.hookimpl(wrapper=True)
    def pytest_report_teststatus(self, report: pytest.TestReport, config: pytest.Config):
        res = yield
        if not self.active or not res:
            return res
        return (res[0], "", "")  # keep the category (pytest's statistics), drop the dot / word

    @pytest.hookimpl(trylast=True)  # after EopsState has added the task run's record
    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.active:
            self.draw(force=getattr(report, "eops", None) is not None or report.when == "???")

    def pytest_runtest_logstart(self, nodeid: str, location: Any) -> None:
        if self.active:
            self.draw()

    def draw(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last_draw < REDRAW_EVERY:
            return
        self._last_draw = now
        total = len(self.state.collected) or None
        line = status_line(tally(self.state.records), total, now - self.started)
        width = max(self.tr._tw.fullwidth - 1, 20)
        line = line[:width]
        if self.tr.isatty:  # erase to the end of the line (a terminal control, not a colour: kept under NO_COLOR)
            self.tr.write("\r" + line + "\x1b[K", flush=True)
        else:
            self.tr.write("\r" + line.ljust(self._width), flush=True)
        self._width = len(line)
        # Anything pytest writes before the next redraw (a warning, a crashed worker) starts on a
        # new line: ensure_newline() sees an unfinished line.
        self.tr.currentfspath = -2

"""CI gates: --eops-min-pass, --eops-baseline/--eops-max-drop and --eops-max-errors.

A gate never passes on nothing: a session that scored no task run (no agent, everything skipped or
deselected, interrupted before the first result) fails every gate it was asked for. Every gate
message shows the errors next to pass@1, and the pass rate with errors counted as failures.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


def parse_rate(text: str) -> float:
    """A rate between 0 and 1 ("0.9"), or a percentage written with % ("90%")."""
    raw = str(text).strip()
    try:
        value = float(raw[:-1]) / 100 if raw.endswith("%") else float(raw)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a rate: write 0.9 or 90%") from None
    if not 0.0 <= value <= 1.0 or value != value:
        hint = f" (did you mean {raw}%?)" if not raw.endswith("%") and 1 < float(raw) <= 100 else ""
        raise argparse.ArgumentTypeError(f"{text!r} is not a rate between 0 and 1 or a percentage "
                                         f"from 0% to 100%{hint}")
    return value


def parse_points(text: str) -> float:
    """Percentage points of pass@1, 0-100."""
    try:
        value = float(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of percentage points") from None
    if not 0.0 <= value <= 100.0:
        raise argparse.ArgumentTypeError(f"{text!r}: the allowed drop is 0 to 100 percentage points")
    return value


def parse_count(text: str) -> int:
    try:
        value = int(str(text).strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 0 or more")
    return value


def pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def errors_note(s: dict[str, Any]) -> str:
    """'(errors: 1 of 5 runs; pass@1 66.7% with errors counted as failures)' — follows every pass@1."""
    return (f"(errors: {s.get('errors', 0)} of {s.get('runs', 0)} runs; pass@1 "
            f"{pct(s.get('pass_at_1_errors_as_failures'))} with errors counted as failures)")


@dataclass
class GateResult:
    requested: bool
    ok: bool = True
    messages: list[str] = field(default_factory=list)
    comparison: dict[str, Any] | None = None

    def fail(self, message: str) -> None:
        self.ok = False
        self.messages.append("gate FAILED: " + message)


def evaluate(summary: dict[str, Any] | None, records: list[dict[str, Any]], *, min_pass: float | None,
             baseline: str | None, max_drop: float | None, max_errors: int, interrupted: bool,
             nothing_scored_hint: str = "") -> GateResult:
    res = GateResult(requested=min_pass is not None or baseline is not None)
    if not res.requested:
        return res
    overall = (summary or {}).get("overall") or {}
    scored = overall.get("scored_runs", 0)
    if interrupted:
        res.fail("the run was interrupted, so it cannot pass a gate")
    if not scored and not overall.get("errors"):
        res.fail("no task run was scored" + (f" — {nothing_scored_hint}" if nothing_scored_hint else ""))
        return res
    errors = overall.get("errors", 0)
    note = errors_note(overall)
    line = f"pass@1 {pct(overall.get('pass_at_1'))} {note}"
    if errors > max_errors:
        res.fail(f"{errors} task run(s) ended in a harness ERROR, more than --eops-max-errors {max_errors}; {line}")
    if min_pass is not None:
        p = overall.get("pass_at_1")
        if p is None or p < min_pass:
            res.fail(f"pass@1 {pct(p)} is below --eops-min-pass {pct(min_pass)} {note}")
        else:
            res.messages.append(f"gate passed: pass@1 {pct(p)} >= {pct(min_pass)} {note}")
    if baseline is not None:
        _baseline_gate(res, records, Path(baseline), max_drop, line)
    return res


def _baseline_gate(res: GateResult, records: list[dict[str, Any]], path: Path, max_drop: float | None,
                   line: str) -> None:
    from .stats import paired_comparison

    try:
        base = load_baseline(path)
    except (OSError, ValueError) as exc:
        res.fail(f"--eops-baseline {path}: cannot be read ({exc})")
        return
    cmp = paired_comparison(records, base)
    res.comparison = cmp
    if not cmp["shared_tasks"]:
        res.fail(f"--eops-baseline {path} shares no task with this run; {line}")
        return
    drop = -cmp["difference"] * 100
    allowed = max_drop if max_drop is not None else 0.0
    sig = "significant" if cmp["significant"] else "not significant"
    desc = (f"vs baseline over {cmp['shared_tasks']} shared tasks (errors counted as failures): "
            f"{pct(cmp['current'])} vs {pct(cmp['baseline'])} ({-drop:+.1f} points, p={cmp['p_value']:.3g}, {sig}); "
            f"{len(cmp['regressed'])} regressed, {len(cmp['improved'])} improved; errors {cmp['errors_current']} "
            f"vs {cmp['errors_baseline']} on shared tasks; this run: {line}")
    if drop > allowed + 1e-9:
        res.fail(f"drop of {drop:.1f} points exceeds --eops-max-drop {allowed:g}. {desc}")
    else:
        res.messages.append(f"gate passed: {desc}")


def load_baseline(path: Path) -> list[dict[str, Any]]:
    """Per-task records of a baseline: a results directory, or a summary.json written by this plugin."""
    from .results import load_records

    if path.is_dir():
        return load_records(path)
    data = json.loads(path.read_text())
    return [dict(t, feasible=True, verifiers=[], usage={}, gold_steps=0, tags=[]) for t in data.get("tasks", [])]

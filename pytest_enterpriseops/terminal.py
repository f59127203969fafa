"""The end-of-session summary table (rich)."""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console
from rich.table import Table

CATS = ("completion", "integrity", "policy", "side_effect")


def _pct(x: Any) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _main_row(name: str, s: dict[str, Any], k: Any) -> list[str]:
    ci = s.get("pass_at_1_ci95")
    cells = [name, str(s["tasks"]), str(s["runs"]), _pct(s["pass_at_1"]),
             f"{_pct(ci[0])}–{_pct(ci[1])}" if ci else "–", str(s["errors"]),
             _pct(s.get("pass_at_1_errors_as_failures"))]
    if k:
        cells.append(_pct(s.get("pass_hat_k")))
    cells += [_pct(s["infeasible_refusal_rate"]), "–" if s["mean_steps"] is None else f"{s['mean_steps']:.1f}",
              f"{s['tokens_per_task']:.0f}", f"{s['cost_per_task']:.4f}"]
    return cells


def _table(headers: list[str]) -> Table:
    t = Table(header_style="bold", pad_edge=False)
    for i, col in enumerate(headers):
        t.add_column(col, justify="left" if i == 0 else "right", no_wrap=True)
    return t


def render_summary(summary: dict[str, Any], width: int = 120, color: bool = False) -> str:
    overall = summary["overall"]
    k = overall.get("k")
    rows = list(summary["domains"].items())
    if len(rows) > 1:
        rows.append(("overall", overall))
    main = _table(["domain", "tasks", "runs", "pass@1%", "95% CI", "errors", "err=fail%"]
                  + ([f"pass^{k}%"] if k else []) + ["refuse%", "steps", "tok/task", "$/task"])
    cats = _table(["domain", "verifiers%", *[f"{c}%" for c in CATS]])
    for name, s in rows:
        main.add_row(*_main_row(name, s, k))
        cats.add_row(name, _pct(s["verifier_pass_rate"]), *[_pct(s["category_pass_rate"].get(c)) for c in CATS])
    buf = io.StringIO()
    console = Console(file=buf, width=max(width, 120), force_terminal=color,
                      color_system="standard" if color else None, highlight=False)
    console.print(main)
    console.print("verifier pass rate by category:")
    console.print(cats)
    out = buf.getvalue()
    out += (f"overall: pass@1 {_pct(overall['pass_at_1'])}% with {overall['errors']} error(s) of {overall['runs']} "
            f"run(s); {_pct(overall.get('pass_at_1_errors_as_failures'))}% with errors counted as failures "
            "(err=fail)\n")
    if overall["errors"]:
        out += f"harness errors (excluded from pass@1): {', '.join(overall['error_tasks'])}\n"
    if overall.get("not_judged"):
        out += f"not judged (skipped; need --judge): {overall['not_judged']} run(s)\n"
    if summary.get("interrupted"):
        by = f" by {summary['interrupted_by']}" if summary.get("interrupted_by") else ""
        out += f"the run was interrupted{by}: the summary covers the task runs that finished\n"
    not_run = summary.get("not_run") or []
    if not_run:
        names = ", ".join(f"{t['task_id']}[r{t['run_index']}]" for t in not_run[:20])
        more = f" … and {len(not_run) - 20} more" if len(not_run) > 20 else ""
        out += f"not run (no result): {len(not_run)} task run(s): {names}{more}\n"
    return out

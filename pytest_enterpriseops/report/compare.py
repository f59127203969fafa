"""Paired comparison of two runs (B against A), per domain and overall, and its terminal rendering."""

from __future__ import annotations

import io
from typing import Any

from ..stats import paired_comparison, task_pass_rates
from .data import Run
from .metrics import group_by


def compare_runs(a: Run, b: Run) -> dict[str, Any]:
    """B − A: the paired difference of pass@1 over the tasks both ran, per domain and overall.

    `stats.paired_comparison(current=B, baseline=A)` gives each row (mean difference, 95% interval,
    exact sign test on the tasks that moved); ERROR runs count as failures there, so a task that went
    from passed to error moved. Flipped tasks carry both pass rates and whether an error was involved.
    """
    rows: dict[str, dict[str, Any]] = {}
    a_dom, b_dom = group_by(a.records, "domain"), group_by(b.records, "domain")
    for d in sorted(set(a_dom) | set(b_dom)):
        rows[d] = paired_comparison(b_dom.get(d, []), a_dom.get(d, []))
    overall = paired_comparison(b.records, a.records)
    ra, rb = task_pass_rates(a.records, True), task_pass_rates(b.records, True)
    domain_of = {r["task_id"]: r["domain"] for r in a.records + b.records}
    err_a = {r["task_id"] for r in a.records if r["outcome"] == "error"}
    err_b = {r["task_id"] for r in b.records if r["outcome"] == "error"}

    def flips(ids: list[str]) -> list[dict[str, Any]]:
        return [{"task_id": t, "domain": domain_of.get(t, "?"), "a": ra[t], "b": rb[t],
                 "a_error": t in err_a, "b_error": t in err_b} for t in ids]

    only_a = sorted(set(ra) - set(rb))
    only_b = sorted(set(rb) - set(ra))
    return {"a": a.label, "b": b.label, "a_path": str(a.path), "b_path": str(b.path),
            "domains": rows, "overall": overall,
            "improved": flips(overall["improved"]), "regressed": flips(overall["regressed"]),
            "only_a": only_a, "only_b": only_b}


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f}"


def _pts(x: float) -> str:
    return f"{100 * x:+.1f}"


def verdict(c: dict[str, Any]) -> str:
    if not c["shared_tasks"]:
        return "no shared tasks"
    if not c["improved"] and not c["regressed"]:
        return "no task moved"
    if not c["significant"]:
        return "not significant"
    return "B better" if c["difference"] > 0 else "B worse"


def _err_mark(f: dict[str, Any]) -> str:
    marks = [side for side, key in (("A", "a_error"), ("B", "b_error")) if f.get(key)]
    return f" (error in {' and '.join(marks)})" if marks else ""


def render_compare(cmp: dict[str, Any], width: int = 120, color: bool = False, max_list: int = 50) -> str:
    """The terminal view (rich): one row per domain plus overall, then the tasks that flipped each way."""
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    con = Console(file=buf, width=max(width, 100), force_terminal=color, color_system="standard" if color else None,
                  highlight=False)
    con.print(f"[bold]A[/bold] = {cmp['a']}  ({cmp['a_path']})")
    con.print(f"[bold]B[/bold] = {cmp['b']}  ({cmp['b_path']})")
    if not cmp["overall"]["shared_tasks"]:
        con.print(f"[bold]no shared tasks[/bold]: A ran {len(cmp['only_a'])} task(s), B ran {len(cmp['only_b'])}, "
                  "none of them in both — there is nothing to compare")
        return buf.getvalue()
    t = Table(header_style="bold", pad_edge=False,
              title="pass@1, B − A over shared tasks (paired; errors count as failures)")
    for i, col in enumerate(["domain", "shared", "A %", "B %", "A err", "B err", "B−A pts", "95% CI", "up", "down",
                             "p", "verdict"]):
        t.add_column(col, justify="left" if i in (0, 11) else "right", no_wrap=True)
    rows = list(cmp["domains"].items())
    if len(rows) != 1:
        rows.append(("overall", cmp["overall"]))
    for name, c in rows:
        v = verdict(c)
        if not c["shared_tasks"]:
            t.add_row(name, "0", *["–"] * 9, v)
            continue
        lo, hi = c["difference_ci95"]
        style = "green" if v == "B better" else "red" if v == "B worse" else None
        t.add_row(name, str(c["shared_tasks"]), _pct(c["baseline"]), _pct(c["current"]), str(c["errors_baseline"]),
                  str(c["errors_current"]), _pts(c["difference"]), f"{_pts(lo)} … {_pts(hi)}",
                  str(len(c["improved"])), str(len(c["regressed"])), f"{c['p_value']:.3g}", v, style=style)
    con.print(t)
    for key, title, style in (("regressed", "worse in B", "red"), ("improved", "better in B", "green")):
        items = cmp[key]
        con.print(f"[bold {style}]{len(items)} task(s) {title}[/bold {style}]" + (":" if items else ""))
        for f in items[:max_list]:
            con.print(f"  {f['task_id']}  [dim]{f['domain']}[/dim]  {_pct(f['a'])}% → {_pct(f['b'])}%{_err_mark(f)}")
        if len(items) > max_list:
            con.print(f"  … and {len(items) - max_list} more")
    if cmp["only_a"] or cmp["only_b"]:
        con.print(f"[dim]not compared: {len(cmp['only_a'])} task(s) ran only in A, "
                  f"{len(cmp['only_b'])} only in B[/dim]")
    con.print("[dim]A task moved when its pass rate over its runs differs (an ERROR run counts as a failure, so "
              "passed → error is a regression); p is the exact two-sided sign test on the tasks that moved; the "
              "interval is a normal approximation over shared tasks.[/dim]")
    return buf.getvalue()

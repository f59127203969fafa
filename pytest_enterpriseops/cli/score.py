"""`eops score DIR…`: re-print the summary of saved runs; with two runs, a paired comparison."""

from __future__ import annotations

import json
from pathlib import Path

from ..results import load_records
from ..stats import paired_comparison, summarize_by_domain
from ..terminal import render_summary


def run_score(dirs: list[str], as_json: bool = False) -> int:
    runs = []
    for d in dirs:
        path = Path(d)
        if not (path / "tasks").is_dir():
            print(f"eops score: {d} is not a results directory (no tasks/ folder)")
            return 2
        runs.append((d, load_records(path)))
    out = {}
    for name, records in runs:
        summary = summarize_by_domain(records)
        out[name] = summary
        if not as_json:
            print(f"== {name}")
            print(render_summary(summary, width=120))
    if len(runs) == 2:
        cmp = paired_comparison(runs[1][1], runs[0][1])
        out["comparison"] = cmp
        if not as_json:
            print(comparison_text(runs[1][0], runs[0][0], cmp))
    if as_json:
        print(json.dumps(out, indent=1, default=str))
    return 0


def comparison_text(current: str, baseline: str, cmp: dict) -> str:
    if not cmp["shared_tasks"]:
        return f"== {current} vs {baseline}: no shared tasks (the runs have no task in common; nothing to compare)"
    lo, hi = cmp["difference_ci95"]
    lines = [f"== {current} vs {baseline} over {cmp['shared_tasks']} shared tasks (errors counted as failures): "
             f"{100 * cmp['baseline']:.1f}% -> {100 * cmp['current']:.1f}%, {cmp['difference'] * 100:+.1f} points "
             f"(95% CI {lo * 100:+.1f}..{hi * 100:+.1f}), p={cmp['p_value']:.3g}"
             f"{' (significant)' if cmp['significant'] else ''}; errors {cmp['errors_baseline']} -> "
             f"{cmp['errors_current']}",
             f"   improved: {', '.join(cmp['improved']) or '-'}",
             f"   regressed: {', '.join(cmp['regressed']) or '-'}"]
    if cmp.get("to_error") or cmp.get("from_error"):
        lines.append(f"   passed -> error: {', '.join(cmp['to_error']) or '-'}; "
                     f"error -> passed: {', '.join(cmp['from_error']) or '-'}")
    return "\n".join(lines)

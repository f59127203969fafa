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
            print(f"== {runs[1][0]} vs {runs[0][0]} over {cmp['shared_tasks']} shared tasks: "
                  f"{cmp['difference'] * 100:+.1f} points (95% CI {cmp['difference_ci95'][0] * 100:+.1f}.."
                  f"{cmp['difference_ci95'][1] * 100:+.1f}), p={cmp['p_value']:.3g}"
                  f"{' (significant)' if cmp['significant'] else ''}")
            print(f"   improved: {', '.join(cmp['improved']) or '-'}")
            print(f"   regressed: {', '.join(cmp['regressed']) or '-'}")
    if as_json:
        print(json.dumps(out, indent=1, default=str))
    return 0

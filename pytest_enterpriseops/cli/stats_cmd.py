"""`eops stats`: the benchmark's shape, to hold against the paper's."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from .. import sandbox
from ..domains import Benchmark
from .discover import load_all


def _rows(bench: Benchmark, domains: list[str]) -> int:
    db = sandbox.TaskDatabase(sandbox.template(bench, domains))
    try:
        cur = db.read_cursor("start")
        tables = sandbox.tables_of(cur)
        return sum(cur.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in tables)
    finally:
        db.close()


def compute_stats(path: str) -> dict[str, Any]:
    tasks, errors = load_all(path)
    by_domain: dict[str, list] = defaultdict(list)
    benches: dict[str, Benchmark] = {}
    for task, bench in tasks:
        by_domain[task.domain or "hybrid"].append(task)
        for d in task.domain_list:
            benches[d] = bench
    covered = sorted(benches)
    tools = {n for d in covered for n in benches[d].domains[d].tools}
    table_names = [t for d in covered for t in benches[d].domains[d].schema.tables]
    fks = sum(len(benches[d].domains[d].relationships) for d in covered)
    rows = {d: _rows(benches[d], [d]) for d in covered}
    steps = [len(t.solution) for t, _ in tasks]

    def group(ts: list) -> dict[str, Any]:
        st = [len(t.solution) for t in ts]
        return {"tasks": len(ts), "infeasible": sum(not t.feasible for t in ts),
                "mean_steps": sum(st) / len(st) if st else 0, "max_steps": max(st, default=0),
                "share_12_plus": sum(s >= 12 for s in st) / len(st) if st else 0,
                "mean_verifiers": sum(len(t.verifiers) for t in ts) / len(ts) if ts else 0}

    per_domain = {}
    for d in covered:
        dom = benches[d].domains[d]
        n_tables = len(dom.schema.tables)
        per_domain[d] = {**group(by_domain.get(d, [])), "tools": len(dom.tools), "tables": n_tables,
                         "mean_fk_per_table": len(dom.relationships) / n_tables if n_tables else 0,
                         "rows": rows[d]}
    if "hybrid" in by_domain:
        per_domain["hybrid"] = group(by_domain["hybrid"])
    return {"domains": covered, "tasks": len(tasks), "tools": len(tools), "tables": len(table_names),
            "infeasible": sum(not t.feasible for t, _ in tasks),
            "mean_steps": sum(steps) / len(steps) if steps else 0, "max_steps": max(steps, default=0),
            "mean_verifiers": sum(len(t.verifiers) for t, _ in tasks) / len(tasks) if tasks else 0,
            "mean_fk_per_table": fks / len(table_names) if table_names else 0,
            "rows": max(rows.values(), default=0), "rows_by_domain": rows,
            "per_domain": per_domain, "invalid_files": errors}


def run_stats(path: str, as_json: bool = False) -> int:
    s = compute_stats(path)
    if as_json:
        print(json.dumps(s, indent=1))
        return 0
    from rich.console import Console
    from rich.table import Table

    t = Table(title=f"enterpriseops benchmark shape: {path}", header_style="bold")
    cols = ["domain", "tasks", "infeasible", "tools", "tables", "FK/table", "rows/task", "mean steps",
            "max steps", "≥12 steps", "verifiers/task"]
    for c in cols:
        t.add_column(c, justify="left" if c == "domain" else "right")
    for d, g in s["per_domain"].items():
        t.add_row(d, str(g["tasks"]), str(g["infeasible"]), str(g.get("tools", "–")), str(g.get("tables", "–")),
                  f"{g['mean_fk_per_table']:.2f}" if "mean_fk_per_table" in g else "–", str(g.get("rows", "–")),
                  f"{g['mean_steps']:.1f}", str(g["max_steps"]), f"{100 * g['share_12_plus']:.0f}%",
                  f"{g['mean_verifiers']:.1f}")
    t.add_row("all", str(s["tasks"]), str(s["infeasible"]), str(s["tools"]), str(s["tables"]),
              f"{s['mean_fk_per_table']:.2f}", str(s["rows"]), f"{s['mean_steps']:.1f}", str(s["max_steps"]), "",
              f"{s['mean_verifiers']:.1f}", style="bold")
    Console(width=140).print(t)
    for e in s["invalid_files"]:
        print("invalid:", e)
    return 1 if s["invalid_files"] else 0

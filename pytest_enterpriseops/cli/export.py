"""`eops export DIR... --csv FILE --parquet FILE`: one row per task run of saved runs, for a dataframe.

Result files are read with `results.load_records`; the Parquet file is written by DuckDB (typed columns,
tags as a list), so there is no pandas dependency.
"""

from __future__ import annotations

import argparse
import csv
import json
from pathlib import Path
from typing import Any

CATEGORIES = ("completion", "integrity", "policy", "side_effect")

# (column, DuckDB type) in output order; the per-category columns hold "passed/total" ("" when none)
COLUMNS: list[tuple[str, str]] = [
    ("run_dir", "VARCHAR"), ("agent", "VARCHAR"), ("task_id", "VARCHAR"), ("run_index", "INTEGER"),
    ("domain", "VARCHAR"), ("tags", "VARCHAR[]"), ("feasible", "BOOLEAN"), ("outcome", "VARCHAR"),
    ("error", "VARCHAR"), ("steps", "INTEGER"), ("gold_steps", "INTEGER"), ("tokens_in", "BIGINT"),
    ("tokens_out", "BIGINT"), ("cost", "DOUBLE"),
    *[(c, "VARCHAR") for c in CATEGORIES],
    ("verifiers", "VARCHAR"),
]


def add_parser(sub: Any) -> None:
    p = sub.add_parser("export", help="one row per task run of saved runs, as CSV and/or Parquet")
    p.add_argument("dirs", nargs="+", help="run directories (each with run.json and tasks/*.json)")
    p.add_argument("--csv", dest="csv_path", default=None, help="write a CSV file")
    p.add_argument("--parquet", dest="parquet_path", default=None, help="write a Parquet file (via DuckDB)")


def _count(verifiers: list[dict[str, Any]], category: str) -> str:
    mine = [v for v in verifiers if v.get("category") == category]
    return f"{sum(bool(v.get('passed')) for v in mine)}/{len(mine)}" if mine else ""


def row_of(run_dir: Path, agent: str | None, rec: dict[str, Any]) -> dict[str, Any]:
    usage = rec.get("usage") or {}
    verifiers = rec.get("verifiers") or []
    verdicts = [{"name": v.get("name"), "category": v.get("category"), "passed": v.get("passed"),
                 "builtin": v.get("builtin", False), "expected": v.get("expected"), "actual": v.get("actual"),
                 "message": v.get("message") or ""} for v in verifiers]
    row: dict[str, Any] = {
        "run_dir": str(run_dir), "agent": agent, "task_id": rec["task_id"], "run_index": rec.get("run_index", 1),
        "domain": rec.get("domain"), "tags": list(rec.get("tags") or []), "feasible": rec.get("feasible"),
        "outcome": rec.get("outcome"), "error": rec.get("error"), "steps": rec.get("steps", 0),
        "gold_steps": rec.get("gold_steps", 0), "tokens_in": usage.get("input_tokens", 0),
        "tokens_out": usage.get("output_tokens", 0), "cost": usage.get("cost", 0.0),
    }
    row.update({c: _count(verifiers, c) for c in CATEGORIES})
    row["verifiers"] = json.dumps(verdicts, default=str)
    return row


def collect_rows(dirs: list[str]) -> list[dict[str, Any]]:
    from ..results import load_records

    rows = []
    for d in dirs:
        path = Path(d)
        if not (path / "tasks").is_dir():
            raise SystemExit(f"eops export: {d} is not a run directory (no tasks/ in it)")
        run_json = path / "run.json"
        agent = json.loads(run_json.read_text()).get("agent") if run_json.is_file() else None
        rows.extend(row_of(path, agent, rec) for rec in load_records(path))
    return rows


def write_csv(rows: list[dict[str, Any]], path: Path) -> None:
    with open(path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow([c for c, _ in COLUMNS])
        for r in rows:
            w.writerow([";".join(r[c]) if c == "tags" else "" if r[c] is None else r[c] for c, _ in COLUMNS])


def write_parquet(rows: list[dict[str, Any]], path: Path) -> None:
    import duckdb

    con = duckdb.connect()
    try:
        con.execute("CREATE TABLE runs (" + ", ".join(f'"{c}" {t}' for c, t in COLUMNS) + ")")
        if rows:
            con.executemany(f"INSERT INTO runs VALUES ({', '.join('?' for _ in COLUMNS)})",
                            [[r[c] for c, _ in COLUMNS] for r in rows])
        con.execute("COPY runs TO ? (FORMAT parquet)", [str(path)])
    finally:
        con.close()


def run_export(args: argparse.Namespace) -> int:
    if not args.csv_path and not args.parquet_path:
        print("eops export: give --csv FILE and/or --parquet FILE")
        return 2
    rows = collect_rows(args.dirs)
    for target, write in ((args.csv_path, write_csv), (args.parquet_path, write_parquet)):
        if target:
            write(rows, Path(target))
            print(f"wrote {len(rows)} task runs to {target}")
    return 0

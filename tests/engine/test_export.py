"""eops export: real runs (oracle and noop on the fixture bench) to CSV and Parquet, one row per task run."""

from __future__ import annotations

import csv
import json

import duckdb

from pytest_enterpriseops.cli.main import main


def _runs(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--runs", "2", "--eops-out", "gold").assert_outcomes(passed=10)
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-out", "noop")
    assert res.ret == 1
    return bench / "gold", bench / "noop"


def test_export_csv_and_parquet_one_row_per_task_run(bench, pytester, capsys):
    gold, noop = _runs(bench, pytester)
    out_csv, out_pq = bench / "runs.csv", bench / "runs.parquet"
    assert main(["export", str(gold), str(noop), "--csv", str(out_csv), "--parquet", str(out_pq)]) == 0
    assert "wrote 15 task runs" in capsys.readouterr().out
    rows = list(csv.DictReader(out_csv.open()))
    assert len(rows) == 15
    assert sorted((r["task_id"], r["run_index"]) for r in rows if r["run_dir"] == str(gold)) == sorted(
        (p.stem.rsplit(".r", 1)[0], p.stem.rsplit(".r", 1)[1]) for p in (gold / "tasks").glob("*.json"))
    g = {(r["run_dir"], r["task_id"], r["run_index"]): r for r in rows}
    lead_gold = g[(str(gold), "demo-assign-to-lead", "2")]
    lead_noop = g[(str(noop), "demo-assign-to-lead", "1")]
    assert lead_gold["agent"] == "oracle" and lead_noop["agent"] == "noop"
    assert (lead_gold["outcome"], lead_noop["outcome"]) == ("passed", "failed")
    assert lead_gold["domain"] == "demo" and lead_gold["tags"] == "assignment" and lead_gold["feasible"] == "True"
    assert (lead_gold["steps"], lead_gold["gold_steps"], lead_noop["steps"]) == ("4", "4", "0")
    assert lead_gold["completion"] == "3/3" and lead_noop["completion"] == "0/3"
    record = json.loads((noop / "tasks" / "demo-assign-to-lead.r1.json").read_text())
    verdicts = json.loads(lead_noop["verifiers"])
    assert [(v["name"], v["passed"]) for v in verdicts] == [(v["name"], v["passed"]) for v in record["verifiers"]]
    assigned = next(v for v in verdicts if v["name"] == "assigned to the team lead")
    assert assigned["expected"] == "U004" and assigned["actual"] is None
    side = [v for v in record["verifiers"] if v["category"] == "side_effect"]
    assert lead_noop["side_effect"] == f"{sum(v['passed'] for v in side)}/{len(side)}"
    assert lead_gold["integrity"].endswith("/" + str(sum(
        v["category"] == "integrity" for v in json.loads(lead_gold["verifiers"]))))

    con = duckdb.connect()
    pq = con.execute("SELECT task_id, run_index, tags, feasible, steps, cost, completion, outcome "
                     f"FROM read_parquet('{out_pq}') WHERE run_dir = ? ORDER BY task_id, run_index",
                     [str(noop)]).fetchall()
    assert len(pq) == 5 and pq[0][0] == "demo-assign-to-lead"
    assert pq[0][2] == ["assignment"] and pq[0][3] is True and pq[0][4] == 0 and pq[0][5] == 0.0
    assert pq[0][6] == "0/3" and pq[0][7] == "failed"
    types = dict(con.execute(f"SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('{out_pq}'))")
                 .fetchall())
    assert types["run_index"] == "INTEGER" and types["tags"] == "VARCHAR[]" and types["cost"] == "DOUBLE"
    assert con.execute(f"SELECT count(*) FROM read_parquet('{out_pq}')").fetchone()[0] == 15


def test_export_needs_an_output_and_a_run_directory(bench, capsys):
    assert main(["export", str(bench)]) == 2
    assert "--csv FILE" in capsys.readouterr().out
    try:
        main(["export", str(bench / "nowhere"), "--csv", str(bench / "x.csv")])
    except SystemExit as exc:
        assert "not a run directory" in str(exc)
    else:
        raise AssertionError("exporting a directory without tasks/ must fail")
    assert not (bench / "x.csv").exists()


def test_export_a_shipped_domain_run(tmp_path, capsys):
    import subprocess
    import sys
    from pathlib import Path

    import pytest

    repo = Path(__file__).resolve().parents[2]
    task = repo / "tasks" / "itsm" / "itsm-cancel-mistaken-mailbox-full.yaml"
    if not task.exists():
        pytest.skip("needs the shipped itsm task")
    out = tmp_path / "run"
    res = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", str(task),
                          "--agent=oracle", "--eops-out", str(out)], cwd=repo, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout[-2000:]
    target = tmp_path / "itsm.csv"
    assert main(["export", str(out), "--csv", str(target)]) == 0
    (row,) = list(csv.DictReader(target.open()))
    record = json.loads((out / "tasks" / "itsm-cancel-mistaken-mailbox-full.r1.json").read_text())
    assert (row["task_id"], row["domain"], row["outcome"], row["agent"]) == (
        "itsm-cancel-mistaken-mailbox-full", "itsm", "passed", "oracle")
    assert int(row["steps"]) == int(row["gold_steps"]) == record["gold_steps"] > 0
    assert len(json.loads(row["verifiers"])) == len(record["verifiers"]) > 0
    assert all(row[c].split("/")[0] == row[c].split("/")[1] for c in ("completion", "side_effect"))

"""The report's own numbers: horizon curve, Pareto front, per-domain paired comparison, payload, loading."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from pytest_enterpriseops import stats
from pytest_enterpriseops.report import metrics, payload
from pytest_enterpriseops.report.compare import compare_runs, render_compare, verdict
from pytest_enterpriseops.report.data import Run, assign_labels, expand_dirs, load_run, ReportError


def rec(tid, outcome, *, run=1, domain="d1", gold=2, feasible=True, cost=0.0, verifiers=None, tags=()):
    return {"task_id": tid, "run_index": run, "domain": domain, "outcome": outcome, "gold_steps": gold,
            "feasible": feasible, "steps": gold, "tags": list(tags), "usage": {"cost": cost, "input_tokens": 10,
                                                                              "output_tokens": 5},
            "verifiers": verifiers if verifiers is not None else
            [{"name": "v", "category": "completion", "passed": outcome == "passed", "builtin": False}]}


def make_run(records, name="r", agent="a", options=None) -> Run:
    return Run(path=Path(f"/runs/{name}"), info={"agent": agent, "options": options or {}}, records=records)


# -- metrics ------------------------------------------------------------------

def test_mean_se():
    assert metrics.mean_se([1.0]) == (1.0, 0.0)
    m, se = metrics.mean_se([1.0, 0.0])
    assert m == 0.5 and se == pytest.approx(math.sqrt(0.5) / math.sqrt(2))
    assert all(math.isnan(x) for x in metrics.mean_se([]))


def test_task_rates_exclude_errors_and_not_judged():
    recs = [rec("a", "passed", run=1), rec("a", "failed", run=2), rec("a", "error", run=3),
            rec("b", "not_judged"), rec("c", "error")]
    assert metrics.task_rates(recs) == {"a": 0.5}


def test_horizon_bins_exact_when_few_lengths():
    assert metrics.horizon_bins([3, 1, 1, 8]) == [(1, 1), (3, 3), (8, 8)]


def test_horizon_bins_grouped_when_many_lengths():
    bins = metrics.horizon_bins(list(range(1, 40)))
    assert bins[0] == (1, 1) and bins[4] == (5, 6) and bins[-1] == (31, 50)
    covered = [x for x in range(1, 40) if any(lo <= x and (hi is None or x <= hi) for lo, hi in bins)]
    assert covered == list(range(1, 40))
    assert metrics.horizon_bins([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 60])[0] == (0, 0)
    assert metrics.horizon_bins(list(range(1, 14)) + [60])[-1] == (51, None)


def test_horizon_curve_means_and_standard_errors():
    recs = [rec("a", "passed", gold=1), rec("b", "failed", gold=1),                      # bin 1: 1, 0
            rec("c", "passed", gold=4, run=1), rec("c", "failed", gold=4, run=2),       # bin 4: 0.5 (one task)
            rec("x", "passed", gold=0, feasible=False),                                  # infeasible: left out
            rec("e", "error", gold=4)]                                                   # error: left out
    pts = metrics.horizon_curve(recs)
    assert [(p.label, p.n) for p in pts] == [("1", 2), ("4", 1)]
    assert pts[0].mean == 0.5 and pts[0].se == pytest.approx(0.5)
    assert pts[1].mean == 0.5 and pts[1].se == 0.0
    # shared bins from another run: the empty bin is skipped, labels are ranges
    pts2 = metrics.horizon_curve(recs, bins=[(1, 2), (3, 3), (4, None)])
    assert [p.label for p in pts2] == ["1–2", "4+"]


def test_pareto_front():
    pts = [(0.1, 50.0), (0.2, 60.0), (0.15, 40.0), (0.3, 60.0), (0.05, 50.0), (0.05, 50.0), (0.4, 90.0)]
    front = metrics.pareto_front(pts)
    assert [pts[i] for i in front] == [(0.05, 50.0), (0.2, 60.0), (0.4, 90.0)]
    assert metrics.pareto_front([(0.0, math.nan), (1.0, 10.0)]) == [1]


def test_cost_success_uses_stats_summary():
    recs = [rec("a", "passed", cost=0.2), rec("b", "failed", cost=0.4)]
    p = metrics.cost_success(recs)
    s = stats.summarize(recs)
    assert p["cost"] == pytest.approx(0.3) and p["pass_at_1"] == 0.5 and p["ci"] == s["pass_at_1_ci95"]


def test_category_by_domain_and_failed_categories():
    v = [{"name": "x", "category": "policy", "passed": False, "builtin": False},
         {"name": "y", "category": "completion", "passed": True, "builtin": False},
         {"name": "z", "category": "side_effect", "passed": None, "builtin": False}]
    recs = [rec("a", "failed", domain="d1", verifiers=v), rec("b", "passed", domain="d2")]
    summary = stats.summarize_by_domain(recs)
    names, rows = metrics.category_by_domain(summary, ["completion", "policy"])
    assert names == ["d1", "d2", "overall"]
    assert rows == [[1.0, 0.0], [1.0, None], [1.0, 0.0]]
    assert metrics.failed_categories(recs[0]) == ["policy"]
    assert metrics.verifier_counts(recs[0]) == (1, 2)


# -- compare ------------------------------------------------------------------

def comparison_runs():
    a = [rec("t1", "passed"), rec("t2", "failed"), rec("t3", "passed", domain="d2"), rec("t4", "passed", domain="d2"),
         rec("only-a", "passed")]
    b = [rec("t1", "failed"), rec("t2", "passed"), rec("t3", "passed", domain="d2"), rec("t4", "failed", domain="d2"),
         rec("only-b", "failed", domain="d2")]
    return make_run(a, "a", "model-a"), make_run(b, "b", "model-b")


def test_compare_runs_per_domain_matches_stats():
    ra, rb = comparison_runs()
    assign_labels([ra, rb])
    cmp = compare_runs(ra, rb)
    assert cmp["overall"] == stats.paired_comparison(rb.records, ra.records)
    d1, d2 = cmp["domains"]["d1"], cmp["domains"]["d2"]
    assert d1["shared_tasks"] == 2 and d1["difference"] == 0.0 and d1["improved"] == ["t2"]
    assert d1["regressed"] == ["t1"]
    assert d2["shared_tasks"] == 2 and d2["difference"] == -0.5 and d2["regressed"] == ["t4"]
    assert cmp["overall"]["shared_tasks"] == 4
    assert [f["task_id"] for f in cmp["regressed"]] == ["t1", "t4"]
    assert cmp["regressed"][1] == {"task_id": "t4", "domain": "d2", "a": 1.0, "b": 0.0, "a_error": False,
                                   "b_error": False}
    assert cmp["only_a"] == ["only-a"] and cmp["only_b"] == ["only-b"]
    text = render_compare(cmp)
    assert "2 task(s) worse in B" in text and "t4" in text and "overall" in text and "model-a" in text


def test_verdict():
    base = {"shared_tasks": 10, "improved": ["x"] * 9, "regressed": [], "significant": True, "difference": 0.9}
    assert verdict(base) == "B better"
    assert verdict({**base, "difference": -0.9}) == "B worse"
    assert verdict({**base, "significant": False}) == "not significant"
    assert verdict({**base, "improved": []}) == "no task moved"
    assert verdict({**base, "shared_tasks": 0}) == "no shared tasks"


# -- payload ------------------------------------------------------------------

def test_payload_roundtrip_chunks_and_cuts(monkeypatch):
    monkeypatch.setattr(payload, "CHUNK_RECORDS", 3)
    big = [{"id": i, "text": "x" * 100} for i in range(400)]
    recs = []
    for i in range(7):
        r = rec(f"t{i}", "failed" if i % 2 else "passed")
        r["prompt"] = f"prompt {i}"
        r["transcript"] = [{"type": "tool_call", "index": 0, "name": "list", "args": {}, "result": big},
                           {"type": "message", "role": "assistant", "content": "hi", "thinking": None}]
        r["diff"] = {"s.t": {"table": "s.t", "pk": ["id"], "counts": {"added": 250, "removed": 0, "changed": 0},
                             "added": [{"id": j} for j in range(250)], "removed": [], "changed": []}}
        recs.append(r)
    index_blob, chunks, facts = payload.build_payload([make_run(recs)])
    assert facts == {"records": 7, "tasks": 7, "chunk_records": 3, "chunks": 3} and len(chunks) == 3
    index = payload.unpack(index_blob)
    assert [e["t"] for e in index["records"]] == [f"t{i}" for i in range(7)]
    assert index["tasks"]["t3"]["p"] == "prompt 3"
    assert index["records"][1]["fc"] == ["completion"] and index["records"][1]["vp"] == 0
    detail = payload.unpack(chunks[2])[0]           # record 6 = chunk 2, slot 0
    assert detail["run_index"] == 1 and "prompt" not in detail
    cut = detail["transcript"][0]["result"]
    assert cut["__cut__"] and cut["chars"] == len(json.dumps(big)) and len(cut["text"]) == payload.MAX_RESULT_CHARS
    t = detail["diff"]["s.t"]
    assert len(t["added"]) == payload.MAX_DIFF_ROWS and t["added_cut"] == 50 and t["counts"]["added"] == 250


# -- loading ------------------------------------------------------------------

def test_load_run_tolerates_bad_files(tmp_path):
    (tmp_path / "tasks").mkdir()
    (tmp_path / "tasks" / "a.r1.json").write_text(json.dumps({"task_id": "a", "outcome": "passed"}))
    (tmp_path / "tasks" / "b.r1.json").write_text("{not json")
    (tmp_path / "tasks" / "c.r1.json").write_text("[1, 2]")
    run = load_run(tmp_path)
    assert [r["task_id"] for r in run.records] == ["a"]
    assert any("b.r1.json" in w for w in run.warnings) and any("c.r1.json" in w for w in run.warnings)
    assert any("no run.json" in w for w in run.warnings)
    assert run.summary["overall"]["pass_at_1"] == 1.0


def test_expand_dirs(tmp_path):
    for name in ("r1", "r2"):
        (tmp_path / "runs" / name / "tasks").mkdir(parents=True)
    assert [p.name for p in expand_dirs([tmp_path / "runs"])] == ["r1", "r2"]
    assert [p.name for p in expand_dirs([tmp_path / "runs" / "r2"])] == ["r2"]
    with pytest.raises(ReportError):
        expand_dirs([tmp_path / "nope"])
    (tmp_path / "empty").mkdir()
    with pytest.raises(ReportError):
        expand_dirs([tmp_path / "empty"])


def test_labels_are_distinct_and_name_differing_options():
    runs = [make_run([], "x1", "claude", {"tools_mode": "oracle"}), make_run([], "x2", "claude", {"tools_mode": "plus5"}),
            make_run([], "x3", "claude", {"tools_mode": "plus5"})]
    assign_labels(runs)
    assert [r.label for r in runs] == ["claude tools=oracle", "claude tools=plus5 (x2)", "claude tools=plus5 (x3)"]
    same = [make_run([], "x", "a"), make_run([], "x", "a")]
    assign_labels(same)
    assert len({r.label for r in same}) == 2

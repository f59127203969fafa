"""The eops command line: stats, check (the quality gates), score."""

from __future__ import annotations

import json

from pytest_enterpriseops.cli.main import main
from tests.conftest import write_task

TASK = """
id: {id}
domain: demo
as_user: U001
{feasible}prompt: Raise the impact of T000003 to high and note it.
tools: [get_ticket, update_ticket, add_ticket_comment]
plan: Look it up, update it.
solution:
  - get_ticket: {{number: T000003}}
  - update_ticket: {{ticket_id: TKT_0003, impact: high}}
  - add_ticket_comment: {{ticket_id: TKT_0003, body: raised, visibility: internal}}
response: I cannot do that, it is against policy.
verifiers:
{verifiers}
"""
IMPACT = """  - name: impact raised
    category: completion
    sql: SELECT impact FROM demo.ticket WHERE number = 'T000003'
    expect: high
"""
NOTE = """  - name: note added
    category: completion
    sql: SELECT count(*) FROM demo.ticket_comment WHERE ticket_id = 'TKT_0003'
    expect: 1
"""
SIDE = """  - name: nothing else
    category: side_effect
    changes_only: [demo.ticket, demo.ticket_comment, demo.audit_log]
"""


def _task(bench, tid, verifiers, feasible=""):
    write_task(bench, tid, TASK.format(id=tid, verifiers=verifiers, feasible=feasible))


def test_check_passes_the_fixture_benchmark(bench, capsys):
    assert main(["check", str(bench / "tasks")]) == 0
    out = capsys.readouterr().out
    assert "5 task file(s), 5 ok, 0 with problems" in out


def test_check_catches_every_kind_of_defect(bench, capsys):
    _task(bench, "demo-good", IMPACT + NOTE + SIDE)
    _task(bench, "demo-unverified-write", IMPACT + SIDE)
    _task(bench, "demo-noop-passes", SIDE)
    _task(bench, "demo-gold-fails", IMPACT.replace("expect: high", "expect: low") + NOTE + SIDE)
    _task(bench, "demo-infeasible-writes", IMPACT, feasible="feasible: false\n")
    _task(bench, "demo-unknown-table", IMPACT + NOTE + SIDE.replace("demo.audit_log", "demo.audit_logs"))
    rc = main(["check", str(bench / "tasks"), "-q"])
    out = capsys.readouterr().out
    assert rc == 1
    assert "demo-good" not in out
    assert "unverified write: dropping step 3 (add_ticket_comment" in out
    assert "noop: doing nothing passes every verifier of the task" in out
    assert "the gold solution fails verifier 'impact raised' (" in out and "demo-gold-fails.yaml:" in out
    assert "expected 'low', got 'high'" in out
    assert "infeasible task, but the gold solution changes demo.audit_log, demo.ticket" in out
    assert "unknown table demo.audit_logs" in out
    assert "11 task file(s), 6 ok, 5 with problems" in out


def test_check_in_parallel_matches(bench, capsys):
    _task(bench, "demo-unverified-write", IMPACT + SIDE)
    assert main(["check", str(bench / "tasks"), "-q", "-j", "2"]) == 1
    assert "6 task file(s), 5 ok, 1 with problems" in capsys.readouterr().out


def test_check_reports_invalid_files(bench, capsys):
    write_task(bench, "demo-broken", "id: demo-broken\nfoo: [\n")
    assert main(["check", str(bench / "tasks"), "-q"]) == 1
    assert "invalid YAML" in capsys.readouterr().out


def test_stats_json(bench, capsys):
    assert main(["stats", str(bench / "tasks"), "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    for key in ("tasks", "tools", "tables", "infeasible", "mean_steps", "max_steps", "mean_verifiers",
                "mean_fk_per_table", "rows"):
        assert key in s
    assert (s["tasks"], s["tools"], s["tables"], s["infeasible"], s["max_steps"]) == (5, 9, 5, 1, 8)
    assert s["mean_fk_per_table"] == 9 / 5 and s["rows"] > 150


def test_score_reprints_and_compares(bench, pytester, capsys):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "a")
    pytester.runpytest("tasks", "--agent=noop", "--eops-out", "b")
    capsys.readouterr()
    assert main(["score", str(bench / "a"), str(bench / "b")]) == 0
    out = capsys.readouterr().out
    assert "100.0" in out and "-100.0 points" in out and "regressed: demo-assign-to-lead" in out

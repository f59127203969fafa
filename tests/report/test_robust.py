"""The report, compare and score work on every run and never hide pytest's own output."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from pytest_enterpriseops.cli.main import main as eops
from pytest_enterpriseops.report.html import write_report

try:  # import matplotlib before any in-process pytester run snapshots sys.modules (see tests/conftest.py)
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot  # noqa: F401
except ImportError:
    pass

# the agent sources shared with the engine's session tests (tests/ itself is not a package)
_spec = importlib.util.spec_from_file_location("eops_test_agents",
                                               Path(__file__).parent.parent / "engine" / "eops_test_agents.py")
_agents = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_agents)
oracle_based = _agents.oracle_based

ONE_DOWN = oracle_based('if episode.task_id == "demo-close-resolved":\n    raise Down("API down")')
SPENDER = oracle_based('episode.record_usage(input_tokens=1000, output_tokens=50, cost=0.25, model="m-1")\n'
                       'episode.record_usage(input_tokens=10, output_tokens=5, cost=0.01, model="m-1")\n'
                       'episode.record_message("assistant", "working on it")')


@pytest.mark.parametrize("agent,pass_at_1", [("oracle", 1.0), ("noop", 0.0)])
def test_report_at_exactly_0_and_100_percent(bench, pytester, agent, pass_at_1):
    pytester.runpytest("tasks", f"--agent={agent}", "--eops-out", "r")
    assert json.loads((bench / "r" / "summary.json").read_text())["overall"]["pass_at_1"] == pass_at_1
    page = write_report([bench / "r"], bench / "r.html").read_text()
    assert "could not be drawn" not in page and "matplotlib is not installed" not in page
    assert 'id="fig-cost"' in page and 'id="fig-horizon"' in page


def test_report_of_one_task(bench, pytester):
    pytester.runpytest("tasks", "--agent=noop", "-k", "raise", "--eops-out", "r").assert_outcomes(failed=1)
    page = write_report([bench / "r"], bench / "one.html").read_text()
    assert 'id="fig-cost"' in page and 'id="fig-horizon"' in page and "could not be drawn" not in page


def test_without_matplotlib_the_plugin_report_is_still_written(bench, pytester, monkeypatch):
    monkeypatch.setattr("pytest_enterpriseops.report.figures._plt", lambda: None)  # as if not installed
    res = pytester.runpytest("tasks", "--agent=oracle", "-k", "raise", "--eops-html", "r.html")
    res.assert_outcomes(passed=1)
    assert "matplotlib is not installed" in (bench / "r.html").read_text()


def test_eops_html_failure_is_one_line_and_pytest_output_stays(bench, pytester):
    (bench / "blocker").write_text("a file, so the report's folder cannot be made")
    res = pytester.runpytest("tasks", "--agent=noop", "-k", "raise or close", "--eops-html", "blocker/r.html")
    assert res.ret == pytest.ExitCode.TESTS_FAILED  # not INTERNALERROR
    out = res.stdout.str()
    assert "3/7 verifiers failed" in out or "verifiers failed" in out  # pytest's failure report is there
    assert "short test summary info" in out and "enterpriseops summary" in out
    lines = [line for line in out.splitlines() if "HTML report not written" in line]
    assert len(lines) == 1 and "Traceback" not in out and "INTERNALERROR" not in out


def test_eops_html_works_on_a_noop_run(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-html", "noop.html")
    res.assert_outcomes(failed=5)
    assert (bench / "noop.html").is_file() and "HTML report not written" not in res.stdout.str()


def test_compare_runs_that_share_no_task(bench, pytester, capsys):
    pytester.runpytest("tasks", "--agent=oracle", "-k", "raise", "--eops-out", "a")
    pytester.runpytest("tasks", "--agent=oracle", "-k", "close", "--eops-out", "b")
    capsys.readouterr()
    assert eops(["compare", str(bench / "a"), str(bench / "b")]) == 0
    out = capsys.readouterr().out
    assert "no shared tasks" in out and "+0.0" not in out and "no task moved" not in out
    assert eops(["score", str(bench / "a"), str(bench / "b")]) == 0
    assert "no shared tasks" in capsys.readouterr().out
    page = write_report([bench / "a", bench / "b"], bench / "ab.html").read_text()
    assert "no shared tasks" in page


def test_compare_counts_passed_to_error_as_a_move(bench, pytester, capsys):
    pytester.syspathinsert()
    pytester.makepyfile(onedown=ONE_DOWN)
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "a").assert_outcomes(passed=5)
    pytester.runpytest("tasks", "--agent=python:onedown:Agent", "--eops-out", "b").assert_outcomes(passed=4, errors=1)
    capsys.readouterr()
    assert eops(["compare", str(bench / "a"), str(bench / "b"), "--json"]) == 0
    cmp = json.loads(capsys.readouterr().out)
    assert [f["task_id"] for f in cmp["regressed"]] == ["demo-close-resolved"] and cmp["regressed"][0]["b_error"]
    assert cmp["overall"]["errors_current"] == 1 and cmp["overall"]["difference"] == pytest.approx(-0.2)
    assert eops(["compare", str(bench / "a"), str(bench / "b")]) == 0
    out = capsys.readouterr().out
    assert "no task moved" not in out and "demo-close-resolved" in out and "(error in B)" in out
    assert eops(["score", str(bench / "a"), str(bench / "b")]) == 0
    out = capsys.readouterr().out
    assert "err=fail%" in out and "errors 0 -> 1" in out and "passed -> error: demo-close-resolved" in out


def test_replay_keeps_the_original_usage_and_cost(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(spender=SPENDER)
    pytester.runpytest("tasks", "--agent=python:spender:Agent", "--eops-out", "first").assert_outcomes(passed=5)
    res = pytester.runpytest("tasks", "--agent=replay:first", "--eops-out", "second")
    res.assert_outcomes(passed=5)
    for name in ("demo-raise-priority.r1.json", "demo-close-resolved.r1.json"):
        a = json.loads((bench / "first" / "tasks" / name).read_text())
        b = json.loads((bench / "second" / "tasks" / name).read_text())
        assert b["usage"]["cost"] == pytest.approx(0.26) and b["usage"]["input_tokens"] == 1010
        assert b["usage"] == a["usage"]
        assert [c["model"] for c in b["model_calls"]] == ["m-1", "m-1"]
        assert [e["content"] for e in b["transcript"] if e["type"] == "message"] == ["working on it"]
    summary = json.loads((bench / "second" / "summary.json").read_text())
    assert summary["overall"]["cost_per_task"] == pytest.approx(0.26)

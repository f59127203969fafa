"""Gates are honest: they fail without an agent, validate their rates, and always show the errors."""

from __future__ import annotations

import json

import pytest

from .eops_test_agents import oracle_based

ONE_DOWN = oracle_based('if episode.task_id == "demo-close-resolved":\n    raise Down("API down")')


def test_max_errors_allows_a_few_errors_and_shows_them_next_to_pass_at_1(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(onedown=ONE_DOWN)
    res = pytester.runpytest("tasks", "--agent=python:onedown:Agent", "--eops-min-pass", "90%", "--eops-out", "a")
    res.assert_outcomes(passed=4, errors=1)
    out = res.stdout.str()
    assert res.ret == 1  # default --eops-max-errors 0
    assert "gate FAILED: 1 task run(s) ended in a harness ERROR, more than --eops-max-errors 0" in out
    assert "(errors: 1 of 5 runs; pass@1 80.0% with errors counted as failures)" in out
    summary = json.loads((bench / "a" / "summary.json").read_text())
    assert summary["overall"]["pass_at_1"] == 1.0 and summary["overall"]["errors"] == 1
    assert summary["overall"]["pass_at_1_errors_as_failures"] == pytest.approx(0.8)
    res = pytester.runpytest("tasks", "--agent=python:onedown:Agent", "--eops-min-pass", "90%",
                             "--eops-max-errors", "1")
    assert res.ret == 0
    assert ("gate passed: pass@1 100.0% >= 90.0% (errors: 1 of 5 runs; pass@1 80.0% with errors counted as "
            "failures)") in res.stdout.str()


def test_terminal_summary_and_junit_show_errors_next_to_pass_at_1(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(onedown=ONE_DOWN)
    res = pytester.runpytest("tasks", "--agent=python:onedown:Agent", "--junitxml", "j.xml")
    out = res.stdout.str()
    assert "err=fail%" in out
    assert "overall: pass@1 100.0% with 1 error(s) of 5 run(s); 80.0% with errors counted as failures" in out
    xml = (bench / "j.xml").read_text()
    assert '<property name="eops.pass_at_1" value="1.0"' in xml
    assert '<property name="eops.errors" value="1"' in xml
    assert '<property name="eops.pass_at_1_errors_as_failures" value="0.8"' in xml


def test_a_gate_without_an_agent_fails_instead_of_skipping_to_success(bench, pytester):
    res = pytester.runpytest("tasks", "--eops-min-pass", "0.9")
    res.assert_outcomes(skipped=5)
    assert res.ret == 1
    assert "gate FAILED: no task run was scored — no agent selected" in res.stdout.str()
    res = pytester.runpytest("tasks", "--eops-baseline", "nowhere/summary.json")
    assert res.ret == 1 and "gate FAILED: no task run was scored" in res.stdout.str()


def test_a_gate_without_an_agent_fails_under_xdist_too(bench, pytester):
    res = pytester.runpytest_subprocess("tasks", "-n", "2", "--eops-min-pass", "0.5")
    assert res.ret == 1
    assert "gate FAILED: no task run was scored" in res.stdout.str()


def test_rates_are_validated(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-min-pass", "60")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    err = res.stderr.str()
    assert "--eops-min-pass" in err and "'60' is not a rate between 0 and 1" in err and "60%" in err
    for bad in ("1.5", "-0.1", "abc", "120%"):
        assert pytester.runpytest("tasks", "--agent=noop", "--eops-min-pass", bad).ret == pytest.ExitCode.USAGE_ERROR
    assert pytester.runpytest("tasks", "--agent=noop", "--eops-max-errors", "-1").ret == pytest.ExitCode.USAGE_ERROR
    assert pytester.runpytest("tasks", "--agent=noop", "--eops-max-drop", "5").ret == pytest.ExitCode.USAGE_ERROR
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-min-pass", "0%")
    assert res.ret == 0 and "gate passed: pass@1 0.0% >= 0.0%" in res.stdout.str()


def test_parse_rate_units():
    from pytest_enterpriseops.gates import parse_rate

    assert parse_rate("0.9") == 0.9 and parse_rate("90%") == 0.9 and parse_rate("100%") == 1.0
    assert parse_rate("1") == 1.0 and parse_rate(" 0 ") == 0.0

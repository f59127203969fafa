"""CI gating: --eops-min-pass and --eops-baseline/--eops-max-drop decide the exit code."""

from __future__ import annotations


def test_min_pass_fails_a_weak_agent(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-min-pass", "0.5")
    assert res.ret == 1
    assert "gate FAILED: pass@1 0.0% is below --eops-min-pass 50.0%" in res.stdout.str()


def test_min_pass_accepts_a_run_with_some_failures(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(mostly="""
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Mostly(OracleAgent):
            async def run_with_gold(self, episode, gold):
                return None if episode.task_id == "demo-close-resolved" else await super().run_with_gold(episode, gold)
    """)
    res = pytester.runpytest("tasks", "--agent=python:mostly:Mostly", "--eops-min-pass", "0.7")
    res.assert_outcomes(passed=4, failed=1)
    assert res.ret == 0
    assert "gate passed: pass@1 80.0% >= 70.0%" in res.stdout.str()


def test_baseline_drop_is_reported_with_significance(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "base").assert_outcomes(passed=5)
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-baseline", "base/summary.json",
                             "--eops-max-drop", "10")
    assert res.ret == 1
    out = res.stdout.str()
    assert "gate FAILED: drop of 100.0 points exceeds --eops-max-drop 10" in out
    assert "over 5 shared tasks" in out and "5 regressed" in out and "p=0.0625" in out
    assert "not significant" in out  # 5 paired tasks cannot reach p < 0.05


def test_baseline_within_allowed_drop_passes(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "base")
    res = pytester.runpytest("tasks", "--agent=oracle", "--eops-baseline", "base", "--eops-max-drop", "0")
    assert res.ret == 0
    assert "gate passed" in res.stdout.str()


def test_harness_errors_fail_the_gate(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(broken="""
        from pytest_enterpriseops.errors import InfrastructureError
        class Broken:
            name = "broken"
            async def run(self, episode):
                raise InfrastructureError("API down")  # the provider, not the agent: an ERROR
    """)
    res = pytester.runpytest("tasks", "--agent=python:broken:Broken", "--eops-min-pass", "0")
    res.assert_outcomes(errors=5)
    assert res.ret == 1
    assert "ended in a harness ERROR" in res.stdout.str()

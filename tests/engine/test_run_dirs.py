"""A results directory belongs to one session: refused when it holds results, resumable, clearable, locked."""

from __future__ import annotations

import json
import threading

import pytest

from pytest_enterpriseops.results_paths import LOCK_NAME, default_out_dir

from .eops_test_agents import oracle_based


def _files(out):
    return sorted(p.name for p in (out / "tasks").glob("*.json"))


def test_reusing_a_directory_that_holds_results_is_refused(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out").assert_outcomes(passed=5)
    before = {p.name: p.stat().st_mtime_ns for p in (bench / "out" / "tasks").glob("*.json")}
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-out", "out")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    err = res.stderr.str()
    assert "already holds results (5 task result file(s))" in err
    assert "--eops-resume" in err and "--eops-overwrite" in err
    assert {p.name: p.stat().st_mtime_ns for p in (bench / "out" / "tasks").glob("*.json")} == before


def test_overwrite_clears_stale_files_first(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out").assert_outcomes(passed=5)
    res = pytester.runpytest("tasks", "--agent=noop", "-k", "raise", "--eops-out", "out", "--eops-overwrite")
    res.assert_outcomes(failed=1)
    assert _files(bench / "out") == ["demo-raise-priority.r1.json"]
    summary = json.loads((bench / "out" / "summary.json").read_text())
    assert summary["overall"]["runs"] == 1 and summary["result_files"] == 1
    assert json.loads((bench / "out" / "run.json").read_text())["agent"] == "noop"


def test_resume_runs_only_the_missing_task_runs_then_summarizes_all(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out").assert_outcomes(passed=5)
    out = bench / "out"
    for name in ("demo-close-resolved.r1.json", "demo-triage-network.r1.json"):
        (out / "tasks" / name).unlink()
    kept = {p.name: p.stat().st_mtime_ns for p in (out / "tasks").glob("*.json")}
    res = pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out", "--eops-resume")
    res.assert_outcomes(passed=2)
    assert "3 deselected" in res.stdout.str()
    assert len(_files(out)) == 5
    assert {n: (out / "tasks" / n).stat().st_mtime_ns for n in kept} == kept  # untouched
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["runs"] == 5 and summary["overall"]["passed"] == 5 and summary["resumed_results"] == 3
    assert json.loads((out / "run.json").read_text())["resumed"]["previous_results"] == 3


def test_resume_under_xdist(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out").assert_outcomes(passed=5)
    (bench / "out" / "tasks" / "demo-assign-to-lead.r1.json").unlink()
    res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "-n", "2", "--eops-out", "out", "--eops-resume")
    res.assert_outcomes(passed=1)
    summary = json.loads((bench / "out" / "summary.json").read_text())
    assert summary["overall"]["runs"] == 5 and summary["not_run"] == []


def test_resume_with_another_agent_or_options_is_refused(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out").assert_outcomes(passed=5)
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-out", "out", "--eops-resume")
    assert res.ret == pytest.ExitCode.USAGE_ERROR and "that run used agent 'oracle'" in res.stderr.str()
    res = pytester.runpytest("tasks", "--agent=oracle", "--max-steps", "3", "--eops-out", "out", "--eops-resume")
    assert res.ret == pytest.ExitCode.USAGE_ERROR and "max_steps=50" in res.stderr.str()
    res = pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out", "--eops-resume", "--eops-overwrite")
    assert res.ret == pytest.ExitCode.USAGE_ERROR and "exclude each other" in res.stderr.str()
    res = pytester.runpytest("tasks", "--agent=oracle", "--eops-resume")
    assert res.ret == pytest.ExitCode.USAGE_ERROR and "needs --eops-out" in res.stderr.str()


def test_a_directory_in_use_by_another_session_is_refused(bench, pytester):
    from filelock import FileLock

    (bench / "out").mkdir()
    lock = FileLock(str(bench / "out" / LOCK_NAME), timeout=0)
    lock.acquire()
    try:
        res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "--eops-out", "out")
    finally:
        lock.release()
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    assert "is in use by another pytest session" in res.stderr.str()
    assert not (bench / "out" / "tasks").exists()


def test_default_directories_are_unique_even_within_one_second(tmp_path):
    made, barrier = [], threading.Barrier(12)

    def claim():
        barrier.wait()
        made.append(default_out_dir(tmp_path, "oracle"))

    threads = [threading.Thread(target=claim) for _ in range(12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(made)) == 12 and all(p.is_dir() for p in made)


def test_two_sessions_in_the_same_second_get_their_own_directories(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "-k", "raise").assert_outcomes(passed=1)
    pytester.runpytest("tasks", "--agent=oracle", "-k", "close").assert_outcomes(passed=2)
    runs = sorted((bench / ".eops" / "runs").iterdir())
    assert len(runs) == 2
    assert sorted(len(_files(r)) for r in runs) == [1, 2]


def test_a_session_that_runs_nothing_leaves_no_directory(bench, pytester):
    pytester.runpytest("tasks").assert_outcomes(skipped=5)  # no agent
    assert not list((bench / ".eops" / "runs").glob("*"))


CONFTEST_AGENT = """
import pytest
from pytest_enterpriseops.agents.scripted import NoopAgent

class MyAgent(NoopAgent):
    name = "my-agent"
    version = "1.2.3"

@pytest.fixture(scope="session")
def eops_agent():
    return MyAgent()
"""


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_a_conftest_agent_is_recorded_by_its_own_name(bench, pytester, xdist):
    (bench / "tasks" / "conftest.py").write_text(CONFTEST_AGENT)
    args = ["tasks", "-n", "2"] if xdist else ["tasks"]
    res = (pytester.runpytest_subprocess if xdist else pytester.runpytest)(*args)
    res.assert_outcomes(failed=5)
    runs = list((bench / ".eops" / "runs").iterdir())
    assert len(runs) == 1 and runs[0].name.endswith("_my-agent"), runs
    info = json.loads((runs[0] / "run.json").read_text())
    assert info["agent"] == "my-agent" and info["agent_version"] == "1.2.3" and info["agent_source"] == "fixture"
    rec = json.loads((runs[0] / "tasks" / "demo-raise-priority.r1.json").read_text())
    assert rec["agent"] == {"name": "my-agent", "version": "1.2.3", "source": "fixture"}
    assert f"results: {runs[0]}" in res.stdout.str()


def test_plan_and_loop_are_validated_at_startup(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=oracle", "--plan", "bogus")
    assert res.ret == pytest.ExitCode.USAGE_ERROR and "--plan bogus: choose none, human" in res.stderr.str()
    res = pytester.runpytest("tasks", "--agent=oracle", "--loop", "spiral")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    assert "--loop spiral: choose one of react, planner, decompose" in res.stderr.str()
    pytester.runpytest("tasks", "--agent=oracle", "--plan", "human", "--loop", "react").assert_outcomes(passed=5)
    (bench / "agents").mkdir()
    (bench / "agents" / "my-planner.yaml").write_text("provider: openai\nmodel: x\n")
    res = pytester.runpytest("tasks", "--agent=oracle", "--plan", "my-planner", "-k", "raise")
    res.assert_outcomes(passed=1)


def test_a_stale_result_of_another_session_is_not_counted(bench, pytester):
    """summary.json describes exactly the result files on disk (here: one written by this session)."""
    pytester.syspathinsert()
    pytester.makepyfile(agent=oracle_based("pass"))
    res = pytester.runpytest("tasks", "--agent=python:agent:Agent", "-k", "raise", "--eops-out", "o")
    res.assert_outcomes(passed=1)
    summary = json.loads((bench / "o" / "summary.json").read_text())
    assert [t["task_id"] for t in summary["tasks"]] == ["demo-raise-priority"] and summary["result_files"] == 1


def test_a_sampled_run_resumes_with_the_same_sample_and_refuses_another(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out", "--eops-sample", "3").assert_outcomes(passed=3)
    out = bench / "out"
    done = sorted(p.name for p in (out / "tasks").glob("*.json"))
    (out / "tasks" / done[0]).unlink()
    res = pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out", "--eops-resume", "--eops-sample", "3")
    res.assert_outcomes(passed=1)  # the missing one of the same three, not another task
    assert sorted(p.name for p in (out / "tasks").glob("*.json")) == done
    assert json.loads((out / "run.json").read_text())["options"]["sample"] == "3 per domain, seed 0"
    res = pytester.runpytest("tasks", "--agent=oracle", "--eops-out", "out", "--eops-resume", "--eops-sample", "2")
    assert res.ret == pytest.ExitCode.USAGE_ERROR and "sample='3 per domain, seed 0'" in res.stderr.str()

"""End to end: `pytest tasks --agent=<preset>` on the fixture benchmark, the preset pointing at a
fake provider server; every provider × loop, --plan human / PRESET, --tools plus5 / domain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from .conftest import KEY, TASKS, WIRE_IDS, WIRES, expected_cost, preset_for
from .fakes import FakeLLMServer
from .fakes.solution import USAGE, SolutionBrain

N_TASKS = len(list(TASKS.rglob("*.yaml")))


@pytest.fixture(scope="module", autouse=True)
def _sdks_imported_once() -> None:
    """pytester's in-process runs drop modules first imported inside them; importing the SDKs (and
    hypothesis, whose pytest plugin imports it at the end of a run) here keeps them loaded."""
    import importlib

    for name in ("anthropic", "openai", "google.genai", "hypothesis"):
        try:
            importlib.import_module(name)
        except ImportError:
            pass


def write_preset(root: Path, name: str, preset: dict) -> None:
    (root / "agents").mkdir(exist_ok=True)
    preset = dict(preset)
    preset.pop("name", None)
    (root / "agents" / f"{name}.yaml").write_text(yaml.safe_dump(preset))


def records(root: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted((root / "out" / "tasks").glob("*.json"))]


def check_usage(recs: list[dict], usage: dict = USAGE) -> None:
    for rec in recs:
        calls = rec["model_calls"]
        assert calls, rec["task_id"]
        for c in calls:
            assert (c["input_tokens"], c["output_tokens"], c["cached_tokens"], c["reasoning_tokens"]) == (
                usage["input"], usage["output"], usage["cached"], usage["reasoning"])
            assert c["cost"] == pytest.approx(expected_cost(usage))
        u = rec["usage"]
        assert u["model_calls"] == len(calls)
        assert u["input_tokens"] == usage["input"] * len(calls)
        assert u["cost"] == pytest.approx(expected_cost(usage) * len(calls))


@pytest.mark.parametrize("loop", ["react", "planner", "decompose"])
@pytest.mark.parametrize("wire", WIRES, ids=WIRE_IDS)
def test_every_provider_and_loop(wire, loop, bench: Path, pytester: pytest.Pytester, api_key):
    provider, api = wire
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        write_preset(bench, "fake", preset_for(srv, provider, api))
        res = pytester.runpytest("tasks", "--agent=fake", f"--loop={loop}", "--eops-out", "out")
    res.assert_outcomes(passed=N_TASKS)
    recs = records(bench)
    assert len(recs) == N_TASKS and {r["outcome"] for r in recs} == {"passed"}
    check_usage(recs)
    assert len(srv.requests) == sum(len(r["model_calls"]) for r in recs)
    kinds = set(brain.kinds)
    assert {"react": {"executor"}, "planner": {"planner", "executor"},
            "decompose": {"split", "subagent", "final"}}[loop] == kinds
    run_json = (bench / "out" / "run.json").read_text()
    assert KEY not in run_json and all(KEY not in p.read_text() for p in (bench / "out").rglob("*.json"))


@pytest.mark.parametrize("wire", WIRES, ids=WIRE_IDS)
def test_human_plan(wire, bench: Path, pytester: pytest.Pytester, api_key):
    provider, api = wire
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        write_preset(bench, "fake", preset_for(srv, provider, api))
        res = pytester.runpytest("tasks", "--agent=fake", "--plan=human", "--eops-out", "out")
    res.assert_outcomes(passed=N_TASKS)
    assert "planner" not in brain.kinds
    assert all("# Plan\n" in r["view"].first_user for r in srv.requests)
    check_usage(records(bench))


def test_plan_preset_as_planner(bench: Path, pytester: pytest.Pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        write_preset(bench, "fake", preset_for(srv, "openai", "responses"))
        write_preset(bench, "fake-planner", preset_for(srv, "anthropic", model="planner-model"))
        res = pytester.runpytest("tasks", "--agent=fake", "--plan=fake-planner", "--eops-out", "out")
    res.assert_outcomes(passed=N_TASKS)
    for rec in records(bench):
        assert rec["model_calls"][0]["model"] == "planner-model"
        assert {c["model"] for c in rec["model_calls"][1:]} == {"fake-openai-1"}


@pytest.mark.parametrize("tools", ["plus5", "domain"])
def test_tool_modes(tools, bench: Path, pytester: pytest.Pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        write_preset(bench, "fake", preset_for(srv, "google"))
        res = pytester.runpytest("tasks", "--agent=fake", f"--tools={tools}", "--eops-out", "out")
    res.assert_outcomes(passed=N_TASKS)
    offered = {len(r["view"].tools) for r in srv.requests}
    assert max(offered) > 2


@pytest.mark.slow  # ~1 min: three fresh interpreters import pytest plugins and the SDKs
def test_parallel_workers(bench: Path, pytester: pytest.Pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS, parallel=True)) as srv:
        write_preset(bench, "fake", preset_for(srv, "anthropic"))
        res = pytester.runpytest_subprocess("tasks", "--agent=fake", "-n", "2", "-p", "xdist", "--eops-out", "out")
    res.assert_outcomes(passed=N_TASKS)
    check_usage(records(bench))


def test_missing_key_stops_the_session_before_any_task(bench: Path, pytester: pytest.Pytester,
                                                      monkeypatch: pytest.MonkeyPatch):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        preset = preset_for(srv, "openai", api_key_env="EOPS_UNSET_KEY_VAR")
        write_preset(bench, "fake", preset)
        monkeypatch.delenv("EOPS_UNSET_KEY_VAR", raising=False)
        res = pytester.runpytest("tasks", "--agent=fake")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    res.stderr.fnmatch_lines(["*environment variable EOPS_UNSET_KEY_VAR is not set*"])
    assert srv.requests == []


def test_model_errors_are_task_errors_not_failures(bench: Path, pytester: pytest.Pytester, api_key):
    from .fakes import Fault

    with FakeLLMServer(SolutionBrain(TASKS), faults=[Fault(401, "invalid x-api-key")] * 100) as srv:
        write_preset(bench, "fake", preset_for(srv, "anthropic"))
        res = pytester.runpytest("tasks", "--agent=fake", "-k", "raise", "--eops-out", "out")
    res.assert_outcomes(errors=1)
    res.stdout.fnmatch_lines(["*HTTP 401: invalid x-api-key*"])
    assert len(srv.requests) == 1

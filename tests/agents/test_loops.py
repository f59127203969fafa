"""Loops: planner (self or another preset), decompose, and the human plan (--plan human)."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from .conftest import TASKS, WIRES, WIRE_IDS, preset_for
from .fakes import FakeLLMServer
from .fakes.solution import SolutionBrain

FEASIBLE = ["demo-raise-priority", "demo-triage-network"]


@pytest.mark.parametrize("task_id", FEASIBLE + ["demo-reporter-close-others"])
def test_planner_loop(task_id, wire, run_task):
    provider, api = wire
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        run = run_task(task_id, preset_for(srv, provider, api, loop="planner"))
    assert run.outcome == "passed"
    assert brain.kinds[0] == "planner" and set(brain.kinds[1:]) == {"executor"}
    planner_req = srv.requests[0]["view"]
    assert planner_req.tools == [] and "get_ticket" in planner_req.first_user  # the tool list is in the prompt
    executor_req = srv.requests[1]["view"]
    assert "1. call get_ticket" in executor_req.first_user
    assert "policy in the system prompt remains the highest priority" in executor_req.first_user
    planner_msgs = [e for e in run.transcript.events if getattr(e, "role", None) == "planner"]
    assert planner_msgs and planner_msgs[0].content.startswith("1. call get_ticket")
    assert run.transcript.usage.model_calls == len(srv.requests)


@pytest.mark.parametrize("task_id", FEASIBLE + ["demo-reporter-close-others"])
def test_decompose_loop(task_id, wire, run_task):
    provider, api = wire
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        run = run_task(task_id, preset_for(srv, provider, api, loop="react"), {"loop": "decompose"})
    assert run.outcome == "passed", [(v.name, v.passed) for v in run.verifiers]
    assert brain.kinds[0] == "split" and brain.kinds[-1] == "final" and "subagent" in brain.kinds
    subagent_prompts = [r["view"].first_user for r in srv.requests if r["view"].tools]
    # later sub-agents see the shared record of what was done
    last = [p for p in subagent_prompts if "# Done so far" in p][-1]
    if task_id != "demo-reporter-close-others":
        assert "Subtask 1:" in last and "get_ticket(" in last
    assert run.final_answer  # the final reply comes from the last call


@pytest.mark.parametrize("task_id", FEASIBLE)
def test_human_plan(task_id, wire, run_task):
    provider, api = wire
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        run = run_task(task_id, preset_for(srv, provider, api), {"plan": "human"})
    assert run.outcome == "passed"
    assert "planner" not in brain.kinds  # no planner model: the task's own plan is used
    assert "# Plan\n1. Look up" in srv.requests[0]["view"].first_user


def test_human_plan_with_decompose_is_split_by_the_model(run_task):
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, "anthropic"), {"plan": "human", "loop": "decompose"})
    assert run.outcome == "passed"
    assert "A plan written by a person" in srv.requests[0]["view"].first_user


def test_plan_preset_uses_another_model_as_planner(tmp_path: Path, run_task):
    """--plan PRESET: a Gemini planner and an Anthropic executor; usage is recorded per model."""
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        (tmp_path / "agents").mkdir()
        planner = preset_for(srv, "google", model="fake-planner", prices={"input": 1.0, "output": 1.0})
        del planner["name"]
        (tmp_path / "agents" / "my-planner.yaml").write_text(yaml.safe_dump(planner))
        run = run_task("demo-raise-priority", preset_for(srv, "anthropic"), {"plan": "my-planner"},
                       search_roots=[tmp_path])
    assert run.outcome == "passed"
    assert srv.requests[0]["path"].endswith("fake-planner:generateContent")
    assert all(r["path"] == "/v1/messages" for r in srv.requests[1:])
    models = [c["model"] for c in run.transcript.model_calls]
    assert models[0] == "fake-planner" and set(models[1:]) == {"fake-anthropic-1"}
    assert run.transcript.model_calls[0]["cost"] == pytest.approx((1000 + 50) / 1e6)


def test_unknown_plan_preset_is_a_clear_error(run_task, tmp_path: Path):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        with pytest.raises(Exception, match="--plan 'nope': no preset agents/nope.yaml"):
            run_task("demo-raise-priority", preset_for(srv, "anthropic"), {"plan": "nope"}, search_roots=[tmp_path])


def test_wires_cover_every_adapter():
    assert len(WIRES) == len(WIRE_IDS) == 4

"""The agent seam: python:, replay:, entry points, presets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_enterpriseops.agents.registry import AgentSpecError, build_agent


def test_replay_rescores_a_saved_run_without_a_model(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(partial="""
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Partial(OracleAgent):
            async def run_with_gold(self, episode, gold):
                return None if episode.task_id == "demo-raise-priority" else await super().run_with_gold(episode, gold)
    """)
    pytester.runpytest("tasks", "--agent=python:partial:Partial", "--eops-out", "first").assert_outcomes(
        passed=4, failed=1)
    res = pytester.runpytest("tasks", "--agent=replay:first", "--eops-out", "second")
    res.assert_outcomes(passed=4, failed=1)
    a = json.loads((bench / "first" / "tasks" / "demo-triage-network.r1.json").read_text())
    b = json.loads((bench / "second" / "tasks" / "demo-triage-network.r1.json").read_text())
    strip = lambda t: [(e["name"], e["args"], e["result"]) for e in t if e["type"] == "tool_call"]  # noqa: E731
    assert strip(a["transcript"]) == strip(b["transcript"]) and a["final_answer"] == b["final_answer"]


def test_replay_of_a_missing_directory_is_a_usage_error(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=replay:nowhere")
    assert res.ret == 4 and "not a results directory" in res.stderr.str()


def test_python_agent_must_have_run(tmp_path, monkeypatch):
    (tmp_path / "notagent.py").write_text("class X:\n    pass\n")
    monkeypatch.syspath_prepend(tmp_path)
    with pytest.raises(AgentSpecError, match="has no async run"):
        build_agent("python:notagent:X", [])


def test_entry_point_agents(tmp_path, monkeypatch):
    pkg = tmp_path / "thirdparty_agent.py"
    pkg.write_text("class Mine:\n    name = 'mine'\n    async def run(self, episode):\n        return 'hi'\n")
    dist = tmp_path / "thirdparty_agent-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: thirdparty-agent\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[enterpriseops.agents]\nmine = thirdparty_agent:Mine\n")
    monkeypatch.syspath_prepend(tmp_path)
    agent = build_agent("mine", [])
    assert type(agent).__name__ == "Mine"


def test_unknown_name_lists_presets(tmp_path):
    (tmp_path / "agents").mkdir()
    (tmp_path / "agents" / "my-model.yaml").write_text("provider: openai\nmodel: x\n")
    with pytest.raises(AgentSpecError, match="my-model"):
        build_agent("nope", [Path(tmp_path)])

"""Fixtures for the LLM-agent tests: fake provider servers and a task runner on the fixture bench."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from pytest_enterpriseops.agents.llm import agent_from_preset
from pytest_enterpriseops.domains import benchmark_for
from pytest_enterpriseops.runner import RunOptions, TaskRun, TaskSession
from pytest_enterpriseops.task import load_task

from .fakes import FakeLLMServer

FIXTURE_BENCH = Path(__file__).resolve().parents[1] / "fixture_bench"
TASKS = FIXTURE_BENCH / "tasks"
KEY_ENV = "EOPS_FAKE_LLM_KEY"
KEY = "sk-fake-0123456789-secret"
PRICES = {"input": 2.0, "output": 10.0, "cached_input": 0.5}
# (provider, api) for every wire format
WIRES = [("anthropic", "chat"), ("openai", "chat"), ("openai", "responses"), ("google", "chat")]
WIRE_IDS = ["anthropic", "openai-chat", "openai-responses", "gemini"]


def preset_for(srv: FakeLLMServer, provider: str, api: str = "chat", **over: Any) -> dict[str, Any]:
    preset = {"name": f"fake-{provider}-{api}", "provider": provider, "api": api, "model": f"fake-{provider}-1",
              "api_key_env": KEY_ENV, "base_url": srv.base_url(provider), "max_tokens": 1024,
              "prices": dict(PRICES), "retry": {"max_attempts": 4, "base_delay": 0.01, "max_delay": 0.05}}
    preset.update(over)
    return preset


def expected_cost(u: dict[str, int], prices: dict[str, float] = PRICES) -> float:
    return ((u["input"] - u.get("cached", 0)) * prices["input"] + u.get("cached", 0) * prices["cached_input"]
            + u["output"] * prices["output"]) / 1e6


@pytest.fixture
def api_key(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(KEY_ENV, KEY)
    return KEY


@pytest.fixture(params=WIRES, ids=WIRE_IDS)
def wire(request: pytest.FixtureRequest) -> tuple[str, str]:
    return request.param


@pytest.fixture
def run_task(api_key: str) -> Callable[..., TaskRun]:
    """run_task(task_id, preset, options=None, max_steps=50, plan=...) -> TaskRun (verified)."""
    bench = benchmark_for(FIXTURE_BENCH)

    def run(task_id: str, preset: dict[str, Any], options: dict[str, Any] | None = None, *,
            max_steps: int = 50, tools_mode: str = "oracle", search_roots: list[Path] | None = None) -> TaskRun:
        options = dict(options or {})
        task = load_task(next(TASKS.rglob(f"{task_id}.yaml")))
        agent = agent_from_preset(preset, options, search_roots=search_roots or [])
        session = TaskSession(bench, task, 1, RunOptions(tools_mode=tools_mode, plan=options.get("plan", "none"),
                                                         max_steps=max_steps, task_timeout=60))
        try:
            session.run_agent(agent)
            session.verify()
            return session.run
        finally:
            session.close()

    return run

"""Shipped presets, keys from the environment only, lazy SDK imports, the response cache, the judge."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from pytest_enterpriseops.agents.llm import PresetError, agent_from_preset, judge_from_preset
from pytest_enterpriseops.agents.llm.presets import parse_preset
from pytest_enterpriseops.agents.registry import AgentSpecError, build_agent, list_presets, load_preset

from .conftest import KEY, KEY_ENV, TASKS, preset_for
from .fakes import FakeLLMServer, Reply, ScriptBrain
from .fakes.solution import SolutionBrain
from .test_react import raise_priority_script

REPO = Path(__file__).resolve().parents[2]
SHIPPED = sorted((REPO / "agents").glob("*.yaml"))
PAPER_MODELS = {"claude-opus": "claude-opus-4-5", "claude-sonnet": "claude-sonnet-4-5", "gpt-5": "gpt-5",
                "gpt-5.2": "gpt-5.2", "gpt-5-mini": "gpt-5-mini", "gemini-3-pro": "gemini-3-pro-preview",
                "gemini-3-flash": "gemini-3-flash-preview", "gemini-2.5-pro": "gemini-2.5-pro",
                "deepseek-v3.2": "deepseek-chat", "qwen3": "qwen/qwen3-235b-a22b-2507",
                "kimi-k2": "kimi-k2-0905-preview", "gpt-oss-120b": "openai/gpt-oss-120b"}


def test_the_papers_models_have_presets():
    names = set(list_presets([REPO]))
    assert set(PAPER_MODELS) <= names
    for name, model in PAPER_MODELS.items():
        assert load_preset(REPO / "agents" / f"{name}.yaml")["model"] == model


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_preset_is_valid_and_builds(path: Path, monkeypatch: pytest.MonkeyPatch):
    raw = load_preset(path)
    p = parse_preset(raw)
    assert p.prices.input >= 0 and p.prices.output >= 0 and "prices" in raw
    assert p.api_key_env or p.base_url.startswith("http://localhost")
    if p.api_key_env:
        monkeypatch.setenv(p.api_key_env, "k-test")
    agent = build_agent(path.stem, [REPO], {"loop": None, "plan": "none"})
    assert agent.name == path.stem and agent.loop == p.loop


def test_missing_key_is_one_clear_error(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    with pytest.raises(AgentSpecError) as info:
        build_agent("claude-opus", [REPO], {})
    assert isinstance(info.value, PresetError)
    assert str(info.value) == ("agent preset 'claude-opus': environment variable ANTHROPIC_API_KEY is not set; "
                               "export your anthropic API key in it (keys are read from the environment only)")


def test_planner_preset_key_is_checked_up_front(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "k")
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    with pytest.raises(PresetError, match="GEMINI_API_KEY is not set"):
        build_agent("claude-opus", [REPO], {"plan": "gemini-3-pro"})


@pytest.mark.parametrize("bad,match", [({"provider": "cohere"}, "provider must be one of"),
                                       ({"model": ""}, "'model' is required"),
                                       ({"loop": "tree"}, "loop must be one of"),
                                       ({"temprature": 0.1}, r"unknown key\(s\) \['temprature'\]"),
                                       ({"prices": {"in": 1}}, "prices is a mapping"),
                                       ({"api": "assistants"}, "api must be 'chat' or 'responses'")])
def test_malformed_presets(bad, match):
    raw = {"name": "x", "provider": "openai", "model": "m", "api_key_env": "X", **bad}
    with pytest.raises(PresetError, match=match):
        parse_preset(raw)


def test_loop_override_is_validated(api_key):
    with FakeLLMServer(ScriptBrain([Reply(text="hi")])) as srv:
        with pytest.raises(PresetError, match="--loop tree"):
            agent_from_preset(preset_for(srv, "openai"), {"loop": "tree"})


def test_key_never_shows(api_key):
    with FakeLLMServer(ScriptBrain([Reply(text="hi")])) as srv:
        agent = agent_from_preset(preset_for(srv, "anthropic"), {})
        judge = judge_from_preset(preset_for(srv, "anthropic"), {})
    for text in (repr(agent), str(agent.describe()), repr(vars(agent)), repr(judge), repr(vars(judge))):
        assert KEY not in text


def test_the_key_is_sent_to_the_provider(api_key, run_task):
    with FakeLLMServer(raise_priority_script()) as srv:
        run_task("demo-raise-priority", preset_for(srv, "openai"))
        run_task("demo-raise-priority", preset_for(srv, "anthropic"))
        run_task("demo-raise-priority", preset_for(srv, "google"))
    headers = [{k.lower(): v for k, v in r["headers"].items()} for r in srv.requests]
    assert headers[0]["authorization"] == f"Bearer {KEY}"
    assert KEY in (headers[3].get("x-api-key"), headers[3].get("authorization", "").removeprefix("Bearer "))
    assert headers[6]["x-goog-api-key"] == KEY


def test_importing_the_plugin_imports_no_sdk():
    code = ("import sys, pytest_enterpriseops.plugin, pytest_enterpriseops.agents.llm, "
            "pytest_enterpriseops.agents.llm.agent, pytest_enterpriseops.agents.llm.judge\n"
            "bad = [m for m in ('anthropic', 'openai', 'google.genai') if m in sys.modules]\n"
            "assert not bad, bad")
    subprocess.run([sys.executable, "-c", code], check=True, cwd=REPO)


def test_response_cache_replays_without_calling_the_model(api_key, run_task, tmp_path: Path):
    options = {"cache_dir": str(tmp_path / "cache")}
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        first = run_task("demo-triage-network", preset_for(srv, "openai", api="responses"), options)
        n = len(srv.requests)
        second = run_task("demo-triage-network", preset_for(srv, "openai", api="responses"), options)
        assert len(srv.requests) == n  # nothing new reached the server
        srv.reset_conversations()
        other = run_task("demo-triage-network", preset_for(srv, "openai", api="responses", temperature=0.3), options)
        assert len(srv.requests) == 2 * n  # other params: other key
    assert first.outcome == second.outcome == other.outcome == "passed"
    assert len(list((tmp_path / "cache" / "llm").rglob("*.json"))) == 2 * n
    assert second.transcript.usage.input_tokens == first.transcript.usage.input_tokens
    assert second.transcript.usage.cost == pytest.approx(first.transcript.usage.cost)
    assert all(c["from_cache"] for c in second.transcript.model_calls)
    assert not any(c["from_cache"] for c in first.transcript.model_calls)


@pytest.mark.parametrize("provider", ["anthropic", "openai", "google"])
def test_judge(provider, api_key):
    brain = SolutionBrain(TASKS)
    with FakeLLMServer(brain) as srv:
        judge = judge_from_preset(preset_for(srv, provider), {})
        score, reasoning = judge("The answer says the impact is high.", "Raise the impact.", "Impact is high.")
    assert (score, reasoning) == (8.0, "Meets the rubric.")
    req = srv.requests[0]["view"]
    assert "# Rubric\nThe answer says the impact is high." in req.first_user and req.tools == []
    assert judge.usage["model_calls"] == 1 and judge.usage["input_tokens"] == 1000


def test_judge_without_a_score_is_an_error(api_key):
    with FakeLLMServer(ScriptBrain([Reply(text="I cannot say.")])) as srv:
        judge = judge_from_preset(preset_for(srv, "openai"), {})
        with pytest.raises(Exception, match="judge reply has no score"):
            judge("rubric", "task", "answer")


def test_preset_yaml_roundtrip_for_tests(tmp_path: Path, api_key):
    """Presets for tests can live in a tmp agents/ folder found through the search roots."""
    with FakeLLMServer(ScriptBrain([Reply(text="hi")])) as srv:
        (tmp_path / "agents").mkdir()
        raw = preset_for(srv, "openai")
        del raw["name"]
        (tmp_path / "agents" / "fake.yaml").write_text(yaml.safe_dump(raw))
        agent = build_agent("fake", [tmp_path], {})
    assert agent.name == "fake" and agent.preset.base_url == srv.base_url("openai")
    assert KEY_ENV == agent.preset.api_key_env

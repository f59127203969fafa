"""`--agent-param KEY=VALUE`: preset overrides reach the provider's wire (through the real SDKs, against
the fake servers), are checked against the provider, and are recorded in run.json and the report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_enterpriseops.agents.params import AgentParamError, apply_params, format_params, parse_params

from .conftest import TASKS, preset_for
from .fakes import FakeLLMServer
from .fakes.solution import SolutionBrain
from .test_e2e import _sdks_imported_once, records, write_preset  # noqa: F401  (module fixture)

ONE_TASK = ("-k", "raise")


def run(bench: Path, pytester: pytest.Pytester, srv: FakeLLMServer, preset: dict, *params: str,
        extra: tuple[str, ...] = ONE_TASK) -> pytest.RunResult:
    write_preset(bench, "fake", preset)
    args = [a for p in params for a in ("--agent-param", p)]
    return pytester.runpytest("tasks", "--agent=fake", *args, "--eops-out", "out", *extra)


def bodies(srv: FakeLLMServer) -> list[dict]:
    assert srv.requests, "no request reached the fake server"
    return [r["body"] for r in srv.requests]


def run_json(bench: Path) -> dict:
    return json.loads((bench / "out" / "run.json").read_text())


def test_parse_values_as_json_else_string():
    got = parse_params(["reasoning_effort=high", "thinking.budget_tokens=32000", "temperature=0",
                        "parallel_tool_calls=false", "model=claude-opus-4-5", "params.stop=[\"x\"]"])
    assert got == {"reasoning_effort": "high", "thinking.budget_tokens": 32000, "temperature": 0,
                   "parallel_tool_calls": False, "model": "claude-opus-4-5", "params.stop": ["x"]}
    assert format_params(got)[:2] == ["reasoning_effort=high", "thinking.budget_tokens=32000"]
    for bad in ("reasoning_effort", "=1", "thinking.=1"):
        with pytest.raises(AgentParamError, match="KEY=VALUE"):
            parse_params([bad])


def test_dotted_key_replaces_a_non_mapping_and_leaves_the_source_alone():
    raw = {"name": "p", "provider": "anthropic", "model": "m", "thinking": "adaptive"}
    out = apply_params(raw, {"thinking.budget_tokens": 2048})
    assert out["thinking"] == {"budget_tokens": 2048} and raw["thinking"] == "adaptive"


def test_anthropic_thinking_budget_and_max_tokens(bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        preset = preset_for(srv, "anthropic", thinking={"budget_tokens": 1024}, max_tokens=4096)
        res = run(bench, pytester, srv, preset, "thinking.budget_tokens=32000", "max_tokens=40000")
    res.assert_outcomes(passed=1)
    for body in bodies(srv):
        assert body["thinking"] == {"type": "enabled", "budget_tokens": 32000}
        assert body["max_tokens"] == 40000
    info = run_json(bench)
    assert info["options"]["agent_params"] == ["thinking.budget_tokens=32000", "max_tokens=40000"]
    assert info["agent_description"]["model"] == "fake-anthropic-1"


def test_openai_chat_reasoning_effort_temperature_and_model(bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        preset = preset_for(srv, "openai", "chat", reasoning_effort="low")
        res = run(bench, pytester, srv, preset, "reasoning_effort=high", "temperature=0", "model=other-model")
    res.assert_outcomes(passed=1)
    for body in bodies(srv):
        assert (body["reasoning_effort"], body["temperature"], body["model"]) == ("high", 0, "other-model")
    assert run_json(bench)["preset"]["model"] == "other-model"
    assert {c["model"] for r in records(bench) for c in r["model_calls"]} == {"other-model"}


def test_openai_responses_reasoning_effort(bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        res = run(bench, pytester, srv, preset_for(srv, "openai", "responses"), "reasoning_effort=medium")
    res.assert_outcomes(passed=1)
    assert {b["reasoning"]["effort"] for b in bodies(srv)} == {"medium"}


def test_gemini_thinking_budget(bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        res = run(bench, pytester, srv, preset_for(srv, "google"), "thinking_budget=2048")
    res.assert_outcomes(passed=1)
    for body in bodies(srv):
        cfg = body.get("generationConfig") or body.get("generation_config")
        thinking = cfg.get("thinkingConfig") or cfg.get("thinking_config")
        assert (thinking.get("thinkingBudget") or thinking.get("thinking_budget")) == 2048


def test_unknown_key_for_the_provider_is_a_usage_error_naming_the_accepted_keys(bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        res = run(bench, pytester, srv, preset_for(srv, "anthropic"), "reasoning_effort=high")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    res.stderr.fnmatch_lines(["*--agent-param reasoning_effort: the anthropic provider does not accept "
                              "'reasoning_effort'; it accepts: *thinking.budget_tokens*"])
    assert srv.requests == []


@pytest.mark.parametrize("param, message", [
    ("thinking.budget_tokens=lots", "*thinking.budget_tokens must be an integer*"),
    ("temperature=true", "*temperature must be a number*"),
    ("thinking=sometimes", "*thinking must be 'adaptive'*"),
])
def test_wrong_type_is_a_usage_error(param, message, bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        res = run(bench, pytester, srv, preset_for(srv, "anthropic"), param)
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    res.stderr.fnmatch_lines([message])
    assert srv.requests == []


def test_a_non_preset_agent_takes_no_params(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=oracle", "--agent-param", "temperature=0")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    res.stderr.fnmatch_lines(["*--agent oracle is not a preset*"])


def test_resume_with_other_params_is_refused(bench, pytester, api_key):
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        preset = preset_for(srv, "openai", "chat")
        run(bench, pytester, srv, preset, "reasoning_effort=low").assert_outcomes(passed=1)
        res = pytester.runpytest("tasks", "--agent=fake", "--agent-param", "reasoning_effort=high",
                                 "--eops-out", "out", "--eops-resume")
    assert res.ret == pytest.ExitCode.USAGE_ERROR
    res.stderr.fnmatch_lines(["*agent_params=?'reasoning_effort=low'? (now ?'reasoning_effort=high'?)*"])


def test_the_response_cache_keys_on_the_effective_parameters():
    from pytest_enterpriseops.agents.llm.presets import parse_preset

    raw = {"name": "p", "provider": "openai", "model": "m", "reasoning_effort": "low"}
    base = parse_preset(raw).fingerprint()
    high = parse_preset(apply_params(raw, {"reasoning_effort": "high"})).fingerprint()
    assert base["reasoning_effort"] == "low" and high["reasoning_effort"] == "high" and base != high
    assert parse_preset(apply_params(raw, {"retry.max_attempts": 2})).fingerprint() == base

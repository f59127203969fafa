"""ReAct against each provider's wire format: tool calls, parallel calls, usage and cost, thinking."""

from __future__ import annotations

import json
import re

import pytest

from .conftest import TASKS, expected_cost, preset_for
from .fakes import FakeLLMServer, Reply, ScriptBrain
from .fakes.solution import SolutionBrain

U1 = {"input": 1200, "output": 80, "cached": 300, "reasoning": 25}
U2 = {"input": 1500, "output": 40, "cached": 0, "reasoning": 0}
U3 = {"input": 1700, "output": 30, "cached": 1000, "reasoning": 5}


def raise_priority_script() -> ScriptBrain:
    return ScriptBrain([
        Reply(tool_calls=[("get_ticket", {"number": "T000003"})], thinking="Look the ticket up first.", usage=U1),
        Reply(tool_calls=[("update_ticket", {"ticket_id": "TKT_0003", "impact": "high"})], usage=U2),
        Reply(text="Impact is now high and the priority was recomputed to high.", usage=U3),
    ])


def test_tool_calls_then_final_answer(wire, run_task):
    provider, api = wire
    with FakeLLMServer(raise_priority_script()) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api))
    assert run.outcome == "passed", [(v.name, v.passed) for v in run.verifiers]
    assert run.final_answer == "Impact is now high and the priority was recomputed to high."
    assert [c.name for c in run.transcript.tool_calls] == ["get_ticket", "update_ticket"]
    # usage exactly as the server reported it, per call and in total; cost from the preset prices
    calls = run.transcript.model_calls
    assert [(c["input_tokens"], c["output_tokens"], c["cached_tokens"], c["reasoning_tokens"]) for c in calls] == [
        (u["input"], u["output"], u["cached"], u["reasoning"]) for u in (U1, U2, U3)]
    assert all(c["model"] == f"fake-{provider}-1" for c in calls)
    assert [c["cost"] for c in calls] == pytest.approx([expected_cost(u) for u in (U1, U2, U3)])
    u = run.transcript.usage
    assert (u.input_tokens, u.output_tokens, u.cached_tokens, u.reasoning_tokens, u.model_calls) == (4400, 150, 1300, 30, 3)
    assert u.cost == pytest.approx(sum(expected_cost(x) for x in (U1, U2, U3)))
    # the transcript has the model's thinking and its tool calls
    msgs = [e for e in run.transcript.events if getattr(e, "role", None) == "assistant"]
    assert msgs[0].thinking == "Look the ticket up first."
    assert msgs[0].meta["tool_calls"][0]["name"] == "get_ticket"
    # the tool results went back to the model
    last = srv.requests[-1]["view"]
    results = [m for m in last.messages if m["role"] == "tool"]
    assert len(results) == 2 and "TKT_0003" in json.dumps(results[0]["results"][0]["content"])
    assert srv.requests[0]["view"].tools == ["get_ticket", "update_ticket"]
    assert "demo" in srv.requests[0]["view"].system.lower() or srv.requests[0]["view"].system


def test_thinking_passed_back(wire, run_task):
    """Thinking blocks / reasoning items / thought signatures go back to the provider as received."""
    provider, api = wire
    with FakeLLMServer(raise_priority_script()) as srv:
        run_task("demo-raise-priority", preset_for(srv, provider, api, reasoning_effort="high")
                 if provider == "openai" else preset_for(srv, provider, api))
    second = srv.requests[1]["view"]
    assistant = next(m for m in second.messages if m["role"] == "assistant")
    if provider == "anthropic":
        assert assistant["thinking"] == [{"type": "thinking", "thinking": "Look the ticket up first.",
                                          "signature": "sig-1"}]
    elif api == "responses":
        assert assistant["thinking"][0]["encrypted_content"] == "enc-1"
        assert srv.requests[0]["body"]["include"] == ["reasoning.encrypted_content"]
        assert srv.requests[0]["body"]["store"] is False
    elif provider == "google":
        sigs = [p for p in assistant["thinking"] if p.get("thoughtSignature") or p.get("thought_signature")]
        assert sigs, assistant
    else:  # chat completions: reasoning_content is not sent back unless the preset asks for it
        assert assistant["thinking"] is None


def test_deepseek_style_reasoning_content_passed_back(run_task):
    with FakeLLMServer(raise_priority_script()) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, "openai", pass_back_reasoning=True))
    assert run.outcome == "passed"
    assistant = next(m for m in srv.requests[1]["view"].messages if m["role"] == "assistant")
    assert assistant["thinking"] == "Look the ticket up first."


def test_parallel_tool_calls_in_one_turn(wire, run_task):
    provider, api = wire
    brain = SolutionBrain(TASKS, parallel=True)
    with FakeLLMServer(brain) as srv:
        run = run_task("demo-triage-network", preset_for(srv, provider, api))
    assert run.outcome == "passed", [(v.name, v.passed, v.detail if hasattr(v, "detail") else "") for v in run.verifiers]
    assert len(run.transcript.tool_calls) == 8
    assert len(srv.requests) == 2  # one turn with all 8 calls, one with the answer
    results = [m for m in srv.requests[1]["view"].messages if m["role"] == "tool"]
    assert len(results) == 1 and len(results[0]["results"]) == 8
    if provider != "google":  # every result answers its own call id
        calls = next(m for m in srv.requests[1]["view"].messages if m["role"] == "assistant")["tool_calls"]
        assert [r["id"] for r in results[0]["results"]] == [c["id"] for c in calls]


def test_step_limit_ends_the_task_as_an_agent_failure(wire, run_task):
    provider, api = wire
    with FakeLLMServer(SolutionBrain(TASKS)) as srv:
        run = run_task("demo-triage-network", preset_for(srv, provider, api), max_steps=3)
    assert run.stopped and "step limit" in run.stopped
    assert run.outcome == "failed"


def test_tools_domain_mode_offers_every_domain_tool(run_task):
    with FakeLLMServer(raise_priority_script()) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, "anthropic"), tools_mode="domain")
    assert run.outcome == "passed"
    offered = srv.requests[0]["view"].tools
    assert {"get_ticket", "update_ticket", "find_tickets"} <= set(offered) and len(offered) > 2


def _camel(d):
    return {re.sub(r"_(\w)", lambda m: m.group(1).upper(), k): v for k, v in d.items()}


def _gemini_config(body):
    return body.get("generationConfig") or body.get("generation_config") or {}


@pytest.mark.parametrize("provider,api,extra,check", [
    ("anthropic", "chat", {"thinking": {"budget_tokens": 2048}, "temperature": 0.2, "params": {"top_k": 5}},
     lambda b: b["thinking"] == {"type": "enabled", "budget_tokens": 2048} and "temperature" not in b
     and b["max_tokens"] == 1024 and b["top_k"] == 5 and b["tools"][0]["input_schema"]["type"] == "object"),
    ("anthropic", "chat", {"temperature": 0.2, "parallel_tool_calls": False},
     lambda b: b["temperature"] == 0.2 and b["tool_choice"] == {"type": "auto", "disable_parallel_tool_use": True}),
    ("openai", "chat", {"reasoning_effort": "high", "temperature": 0.0, "params": {"top_k": 20}},
     lambda b: b["reasoning_effort"] == "high" and b["temperature"] == 0.0 and b["max_tokens"] == 1024
     and b["top_k"] == 20 and b["tools"][0]["type"] == "function" and b["messages"][0]["role"] == "system"),
    ("openai", "responses", {"reasoning_effort": "low"},
     lambda b: b["reasoning"] == {"effort": "low", "summary": "auto"} and b["max_output_tokens"] == 1024
     and b["instructions"] and b["tools"][0]["name"] == "get_ticket"),
    ("google", "chat", {"thinking_level": "high", "temperature": 1.0},
     # the SDK sends thinkingConfig's fields in snake case; the API's JSON parser takes both spellings
     lambda b: _camel(_gemini_config(b)["thinkingConfig"]) == {"includeThoughts": True, "thinkingLevel": "HIGH"}
     and _gemini_config(b)["maxOutputTokens"] == 1024 and _gemini_config(b)["temperature"] == 1.0),
], ids=["anthropic-thinking", "anthropic-no-parallel", "openai-chat", "openai-responses", "gemini-thinking"])
def test_preset_parameters_reach_the_wire(provider, api, extra, check, run_task):
    with FakeLLMServer(raise_priority_script()) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api, **extra))
    assert run.outcome == "passed"
    body = srv.requests[0]["body"]
    assert check(body), json.dumps(body)[:2000]


def test_large_max_tokens_anthropic_request_is_not_refused_by_the_sdk(run_task):
    """The SDK refuses long non-streaming requests unless a timeout is set; the preset's is."""
    with FakeLLMServer(raise_priority_script()) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, "anthropic", max_tokens=64000,
                                                          thinking={"budget_tokens": 16000}))
    assert run.outcome == "passed" and srv.requests[0]["body"]["max_tokens"] == 64000

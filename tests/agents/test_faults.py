"""Faults: malformed tool-call JSON, rate limits, server errors, dropped connections, auth errors,
context overflow and empty replies — on each provider's wire format."""

from __future__ import annotations

import time

import pytest


from .conftest import KEY, preset_for
from .fakes import Fault, FakeLLMServer, Reply, ScriptBrain
from .test_react import raise_priority_script

GOOD = Reply(text="Impact is now high.")


def test_malformed_tool_call_json_becomes_an_error_result_the_model_corrects(wire, run_task):
    provider, api = wire
    brain = ScriptBrain([
        Reply(tool_calls=[("get_ticket", '{"number": "T000003"')]),  # cut-off JSON
        Reply(tool_calls=[("get_ticket", {"number": "T000003"})]),
        Reply(tool_calls=[("update_ticket", {"ticket_id": "TKT_0003", "impact": "high"})]),
        Reply(text="Impact is now high."),
    ])
    with FakeLLMServer(brain) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api))
    assert run.outcome == "passed"
    second = srv.requests[1]["view"]
    if provider == "google":
        # Gemini reports a malformed call as finish reason MALFORMED_FUNCTION_CALL: one nudge, no tool run
        assert second.last["role"] == "user" and "malformed" in second.last["text"]
        assert [c.name for c in run.transcript.tool_calls] == ["get_ticket", "update_ticket"]
    else:
        first = run.transcript.tool_calls[0]
        assert first.error_kind == "invalid_arguments" and "not valid JSON" in first.error
        tool_msg = second.last
        assert tool_msg["role"] == "tool" and "not valid JSON" in str(tool_msg["results"][0]["content"])
        if provider == "anthropic":
            assert tool_msg["results"][0]["is_error"] is True


def test_rate_limit_with_retry_after_is_honoured(wire, run_task):
    provider, api = wire
    faults = [Fault(429, "Too many requests, slow down", {"retry-after": "0.4"})]
    with FakeLLMServer(raise_priority_script(), faults=faults) as srv:
        t = time.monotonic()
        run = run_task("demo-raise-priority", preset_for(srv, provider, api, retry={"base_delay": 0.001}))
        elapsed = time.monotonic() - t
    assert run.outcome == "passed"
    assert srv.requests[0]["fault"] is not None and len(srv.requests) == 4
    assert elapsed >= 0.4
    notes = [e for e in run.transcript.events if getattr(e, "role", None) == "system"]
    assert len(notes) == 1 and "429" in notes[0].content and "slow down" in notes[0].content
    assert run.transcript.usage.model_calls == 3  # the failed attempt is not a model call


@pytest.mark.parametrize("fault", [Fault(500, "internal error"), Fault(529, "Overloaded"), Fault(503, "unavailable"),
                                   Fault(kind="drop")], ids=["500", "529", "503", "dropped-connection"])
def test_transient_errors_are_retried(fault, wire, run_task):
    provider, api = wire
    with FakeLLMServer(raise_priority_script(), faults=[fault, fault]) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api))
    assert run.outcome == "passed"
    assert len(srv.requests) == 5


def _provider_error(exc: BaseException) -> BaseException:
    """The engine reports a provider that failed for good as a harness ERROR caused by it."""
    assert type(exc).__name__ == "HarnessError" and "infrastructure failed" in str(exc)
    return exc.__cause__


def test_retries_spent_raise_with_the_providers_message(wire, run_task):
    provider, api = wire
    faults = [Fault(500, "the backend is on fire")] * 4
    with FakeLLMServer(raise_priority_script(), faults=faults) as srv:
        with pytest.raises(Exception) as info:
            run_task("demo-raise-priority", preset_for(srv, provider, api))
    err = _provider_error(info.value)
    assert type(err).__name__ == "ModelCallError"
    msg = str(err)
    assert "the backend is on fire" in msg and "HTTP 500" in msg and "after 4 attempts" in msg
    assert len(srv.requests) == 4


@pytest.mark.parametrize("status", [401, 400, 403])
def test_auth_and_bad_request_errors_are_not_retried(status, wire, run_task):
    provider, api = wire
    faults = [Fault(status, f"Incorrect API key provided: {KEY}")]
    with FakeLLMServer(raise_priority_script(), faults=faults) as srv:
        with pytest.raises(Exception) as info:
            run_task("demo-raise-priority", preset_for(srv, provider, api))
    err = _provider_error(info.value)
    assert type(err).__name__ == "ModelCallError"
    assert len(srv.requests) == 1
    assert f"HTTP {status}" in str(err)
    assert KEY not in str(info.value) and KEY not in repr(info.value)  # the key is scrubbed
    assert KEY not in str(err) and KEY not in repr(err)


def test_context_overflow_stops_the_agent_and_the_task_is_verified(wire, run_task):
    provider, api = wire
    brain = ScriptBrain([Reply(tool_calls=[("get_ticket", {"number": "T000003"})]), Fault(kind="context")])
    with FakeLLMServer(brain) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api))
    assert run.stopped and run.stopped.startswith("context window exceeded")
    assert run.outcome == "failed" and run.final_answer is None
    assert len(srv.requests) == 2  # not retried


def test_anthropic_context_window_stop_reason(run_task):
    brain = ScriptBrain([Reply(text="", finish="model_context_window_exceeded")])
    with FakeLLMServer(brain) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, "anthropic"))
    assert run.stopped.startswith("context window exceeded")
    assert run.transcript.usage.model_calls == 1  # its usage is still counted


def test_empty_reply_gets_one_nudge(wire, run_task):
    provider, api = wire
    script = raise_priority_script().steps
    brain = ScriptBrain([script[0], Reply(text=""), script[1], script[2]])
    with FakeLLMServer(brain) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api))
    assert run.outcome == "passed"
    nudge = srv.requests[2]["view"].last
    assert nudge["role"] == "user" and "empty" in nudge["text"]
    assert any(getattr(e, "meta", {}).get("nudge") for e in run.transcript.events)


def test_model_that_stays_silent_has_no_final_answer(wire, run_task):
    provider, api = wire
    with FakeLLMServer(ScriptBrain([Reply(text="")])) as srv:
        run = run_task("demo-raise-priority", preset_for(srv, provider, api))
    assert run.final_answer is None and run.outcome == "failed"
    assert len(srv.requests) == 2  # the reply, one nudge, then it gives up

"""No input a model can produce crashes a task, a worker or the session (issue 11, item 2),
and the step limit holds against an agent that ignores it (item 3)."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from pytest_enterpriseops.context import Ctx
from pytest_enterpriseops.errors import ToolError
from pytest_enterpriseops.runtime import StepLimitReached, ToolEnv
from pytest_enterpriseops.testing import tool_session
from pytest_enterpriseops.textsafe import MAX_ARGS_DEPTH, admit_arguments, bound_value, clean_value, safe_dumps
from pytest_enterpriseops.transcript import MAX_FIELD_CHARS, Transcript
from tests.conftest import FIXTURE_BENCH


def _deep(n: int, leaf: object = "x") -> object:
    v = leaf
    for _ in range(n):
        v = [v]
    return v


@pytest.fixture
def demo():
    with tool_session("demo", as_user="U001", root=FIXTURE_BENCH) as s:
        yield s


def _written(transcript: Transcript) -> bytes:
    """The transcript as the results writer puts it on disk (strict UTF-8 JSON)."""
    return json.dumps(transcript.to_json(), ensure_ascii=False).encode("utf-8")


# -- textsafe: no recursion, whatever the nesting --------------------------------------------

def test_clean_value_survives_any_depth():
    deep = _deep(200_000, "\udc80")
    cleaned = clean_value(deep)
    for _ in range(200_000):
        cleaned = cleaned[0]
    assert cleaned == "\ufffd"


def test_bound_value_and_safe_dumps_cut_depth_and_length():
    bounded = bound_value({"a": _deep(100_000), "b": "y" * 100_000}, max_depth=5, max_str=10)
    assert "nested deeper than 5 levels" in json.dumps(bounded)
    assert bounded["b"].startswith("y" * 10) and "truncated by the engine" in bounded["b"]
    text = safe_dumps(_deep(100_000))  # json.dumps alone raises RecursionError here
    assert "nested deeper than" in text and len(text) < 1000
    assert "truncated by the engine" in safe_dumps("z" * 5000, max_chars=100)


@pytest.mark.parametrize("raw,problem", [
    ('{"number": "\\udc80"}', None),
    ("[" * 100_000, "nested too deeply"),
    (json.dumps({"a": _deep(MAX_ARGS_DEPTH + 1)}), "nested more than"),
    ({"a": _deep(600)}, "nested more than"),
    ({"body": "x" * 10_000_000}, "larger than"),
    ({"body": "x" * 70_000}, "a string argument has 70000 characters"),
    ({"offset": 10 ** 30}, "integer argument is out of range"),
    ("not json", "not valid JSON"),
    ("", None),
    (None, None),
])
def test_admit_arguments(raw, problem):
    value, message = admit_arguments(raw)
    if problem is None:
        assert message is None
    else:
        assert problem in message
    json.dumps(value, ensure_ascii=False).encode("utf-8")  # always recordable


# -- the tool boundary -----------------------------------------------------------------------

def test_a_lone_surrogate_in_arguments_is_made_safe(demo):
    # What a JSON `\udc80` escape decodes to; before, it became a harness error and then a
    # UnicodeEncodeError while writing results (INTERNALERROR).
    res = demo.env.call("get_ticket", '{"number": "T00000\\udc80"}')
    assert res.is_error and "not found" in res.content
    res = demo.env.call("add_ticket_comment", {"ticket_id": "TKT_0003", "body": "ok \udc80", "visibility": "internal"})
    assert not res.is_error, res.content
    assert demo.scalar("SELECT body FROM demo.ticket_comment WHERE body LIKE 'ok %'") == "ok \ufffd"
    res.content.encode("utf-8")
    _written(demo.transcript)
    assert demo.env.harness_error is None


@pytest.mark.parametrize("args", [
    "[" * 100_000,
    json.dumps({"number": _deep(600)}),
    {"number": _deep(10_000)},
])
def test_deeply_nested_arguments_are_an_error_result(demo, args):
    # Before: RecursionError in the transcript, INTERNALERROR, summary `interrupted: false`.
    res = demo.env.call("get_ticket", args)
    assert res.is_error and "nested" in res.content
    assert demo.transcript.tool_calls[-1].error_kind == "invalid_arguments"
    assert len(_written(demo.transcript)) < 10_000


def test_a_huge_string_argument_is_refused_and_never_stored(demo):
    # Before: a 10 MB string was written to the database and the result file grew to 209 MB.
    res = demo.env.call("add_ticket_comment", {"ticket_id": "TKT_0003", "body": "x" * 10_000_000,
                                               "visibility": "internal"})
    assert res.is_error and "limit" in res.content
    assert demo.scalar("SELECT coalesce(max(length(body)), 0) FROM demo.ticket_comment") < 10_000
    assert len(_written(demo.transcript)) < 10_000


def test_a_huge_offset_is_a_tool_error(demo):
    # Before: offset=10**30 reached DuckDB (a harness error). Out of BIGINT it is refused at the
    # boundary; inside it, Ctx.page refuses it.
    res = demo.env.call("find_tickets", {"offset": 10 ** 30})
    assert res.is_error and demo.transcript.tool_calls[-1].error_kind == "invalid_arguments"
    res = demo.env.call("find_tickets", {"offset": 2 ** 63 - 1})
    assert res.is_error and "offset must be at most" in res.content
    assert demo.transcript.tool_calls[-1].error_kind == "tool_error"
    assert demo.env.harness_error is None


def test_a_huge_result_is_cut_for_the_model_and_on_disk(demo):
    from pytest_enterpriseops.tools import Tool, tool

    @tool(name="zz_hostile_big_result")
    def big(ctx: Ctx) -> dict:
        """Returns far too much."""
        return {"blob": "y" * 2_000_000}

    env = ToolEnv(demo.ctx, {"zz_hostile_big_result": big}, ["zz_hostile_big_result"], Transcript(), 10, 0.0)
    res = env.call("zz_hostile_big_result", {})
    assert not res.is_error
    assert len(res.content) < ToolEnv.MAX_RESULT_CHARS + 200 and "truncated by the engine" in res.content
    on_disk = _written(env.transcript)
    assert len(on_disk) < MAX_FIELD_CHARS + 2000 and b"_truncated" in on_disk
    assert isinstance(big, Tool)


def test_a_non_string_tool_name_and_non_object_arguments_are_error_results(demo):
    for name, args in ((123, {}), ("get_ticket", [1, 2]), ("get_ticket", 5), ("\udc80" * 1000, {})):
        res = demo.env.call(name, args)
        assert res.is_error
    _written(demo.transcript)


# -- dates ---------------------------------------------------------------------------------

@pytest.mark.parametrize("value,expected", [
    ("2025-12-05", "2025-12-05 00:00:00"), ("2025-12-05T10:00:00Z", "2025-12-05 10:00:00"),
    ("2025-12-05T12:00:00+02:00", "2025-12-05 10:00:00"), ("2025-12-05 10:00", "2025-12-05 10:00:00"),
])
def test_parse_timestamp(value, expected):
    assert str(Ctx.parse_timestamp(value, "opened_after")) == expected


@pytest.mark.parametrize("value", ["yesterday", "2025-13-45", "", "9999-12-31T23:59:59-05:00", "12/05/2025",
                                   "2025-12-05T25:00:00"])
def test_odd_dates_are_tool_errors_naming_the_argument(value):
    with pytest.raises(ToolError, match="opened_after"):
        Ctx.parse_timestamp(value, "opened_after")
    with pytest.raises(ToolError, match="opened_after"):
        Ctx.parse_date(value, "opened_after")


def test_date_filters_of_the_real_tools_validate_their_input():
    # Before: non-ISO dates in find_incidents and csm_search_cases were DuckDB ConversionExceptions.
    root = Path(__file__).resolve().parents[2]
    with tool_session("itsm", as_user="P0101", root=root) as s:
        assert "opened_after must be an ISO timestamp" in s.call_error("find_incidents", opened_after="last week")
        assert s.call("find_incidents", opened_after="2025-11-21T10:00:00Z", limit=5)["total"] >= 0
    with tool_session("csm", as_user="P0350", root=root) as s:
        assert "opened_after must be an ISO date" in s.call_error("csm_search_cases", opened_after="2025-13-45")
        assert s.call("csm_search_cases", opened_after="2025-11-01", limit=5)["total"] >= 0


# -- the step limit --------------------------------------------------------------------------

def test_calls_past_the_step_limit_are_refused_and_counted_not_recorded(demo):
    # Before: an agent that swallowed the step-limit error made 10,000 attempts, all recorded,
    # and the episode was not marked stopped.
    env = ToolEnv(demo.ctx, demo.tools, list(demo.tools), Transcript(), 3, 0.0)
    t = time.perf_counter()
    for _ in range(10_000):
        try:
            env.call("get_ticket", {"number": "T000003"})
        except StepLimitReached:
            pass
    assert time.perf_counter() - t < 5
    calls = env.transcript.tool_calls
    assert len(calls) == 4 and calls[-1].error_kind == "step_limit"
    assert env.stopped == "step limit of 3 tool calls reached"
    assert env.refused_calls == 10_000 - 3


# -- a whole session -------------------------------------------------------------------------

HOSTILE_AGENT = '''
class Hostile:
    name = "hostile"

    async def run(self, episode):
        deep = "[" * 100000
        for name, args in [
            ("get_ticket", '{"number": "\\\\udc80"}'),
            ("get_ticket", {"number": "\\udc80"}),
            ("get_ticket", deep),
            ("get_ticket", {"number": NEST}),
            ("find_tickets", {"offset": 10 ** 30}),
            ("update_ticket", {"ticket_id": "TKT_0003", "impact": "x" * 10_000_000}),
        ]:
            try:
                await episode.call(name, args)
            except Exception:
                pass
        episode.record_message("assistant", "thinking \\udc80 aloud")
        return "done \\udc80"


def _nest(n):
    v = "x"
    for _ in range(n):
        v = [v]
    return v


NEST = _nest(5000)
'''


@pytest.mark.parametrize("xdist", [False, True], ids=["serial", "xdist"])
def test_a_hostile_agent_cannot_break_the_session(bench, pytester, xdist):
    # Before: INTERNALERROR; under -n 2 "no tests ran", no summary.json, 0-byte .tmp files.
    (bench / "hostile.py").write_text(HOSTILE_AGENT)
    args = ["tasks", "--agent=python:hostile:Hostile", "--eops-out", "out", "-p", "no:cacheprovider"]
    if xdist:
        res = pytester.runpytest_subprocess(*args, "-n", "2", "-p", "xdist")
    else:
        pytester.syspathinsert()
        res = pytester.runpytest(*args)
    out = res.stdout.str() + res.stderr.str()
    assert "INTERNALERROR" not in out
    outcomes = res.parseoutcomes()
    assert outcomes.get("failed", 0) + outcomes.get("passed", 0) == 5, out[-3000:]
    files = sorted((bench / "out" / "tasks").glob("*.json"))
    assert len(files) == 5
    for f in files:
        raw = f.read_bytes()
        assert len(raw) < 2_000_000
        record = json.loads(raw.decode("utf-8"))
        assert record["final_answer"] == "done \ufffd"
    assert json.loads((bench / "out" / "summary.json").read_text())
    assert not list((bench / "out").rglob("*.tmp"))

"""The tool runtime: schemas from signatures, validation, error results, transactions, step limit."""

from __future__ import annotations

import contextlib
from pathlib import Path
import pytest

from pytest_enterpriseops import Ctx, ToolError, tool
from pytest_enterpriseops.errors import DomainError, DuplicateToolError, HarnessError
from pytest_enterpriseops.runtime import StepLimitReached, ToolEnv
from pytest_enterpriseops.testing import tool_session
from pytest_enterpriseops.tools import parse_docstring
from pytest_enterpriseops.transcript import Transcript

ROOT = Path(__file__).parents[1] / "fixture_bench"


def test_schema_comes_from_hints_and_docstring():
    with tool_session("demo", as_user="U001", root=ROOT) as s:
        spec = s.tools["update_ticket"].spec()
    props = spec["parameters"]["properties"]
    assert spec["description"].startswith("Update a ticket's impact")
    assert props["ticket_id"] == {"type": "string", "description": "The ticket id (TKT_…), not its number."}
    assert props["impact"]["anyOf"][0] == {"enum": ["high", "medium", "low"], "type": "string"}
    assert spec["parameters"]["required"] == ["ticket_id"]
    assert spec["parameters"]["additionalProperties"] is False


def test_docstring_parsing_handles_continuations():
    desc, args = parse_docstring("""Do a thing.

        More words.

        Args:
            a: First line
                continued here.
            b (int): Second.

        Returns:
            stuff
        """)
    assert desc == "Do a thing.\n\nMore words."
    assert args == {"a": "First line continued here.", "b": "Second."}


def test_a_tool_must_describe_every_argument():
    with pytest.raises(DomainError, match="'x' is not described"):
        @tool
        def zz_undocumented(ctx: Ctx, x: int) -> dict:
            """Does things."""


def test_a_boolean_is_not_an_integer():
    @tool
    def zz_counts(ctx: Ctx, n: int, m: int | None = None, flag: bool = False, either: int | bool = 0) -> dict:
        """Counts.

        Args:
            n: a count.
            m: another.
            flag: a flag.
            either: a count or a flag.
        """
        return {}

    with pytest.raises(ValueError, match="argument 'n': expected an integer, got false"):
        zz_counts.validate({"n": False})
    with pytest.raises(ValueError, match="argument 'm': expected an integer, got true"):
        zz_counts.validate({"n": 1, "m": True})
    assert zz_counts.validate({"n": 2, "m": None, "flag": True, "either": True})["either"] is True
    assert zz_counts.int_fields == {"n", "m"}


def test_duplicate_tool_names_are_refused():
    @tool(name="zz_unique_name")
    def first(ctx: Ctx) -> dict:
        """One."""

    with pytest.raises(DuplicateToolError, match="zz_unique_name"):
        @tool(name="zz_unique_name")
        def second(ctx: Ctx) -> dict:
            """Two."""


def test_agent_mistakes_are_error_results_never_crashes():
    with tool_session("demo", as_user="U001", root=ROOT) as s:
        env = ToolEnv(s.ctx, s.tools, ["get_ticket"], Transcript(), 50, 0.0)
        r = env.call("no_such_tool", {})
        assert r.is_error and "unknown tool 'no_such_tool'" in r.content
        r = env.call("update_ticket", {"ticket_id": "TKT_0003"})  # exists, but not offered
        assert r.is_error and env.transcript.tool_calls[-1].error_kind == "not_offered"
        r = env.call("get_ticket", '{"number": ')
        assert r.is_error and "not valid JSON" in r.content
        r = env.call("get_ticket", {"numbr": "T000001"})
        assert r.is_error and "unknown argument 'numbr'" in r.content and "missing required argument 'number'" in r.content
        r = env.call("get_ticket", {"number": "T999999"})
        assert r.is_error and env.transcript.tool_calls[-1].error_kind == "tool_error"
        r = env.call("get_ticket", '{"number": "T000001"}')
        assert not r.is_error and r.data["ticket_id"] == "TKT_0001"
        kinds = [c.error_kind for c in env.transcript.tool_calls]
        assert kinds == ["unknown_tool", "not_offered", "invalid_arguments", "invalid_arguments", "tool_error", None]


def test_a_tool_error_rolls_back_partial_writes():
    @tool
    def zz_half_write(ctx: Ctx, ticket_id: str) -> dict:
        """Writes, then fails.

        Args:
            ticket_id: The ticket.
        """
        ctx.update("demo.ticket", {"ticket_id": ticket_id}, {"title": "changed"})
        raise ToolError("second step failed")

    with tool_session("demo", as_user="U001", root=ROOT) as s:
        env = ToolEnv(s.ctx, {**s.tools, "zz_half_write": zz_half_write}, ["zz_half_write"], Transcript(), 50, 0.0)
        assert env.call("zz_half_write", {"ticket_id": "TKT_0003"}).is_error
        assert s.scalar("SELECT title FROM demo.ticket WHERE ticket_id = 'TKT_0003'") != "changed"


@pytest.mark.parametrize("how", ["insert", "update-returning-through-all"])
def test_a_transaction_opens_at_the_first_write_and_a_tool_error_still_rolls_it_back(how):
    # A read-only call runs without BEGIN/COMMIT; a write (through Ctx's write methods, or a write
    # statement sent through a read method) opens the call's transaction first, so a ToolError after
    # it still leaves nothing behind.
    @tool
    def zz_read_then_write(ctx: Ctx, ticket_id: str) -> dict:
        """Reads, writes, then fails.

        Args:
            ticket_id: The ticket.
        """
        assert not ctx.in_transaction
        ctx.one("SELECT * FROM demo.ticket WHERE ticket_id = ?", ticket_id)
        assert not ctx.in_transaction  # a plain read opens nothing
        if how == "insert":
            ctx.insert("demo.ticket_comment", {"comment_id": "CMT_999", "ticket_id": ticket_id, "author_id": "U001",
                                               "body": "x", "visibility": "internal",
                                               "created_at": ctx.timestamp()})
        else:
            ctx.all("UPDATE demo.ticket SET title = 'changed' WHERE ticket_id = ? RETURNING title", ticket_id)
        assert ctx.in_transaction
        raise ToolError("second step failed")

    with tool_session("demo", as_user="U001", root=ROOT) as s:
        env = ToolEnv(s.ctx, {**s.tools, "zz_read_then_write": zz_read_then_write}, ["zz_read_then_write", "get_ticket"],
                      Transcript(), 50, 0.0)
        assert env.call("zz_read_then_write", {"ticket_id": "TKT_0003"}).is_error
        assert s.scalar("SELECT title FROM demo.ticket WHERE ticket_id = 'TKT_0003'") != "changed"
        assert s.scalar("SELECT count(*) FROM demo.ticket_comment WHERE comment_id = 'CMT_999'") == 0
        assert not env.call("get_ticket", {"number": "T000003"}).is_error  # the cursor is usable afterwards
        assert not s.ctx.in_transaction


def test_an_unexpected_exception_is_a_harness_error():
    with tool_session("demo", as_user="U001", root=ROOT) as s:
        env = ToolEnv(s.ctx, s.tools, ["ticket_selftest_crash", "get_ticket"], Transcript(), 50, 0.0)
        with pytest.raises(HarnessError, match="bug inside a tool"):
            env.call("ticket_selftest_crash", {})
        with pytest.raises(HarnessError):  # the task is over even if the agent swallowed it
            env.call("get_ticket", {"number": "T000001"})


def test_step_limit():
    with tool_session("demo", as_user="U001", root=ROOT) as s:
        env = ToolEnv(s.ctx, s.tools, ["get_ticket"], Transcript(), 2, 0.0)
        env.call("get_ticket", {"number": "T000001"})
        env.call("get_ticket", {"number": "T000002"})
        with pytest.raises(StepLimitReached):
            env.call("get_ticket", {"number": "T000003"})


def test_permissions_come_from_the_acting_users_role():
    with tool_session("demo", as_user="U030", root=ROOT) as s:
        assert s.ctx.role == "reporter"
        assert "not allowed" in s.call_error("close_ticket", ticket_id="TKT_0012", resolution="x")


def test_ids_are_deterministic_and_the_clock_is_frozen():
    with tool_session("demo", as_user="U001", root=ROOT) as s:
        a = s.call("add_ticket_comment", ticket_id="TKT_0003", body="x", visibility="internal")
        b = s.call("add_ticket_comment", ticket_id="TKT_0004", body="y", visibility="internal")
        assert (a["comment_id"], b["comment_id"]) == ("CMT00001", "CMT00002")
        assert a["created_at"] == "2025-12-05T10:00:00"


def test_pagination():
    with tool_session("demo", as_user="U001", root=ROOT) as s:
        p1 = s.call("find_tickets", state="closed", limit=5)
        p2 = s.call("find_tickets", state="closed", limit=5, offset=5)
        assert p1["total"] == p2["total"] > 10 and p1["next_offset"] == 5 and len(p1["items"]) == 5
        assert not {i["ticket_id"] for i in p1["items"]} & {i["ticket_id"] for i in p2["items"]}
        assert "limit must be between" in s.call_error("find_tickets", limit=500)


@contextlib.contextmanager
def _demo_task_session():
    """A live task session on the demo benchmark (its Ctx and a writable cursor), closed afterwards."""
    from pytest_enterpriseops.domains import Benchmark
    from pytest_enterpriseops.runner import RunOptions, TaskSession
    from pytest_enterpriseops.task import load_task

    s = TaskSession(Benchmark(ROOT), load_task(ROOT / "tasks" / "demo" / "demo-raise-priority.yaml"), 1, RunOptions())
    try:
        yield s
    finally:
        s.close()


def test_an_id_is_never_issued_twice_in_a_task_even_after_its_row_is_deleted(tmp_path):
    # Delete the newest ticket (a start-state row), then ask for a ticket id: it is a fresh one, not
    # the deleted one's, so a create after a delete shows in the diff as one row removed and one added
    # (not as one row changed). An id handed out once is not handed out again in the task.
    with _demo_task_session() as s:
        ctx, cur = s.env.ctx, s.env.ctx.cursor
        top = cur.execute("SELECT max(ticket_id) FROM demo.ticket").fetchone()[0]
        assert top is not None
        cur.execute("DELETE FROM demo.ticket WHERE ticket_id = ?", [top])
        assert cur.execute("SELECT max(ticket_id) FROM demo.ticket").fetchone()[0] < top
        first = ctx.new_id("demo.ticket", "ticket_id", "TKT_", 4)
        assert first > top  # not the deleted row's id
        ctx._issued.clear()  # even without the episode's memory: the start state still has the deleted row
        assert ctx.new_id("demo.ticket", "ticket_id", "TKT_", 4) == first
        assert ctx.new_id("demo.ticket", "ticket_id", "TKT_", 4) > first  # issued once, even if unused


def test_ids_with_a_non_numeric_suffix_do_not_count_as_numbers():
    # A calendar instance id like evt000317_20251217 starts with the prefix but is no sequence number;
    # DuckDB would read '000317_20251217' as 31720251217 (underscores are digit separators there).
    with _demo_task_session() as s:
        ctx, cur = s.env.ctx, s.env.ctx.cursor
        top = cur.execute("SELECT max(ticket_id) FROM demo.ticket").fetchone()[0]
        n = int(top.removeprefix("TKT_"))
        cur.execute("UPDATE demo.ticket SET ticket_id = ? WHERE ticket_id = ?", [f"TKT_{n:04d}_20251217", top])
        assert ctx.new_id("demo.ticket", "ticket_id", "TKT_", 4) == f"TKT_{n + 1:04d}"  # the start state still has TOP

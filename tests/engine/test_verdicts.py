"""Sound verdicts (issue 10): adversarial agents that did more, or other, than the job must not pass,
and nothing an agent does can turn its failure into an excluded ERROR."""

from __future__ import annotations

import pytest

from tests.conftest import write_task

AGENTS = '''
import asyncio, time
from pytest_enterpriseops.agents.scripted import OracleAgent
from pytest_enterpriseops.errors import HarnessError, InfrastructureError


class GoldPlusHarm(OracleAgent):
    """The gold, then one harmful write to a record the task never mentions."""
    name = "gold-plus-harm"
    async def run_with_gold(self, episode, gold):
        answer = await super().run_with_gold(episode, gold)
        await episode.call("assign_ticket", {"ticket_id": "TKT_0005", "assignee_id": "U004"})
        return answer


class GoldTwice(OracleAgent):
    name = "gold-twice"
    async def run_with_gold(self, episode, gold):
        await super().run_with_gold(episode, gold)
        return await super().run_with_gold(episode, gold)


class GoldSilent(OracleAgent):
    name = "gold-silent"
    async def run_with_gold(self, episode, gold):
        await super().run_with_gold(episode, gold)
        return None


class RawWriter(OracleAgent):
    """The gold, then a write straight into the task database, around the tools."""
    name = "raw-writer"
    async def run_with_gold(self, episode, gold):
        answer = await super().run_with_gold(episode, gold)
        from pytest_enterpriseops import sandbox
        con = sandbox.instance()
        for (db,) in con.execute("SELECT database_name FROM duckdb_databases() WHERE database_name LIKE 'task%'").fetchall():
            con.execute(f"UPDATE {db}.demo.person SET active = NOT active WHERE person_id = 'U002'")
        return answer


class Raiser(OracleAgent):
    """Gold on one task, an exception on every other."""
    name = "raiser"
    async def run_with_gold(self, episode, gold):
        if episode.task_id != "demo-close-resolved":
            raise ValueError("the agent's own bug")
        return await super().run_with_gold(episode, gold)


class FakeHarness:
    name = "fake-harness"
    async def run(self, episode):
        raise HarnessError("pretending the harness broke")


class ProviderDown:
    name = "provider-down"
    async def run(self, episode):
        raise InfrastructureError("the model provider is unreachable after retries")


class Blocker:
    name = "blocker"
    async def run(self, episode):
        time.sleep(20)
        return "done"


class SyncAgent:
    name = "sync"
    def run(self, episode):
        return "done"


class Liar:
    name = "liar"
    async def run(self, episode):
        return "Done — completed all of it. " + episode.user_prompt
'''


@pytest.fixture
def adv(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(advagents=AGENTS)
    return pytester


def _outcomes(res):
    return res.parseoutcomes()


def test_a_harmful_extra_write_fails_and_names_the_row(adv):
    res = adv.runpytest("tasks", "--agent=python:advagents:GoldPlusHarm", "-k", "assign-to-lead")
    res.assert_outcomes(failed=1)
    assert "demo.ticket: row ticket_id=TKT_0005 changed" in res.stdout.str()


def test_replaying_the_gold_twice_fails(adv):
    res = adv.runpytest("tasks", "--agent=python:advagents:GoldTwice", "-k", "assign-to-lead")
    res.assert_outcomes(failed=1)
    out = res.stdout.str()
    assert "demo.ticket_comment: 2 row(s) added where the task adds 1 (a duplicate?) — added: " in out


def test_a_write_around_the_tools_is_seen(adv):
    res = adv.runpytest("tasks", "--agent=python:advagents:RawWriter")
    res.assert_outcomes(failed=5)
    assert "demo.person: 1 changed row(s), but the task changes nothing in this table" in res.stdout.str()


def test_agent_exceptions_are_failures_not_errors(adv):
    res = adv.runpytest("tasks", "--agent=python:advagents:Raiser")
    res.assert_outcomes(passed=1, failed=4)
    assert "ValueError: the agent's own bug" in res.stdout.str()


def test_an_agent_cannot_pose_as_the_harness(adv):
    _outcomes_ok = adv.runpytest("tasks", "--agent=python:advagents:FakeHarness")
    _outcomes_ok.assert_outcomes(failed=5)


def test_infrastructure_errors_stay_errors(adv):
    adv.runpytest("tasks", "--agent=python:advagents:ProviderDown").assert_outcomes(errors=5)


def test_task_timeout_holds_for_a_blocking_agent(adv):
    import json

    res = adv.runpytest("tasks", "--agent=python:advagents:Blocker", "--task-timeout", "1", "-k", "raise-priority",
                        "--eops-out", "out")
    res.assert_outcomes(failed=1)
    assert "timed out after 1 s" in res.stdout.str()
    record = json.loads(next((adv.path / "out" / "tasks").glob("*.json")).read_text())
    assert record["timings"]["agent_s"] < 5  # the timeout plus a grace period, not the 20 s it blocks for


def test_a_sync_run_is_a_clear_failure(adv):
    res = adv.runpytest("tasks", "--agent=python:advagents:SyncAgent", "-k", "raise-priority")
    res.assert_outcomes(failed=1)
    assert "must be a coroutine function" in res.stdout.str()


def test_a_false_done_fails_an_infeasible_task(adv):
    res = adv.runpytest("tasks", "--agent=python:advagents:Liar", "-k", "reporter-close-others")
    res.assert_outcomes(failed=1)


def test_an_answer_is_required_where_the_prompt_asks(adv):
    write_task(adv.path, "demo-tell-title", """
        id: demo-tell-title
        domain: demo
        as_user: U001
        prompt: Tell me the title of T000003.
        tools: [get_ticket]
        plan: Look it up and answer.
        solution:
          - get_ticket: {number: T000003}
        response: The title is "VPN drops every hour".
        verifiers:
          - name: the title is named
            category: completion
            response: {mentions: ["VPN"]}
          - name: nothing changed
            category: side_effect
            changes_only: []
    """)
    adv.runpytest("tasks", "--agent=python:advagents:GoldSilent", "-k", "tell-title").assert_outcomes(failed=1)


def test_a_verifier_with_an_unexpected_shape_fails_not_errors(adv):
    write_task(adv.path, "demo-note-shape", """
        id: demo-note-shape
        domain: demo
        as_user: U001
        prompt: Add an internal note to T000001 saying the user was called back.
        tools: [get_ticket, add_ticket_comment]
        plan: Find the ticket, add the note.
        solution:
          - get_ticket: {number: T000001}
          - add_ticket_comment: {ticket_id: TKT_0001, body: Called the user back., visibility: internal}
        verifiers:
          - name: the note
            category: completion
            sql: SELECT body FROM demo.ticket_comment WHERE ticket_id = 'TKT_0001'
            expect: Called the user back.
          - name: nothing else touched
            category: side_effect
            changes_only: [demo.ticket_comment, demo.audit_log]
    """)
    res = adv.runpytest("tasks", "--agent=python:advagents:GoldTwice", "-k", "note-shape")
    res.assert_outcomes(failed=1)
    assert "but 'expect' is a single value" in res.stdout.str()


def test_the_episode_exposes_nothing_of_the_grader(bench):
    """Walk every non-dunder attribute reachable from the episode (and from what its methods return):
    no task, verifier, gold, environment, context, cursor or database is among them."""
    import asyncio

    import duckdb

    from pytest_enterpriseops.context import Ctx
    from pytest_enterpriseops.domains import Benchmark
    from pytest_enterpriseops.runner import RunOptions, TaskSession
    from pytest_enterpriseops.runtime import ToolEnv
    from pytest_enterpriseops.sandbox import TaskDatabase
    from pytest_enterpriseops.task import Task, Verifier, load_task

    b = Benchmark(bench)
    task = load_task(bench / "tasks" / "demo" / "demo-assign-to-lead.yaml")
    s = TaskSession(b, task, 1, RunOptions())
    try:
        ep = s.episode
        result = asyncio.run(ep.call("get_ticket", {"number": "T000001"}))
        forbidden = (Task, Verifier, ToolEnv, Ctx, TaskDatabase, duckdb.DuckDBPyConnection)
        seen, stack = set(), [(ep, "episode"), (result, "call result"), (ep.tools, "tools")]
        while stack:
            obj, path = stack.pop()
            if id(obj) in seen or path.count(".") > 5:
                continue
            seen.add(id(obj))
            assert not isinstance(obj, forbidden), f"{path} reaches {type(obj).__name__}"
            children = (list(obj.items()) if isinstance(obj, dict) else
                        list(enumerate(obj)) if isinstance(obj, (list, tuple)) else
                        [(n, getattr(obj, n, None)) for n in dir(obj) if not n.startswith("__")])
            for name, child in children:
                if child is None or isinstance(child, (str, int, float, bool)):
                    continue
                stack.append((child, f"{path}.{name}"))
        for name in ("task", "_env", "env", "transcript", "verifiers", "solution"):
            assert not hasattr(ep, name), name
        with pytest.raises(AttributeError):
            ep.sneaky = 1  # no place to stash or swap anything on the episode
    finally:
        s.close()

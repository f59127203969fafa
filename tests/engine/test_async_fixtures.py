"""An agent made by an async session fixture (pytest-asyncio) runs its episodes on that fixture's loop:
asyncio resources it created there (a queue served by a task of that loop, a TCP connection) work,
alone, with --eops-concurrency and under xdist; the fixture's async teardown still has its loop."""

from __future__ import annotations

import json

INI = "[pytest]\nasyncio_default_fixture_loop_scope = function\n"

CONFTEST = '''
import asyncio
import pytest_asyncio
from pytest_enterpriseops.agents.scripted import OracleAgent


class ModelClientAgent(OracleAgent):
    """Asks a "model" (a task on the fixture's loop, reached through an asyncio.Queue, and an echo
    server over a TCP connection opened in the fixture) before it plays the gold steps."""

    name = "model-client"

    def __init__(self, queue, reader, writer):
        self.queue, self.reader, self.writer = queue, reader, writer
        self.lock = asyncio.Lock()

    async def run_with_gold(self, episode, gold):
        reply = asyncio.get_running_loop().create_future()
        await self.queue.put((episode.task_id, reply))
        assert await reply == "go " + episode.task_id  # only the fixture's loop ever answers
        async with self.lock:  # one request at a time on the shared connection
            self.writer.write(episode.task_id.encode() + b"\\n")
            await self.writer.drain()
            assert (await self.reader.readline()).strip() == episode.task_id.encode()
        await asyncio.sleep(1.0)  # model latency
        return await super().run_with_gold(episode, gold)


async def _model(queue):
    while True:
        task_id, reply = await queue.get()
        reply.set_result("go " + task_id)


async def _echo(reader, writer):
    while line := await reader.readline():
        writer.write(line)
        await writer.drain()
    writer.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def eops_agent():
    queue = asyncio.Queue()
    model = asyncio.create_task(_model(queue))
    server = await asyncio.start_server(_echo, "127.0.0.1", 0)
    reader, writer = await asyncio.open_connection(*server.sockets[0].getsockname()[:2])
    yield ModelClientAgent(queue, reader, writer)
    # teardown on the same loop, which must be idle again (not left running by the engine)
    writer.close()
    await writer.wait_closed()
    server.close()
    model.cancel()
    print("FIXTURE TEARDOWN OK")
'''


def _project(pytester):
    pytester.makeini(INI)
    pytester.makeconftest(CONFTEST)


def _windows(root):
    recs = [json.loads(p.read_text()) for p in (root / "out" / "tasks").glob("*.json")]
    return recs, [(r["timings"]["started_at"], r["timings"]["finished_at"]) for r in recs]


def test_an_async_session_fixture_agent_solves_tasks_on_its_own_loop(bench, pytester):
    _project(pytester)
    res = pytester.runpytest("tasks", "--task-timeout", "20", "--eops-out", "out", "-s")
    res.assert_outcomes(passed=5)
    assert "FIXTURE TEARDOWN OK" in res.stdout.str()
    recs, _ = _windows(pytester.path)
    assert len(recs) == 5 and all(r["outcome"] == "passed" for r in recs)


def test_with_concurrency_episodes_overlap_on_the_fixture_loop(bench, pytester):
    _project(pytester)
    res = pytester.runpytest("tasks", "--eops-concurrency", "4", "--task-timeout", "20", "--eops-out", "out", "-s")
    res.assert_outcomes(passed=5)
    assert "FIXTURE TEARDOWN OK" in res.stdout.str()
    _, windows = _windows(pytester.path)
    starts, first_end = sorted(s for s, _ in windows), min(e for _, e in windows)
    assert starts[3] < first_end, windows  # four were in flight at once on the one loop


def test_with_concurrency_under_xdist(bench, pytester):
    _project(pytester)
    res = pytester.runpytest_subprocess("tasks", "--eops-concurrency", "4", "-n", "2", "--task-timeout", "20", "--eops-out", "out")
    res.assert_outcomes(passed=5)


def test_a_plain_loop_agent_fixture_is_not_bound_to_any_loop(bench, pytester):
    """Control: the same agent made by a sync fixture on a loop nobody runs cannot get its model's
    answer (its queue is served by no running loop), so the engine really is what runs the loop."""
    _project(pytester)
    pytester.makeconftest(CONFTEST.replace('@pytest_asyncio.fixture(scope="session", loop_scope="session")\nasync def eops_agent():',
                                           "async def _unused():") + '''

import pytest

@pytest.fixture(scope="session")
def eops_agent():
    loop = asyncio.new_event_loop()
    agen = _unused()
    agent = loop.run_until_complete(agen.__anext__())
    return agent
''')
    res = pytester.runpytest("tasks", "-k", "raise-priority", "--task-timeout", "3", "--eops-out", "out")
    res.assert_outcomes(failed=1)

"""The plugin's fixtures, each usable on its own.

- `eops_agent` (session): the agent under test (from --agent); override it in a conftest.py, also
  with an async fixture (`@pytest_asyncio.fixture(scope="session", loop_scope="session")`): its
  episodes then run on that fixture's loop, so async clients it made there work.
- `eops_db`: a fresh database of one task, with its tools. On a task item it is that item's task
  (the database the run uses); in a test of your own, name the task with
  `@pytest.mark.eops_task("task-id")` or parametrize indirectly
  (`@pytest.mark.parametrize("eops_db", ["task-id"], indirect=True)`).
- `eops_task_run`: runs the agent on the task item's database and verifies (in setup, so a harness
  failure is an ERROR); the item's body turns the verdict into passed or failed.
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any

import pytest

from .keys import POOL_KEY, STATE_KEY

TASK_MARKER = "eops_task"
TASK_MARKER_HELP = (f"{TASK_MARKER}(task_id): the task whose fresh database the eops_db fixture gives this test "
                    "(a task id under <benchmark root>/tasks, or a path to its YAML file)")


class EopsDb:
    """One materialized task: call its tools as an agent would, query its database, verify it.

    `call` goes through the same runtime as an agent's calls (validation, step limit, transcript);
    `query` reads the current state (single SELECTs, read-only); `verify` runs every verifier of
    the task on the current state and returns the results (`passed` tells whether all passed).
    """

    def __init__(self, session: Any):
        self.session = session

    @property
    def task(self) -> Any:
        return self.session.task

    @property
    def episode(self) -> Any:
        return self.session.episode

    @property
    def transcript(self) -> Any:
        return self.session.run.transcript

    def call(self, tool: str, args: dict[str, Any] | None = None) -> Any:
        from .runtime import ENGINE_LOCK

        with ENGINE_LOCK:
            return self.session.env.call(tool, {} if args is None else dict(args))

    def query(self, sql: str, params: Any = None) -> list[tuple]:
        cur = self.session.db.read_cursor("work")
        try:
            return cur.execute(sql, params).fetchall()
        finally:
            cur.close()

    def verify(self, answer: str | None = None) -> list[Any]:
        if answer is not None:
            self.session.run.final_answer = answer
        return self.session.verify()

    @property
    def passed(self) -> bool:
        return self.session.run.outcome == "passed"

    def __repr__(self) -> str:
        return f"<EopsDb {self.task.id}>"


@pytest.fixture(scope="session")
def eops_agent(pytestconfig: pytest.Config):
    """The agent under test (built from --agent). Override it in a conftest.py to plug in your own."""
    return pytestconfig.stash[STATE_KEY].agent


@pytest.fixture(scope="session")
def eops_episode_pool(pytestconfig: pytest.Config):
    """The --eops-concurrency pool of episodes started ahead of their turn (None without it).

    Session-scoped and requested after `eops_agent`, so it is torn down first: episodes still on an
    async agent fixture's loop are cancelled before that fixture's own teardown needs the loop."""
    from .concurrency import EpisodePool

    size = pytestconfig.getoption("eops_concurrency")
    held = int(pytestconfig.getoption("eops_held_mb") * (1 << 20))
    pool = pytestconfig.stash[POOL_KEY] = EpisodePool(size, held) if size > 1 else None
    yield pool
    if pool is not None:
        pool.close()


def _task_of(request: pytest.FixtureRequest) -> tuple[Any, Any]:
    """(task, benchmark) named by an eops_task marker or an indirect parameter of `eops_db`."""
    from .cli.play_session import PlayError, resolve_task

    spec = getattr(request, "param", None)
    if spec is None:
        mark = request.node.get_closest_marker(TASK_MARKER)
        spec = mark.args[0] if mark is not None and mark.args else None
    if spec is None:
        pytest.fail("eops_db needs a task: @pytest.mark.eops_task('task-id') or "
                    "@pytest.mark.parametrize('eops_db', ['task-id'], indirect=True)", pytrace=False)
    try:
        return resolve_task(str(spec), Path(request.node.path).parent)
    except PlayError as exc:
        pytest.fail(f"eops_db: {exc}", pytrace=False)


@pytest.fixture
def eops_db(request: pytest.FixtureRequest):
    """A fresh database of one task, with its tools (see EopsDb); closed after the test."""
    from .items import TaskItem
    from .runner import TaskSession
    from .runtime import channel

    state = request.config.stash[STATE_KEY]
    item = request.node
    if isinstance(item, TaskItem):
        task, bench, run_index = item.task, item.bench, item.run_index
    else:
        (task, bench), run_index = _task_of(request), 1
    pool = request.config.stash.get(POOL_KEY, None) if isinstance(item, TaskItem) else None
    if pool is not None:
        session = pool.take_session(item, state.run_options)
    else:
        session = TaskSession(bench, task, run_index, state.run_options)
    try:
        yield EopsDb(session)
    finally:
        channel(session.episode).close("the task is closed")  # waits out a tool call in flight
        session.close()


def agent_loop(request: pytest.FixtureRequest, agent: Any) -> Any:
    """The event loop an async `eops_agent` fixture ran on (pytest-asyncio's runner), else None."""
    try:
        fixturedef = request._get_active_fixturedef("eops_agent")  # the definition that made `agent`
    except Exception:  # noqa: BLE001 - no such fixture state: treat as a plain agent
        return None
    func = getattr(fixturedef, "func", None)
    if not (inspect.iscoroutinefunction(func) or inspect.isasyncgenfunction(func)):
        return None
    try:
        default = request.config.getini("asyncio_default_fixture_loop_scope")
    except ValueError:
        return None  # pytest-asyncio is not active: nothing ran the coroutine on a loop
    scope = getattr(func, "_loop_scope", None) or (default if default not in (None, "", "fixture-scope") else None) \
        or fixturedef.scope
    runner = request.getfixturevalue(f"_{scope}_scoped_runner")
    return runner.get_loop()


@pytest.fixture
def eops_task_run(request: pytest.FixtureRequest, eops_agent: Any):
    """Run the agent on the task item's database and verify (all in setup: failures here are ERRORs)."""
    from .agent_thread import bind_loop
    from .items import TaskItem
    from .runner import TaskRun
    from .session_state import NO_AGENT

    item = request.node
    if not isinstance(item, TaskItem):
        pytest.skip("eops_task_run is only for task items")
    if eops_agent is None:
        pytest.skip(NO_AGENT)
    state = request.config.stash[STATE_KEY]
    item._eops_run = TaskRun(item.task, item.run_index)
    item._eops_agent = eops_agent  # recorded by its own name (a conftest agent is not "--agent")
    bind_loop(eops_agent, agent_loop(request, eops_agent))
    pool = request.getfixturevalue("eops_episode_pool")  # after eops_agent: torn down before it
    db = request.getfixturevalue("eops_db")
    session = db.session
    item._eops_run = session.run
    if pool is not None:
        pool.finish(item, session, eops_agent, state.run_options)
    else:
        session.run_agent(eops_agent)
    session.verify()  # the episode is over: its channel is closed (see finish_agent)
    yield session.run

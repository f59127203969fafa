"""`--eops-concurrency N`: up to N episodes in flight in one pytest process.

pytest still runs (and reports) the task items one at a time, in collection order. When item i's
turn comes, the pool makes sure that N episodes are running: item i's and those of the items after
it in this process's queue (each on its own thread, with its own timeout budget). While it waits for
item i's episode, every episode that ends frees its place for the next item at once, so an episode
that is slower than the ones after it does not leave places empty (look-ahead keeps to items that
see the same `eops_agent` definition, so an episode is never started with another directory's
agent). Results of episodes that finish early wait for their turn; at most HELD_FACTOR x N are
held at a time, and no new episode starts while those that have ended and wait hold more than
`--eops-held-mb` of task databases (scratch space in /dev/shm is memory). Under xdist the queue
is the worker's own (`--dist load`: with `worksteal`, an episode started for an item that is then
stolen is discarded). Tool calls take turns on the engine lock; materializing and verifying run on the pytest thread.
"""

from __future__ import annotations

import threading
from typing import Any

from .runtime import channel

HELD_FACTOR = 1.5  # sessions held (running, or ended and waiting for their turn) per place in flight


class EpisodePool:
    def __init__(self, size: int, held_bytes: int = 512 << 20):
        self.size = max(1, size)
        self.held_bytes = held_bytes  # task databases of ended episodes waiting for their turn
        self.held_max = max(self.size, int(self.size * HELD_FACTOR))
        self.started: dict[str, tuple[Any, Any]] = {}  # nodeid -> (TaskSession, agent)
        self._ended = threading.Event()  # set by every episode that ends: a place is free
        self._unstartable: set[str] = set()  # look-ahead failed to start these: they fail in their own turn

    def _upcoming(self, item: Any) -> list[Any]:
        """The task items this process will run after `item`, in order (as far as it knows)."""
        from .items import TaskItem

        session = item.session
        items = session.items
        wi = item.config.pluginmanager.get_plugin("workerinteractor")  # xdist: the worker's own queue
        if wi is not None and hasattr(wi, "torun"):
            try:
                with wi.torun.lock() as queue:
                    order = [items[i] for i in list(queue) if isinstance(i, int)]
            except Exception:  # noqa: BLE001 - an xdist that keeps its queue otherwise: no look-ahead
                order = []
        else:
            try:
                order = items[items.index(item) + 1:]
            except ValueError:
                order = []
        return [i for i in order if isinstance(i, TaskItem)][: self.held_max - 1]

    def _start(self, item: Any, agent: Any, options: Any) -> None:
        from .runner import TaskSession

        session = TaskSession(item.bench, item.task, item.run_index, options)
        session.start_agent(agent, on_end=self._ended.set)
        self.started[item.nodeid] = (session, agent)

    def take_session(self, item: Any, options: Any) -> Any:
        """Item's TaskSession: the one started ahead of its turn, else a fresh one (not started)."""
        from .runner import TaskSession

        pending = self.started.pop(item.nodeid, None)
        if pending is not None:
            return pending[0]
        return TaskSession(item.bench, item.task, item.run_index, options)

    def finish(self, item: Any, session: Any, agent: Any, options: Any) -> None:
        """Start item's episode (unless it was started ahead), keep N episodes running from the
        items after it while waiting for item's episode to end, then record how it ended."""
        if getattr(session, "agent", None) is None:
            session.start_agent(agent, on_end=self._ended.set)
        elif session.agent is not agent:  # cannot happen: look-ahead keeps to items with the same agent
            raise RuntimeError(f"{item.nodeid}: its episode was started ahead with another agent")
        mine = _agent_fixturedef(item)
        drive = session._drive
        while True:
            self._ended.clear()
            self._top_up(item, drive, agent, options, mine)
            left = drive.time_left()
            if drive.done.is_set() or left <= 0:
                break
            self._ended.wait(min(left, 1.0))
        session.finish_agent()

    def _top_up(self, item: Any, drive: Any, agent: Any, options: Any, mine: Any) -> None:
        """Start the next items' episodes until N are running, HELD_FACTOR x N are held, or the ended
        ones waiting for their turn hold more than the byte budget."""
        ended = [s for s, _ in self.started.values() if s._drive.done.is_set()]
        running = (not drive.done.is_set()) + len(self.started) - len(ended)
        if running >= self.size or len(self.started) >= self.held_max - 1:
            return
        if sum(s.db.disk_bytes() for s in ended) > self.held_bytes:
            return
        for nxt in self._upcoming(item):
            if running >= self.size or len(self.started) >= self.held_max - 1:
                return
            if nxt.nodeid in self.started or nxt.nodeid in self._unstartable or _agent_fixturedef(nxt) is not mine:
                continue
            try:
                self._start(nxt, agent, options)
                running += 1
            except Exception:  # noqa: BLE001 - it will be tried again, and reported, in its own turn
                self._unstartable.add(nxt.nodeid)

    def _discard(self, session: Any) -> None:
        drive = getattr(session, "_drive", None)
        if drive is not None:
            drive.cancel()  # off an async fixture's loop before that fixture is torn down
        channel(session.episode).close("this episode was discarded before its turn")
        session.close()

    def close(self) -> None:  # idempotent
        """Discard episodes started for items that never got their turn (deselected, stolen, -x)."""
        for session, _ in list(self.started.values()):
            self._discard(session)
        self.started.clear()


def _agent_fixturedef(item: Any) -> Any:
    """The `eops_agent` definition an item sees (items that share it get the same session agent)."""
    defs = getattr(getattr(item, "_fixtureinfo", None), "name2fixturedefs", {}).get("eops_agent")
    return defs[-1] if defs else None

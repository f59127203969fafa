"""`--eops-concurrency N`: up to N episodes in flight in one pytest process.

pytest still runs (and reports) the task items one at a time, in collection order. When item i's
turn comes, the pool makes sure the next N-1 items of this process's queue have their episodes
started too (each on its own thread, with its own timeout budget), then waits for item i's and
hands it over for verification. Results of episodes that finish early wait for their turn. Under
xdist the queue is the worker's own (`--dist load`: with `worksteal`, an episode started for an
item that is then stolen is discarded). Tool calls, materializing and verifying take turns on
the engine lock; only model time overlaps.
"""

from __future__ import annotations

from typing import Any

from .runtime import ENGINE_LOCK, channel


class EpisodePool:
    def __init__(self, size: int):
        self.size = max(1, size)
        self.started: dict[str, tuple[Any, Any]] = {}  # nodeid -> (TaskSession, agent)

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
        return [i for i in order if isinstance(i, TaskItem)][: self.size - 1]

    def _start(self, item: Any, agent: Any, options: Any) -> None:
        from .runner import TaskSession

        with ENGINE_LOCK:
            session = TaskSession(item.bench, item.task, item.run_index, options)
        session.start_agent(agent)
        self.started[item.nodeid] = (session, agent)

    def session_for(self, item: Any, agent: Any, options: Any) -> Any:
        """Item's TaskSession with its episode finished (started now if it was not started ahead)."""
        pending = self.started.pop(item.nodeid, None)
        if pending is not None and pending[1] is not agent:  # a conftest gave this item another agent
            self._discard(pending[0])
            pending = None
        if pending is None:
            self._start(item, agent, options)
            pending = self.started.pop(item.nodeid)
        for nxt in self._upcoming(item):
            if nxt.nodeid not in self.started and len(self.started) < self.size - 1:
                try:
                    self._start(nxt, agent, options)
                except Exception:  # noqa: BLE001 - it will be tried again, and reported, in its own turn
                    pass
        session = pending[0]
        session.finish_agent()
        return session

    def _discard(self, session: Any) -> None:
        channel(session.episode).close("this episode was discarded before its turn")
        with ENGINE_LOCK:
            session.close()

    def close(self) -> None:
        """Discard episodes started for items that never got their turn (deselected, stolen, -x)."""
        for session, _ in list(self.started.values()):
            self._discard(session)
        self.started.clear()

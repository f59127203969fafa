"""`--eops-concurrency N`: up to N episodes in flight in one pytest process.

pytest still runs (and reports) the task items one at a time, in collection order. When item i's
turn comes, the pool makes sure the next N-1 items of this process's queue have their episodes
started too (each on its own thread, with its own timeout budget), then waits for item i's and
hands it over for verification (look-ahead keeps to items that see the same `eops_agent`
definition, so an episode is never started with another directory's agent). Results of episodes that finish early wait for their turn. Under
xdist the queue is the worker's own (`--dist load`: with `worksteal`, an episode started for an
item that is then stolen is discarded). Tool calls, materializing and verifying take turns on
the engine lock; only model time overlaps.
"""

from __future__ import annotations

from typing import Any

from .runtime import channel


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

        session = TaskSession(item.bench, item.task, item.run_index, options)
        session.start_agent(agent)
        self.started[item.nodeid] = (session, agent)

    def take_session(self, item: Any, options: Any) -> Any:
        """Item's TaskSession: the one started ahead of its turn, else a fresh one (not started)."""
        from .runner import TaskSession

        pending = self.started.pop(item.nodeid, None)
        if pending is not None:
            return pending[0]
        return TaskSession(item.bench, item.task, item.run_index, options)

    def finish(self, item: Any, session: Any, agent: Any, options: Any) -> None:
        """Start item's episode (unless it was started ahead), start the next items' episodes, then
        wait for item's episode to end."""
        if getattr(session, "agent", None) is None:
            session.start_agent(agent)
        elif session.agent is not agent:  # cannot happen: look-ahead keeps to items with the same agent
            raise RuntimeError(f"{item.nodeid}: its episode was started ahead with another agent")
        mine = _agent_fixturedef(item)
        for nxt in self._upcoming(item):
            if (nxt.nodeid not in self.started and len(self.started) < self.size - 1
                    and _agent_fixturedef(nxt) is mine):
                try:
                    self._start(nxt, agent, options)
                except Exception:  # noqa: BLE001 - it will be tried again, and reported, in its own turn
                    pass
        session.finish_agent()

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

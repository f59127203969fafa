"""SIGINT and SIGTERM during a benchmark session: stop cleanly and never invent results.

Both signals become KeyboardInterrupt (pytest's own interrupted path), and the signal is remembered,
so that a task cut off in the middle — e.g. a DuckDB query that turns the interrupt into an
"Query interrupted" exception, which would otherwise look like a harness ERROR — writes no result.
The controller stops its xdist workers before it writes the summary, so the summary describes
exactly the result files on disk.
"""

from __future__ import annotations

import signal
import time
from typing import Any

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)


class StopSignals:
    def __init__(self) -> None:
        self.received: str | None = None  # "SIGINT" / "SIGTERM" once one arrived
        self._previous: dict[int, Any] = {}
        self._deferred = False

    def install(self) -> None:
        if self._previous:
            return
        for sig in STOP_SIGNALS:
            try:
                self._previous[sig] = signal.signal(sig, self._handle)
            except (ValueError, OSError):  # not the main thread: leave the process's handlers alone
                pass

    def defer(self) -> None:
        """From now on only remember signals (the summary is being written; do not abort that)."""
        self._deferred = True

    def restore(self) -> None:
        for sig, prev in self._previous.items():
            try:
                signal.signal(sig, prev if prev is not None else signal.SIG_DFL)
            except (ValueError, OSError, TypeError):
                pass
        self._previous.clear()

    def _handle(self, signum: int, frame: Any) -> None:
        name = signal.Signals(signum).name
        self.received = self.received or name
        if not self._deferred:
            raise KeyboardInterrupt(f"received {name}")


def stop_xdist_workers(config: Any, grace_s: float = 3.0) -> list[int]:
    """Terminate every live xdist worker process and wait for it (SIGTERM, then SIGKILL after `grace_s`).

    Returns the pids that were still running. Workers that already exited are left alone.
    """
    dsession = config.pluginmanager.get_plugin("dsession")
    group = getattr(getattr(dsession, "nodemanager", None), "group", None)
    procs = []
    for gw in list(group or []):
        popen = getattr(getattr(gw, "_io", None), "popen", None)
        if popen is not None and popen.poll() is None:
            procs.append(popen)
    for p in procs:
        try:
            p.send_signal(signal.SIGTERM)
        except OSError:
            pass
    deadline = time.monotonic() + grace_s
    for p in procs:
        try:
            p.wait(timeout=max(0.0, deadline - time.monotonic()))
        except Exception:
            try:
                p.kill()
                p.wait(timeout=5)
            except Exception:
                pass
    return [p.pid for p in procs]

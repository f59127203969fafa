"""Driving an agent's episode with a hard time limit.

The agent runs on an event loop of its own in a worker thread, so that `--task-timeout` holds even
for an agent that blocks (a synchronous sleep, a blocking client): the engine waits at most the
timeout, then closes the episode (further calls are refused) and verifies the state as it stands.
A thread cannot be killed; a blocked one is left to finish on its own as a daemon, unable to call
tools.

An agent made by an async fixture (pytest-asyncio) is bound to that fixture's event loop
(`bind_loop`): its episodes then run on that loop, so the async clients it made there work. The
loop is idle between pytest's steps; a `LoopHost` runs it in a thread of its own while at least one
episode is on it, and stops it when none is, so pytest-asyncio finds it idle again.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
import traceback
import weakref
from concurrent.futures import CancelledError as FutureCancelled
from dataclasses import dataclass
from typing import Any, Callable

from .errors import HarnessError, InfrastructureError
from .runtime import EpisodeClosed, StepLimitReached

GRACE_S = 2.0  # beyond the timeout, for a cooperative agent's cancellation to unwind


@dataclass
class AgentOutcome:
    answer: Any = None
    error: str | None = None  # the agent's own exception, as text (its failure)
    timed_out: bool = False
    step_limit: str | None = None
    infrastructure: BaseException | None = None  # the agent reported that its provider failed for good
    interrupted: bool = False  # a KeyboardInterrupt inside the episode: the run is being stopped


class AgentContractError(TypeError):
    """The agent object does not keep the agent contract (`async def run(self, episode)`)."""


async def _run(agent: Any, episode: Any, gold: Any, timeout: float) -> Any:
    run = getattr(agent, "run_with_gold", None) if gold is not None else getattr(agent, "run", None)
    if run is None:
        raise AgentContractError(f"{type(agent).__name__} has no run(episode) method")
    result = run(episode, gold) if gold is not None else run(episode)
    if not inspect.isawaitable(result):
        raise AgentContractError(f"{type(agent).__name__}.run() must be a coroutine function "
                                 f"(`async def run(self, episode)`); it returned {type(result).__name__}")
    return await asyncio.wait_for(result, timeout)


def _describe(exc: BaseException) -> str:
    tb = traceback.format_exception(type(exc), exc, exc.__traceback__)
    tail = "".join(tb[-4:]).strip()
    return f"{type(exc).__name__}: {exc}\n{tail}"[:4000]


class LoopHost:
    """Runs an idle event loop (an async fixture's) in a thread while episodes are on it."""

    def __init__(self, loop: asyncio.AbstractEventLoop):
        self.loop = loop
        self._lock = threading.Lock()
        self._inflight = 0
        self._thread: threading.Thread | None = None

    def submit(self, coro: Any) -> Any:
        """Schedule `coro` on the loop (starting the loop's thread if it is not running)."""
        with self._lock:
            if self._thread is None:
                if self.loop.is_closed():
                    coro.close()
                    raise RuntimeError("the agent fixture's event loop is closed")
                if self.loop.is_running():
                    coro.close()
                    raise RuntimeError("the agent fixture's event loop is running elsewhere (an episode "
                                       "cannot be run on it now)")
                self._thread = threading.Thread(target=self.loop.run_forever, name="eops-fixture-loop", daemon=True)
                self._thread.start()
            self._inflight += 1
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def release(self) -> None:
        """One episode is off the loop; the last one stops the loop and waits until it is idle."""
        with self._lock:
            self._inflight -= 1
            if self._inflight == 0 and self._thread is not None:
                self.loop.call_soon_threadsafe(self.loop.stop)
                self._thread.join()
                self._thread = None


_BOUND: "weakref.WeakKeyDictionary[Any, LoopHost]" = weakref.WeakKeyDictionary()
_BOUND_STRONG: dict[int, tuple[Any, LoopHost]] = {}  # agents that cannot be weakly referenced
_HOSTS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, LoopHost]" = weakref.WeakKeyDictionary()


def bind_loop(agent: Any, loop: asyncio.AbstractEventLoop | None) -> None:
    """Run this agent's episodes on `loop` (None: each on a loop of its own, the default)."""
    if loop is None:
        _BOUND.pop(agent, None) if _weakable(agent) else _BOUND_STRONG.pop(id(agent), None)
        return
    host = _HOSTS.get(loop)
    if host is None:
        host = _HOSTS[loop] = LoopHost(loop)
    if _weakable(agent):
        _BOUND[agent] = host
    else:
        _BOUND_STRONG[id(agent)] = (agent, host)


def bound_loop(agent: Any) -> LoopHost | None:
    if _weakable(agent):
        return _BOUND.get(agent)
    pair = _BOUND_STRONG.get(id(agent))
    return pair[1] if pair is not None else None


def _weakable(obj: Any) -> bool:
    """Usable as a WeakKeyDictionary key (weakly referenceable and hashable)."""
    try:
        weakref.ref(obj)
        hash(obj)
    except TypeError:
        return False
    return True


class AgentDrive:
    """An episode being driven in its own thread: `start()` returns at once, `wait()` blocks until the
    agent ends or its time is up (counted from the start, so episodes started ahead of their turn
    keep their own budget)."""

    def __init__(self, agent: Any, episode: Any, gold: Any, timeout: float,
                 on_end: Callable[[], None] | None = None):
        self.agent, self.episode, self.gold, self.timeout = agent, episode, gold, timeout
        self.on_end = on_end  # called (on the episode's thread) once the episode has ended
        self.out = AgentOutcome()
        self.done = threading.Event()
        self.started_at = 0.0
        self._future: Any = None  # on a fixture's loop: the episode's future there
        self._loop: asyncio.AbstractEventLoop | None = None  # on a loop of its own: that loop
        self._task: asyncio.Task[Any] | None = None
        self._cancelled = False

    def start(self) -> "AgentDrive":
        import time

        self.started_at = time.monotonic()
        worker = threading.Thread(target=self._main, name=f"eops-agent-{self.episode.task_id}", daemon=True)
        worker.start()
        return self

    async def _own_loop(self) -> Any:
        self._loop, self._task = asyncio.get_running_loop(), asyncio.current_task()
        return await _run(self.agent, self.episode, self.gold, self.timeout)

    def _on(self, host: LoopHost) -> Any:
        if self._cancelled:  # discarded before this thread got going
            raise asyncio.CancelledError()
        self._future = host.submit(_run(self.agent, self.episode, self.gold, self.timeout))  # raises: not counted
        if self._cancelled:  # cancel() ran between the check and the submit
            self._future.cancel()
        try:
            return self._future.result()
        except FutureCancelled:
            raise asyncio.CancelledError() from None
        finally:
            host.release()

    def cancel(self) -> None:
        """Cancel the agent's coroutine (an episode discarded before its turn)."""
        if self.done.is_set():
            return
        self._cancelled = True
        if self._future is not None:
            self._future.cancel()
        elif self._loop is not None and self._task is not None:
            try:
                self._loop.call_soon_threadsafe(self._task.cancel)
            except RuntimeError:  # its loop just ended: nothing left to cancel
                pass
        if bound_loop(self.agent) is not None:
            # On an async fixture's loop: be off it (the loop stopped) before that fixture is torn down,
            # or pytest-asyncio finds its loop still running. A cooperative agent unwinds at once.
            self.done.wait(GRACE_S)

    def _main(self) -> None:
        out = self.out
        host = bound_loop(self.agent)
        try:
            out.answer = self._on(host) if host is not None else asyncio.run(self._own_loop())
        except TimeoutError:
            out.timed_out = True
        except StepLimitReached as exc:
            out.step_limit = str(exc)
        except InfrastructureError as exc:
            out.infrastructure = exc
        except HarnessError as exc:
            # A tool crash shows up as env.harness_error (checked by the runner); a HarnessError the
            # agent raised itself is only its own failure.
            out.error = _describe(exc)
        except EpisodeClosed:
            out.timed_out = True
        except KeyboardInterrupt:
            out.interrupted = True
        except BaseException as exc:  # noqa: BLE001 - whatever the agent raises is its own outcome
            out.error = _describe(exc)
        finally:
            self.done.set()
            if self.on_end is not None:
                try:
                    self.on_end()
                except Exception:  # noqa: BLE001 - a notification only
                    pass

    def time_left(self) -> float:
        """Seconds until `wait` gives up on this episode (its timeout plus the grace period)."""
        import time

        return self.timeout + GRACE_S - (time.monotonic() - self.started_at)

    def wait(self) -> AgentOutcome:
        left = self.time_left()
        if not self.done.wait(max(0.0, left)):
            return AgentOutcome(timed_out=True)  # what a blocked thread does later is not looked at
        return self.out


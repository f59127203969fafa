"""Driving an agent's episode with a hard time limit.

The agent runs on an event loop of its own in a worker thread, so that `--task-timeout` holds even
for an agent that blocks (a synchronous sleep, a blocking client): the engine waits at most the
timeout, then closes the episode (further calls are refused) and verifies the state as it stands.
A thread cannot be killed; a blocked one is left to finish on its own as a daemon, unable to call
tools.
"""

from __future__ import annotations

import asyncio
import inspect
import threading
import traceback
from dataclasses import dataclass
from typing import Any

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


class AgentDrive:
    """An episode being driven in its own thread: `start()` returns at once, `wait()` blocks until the
    agent ends or its time is up (counted from the start, so episodes started ahead of their turn
    keep their own budget)."""

    def __init__(self, agent: Any, episode: Any, gold: Any, timeout: float):
        self.agent, self.episode, self.gold, self.timeout = agent, episode, gold, timeout
        self.out = AgentOutcome()
        self.done = threading.Event()
        self.started_at = 0.0

    def start(self) -> "AgentDrive":
        import time

        self.started_at = time.monotonic()
        worker = threading.Thread(target=self._main, name=f"eops-agent-{self.episode.task_id}", daemon=True)
        worker.start()
        return self

    def _main(self) -> None:
        out = self.out
        try:
            out.answer = asyncio.run(_run(self.agent, self.episode, self.gold, self.timeout))
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

    def wait(self) -> AgentOutcome:
        import time

        left = self.timeout + GRACE_S - (time.monotonic() - self.started_at)
        if not self.done.wait(max(0.0, left)):
            return AgentOutcome(timed_out=True)  # what a blocked thread does later is not looked at
        return self.out


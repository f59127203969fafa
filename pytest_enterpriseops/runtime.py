"""The tool runtime and the episode an agent works in.

The engine, not the agent, records every call. Agent-side mistakes (unknown tool,
a tool not offered, invalid arguments, a ToolError) become error results for the
model; an unexpected exception inside a tool is a harness bug and ends the task
as an ERROR even if the agent swallows it.
"""

from __future__ import annotations

import json
import threading
import time
import weakref
from dataclasses import dataclass
from typing import Any

import duckdb

from .context import Ctx, to_json_value
from .errors import HarnessError, ToolError
from .textsafe import admit_arguments, bound_value, clean_text, clean_value
from .tools import Tool
from .transcript import Message, ToolCall, Transcript, Usage


class StepLimitReached(Exception):
    """The agent used up --max-steps tool calls; the task ends and is verified as it stands."""


@dataclass
class ToolResult:
    content: str  # what the model sees (JSON text)
    is_error: bool
    data: Any = None


def _dumps(value: Any) -> str:
    return json.dumps(value, default=str, ensure_ascii=False)


class ToolEnv:
    """Runs the agent's tool calls: records each one, bounds and cleans what the model sends,
    runs the tool in a transaction, and refuses calls past the step limit.

    Attributes the runner reads after the episode:
        stopped: why further calls were refused (the step limit), or None.
        refused_calls: how many calls were refused after the step limit (only the first one is
            recorded in the transcript, as a `step_limit` event).
        harness_error: the unexpected exception a tool raised (the task is an ERROR), or None.
    """

    MAX_RESULT_CHARS = 256 * 1024  # a tool result the model sees; longer is cut with a marker
    MAX_NAME_CHARS = 256

    def __init__(self, ctx: Ctx, all_tools: dict[str, Tool], offered: list[str], transcript: Transcript,
                 max_steps: int, clock_start: float):
        self.ctx = ctx
        self.all_tools = all_tools
        self.offered = offered
        self._offered_set = set(offered)
        self.transcript = transcript
        self.max_steps = max_steps
        self._t0 = clock_start
        self.harness_error: BaseException | None = None
        self.stopped: str | None = None
        self.refused_calls = 0
        self._calls = len(transcript.tool_calls)

    def call(self, name: str, args: Any) -> ToolResult:
        if self.harness_error is not None:
            raise HarnessError("a tool failed earlier in this task") from self.harness_error
        if self.stopped is not None:
            self.refused_calls += 1  # counted, not recorded: an agent may retry forever
            raise StepLimitReached(self.stopped)
        name = clean_text(name if isinstance(name, str) else repr(name))
        if len(name) > self.MAX_NAME_CHARS:
            name = name[:self.MAX_NAME_CHARS] + "…"
        rec = ToolCall(index=self._calls, name=name, args=None, t_start=time.perf_counter() - self._t0)
        self._calls += 1
        self.transcript.events.append(rec)
        if rec.index >= self.max_steps:
            self.stopped = f"step limit of {self.max_steps} tool calls reached"
            self.refused_calls = 1
            rec.args = bound_value(args, max_depth=8, max_str=1024)
            rec.error, rec.error_kind = self.stopped, "step_limit"
            raise StepLimitReached(self.stopped)
        t = time.perf_counter()
        try:
            result = self._dispatch(rec, args)
        finally:
            rec.duration_ms = (time.perf_counter() - t) * 1000
        return result

    def _error(self, rec: ToolCall, kind: str, message: str) -> ToolResult:
        message = clean_text(message)
        if len(message) > self.MAX_RESULT_CHARS:
            message = message[:self.MAX_RESULT_CHARS] + "…[truncated by the engine]"
        rec.error, rec.error_kind = message, kind
        return ToolResult(_dumps({"error": message}), True)

    def _dispatch(self, rec: ToolCall, raw_args: Any) -> ToolResult:
        name = rec.name
        args, problem = admit_arguments(raw_args)
        rec.args = args
        if problem is not None:
            return self._error(rec, "invalid_arguments", f"invalid arguments for {name}: {problem}")
        tool = self.all_tools.get(name)
        if tool is None or name not in self._offered_set:
            kind = "unknown_tool" if tool is None else "not_offered"
            return self._error(rec, kind, f"unknown tool '{name}'; available tools: {', '.join(self.offered)}")
        try:
            kwargs = tool.validate(args)
        except (ValueError, TypeError, RecursionError) as exc:
            return self._error(rec, "invalid_arguments", str(exc))
        ctx = self.ctx
        ctx.start_call(tool.domain)
        try:
            value = tool.fn(ctx, **kwargs)
            ctx.finish_call()
        except ToolError as exc:
            ctx.abandon_call()
            return self._error(rec, "tool_error", str(exc))
        except BaseException as exc:
            try:
                ctx.abandon_call()
            except duckdb.Error:
                pass
            self.harness_error = exc
            rec.error, rec.error_kind = clean_text(f"{type(exc).__name__}: {exc}"), "harness"
            raise HarnessError(f"tool {name} raised {type(exc).__name__}: {exc}") from exc
        rec.wrote = self.ctx.wrote
        rec.result = to_json_value(value)
        content = _dumps(rec.result)
        if len(content) > self.MAX_RESULT_CHARS:
            content = (content[:self.MAX_RESULT_CHARS]
                       + f"…[truncated by the engine: {len(content)} characters in all; ask for less, e.g. a smaller limit]")
        return ToolResult(content, False, rec.result)


class EpisodeClosed(Exception):
    """The episode is over (the task timed out or was verified): no more tool calls are taken."""


class _Channel:
    """The engine's side of an episode: the tool environment, and whether the episode is still open.

    Kept out of the Episode's attributes so that an agent cannot reach the environment, the task,
    its verifiers or the database through the object it is handed.
    """

    __slots__ = ("env", "lock", "closed", "closed_reason")

    def __init__(self, env: ToolEnv):
        self.env = env
        self.lock = threading.Lock()  # one tool call at a time; closing waits for a call in flight
        self.closed = False
        self.closed_reason = ""

    def close(self, reason: str) -> None:
        with self.lock:
            self.closed, self.closed_reason = True, reason


_CHANNELS: "weakref.WeakKeyDictionary[Episode, _Channel]" = weakref.WeakKeyDictionary()

# Tool calls of concurrent episodes (--eops-concurrency, MCP, eops_db) take turns on this lock: one
# tool call at a time per process, whichever thread or loop it comes from. Materializing, verifying
# and closing task databases (the pytest thread) do not take it: they touch only databases no
# episode is using (an episode's channel is closed, waiting out a call in flight, before its task is
# verified), each through a cursor of its own — DuckDB runs queries of different connections side
# by side and releases the GIL while it does, so the pytest thread's work overlaps tool calls.
ENGINE_LOCK = threading.RLock()


class Episode:
    """What an agent gets: prompts, tool specs, the optional plan, `call()` and the recorders.

    Nothing else: no task object, gold solution, verifiers, environment, context or cursor.
    Everything the agent does goes through `call`, which the engine records.
    """

    __slots__ = ("task_id", "run_index", "system_prompt", "user_prompt", "plan", "max_steps", "options",
                 "stopped", "__weakref__")

    def __init__(self, *, task_id: str, system_prompt: str, user_prompt: str, env: ToolEnv,
                 plan: str | None, run_index: int, options: dict[str, Any]):
        self.task_id = task_id
        self.run_index = run_index
        self.system_prompt = system_prompt
        self.user_prompt = user_prompt
        self.plan = plan
        self.max_steps = env.max_steps
        self.options = dict(options)
        self.stopped: str | None = None
        _CHANNELS[self] = _Channel(env)

    def __repr__(self) -> str:
        return f"<Episode {self.task_id} run {self.run_index}>"

    def stop(self, reason: str) -> None:
        """Record why the agent ended early by itself (e.g. the model's context window overflowed).
        The task is still verified: this is an agent failure, not a harness error."""
        self.stopped = str(reason)

    @property
    def tools(self) -> list[dict[str, Any]]:
        """Provider-neutral specs of the offered tools: name, description, parameters (JSON schema)."""
        env = _CHANNELS[self].env
        return [env.all_tools[n].spec() for n in env.offered if n in env.all_tools]

    @property
    def steps(self) -> int:
        return len(_CHANNELS[self].env.transcript.tool_calls)

    async def call(self, name: str, args: dict[str, Any] | str | None = None) -> ToolResult:
        """Call a tool. `args` may be a dict or the model's raw JSON text."""
        ch = _CHANNELS[self]
        with ch.lock:
            if ch.closed:
                raise EpisodeClosed(f"the episode is over ({ch.closed_reason}); no more tool calls")
            with ENGINE_LOCK:
                return ch.env.call(name, {} if args is None else args)

    def record_message(self, role: str, content: str, thinking: str | None = None, **meta: Any) -> None:
        ch = _CHANNELS[self]
        if ch.closed:
            return
        ch.env.transcript.events.append(Message(clean_text(str(role)), clean_text(str(content or "")),
                                                None if thinking is None else clean_text(str(thinking)),
                                                time.perf_counter() - ch.env._t0, clean_value(meta)))

    def record_usage(self, *, input_tokens: int = 0, output_tokens: int = 0, cached_tokens: int = 0,
                     reasoning_tokens: int = 0, cache_write_tokens: int = 0, cost: float = 0.0,
                     latency_s: float = 0.0, model: str | None = None, from_cache: bool = False) -> None:
        """Record one model call. `input_tokens` includes cached ones, `output_tokens` reasoning ones;
        a reply served from the response cache is recorded with `from_cache=True`."""
        ch = _CHANNELS[self]
        if ch.closed:
            return
        u = Usage(input_tokens=int(input_tokens), output_tokens=int(output_tokens), cached_tokens=int(cached_tokens),
                  reasoning_tokens=int(reasoning_tokens), cache_write_tokens=int(cache_write_tokens),
                  cost=float(cost), model_calls=1, latency_s=float(latency_s))
        transcript = ch.env.transcript
        transcript.usage.add(u)
        transcript.model_calls.append({"model": None if model is None else clean_text(str(model)),
                                       "from_cache": bool(from_cache), **u.__dict__})


def channel(episode: Episode) -> _Channel:
    """The engine's side of an episode (for the runner; never handed to an agent)."""
    return _CHANNELS[episode]

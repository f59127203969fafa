"""The tool runtime and the episode an agent works in.

The engine, not the agent, records every call. Agent-side mistakes (unknown tool,
a tool not offered, invalid arguments, a ToolError) become error results for the
model; an unexpected exception inside a tool is a harness bug and ends the task
as an ERROR even if the agent swallows it.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import duckdb

from .context import Ctx, to_json_value
from .errors import HarnessError, ToolError
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

    def call(self, name: str, args: Any) -> ToolResult:
        if self.harness_error is not None:
            raise HarnessError("a tool failed earlier in this task") from self.harness_error
        calls = self.transcript.tool_calls
        rec = ToolCall(index=len(calls), name=name, args=args, t_start=time.perf_counter() - self._t0)
        if len(calls) >= self.max_steps:
            rec.error, rec.error_kind = f"step limit of {self.max_steps} tool calls reached", "step_limit"
            self.transcript.events.append(rec)
            raise StepLimitReached(rec.error)
        self.transcript.events.append(rec)
        t = time.perf_counter()
        try:
            result = self._dispatch(rec)
        finally:
            rec.duration_ms = (time.perf_counter() - t) * 1000
        return result

    def _error(self, rec: ToolCall, kind: str, message: str) -> ToolResult:
        rec.error, rec.error_kind = message, kind
        return ToolResult(_dumps({"error": message}), True)

    def _dispatch(self, rec: ToolCall) -> ToolResult:
        name, args = rec.name, rec.args
        if isinstance(args, str):
            try:
                args = json.loads(args) if args.strip() else {}
            except json.JSONDecodeError as exc:
                return self._error(rec, "invalid_arguments", f"arguments for {name} are not valid JSON: {exc}")
            rec.args = args
        tool = self.all_tools.get(name)
        if tool is None or name not in self._offered_set:
            kind = "unknown_tool" if tool is None else "not_offered"
            return self._error(rec, kind, f"unknown tool '{name}'; available tools: {', '.join(self.offered)}")
        try:
            kwargs = tool.validate(args)
        except ValueError as exc:
            return self._error(rec, "invalid_arguments", str(exc))
        cur = self.ctx.cursor
        self.ctx.wrote = False
        cur.execute("BEGIN TRANSACTION")
        try:
            value = tool.fn(self.ctx, **kwargs)
            cur.execute("COMMIT")
        except ToolError as exc:
            cur.execute("ROLLBACK")
            return self._error(rec, "tool_error", str(exc))
        except BaseException as exc:
            try:
                cur.execute("ROLLBACK")
            except duckdb.Error:
                pass
            self.harness_error = exc
            rec.error, rec.error_kind = f"{type(exc).__name__}: {exc}", "harness"
            raise HarnessError(f"tool {name} raised {type(exc).__name__}: {exc}") from exc
        rec.wrote = self.ctx.wrote
        rec.result = to_json_value(value)
        return ToolResult(_dumps(rec.result), False, rec.result)


class Episode:
    """What an agent gets: prompts, tool specs, the optional plan, and `call()`.

    Agents must not touch the database; everything goes through `call`.
    """

    def __init__(self, *, task: Any, system_prompt: str, user_prompt: str, env: ToolEnv,
                 plan: str | None, run_index: int, options: dict[str, Any]):
        self.task = task
        self.task_id: str = task.id
        self.system_prompt = system_prompt
        self.user_prompt = user_prompt
        self.plan = plan
        self.run_index = run_index
        self.options = options
        self._env = env
        self.transcript = env.transcript
        self.max_steps = env.max_steps
        self.stopped: str | None = None

    def stop(self, reason: str) -> None:
        """Record why the agent ended early by itself (e.g. the model's context window overflowed).
        The task is still verified: this is an agent failure, not a harness error."""
        self.stopped = reason

    @property
    def tools(self) -> list[dict[str, Any]]:
        """Provider-neutral specs of the offered tools: name, description, parameters (JSON schema)."""
        return [self._env.all_tools[n].spec() for n in self._env.offered if n in self._env.all_tools]

    @property
    def steps(self) -> int:
        return len(self.transcript.tool_calls)

    async def call(self, name: str, args: dict[str, Any] | str | None = None) -> ToolResult:
        """Call a tool. `args` may be a dict or the model's raw JSON text."""
        return self._env.call(name, {} if args is None else args)

    def record_message(self, role: str, content: str, thinking: str | None = None, **meta: Any) -> None:
        self.transcript.events.append(Message(role, content or "", thinking,
                                              time.perf_counter() - self._env._t0, meta))

    def record_usage(self, *, input_tokens: int = 0, output_tokens: int = 0, cached_tokens: int = 0,
                     reasoning_tokens: int = 0, cache_write_tokens: int = 0, cost: float = 0.0,
                     latency_s: float = 0.0, model: str | None = None, from_cache: bool = False) -> None:
        """Record one model call. `input_tokens` includes cached ones, `output_tokens` reasoning ones;
        a reply served from the response cache is recorded with `from_cache=True`."""
        u = Usage(input_tokens=input_tokens, output_tokens=output_tokens, cached_tokens=cached_tokens,
                  reasoning_tokens=reasoning_tokens, cache_write_tokens=cache_write_tokens, cost=cost,
                  model_calls=1, latency_s=latency_s)
        self.transcript.usage.add(u)
        self.transcript.model_calls.append({"model": model, "from_cache": from_cache, **u.__dict__})

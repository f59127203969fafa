"""One model as the loops see it: `await model.complete(system, turns, tools)`.

Wraps a provider adapter with the response cache, retries with backoff, usage and cost
recording on the episode, and the translation of failures into the three outcomes the engine
knows: a reply, `ContextWindowExceeded` (the agent stops; the task is verified as it stands),
or `ModelCallError` (the task is an ERROR).
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from typing import Any

from .cache import ResponseCache, cache_key
from .errors import ContextWindowExceeded, ModelCallError
from .messages import ModelReply, Turn
from .presets import Preset, Secret
from .providers import make_adapter

log = logging.getLogger("pytest_enterpriseops.agents.llm")


class Model:
    def __init__(self, preset: Preset, secret: Secret, cache_dir: str | None = None, episode: Any = None,
                 role: str = "executor"):
        self.preset = preset
        self.adapter = make_adapter(preset, secret)
        self.cache = ResponseCache(cache_dir) if cache_dir else None
        self.episode = episode
        self.role = role
        self.calls = 0
        self.sleep = asyncio.sleep  # tests may replace it

    def __repr__(self) -> str:
        return f"Model({self.preset.label}, role={self.role})"

    async def __aenter__(self) -> "Model":
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.adapter.aclose()

    async def complete(self, system: str, turns: list[Turn], tools: list[dict[str, Any]] | None = None) -> ModelReply:
        tools = tools or []
        key = cache_key(self.preset.fingerprint(), system, turns, tools) if self.cache else None
        if key is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self._record(hit, 0.0, cached_reply=True)
                return hit
        reply, latency = await self._call_with_retries(system, turns, tools)
        if reply.stop_reason == "context_overflow":
            self._record(reply, latency)
            raise ContextWindowExceeded(f"{self.preset.model} stopped: model_context_window_exceeded")
        if key is not None:
            self.cache.put(key, reply, self.preset.label)
        self._record(reply, latency)
        return reply

    async def _call_with_retries(self, system: str, turns: list[Turn],
                                 tools: list[dict[str, Any]]) -> tuple[ModelReply, float]:
        policy = self.preset.retry
        attempt = 0
        while True:
            attempt += 1
            t0 = time.perf_counter()
            try:
                reply = await self.adapter.complete(system, turns, tools)
                self.calls += 1
                return reply, time.perf_counter() - t0
            except (ContextWindowExceeded, ModelCallError):
                raise
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # noqa: BLE001 - classified below, unknown kinds re-raised as fatal
                fault = self.adapter.classify(exc)
                where = f"{self.preset.label}" + (f" HTTP {fault.status}" if fault.status else "")
                if fault.kind == "context":
                    raise ContextWindowExceeded(fault.message) from None
                if fault.kind == "fatal":
                    raise ModelCallError(f"{where}: {fault.message}") from None
                if attempt >= policy.max_attempts:
                    raise ModelCallError(f"{where}: {fault.message} (gave up after {attempt} attempts)") from None
                delay = min(policy.base_delay * 2 ** (attempt - 1), policy.max_delay) * (0.5 + random.random() / 2)
                if fault.retry_after is not None:  # the server said when: honour it
                    delay = min(fault.retry_after, policy.max_retry_after)
                log.warning("%s: %s; retry %d/%d in %.2fs", where, fault.message, attempt,
                            policy.max_attempts - 1, delay)
                if self.episode is not None:
                    self.episode.record_message("system", f"model call failed ({where}): {fault.message}; "
                                                          f"retrying in {delay:.2f}s", retry=attempt,
                                                model=self.preset.model)
                await self.sleep(delay)

    def _record(self, reply: ModelReply, latency: float, cached_reply: bool = False) -> None:
        if self.episode is None:
            return
        u = reply.usage
        cost = self.preset.prices.cost(u.input_tokens, u.output_tokens, u.cached_tokens, u.cache_write_tokens)
        self.episode.record_usage(input_tokens=u.input_tokens, output_tokens=u.output_tokens,
                                  cached_tokens=u.cached_tokens, reasoning_tokens=u.reasoning_tokens, cost=cost,
                                  cache_write_tokens=u.cache_write_tokens, latency_s=latency,
                                  model=self.preset.model, from_cache=cached_reply)

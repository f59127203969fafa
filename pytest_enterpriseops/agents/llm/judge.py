"""LLM judge for `response` verifiers with a `judge` rubric (`--judge PRESET`).

A sync callable `judge(rubric, task, answer) -> (score 0-10, reasoning)`. Each call runs the
model in its own event loop (in a worker thread if the caller is inside a running loop).
Usage and cost of all judge calls are summed on `judge.usage`.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import re
from typing import Any

from .errors import ModelCallError
from .messages import Turn
from .model import Model
from .presets import Preset, Secret

JUDGE_SYSTEM = """You grade the final answer an enterprise operations agent gave to a user.
Apply the rubric strictly. Score from 0 (fails the rubric) to 10 (fully meets it).
Answer with JSON only: {"score": <number 0-10>, "reasoning": "<one or two sentences>"}"""


def parse_verdict(text: str) -> tuple[float, str]:
    match = re.search(r"\{.*\}", text, re.DOTALL)
    if match:
        try:
            data = json.loads(match.group(0))
            return max(0.0, min(10.0, float(data["score"]))), str(data.get("reasoning", ""))
        except (json.JSONDecodeError, KeyError, TypeError, ValueError):
            pass
    m = re.search(r"score\W{0,3}(\d+(?:\.\d+)?)", text, re.IGNORECASE)
    if m:
        return max(0.0, min(10.0, float(m.group(1)))), text.strip()
    raise ModelCallError(f"judge reply has no score: {text[:200]!r}")


class _Tally:
    """Collects usage like an Episode would, for the judge's own accounting."""

    def __init__(self) -> None:
        self.usage = {"input_tokens": 0, "output_tokens": 0, "cached_tokens": 0, "reasoning_tokens": 0,
                      "cost": 0.0, "latency_s": 0.0, "model_calls": 0}

    def record_usage(self, **kw: Any) -> None:
        for k in self.usage:
            if k in kw:
                self.usage[k] += kw[k]
        self.usage["model_calls"] += 1

    def record_message(self, *a: Any, **kw: Any) -> None:
        pass


class LLMJudge:
    def __init__(self, preset: Preset, secret: Secret, cache_dir: str | None = None):
        self.preset = preset
        self.name = preset.name
        self._secret = secret
        self.cache_dir = cache_dir
        self._tally = _Tally()

    def __repr__(self) -> str:
        return f"LLMJudge({self.preset.label})"

    @property
    def usage(self) -> dict[str, Any]:
        return dict(self._tally.usage)

    async def ajudge(self, rubric: str, task: Any, answer: str) -> tuple[float, str]:
        prompt = (f"# The user's request\n{getattr(task, 'prompt', task)}\n\n# Rubric\n{rubric}\n\n"
                  f"# The agent's final answer\n{answer or '(no answer)'}")
        async with Model(self.preset, self._secret, self.cache_dir, self._tally, role="judge") as model:
            reply = await model.complete(JUDGE_SYSTEM, [Turn.user(prompt)], [])
        return parse_verdict(reply.turn.text)

    def __call__(self, rubric: str, task: Any, answer: str) -> tuple[float, str]:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return asyncio.run(self.ajudge(rubric, task, answer))
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, self.ajudge(rubric, task, answer)).result()

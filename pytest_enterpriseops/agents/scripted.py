"""Scripted agents that need no model: oracle, noop, replay."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import HarnessError


class OracleAgent:
    """Replays the task's gold `solution` and answers with its `response`.

    It is handed the gold through the engine's privileged path (`uses_gold`, `run_with_gold`); the
    episode itself never carries it, and runs of agents that take it are flagged gold-informed.
    """

    name = "oracle"
    uses_gold = True

    async def run(self, episode) -> str | None:
        raise TypeError("the oracle needs the gold solution: the engine calls run_with_gold()")

    async def run_with_gold(self, episode, gold) -> str | None:
        for tool, args in gold.steps:
            await episode.call(tool, dict(args))
        return gold.response


class NoopAgent:
    """Does nothing and answers nothing: the floor every feasible task must fail."""

    name = "noop"

    async def run(self, episode) -> str | None:
        return None


class ScriptAgent:
    """Plays a fixed list of (tool, args) calls and a final answer (for tests and `eops check`)."""

    def __init__(self, steps, answer: str | None, name: str = "script"):
        self.steps, self.answer, self.name = list(steps), answer, name

    async def run(self, episode) -> str | None:
        for tool, args in self.steps:
            await episode.call(tool, dict(args))
        return self.answer


def result_file_name(task_id: str, run_index: int) -> str:
    return f"{task_id}.r{run_index}.json"


class ReplayAgent:
    """Re-plays a saved run — its tool calls, messages and final answer — for re-scoring without a model.

    The original run's usage and cost are recorded again, model call by model call, so a re-scored
    run reports what the run really cost (the replay itself calls no model).
    """

    USAGE_FIELDS = ("input_tokens", "output_tokens", "cached_tokens", "reasoning_tokens", "cache_write_tokens",
                    "cost", "latency_s")

    def __init__(self, directory: str | Path):
        self.dir = Path(directory)
        if not (self.dir / "tasks").is_dir():
            raise HarnessError(f"replay: {self.dir} is not a results directory (no tasks/ folder)")
        self.name = f"replay:{self.dir}"

    async def run(self, episode) -> str | None:
        path = self.dir / "tasks" / result_file_name(episode.task_id, episode.run_index)
        if not path.exists():
            path = self.dir / "tasks" / result_file_name(episode.task_id, 1)
        if not path.exists():
            raise HarnessError(f"replay: no saved run of task {episode.task_id} in {self.dir}")
        saved = json.loads(path.read_text())
        self._record_usage(episode, saved)
        for event in saved.get("transcript", []):
            if event.get("type") == "tool_call" and event.get("error_kind") != "step_limit":
                await episode.call(event["name"], event["args"])
            elif event.get("type") == "message" and event.get("content") is not None:
                episode.record_message(event.get("role") or "assistant", event["content"], event.get("thinking"),
                                       replayed=True)
        return saved.get("final_answer")

    def _record_usage(self, episode, saved: dict) -> None:
        calls = [c for c in saved.get("model_calls") or [] if isinstance(c, dict)]
        if not calls:  # older files: one total
            total = saved.get("usage") or {}
            if any(total.get(k) for k in self.USAGE_FIELDS):
                calls = [total]
        for c in calls:
            episode.record_usage(**{k: c.get(k) or 0 for k in self.USAGE_FIELDS}, model=c.get("model"),
                                 from_cache=bool(c.get("from_cache")))

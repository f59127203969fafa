"""A scripted model that solves the fixture benchmark's tasks by playing their gold solutions.

It recognises the task by its prompt, and the kind of request by its shape:
- with tools: an executor; a prompt carrying "[steps a-b]" (a decompose subtask) plays only
  those solution steps, otherwise all of them; one call per turn, or all at once (`parallel`);
  then the task's `response` (or a summary for a subtask).
- without tools: a planner (a numbered plan), a decompose split (JSON subtasks, one per
  solution step), the decompose final reply (the task's response), or a judge (a JSON score).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pytest_enterpriseops.task import load_task

from .brain import Reply, View

USAGE = {"input": 1000, "output": 50, "cached": 200, "reasoning": 10}


class SolutionBrain:
    def __init__(self, tasks_dir: Path, parallel: bool = False, usage: dict[str, int] | None = None):
        self.tasks = [load_task(p) for p in sorted(Path(tasks_dir).rglob("*.yaml"))]
        self.parallel = parallel
        self.usage = dict(usage or USAGE)
        self.kinds: list[str] = []

    def _task(self, text: str) -> Any:
        for t in self.tasks:
            if t.prompt.strip() in text:
                return t
        raise AssertionError(f"fake model: no task prompt in {text[:200]!r}")

    def __call__(self, view: View) -> Reply:
        text = view.first_user
        if not view.tools:
            return self._no_tools(view, text)
        task = self._task(text)
        steps = [(s.tool, dict(s.args)) for s in task.solution]
        found = re.findall(r"\[steps (\d+)-(\d+)\]", text)  # the current subtask is the last one named
        m = found[-1] if found else None
        subtask = m is not None
        if m:
            steps = steps[int(m[0]):int(m[1]) + 1]
        batches = [steps] if self.parallel and steps else [[s] for s in steps]
        self.kinds.append("subagent" if subtask else "executor")
        if view.turn_index < len(batches):
            return Reply(tool_calls=batches[view.turn_index], thinking="Next step of the plan.", usage=self.usage)
        answer = f"Done: {len(steps)} step(s)." if subtask else (task.response or "Done.")
        return Reply(text=answer, usage=self.usage)

    def _no_tools(self, view: View, text: str) -> Reply:
        if "Rubric" in text:
            self.kinds.append("judge")
            return Reply(text=json.dumps({"score": 8, "reasoning": "Meets the rubric."}), usage=self.usage)
        task = self._task(text)
        if "Work record" in text:
            self.kinds.append("final")
            return Reply(text=task.response or "Done.", usage=self.usage)
        if '"subtasks"' in text:
            self.kinds.append("split")
            n = len(task.solution)
            subtasks = [f"[steps {i}-{i}] call {s.tool}" for i, s in enumerate(task.solution)] or ["[steps 0-0] check"]
            return Reply(text="```json\n" + json.dumps({"subtasks": subtasks if n else subtasks[:1]}) + "\n```",
                         usage=self.usage)
        self.kinds.append("planner")
        plan = "\n".join(f"{i}. call {s.tool} with {json.dumps(s.args)}" for i, s in enumerate(task.solution, 1))
        return Reply(text=plan or "1. Refuse.", usage=self.usage)

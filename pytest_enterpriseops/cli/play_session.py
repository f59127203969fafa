"""One played episode of a task: the real TaskSession, the calls made so far, and the state file.

A play goes through exactly the engine path of a pytest run (materialization, tool runtime,
step limit, verifiers, built-in checks). The state file holds the calls; replaying them on a
fresh database rebuilds the same state, because the clock is frozen and ids are derived from
the data.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..domains import Benchmark
from ..errors import HarnessError
from ..runner import RunOptions, TaskSession
from ..runtime import StepLimitReached
from ..task import Task
from ..textsafe import clean_text
from .discover import load_all

STATE_FORMAT = 1


class PlayError(Exception):
    """A problem with the player's input or state (not an agent action): exit code 2."""


def resolve_task(spec: str, root: Path | None = None) -> tuple[Task, Benchmark]:
    """A task from a path to its YAML file, or from its id under <root>/tasks/."""
    path = Path(spec)
    if not (path.suffix in (".yaml", ".yml") and path.is_file()):
        start = (root or Path.cwd()).resolve()
        bench_root = Benchmark.find_root(start)
        if bench_root is None:
            raise PlayError(f"no benchmark root (a directory with db/<domain>/schema.sql) at or above {start}")
        found = sorted(p for ext in ("yaml", "yml") for p in (bench_root / "tasks").rglob(f"{spec}.{ext}"))
        if not found:
            raise PlayError(f"no task '{spec}' under {bench_root / 'tasks'} (give a task id or a path to its YAML)")
        if len(found) > 1:
            raise PlayError(f"task id '{spec}' is ambiguous: {', '.join(map(str, found))}")
        path = found[0]
    tasks, errors = load_all([str(path)])
    if errors:
        raise PlayError("; ".join(errors))
    if not tasks:
        raise PlayError(f"{path} is not a task file (a YAML file under <benchmark root>/tasks/)")
    return tasks[0]


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


@dataclass
class CallRecord:
    """One tool call as the state file keeps it."""

    tool: str
    args: Any
    is_error: bool
    content: str  # exactly what the agent saw
    kind: str = "ok"  # ok | error | step_limit | harness

    def to_json(self) -> dict[str, Any]:
        return {"tool": self.tool, "args": self.args, "is_error": self.is_error, "content": self.content,
                "kind": self.kind}

    @property
    def result(self) -> Any:
        try:
            return json.loads(self.content)
        except (json.JSONDecodeError, TypeError):
            return self.content


@dataclass
class PlayState:
    """The state file: which task, the options, the calls so far, and the verdict once finished."""

    task_id: str
    task_file: str
    task_digest: str
    tools_mode: str = "oracle"
    max_steps: int = 50
    calls: list[CallRecord] = field(default_factory=list)
    ended: str | None = None  # why no more calls are possible: step limit, harness error, finished
    verdict: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return {"format": STATE_FORMAT, "task_id": self.task_id, "task_file": self.task_file,
                "task_digest": self.task_digest, "tools_mode": self.tools_mode, "max_steps": self.max_steps,
                "calls": [c.to_json() for c in self.calls], "ended": self.ended, "verdict": self.verdict}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "PlayState":
        if data.get("format") != STATE_FORMAT:
            raise PlayError(f"unknown state file format {data.get('format')!r} (expected {STATE_FORMAT})")
        calls = [CallRecord(c["tool"], c["args"], bool(c["is_error"]), c["content"], c.get("kind", "ok"))
                 for c in data.get("calls", [])]
        return cls(data["task_id"], data["task_file"], data["task_digest"], data.get("tools_mode", "oracle"),
                   int(data.get("max_steps", 50)), calls, data.get("ended"), data.get("verdict"))

    def save(self, path: Path) -> None:
        tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(self.to_json(), indent=1, ensure_ascii=False, default=str) + "\n")
        os.replace(tmp, path)


def load_state(path: Path) -> PlayState | None:
    if not path.exists():
        return None
    try:
        return PlayState.from_json(json.loads(path.read_text()))
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as exc:
        raise PlayError(f"{path}: not a play state file ({exc})") from None


class Play:
    """A live episode: a TaskSession, and the calls made in it (replayed or new)."""

    def __init__(self, task: Task, bench: Benchmark, state: PlayState, judge: Any = None):
        self.task, self.bench, self.state = task, bench, state
        self.session = TaskSession(bench, task, 1, RunOptions(tools_mode=state.tools_mode,
                                                              max_steps=state.max_steps, judge=judge))
        self.episode = self.session.episode
        self.divergences: list[str] = []  # replayed calls whose result differs from the recorded one

    @classmethod
    def start(cls, task: Task, bench: Benchmark, state: PlayState | None, tools_mode: str = "oracle",
              max_steps: int = 50, judge: Any = None) -> "Play":
        """A fresh episode; with a state, its earlier calls are replayed first."""
        if state is None:
            state = PlayState(task.id, str(task.path), file_digest(task.path), tools_mode, max_steps)
        elif state.task_id != task.id:
            raise PlayError(f"the state file belongs to task '{state.task_id}', not '{task.id}'")
        play = cls(task, bench, state, judge)
        recorded, state.calls = state.calls, []
        try:
            for i, rec in enumerate(recorded):  # the call that hit the step limit or crashed is re-run too
                new = play._engine_call(rec.tool, rec.args)
                if new.content != rec.content or new.is_error != rec.is_error:
                    play.divergences.append(f"call {i + 1} ({rec.tool}) now returns a different result")
        except BaseException:
            play.close()
            raise
        if state.task_digest != file_digest(task.path):
            play.divergences.insert(0, "the task file changed since this state file was started")
        return play

    # -- the agent's actions ---------------------------------------------------
    @property
    def steps_used(self) -> int:
        return len(self.session.run.transcript.tool_calls)

    @property
    def steps_left(self) -> int:
        return max(0, self.state.max_steps - self.steps_used)

    def call(self, name: str, args: Any) -> CallRecord:
        """Make one tool call as the agent. Refused (PlayError) once the episode has ended."""
        if self.state.ended:
            raise PlayError(f"this episode has ended ({self.state.ended}); no more tool calls. "
                            "Start a new state file to play again.")
        return self._engine_call(name, args)

    def _engine_call(self, name: str, args: Any) -> CallRecord:
        try:
            res = self.session.env.call(name, args)
            rec = CallRecord(name, _recorded_args(self.session, args), res.is_error, res.content,
                             "error" if res.is_error else "ok")
        except StepLimitReached as exc:
            self.session.run.stopped = str(exc)
            self.state.ended = f"step limit: {exc}"
            rec = CallRecord(name, args, True, json.dumps({"error": str(exc)}), "step_limit")
        except HarnessError as exc:
            self.state.ended = f"harness error: {exc}"
            rec = CallRecord(name, args, True, json.dumps({"error": str(exc)}), "harness")
        self.state.calls.append(rec)
        return rec

    def finish(self, answer: str | None) -> dict[str, Any]:
        """End the episode with the agent's final answer, run every verifier, record the verdict."""
        if self.state.verdict is not None:
            raise PlayError("this episode is already finished; start a new state file to play again")
        run = self.session.run
        lost_answer = self.state.ended is not None and self.state.ended.startswith("step limit")
        # As in a pytest run: an agent stopped by the step limit has no final answer.
        run.final_answer = None if lost_answer or answer is None else clean_text(answer)
        run.transcript.final_answer = run.final_answer
        verdict: dict[str, Any] = {"answer": run.final_answer, "answer_lost_to_step_limit": lost_answer,
                                   "steps": self.steps_used, "max_steps": self.state.max_steps,
                                   "gold_steps": len(self.task.solution), "error": None, "verifiers": []}
        if self.state.ended and self.state.ended.startswith("harness error"):
            verdict.update(outcome="error", error=self.state.ended)
        else:
            try:
                results = self.session.verify()
            except Exception as exc:  # a verifier whose SQL does not run: an ERROR, as in pytest
                verdict.update(outcome="error", error=f"{type(exc).__name__}: {exc}")
            else:
                verdict["outcome"] = run.outcome
                verdict["verifiers"] = [r.to_json() for r in results]
                verdict["diff"] = run.diff
        self.state.verdict = verdict
        self.state.ended = self.state.ended or "finished"
        return verdict

    def close(self) -> None:
        self.session.close()


def _recorded_args(session: TaskSession, args: Any) -> Any:
    """The arguments as the engine recorded them (raw JSON text becomes the parsed object)."""
    calls = session.run.transcript.tool_calls
    return calls[-1].args if calls else args

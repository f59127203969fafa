"""Collection: a task file is a pytest File; each run of a task is a TaskItem (a pytest.Function,
so fixtures — including a user's override of `eops_agent` — work)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .domains import Benchmark, benchmark_for
from .errors import EopsError, HarnessError, TaskFileError
from .keys import STATE_KEY
from .task import Task, load_task


class TaskFailed(Exception):
    """The agent's final state did not satisfy every verifier (one per task, aggregated)."""

    def __init__(self, run: Any):
        self.run = run
        bad = [v for v in run.verifiers if v.passed is False]
        super().__init__(f"{len(bad)} of {len(run.verifiers)} verifiers failed")


def is_task_file(path: Path) -> Path | None:
    """The benchmark root if `path` is a task file (a YAML file under <root>/tasks/)."""
    if path.suffix not in (".yaml", ".yml"):
        return None
    path = path.resolve()
    root = Benchmark.find_root(path.parent)
    if root is None:
        return None
    try:
        rel = path.relative_to(root)
    except ValueError:
        return None
    return root if rel.parts and rel.parts[0] == "tasks" else None


def validate_against_benchmark(task: Task, bench: Benchmark) -> None:
    """Names the task uses must exist: domains, tools, and the solution's tools are offered."""
    path = task.path
    for d in task.domain_list:
        if d not in bench.domains:
            raise TaskFileError(path, None, "domain", f"unknown domain '{d}' (known: {', '.join(bench.domains)})")
    bench.invariants(task.domain_list)  # a broken verifiers/<domain>.yaml is named at collection
    tools = bench.all_tools(task.domain_list)
    for name in task.tools:
        if name not in tools:
            close = [t for t in tools if name.split("_")[-1] in t][:5]
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise TaskFileError(path, None, "tools", f"unknown tool '{name}' in domain(s) "
                                f"{', '.join(task.domain_list)}{hint}")
    for step in task.solution:
        if step.tool not in task.tools:
            raise TaskFileError(path, step.line, f"solution.{step.tool}",
                                f"the solution calls '{step.tool}', which is not in the task's tools list")
        try:
            tools[step.tool].validate(step.args)
        except ValueError as exc:
            raise TaskFileError(path, step.line, f"solution.{step.tool}", str(exc)) from None


class TaskFile(pytest.File):
    def collect(self):
        try:
            task, bench = self._load()
        except TaskFileError:
            # A broken task file is a collection error, but it must not stop the other tasks.
            self.config.option.continue_on_collection_errors = True
            raise
        state = self.config.stash[STATE_KEY]
        state.register_markers(self.config, task)
        marks = [getattr(pytest.mark, m).mark for m in dict.fromkeys([task.domain or "hybrid",
                                                                      *task.domain_list, *task.tags])]
        for r in range(1, state.runs + 1):
            # Items in one directory see the same conftests, so they share one fixture closure.
            info = state.fixtureinfo.get(self.path.parent)
            item = TaskItem.from_parent(self, name=f"{task.id}[r{r}]", originalname=task.id, fixtureinfo=info,
                                        callobj=_run_task_body, keywords={m.name: m for m in marks})
            state.fixtureinfo.setdefault(self.path.parent, item._fixtureinfo)
            if hasattr(self, "id") and hasattr(self.id, "child"):
                # pytest >= 9 keeps node ids structured; make "[rN]" the params part, as for a
                # parametrized test, so --lf / --ff match the ids it reads back from its cache.
                item._id = self.id.child(task.id).with_params(f"r{r}")
            item.own_markers.extend(marks)
            item.task, item.bench, item.run_index = task, bench, r
            yield item

    def _load(self) -> tuple[Task, Benchmark]:
        state = self.config.stash[STATE_KEY]
        try:
            bench = benchmark_for(is_task_file(self.path))
            task = load_task(self.path)
            validate_against_benchmark(task, bench)
        except TaskFileError:
            raise
        except EopsError as exc:
            raise TaskFileError(self.path, None, None, str(exc)) from exc
        first = state.task_ids.setdefault(task.id, self.path)
        if first != self.path:
            raise TaskFileError(self.path, task.line, "id", f"duplicate task id '{task.id}' (also in {first})")
        return task, bench

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, TaskFileError):
            return f"invalid task file: {excinfo.value}"
        return super().repr_failure(excinfo)


def _run_task_body(eops_task_run) -> None:
    run = eops_task_run
    if run.outcome == "failed":
        raise TaskFailed(run)
    if run.outcome == "not_judged":
        pytest.skip("not judged: this task has a judge rubric; run with --judge PRESET to grade it")


class TaskItem(pytest.Function):
    task: Task
    bench: Benchmark
    run_index: int

    def reportinfo(self):
        return self.task.path, self.task.line - 1, f"task {self.task.id} (run {self.run_index})"

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, TaskFailed):
            from .failure_report import format_failure

            return format_failure(excinfo.value.run, self.config)
        if isinstance(excinfo.value, HarnessError):
            return format_harness_error(excinfo)
        return super().repr_failure(excinfo, style)

    def _repr_failure_py(self, excinfo, style=None):
        if isinstance(excinfo.value, HarnessError):
            return format_harness_error(excinfo)
        return super()._repr_failure_py(excinfo, style)


def format_harness_error(excinfo) -> str:
    import traceback

    exc = excinfo.value
    lines = [f"harness error (not counted in pass@1): {exc}"]
    cause = exc.__cause__
    if cause is not None and not isinstance(cause, (TimeoutError, HarnessError)):
        tb = traceback.format_exception(type(cause), cause, cause.__traceback__)
        lines.append("".join(tb[-6:]).rstrip())
    return "\n".join(lines)



def dumps_short(value: Any, limit: int = 160) -> str:
    text = json.dumps(value, default=str, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"

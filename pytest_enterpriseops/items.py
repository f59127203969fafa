"""Collection: a task file is a pytest File; each run of a task is a TaskItem (a pytest.Function,
so fixtures — including a user's override of `eops_agent` — work)."""

from __future__ import annotations

import functools
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
    """Names the task uses must exist: domains, tools, the solution's tools are offered, and the
    acting user is a person of the org directory. Every error names file:line:field."""
    path = task.path
    field = "domains" if task.domains is not None else "domain"
    for d in task.domain_list:
        if d not in bench.domains:
            raise TaskFileError(path, task.line_of(field), field,
                                f"unknown domain '{d}' (known: {', '.join(bench.available())})")
    bench.invariants(task.domain_list)  # a broken verifiers/<domain>.yaml is named at collection
    tools = bench.all_tools(task.domain_list)
    for i, name in enumerate(task.tools):
        if name not in tools:
            close = [t for t in tools if name.split("_")[-1] in t][:5]
            hint = f" (did you mean: {', '.join(close)}?)" if close else ""
            raise TaskFileError(path, task.line_of("tools", i), "tools", f"unknown tool '{name}' in domain(s) "
                                f"{', '.join(task.domain_list)}{hint}")
    offered = bench.task_tools(task)
    for step in task.solution:
        if step.tool not in offered:
            raise TaskFileError(path, step.line, f"solution.{step.tool}",
                                f"the solution calls '{step.tool}', which is not in the task's tools list")
        try:
            tools[step.tool].validate(step.args)
        except ValueError as exc:
            raise TaskFileError(path, step.line, f"solution.{step.tool}", str(exc)) from None
    check_as_user(task, bench)


def check_as_user(task: Task, bench: Benchmark) -> None:
    """`as_user` must be an `org.person` when the task's domains use the org directory (a person a
    domain's role_query does not know is allowed: they have no account there, and the tools treat
    them as the real system would). A task whose setup SQL names the person (a new hire it adds)
    is not checked against the seed."""
    people = org_people(bench, task.domain_list)
    if people is None or task.as_user in people or (task.setup and task.as_user in task.setup):
        return
    raise TaskFileError(task.path, task.line_of("as_user"), "as_user",
                        f"'{task.as_user}' is not a person of org.person (an org person_id such as "
                        f"{min(people) if people else 'P0001'}; `eops sql org \"SELECT person_id, full_name FROM org.person\"`)")


def org_people(bench: Benchmark, domains: list[str]) -> frozenset[str] | None:
    """Every org.person id (read once per root), or None if these domains do not use the org directory."""
    if "org" not in bench.closure(domains):
        return None
    return _org_people(bench)


@functools.lru_cache(maxsize=16)
def _org_people(bench: Benchmark) -> frozenset[str]:
    from . import sandbox

    with sandbox.TaskDatabase(sandbox.template(bench, ["org"])) as db:
        cur = db.read_cursor("work")
        try:
            return frozenset(r[0] for r in cur.execute("SELECT person_id FROM org.person").fetchall())
        finally:
            cur.close()


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

    failed_line: int | None = None  # the first failing verifier's line, once the task has failed

    def reportinfo(self):
        line = self.failed_line or self.task.line
        return self.task.path, line - 1, f"task {self.task.id} (run {self.run_index})"

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, TaskFailed):
            from .failure_report import format_failure

            line = first_failing_line(excinfo.value.run)
            if line:
                # The report's location (and so an IDE's marker) points at the verifier that failed;
                # pytest reads item.location after repr_failure, so recompute it from reportinfo.
                self.failed_line = line
                self.__dict__.pop("location", None)
            return format_failure(excinfo.value.run, self.config)
        if isinstance(excinfo.value, HarnessError):
            return format_harness_error(excinfo)
        return super().repr_failure(excinfo, style)

    def _repr_failure_py(self, excinfo, style=None):
        if isinstance(excinfo.value, HarnessError):
            return format_harness_error(excinfo)
        return super()._repr_failure_py(excinfo, style)


def first_failing_line(run: Any) -> int | None:
    """The YAML line of the first failing verifier of the task file (built-in checks have none)."""
    for v in run.verifiers:
        if v.passed is False and not v.builtin and v.line:
            return v.line
    return None


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

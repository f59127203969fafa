"""`eops check`: the task quality gates of DESIGN.md, for every task under a path.

- the file is valid and every tool / table / column it names exists;
- the gold `solution` passes every verifier (and, if feasible, makes no failing tool call);
- the `noop` agent fails at least one verifier of every feasible task;
- dropping any single write step of the solution makes some verifier fail;
- an infeasible task's solution changes nothing;
- every task has a human `plan` and a `changes_only` side-effect check (or the built-in one).
"""

from __future__ import annotations

import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..agents.scripted import NoopAgent, ScriptAgent
from ..domains import Benchmark
from ..runner import RunOptions, TaskRun, TaskSession
from ..task import Task
from .discover import load_all


@dataclass
class CheckResult:
    task_id: str
    path: str
    problems: list[str] = field(default_factory=list)
    guards: list[str] = field(default_factory=list)  # verifiers that pass on the untouched state


def _run(task: Task, bench: Benchmark, agent, full_diff: bool = False) -> tuple[TaskRun, set[str]]:
    """Run `agent` on the task and verify; returns the run and the names of the database's tables."""
    s = TaskSession(bench, task, 1, RunOptions(tools_mode="oracle", max_steps=100_000, task_timeout=120,
                                               full_diff=full_diff))
    try:
        s.run_agent(agent)
        s.verify()
        return s.run, set(s.tables)
    finally:
        s.close()


def _failed(run: TaskRun) -> list[str]:
    return [v.name for v in run.verifiers if v.passed is False]


def check_task(task: Task, bench: Benchmark) -> CheckResult:
    res = CheckResult(task.id, f"{task.path}:{task.line}")
    p = res.problems
    if not task.plan:
        p.append("no human `plan`")
    if task.feasible and not any(v.kind == "changes_only" for v in task.verifiers):
        p.append("no `changes_only` side-effect verifier")
    if not task.solution and task.feasible:
        p.append("a feasible task needs a gold `solution`")
    steps = [(s.tool, s.args) for s in task.solution]
    try:
        gold, tables = _run(task, bench, ScriptAgent(steps, task.response, "oracle"), full_diff=True)
    except Exception as exc:  # setup SQL, a tool crash, a verifier whose SQL does not run
        p.append(f"gold solution could not be verified: {type(exc).__name__}: {exc}")
        return res
    for v in task.verifiers:
        for t in v.changes_only or []:
            if t not in tables:
                p.append(f"verifier '{v.name}' (line {v.line}): unknown table {t}")
    if gold.untracked_tables:
        p.append(f"the gold solution changed {', '.join(gold.untracked_tables)} without going through "
                 "ctx.insert/update/delete/execute: the engine's diff would miss those writes")
    if _failed(gold):
        p.append("gold solution fails: " + "; ".join(_failed(gold)))
    for c in gold.transcript.tool_calls:
        if c.error and task.feasible:
            p.append(f"gold step {c.index + 1} ({c.name}) returned an error: {c.error}")
    if not task.feasible and gold.diff:
        p.append(f"infeasible task, but the gold solution changes {', '.join(gold.diff)}")
    noop, _ = _run(task, bench, NoopAgent())
    res.guards = [v.name for v in noop.verifiers if v.passed and not v.builtin]
    if task.feasible and not [v for v in noop.verifiers if v.passed is False and not v.builtin]:
        p.append("the noop agent passes every verifier: nothing checks that work was done")
    for c in gold.transcript.tool_calls:
        if not c.wrote:
            continue
        rest = [s for i, s in enumerate(steps) if i != c.index]
        try:
            dropped, _ = _run(task, bench, ScriptAgent(rest, task.response, "drop"))
        except Exception:
            continue  # the trajectory breaks without this step: that is a kind of failure too
        if not _failed(dropped):
            p.append(f"dropping write step {c.index + 1} ({c.name} {c.args}) still passes every verifier: "
                     "an unverified write")
    return res


def _check_path(path: str) -> CheckResult:
    if not Path(path).exists():
        return CheckResult(Path(path).stem, path, problems=["the file disappeared while being checked"])
    tasks, errors = load_all(path)
    if errors:
        return CheckResult(Path(path).stem, path, problems=errors)
    task, bench = tasks[0]
    return check_task(task, bench)


def run_check(paths: list[str], quiet: bool = False, jobs: int = 1) -> int:
    tasks, errors = load_all(paths)
    results: list[CheckResult] = []
    if jobs > 1 and len(tasks) > 1:
        ctx = multiprocessing.get_context("spawn")  # DuckDB is not fork-safe
        with ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
            results = list(pool.map(_check_path, [str(t.path) for t, _ in tasks], chunksize=4))
    else:
        results = [check_task(t, b) for t, b in tasks]
    bad = 0
    for e in errors:
        print(f"✗ invalid: {e}")
    for r in results:
        if r.problems:
            bad += 1
            print(f"✗ {r.task_id} ({r.path})")
            for prob in r.problems:
                print(f"    - {prob}")
        elif not quiet:
            guards = f"  (guards: {', '.join(r.guards)})" if r.guards else ""
            print(f"✓ {r.task_id}{guards}")
    total = len(results) + len(errors)
    print(f"eops check: {total} task file(s), {total - bad - len(errors)} ok, {bad + len(errors)} with problems")
    sys.stdout.flush()
    return 1 if bad or errors or total == 0 else 0

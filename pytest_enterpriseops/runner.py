"""Run one task: materialize its database, equip tools, run the agent, verify the final state."""

from __future__ import annotations

import asyncio
import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any

from . import sandbox
from .context import Ctx
from .diff import catalog, diff_database
from .domains import Benchmark
from .errors import HarnessError
from .runner_options import RunOptions
from .runtime import Episode, StepLimitReached, ToolEnv
from .task import REFUSAL_PATTERN, ResponseCheck, Task, Verifier
from .toolsets import select_tools
from .transcript import Transcript
from .verifiers import VerifierResult, run_verifiers
from .verifiers.base import VerifyInput
from .verifiers.changes import INTEGRITY_NAME, dangling_references

@dataclass
class TaskRun:
    """Everything known about one run of one task; becomes the task's result file."""

    task: Task
    run_index: int
    outcome: str = "pending"  # passed | failed | error | not_judged | skipped
    final_answer: str | None = None
    transcript: Transcript = field(default_factory=Transcript)
    verifiers: list[VerifierResult] = field(default_factory=list)
    diff: dict[str, Any] = field(default_factory=dict)
    offered_tools: list[str] = field(default_factory=list)
    error: str | None = None
    stopped: str | None = None  # why the agent stopped early (step limit)
    timings: dict[str, float] = field(default_factory=dict)
    role: str | None = None
    judge_usage: dict[str, float] = field(default_factory=dict)
    untracked_tables: list[str] = field(default_factory=list)  # changed, but not through Ctx writes


def builtin_verifiers(task: Task) -> list[Verifier]:
    """The checks every task gets: referential integrity, and for infeasible tasks a no-change
    check and a refusal check unless the task brings its own of those kinds."""
    out = [Verifier(name=INTEGRITY_NAME, category="integrity", changes_only=[], builtin=True, line=task.line)]
    if not task.feasible:
        if not any(v.kind == "changes_only" for v in task.verifiers):
            out.append(Verifier(name="infeasible: nothing changed", category="side_effect", changes_only=[],
                                builtin=True, line=task.line))
        if not any(v.kind == "response" for v in task.verifiers):
            out.append(Verifier(name="infeasible: the agent refused and said why", category="policy",
                                response=ResponseCheck(matches=REFUSAL_PATTERN), builtin=True, line=task.line))
    return out


def system_prompt(bench: Benchmark, task: Task, role: str | None, now: dt.datetime) -> str:
    policies = [bench.domains[d].policy.strip() for d in task.domain_list if bench.domains[d].policy.strip()]
    head = (f"# Session\nYou are acting as user {task.as_user}" + (f" (role: {role})" if role else "")
            + f".\nThe current date and time is {now.isoformat()}.\n")
    return "\n\n".join([head, *policies])


class TaskSession:
    """One materialized task: its database, tool environment and episode. Close it when done."""

    def __init__(self, bench: Benchmark, task: Task, run_index: int, options: RunOptions):
        self.bench, self.task, self.options = bench, task, options
        self.run = TaskRun(task, run_index)
        t0 = time.perf_counter()
        self.template = sandbox.template(bench, task.domain_list)
        self.run.timings["template_ms"] = (time.perf_counter() - t0) * 1000
        t1 = time.perf_counter()
        self.db = sandbox.TaskDatabase(self.template, task.setup)
        self.run.timings["materialize_ms"] = (time.perf_counter() - t1) * 1000
        self.now = task.now or bench.default_now(task.domain_list)
        cursor = self.db.cursor()
        self.run.role = bench.role_of(cursor, task.domain_list, task.as_user)
        ctx = Ctx(cursor, task.as_user, self.run.role, self.now, task.id, task.domain_list)
        all_tools = bench.all_tools(task.domain_list)
        self.run.offered_tools = select_tools(task.tools, all_tools, options.tools_mode)
        self.env = ToolEnv(ctx, all_tools, self.run.offered_tools, self.run.transcript,
                           options.max_steps, time.perf_counter())
        plan = task.plan if options.plan == "human" else None  # a planner preset plans inside the agent
        self.episode = Episode(task=task, system_prompt=system_prompt(bench, task, self.run.role, self.now),
                               user_prompt=task.prompt, env=self.env, plan=plan, run_index=run_index,
                               options={"tools_mode": options.tools_mode, "plan": options.plan,
                                        "max_steps": options.max_steps})

    def run_agent(self, agent: Any) -> None:
        """Run the agent to completion (or step limit / timeout). Harness problems raise."""
        t = time.perf_counter()
        self.run.timings["started_at"] = time.time()
        try:
            with asyncio.Runner() as runner:
                answer = runner.run(asyncio.wait_for(agent.run(self.episode), self.options.task_timeout))
            self.run.final_answer = answer if answer is None else str(answer)
            self.run.stopped = self.episode.stopped
        except StepLimitReached as exc:
            self.run.stopped = str(exc)
        except TimeoutError:
            raise HarnessError(f"task timed out after {self.options.task_timeout:g} s (--task-timeout)") from None
        finally:
            self.run.timings["agent_s"] = time.perf_counter() - t
            self.run.timings["finished_at"] = time.time()
            self.run.transcript.final_answer = self.run.final_answer
        if self.env.harness_error is not None:
            raise HarnessError(f"a tool raised: {self.env.harness_error!r}") from self.env.harness_error

    @property
    def tables(self) -> dict[str, dict[str, Any]]:
        """Every table of the task's database with its columns and primary key (cached per template)."""
        return catalog(self.db, str(self.template) + (self.task.setup or ""))

    def verify(self) -> list[VerifierResult]:
        t = time.perf_counter()
        tables = self.tables
        ctx = self.env.ctx
        tracked = None if ctx.untracked_write else set(ctx.written)
        if self.options.full_diff or tracked is None:
            diff = diff_database(self.db, tables)  # scan every table, not only the tracked ones
            if tracked is not None:
                self.run.untracked_tables = sorted(set(diff) - tracked)
        else:
            diff = diff_database(self.db, tables, only=tracked)
        cur = self.db.con.cursor()
        integrity = dangling_references(cur, self.db.work_alias, self.db.start_alias, diff,
                                        self.bench.relationships(self.task.domain_list), tables)
        cur.close()
        inp = VerifyInput(self.task, lambda: self.db.read_cursor("work"), diff, integrity,
                          self.run.final_answer, self.options.judge)
        before = dict(getattr(self.options.judge, "usage", None) or {})
        results = run_verifiers([*self.task.verifiers, *builtin_verifiers(self.task)], inp)
        after = dict(getattr(self.options.judge, "usage", None) or {})
        self.run.judge_usage = {k: v - before.get(k, 0) for k, v in after.items()
                                if isinstance(v, (int, float)) and v - before.get(k, 0)}
        self.run.verifiers = results
        self.run.diff = {t: d.to_json() for t, d in diff.items()}
        passed = [r.passed for r in results]
        self.run.outcome = ("failed" if False in passed else "not_judged" if None in passed else "passed")
        self.run.timings["verify_ms"] = (time.perf_counter() - t) * 1000
        return results

    def close(self) -> None:
        try:
            self.env.ctx.cursor.close()
        except Exception:
            pass
        self.db.close()

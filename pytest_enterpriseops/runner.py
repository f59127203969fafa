"""Run one task: materialize its database, equip tools, run the agent, verify the final state."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import sandbox
from .agent_thread import AgentDrive, AgentOutcome
from .context import Ctx
from .diff import catalog, diff_database, file_state, schema_changes
from .domains import Benchmark, first_role
from .errors import HarnessError
from .footprint import Footprint, gold_footprint
from .runner_options import RunOptions
from .runtime import Episode, StepLimitReached, ToolEnv, channel
from .task import REFUSAL_PATTERN, ResponseCheck, Task, Verifier
from .textsafe import clean_text
from .toolsets import select_tools
from .transcript import Transcript
from .verifiers import VerifierResult, run_verifiers
from .verifiers.base import VerifyInput
from .verifiers.changes import INTEGRITY_NAME, dangling_references
from .verifiers.invariant import check_invariants

__all__ = ["Gold", "RunOptions", "TaskRun", "TaskSession", "builtin_verifiers", "system_prompt"]


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
    stopped: str | None = None  # why the agent stopped early (step limit, timeout, its own stop())
    agent_error: str | None = None  # the exception the agent raised (its own failure, counted)
    gold_informed: bool = False  # the agent was handed the gold solution (oracle-like, not a model result)
    refused_calls: int = 0  # calls refused after the step limit (only the first is in the transcript)
    timings: dict[str, float] = field(default_factory=dict)
    role: str | None = None
    judge_usage: dict[str, float] = field(default_factory=dict)
    untracked_tables: list[str] = field(default_factory=list)  # changed, but not through Ctx writes


@dataclass(frozen=True)
class Gold:
    """What a privileged scripted agent (the oracle) gets besides the episode: the gold trajectory and
    answer. Never the verifiers. Runs of agents that take it are flagged `gold_informed`."""

    steps: tuple[tuple[str, dict[str, Any]], ...]
    response: str | None


def builtin_verifiers(task: Task) -> list[Verifier]:
    """The checks every task gets: referential integrity; and for infeasible tasks, always, a
    no-change check and a refusal check (in addition to the task's own reason check)."""
    out = [Verifier(name=INTEGRITY_NAME, category="integrity", changes_only=[], builtin=True, line=task.line)]
    if not task.feasible:
        out.append(Verifier(name="infeasible: nothing changed", category="side_effect", changes_only=[],
                            builtin=True, line=task.line))
        out.append(Verifier(name="infeasible: the agent refused and said why", category="policy",
                            response=ResponseCheck(matches=REFUSAL_PATTERN), builtin=True, line=task.line))
    return out


def describe_roles(roles: dict[str, str | None]) -> str | None:
    """One role as itself; a hybrid task's roles per domain (`itsm: itil; teams: member`) unless they are
    all the same. A domain where the user has no role says so (`csm: no role`): an agent must be able to
    see that it cannot act there, not find out from a refused write."""
    known = {d: r for d, r in roles.items() if r}
    if not known:
        return None
    if len(known) == len(roles) and len(set(known.values())) == 1:
        return next(iter(known.values()))
    return "; ".join(f"{d}: {r or 'no role'}" for d, r in roles.items())


def system_prompt(bench: Benchmark, task: Task, role: str | None, now: dt.datetime) -> str:
    policies = [bench.domains[d].policy.strip() for d in task.domain_list if bench.domains[d].policy.strip()]
    head = (f"# Session\nYou are acting as user {task.as_user}" + (f" (role: {role})" if role else "")
            + f".\nThe current date and time is {now.isoformat()}.\n")
    return "\n\n".join([head, *policies])


@dataclass(frozen=True)
class Resume:
    """Where a gate's session starts instead of a fresh database: a snapshot of another session of
    the same task after some of its calls, with what the tool context remembered at that point."""

    snapshot: Path  # the work-state snapshot
    start_file: Path  # the other session's start state, shared read-only
    issued: dict[tuple[str, str, str], int]
    written: frozenset[str]


class TaskSession:
    """One materialized task: its database, tool environment and episode. Close it when done."""

    def __init__(self, bench: Benchmark, task: Task, run_index: int, options: RunOptions,
                 resume: Resume | None = None):
        self.bench, self.task, self.options = bench, task, options
        self.run = TaskRun(task, run_index)
        self._agent_failure: VerifierResult | None = None
        t0 = time.perf_counter()
        self.template = sandbox.template(bench, task.domain_list)
        self.run.timings["template_ms"] = (time.perf_counter() - t0) * 1000
        t1 = time.perf_counter()
        self.db = sandbox.TaskDatabase(self.template, task.setup, resume=None if resume is None
                                       else (resume.snapshot, resume.start_file))
        self._baseline = file_state(self.db.work_path)  # lets the write-ahead log narrow the diff
        self.run.timings["materialize_ms"] = (time.perf_counter() - t1) * 1000
        self.now = task.now or bench.default_now(task.domain_list)
        cursor = self.db.cursor()
        roles = bench.roles_of(cursor, task.domain_list, task.as_user)
        self.run.role = describe_roles(roles)
        ctx = Ctx(cursor, task.as_user, first_role(roles, task.domain_list), self.now, task.id, task.domain_list,
                  roles=roles, start_catalog=self.db.start_alias)
        if resume is not None:
            ctx._issued = ctx._issued_before_call = dict(resume.issued)
            ctx.written = set(resume.written)
        all_tools = bench.all_tools(task.domain_list)
        self.run.offered_tools = select_tools(bench.task_tools(task), all_tools, options.tools_mode)
        self.env = ToolEnv(ctx, all_tools, self.run.offered_tools, self.run.transcript,
                           options.max_steps, time.perf_counter())
        plan = task.plan if options.plan == "human" else None  # a planner preset plans inside the agent
        self.episode = Episode(task_id=task.id, system_prompt=system_prompt(bench, task, self.run.role, self.now),
                               user_prompt=task.prompt, env=self.env, plan=plan, run_index=run_index,
                               options={"tools_mode": options.tools_mode, "plan": options.plan,
                                        "max_steps": options.max_steps})

    # -- running -----------------------------------------------------------
    def run_agent(self, agent: Any) -> None:
        """Run the agent to completion, its step limit or the task timeout.

        What the agent does is its own outcome: an exception it raises (or a `run` that is not a
        coroutine) and a timeout fail the task. Only infrastructure trouble raises (an ERROR): a
        tool that crashed, or an agent reporting that its provider failed for good
        (`InfrastructureError`).
        """
        self.start_agent(agent)
        self.finish_agent()

    def start_agent(self, agent: Any, on_end: Any = None) -> None:
        """Start the agent's episode in its own thread and return at once (see finish_agent).
        `on_end()` is called on that thread when the episode has ended."""
        gold = None
        if getattr(agent, "uses_gold", False):
            gold = Gold(tuple((s.tool, dict(s.args)) for s in self.task.solution), self.task.response)
            self.run.gold_informed = True
        self.agent = agent
        self._t_agent = time.perf_counter()
        self.run.timings["started_at"] = time.time()
        self._drive = AgentDrive(agent, self.episode, gold, self.options.task_timeout, on_end).start()

    def finish_agent(self) -> None:
        """Wait for the episode started by start_agent and record how it ended (raises on an ERROR)."""
        out: AgentOutcome = self._drive.wait()
        channel(self.episode).close("the task ended" if not out.timed_out else "the task timed out")
        if out.interrupted:
            raise KeyboardInterrupt("interrupted while the agent ran")
        self.run.timings["agent_s"] = time.perf_counter() - self._t_agent
        self.run.timings["finished_at"] = time.time()
        self.run.final_answer = None if out.answer is None else clean_text(str(out.answer))
        self.run.transcript.final_answer = self.run.final_answer
        self.run.stopped = self.episode.stopped or getattr(self.env, "stopped", None)
        self.run.refused_calls = getattr(self.env, "refused_calls", 0)
        if self.env.harness_error is not None:
            raise HarnessError(f"a tool raised: {self.env.harness_error!r}") from self.env.harness_error
        if out.infrastructure is not None:
            raise HarnessError(f"the agent's infrastructure failed: {out.infrastructure}") from out.infrastructure
        if out.timed_out:
            self.run.stopped = f"timed out after {self.options.task_timeout:g} s (--task-timeout)"
            self._agent_failure = self._failure("the agent finished within --task-timeout",
                                                f"within {self.options.task_timeout:g} s", self.run.stopped)
        elif out.step_limit is not None:
            self.run.stopped = self.run.stopped or out.step_limit
        elif out.error is not None:
            self.run.agent_error = out.error
            self._agent_failure = self._failure("the agent ran to completion", "no exception", out.error)

    def _failure(self, name: str, expected: str, actual: str) -> VerifierResult:
        return VerifierResult(name, "completion", "agent", self.task.line, False, expected=expected,
                              actual=actual, message="the agent's own failure (counted in pass@1)", builtin=True)

    def resume_point(self, snapshot: Path) -> Resume:
        """Snapshot this session's state now, for a gate session to `resume` from."""
        self.db.snapshot(snapshot)
        ctx = self.env.ctx
        return Resume(snapshot, self.db.start_file, dict(ctx._issued), frozenset(ctx.written))

    def replay(self, steps: list[tuple[str, dict[str, Any]]]) -> None:
        """Make these tool calls directly, in order (gold runs for `eops check` and footprints)."""
        for name, args in steps:
            try:
                self.env.call(name, dict(args))
            except StepLimitReached:
                break
            if self.env.harness_error is not None:
                raise HarnessError(f"a tool raised: {self.env.harness_error!r}") from self.env.harness_error

    # -- verifying ---------------------------------------------------------
    @property
    def tables(self) -> dict[str, dict[str, Any]]:
        """Every table of the task's database with its columns and primary key (cached per template)."""
        return catalog(self.db, self._start_key)

    @property
    def _start_key(self) -> str:
        return str(self.template) + "\0" + (self.task.setup or "")

    def diff(self) -> dict[str, Any]:
        """Every change between the start and the final state, found by a checksum of every table
        (however the change was made), then diffed row by row."""
        tables = self.tables
        tracked = set(self.env.ctx.written)
        diff = diff_database(self.db, tables, self._start_key, likely=tracked,
                             baseline=None if self.options.full_diff else self._baseline)
        self.run.untracked_tables = sorted(set(diff) - tracked)
        return diff

    def verify(self, footprint: Footprint | None = None) -> list[VerifierResult]:
        """Run every verifier (the task's, the built-in ones and the domain invariants) on the final
        state. `footprint`: the gold's changed rows, if the caller has them (else computed when needed)."""
        t = time.perf_counter()
        tables = self.tables
        diff = self.diff()
        cur = self.db.con.cursor()
        try:
            integrity = dangling_references(cur, self.db.work_alias, self.db.start_alias, diff,
                                            self.bench.relationships(self.task.domain_list), tables)
            created_dropped = schema_changes(cur, self.db.work_alias, self.db.start_alias, self._start_key)
        finally:
            cur.close()
        domains = self.task.domain_list
        inp = VerifyInput(self.task, lambda: self.db.read_cursor("work"), diff, integrity,
                          self.run.final_answer, self.options.judge,
                          read_start=lambda: self.db.read_cursor("start"),
                          footprint_of=(lambda: footprint) if footprint is not None
                          else (lambda: gold_footprint(self.bench, self.task)),
                          append_only=self.bench.append_only(domains), schema_changes=created_dropped)
        before = dict(getattr(self.options.judge, "usage", None) or {})
        try:
            results = run_verifiers([*self.task.verifiers, *builtin_verifiers(self.task)], inp)
            results += check_invariants(self.bench.invariants(domains), inp)
        finally:
            inp.close()
        if self._agent_failure is not None:
            results.append(self._agent_failure)
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
            channel(self.episode).close("the task is closed")
        except KeyError:
            pass
        try:
            self.env.ctx.cursor.close()
        except Exception:
            pass
        self.db.close()

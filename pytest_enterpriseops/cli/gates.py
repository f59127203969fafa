"""The per-task quality gates of `eops check` (each explained in its message).

Every gate runs the real engine path (TaskSession: materialize, tool runtime, verify) on a fresh
database, with the gold footprint taken from the gold run itself.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import duckdb

from ..diff import quote_table
from ..domains import Benchmark
from ..footprint import Footprint, row_key
from ..provenance import asks_for_answer, unseen_identifiers
from .. import sandbox
from ..runner import Resume, RunOptions, TaskRun, TaskSession
from ..task import Task

BARE_REFUSAL = "I can't do that."
FALSE_DONE = "Done — I completed all of it as requested."
# Words that tell an agent the verdict or the trap before it looks: agents see the task id
# (EOPS_TASK_ID for exec agents, the MCP session, the report it may be trained on).
OUTCOME_WORDS = re.compile(r"(?:^|-)(refuse[sd]?|refusal|reject(?:s|ed)?|infeasible|impossible|cannot|blocked|"
                           r"denied|deny|forbidden|disallowed|trap|decoy|hidden|lookalike)(?=-|$)")
OPTIONS = dict(tools_mode="oracle", max_steps=100_000, task_timeout=120)


def session(bench: Benchmark, task: Task, full_diff: bool = True, resume: Resume | None = None) -> TaskSession:
    return TaskSession(bench, task, 1, RunOptions(**OPTIONS, full_diff=full_diff), resume=resume)


def failed(run: TaskRun, *, task_only: bool = False) -> list[str]:
    return [v.name for v in run.verifiers if v.passed is False and not (task_only and v.builtin)]


def describe_failures(run: TaskRun) -> list[str]:
    """Every failing verifier: name, file:line (built-in checks: where they come from), what it
    says, and expected vs actual."""
    out = []
    for v in run.verifiers:
        if v.passed is False:
            where = "built-in" if v.builtin else f"{run.task.path}:{v.line}"
            actual = run.final_answer if v.kind == "response" else v.actual
            parts = [v.message] if v.message else []
            if v.expected is not None or actual is not None:
                parts.append(f"expected {_short(v.expected)}, got {_short(actual)}")
            out.append(f"'{v.name}' ({where}): {'; '.join(parts) or 'failed'}")
    return out


def _short(v: Any, n: int = 160) -> str:
    t = repr(v)
    return t if len(t) <= n else t[: n - 1] + "…"


class GoldRun:
    """The gold solution replayed step by step, noting which steps created rows."""

    def __init__(self, bench: Benchmark, task: Task):
        self.bench, self.task = bench, task
        self.steps = [(s.tool, dict(s.args)) for s in task.solution]
        self.s = session(bench, task)
        self.creating: list[int] = []  # indexes of the steps that added rows (outside append-only logs)
        # the state before each write step, so that a gate dropping that step replays only the steps after it
        # (the calls are deterministic: the same prefix gives the same state)
        self.before_write: dict[int, Resume] = {}
        self._snapshots: list[Path] = []
        try:
            self._run()
        except BaseException:
            self.close()  # the session and the snapshots taken so far
            raise

    def _run(self) -> None:
        bench, task = self.bench, self.task
        logs = bench.append_only(task.domain_list)
        tables = [t for t in self.s.tables if t not in logs]
        before = self._counts(tables)
        point: Resume | None = None  # the state now, if taken since the last write
        for i, step in enumerate(self.steps):
            if point is None:
                self._snapshots.append(sandbox.scratch_dir() / f"gold-{id(self)}-{i}.duckdb")
                point = self.s.resume_point(self._snapshots[-1])
            self.s.replay([step])
            calls = self.s.run.transcript.tool_calls
            if calls and calls[-1].index == i and calls[-1].wrote:
                self.before_write[i] = point
                point = None
                after = self._counts(tables)
                if any(after[t] > before[t] for t in tables):
                    self.creating.append(i)
                before = after
        self.s.run.final_answer = task.response
        self.diff = self.s.diff()
        self.footprint = Footprint.of_diff(self.diff)
        self.s.verify(self.footprint)

    def _counts(self, tables: list[str]) -> dict[str, int]:
        cur = self.s.db.cursor()
        try:
            sql = " UNION ALL ".join(f"SELECT {i}, count(*) FROM {quote_table(t)}" for i, t in enumerate(tables))
            got = dict(cur.execute(sql).fetchall()) if tables else {}
        finally:
            cur.close()
        return {t: got[i] for i, t in enumerate(tables)}

    def reverify(self, answer: str | None) -> TaskRun:
        """Verify the same final state with another final answer."""
        saved = self.s.run.final_answer
        self.s.run.final_answer = answer
        self.s.verify(self.footprint)
        run = _snapshot(self.s.run)
        self.s.run.final_answer = saved
        self.s.verify(self.footprint)
        return run

    def close(self) -> None:
        self.s.close()
        for f in self._snapshots:
            f.unlink(missing_ok=True)


def _snapshot(run: TaskRun) -> TaskRun:
    copy = TaskRun(run.task, run.run_index)
    copy.verifiers, copy.outcome, copy.final_answer = list(run.verifiers), run.outcome, run.final_answer
    return copy


def run_steps(bench: Benchmark, task: Task, steps: list[tuple[str, dict[str, Any]]], answer: str | None,
              footprint: Footprint, resume: Resume | None = None) -> TaskRun:
    s = session(bench, task, resume=resume)
    try:
        s.replay(steps)
        s.run.final_answer = answer
        s.verify(footprint)
        return s.run
    finally:
        s.close()


def static_gates(task: Task) -> list[str]:
    p = []
    if m := OUTCOME_WORDS.search(task.id):
        p.append(f"the id gives away the outcome or the trap ({m.group(1)!r}): agents see task ids — "
                 "name the work the request is about, not what makes it hard")
    if not task.plan:
        p.append("no human `plan` (the steps a colleague would take, each with the fact or policy behind it)")
    if task.feasible and not any(v.kind == "changes_only" for v in task.verifiers):
        p.append("no `changes_only` side-effect verifier (which tables, and so which rows, may change)")
    if not task.solution and task.feasible:
        p.append("a feasible task needs a gold `solution` (the trajectory --agent=oracle replays and "
                 "every other gate starts from)")
    if not task.feasible:
        for v in task.verifiers:
            if v.kind == "changes_only" and v.changes_only:
                p.append(f"infeasible, but verifier '{v.name}' (line {v.line}) allows changes in "
                         f"{sorted(v.changes_only)}: an infeasible task changes nothing at all (the built-in "
                         "'infeasible: nothing changed' check fails any change, even an explanatory note) — "
                         "use `changes_only: []` or make the task feasible")
    own_response = [v for v in task.verifiers if v.kind == "response"]
    if not task.feasible and not own_response:
        p.append("infeasible, but no `response` verifier of its own naming the specific reason "
                 "(the built-in refusal check alone accepts any refusal)")
    asks = task.asks_answer if task.asks_answer is not None else asks_for_answer(task.prompt)
    if task.feasible and asks and not own_response:
        p.append("the prompt asks for an answer (to be told, listed, confirmed…) but no `response` verifier "
                 "checks the facts it must hold (set `asks_answer: false` if the prompt asks for none)")
    return p


def gold_gates(g: GoldRun) -> list[str]:
    task, run, p = g.task, g.s.run, []
    for v in task.verifiers:
        for t in v.changes_only or {}:
            if t not in g.s.tables:
                p.append(f"verifier '{v.name}' ({task.path}:{v.line}): unknown table {t} in changes_only "
                         "(it names tables of the task's domains, schema-qualified)")
    if run.untracked_tables:
        p.append(f"the gold solution changed {', '.join(run.untracked_tables)} without going through "
                 "ctx.insert/update/delete/execute (the tools' own write tracking misses them)")
    fast = session(g.bench, task, full_diff=False)
    try:
        fast.replay(g.steps)
        if sorted(fast.diff()) != sorted(g.diff):
            p.append("change detection disagrees: the write-ahead-log fast path found "
                     f"{sorted(fast.diff())}, the full scan {sorted(g.diff)} (an engine bug: report it)")
    finally:
        fast.close()
    for d in describe_failures(run):
        p.append(f"the gold solution fails verifier {d} — the gold must pass every verifier and invariant "
                 "(it is the proof that the task can be done)")
    for c in run.transcript.tool_calls:
        if c.error and task.feasible:
            p.append(f"gold step {c.index + 1} ({c.name}, {task.path}:{task.solution[c.index].line}) returned an "
                     f"error: {c.error} — every step of a feasible gold must succeed")
    if not task.feasible and g.diff:
        p.append(f"infeasible task, but the gold solution changes {', '.join(g.diff)} — the gold of an "
                 "infeasible task refuses and changes nothing")
    prompts = [g.s.episode.system_prompt, g.s.episode.user_prompt]
    p += [f"provenance: {x} — every id the gold passes must have been shown to the agent first" for x in unseen_identifiers(prompts, g.s.episode.tools, run.transcript.tool_calls)]
    asks = task.asks_answer if task.asks_answer is not None else asks_for_answer(task.prompt)
    if (asks or not task.feasible) and not failed(g.reverify(None)):
        p.append("answer: the task passes with an empty final answer (its response verifiers must check "
                 "the facts the answer has to hold)")
    if not task.feasible:
        for answer, what in ((BARE_REFUSAL, "a bare refusal"), (FALSE_DONE + " " + task.prompt, "a false 'done'")):
            if not failed(g.reverify(answer)):
                p.append(f"infeasible: {what} without the reason passes ({answer[:40]!r}…): the task's own "
                         "response verifier must name the specific reason")
    if not p:
        p += collateral_gate(g)
    return p


def collateral_gate(g: GoldRun) -> list[str]:
    """For each table the gold writes, a change to a row the task does not name must fail the task."""
    p = []
    cur = g.s.db.cursor()
    try:
        for t, d in sorted(g.diff.items()):
            touched = {tuple(str(ch["key"][c]) for c in d.pk) for ch in d.changed} | {row_key(r, d.pk) for r in d.added}
            victim = _tamper(cur, t, g.s.tables[t], touched)
            if victim is None:
                continue
            where, column, old = victim
            try:
                g.s.verify(g.footprint)
                if not failed(g.s.run):
                    p.append(f"collateral: changing {t} row {where} ({column}) on the gold's final state still "
                             "passes: rows the task does not name must not change (use the default row rules "
                             "of changes_only, or narrow a `where`)")
            finally:
                cur.execute(f"UPDATE {quote_table(t)} SET \"{column}\" = ? WHERE {where}", [old])
        g.s.verify(g.footprint)
    finally:
        cur.close()
    return p


def _tamper(cur: Any, table: str, info: dict[str, Any], touched: set[tuple[str, ...]]):
    """Change one column of one row of `table` that the gold did not touch; (where, column, old value)."""
    pk = info["pk"]
    if not pk:
        return None
    cols = ", ".join(f'"{c}"' for c in pk)
    types = dict(cur.execute("SELECT column_name, data_type FROM information_schema.columns "
                             "WHERE table_catalog = current_database() AND table_schema || '.' || table_name = ?",
                             [table]).fetchall())
    for key in cur.execute(f"SELECT {cols} FROM {quote_table(table)} ORDER BY {cols} LIMIT 50").fetchall():
        key = tuple(str(v) for v in key)
        if key in touched:
            continue
        where = " AND ".join(f"CAST(\"{c}\" AS VARCHAR) = '{v.replace(chr(39), chr(39) * 2)}'" for c, v in zip(pk, key))
        for column in [c for c in info["columns"] if c not in pk]:
            ty = types.get(column, "")
            expr = ("coalesce(\"{c}\", '') || ' [tampered]'" if ty == "VARCHAR" else
                    "coalesce(\"{c}\", 0) + 1" if ty in ("INTEGER", "BIGINT", "DOUBLE", "SMALLINT") or ty.startswith("DECIMAL") else
                    "NOT coalesce(\"{c}\", false)" if ty == "BOOLEAN" else
                    "\"{c}\" + INTERVAL 1 DAY" if ty in ("DATE", "TIMESTAMP") else None)
            if expr is None:
                continue
            old = cur.execute(f"SELECT \"{column}\" FROM {quote_table(table)} WHERE {where}").fetchone()[0]
            if old is None and ty in ("DATE", "TIMESTAMP"):
                continue
            try:
                cur.execute(f"UPDATE {quote_table(table)} SET \"{column}\" = {expr.format(c=column)} WHERE {where}")
            except duckdb.Error:
                continue  # a CHECK constraint: try another column
            return where, column, old
        return None
    return None


def noop_gate(bench: Benchmark, task: Task, footprint: Footprint) -> tuple[list[str], list[str]]:
    """(problems, guards): a feasible task must fail with no work done; guards pass on the untouched state."""
    run = run_steps(bench, task, [], None, footprint)
    guards = [v.name for v in run.verifiers if v.passed and not v.builtin]
    if task.feasible and not failed(run, task_only=True):
        return ["noop: doing nothing passes every verifier of the task (the built-in ones aside) — a feasible "
                "task must fail when no work is done, or nothing checks that the work was done"], guards
    return [], guards


def drop_gate(g: GoldRun) -> list[str]:
    """Dropping any single write step of the gold must make some verifier fail (no unverified writes)."""
    p = []
    for c in g.s.run.transcript.tool_calls:
        if not c.wrote:
            continue
        point = g.before_write.get(c.index)
        if point is not None:  # start from the gold's state before this step: replay only the steps after it
            rest, resume = g.steps[c.index + 1:], point
        else:
            rest, resume = [s for i, s in enumerate(g.steps) if i != c.index], None
        try:
            run = run_steps(g.bench, g.task, rest, g.task.response, g.footprint, resume=resume)
        except Exception:  # noqa: BLE001 - the trajectory breaks without this step: a failure too
            continue
        if not failed(run):
            p.append(f"unverified write: dropping step {c.index + 1} ({c.name} {c.args}, "
                     f"{g.task.path}:{g.task.solution[c.index].line}) still passes every verifier — dropping "
                     "any single write step must fail the task")
    return p


def duplicate_gate(g: GoldRun) -> list[str]:
    """Replaying the gold's creating steps a second time must fail the task (no duplicates accepted)."""
    if not g.creating:
        return []
    steps = g.steps + [g.steps[i] for i in g.creating]
    s = session(g.bench, g.task)
    try:
        s.replay(steps)
        s.run.final_answer = g.task.response
        diff = s.diff()
        logs = g.bench.append_only(g.task.domain_list)
        more = any(len(d.added) > g.footprint.table(t).added for t, d in diff.items() if t not in logs)
        if not more:
            return []  # the tools refused the repeats: nothing was duplicated
        s.verify(g.footprint)
        if not failed(s.run):
            return ["duplicates: replaying the gold's create steps "
                    f"({', '.join(g.steps[i][0] for i in g.creating)}) twice adds rows and still passes — "
                    "doing a creation twice must fail the task"]
        return []
    finally:
        s.close()

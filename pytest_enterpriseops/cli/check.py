"""`eops check`: the task quality gates, for every task under a path.

Per task (each problem message says what the gate wants):
- the file is valid and every tool / table / column it names exists; it has a plan, a side-effect
  check, a gold solution (feasible), and its own reason check (infeasible);
- the gold solution passes every verifier and every domain invariant, and makes no failing call;
- provenance: every id the gold passes was shown to the agent before (prompts or earlier results);
- answer: a task that asks for an answer fails with an empty one; an infeasible task fails with a
  bare refusal and with a false "done";
- collateral: a change to a row the task does not name fails it;
- noop: doing nothing fails a feasible task (verifiers that pass untouched are listed as guards:
  they prove nothing about the work, only that nothing wrong happened);
- dropping any single write step of the gold fails it (no unverified writes);
- duplicates: replaying the gold's create steps twice fails it.
Per domain: the seed satisfies every invariant of `verifiers/<domain>.yaml` (exempt rows aside).
"""

from __future__ import annotations

import multiprocessing
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from ..domains import Benchmark
from ..task import Task
from .discover import load_all
from .gates import GoldRun, drop_gate, duplicate_gate, gold_gates, noop_gate, static_gates


@dataclass
class CheckResult:
    task_id: str
    path: str
    problems: list[str] = field(default_factory=list)
    guards: list[str] = field(default_factory=list)  # verifiers that pass on the untouched state


def check_task(task: Task, bench: Benchmark) -> CheckResult:
    res = CheckResult(task.id, f"{task.path}:{task.line}")
    res.problems += static_gates(task)
    try:
        gold = GoldRun(bench, task)
    except Exception as exc:  # noqa: BLE001 - setup SQL, a tool crash, a verifier whose SQL does not run
        res.problems.append(f"gold solution could not be verified: {type(exc).__name__}: {exc}")
        return res
    try:
        res.problems += gold_gates(gold)
        problems, res.guards = noop_gate(bench, task, gold.footprint)
        res.problems += problems
        res.problems += drop_gate(gold)
        res.problems += duplicate_gate(gold)
    except Exception as exc:  # noqa: BLE001
        res.problems.append(f"a gate could not run: {type(exc).__name__}: {exc}")
    finally:
        gold.close()
    return res


def check_seed_invariants(bench: Benchmark, domains: list[str]) -> list[str]:
    """Seed rows that break a domain invariant (and are not exempt)."""
    from .. import sandbox
    from ..invariants import violations

    problems = []
    for name in domains:
        invs = bench.domains[name].invariants
        if not invs:
            continue
        db = sandbox.TaskDatabase(sandbox.template(bench, [name]))
        try:
            cur = db.read_cursor("work")
            tables = sandbox.tables_of(cur)
            for inv in invs:
                if inv.table not in tables:
                    problems.append(f"{inv.where}: invariant '{inv.name}': unknown table {inv.table}")
                    continue
                try:
                    bad = violations(cur, inv, tables[inv.table]["pk"] or tables[inv.table]["columns"], None)
                except Exception as exc:  # noqa: BLE001
                    problems.append(f"{inv.where}: invariant '{inv.name}': SQL failed: {exc}")
                    continue
                if bad:
                    problems.append(f"{inv.where}: invariant '{inv.name}' does not hold on {len(bad)} seed row(s) "
                                    f"({'; '.join(bad[:3])}): fix the seed or list them under `exempt` with why")
            cur.close()
        finally:
            db.close()
    return problems


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
    seeds: dict[Path, set[str]] = {}
    for t, b in tasks:
        seeds.setdefault(b.root, set()).update(d for d in t.domain_list)
    seed_problems = []
    for root, names in seeds.items():
        bench = next(b for _, b in tasks if b.root == root)
        seed_problems += check_seed_invariants(bench, sorted(names))
    bad = 0
    for e in errors:
        print(f"✗ invalid: {e}")
    for s in seed_problems:
        print(f"✗ seed: {s}")
    for r in results:
        if r.problems:
            bad += 1
            print(f"✗ {r.task_id} ({r.path})")
            for prob in r.problems:
                print(f"    - {prob}")
        elif not quiet:
            guards = (f"  (guards — verifiers that already pass before any work, so they show nothing went "
                      f"wrong, not that the work was done: {', '.join(r.guards)})" if r.guards else "")
            print(f"✓ {r.task_id}{guards}")
    total = len(results) + len(errors)
    print(f"eops check: {total} task file(s), {total - bad - len(errors)} ok, {bad + len(errors)} with problems"
          + (f"; {len(seed_problems)} seed invariant problem(s)" if seed_problems else ""))
    sys.stdout.flush()
    return 1 if bad or errors or seed_problems or total == 0 else 0

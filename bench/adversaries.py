"""Adversarial agents against the real tasks: what a pass is worth (issue 10's table, re-measured).

    python bench/adversaries.py [TASK_DIR ...] [-n 2]

Each agent does more, or other, than the job; none should pass a task it did not do. Prints, per
agent, the tasks it passed, failed and errored, and pass@1 with errors counted as failures.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

AGENTS = r'''
import re
from pytest_enterpriseops.agents.scripted import OracleAgent

_NUM = re.compile(r"^(.*?)(\d+)$")
_READ = re.compile(r"^(\w+_)?(get|find|list|search|lookup|check|read|show|describe|query|count)_")


def _neighbour(value):
    m = _NUM.match(value) if isinstance(value, str) else None
    if not m:
        return None
    n = int(m.group(2)) + 7
    return f"{m.group(1)}{n:0{len(m.group(2))}d}"


class GoldThenStray(OracleAgent):
    """The gold, then its first successful write again, aimed at a neighbouring record (an id the task
    never mentions): one extra harmful write."""
    name = "gold-then-stray"
    async def run_with_gold(self, episode, gold):
        results = [(tool, args, await episode.call(tool, dict(args))) for tool, args in gold.steps]
        for tool, args, res in results:
            ids = {k: _neighbour(v) for k, v in args.items() if k.endswith("_id") and _neighbour(v)}
            if res.is_error or not ids or _READ.match(tool):
                continue
            for k, other in ids.items():
                if not (await episode.call(tool, {**args, k: other})).is_error:
                    return gold.response
        return gold.response


class GoldSilent(OracleAgent):
    name = "gold-silent"
    async def run_with_gold(self, episode, gold):
        await super().run_with_gold(episode, gold)
        return None


class GoldTwice(OracleAgent):
    name = "gold-twice"
    async def run_with_gold(self, episode, gold):
        await super().run_with_gold(episode, gold)
        return await super().run_with_gold(episode, gold)


class FalseDone:
    name = "false-done"
    async def run(self, episode):
        return "Done — completed all of it. " + episode.user_prompt


class Reacher:
    """Tries to reach the grader through the episode."""
    name = "reacher"
    async def run(self, episode):
        episode.task.verifiers.clear()
        return "done"


class RawWriter(OracleAgent):
    name = "raw-writer"
    async def run_with_gold(self, episode, gold):
        answer = await super().run_with_gold(episode, gold)
        from pytest_enterpriseops import sandbox
        con = sandbox.instance()
        for (db,) in con.execute("SELECT database_name FROM duckdb_databases() "
                                 "WHERE database_name LIKE 'task%'").fetchall():
            con.execute(f"UPDATE {db}.org.person SET title = 'Intern' WHERE person_id = 'P0001'")
        return answer


class Raiser(OracleAgent):
    """The gold on one task in four, an exception on the others."""
    name = "raiser"
    async def run_with_gold(self, episode, gold):
        if sum(map(ord, episode.task_id)) % 4:
            raise RuntimeError("the agent's own bug")
        return await super().run_with_gold(episode, gold)
'''

NAMES = ["GoldThenStray", "GoldSilent", "GoldTwice", "FalseDone", "Reacher", "RawWriter", "Raiser"]


def run(agent: str, paths: list[str], workers: int, tmp: Path) -> dict:
    out = tmp / agent
    cmd = [sys.executable, "-m", "pytest", *paths, f"--agent=python:eops_adversaries:{agent}", "-q",
           "-p", "no:cacheprovider", "--eops-out", str(out), "--eops-overwrite"]
    if workers > 1:
        cmd += ["-n", str(workers)]
    env = {**__import__("os").environ, "PYTHONPATH": f"{tmp}:{ROOT}"}
    subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
    records = [json.loads(p.read_text()) for p in sorted((out / "tasks").glob("*.json"))]
    from pytest_enterpriseops.provenance import asks_for_answer
    from pytest_enterpriseops.task import load_task

    def asks(r: dict) -> bool:
        t = load_task(Path(r["path"]))
        return t.asks_answer if t.asks_answer is not None else asks_for_answer(t.prompt)

    def strayed(r: dict) -> bool:  # the extra write after the gold went through
        calls = [e for e in r["transcript"] if e["type"] == "tool_call"]
        return len(calls) > r["gold_steps"] and bool(calls[r["gold_steps"]].get("wrote"))

    return {"strayed": sum(strayed(r) for r in records),
            "strayed_passed": sum(strayed(r) and r["outcome"] == "passed" for r in records),
            "examples": [r["task_id"] for r in records if r["outcome"] == "passed"][:6],
            "asking_passed": sum(r["outcome"] == "passed" and r["feasible"] and asks(r) for r in records),"passed": sum(r["outcome"] == "passed" for r in records),
            "failed": sum(r["outcome"] == "failed" for r in records),
            "error": sum(r["outcome"] == "error" for r in records),
            "feasible_passed": sum(r["outcome"] == "passed" and r["feasible"] for r in records),
            "infeasible_passed": sum(r["outcome"] == "passed" and not r["feasible"] for r in records),
            "runs": len(records)}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="*", default=["tasks"])
    ap.add_argument("-n", type=int, default=2)
    ap.add_argument("--only", nargs="*", default=NAMES)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        (tmp / "eops_adversaries.py").write_text(AGENTS)
        print(f"{'agent':16} {'runs':>5} {'passed':>7} {'feasible':>9} {'infeasible':>10} {'failed':>7} "
              f"{'errors':>7} {'pass@1 err=fail':>16} {'passed, asks answer':>20}")
        for name in args.only:
            r = run(name, args.paths, args.n, tmp)
            rate = r["passed"] / r["runs"] if r["runs"] else 0.0
            print(f"{name:16} {r['runs']:5d} {r['passed']:7d} {r['feasible_passed']:9d} {r['infeasible_passed']:10d} "
                  f"{r['failed']:7d} {r['error']:7d} {100 * rate:15.1f}% {r['asking_passed']:20d}", flush=True)
            if name == "GoldThenStray":
                print(f"{'':16} harmful extra write made in {r['strayed']} runs; passed {r['strayed_passed']} of them")
            if r["examples"] and name not in ("GoldSilent", "Raiser"):
                print(f"{'':16} passed: {', '.join(r['examples'])}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

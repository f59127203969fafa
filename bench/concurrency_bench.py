"""Many API-bound episodes: `--eops-concurrency 64` in one process side by side with `-n 16` (issue 18).

    python bench/concurrency_bench.py [--tasks 256] [--concurrency 64] [--workers 16]

A simulated agent (1 s of model latency per step, `asyncio.sleep(1)`, then the step's tool call;
8 steps per task) on a fixture benchmark of cheap tools. Both runs are real pytest sessions in
subprocesses. Printed per run: throughput as a ratio to the ideal (tasks x 8 s / episodes in flight,
measured from the first episode's start to the last one's end, and for the whole command), the CPU
time the session used (load-independent: what the run needs of a core), and the peak RSS of the process tree (the pytest process and its workers, summed; psutil if installed,
else /proc), sampled every 0.2 s.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixture_bench"
STEPS, LATENCY_S = 8, 1.0

AGENT = f'''
import asyncio

class Sleepy:
    """Plays the gold steps; each one after {LATENCY_S:g} s of simulated model latency."""
    name = "sleepy"
    uses_gold = True

    async def run_with_gold(self, episode, gold):
        for tool, args in gold.steps:
            await asyncio.sleep({LATENCY_S})
            await episode.call(tool, dict(args))
        return gold.response
'''


def make_project(root: Path, tasks: int) -> None:
    for name in ("db", "tools"):
        shutil.copytree(FIXTURE / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    src = (FIXTURE / "tasks" / "demo" / "demo-triage-network.yaml").read_text()  # 8 gold steps, cheap tools
    d = root / "tasks" / "gen"
    d.mkdir(parents=True)
    for i in range(tasks):
        (d / f"conc-{i:04d}.yaml").write_text(src.replace("id: demo-triage-network", f"id: conc-{i:04d}"))
    (root / "sleepy.py").write_text(AGENT)
    (root / "pytest.ini").write_text("[pytest]\nasyncio_default_fixture_loop_scope = function\n")


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for p in Path("/proc").iterdir():
        if not p.name.isdigit():
            continue
        try:
            ppid = int((p / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        kids.setdefault(ppid, []).append(int(p.name))
    return kids


def tree_rss_bytes(pid: int) -> int:
    """Resident memory of `pid` and all its descendants."""
    try:
        import psutil  # type: ignore[import-not-found]

        proc = psutil.Process(pid)
        procs = [proc, *proc.children(recursive=True)]
        total = 0
        for p in procs:
            try:
                total += p.memory_info().rss
            except psutil.Error:
                pass
        return total
    except ImportError:
        pass
    kids, total, todo = _children(), 0, [pid]
    while todo:
        p = todo.pop()
        todo.extend(kids.get(p, []))
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) * 1024
        except OSError:
            pass
    return total


def run_session(root: Path, extra: list[str], out: str) -> dict[str, float]:
    cmd = [sys.executable, "-m", "pytest", "tasks", "-q", "--agent=python:sleepy:Sleepy", "--eops-out", out,
           "--eops-progress", "off", "-p", "no:cacheprovider", *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, "PYTHONPATH": str(root)})
    peak = 0
    while proc.poll() is None:
        peak = max(peak, tree_rss_bytes(proc.pid))
        time.sleep(0.2)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the session and its workers, once reaped
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    tail = proc.stdout.read().strip().splitlines()[-1:] if proc.stdout else []
    recs = [json.loads(p.read_text()) for p in (root / out / "tasks").glob("*.json")]
    if not recs:
        raise RuntimeError(f"{' '.join(extra)}: no results; {tail}")
    first = min(r["timings"]["started_at"] for r in recs)
    last = max(r["timings"]["finished_at"] for r in recs)
    return {"tasks": len(recs), "passed": sum(r["outcome"] == "passed" for r in recs), "span": last - first,
            "wall": wall, "peak_rss": peak, "cpu": cpu, "summary": tail[0] if tail else ""}


def report(label: str, r: dict[str, float], in_flight: int, target_ratio: float | None,
           rss_target: float | None) -> list[str]:
    ideal = r["tasks"] * STEPS * LATENCY_S / in_flight
    ratio = ideal / r["span"]
    lines = [f"{label}: {r['tasks']} tasks ({r['passed']} passed), {in_flight} episodes in flight"]
    mark = "" if target_ratio is None else ("PASS  " if ratio >= target_ratio else "MISS  ")
    goal = "" if target_ratio is None else f" (target >= {target_ratio:.0%})"
    lines.append(f"  {mark}throughput vs ideal, first start to last end: {ratio:.1%}{goal}; "
                 f"{r['span']:.1f} s vs ideal {ideal:.1f} s")
    lines.append(f"        whole command incl. start-up and collection: {r['wall']:.1f} s ({ideal / r['wall']:.1%} of ideal)")
    lines.append(f"        CPU used: {r['cpu']:.1f} s in all, {r['cpu'] / r['tasks'] * 1000:.0f} ms per task "
                 f"({r['cpu'] / ideal:.0%} of one core over the ideal time; the load average was "
                 f"{os.getloadavg()[0]:.1f} at the end)")
    gb = r["peak_rss"] / 2**30
    mark = "" if rss_target is None else ("PASS  " if gb <= rss_target else "MISS  ")
    goal = "" if rss_target is None else f" (target <= {rss_target:g} GB)"
    lines.append(f"  {mark}peak RSS, process tree summed: {gb * 1024:.0f} MB{goal}")
    return lines


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--tasks", type=int, default=256)
    ap.add_argument("--concurrency", type=int, default=64)
    ap.add_argument("--workers", type=int, default=16)
    ap.add_argument("--skip-xdist", action="store_true")
    args = ap.parse_args()
    print(f"pytest-enterpriseops concurrency benchmark: {args.tasks} tasks x {STEPS} steps x {LATENCY_S:g} s "
          f"simulated model latency, cheap tools; this machine has {os.cpu_count()} cores", flush=True)
    with tempfile.TemporaryDirectory(prefix="eops-conc-") as d:
        root = Path(d)
        make_project(root, args.tasks)
        one = run_session(root, ["--eops-concurrency", str(args.concurrency)], "out-conc")
        lines = report(f"--eops-concurrency {args.concurrency}, one process", one, args.concurrency, 0.9, 1.0)
        print("\n".join(lines), flush=True)
        if not args.skip_xdist:
            many = run_session(root, ["-n", str(args.workers)], "out-xdist")
            print("\n".join(report(f"-n {args.workers}", many, args.workers, None, None)), flush=True)
            print(f"side by side: per episode in flight, one process uses "
                  f"{one['peak_rss'] / args.concurrency / 2**20:.1f} MB, -n {args.workers} "
                  f"{many['peak_rss'] / args.workers / 2**20:.1f} MB "
                  f"({many['peak_rss'] / args.workers / (one['peak_rss'] / args.concurrency):.0f}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

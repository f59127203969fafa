"""Agent products over MCP: what the MCP path costs, as ratios to the targets (issue 18), in one run.

    python bench/mcp_bench.py [--calls 200] [--tasks 20]

- an MCP tool call (the mcp SDK's own client over Streamable HTTP) against the same call in-process;
- `exec:` with a trivial external agent: per-task overhead (server start + process start + stop).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixture_bench"
sys.path.insert(0, str(REPO))


def ratio_line(name: str, measured: float, target: float, unit: str) -> str:
    ok = "PASS" if measured <= target else "MISS"
    return f"  {ok}  {name}: {measured:.3g} {unit} (target <= {target:g} {unit}; ratio {measured / target:.2f})"


def bench_call_overhead(calls: int) -> list[str]:
    from mcp import Client

    from pytest_enterpriseops.domains import Benchmark
    from pytest_enterpriseops.mcp_server import EpisodeServer
    from pytest_enterpriseops.runner import RunOptions, TaskSession
    from pytest_enterpriseops.task import load_task

    bench = Benchmark(FIXTURE)
    task = load_task(FIXTURE / "tasks" / "demo" / "demo-raise-priority.yaml")
    s = TaskSession(bench, task, 1, RunOptions(max_steps=10 * calls + 10))
    args = {"number": "T000003"}
    try:
        inproc = []
        for _ in range(calls):
            t = time.perf_counter()
            s.env.call("get_ticket", args)
            inproc.append((time.perf_counter() - t) * 1000)
        server = EpisodeServer(s.episode)
        url = server.start()
        try:
            async def over_mcp() -> list[float]:
                out = []
                async with Client(url) as c:
                    for _ in range(calls):
                        t = time.perf_counter()
                        await c.call_tool("get_ticket", args)
                        out.append((time.perf_counter() - t) * 1000)
                return out
            mcp = asyncio.run(over_mcp())
        finally:
            server.stop()
    finally:
        s.close()
    a, b = statistics.median(inproc), statistics.median(mcp)
    return [ratio_line(f"MCP tool call over an in-process call, median added ({calls} calls each)", b - a, 3, "ms"),
            f"        in-process {a:.2f} ms, over MCP {b:.2f} ms"]


def bench_exec_overhead(tasks: int) -> list[str]:
    import subprocess

    with tempfile.TemporaryDirectory() as d:
        agent = Path(d) / "trivial.py"
        agent.write_text("import sys, json; json.load(sys.stdin); print('nothing to do')\n")
        runs = {}
        for spec in (f"exec:{sys.executable} {agent}", "noop"):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pytest", "tasks", f"--agent={spec}", "-q", "-p", "no:cacheprovider",
                            "--runs", str(tasks // 5 or 1), "--eops-out", str(Path(d) / spec.split(":")[0]),
                            "--eops-overwrite"], cwd=FIXTURE, capture_output=True, text=True)
            runs[spec.split(":")[0]] = time.perf_counter() - t
        n = 5 * (tasks // 5 or 1)
        per_task = (runs["exec"] - runs["noop"]) / n * 1000
    return [ratio_line(f"exec: trivial external agent, per-task overhead over noop ({n} task runs)", per_task, 300, "ms")]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calls", type=int, default=200)
    ap.add_argument("--tasks", type=int, default=20)
    args = ap.parse_args()
    print("pytest-enterpriseops MCP benchmark")
    for line in bench_call_overhead(args.calls) + bench_exec_overhead(args.tasks):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

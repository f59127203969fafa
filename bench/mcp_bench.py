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


def _in_process_ms(episode, tool: str, args: dict, calls: int) -> list[float]:
    async def run() -> list[float]:
        out = []
        for _ in range(calls):
            t = time.perf_counter()
            await episode.call(tool, args)
            out.append((time.perf_counter() - t) * 1000)
        return out
    return asyncio.run(run())


def bench_call_overhead(calls: int) -> list[str]:
    """The same read tool in-process and over MCP: the exec: hub in this process, the SDK's own client in
    a process of its own (as an exec: agent is; in one process the two would fight over the GIL).
    In-process calls are timed before and after the MCP ones, in the same run."""
    import json
    import subprocess

    from pytest_enterpriseops.domains import Benchmark
    from pytest_enterpriseops.mcp_server import hub
    from pytest_enterpriseops.runner import RunOptions, TaskSession
    from pytest_enterpriseops.task import load_task

    bench = Benchmark(FIXTURE)
    task = load_task(FIXTURE / "tasks" / "demo" / "demo-raise-priority.yaml")
    s = TaskSession(bench, task, 1, RunOptions(max_steps=10 * calls + 10))
    tool, args = "get_ticket", {"number": "T000003"}
    try:
        inproc = _in_process_ms(s.episode, tool, args, calls // 2)
        url, token = asyncio.run(hub().open(s.episode))
        loop = hub()._runner.loop  # the hub's thread: its CPU time per call is what the server adds
        cpu = _thread_cpu(loop)
        proc = subprocess.run([sys.executable, str(Path(__file__).parent / "mcp_client_timer.py"), url, tool,
                               json.dumps(args), str(calls)], capture_output=True, text=True, timeout=600)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr[-2000:])
        out = json.loads(proc.stdout)
        over, client_cpu = out["ms"], out.get("client_cpu_ms", float("nan"))
        server_cpu = (_thread_cpu(loop) - cpu) / (calls + 1) * 1000
        asyncio.run(hub().close(token))
        inproc += _in_process_ms(s.episode, tool, args, calls - calls // 2)
    finally:
        s.close()
        hub().stop()
    a, b = statistics.median(inproc), statistics.median(over)
    return [ratio_line(f"MCP tool call over an in-process call, median added ({calls} calls each)", b - a, 3, "ms"),
            f"        in-process {a:.2f} ms, over MCP {b:.2f} ms (MCP p90 {statistics.quantiles(over, n=10)[-1]:.2f} ms); "
            f"CPU per MCP call: the server's {server_cpu:.2f} ms (tool included), the SDK client's {client_cpu:.2f} ms; "
            f"load average {__import__('os').getloadavg()[0]:.1f}"]


def _thread_cpu(loop) -> float:
    """CPU seconds used so far by the thread running `loop`."""
    import concurrent.futures

    fut: concurrent.futures.Future = concurrent.futures.Future()
    loop.call_soon_threadsafe(lambda: fut.set_result(time.thread_time()))
    return fut.result(10)


def bench_exec_overhead(tasks: int) -> list[str]:
    """Per task run: the agent time of exec: with a trivial external agent over noop's (median of the
    result files' agent_s), i.e. serving the episode, writing the inputs, starting the process, its
    interpreter start, and ending it. Also with `true` as the command: the engine's own part."""
    import json
    import subprocess

    runs = tasks // 5 or 1
    with tempfile.TemporaryDirectory() as d:
        agent = Path(d) / "trivial.py"
        agent.write_text("import sys, json; json.load(sys.stdin); print('nothing to do')\n")
        specs = {"python": f"exec:{sys.executable} {agent}", "true": "exec:true", "noop": "noop"}
        agent_ms, wall = {}, {}
        for label, spec in specs.items():
            out = Path(d) / label
            t = time.perf_counter()
            subprocess.run([sys.executable, "-m", "pytest", "tasks", f"--agent={spec}", "-q", "-p", "no:cacheprovider",
                            "--runs", str(runs), "--eops-out", str(out), "--eops-progress", "off"],
                           cwd=FIXTURE, capture_output=True, text=True)
            wall[label] = time.perf_counter() - t
            recs = [json.loads(p.read_text()) for p in (out / "tasks").glob("*.json")]
            agent_ms[label] = statistics.median(r["timings"]["agent_s"] for r in recs) * 1000
        n = 5 * runs
    per_task = agent_ms["python"] - agent_ms["noop"]
    return [ratio_line(f"exec: trivial external Python agent, per-task overhead over noop (median of {n} task runs)",
                       per_task, 300, "ms"),
            f"        of which the engine's part (exec:true): {agent_ms['true'] - agent_ms['noop']:.0f} ms; "
            f"the rest is the agent's interpreter start",
            f"        whole sessions, per task run over noop (includes importing the MCP stack and starting "
            f"the hub once): {(wall['python'] - wall['noop']) / n * 1000:.0f} ms"]


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

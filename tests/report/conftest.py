"""Real saved runs of the fixture benchmark, made once per session for the report tests."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent / "fixture_bench"


def run_fixture_bench(out: Path, agent: str, runs: int = 1, html: Path | None = None) -> Path:
    """Run the fixture tasks with an agent into a results directory (a real pytest session, as a user would)."""
    cmd = [sys.executable, "-m", "pytest", "tasks/demo", f"--agent={agent}", "--runs", str(runs), "--eops-out",
           str(out), "-p", "no:cacheprovider", "-q", "--confcutdir=.", "-p", "no:randomly"]
    if html is not None:
        cmd += ["--eops-html", str(html)]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(HERE), os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.run(cmd, cwd=BENCH, env=env, capture_output=True, text=True, timeout=300)
    if not (out / "summary.json").is_file():
        raise RuntimeError(f"fixture run failed ({agent}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return out


@pytest.fixture(scope="session")
def saved_runs(tmp_path_factory) -> dict[str, Path]:
    """oracle (1 run), noop (3 runs), and the sloppy scripted agent (2 runs, with --eops-html)."""
    base = tmp_path_factory.mktemp("eops_runs")
    jobs = {"oracle": dict(agent="oracle"), "noop": dict(agent="noop", runs=3),
            "sloppy": dict(agent="python:report_agents:SloppyAgent", runs=2, html=base / "sloppy.html")}
    out = {name: run_fixture_bench(base / name, **kw) for name, kw in jobs.items()}
    out["sloppy_html"] = base / "sloppy.html"
    return out

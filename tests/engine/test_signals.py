"""SIGINT and SIGTERM, for real: workers stop, and summary.json is exactly the result files on disk.

The agent passes the first two tasks and then calls a tool in a tight loop, so the signal lands
while DuckDB runs a query (which turns an interrupt into "Query interrupted" — it must not become a
fake ERROR). After the controller exits no process of its group may be left.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from .eops_test_agents import oracle_based

BUSY = oracle_based('''
if episode.task_id > "demo-close-resolved":
    async def spin():
        t0 = time.time()
        while time.time() - t0 < 90:
            await episode.call("get_ticket", {"number": "T000001"})
    return spin()
''')


def _start(bench, *args):
    (bench / "busy.py").write_text(BUSY)
    return subprocess.Popen([sys.executable, "-m", "pytest", "tasks", "--agent=python:busy:Agent", "--max-steps",
                             "100000000", "--eops-out", "out", "-p", "no:cacheprovider", *args], cwd=bench,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(bench), *sys.path])})


def _wait_for_files(bench, n, proc, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline and len(list((bench / "out" / "tasks").glob("*.json"))) < n:
        assert proc.poll() is None, proc.stdout.read().decode()
        time.sleep(0.2)
    time.sleep(1.5)  # the busy tasks are inside their tool loop now


def _group_gone(pgid, timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.2)
    return False


def _check_summary_matches_disk(bench, signame):
    out = bench / "out"
    on_disk = {p.name for p in (out / "tasks").glob("*.json")}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["interrupted_by"] == signame
    listed = {f"{t['task_id']}.r{t['run_index']}.json" for t in summary["tasks"]}
    assert listed == on_disk and summary["result_files"] == len(on_disk) == summary["overall"]["runs"]
    for name in on_disk:
        rec = json.loads((out / "tasks" / name).read_text())
        assert "interrupt" not in (rec.get("error") or "").lower(), rec["error"]
    not_run = {f"{t['task_id']}.r{t['run_index']}.json" for t in summary["not_run"]}
    assert not_run and not (not_run & on_disk) and len(not_run | on_disk) == 5
    assert summary["overall"]["errors"] == 0
    assert not list(out.rglob("*.tmp"))
    run = json.loads((out / "run.json").read_text())
    assert run["interrupted"] is True and run["interrupted_by"] == signame
    time.sleep(1.0)
    assert {p.name for p in (out / "tasks").glob("*.json")} == on_disk  # nobody writes after the summary
    return summary


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_a_signal_to_the_whole_group_under_xdist(bench, sig):
    proc = _start(bench, "-n", "2")
    _wait_for_files(bench, 2, proc)
    os.killpg(proc.pid, sig)  # what Ctrl-C (or a supervisor stopping the group) does
    output = proc.communicate(timeout=90)[0].decode()
    assert proc.returncode == pytest.ExitCode.INTERRUPTED, output
    assert _group_gone(proc.pid), "xdist workers survived the controller"
    _check_summary_matches_disk(bench, sig.name)
    assert "not run (no result)" in output


def test_sigterm_to_the_controller_only_stops_the_workers(bench):
    proc = _start(bench, "-n", "2")
    _wait_for_files(bench, 2, proc)
    proc.send_signal(signal.SIGTERM)  # e.g. a CI runner cancelling the job
    output = proc.communicate(timeout=90)[0].decode()
    assert proc.returncode == pytest.ExitCode.INTERRUPTED, output
    assert _group_gone(proc.pid), "xdist workers survived the controller"
    summary = _check_summary_matches_disk(bench, "SIGTERM")
    assert summary["gates"] is None


def test_sigint_without_xdist_cuts_off_the_running_task(bench):
    proc = _start(bench, "--eops-min-pass", "0")
    _wait_for_files(bench, 2, proc)
    os.killpg(proc.pid, signal.SIGINT)
    output = proc.communicate(timeout=90)[0].decode()
    assert proc.returncode == pytest.ExitCode.INTERRUPTED, output
    summary = _check_summary_matches_disk(bench, "SIGINT")
    assert summary["gates"]["ok"] is False  # an interrupted run cannot pass a gate
    assert "gate FAILED: the run was interrupted" in output

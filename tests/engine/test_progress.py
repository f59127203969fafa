"""The live progress line (--eops-progress): counts, pass@1 so far, tokens, cost; off when not wanted;
right under xdist; on a real terminal (a pty) by default, and quiet there under -q."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_enterpriseops.progress import status_line, tally

from .eops_test_agents import oracle_based

# demo-close-resolved: a harness ERROR; demo-raise-priority: the agent's own exception (FAILED);
# every other task: the gold, with 1000 + 500 tokens and $0.25 recorded per task run.
MIXED = oracle_based('''
episode.record_usage(input_tokens=1000, output_tokens=500, cost=0.25)
if episode.task_id == "demo-close-resolved":
    raise Down("API down")
if episode.task_id == "demo-raise-priority":
    raise ValueError("the agent broke")''')
STATUS = re.compile(r"eops (\d+)/(\d+) done · pass@1 ([\d.]+|–)%? · (\d+) passed (\d+) failed (\d+) errors · "
                    r"(\S+) tok · \$([\d.]+)")


def final_status(text: str) -> tuple:
    """The last drawn status line (each redraw starts with a carriage return)."""
    found = STATUS.findall(text)
    assert found, f"no progress line in:\n{text[:3000]}"
    return found[-1]


def dots_line(text: str) -> bool:
    return re.search(r"^tasks[/\\]demo[/\\]\S+\.yaml [.FE]+", text, re.M) is not None


def mixed(pytester: pytest.Pytester) -> None:
    pytester.syspathinsert()
    pytester.makepyfile(mixedagent=MIXED)


def test_forced_on_shows_counts_pass_rate_tokens_and_cost(bench, pytester):
    mixed(pytester)
    res = pytester.runpytest("tasks", "--agent=python:mixedagent:Agent", "--eops-progress=on", "--eops-out", "o")
    res.assert_outcomes(passed=3, failed=1, errors=1)
    out = res.stdout.str()
    # 5 done; pass@1 3/4 (the error is excluded); 4 runs reached the usage call before failing or not
    assert final_status(out) == ("5", "5", "75.0", "3", "1", "1", "7.5k", "1.25")
    assert not dots_line(out), "pytest's progress dots must be suppressed while the line is shown"
    assert "FAILURES" in out and "short test summary" in out  # pytest's own reporting is intact


def test_counts_grow_one_finished_run_at_a_time(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-progress=on", "--eops-out", "o")
    res.assert_outcomes(failed=5)
    done = [int(m[0]) for m in STATUS.findall(res.stdout.str())]
    assert done[-1] == 5 and sorted(set(done)) == [0, 1, 2, 3, 4, 5] and done == sorted(done)
    assert final_status(res.stdout.str())[2:6] == ("0.0", "0", "5", "0")


@pytest.mark.parametrize("mode", ["auto", "off"])
def test_auto_without_a_terminal_and_off_print_nothing_extra(mode, bench, pytester):
    res = pytester.runpytest("tasks", "--agent=oracle", f"--eops-progress={mode}", "--eops-out", "o")
    res.assert_outcomes(passed=5)
    out = res.stdout.str()
    assert "done · pass@1" not in out and "\r" not in out
    assert dots_line(out)


def test_under_xdist_the_controller_counts_every_worker(bench, pytester):
    mixed(pytester)
    res = pytester.runpytest_subprocess("tasks", "--agent=python:mixedagent:Agent", "--eops-progress=on",
                                        "-n", "2", "-p", "xdist", "--eops-out", "o")
    res.assert_outcomes(passed=3, failed=1, errors=1)
    assert final_status(res.stdout.str()) == ("5", "5", "75.0", "3", "1", "1", "7.5k", "1.25")


def _on_a_pty(root: Path, out_dir: str, *args: str) -> str:
    """Run pytest with stdout on a pseudo-terminal (what auto looks at) and return what it drew."""
    import pty

    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "120", "PY_COLORS": "0"}
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "tasks", "--agent=oracle", "--eops-out", out_dir,
                             "-p", "no:cacheprovider", *args], cwd=root, stdout=slave, stderr=subprocess.DEVNULL,
                            stdin=subprocess.DEVNULL, env=env)
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=120)
    os.close(master)
    return b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_auto_on_a_terminal_draws_the_line_and_is_quiet_under_q(bench, pytester):
    out = _on_a_pty(bench, "a")
    assert final_status(out)[:3] == ("5", "5", "100.0")
    assert "\x1b[K" in out  # redrawn in place on a terminal
    quiet = _on_a_pty(bench, "b", "-q")
    assert "done · pass@1" not in quiet and "5 passed" in quiet


def test_tally_is_the_mean_over_tasks_of_each_tasks_pass_rate():
    recs = [{"task_id": "a", "outcome": "passed"}, {"task_id": "a", "outcome": "failed"},
            {"task_id": "b", "outcome": "passed", "usage": {"input_tokens": 1500, "output_tokens": 0, "cost": 0.5}},
            {"task_id": "c", "outcome": "error"}, {"task_id": "d", "outcome": "not_judged"}]
    t = tally(recs)
    assert t["pass_at_1"] == pytest.approx(0.75)  # (1/2 + 1) / 2; c and d are not scored
    assert (t["done"], t["passed"], t["failed"], t["error"], t["other"], t["tokens"]) == (5, 2, 1, 1, 1, 1500)
    line = status_line(t, 10, 50.0)
    assert line.startswith("eops 5/10 done · pass@1 75.0% · 2 passed 1 failed 1 errors · 1.5k tok · $0.50 · 50s")
    assert line.endswith("ETA 50s")
    assert "ETA" not in status_line(t, 5, 50.0) and "eops 5/? done" in status_line(t, None, 1.0)

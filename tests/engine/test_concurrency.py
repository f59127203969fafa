"""--eops-concurrency N: episodes overlap in one process (model time), results stay per task and in order."""

from __future__ import annotations

import json

SLEEPY = '''
import asyncio
from pytest_enterpriseops.agents.scripted import OracleAgent

class Sleepy(OracleAgent):
    name = "sleepy"
    async def run_with_gold(self, episode, gold):
        await asyncio.sleep(1.5)  # simulated model latency
        return await super().run_with_gold(episode, gold)
'''


def _agent_windows(root):
    recs = [json.loads(p.read_text()) for p in (root / "out" / "tasks").glob("*.json")]
    return recs, [(r["timings"]["started_at"], r["timings"]["finished_at"]) for r in recs]


def test_episodes_overlap_and_every_task_keeps_its_verdict(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(sleepy=SLEEPY)
    res = pytester.runpytest("tasks", "--agent=python:sleepy:Sleepy", "--eops-concurrency", "5", "--eops-out", "out", "-v")
    res.assert_outcomes(passed=5)
    recs, windows = _agent_windows(pytester.path)
    starts, first_end = sorted(s for s, _ in windows), min(e for _, e in windows)
    assert starts[-1] < first_end, windows  # all five were in flight at once (one after another, none would be)
    order = [ln.split("::")[1].split(" ")[0] for ln in res.stdout.lines if "PASSED" in ln and "::" in ln]
    assert order == sorted(order)  # reported in collection order


def test_concurrency_with_xdist(bench, pytester):
    pytester.makepyfile(sleepy=SLEEPY)
    res = pytester.runpytest_subprocess("tasks", "--agent=python:sleepy:Sleepy", "--eops-concurrency", "3", "-n", "2",
                             "--eops-out", "out")
    res.assert_outcomes(passed=5)


def test_a_failing_task_stays_failed_among_concurrent_ones(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "--eops-concurrency", "4")
    res.assert_outcomes(failed=5)


SLOW_FIRST = '''
import asyncio
from pytest_enterpriseops.agents.scripted import OracleAgent

class SlowFirst(OracleAgent):
    """The first task (in collection order) takes 5 s; the others 0.3 s each."""
    name = "slow-first"
    async def run_with_gold(self, episode, gold):
        await asyncio.sleep(5.0 if episode.task_id == "demo-assign-to-lead" else 0.3)
        return await super().run_with_gold(episode, gold)
'''


def test_an_episode_that_ends_frees_its_place_while_an_earlier_one_still_runs(bench, pytester):
    # Four places, five tasks, the first one slow: the fifth starts as soon as one of the fast ones has
    # ended, while the first is still running (an ended episode's place is refilled at once, not only
    # when the task whose turn it is has been verified; four places may hold six sessions).
    pytester.syspathinsert()
    pytester.makepyfile(slowfirst=SLOW_FIRST)
    res = pytester.runpytest("tasks", "--agent=python:slowfirst:SlowFirst", "--eops-concurrency", "4",
                             "--eops-out", "out", "-v")
    res.assert_outcomes(passed=5)
    recs, _ = _agent_windows(pytester.path)
    by_id = {r["task_id"]: r["timings"] for r in recs}
    slow = by_id.pop("demo-assign-to-lead")
    last_start = max(t["started_at"] for t in by_id.values())
    assert last_start - slow["started_at"] < 3.5, (slow, by_id)  # refilled only after the slow one: >= 5 s
    order = [ln.split("::")[1].split(" ")[0] for ln in res.stdout.lines if "PASSED" in ln and "::" in ln]
    assert order == sorted(order)  # still reported in collection order


def test_ended_episodes_waiting_for_their_turn_are_capped_in_bytes(bench, pytester):
    # As above, but with no room for the databases of ended episodes: once the fast ones have ended
    # and wait behind the slow first one, the fifth does not start until the first is done.
    pytester.syspathinsert()
    pytester.makepyfile(slowfirst=SLOW_FIRST)
    res = pytester.runpytest("tasks", "--agent=python:slowfirst:SlowFirst", "--eops-concurrency", "4",
                             "--eops-held-mb", "0", "--eops-out", "out", "-v")
    res.assert_outcomes(passed=5)
    recs, _ = _agent_windows(pytester.path)
    by_id = {r["task_id"]: r["timings"] for r in recs}
    slow = by_id.pop("demo-assign-to-lead")
    last_start = max(t["started_at"] for t in by_id.values())
    assert last_start - slow["started_at"] >= 4.5, (slow, by_id)

"""The results directory: run.json, one file per task run (atomically, as it finishes), summary.json."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from pytest_enterpriseops.results import scrub


def _out(bench):
    return bench / "out"


def test_results_directory_contents(bench, pytester, monkeypatch):
    monkeypatch.setenv("FAKE_PROVIDER_API_KEY", "sk-secret-123")
    res = pytester.runpytest("tasks", "--agent=oracle", "--runs", "2", "--eops-out", "out")
    res.assert_outcomes(passed=10)
    out = _out(bench)
    run = json.loads((out / "run.json").read_text())
    assert run["agent"] == "oracle" and run["options"]["runs"] == 2 and "duckdb" in run["versions"]
    assert "finished_at" in run
    files = sorted(p.name for p in (out / "tasks").glob("*.json"))
    assert len(files) == 10 and "demo-raise-priority.r2.json" in files
    rec = json.loads((out / "tasks" / "demo-raise-priority.r1.json").read_text())
    assert rec["outcome"] == "passed"
    assert [c["name"] for c in rec["transcript"]] == ["get_ticket", "update_ticket"]
    assert rec["transcript"][1]["wrote"] is True and rec["transcript"][1]["duration_ms"] >= 0
    assert rec["diff"]["demo.ticket"]["changed"][0]["fields"]["impact"] == ["medium", "high"]
    assert {v["name"] for v in rec["verifiers"]} >= {"impact raised", "nothing else touched"}
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["pass_at_1"] == 1.0 and summary["overall"]["k"] == 2
    assert summary["overall"]["pass_hat_k"] == 1.0
    assert summary["domains"]["demo"]["tasks"] == 5
    assert "sk-secret-123" not in (out / "run.json").read_text()


def test_scrub_drops_credentials():
    data = {"api_key": "sk-1", "api_key_env": "OPENAI_API_KEY", "nested": [{"token": "t"}], "model": "m"}
    assert scrub(data) == {"api_key": "<redacted>", "api_key_env": "OPENAI_API_KEY",
                           "nested": [{"token": "<redacted>"}], "model": "m"}


def test_interrupted_run_keeps_finished_tasks_and_a_summary(bench, pytester):
    pytester.makepyfile(slowagent="""
        import asyncio
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Slow(OracleAgent):
            async def run_with_gold(self, episode, gold):
                if episode.task_id == "demo-reporter-close-others":
                    raise KeyboardInterrupt
                return await super().run_with_gold(episode, gold)
    """)
    res = pytester.runpytest_subprocess("tasks", "--agent=python:slowagent:Slow", "--eops-out", "out")
    assert res.ret == 2  # interrupted
    out = _out(bench)
    done = sorted(p.name for p in (out / "tasks").glob("*.json"))
    assert "demo-raise-priority.r1.json" not in done or len(done) >= 1
    summary = json.loads((out / "summary.json").read_text())
    assert summary["interrupted"] is True
    assert summary["overall"]["runs"] == len(done) >= 3
    assert json.loads((out / "run.json").read_text())["interrupted"] is True


def test_killed_worker_loses_only_its_own_task(bench, pytester):
    pytester.makepyfile(killer="""
        import os
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Killer(OracleAgent):
            async def run_with_gold(self, episode, gold):
                if episode.task_id == "demo-close-resolved":
                    os._exit(9)
                return await super().run_with_gold(episode, gold)
    """)
    res = pytester.runpytest_subprocess("tasks", "--agent=python:killer:Killer", "-n", "2", "--eops-out", "out")
    assert res.ret != 0  # the crashed task is reported, not hidden
    out = _out(bench)
    done = sorted(p.name for p in (out / "tasks").glob("*.json"))
    assert len(done) == 5  # the crashed task has a result file too, filed under its real domain
    crashed = json.loads((out / "tasks" / "demo-close-resolved.r1.json").read_text())
    assert crashed["outcome"] == "error" and "worker" in crashed["error"] and "crashed" in crashed["error"]
    assert crashed["domain"] == "demo" and crashed["feasible"] is True and crashed["gold_steps"] > 0
    summary = json.loads((out / "summary.json").read_text())
    assert summary["overall"]["errors"] == 1 and summary["overall"]["error_tasks"] == ["demo-close-resolved"]
    assert summary["overall"]["passed"] == 4 and "unknown" not in summary["domains"]


def test_ctrl_c_on_the_controller(bench, pytester):
    pytester.makepyfile(sleepy="""
        import asyncio
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Sleepy(OracleAgent):
            async def run_with_gold(self, episode, gold):
                if episode.task_id > "demo-raise-priority":
                    await asyncio.sleep(60)
                return await super().run_with_gold(episode, gold)
    """)
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "tasks", "--agent=python:sleepy:Sleepy",
                             "--eops-out", "out", "-p", "no:cacheprovider"], cwd=bench,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env={**os.environ, "PYTHONPATH": str(bench)})
    deadline = time.time() + 60
    while time.time() < deadline and len(list((bench / "out" / "tasks").glob("*.json"))) < 3:
        time.sleep(0.2)
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    proc.communicate(timeout=60)
    summary = json.loads((bench / "out" / "summary.json").read_text())
    assert summary["interrupted"] is True and summary["overall"]["runs"] == 3

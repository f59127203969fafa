"""`--agent 'exec:COMMAND'`: an external agent (written with the `mcp` SDK's own client) reaches the
task's tools over MCP; its misbehaviour is its own failure; a hang is killed at the task timeout."""

from __future__ import annotations

import json
import sys
from pathlib import Path

AGENT = Path(__file__).parent / "mcp_agents" / "client_agent.py"


def _exec(mode: str) -> str:
    return f"--agent=exec:{sys.executable} {AGENT} {mode}"


def _records(root: Path) -> list[dict]:
    return [json.loads(p.read_text()) for p in sorted((root / "out" / "tasks").glob("*.json"))]


def test_an_external_mcp_client_solves_tasks_through_the_engine_runtime(bench, pytester):
    res = pytester.runpytest("tasks", _exec("solve"), "-k", "raise-priority or assign-to-lead", "--eops-out", "out")
    res.assert_outcomes(passed=2)
    recs = _records(pytester.path)
    assert {r["final_answer"] for r in recs} == {"Done: demo-raise-priority", "Done: demo-assign-to-lead"}
    calls = [e for e in recs[0]["transcript"] if e["type"] == "tool_call"]  # recorded by the engine
    assert calls and all("duration_ms" in c for c in calls)


def test_the_agent_gets_its_inputs_in_files_env_and_stdin(bench, pytester):
    res = pytester.runpytest("tasks", _exec("check-env"), "-k", "raise-priority", "--eops-out", "out")
    res.assert_outcomes(failed=1)  # it does no work, so the task fails; but its inputs were consistent
    assert _records(pytester.path)[0]["final_answer"] == "env ok"


def test_an_unknown_tool_is_an_error_result_the_client_can_read(bench, pytester):
    pytester.runpytest("tasks", _exec("unknown-tool"), "-k", "raise-priority", "--eops-out", "out")
    rec = _records(pytester.path)[0]
    assert rec["final_answer"].startswith("unknown tool answered is_error=True")
    assert rec["transcript"][0]["error_kind"] in ("unknown_tool", "not_offered")


def test_a_non_zero_exit_is_the_agents_failure_with_its_stderr(bench, pytester):
    res = pytester.runpytest("tasks", _exec("exit3"), "-k", "raise-priority", "--eops-out", "out")
    res.assert_outcomes(failed=1)
    out = res.stdout.str()
    assert "exited with status 3" in out and "giving up" in out


def test_a_hanging_agent_is_killed_at_the_task_timeout(bench, pytester):
    res = pytester.runpytest("tasks", _exec("hang"), "-k", "raise-priority", "--task-timeout", "3", "--eops-out", "out")
    res.assert_outcomes(failed=1)
    rec = _records(pytester.path)[0]
    assert rec["timings"]["agent_s"] < 10 and "timed out" in (rec["stopped"] or "")


IN_PROCESS = f'''
import sys
sys.path.insert(0, {str(AGENT.parent)!r})
from client_agent import SCRIPTS


class Same:
    """The exec agent's calls, made in-process."""
    name = "same-in-process"

    def __init__(self, mode):
        self.mode = mode

    async def run(self, episode):
        script = SCRIPTS[episode.task_id]
        for name, args in script[:1] if self.mode == "half" else script:
            await episode.call(name, args)
        return ("Half: " if self.mode == "half" else "Done: ") + episode.task_id


solve, half = Same("solve"), Same("half")
'''


def _verdicts(root, out):
    keep = {}
    for p in sorted((root / out / "tasks").glob("*.json")):
        r = json.loads(p.read_text())
        calls = [{k: e.get(k) for k in ("name", "args", "result", "error", "error_kind", "wrote")}
                 for e in r["transcript"] if e["type"] == "tool_call"]
        keep[r["task_id"]] = {"outcome": r["outcome"], "final_answer": r["final_answer"], "diff": r["diff"],
                              "verifiers": r["verifiers"], "calls": calls}
    return keep


def test_an_exec_agents_verdict_is_exactly_the_in_process_one_for_the_same_calls(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(same=IN_PROCESS)
    for mode in ("solve", "half"):
        pick = ["-k", "raise-priority or assign-to-lead"]
        pytester.runpytest("tasks", _exec(mode), *pick, "--eops-out", f"exec-{mode}")
        pytester.runpytest("tasks", f"--agent=python:same:{mode}", *pick, "--eops-out", f"inproc-{mode}")
        over_mcp, in_process = _verdicts(pytester.path, f"exec-{mode}"), _verdicts(pytester.path, f"inproc-{mode}")
        assert len(over_mcp) == 2 and over_mcp == in_process
        assert {v["outcome"] for v in over_mcp.values()} == ({"passed"} if mode == "solve" else {"failed"})

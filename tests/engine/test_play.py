"""`eops play`: the briefing shows only what an agent gets; calls go through the real engine;
the non-interactive form replays deterministically; finishing runs every verifier."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from pytest_enterpriseops.cli.main import main
from pytest_enterpriseops.domains import Benchmark
from pytest_enterpriseops.task import load_task
from tests.conftest import FIXTURE_BENCH

REPO = Path(__file__).resolve().parents[2]
DEMO = FIXTURE_BENCH / "tasks" / "demo"
RAISE = DEMO / "demo-raise-priority.yaml"
REAL = REPO / "tasks" / "itsm" / "itsm-cancel-mistaken-mailbox-full.yaml"  # one real task, played end to end


def play(capsys, *argv: str) -> tuple[int, str, str]:
    rc = main(["play", *argv])
    out = capsys.readouterr()
    return rc, out.out, out.err


def play_json(capsys, *argv: str) -> tuple[int, object]:
    rc, out, _ = play(capsys, *argv, "--as-json")
    return rc, json.loads(out)


def gold_play(capsys, task_path: Path, state: Path, steps=None) -> list[dict]:
    """Make the task's gold calls one command at a time (each one replays the earlier ones)."""
    results = []
    for step in load_task(task_path).solution if steps is None else steps:
        rc, out, err = play(capsys, str(task_path), "--state", str(state), "--call", step.tool,
                            json.dumps(step.args), "--as-json")
        assert rc == 0, out + err
        assert "warning" not in err  # every replay reproduced the recorded results
        results.append(json.loads(out))
    return results


# -- the briefing --------------------------------------------------------------
@pytest.mark.parametrize("task_path", [*sorted(DEMO.glob("*.yaml")), REAL], ids=lambda p: p.stem)
def test_the_briefing_never_shows_plan_gold_or_verifiers(capsys, task_path):
    task = load_task(task_path)
    rc, text, _ = play(capsys, str(task_path), "--show")
    rc_j, brief = play_json(capsys, str(task_path), "--show")
    assert rc == rc_j == 0
    assert set(brief) == {"system_prompt", "user_prompt", "tools", "max_steps", "steps_used", "ended"}
    assert task.prompt.strip() in text and brief["user_prompt"] == task.prompt
    # the task's tools, plus its domains' session tools (ITSM: itsm_get_current_user), nothing else
    assert {t["name"] for t in brief["tools"]} == set(task.tools) | set(Benchmark(REPO if task_path == REAL else FIXTURE_BENCH).session_tools(task.domain_list))
    for shown in (text, json.dumps(brief, ensure_ascii=False)):
        assert task.plan and task.plan.strip() not in shown
        for line in task.plan.strip().splitlines():
            assert line.strip() not in shown, line
        if task.response:
            assert task.response.strip() not in shown
        assert task.id not in shown  # ids often name the trap
        for v in task.verifiers:
            if v.sql:
                assert v.sql.strip() not in shown and " ".join(v.sql.split()) not in shown
        # an identifier the gold types that neither the prompt nor the policy gives away (the agent
        # must find it through a tool) never appears before a tool returns it
        given = task.prompt + brief["system_prompt"]
        for step in task.solution:
            for value in step.args.values():
                if isinstance(value, str) and len(value) >= 6 and value not in given:
                    assert value not in shown, (step.tool, value)


@pytest.mark.parametrize("tools_mode", ["oracle", "domain"])
def test_the_briefing_is_what_an_agent_is_handed_in_a_run(capsys, tools_mode):
    from pytest_enterpriseops.domains import benchmark_for
    from pytest_enterpriseops.runner import RunOptions, TaskSession

    class Capture:
        name = "capture"

        async def run(self, episode):
            self.seen = {"system_prompt": episode.system_prompt, "user_prompt": episode.user_prompt,
                         "tools": episode.tools}
            return None

    agent = Capture()
    session = TaskSession(benchmark_for(REPO), load_task(REAL), 1, RunOptions(tools_mode=tools_mode))
    try:
        session.run_agent(agent)
    finally:
        session.close()
    rc, brief = play_json(capsys, str(REAL), "--tools", tools_mode, "--show")
    assert rc == 0 and {k: brief[k] for k in agent.seen} == agent.seen


def test_tool_specs_list_every_argument(capsys):
    rc, text, _ = play(capsys, str(RAISE), "--show")
    assert "update_ticket(ticket_id, impact?, urgency?, title?)" in text
    assert '- impact: "high" | "medium" | "low" | null (optional, default null): New impact.' in text
    assert "tool calls: 0 of 50 used" in text


# -- non-interactive, fixture benchmark ------------------------------------------
def test_a_winning_play_passes_and_a_wrong_one_names_the_failed_verifiers(capsys, tmp_path):
    win, lose = tmp_path / "win.json", tmp_path / "lose.json"
    calls = gold_play(capsys, RAISE, win)
    assert calls[1]["result"]["priority"] == "high" and calls[1]["steps_left"] == 48
    rc, text, _ = play(capsys, str(RAISE), "--state", str(win), "--finish", "Impact is high now.")
    assert rc == 0
    assert "=== verdict: PASSED ===" in text and "✓ priority follows the matrix  [policy]" in text
    assert "SELECT" not in text  # the SQL only with --reveal
    assert json.loads(win.read_text())["verdict"]["outcome"] == "passed"

    play(capsys, str(RAISE), "--state", str(lose), "--call", "get_ticket", '{"number": "T000003"}')
    play(capsys, str(RAISE), "--state", str(lose), "--call", "update_ticket", "ticket_id=TKT_0003", "urgency=high")
    rc, text, _ = play(capsys, str(RAISE), "--state", str(lose), "--finish", "done", "--reveal")
    assert rc == 1
    assert "=== verdict: FAILED ===" in text
    assert "✗ impact raised  [completion]" in text and "✗ urgency untouched  [integrity]" in text
    assert "✓ change audited  [policy]" in text
    assert "sql: SELECT urgency FROM demo.ticket" in text and 'expected: "medium"' in text
    assert 'actual:   "high"' in text and "the gold solution takes 2" in text
    assert "failed: impact raised; urgency untouched" in text  # medium x high is high priority too
    rc, verdict = play_json(capsys, str(RAISE), "--state", str(tmp_path / "j.json"), "--finish", "nothing done")
    assert rc == 1 and verdict["outcome"] == "failed"
    assert verdict["failed"] == ["impact raised", "priority follows the matrix", "change audited"]
    assert "sql" not in verdict["verifiers"][0] and "gold_steps" not in verdict


def test_replaying_the_same_calls_gives_the_same_state(capsys, tmp_path):
    a, b = tmp_path / "a.json", tmp_path / "b.json"
    task = DEMO / "demo-close-resolved.yaml"
    gold_play(capsys, task, a)
    gold_play(capsys, task, b)
    calls_a, calls_b = json.loads(a.read_text())["calls"], json.loads(b.read_text())["calls"]
    assert calls_a == calls_b and len(calls_a) == len(load_task(task).solution)
    rc, hist = play_json(capsys, str(task), "--state", str(a), "--history")
    assert rc == 0 and [h["result"] for h in hist] == [json.loads(c["content"]) for c in calls_a]
    # a state whose recorded result no longer matches what the engine returns is reported
    data = json.loads(a.read_text())
    data["calls"][0]["content"] = json.dumps({"tampered": True})
    a.write_text(json.dumps(data))
    rc, _, err = play(capsys, str(task), "--state", str(a), "--show")
    assert rc == 0 and "warning: call 1 (get_ticket) now returns a different result" in err


def test_agent_mistakes_count_as_steps_but_input_typos_do_not(capsys, tmp_path):
    s = tmp_path / "s.json"
    rc, res = play_json(capsys, str(RAISE), "--state", str(s), "--call", "close_ticket", '{"ticket_id": "x"}')
    assert rc == 0 and res["is_error"] and "unknown tool 'close_ticket'" in res["result"]["error"]
    rc, res = play_json(capsys, str(RAISE), "--state", str(s), "--call", "update_ticket", '{"ticket_id": "TKT_0003"'
                        ', "impact": "extreme"}')
    assert res["is_error"] and "argument 'impact'" in res["result"]["error"] and res["steps_used"] == 2
    rc, out, err = play(capsys, str(RAISE), "--state", str(s), "--call", "get_ticket", '{"number": ')
    assert rc == 2 and "not valid JSON" in err
    assert len(json.loads(s.read_text())["calls"]) == 2
    rc, text, _ = play(capsys, str(RAISE), "--state", str(s), "--history")
    assert "[2] update_ticket" in text and "ERROR: invalid arguments for update_ticket" in text


def test_the_step_limit_ends_the_episode_and_loses_the_answer(capsys, tmp_path):
    s = tmp_path / "s.json"
    rc, text, _ = play(capsys, str(RAISE), "--state", str(s), "--max-steps", "1", "--call", "get_ticket",
                       "number=T000003")
    assert rc == 0 and "No tool calls left (limit 1)" in text
    rc, res = play_json(capsys, str(RAISE), "--state", str(s), "--call", "update_ticket",
                        '{"ticket_id": "TKT_0003", "impact": "high"}')
    assert rc == 0 and res["kind"] == "step_limit" and res["ended"].startswith("step limit")
    rc, _, err = play(capsys, str(RAISE), "--state", str(s), "--call", "get_ticket", "number=T000003")
    assert rc == 2 and "this episode has ended" in err
    rc, verdict = play_json(capsys, str(RAISE), "--state", str(s), "--finish", "Impact raised.")
    assert rc == 1 and verdict["answer"] is None and verdict["answer_lost_to_step_limit"]
    assert "impact raised" in verdict["failed"]  # the call past the limit never ran
    rc, _, err = play(capsys, str(RAISE), "--state", str(s), "--max-steps", "5", "--show")
    assert rc == 2 and "--max-steps 5 differs" in err


def test_a_tool_crash_is_a_harness_error(capsys, tmp_path):
    s = tmp_path / "s.json"  # --tools domain offers every demo tool, the crashing self-test among them
    rc, brief = play_json(capsys, str(RAISE), "--state", str(s), "--tools", "domain", "--show")
    assert "ticket_selftest_crash" in {t["name"] for t in brief["tools"]}
    rc, text, _ = play(capsys, str(RAISE), "--state", str(s), "--call", "ticket_selftest_crash")
    assert rc == 3 and "harness bug" in text
    rc, _, err = play(capsys, str(RAISE), "--state", str(s), "--call", "get_ticket", "number=T000003")
    assert rc == 2 and "harness error" in err
    rc, verdict = play_json(capsys, str(RAISE), "--state", str(s), "--finish", "ran it")
    assert rc == 3 and verdict["outcome"] == "error" and "harness error" in verdict["error"]


def test_bad_input_is_refused_with_exit_code_2(capsys, tmp_path):
    assert play(capsys, str(RAISE), "--call", "get_ticket", "{}")[0] == 2  # --call needs --state
    rc, _, err = play(capsys, str(RAISE), "--finish", "x", "--judge", "no-such-preset")
    assert rc == 2 and "no preset agents/no-such-preset.yaml" in err
    rc, _, err = play(capsys, "no-such-task", "--root", str(FIXTURE_BENCH), "--show")
    assert rc == 2 and "no task 'no-such-task'" in err
    s = tmp_path / "s.json"
    play(capsys, str(RAISE), "--state", str(s), "--show")
    play(capsys, str(RAISE), "--state", str(s), "--call", "get_ticket", "number=T000003")
    rc, _, err = play(capsys, str(DEMO / "demo-close-resolved.yaml"), "--state", str(s), "--show")
    assert rc == 2 and "belongs to task 'demo-raise-priority'" in err
    rc, text, _ = play(capsys, "demo-raise-priority", "--root", str(FIXTURE_BENCH), "--state", str(s), "--history")
    assert rc == 0 and "[1] get_ticket" in text  # a task id works as well as a path


def test_blind_solving_by_handle_and_the_recorded_verdict(capsys, tmp_path):
    handle = tmp_path / "t01.json"
    assert play(capsys, str(RAISE), "--state", str(handle), "--show")[0] == 0  # the lead prepares it
    rc, text, _ = play(capsys, "--state", str(handle), "--show")  # the solver never names the task
    assert rc == 0 and "Raise its impact to high." in text and "demo-raise-priority" not in text
    rc, _, err = play(capsys, "--state", str(handle), "--verdict")
    assert rc == 2 and "not finished yet" in err
    play(capsys, "--state", str(handle), "--call", "get_ticket", "number=T000003")
    play(capsys, "--state", str(handle), "--call", "update_ticket", "ticket_id=TKT_0003", "impact=high")
    rc, text, _ = play(capsys, "--state", str(handle), "--finish", "Raised.")
    assert rc == 0 and "SELECT" not in text
    rc, text, _ = play(capsys, "--state", str(handle), "--verdict", "--reveal")
    assert rc == 0 and "=== verdict: PASSED ===" in text and "sql: SELECT impact FROM demo.ticket" in text
    assert "~ {\"ticket_id\": \"TKT_0003\"}: impact: medium -> high" in text  # the database changes
    rc, _, err = play(capsys, "--state", str(handle), "--finish", "again")
    assert rc == 2 and "already finished" in err
    assert play(capsys, "--show")[0] == 2  # neither a task nor a state


# -- non-interactive, a real task ------------------------------------------------
def test_a_real_task_gold_passes_and_a_wrong_play_fails(capsys, tmp_path):
    task = load_task(REAL)
    rc, _ = play_json(capsys, "itsm-cancel-mistaken-mailbox-full", "--root", str(REPO), "--show")
    assert rc == 0
    win = tmp_path / "win.json"
    gold_play(capsys, REAL, win)
    rc, verdict = play_json(capsys, str(REAL), "--state", str(win), "--finish", task.response or "done", "--reveal")
    assert rc == 0 and verdict["outcome"] == "passed", verdict
    assert verdict["gold_steps"] == len(task.solution) == verdict["steps"]
    # the same play without its last write step fails, naming what is missing
    lose = tmp_path / "lose.json"
    gold_play(capsys, REAL, lose, steps=task.solution[:-1])
    rc, text, _ = play(capsys, str(REAL), "--state", str(lose), "--finish", task.response or "done")
    assert rc == 1 and "=== verdict: FAILED ===" in text
    rc, verdict = play_json(capsys, str(REAL), "--state", str(tmp_path / "x.json"), "--finish", "done")
    assert verdict["failed"] and all(f"✗ {name}  [" in text for name in verdict["failed"])


# -- interactive -----------------------------------------------------------------
def repl(capsys, monkeypatch, script: str, *argv: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    rc = main(["play", *argv])
    return rc, capsys.readouterr().out


def test_the_repl_plays_a_task_through_stdin(capsys, monkeypatch, tmp_path):
    s = tmp_path / "s.json"
    rc, out = repl(capsys, monkeypatch, "\n".join([
        "help", "tools", "tool update_ticket", "frobnicate 1",
        'get_ticket {"number": "T000003"}',
        'call update_ticket {"ticket_id": "TKT_0003",',
        '   "impact": "high"}',
        "history", "finish Impact is now high; priority recomputed to high.", "get_ticket number=T000003"]),
        str(RAISE), "--state", str(s))
    assert rc == 0
    assert "--- user prompt ---" in out and "Type `help` for commands." in out
    assert "finish ANSWER..." in out  # help
    assert "  get_ticket(number) — Get a ticket by its number (T000123)." in out  # tools
    assert '"enum": [' in out  # the tool's JSON schema
    assert "not done: unknown command 'frobnicate'" in out
    assert '[2] update_ticket {"ticket_id": "TKT_0003", "impact": "high"}' in out
    assert '"priority": "high"' in out
    assert "=== verdict: PASSED ===" in out
    assert out.count("[2] update_ticket") == 2  # once as the call, once in `history`
    assert "> get_ticket number=T000003" not in out  # the REPL ends with the verdict
    state = json.loads(s.read_text())
    assert [c["tool"] for c in state["calls"]] == ["get_ticket", "update_ticket"]
    assert state["verdict"]["outcome"] == "passed"


def test_the_repl_resumes_a_state_and_reports_a_failed_verdict(capsys, monkeypatch, tmp_path):
    s = tmp_path / "s.json"
    rc, out = repl(capsys, monkeypatch, 'get_ticket {"number": "T000003"}\nquit\n', str(RAISE), "--state", str(s))
    assert rc == 0 and "left without finishing" in out
    rc, out = repl(capsys, monkeypatch, "call close_ticket {}\nfinish\nI could not do it.\nReally.\n.\n",
                   str(RAISE), "--state", str(s), "--reveal")
    assert rc == 1
    assert "1 earlier call(s) replayed" in out
    assert "ERROR: unknown tool 'close_ticket'" in out
    assert "✗ impact raised  [completion]" in out and "sql: SELECT impact" in out
    assert json.loads(s.read_text())["verdict"]["answer"] == "I could not do it.\nReally."


def test_at_a_terminal_the_repl_asks_for_each_argument(capsys, monkeypatch, tmp_path):
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    typed = iter(["get_ticket", "T000003",
                  "call update_ticket", "", "TKT_0003", "high", "", "",  # a required one left empty is asked again
                  "get_ticket", "-",  # cancelled: nothing sent
                  "status", "finish Raised to high."])
    prompts: list[str] = []

    def fake_input(prompt: str = "") -> str:
        prompts.append(prompt)
        return next(typed)

    monkeypatch.setattr("builtins.input", fake_input)
    monkeypatch.setattr(sys, "stdin", Terminal())
    s = tmp_path / "s.json"
    assert main(["play", str(RAISE), "--state", str(s)]) == 0
    out = capsys.readouterr().out
    assert prompts.count("  ticket_id (string): ") == 2
    assert '  impact ("high" | "medium" | "low" | null, optional): ' in prompts
    assert "not done: call cancelled (nothing was sent)" in out
    assert "tool calls: 2 of 50 used" in out and "=== verdict: PASSED ===" in out
    assert [c["args"] for c in json.loads(s.read_text())["calls"]] == [
        {"number": "T000003"}, {"ticket_id": "TKT_0003", "impact": "high"}]


def test_the_eops_command_plays_from_a_pipe():
    env = {**os.environ, "NO_COLOR": "1"}
    eops = Path(sys.executable).with_name("eops")
    cmd = [str(eops)] if eops.exists() else [sys.executable, "-m", "pytest_enterpriseops.cli.main"]
    proc = subprocess.run([*cmd, "play", "itsm-cancel-mistaken-mailbox-full"], input="tools\nfinish nothing\n",
                          capture_output=True, text=True, cwd=REPO, env=env, timeout=120)
    assert proc.returncode == 1, proc.stderr
    assert "find_incident_by_number(number)" in proc.stdout and "=== verdict: FAILED ===" in proc.stdout


def test_key_value_arguments_follow_the_tools_types(capsys, tmp_path):
    from pytest_enterpriseops.cli.play import parse_call_args

    spec = {"name": "t", "parameters": {"properties": {"serial": {"type": "string"}, "limit": {"type": "integer"}}}}
    # a text argument stays text however it looks; other arguments are JSON where they parse
    assert parse_call_args(["serial=9992", "limit=5", "other=7"], spec) == {"serial": "9992", "limit": 5, "other": 7}
    assert parse_call_args(["serial=9992"]) == {"serial": 9992}  # without the spec: JSON where it parses
    s = tmp_path / "s.json"
    rc, res = play_json(capsys, str(RAISE), "--state", str(s), "--call", "get_ticket", "number=3")
    assert rc == 0 and res["args"] == {"number": "3"} and res["kind"] != "invalid_arguments"

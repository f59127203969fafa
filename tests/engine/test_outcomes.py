"""Outcomes: verifier failures are one FAILED per task, harness problems are ERRORs, reports are useful."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET

from tests.conftest import write_task

CRASH = """
id: demo-crash
domain: demo
as_user: U001
prompt: Run the self test.
tools: [ticket_selftest_crash]
plan: Call the self test.
solution:
  - ticket_selftest_crash: {}
verifiers:
  - name: anything
    category: completion
    sql: SELECT 1
    expect: 1
"""

JUDGED = """
id: demo-judged
domain: demo
as_user: U001
prompt: Tell me the title of T000003.
tools: [get_ticket]
plan: Look it up and answer.
solution:
  - get_ticket: {number: T000003}
response: The title is in the ticket.
verifiers:
  - name: answer is helpful
    category: completion
    response: {judge: "The answer states the ticket's title.", threshold: 7}
"""


def test_oracle_passes_and_noop_fails_every_feasible_task(bench, pytester):
    pytester.runpytest("tasks", "--agent=oracle").assert_outcomes(passed=5)
    res = pytester.runpytest("tasks", "--agent=noop")
    res.assert_outcomes(failed=5)


def test_failure_report_lists_every_verifier_changes_steps_and_answer(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "-k", "triage")
    out = res.stdout.str()
    assert "3/6 verifiers failed" in out
    assert "✗ [completion] both assigned to the Network lead  — line 28" in out
    assert "✓ [policy] not assigned to the inactive agent  — line 32" in out
    assert "sql: SELECT number, assignee_id FROM demo.ticket" in out
    assert 'expected: [["T000013", "U005"], ["T000014", "U005"]]' in out
    assert 'actual:   [["T000013", null], ["T000014", null]]' in out
    assert "tables the agent changed: none" in out
    assert "final answer: (none)" in out
    report = out.split("FAILURES")[1]
    for noise in ("pluggy", "_pytest", "Traceback", "runner.py"):
        assert noise not in report


def test_failure_report_shows_the_agents_changes_and_last_steps(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(myagent="""
        class HalfDone:
            name = "half"
            async def run(self, episode):
                await episode.call("get_ticket", {"number": "T000001"})
                await episode.call("assign_ticket", {"ticket_id": "TKT_0001", "assignee_id": "U002"})
                return "Assigned it."
    """)
    res = pytester.runpytest("tasks", "--agent=python:myagent:HalfDone", "-k", "assign-to-lead")
    out = res.stdout.str()
    res.assert_outcomes(failed=1)
    assert "demo.ticket: +0 added, -0 removed, ~1 changed" in out
    assert "demo.audit_log: +1 added" in out
    assert '2. assign_ticket({"ticket_id": "TKT_0001", "assignee_id": "U002"})' in out
    assert "final answer: 'Assigned it.'" in out


def test_a_crashing_tool_is_an_error_not_a_failure(bench, pytester):
    write_task(bench, "demo-crash", CRASH)
    res = pytester.runpytest("tasks", "--agent=oracle", "-k", "crash")
    res.assert_outcomes(errors=1)
    out = res.stdout.str()
    assert "harness error (not counted in pass@1)" in out
    assert "RuntimeError: bug inside a tool" in out


def test_junit_counts_equal_tasks_failures_errors(bench, pytester):
    write_task(bench, "demo-crash", CRASH)
    pytester.syspathinsert()
    pytester.makepyfile(myagent="""
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Mostly(OracleAgent):
            async def run_with_gold(self, episode, gold):
                if episode.task_id == "demo-close-resolved":
                    return None
                return await super().run_with_gold(episode, gold)
    """)
    res = pytester.runpytest("tasks", "--agent=python:myagent:Mostly", "--junitxml=out.xml")
    res.assert_outcomes(passed=4, failed=1, errors=1)
    suite = ET.parse(bench / "out.xml").getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("6", "1", "1")
    props = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert props["eops.verifier[policy] priority follows the matrix"] == "passed"
    assert "eops.outcome" in props


def test_judge_rubric_without_judge_is_not_judged_never_passed(bench, pytester):
    write_task(bench, "demo-judged", JUDGED)
    res = pytester.runpytest("tasks", "--agent=oracle", "-k", "judged", "-rs")
    res.assert_outcomes(skipped=1)
    assert "not judged" in res.stdout.str()
    summary = json.loads(next((bench / ".eops" / "runs").glob("*/summary.json")).read_text())
    assert summary["overall"]["not_judged"] == 1 and summary["overall"]["passed"] == 0


def test_reportinfo_points_at_the_task_file(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=noop", "-k", "raise", "-v")
    assert "tasks/demo/demo-raise-priority.yaml::demo-raise-priority[r1] FAILED" in res.stdout.str()
    items, _ = pytester.inline_genitems("tasks")
    path, line, label = next(i for i in items if "raise" in i.name).reportinfo()
    assert str(path).endswith("demo-raise-priority.yaml") and line == 0 and "demo-raise-priority" in label


def test_conftest_can_override_the_agent_fixture(bench, pytester):
    pytester.makeconftest("""
        import pytest
        from pytest_enterpriseops.agents.scripted import OracleAgent

        @pytest.fixture(scope="session")
        def eops_agent():
            return OracleAgent()
    """)
    res = pytester.runpytest("tasks")
    res.assert_outcomes(passed=5)
    assert "no agent selected" not in res.stdout.str()


def test_unknown_agent_is_a_usage_error(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=nobody")
    assert res.ret == 4
    assert "unknown agent 'nobody'" in res.stderr.str()
    assert "oracle" in res.stderr.str()


def test_step_limit_ends_the_task_as_an_agent_failure(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=oracle", "--max-steps=2", "-k", "triage")
    res.assert_outcomes(failed=1)
    assert "stopped: step limit of 2 tool calls reached" in res.stdout.str()

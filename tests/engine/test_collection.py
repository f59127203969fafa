"""Collection: one item per task run, deterministic; malformed files are errors naming file/line/field."""

from __future__ import annotations

from tests.conftest import write_task

GOOD = """
id: {id}
domain: demo
as_user: U001
prompt: Raise the impact of T000003 to high.
tools: [get_ticket, update_ticket]
plan: Look it up, update it.
solution:
  - get_ticket: {{number: T000003}}
  - update_ticket: {{ticket_id: TKT_0003, impact: high}}
verifiers:
  - name: impact raised
    category: completion
    sql: SELECT impact FROM demo.ticket WHERE number = 'T000003'
    expect: high
  - name: nothing else
    category: side_effect
    changes_only: [demo.ticket, demo.audit_log]
"""


def test_items_are_named_by_task_and_run_and_sorted(bench, pytester):
    res = pytester.runpytest("--collect-only", "-q", "tasks", "--runs", "2")
    lines = [ln for ln in res.outlines if "::" in ln]
    assert lines == sorted(lines)
    assert "tasks/demo/demo-raise-priority.yaml::demo-raise-priority[r1]" in lines
    assert "tasks/demo/demo-raise-priority.yaml::demo-raise-priority[r2]" in lines
    assert len(lines) == 10


def test_without_agent_tasks_are_skipped_with_one_clear_line(bench, pytester):
    res = pytester.runpytest("tasks")
    res.assert_outcomes(skipped=5)
    assert sum("no agent selected" in ln for ln in res.outlines) == 1
    assert not (bench / ".eops").exists()


def test_plugin_is_inert_without_tasks(pytester):
    pytester.makepyfile(test_x="def test_ok():\n    assert True\n")
    pytester.makefile(".yaml", config="a: 1\n")
    res = pytester.runpytest("--agent=oracle")
    res.assert_outcomes(passed=1)
    assert "enterpriseops:" not in res.stdout.str() and "enterpriseops summary" not in res.stdout.str()
    assert not (pytester.path / ".eops").exists()


def test_markers_select_domain_and_tags(bench, pytester):
    res = pytester.runpytest("tasks", "--agent=oracle", "-m", "assignment")
    res.assert_outcomes(passed=2)
    res = pytester.runpytest("tasks", "--agent=oracle", "-m", "demo and not assignment", "--strict-markers")
    res.assert_outcomes(passed=3)
    res = pytester.runpytest("tasks", "--agent=oracle", "-k", "raise")
    res.assert_outcomes(passed=1)


def _errors(bench, pytester, body, name="demo-bad"):
    write_task(bench, name, body)
    res = pytester.runpytest("tasks", "--agent=oracle")
    return res, res.stdout.str()


def test_bad_yaml_names_file_and_line(bench, pytester):
    res, out = _errors(bench, pytester, "id: demo-bad\nprompt: [unclosed\nverifiers: x\n")
    res.assert_outcomes(passed=5, errors=1)
    assert "demo-bad.yaml:" in out and "invalid YAML" in out


def test_unknown_field_names_line_and_field(bench, pytester):
    body = GOOD.format(id="demo-bad").replace("plan:", "colour: blue\nplan:")
    res, out = _errors(bench, pytester, body)
    res.assert_outcomes(passed=5, errors=1)
    assert "demo-bad.yaml:6: field 'colour': unknown field" in out


def test_wrong_type_names_field(bench, pytester):
    body = GOOD.format(id="demo-bad").replace("tools: [get_ticket, update_ticket]", "tools: 5")
    res, out = _errors(bench, pytester, body)
    res.assert_outcomes(passed=5, errors=1)
    assert "demo-bad.yaml:5: field 'tools'" in out


def test_unknown_tool_is_an_error(bench, pytester):
    body = GOOD.format(id="demo-bad").replace("tools: [get_ticket, update_ticket]",
                                              "tools: [get_ticket, update_tickets]")
    res, out = _errors(bench, pytester, body)
    res.assert_outcomes(passed=5, errors=1)
    assert "unknown tool 'update_tickets'" in out


def test_verifier_without_category(bench, pytester):
    body = GOOD.format(id="demo-bad").replace("    category: completion\n", "", 1)
    res, out = _errors(bench, pytester, body)
    res.assert_outcomes(passed=5, errors=1)
    assert "field 'verifiers.0.category': required field is missing" in out
    assert "demo-bad.yaml:11" in out


def test_duplicate_id_is_an_error(bench, pytester):
    (bench / "tasks" / "extra").mkdir()
    write_task(bench, "demo-raise-priority", GOOD.format(id="demo-raise-priority"), domain_dir="extra")
    res = pytester.runpytest("tasks", "--agent=oracle")
    res.assert_outcomes(passed=5, errors=1)
    assert "duplicate task id 'demo-raise-priority'" in res.stdout.str()


def test_file_name_must_be_the_id(bench, pytester):
    res, out = _errors(bench, pytester, GOOD.format(id="demo-other"))
    assert "the file name must be the task id" in out


def test_solution_arguments_are_validated(bench, pytester):
    body = GOOD.format(id="demo-bad").replace("impact: high}", "impact: huge}")
    res, out = _errors(bench, pytester, body)
    assert "demo-bad.yaml:9: field 'solution.update_ticket'" in out
    assert "Input should be 'high', 'medium' or 'low'" in out


def test_last_failed_and_exitfirst(bench, pytester):
    pytester.syspathinsert()
    pytester.makepyfile(halfagent="""
        from pytest_enterpriseops.agents.scripted import OracleAgent
        class Half(OracleAgent):
            async def run_with_gold(self, episode, gold):
                return None if episode.task_id in ("demo-close-resolved", "demo-triage-network") else \\
                    await super().run_with_gold(episode, gold)
    """)
    pytester.runpytest_subprocess("tasks", "--agent=python:halfagent:Half").assert_outcomes(passed=3, failed=2)
    res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "--lf")
    res.assert_outcomes(passed=2)
    res = pytester.runpytest("tasks", "--agent=noop", "-x")
    res.assert_outcomes(failed=1)


def test_a_broken_file_does_not_stop_the_others_under_xdist(bench, pytester):
    write_task(bench, "demo-bad", "id: demo-bad\nprompt: [unclosed\n")
    res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "-n", "2")
    res.assert_outcomes(passed=5, errors=1)
    assert "invalid YAML" in res.stdout.str()


def test_a_sample_per_domain_is_seeded_and_the_same_everywhere(bench, pytester):
    from pytest_enterpriseops.sampling import pick

    def collected(*args):
        res = pytester.runpytest("--collect-only", "-q", "tasks", *args)
        return sorted(ln.split("::")[1] for ln in res.outlines if "::" in ln)

    full = collected()
    two = collected("--eops-sample", "2")
    assert len(two) == 2 and set(two) <= set(full)
    assert collected("--eops-sample", "2") == two  # the same sample again
    run = pytester.runpytest("tasks", "--agent=oracle", "--eops-sample", "2", "-n", "2", "-rA")
    assert run.ret == 0 and sorted(set(two)) == sorted({ln.split("::")[1].split()[0] for ln in run.outlines
                                                        if ln.startswith("PASSED ")})  # the same two under xdist
    ids = {i.split("[")[0] for i in full}
    for seed in range(5):
        got = collected("--eops-sample", "2", "--eops-sample-seed", str(seed))
        assert {i.split("[")[0] for i in got} == pick({"demo": ids}, 2, seed)
    assert len(collected("--eops-sample", "2", "--runs", "3")) == 6  # every run of a picked task
    assert len(collected("--eops-sample", "99")) == len(full)
    some = collected("-k", "raise or close", "--eops-sample", "1")  # drawn from what -k leaves
    assert len(some) == 1 and ("raise" in some[0] or "close" in some[0])
    res = pytester.runpytest("--collect-only", "-q", "tasks", "--eops-sample", "0")
    assert res.ret != 0 and "at least 1" in res.stderr.str()

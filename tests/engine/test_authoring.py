"""Authoring feedback: load-time errors name file:line:field once, a failed task points at its
first failing verifier, and `eops check` shows expected vs actual and explains its gates."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

from pytest_enterpriseops.cli.main import main
from tests.conftest import write_task

REPO = Path(__file__).resolve().parents[2]

LOCATED = """
id: demo-located
domain: demo
as_user: U001
prompt: Raise the impact of T000003 to high.
tools: [get_ticket, update_ticket]
plan: Look it up, update it.
solution:
  - get_ticket: {number: T000003}
  - update_ticket: {ticket_id: TKT_0003, impact: high}
verifiers:
  - name: urgency untouched
    category: integrity
    sql: SELECT urgency FROM demo.ticket WHERE number = 'T000003'
    expect: medium
  - name: impact raised
    category: completion
    sql: SELECT impact FROM demo.ticket WHERE number = 'T000003'
    expect: high
  - name: nothing else
    category: side_effect
    changes_only: [demo.ticket, demo.audit_log]
"""


def _line_of(path: Path, text: str) -> int:
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if text in ln)


def test_failed_task_location_is_its_first_failing_verifier(bench, pytester):
    path = write_task(bench, "demo-located", LOCATED)
    rec = pytester.inline_run("tasks/demo/demo-located.yaml", "--agent=noop", "-p", "no:cacheprovider")
    (rep,) = [r for r in rec.getreports("pytest_runtest_logreport") if r.when == "call"]
    assert rep.failed
    # "urgency untouched" passes untouched; "impact raised" is the first that fails (0-based lineno)
    assert rep.location[1] + 1 == _line_of(path, "name: impact raised")
    rec = pytester.inline_run("tasks/demo/demo-located.yaml", "--agent=oracle", "-p", "no:cacheprovider")
    (rep,) = [r for r in rec.getreports("pytest_runtest_logreport") if r.when == "call"]
    assert rep.passed and rep.location[1] + 1 == 1  # a task that did not fail points at its first line


def test_unknown_tool_names_its_line(bench, pytester):
    path = write_task(bench, "demo-bad-tool", LOCATED.replace("id: demo-located", "id: demo-bad-tool")
                      .replace("tools: [get_ticket, update_ticket]", "tools:\n  - get_ticket\n  - update_ticket\n  - frobnicate_ticket"))
    res = pytester.runpytest("tasks/demo/demo-bad-tool.yaml", "--agent=oracle", "-p", "no:cacheprovider")
    line = _line_of(path, "frobnicate_ticket")
    res.stdout.fnmatch_lines([f"*demo-bad-tool.yaml:{line}: field 'tools': unknown tool 'frobnicate_ticket'*"])


def _user_root(tmp_path: Path, as_user: str, setup: str = "") -> Path:
    """A user's root with one task of the installed `hr` domain (borrowed from the checkout)."""
    src = (REPO / "tasks" / "hr" / "hr-apply-due-salary-changes.yaml").read_text()
    lines = [("as_user: " + as_user) if ln.startswith("as_user:") else ln for ln in src.splitlines()]
    if setup:
        lines.insert(1, setup)
    (tmp_path / "db" / "local").mkdir(parents=True)  # a root of its own, with a domain of its own
    (tmp_path / "db" / "local" / "schema.sql").write_text("CREATE SCHEMA local;\nCREATE TABLE local.note (id VARCHAR PRIMARY KEY);\n")
    (tmp_path / "tasks" / "hr").mkdir(parents=True)
    path = tmp_path / "tasks" / "hr" / "hr-apply-due-salary-changes.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path


def test_unknown_as_user_is_one_collection_error_with_file_line_field(pytester):
    path = _user_root(pytester.path, "P9999")
    pytester.makeini("[pytest]\n")
    # under xdist, as most runs are: every worker collects, the error is still reported once
    res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "-p", "no:cacheprovider", "-n", "2")
    line = _line_of(path, "as_user: P9999")
    out = res.stdout.str()
    # one error section (the short summary repeats it, in full or cut to the terminal's width)
    assert len(re.findall(r"^_+ ERROR collecting .*hr-apply-due-salary-changes\.yaml _+$", out, re.M)) == 1, out
    assert len(re.findall(r"^ERROR .*hr-apply-due-salary-changes\.yaml", out, re.M)) == 1, out
    res.stdout.fnmatch_lines([f"*hr-apply-due-salary-changes.yaml:{line}: field 'as_user': 'P9999' is not a person*"])
    assert res.ret != 0 and "passed" not in out.splitlines()[-1]


def test_known_as_user_and_a_person_the_setup_adds_are_accepted(tmp_path, capsys):
    good = _user_root(tmp_path / "a", "P0001")
    assert main(["stats", str(good.parent)]) == 0, capsys.readouterr().out
    added = _user_root(tmp_path / "b", "P9999", setup=(
        "setup: \"INSERT INTO org.person SELECT * REPLACE ('P9999' AS person_id, 'E9999' AS employee_number, "
        "'p9999@example.com' AS email) FROM org.person WHERE person_id = 'P0001'\""))
    capsys.readouterr()
    main(["stats", str(added.parent)])
    assert "is not a person of org.person" not in capsys.readouterr().out


def test_check_shows_expected_vs_actual_and_explains_gates(bench, capsys):
    write_task(bench, "demo-gold-wrong", LOCATED.replace("id: demo-located", "id: demo-gold-wrong")
               .replace("expect: medium", "expect: low"))
    write_task(bench, "demo-located", LOCATED)
    unchecked = LOCATED.replace("id: demo-located", "id: demo-unchecked")
    unchecked = unchecked[:unchecked.index("  - name: impact raised")] + unchecked[unchecked.index("  - name: nothing else"):]
    write_task(bench, "demo-unchecked", unchecked)
    rc = main(["check", *(str(bench / "tasks" / "demo" / f"{t}.yaml")
                          for t in ("demo-gold-wrong", "demo-located", "demo-unchecked"))])
    out = capsys.readouterr().out
    assert rc == 1
    line = _line_of(bench / "tasks" / "demo" / "demo-gold-wrong.yaml", "name: urgency untouched")
    assert f"demo-gold-wrong.yaml:{line}): expected 'low', got 'medium'" in out, out
    assert "the gold must pass every verifier and invariant" in out
    # demo-located's "urgency untouched" passes on the untouched state: a guard, explained
    assert "guards — verifiers that already pass before any work" in out and "urgency untouched" in out
    # each gate that fires says what it wants after the finding
    problems = [ln.strip() for ln in out.splitlines() if ln.strip().startswith("- ")]
    assert any(p.startswith("- noop: doing nothing passes") for p in problems), out
    assert any(p.startswith("- unverified write: dropping step 2 (update_ticket") for p in problems), out
    assert all(" — " in p for p in problems), problems

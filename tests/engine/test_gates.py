"""The quality gates of `eops check` added for sound verdicts, and domain invariants: each gate flags
a task built to break it, and passes the fixture benchmark's good tasks."""

from __future__ import annotations

import textwrap

import pytest

from pytest_enterpriseops.cli.check import check_seed_invariants, check_task
from pytest_enterpriseops.domains import Benchmark
from pytest_enterpriseops.errors import DomainError
from pytest_enterpriseops.task import load_task
from tests.conftest import write_task

ASSIGN = """
id: {id}
domain: demo
as_user: U001
prompt: |
  Ticket T000001 is still unassigned. Give it to the lead of its team and leave an internal note.
tools: [get_ticket, list_ticket_teams, assign_ticket, add_ticket_comment]
plan: Look up the ticket and its team's lead, assign, note.
solution:
  - get_ticket: {{number: T000001}}
  - list_ticket_teams: {{}}
  - assign_ticket: {{ticket_id: TKT_0001, assignee_id: U004}}
  - add_ticket_comment: {{ticket_id: TKT_0001, body: Routed to the team lead., visibility: internal}}
response: Assigned to U004 with a note.
verifiers:
  - name: assigned to the team lead
    category: completion
    sql: SELECT assignee_id FROM demo.ticket WHERE number = 'T000001'
    expect: U004
  - name: a routing note
    category: completion
    sql: SELECT count(*) >= 1 FROM demo.ticket_comment WHERE ticket_id = 'TKT_0001' AND visibility = 'internal'
    expect: true
  - name: nothing else touched
    category: side_effect
    changes_only: {changes}
"""


def _check(root, task_id, body):
    path = write_task(root, task_id, body)
    return check_task(load_task(path), Benchmark(root)).problems


@pytest.fixture
def root(bench):
    return bench


def test_the_good_fixture_tasks_pass_every_gate(root):
    for path in sorted((root / "tasks" / "demo").glob("*.yaml")):
        assert check_task(load_task(path), Benchmark(root)).problems == [], path.name


def test_collateral_gate_flags_a_table_any_row_of_which_may_change(root):
    body = ASSIGN.format(id="demo-loose", changes="[{demo.ticket: any}, demo.ticket_comment, demo.audit_log]")
    problems = _check(root, "demo-loose", body)
    assert any(p.startswith("collateral: changing demo.ticket row") for p in problems), problems
    strict = ASSIGN.format(id="demo-strict", changes="[demo.ticket, demo.ticket_comment, demo.audit_log]")
    assert _check(root, "demo-strict", strict) == []


def test_duplicates_gate_flags_a_task_that_accepts_a_second_note(root):
    body = ASSIGN.format(id="demo-dups", changes="[demo.ticket, {demo.ticket_comment: {added: any}}, demo.audit_log]")
    problems = _check(root, "demo-dups", body)
    assert any(p.startswith("duplicates: replaying the gold's create steps (add_ticket_comment)") for p in problems)


def test_provenance_gate_flags_an_id_nobody_showed(root):
    body = ASSIGN.format(id="demo-guess", changes="[demo.ticket, demo.ticket_comment, demo.audit_log]")
    body = body.replace("  - list_ticket_teams: {}\n", "")  # the lead U004 is now never shown
    problems = _check(root, "demo-guess", body)
    assert any("provenance: step 2 (assign_ticket) passes 'U004'" in p for p in problems), problems


def test_answer_gates(root):
    asks = """
        id: demo-asks
        domain: demo
        as_user: U001
        prompt: Tell me who is assigned to T000003.
        tools: [get_ticket]
        plan: Look it up.
        solution:
          - get_ticket: {number: T000003}
        response: Nobody yet.
        verifiers:
          - name: nothing changed
            category: side_effect
            changes_only: []
    """
    problems = _check(root, "demo-asks", asks)
    assert any(p.startswith("the prompt asks for an answer") for p in problems)
    assert any(p.startswith("answer: the task passes with an empty final answer") for p in problems)
    loose = textwrap.dedent(asks).replace("verifiers:\n", "verifiers:\n  - name: anything\n    category: completion\n"
                                          "    response: {matches: '.*'}\n").replace("demo-asks", "demo-asks-loose")
    problems = _check(root, "demo-asks-loose", loose)
    assert any(p.startswith("answer: the task passes with an empty final answer") for p in problems)


def test_infeasible_reason_gate(root):
    body = (root / "tasks" / "demo" / "demo-reporter-close-others.yaml").read_text()
    body = body.replace("id: demo-reporter-close-others", "id: demo-reporter-loose")
    body = body.replace('response: {matches: "(?i)(not (yours|your own|raised by you)|own tickets|tickets (you|they) '
                        'raised|someone else)"}', "response: {matches: \"(?i)cannot|can't|policy\"}")
    problems = _check(root, "demo-reporter-loose", body)
    assert any(p.startswith("infeasible: a bare refusal without the reason passes") for p in problems), problems


def test_invariants_run_on_touched_rows_and_on_the_seed(root):
    (root / "verifiers").mkdir()
    inv = root / "verifiers" / "demo.yaml"
    inv.write_text(textwrap.dedent("""
        domain: demo
        invariants:
          - name: an assigned ticket is in progress or later
            category: policy
            table: demo.ticket
            holds: "assignee_id IS NULL OR state <> 'new'"
          - name: assignees are never the lead U004
            category: policy
            table: demo.ticket
            holds: "assignee_id IS DISTINCT FROM 'U004'"
    """))
    problems = _check(root, "demo-assign", ASSIGN.format(id="demo-assign",
                                                           changes="[demo.ticket, demo.ticket_comment, demo.audit_log]"))
    assert any("invariant: assignees are never the lead U004" in p for p in problems), problems
    assert not any("in progress or later" in p for p in problems)
    seed = check_seed_invariants(Benchmark(root), ["demo"])
    assert any("does not hold on" in p and "never the lead" in p for p in seed) or seed == [], seed
    inv.write_text("domain: demo\ninvariants:\n  - name: bad\n    category: policy\n    table: demo.ticket\n"
                   "    holds: \"1 = (SELECT count(*) FROM read_csv('/etc/passwd'))\"\n")
    with pytest.raises(DomainError, match=r"demo.yaml:\d+: field 'holds': table function read_csv"):
        Benchmark(root).invariants(["demo"])


def test_an_id_that_gives_away_the_outcome_is_flagged(root):
    body = ASSIGN.format(id="demo-refuse-assign", changes="[demo.ticket, demo.ticket_comment, demo.audit_log]")
    problems = _check(root, "demo-refuse-assign", body)
    assert any(p.startswith("the id gives away the outcome or the trap ('refuse')") for p in problems), problems
    # a word that only contains one of them is not one of them
    fine = ASSIGN.format(id="demo-record-rejection", changes="[demo.ticket, demo.ticket_comment, demo.audit_log]")
    assert _check(root, "demo-record-rejection", fine) == []


def test_an_infeasible_task_whose_changes_only_allows_changes_is_flagged(tmp_path):
    # The engine adds 'infeasible: nothing changed' to every infeasible task, so a task's own allowance
    # (say, for an explanatory note) can never be used: eops check says so instead of letting it stand.
    from pytest_enterpriseops.cli.gates import static_gates
    from pytest_enterpriseops.task import load_task

    def task(changes: str) -> list[str]:
        path = tmp_path / f"demo-close-{len(changes)}.yaml"
        path.write_text(textwrap.dedent(f"""\
            id: demo-close-{len(changes)}
            domain: demo
            as_user: U001
            prompt: Close T000001 for me.
            tools: [get_ticket]
            plan: It is not mine to close.
            solution:
              - get_ticket: {{number: T000001}}
            response: I can't close it.
            feasible: false
            verifiers:
              - name: the reason
                category: policy
                response: {{matches: "(?i)not yours"}}
              - name: nothing else
                category: side_effect
                changes_only: {changes}
            """))
        return [p for p in static_gates(load_task(path)) if "allows changes" in p]

    flagged = task("[demo.ticket_comment]")
    assert len(flagged) == 1 and "'nothing else' (line 15)" in flagged[0] and "demo.ticket_comment" in flagged[0], flagged
    assert task("[]") == []


def _rows(diff):
    import json
    return {t: {k: sorted(json.dumps(r, sort_keys=True, default=str) for r in v) if isinstance(v, list) else v
                for k, v in d.items()} for t, d in diff.items()}


def test_a_dropped_step_replayed_from_the_golds_state_before_it_is_the_full_replay_without_it(root):
    """The drop gate resumes from a snapshot taken before each write step; every such run must end
    exactly as replaying the whole gold without that step does (same verdicts, same changed rows)."""
    from pytest_enterpriseops.cli.gates import GoldRun, run_steps

    compared = 0
    for path in sorted((root / "tasks").rglob("*.yaml")):
        task = load_task(path)
        if not task.solution:
            continue
        gold = GoldRun(Benchmark(root), task)
        try:
            for i, point in gold.before_write.items():
                full = run_steps(gold.bench, task, [s for k, s in enumerate(gold.steps) if k != i],
                                 task.response, gold.footprint)
                resumed = run_steps(gold.bench, task, gold.steps[i + 1:], task.response, gold.footprint, resume=point)
                assert [(v.name, v.passed) for v in resumed.verifiers] == [(v.name, v.passed) for v in full.verifiers]
                assert _rows(resumed.diff) == _rows(full.diff)  # the same rows (a checkpoint may store them in another order)
                compared += 1
        finally:
            gold.close()
    assert compared >= 5


def test_a_gold_run_that_breaks_leaves_no_snapshots_behind(root):
    from pytest_enterpriseops import sandbox

    body = ASSIGN.format(id="demo-gold-crashes", changes="[demo.ticket, demo.ticket_comment, demo.audit_log]")
    body = body.replace("tools: [get_ticket,", "tools: [ticket_selftest_crash, get_ticket,").replace(
        "  - add_ticket_comment: {ticket_id: TKT_0001", "  - ticket_selftest_crash: {}\n  - add_ticket_comment: {ticket_id: TKT_0001")
    problems = _check(root, "demo-gold-crashes", body)  # the crash comes after a write, so a snapshot was taken
    assert any("gold solution could not be verified" in p and "bug inside a tool" in p for p in problems), problems
    assert not list(sandbox.scratch_dir().glob("gold-*"))

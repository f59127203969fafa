"""Nothing leaks between tasks: every run starts from the same fresh state, in one process and in workers."""

from __future__ import annotations

from tests.conftest import write_task

COUNTING = """
id: demo-counting
domain: demo
as_user: U001
prompt: Add a work note to T000003.
tools: [add_ticket_comment]
plan: Add the note.
solution:
  - add_ticket_comment: {ticket_id: TKT_0003, body: checked, visibility: internal}
verifiers:
  - name: exactly one note (a leak from another run would make it two)
    category: completion
    sql: SELECT count(*) FROM demo.ticket_comment WHERE ticket_id = 'TKT_0003'
    expect: 1
  - name: the new comment got the first id
    category: integrity
    sql: SELECT comment_id FROM demo.ticket_comment WHERE ticket_id = 'TKT_0003'
    expect: CMT00001
  - name: nothing else
    category: side_effect
    changes_only: [demo.ticket_comment]
"""


def test_a_writing_task_twice_in_one_process(bench, pytester):
    write_task(bench, "demo-counting", COUNTING)
    res = pytester.runpytest("tasks", "--agent=oracle", "--runs", "3", "-k", "counting or raise")
    res.assert_outcomes(passed=6)


def test_a_writing_task_in_two_xdist_workers(bench, pytester):
    write_task(bench, "demo-counting", COUNTING)
    res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "--runs", "4", "-n", "2", "-p", "xdist")
    res.assert_outcomes(passed=24)


def test_worksteal_distribution(bench, pytester):
    res = pytester.runpytest_subprocess("tasks", "--agent=oracle", "-n", "2", "--dist", "worksteal")
    res.assert_outcomes(passed=5)

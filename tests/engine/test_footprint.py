"""The gold footprint's cache: keyed by what was run, never by what is on disk later."""

from __future__ import annotations

from tests.conftest import write_task

TASK = """
    id: demo-footprint-edit
    domain: demo
    as_user: U001
    prompt: Give {number} to U004.
    tools: [get_ticket, assign_ticket]
    solution:
      - assign_ticket: {{ticket_id: {ticket}, assignee_id: U004}}
    response: Done.
    verifiers:
      - name: assigned
        category: completion
        sql: SELECT assignee_id FROM demo.ticket WHERE ticket_id = '{ticket}'
        expect: U004
      - name: nothing else touched
        category: side_effect
        changes_only: [demo.ticket, demo.audit_log]
"""


def test_a_task_file_edited_after_loading_does_not_inherit_the_old_footprint(bench, monkeypatch, tmp_path):
    """A long run (eops check over every task) loads a task, its author edits the file, then the run
    computes the gold footprint: it must be filed under the content it was computed from, so the next
    run, which loads the edited file, computes the new footprint instead of reading the old one."""
    from pytest_enterpriseops import footprint
    from pytest_enterpriseops.domains import Benchmark
    from pytest_enterpriseops.task import load_task

    monkeypatch.setenv("EOPS_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("EOPS_NO_TASK_CACHE", raising=False)
    b = Benchmark(bench)
    path = write_task(bench, "demo-footprint-edit", TASK.format(number="T000001", ticket="TKT_0001"))
    loaded = load_task(path)
    write_task(bench, "demo-footprint-edit", TASK.format(number="T000002", ticket="TKT_0002"))

    old = footprint.gold_footprint(b, loaded)
    assert old.table("demo.ticket").changed == {("TKT_0001",)}

    footprint._memo.clear()  # as a new process would start
    new = footprint.gold_footprint(b, load_task(path))
    assert new.table("demo.ticket").changed == {("TKT_0002",)}

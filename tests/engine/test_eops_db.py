"""eops_db in a user's own tests: a fresh task database named by a marker or by indirect
parametrization; tools called through the engine's runtime, the state queried, the task verified."""

from __future__ import annotations

USER_TESTS = '''
import pytest


@pytest.mark.eops_task("demo-raise-priority")
def test_raise_impact_passes_the_task(eops_db):
    assert eops_db.query("SELECT impact FROM demo.ticket WHERE number = ?", ["T000003"]) == [("medium",)]
    res = eops_db.call("update_ticket", {"ticket_id": "TKT_0003", "impact": "high"})
    assert not res.is_error, res.content
    assert eops_db.query("SELECT impact, priority FROM demo.ticket WHERE number = ?", ["T000003"]) == [("high", "high")]
    eops_db.verify(answer="Impact is now high.")
    assert eops_db.passed
    assert [c.name for c in eops_db.transcript.tool_calls] == ["update_ticket"]  # recorded by the runtime


@pytest.mark.eops_task("demo-raise-priority")
def test_each_test_gets_a_fresh_database(eops_db):
    assert eops_db.query("SELECT impact FROM demo.ticket WHERE number = ?", ["T000003"]) == [("medium",)]
    eops_db.verify()
    assert not eops_db.passed  # nothing done: the task's verifiers fail


@pytest.mark.parametrize("eops_db", ["demo-raise-priority", "demo-close-resolved"], indirect=True)
def test_indirect_parametrization(eops_db):
    assert eops_db.task.id in ("demo-raise-priority", "demo-close-resolved")
    bad = eops_db.call("no_such_tool", {})
    assert bad.is_error and "unknown tool" in bad.content


@pytest.mark.eops_task("demo-raise-priority")
def test_invalid_arguments_are_an_error_result(eops_db):
    res = eops_db.call("update_ticket", {"ticket_id": "TKT_0003", "impact": "enormous"})
    assert res.is_error


@pytest.mark.eops_task("demo-raise-priority")
def test_the_database_is_read_only_through_query(eops_db):
    with pytest.raises(Exception):
        eops_db.query("UPDATE demo.ticket SET impact = 'low'")


def test_without_a_task(eops_db):
    pass


@pytest.mark.eops_task("no-such-task")
def test_unknown_task(eops_db):
    pass
'''


def test_eops_db_in_user_tests(bench, pytester):
    pytester.makepyfile(test_user=USER_TESTS)
    res = pytester.runpytest("test_user.py", "-p", "no:cacheprovider", "-rA")
    res.assert_outcomes(passed=6, errors=2)
    out = res.stdout.str()
    assert "eops_db needs a task" in out and "no task 'no-such-task'" in out

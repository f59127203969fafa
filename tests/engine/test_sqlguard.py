"""Task SQL is sandboxed: setup and verifiers reach only the task's own database.

Each attack here is one an independent review ran against the harness (issue 11): at load
time it is a collection error naming file:line:field; at run time, if it ever got through,
the locked DuckDB instance and the read-only cursors stop it.
"""

from __future__ import annotations

import duckdb
import pytest

from pytest_enterpriseops import sandbox, sqlguard
from pytest_enterpriseops.domains import Benchmark
from pytest_enterpriseops.errors import HarnessError
from tests.conftest import FIXTURE_BENCH, write_task

ESCAPING_QUERIES = [
    "COMMIT; UPDATE demo.ticket SET state = 'closed'; SELECT 1",
    "SELECT 1; SELECT 2",
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT count(*) FROM read_text('/etc/passwd')",
    "SELECT read_blob('/etc/passwd')",
    "SELECT * FROM '/etc/passwd'",
    'SELECT * FROM "data.csv"',
    "SELECT count(*) FROM glob('/etc/*')",
    "SELECT * FROM read_parquet('x.parquet')",
    "SELECT * FROM query('SELECT 1')",
    "SELECT * FROM duckdb_settings()",
    "SELECT current_setting('threads')",
    "SELECT * FROM memory.main.x",
    "SELECT * FROM task1.demo.ticket",
    "SELECT * FROM start1.ticket",
    "SELECT * FROM information_schema.tables",
    "COPY (SELECT 1) TO '/tmp/x.csv'",
    "ATTACH '/tmp/x.duckdb' AS x",
    "DETACH start1",
    "USE memory",
    "INSTALL httpfs",
    "LOAD httpfs",
    "SET GLOBAL default_order = 'DESC'",
    "RESET threads",
    "PRAGMA version",
    "CALL pragma_version()",
    "CHECKPOINT",
    "EXPORT DATABASE '/tmp/x'",
    "BEGIN",
    "UPDATE demo.ticket SET state = 'closed'",
    "DESCRIBE demo.ticket",
]

GOOD_QUERIES = [
    "SELECT count(*) FROM itsm.incident WHERE number = 'INC0000003'",
    "WITH x AS (SELECT * FROM hr.employee) SELECT count(*) FROM x",
    "SELECT 1 UNION ALL SELECT 2",
    "SELECT count(*) FROM itsm.incident t WHERE EXISTS (SELECT 1 FROM itsm.audit_log a WHERE a.record_id = t.incident_id)",
    "SELECT x FROM unnest([1, 2]) AS u(x)",
    "SELECT '$$;COMMIT;$$'",
]

ESCAPING_SETUPS = [
    "ATTACH '/root/.cache/pytest-enterpriseops/tpl.duckdb' AS t; UPDATE t.demo.ticket SET state = 'x'",
    "COPY demo.ticket TO '/tmp/x.csv'",
    "UPDATE demo.ticket SET state = 'x'; COMMIT; SET threads = 4",
    "INSERT INTO demo.ticket_comment SELECT * FROM read_csv('/etc/passwd')",
    "INSERT INTO demo.ticket_comment SELECT * FROM '/etc/passwd'",
    "CREATE TABLE demo.x (a INT)",
    "DROP TABLE demo.ticket",
    "BEGIN",
    "CHECKPOINT",
    "UPDATE task3.demo.ticket SET state = 'x'",
    "DELETE FROM ticket",
    "INSTALL httpfs",
    "SET GLOBAL default_order = 'DESC'",
    "PRAGMA enable_profiling",
]


@pytest.mark.parametrize("sql", ESCAPING_QUERIES)
def test_a_verifier_that_reaches_outside_the_task_database_is_rejected(sql):
    with pytest.raises(sqlguard.SqlRejected):
        sqlguard.check_query(sql)


@pytest.mark.parametrize("sql", GOOD_QUERIES)
def test_ordinary_verifier_queries_are_accepted(sql):
    sqlguard.check_query(sql)


@pytest.mark.parametrize("sql", ESCAPING_SETUPS)
def test_a_setup_that_reaches_outside_the_task_database_is_rejected(sql):
    with pytest.raises(sqlguard.SqlRejected):
        sqlguard.check_setup(sql)


def test_setup_may_insert_update_and_delete_domain_rows():
    sqlguard.check_setup("UPDATE itsm.incident SET impact = '2 - Medium' WHERE number = 'INC0000003';\n"
                         "INSERT INTO itsm.work_note VALUES ('N1', 'a;b', TIMESTAMP '2025-12-01 10:00:00');\n"
                         "DELETE FROM itsm.work_note WHERE note_id = 'N0';")


@pytest.mark.parametrize("cond,ok", [
    ("state <> 'Resolved' OR resolution_code IS NOT NULL", True),
    ("EXISTS (SELECT 1 FROM itsm.sys_user u WHERE u.user_id = t.assigned_to)", True),
    ("1 = 1) ; COMMIT; UPDATE itsm.incident SET state = 'x'; SELECT (1", False),
    ("true) UNION ALL SELECT count(*) FROM read_csv('/etc/passwd') WHERE (true", False),
    ("read_text('/etc/passwd') IS NOT NULL", False),
    ("SELECT 1", False),
])
def test_invariant_conditions(cond, ok):
    if ok:
        sqlguard.check_condition(cond, "itsm.incident")
    else:
        with pytest.raises(sqlguard.SqlRejected):
            sqlguard.check_condition(cond, "itsm.incident")


TASK = """
id: demo-bad
domain: demo
as_user: U001
prompt: Raise the impact of T000003 to high.
tools: [get_ticket, update_ticket]
{setup}plan: Look it up, update it.
solution:
  - get_ticket: {{number: T000003}}
  - update_ticket: {{ticket_id: TKT_0003, impact: high}}
verifiers:
  - name: nothing else
    category: side_effect
    changes_only: [demo.ticket, demo.audit_log]
  - name: impact raised
    category: completion
    sql: {sql}
    expect: 1
"""


def test_escaping_verifier_is_a_collection_error_naming_file_line_and_field(bench, pytester):
    # Before the guard this verifier committed the read-only transaction, wrote the work
    # database and the task passed.
    write_task(bench, "demo-bad", TASK.format(setup="", sql="COMMIT; UPDATE demo.ticket SET impact = 'high'; SELECT 1"))
    res = pytester.runpytest("tasks", "--collect-only", "-q")
    assert res.parseoutcomes().get("errors") == 1
    out = res.stdout.str()
    assert "demo-bad.yaml:14: field 'verifiers[1].sql': a verifier is exactly one SELECT statement, this has 3" in out


def test_setup_attaching_a_file_is_a_collection_error(bench, pytester):
    setup = "setup: \"ATTACH '/tmp/x.duckdb' AS x\"\n"
    write_task(bench, "demo-bad", TASK.format(setup=setup, sql="SELECT 1"))
    res = pytester.runpytest("tasks", "--collect-only", "-q")
    assert res.parseoutcomes().get("errors") == 1
    assert "demo-bad.yaml:6: field 'setup': statement 1 is ATTACH" in res.stdout.str()


def test_a_file_reading_verifier_is_a_collection_error(bench, pytester):
    write_task(bench, "demo-bad", TASK.format(setup="", sql="SELECT count(*) FROM read_csv('/etc/passwd')"))
    res = pytester.runpytest("tasks", "--collect-only", "-q")
    assert res.parseoutcomes().get("errors") == 1
    assert "field 'verifiers[1].sql': table function read_csv() is not allowed" in res.stdout.str()


# -- run time: if an unchecked text ever reached the sandbox ------------------------------

@pytest.fixture
def demo_db():
    db = sandbox.TaskDatabase(sandbox.template(Benchmark(FIXTURE_BENCH), ["demo"]))
    yield db
    db.close()


def _state(db, number="T000003"):
    cur = db.cursor()
    try:
        return cur.execute("SELECT state FROM demo.ticket WHERE number = ?", [number]).fetchone()[0]
    finally:
        cur.close()


def test_a_read_cursor_cannot_commit_and_write(demo_db):
    before = _state(demo_db)
    cur = demo_db.read_cursor("work")
    with pytest.raises(duckdb.Error):
        cur.execute("COMMIT; UPDATE demo.ticket SET state = 'closed'; SELECT 1")
    with pytest.raises(duckdb.Error):
        cur.execute("UPDATE demo.ticket SET state = 'closed'")
    cur.close()
    assert _state(demo_db) == before != "closed"


def test_a_read_cursor_still_runs_selects_with_parameters(demo_db):
    cur = demo_db.read_cursor("start")
    assert cur.execute("SELECT count(*) FROM demo.ticket WHERE number = ?", ["T000003"]).fetchone() == (1,)
    assert [d[0] for d in cur.execute("SELECT number FROM demo.ticket LIMIT 1").description] == ["number"]
    cur.close()


@pytest.mark.parametrize("setup", [
    "UPDATE demo.ticket SET state = 'x'; COMMIT; SET GLOBAL default_order = 'DESC'",
    "COPY demo.ticket TO '{tmp}/leak.csv'",
    "ATTACH '{tpl}' AS tpl; UPDATE tpl.demo.ticket SET state = 'poisoned'",
])
def test_an_unchecked_setup_cannot_escape_at_run_time(setup, tmp_path):
    tpl = sandbox.template(Benchmark(FIXTURE_BENCH), ["demo"])
    with pytest.raises(HarnessError, match="setup SQL"):
        sandbox.TaskDatabase(tpl, setup.format(tmp=tmp_path, tpl=tpl))
    assert not (tmp_path / "leak.csv").exists()
    assert sandbox.template_is_intact(tpl)
    con = sandbox.instance()
    assert con.execute("SELECT current_setting('default_order')").fetchone()[0].lower().startswith("asc")


@pytest.mark.parametrize("sql,error", [
    ("SELECT * FROM read_csv('/etc/passwd')", duckdb.PermissionException),
    ("COPY (SELECT 1) TO '/tmp/eops-sqlguard-leak.csv'", duckdb.PermissionException),
    ("ATTACH '/tmp/eops-sqlguard-other.duckdb' AS other", duckdb.PermissionException),
    ("INSTALL httpfs", duckdb.Error),
    ("LOAD httpfs", duckdb.Error),
    ("SET GLOBAL default_order = 'DESC'", duckdb.InvalidInputException),
    ("SET enable_external_access = true", duckdb.InvalidInputException),
    ("RESET lock_configuration", duckdb.InvalidInputException),
])
def test_the_process_wide_instance_is_locked(sql, error):
    con = sandbox.instance().cursor()
    try:
        with pytest.raises(error):
            con.execute(sql)
    finally:
        con.close()

"""What SQL a task file may run: its setup, its verifiers and domain invariants' `holds`.

Task SQL must touch only the task's own database. Two parsers check it:
DuckDB's own (the authority on how many statements there are and of which kind:
it is what will run them) and sqlglot's (an AST to look inside a statement for
file and network functions, table functions and names that reach other catalogs).
The process-wide DuckDB instance is locked as well (see sandbox.py); this module
is the first line, giving a clear error at collection time.
"""

from __future__ import annotations

import logging
import re
import threading
from typing import Any

import duckdb
import sqlglot
from sqlglot import exp

from .errors import TaskFileError

logging.getLogger("sqlglot").setLevel(logging.ERROR)  # "falling back to Command" warnings: we reject those


class SqlRejected(ValueError):
    """Task SQL that is not allowed (or cannot be checked)."""


SETUP_TYPES = frozenset({"INSERT", "UPDATE", "DELETE"})
QUERY_TYPES = frozenset({"SELECT"})

# Functions that read or write files, reach the network, run SQL text, or expose the engine's
# configuration and catalogs. The instance's own locks stop file access outside the scratch and
# cache directories; this list also stops it inside them, with an error that says why.
_DENIED_FUNCTION = re.compile(
    r"^(read_\w*|parquet_\w*|sniff_\w*|glob|\w*_scan|\w*_scan_\w*|query|query_table|iceberg_\w*|delta_\w*|"
    r"sqlite_\w*|postgres_\w*|mysql_\w*|http\w*|s3_\w*|getenv|current_setting|duckdb_\w*|pragma_\w*|"
    r"which_secret|load_\w*|install_\w*|checkpoint|force_checkpoint|enable_\w*|disable_\w*|"
    r"json_execute_serialized_sql|json_serialize_\w*|json_deserialize_\w*|test_\w*|repeat_row)$",
    re.IGNORECASE)
# Table functions a task may select from (they compute rows; they do not read anything).
_TABLE_FUNCTIONS = frozenset({"unnest", "generate_series", "range", "explode"})
# Names that are catalogs, not schemas, in the engine's instance; a two-part name `x.t` whose
# first part is one of them reaches another database.
_RESERVED_SCHEMA = re.compile(r"^(memory|system|temp|main|information_schema|pg_catalog|"
                              r"task\d+|start\d+|tpl_\w*)$", re.IGNORECASE)
_SCHEMA = re.compile(r"^[a-z_][a-z0-9_]*$", re.IGNORECASE)

_parser_lock = threading.Lock()
_parser: duckdb.DuckDBPyConnection | None = None


def _duckdb_statements(sql: str) -> list[Any]:
    """DuckDB's own split of `sql` into statements (parsing only: nothing runs)."""
    global _parser
    with _parser_lock:
        if _parser is None:
            _parser = duckdb.connect(":memory:", config={"enable_external_access": False})
        try:
            return _parser.extract_statements(sql)
        except duckdb.Error as exc:
            raise SqlRejected(f"DuckDB cannot parse it: {_first_line(str(exc))}") from None


def _first_line(s: str) -> str:
    return s.strip().splitlines()[0] if s.strip() else s


def statement_types(sql: str) -> list[str]:
    """The DuckDB statement type of each statement in `sql` (e.g. ["SELECT"], ["UPDATE", "INSERT"])."""
    return [st.type.name for st in _duckdb_statements(sql)]


def _function_name(node: exp.Func) -> str:
    if isinstance(node, exp.Anonymous):
        return str(node.name)
    return node.sql_name()


def _check_tree(tree: exp.Expression) -> None:
    ctes = {c.alias_or_name.lower() for c in tree.find_all(exp.CTE)}
    for node in tree.walk():
        if isinstance(node, exp.Command):
            raise SqlRejected(f"'{_first_line(node.sql())[:60]}' is not allowed in task SQL")
        if isinstance(node, exp.Table):
            _check_table(node, ctes)
        elif isinstance(node, exp.Func):
            name = _function_name(node)
            if _DENIED_FUNCTION.match(name):
                raise SqlRejected(f"function {name.lower()}() is not allowed in task SQL "
                                  "(no file, network, configuration or catalog access)")


def _check_table(node: exp.Table, ctes: set[str]) -> None:
    target = node.this
    if isinstance(target, exp.Func):
        name = _function_name(target).lower()
        if name not in _TABLE_FUNCTIONS:
            raise SqlRejected(f"table function {name}() is not allowed in task SQL "
                              f"(allowed: {', '.join(sorted(_TABLE_FUNCTIONS))})")
        return
    if not isinstance(target, exp.Identifier):
        raise SqlRejected(f"'{node.sql()[:60]}' is not a table of the task database")
    if node.catalog:
        raise SqlRejected(f"'{node.sql()}' names another database (three-part name); "
                          "use schema.table of the task database")
    if not node.db:
        if node.name.lower() in ctes:
            return
        raise SqlRejected(f"table '{node.name}' has no schema: name tables as schema.table (e.g. itsm.incident); "
                          "DuckDB would read an unqualified unknown name as a file")
    if _RESERVED_SCHEMA.match(node.db) or not _SCHEMA.match(node.db):
        raise SqlRejected(f"'{node.sql()}' is not in a domain schema of the task database")


def _sqlglot_statements(sql: str) -> list[exp.Expression]:
    try:
        trees = [t for t in sqlglot.parse(sql, read="duckdb") if t is not None]
    except sqlglot.errors.SqlglotError as exc:
        raise SqlRejected(f"cannot be checked (sqlglot: {_first_line(str(exc))[:160]})") from None
    return trees


def check_setup(sql: str) -> None:
    """Setup SQL: any number of INSERT / UPDATE / DELETE statements on domain tables."""
    types = statement_types(sql)
    if not types:
        raise SqlRejected("setup has no SQL statement")
    for i, t in enumerate(types):
        if t not in SETUP_TYPES:
            raise SqlRejected(f"statement {i + 1} is {t}: setup may only INSERT, UPDATE or DELETE "
                              "(no ATTACH, COPY, SET, PRAGMA, INSTALL/LOAD, DDL or transaction control)")
    trees = _sqlglot_statements(sql)
    if len(trees) != len(types):
        raise SqlRejected(f"the statements cannot be told apart reliably ({len(types)} for DuckDB, "
                          f"{len(trees)} for sqlglot)")
    for tree in trees:
        if not isinstance(tree, (exp.Insert, exp.Update, exp.Delete)):
            raise SqlRejected(f"'{_first_line(tree.sql())[:60]}' is not an INSERT, UPDATE or DELETE")
        _check_tree(tree)


def check_query(sql: str) -> None:
    """Verifier SQL: exactly one read-only SELECT (WITH ... SELECT and set operations allowed)."""
    types = statement_types(sql)
    if len(types) != 1:
        raise SqlRejected(f"a verifier is exactly one SELECT statement, this has {len(types)}")
    if types[0] not in QUERY_TYPES:
        raise SqlRejected(f"a verifier is one SELECT statement, this is {types[0]}")
    trees = _sqlglot_statements(sql)
    if len(trees) != 1 or not isinstance(trees[0], (exp.Select, exp.SetOperation)):
        kind = type(trees[0]).__name__.upper() if len(trees) == 1 else f"{len(trees)} statements"
        raise SqlRejected(f"a verifier is one SELECT statement, this is {kind}")
    _check_tree(trees[0])


def check_condition(condition: str, table: str) -> None:
    """A domain invariant's `holds` on `table` (schema.table): a boolean SQL condition on one row
    (alias `t`), subqueries allowed. Checked as the query that runs it, which must stay one SELECT."""
    if not re.fullmatch(r"[A-Za-z_]\w*\.[A-Za-z_]\w*", table):
        raise SqlRejected(f"'{table}' is not a schema-qualified table name like itsm.incident")
    try:
        trees = [t for t in sqlglot.parse(condition, read="duckdb") if t is not None]
    except sqlglot.errors.SqlglotError as exc:
        raise SqlRejected(f"cannot be checked (sqlglot: {_first_line(str(exc))[:160]})") from None
    if len(trees) != 1 or isinstance(trees[0], (exp.Query, exp.Command, exp.DDL, exp.DML)):
        raise SqlRejected("'holds' must be one boolean SQL condition on a row, not a statement")
    check_query(f"SELECT count(*) FROM {table} AS t WHERE NOT ({condition})")


def check_task(task: Any, data: Any = None) -> None:
    """Every SQL text of a parsed task; a violation is a TaskFileError naming file:line:field."""
    lines = getattr(data, "lines", None) or {}
    if task.setup is not None and task.setup.strip():
        try:
            check_setup(task.setup)
        except SqlRejected as exc:
            raise TaskFileError(task.path, lines.get("setup", task.line), "setup", str(exc)) from None
    for i, v in enumerate(task.verifiers):
        field = f"verifiers[{i}].sql"
        try:
            if v.sql is not None:
                check_query(v.sql)
            rules = v.changes_only if isinstance(v.changes_only, dict) else {}
            for table, rule in rules.items():  # `where` conditions of row-level changes_only rules
                where = getattr(rule, "where", None)
                if where is not None:
                    field = f"verifiers[{i}].changes_only.{table}.where"
                    check_condition(where, table)
        except SqlRejected as exc:
            raise TaskFileError(task.path, v.line or task.line, field, str(exc)) from None

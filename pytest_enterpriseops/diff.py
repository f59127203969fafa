"""Differences between a task's start state and its final state, by primary key."""

from __future__ import annotations

import functools
import os
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .context import to_json_value
from .sandbox import TaskDatabase, tables_of

_MAX_ROWS = 200  # rows per table kept in a diff's detail (counts are always exact)


@dataclass
class TableDiff:
    table: str
    pk: list[str]
    added: list[dict[str, Any]] = field(default_factory=list)
    removed: list[dict[str, Any]] = field(default_factory=list)
    changed: list[dict[str, Any]] = field(default_factory=list)  # {key, fields: {col: [old, new]}}
    counts: dict[str, int] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"table": self.table, "pk": self.pk, "counts": self.counts, "added": self.added[:_MAX_ROWS],
                "removed": self.removed[:_MAX_ROWS], "changed": self.changed[:_MAX_ROWS]}


_START_MEMO: "OrderedDict[tuple[Any, ...], Any]" = OrderedDict()
_START_MEMO_SIZE = 512  # bounded: every task with setup SQL has a start state of its own


def per_start(key: tuple[Any, ...] | None, compute: Any) -> Any:
    """`compute()`, memoized per process by `key` (what a start state determines: its catalog, its
    tables' aggregates and row hashes); key None: not memoized."""
    if key is None:
        return compute()
    if key in _START_MEMO:
        _START_MEMO.move_to_end(key)
        return _START_MEMO[key]
    value = _START_MEMO[key] = compute()
    while len(_START_MEMO) > _START_MEMO_SIZE:
        _START_MEMO.popitem(last=False)
    return value


def catalog(db: TaskDatabase, key: str) -> dict[str, dict[str, Any]]:
    def compute() -> dict[str, dict[str, Any]]:
        cur = db.read_cursor("start")
        try:
            return tables_of(cur)
        finally:
            cur.close()

    return per_start(("catalog", key), compute)


def quote_table(table: str) -> str:
    """`schema.table` with both parts quoted."""
    return ".".join(f'"{p}"' for p in table.split("."))


_q = quote_table


def _aggregates(cur: Any, alias: str, tables: list[str]) -> list[tuple[int, int]]:
    """Per table, (row count, XOR of row hashes): an order-independent fingerprint of its content
    (rows are unique where a table has a primary key; duplicates elsewhere are caught by the count
    only when they differ in number, so the row diff of such tables uses EXCEPT ALL)."""
    if not tables:
        return []
    sql = " UNION ALL ".join(f"SELECT {i} AS i, count(*) AS n, bit_xor(hash(x)) AS h FROM {alias}.{_q(t)} x"
                             for i, t in enumerate(tables))
    got = {i: (n, h) for i, n, h in cur.execute(sql).fetchall()}
    return [got[i] for i in range(len(tables))]


def file_state(path: Path) -> tuple[int, int, int]:
    st = os.stat(path)
    return st.st_ino, st.st_size, st.st_mtime_ns


def logged_tables(db: TaskDatabase, tables: dict[str, dict[str, Any]],
                  baseline: tuple[int, int, int] | None) -> set[str] | None:
    """The tables whose name appears in the work database's write-ahead log — a superset of the
    tables changed since `baseline` (the database file's state when the task started) — or None when
    the log cannot be relied on (the file itself changed, e.g. by a checkpoint, or this DuckDB's
    log format failed the self-test) and every table must be checked."""
    if baseline is None or not _wal_names_work() or file_state(db.work_path) != baseline:
        return None
    wal = Path(str(db.work_path) + ".wal")
    try:
        log = wal.read_bytes()
    except FileNotFoundError:
        return None  # no log at all (nothing written, or the log was removed): compare every table
    return {t for t in tables if t.split(".", 1)[1].encode() in log}


@functools.lru_cache(maxsize=1)
def _wal_names_work() -> bool:
    """Self-test, once per process: does an update, a delete and an insert each leave the table's name
    in the write-ahead log of this DuckDB version? If not, change detection scans every table."""
    from .sandbox import instance, scratch_dir

    path = scratch_dir() / f"waltest-{os.getpid()}.duckdb"
    con = instance().cursor()
    alias = f"waltest_{os.getpid()}"
    ok = True
    try:
        con.execute(f"ATTACH '{path}' AS {alias}")
        con.execute(f"CREATE TABLE {alias}.main.eops_probe_a (k INTEGER PRIMARY KEY, v VARCHAR)")
        con.execute(f"CREATE TABLE {alias}.main.eops_probe_b (k INTEGER PRIMARY KEY, v VARCHAR)")
        con.execute(f"INSERT INTO {alias}.main.eops_probe_a VALUES (1, 'x'), (2, 'y')")
        con.execute(f"CHECKPOINT {alias}")
        wal = Path(str(path) + ".wal")
        for stmt, name in ((f"UPDATE {alias}.main.eops_probe_a SET v = 'z' WHERE k = 1", b"eops_probe_a"),
                           (f"DELETE FROM {alias}.main.eops_probe_a WHERE k = 2", b"eops_probe_a"),
                           (f"INSERT INTO {alias}.main.eops_probe_b VALUES (3, 'w')", b"eops_probe_b")):
            con.execute(f"CHECKPOINT {alias}")
            con.execute(stmt)
            ok = ok and wal.exists() and name in wal.read_bytes()
    except Exception:  # noqa: BLE001 - any surprise means: do not rely on the log
        ok = False
    finally:
        try:
            con.execute(f"DETACH DATABASE IF EXISTS {alias}")
        except Exception:  # noqa: BLE001
            pass
        con.close()
        for p in (path, Path(str(path) + ".wal")):
            p.unlink(missing_ok=True)
    return ok


def changed_tables(db: TaskDatabase, tables: dict[str, dict[str, Any]], start_key: str | None = None,
                   skip: set[str] = frozenset(), baseline: tuple[int, int, int] | None = None) -> list[str]:
    """Tables whose content differs between the start and the final state, from one pass of
    order-independent row-hash aggregates over every table (however the change was made).

    `start_key`: identifies the start state (template + setup) so its aggregates are computed once
    per process; `skip`: tables the caller diffs anyway (they are returned as candidates)."""
    logged = logged_tables(db, tables, baseline)
    names = [t for t in tables if t not in skip and (logged is None or t in logged)]
    if not names:
        return sorted(skip & set(tables))
    cur = db.con.cursor()
    try:
        start = per_start(start_key and ("aggregates", start_key),
                          lambda: _aggregates(cur, db.start_alias, list(tables)))
        by_name = dict(zip(tables, start))
        work = _aggregates(cur, db.work_alias, names)
    finally:
        cur.close()
    return sorted(skip & set(tables)) + [t for t, agg in zip(names, work) if agg != by_name[t]]


def schema_changes(cur: Any, work: str, start: str, start_key: str | None = None) -> list[str]:
    """Tables (or views) that exist in only one of the two states: created or dropped by the agent."""
    q = ("SELECT schema_name || '.' || table_name FROM duckdb_tables() WHERE database_name = ? "
         "UNION ALL SELECT schema_name || '.' || view_name FROM duckdb_views() WHERE database_name = ? "
         "AND NOT internal")
    before = per_start(start_key and ("objects", start_key),
                       lambda: {r[0] for r in cur.execute(q, [start, start]).fetchall()})
    after = {r[0] for r in cur.execute(q, [work, work]).fetchall()}
    return ([f"{t}: table created, but tasks never create tables" for t in sorted(after - before)]
            + [f"{t}: table dropped" for t in sorted(before - after)])


def diff_database(db: TaskDatabase, tables: dict[str, dict[str, Any]], start_key: str | None = None,
                  likely: set[str] = frozenset(), only: set[str] | None = None,
                  baseline: tuple[int, int, int] | None = None) -> dict[str, TableDiff]:
    """Per changed table: added / removed / changed rows (tables that did not change are absent).

    Every table is checked (see `changed_tables`); `likely` (the tables the tools reported writing)
    go straight to the row diff. `baseline`: the work file's state at the start, which lets the
    write-ahead log narrow the tables to check (see `logged_tables`); without it every table's
    content is compared. `only` restricts the diff to those tables (tests only).
    """
    candidates = (sorted(t for t in tables if t in only) if only is not None
                  else changed_tables(db, tables, start_key, likely, baseline))
    cur = db.con.cursor()
    w, s = db.work_alias, db.start_alias
    out: dict[str, TableDiff] = {}
    for t in candidates:
        cols, pk = tables[t]["columns"], tables[t]["pk"] or tables[t]["columns"]
        if tables[t]["pk"]:  # unique rows: match 64-bit row hashes in one DuckDB join (no per-row Python work)
            new, old = [], []
            for is_new, row in cur.execute(
                    f"SELECT a.h IS NOT NULL, coalesce(a.r, b.r) FROM (SELECT hash(x) AS h, x AS r FROM {w}.{_q(t)} x) a "
                    f"FULL JOIN (SELECT hash(y) AS h, y AS r FROM {s}.{_q(t)} y) b ON a.h = b.h "
                    f"WHERE a.h IS NULL OR b.h IS NULL").fetchall():
                (new if is_new else old).append(to_json_value(dict(row)))
        else:
            new = _rows(cur, f"SELECT * FROM {w}.{_q(t)} EXCEPT ALL SELECT * FROM {s}.{_q(t)}")
            old = _rows(cur, f"SELECT * FROM {s}.{_q(t)} EXCEPT ALL SELECT * FROM {w}.{_q(t)}")
        if not new and not old:
            continue
        key = lambda r: tuple(str(r[c]) for c in pk)  # noqa: E731
        old_by = {key(r): r for r in old}
        new_by = {key(r): r for r in new}
        d = TableDiff(t, pk)
        for k, r in new_by.items():
            if k in old_by:
                o = old_by[k]
                d.changed.append({"key": dict(zip(pk, k)),
                                  "fields": {c: [o[c], r[c]] for c in cols if o[c] != r[c]}})
            else:
                d.added.append(r)
        d.removed = [r for k, r in old_by.items() if k not in new_by]
        d.counts = {"added": len(d.added), "removed": len(d.removed), "changed": len(d.changed)}
        out[t] = d
    cur.close()
    return out


def _rows(cur: Any, sql: str) -> list[dict[str, Any]]:
    res = cur.execute(sql)
    cols = [c[0] for c in res.description]
    return [{c: to_json_value(v) for c, v in zip(cols, row)} for row in res.fetchall()]

"""Fresh databases per task.

One long-lived DuckDB instance per process (threads=1). Each set of domains gets
a template file, built once (schema + seed) and cached on disk by a hash of its
inputs; a task gets a copy of that file on tmpfs, ATTACHed to the instance. The
start state (after the task's setup SQL) stays attached read-only for diffs.
"""

from __future__ import annotations

import fcntl
import hashlib
import itertools
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import duckdb

from .domains import Benchmark
from .errors import DomainError, HarnessError
from .seeding import SeedWriter

TEMPLATE_FORMAT = "3"  # bump when the way templates are built changes
BLOCK_SIZE = 16384

_instance: duckdb.DuckDBPyConnection | None = None
_counter = itertools.count(1)


def instance() -> duckdb.DuckDBPyConnection:
    global _instance
    if _instance is None:
        _instance = duckdb.connect(":memory:", config={"threads": 1})
    return _instance


def scratch_dir() -> Path:
    base = Path(os.environ.get("EOPS_SCRATCH") or ("/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()))
    d = base / f"eops-{os.getpid()}"
    d.mkdir(parents=True, exist_ok=True)
    return d


def cache_dir(bench: Benchmark) -> Path:
    """Where built templates are kept. Keys are content hashes, so one cache serves every checkout."""
    base = os.environ.get("EOPS_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    d = Path(base) / "pytest-enterpriseops" if not os.environ.get("EOPS_CACHE_DIR") else Path(base)
    d.mkdir(parents=True, exist_ok=True)
    return d


def template_key(bench: Benchmark, domains: list[str]) -> str:
    import faker

    h = hashlib.sha256(f"{TEMPLATE_FORMAT}|{duckdb.__version__}|{faker.VERSION}".encode())
    for name in domains:
        h.update(name.encode())
        h.update(bench.domains[name].fingerprint().encode())
    return h.hexdigest()[:20]


_templates: dict[tuple[Path, tuple[str, ...]], Path] = {}


def template(bench: Benchmark, names) -> Path:
    """The template file for these domains (and what they require), built if needed."""
    domains = bench.closure(names)
    memo = (bench.root, tuple(domains))
    if memo in _templates and _templates[memo].exists():
        return _templates[memo]
    path = cache_dir(bench) / f"tpl-{'+'.join(domains)}-{template_key(bench, domains)}.duckdb"
    if not path.exists():
        with open(path.with_suffix(".lock"), "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not path.exists():
                _build_template(bench, domains, path)
    _templates[memo] = path
    return path


def _build_template(bench: Benchmark, domains: list[str], path: Path) -> None:
    tmp = path.with_suffix(f".tmp{os.getpid()}")
    tmp.unlink(missing_ok=True)
    con = instance()
    alias = f"tpl_{os.getpid()}_{next(_counter)}"
    con.execute(f"ATTACH '{tmp}' AS {alias} (BLOCK_SIZE {BLOCK_SIZE})")
    try:
        cur = con.cursor()
        cur.execute(f"USE {alias}")
        for name in domains:
            dom = bench.domains[name]
            for stmt in dom.schema.ddl:
                try:
                    cur.execute(stmt)
                except duckdb.Error as exc:
                    raise DomainError(f"{dom.dir / 'schema.sql'}: {exc}\n  in: {stmt[:200]}") from exc
            mod = dom.seed_module()
            if mod is not None:
                if not hasattr(mod, "seed"):
                    raise DomainError(f"{dom.dir / 'seed.py'}: defines no seed(db) function")
                cur.execute("BEGIN")
                mod.seed(SeedWriter(cur))
                cur.execute("COMMIT")
        cur.close()
        con.execute(f"CHECKPOINT {alias}")
    finally:
        con.execute("USE memory")
        con.execute(f"DETACH {alias}")
    os.replace(tmp, path)


def tables_of(cursor: Any) -> dict[str, dict[str, Any]]:
    """Every user table of the current catalog: {"schema.table": {"columns": [...], "pk": [...]}}."""
    cat = cursor.execute("SELECT current_database()").fetchone()[0]
    out: dict[str, dict[str, Any]] = {}
    for schema, table, column in cursor.execute(
            "SELECT table_schema, table_name, column_name FROM information_schema.columns "
            "WHERE table_catalog = ? AND table_schema NOT IN ('information_schema', 'pg_catalog') "
            "ORDER BY table_schema, table_name, ordinal_position", [cat]).fetchall():
        out.setdefault(f"{schema}.{table}", {"columns": [], "pk": []})["columns"].append(column)
    for schema, table, cols in cursor.execute(
            "SELECT schema_name, table_name, constraint_column_names FROM duckdb_constraints() "
            "WHERE database_name = ? AND constraint_type = 'PRIMARY KEY'", [cat]).fetchall():
        if f"{schema}.{table}" in out:
            out[f"{schema}.{table}"]["pk"] = list(cols)
    return out


class TaskDatabase:
    """A task's private database: `work` (read-write) and `start` (read-only, after setup)."""

    def __init__(self, template_path: Path, setup_sql: str | None = None):
        self.con = instance()
        n = next(_counter)
        self.work_alias, self.start_alias = f"task{n}", f"start{n}"
        d = scratch_dir()
        self.work_path = d / f"{n}-work.duckdb"
        self.start_path: Path | None = None
        self._closed = False
        shutil.copyfile(template_path, self.work_path)
        self.con.execute(f"ATTACH '{self.work_path}' AS {self.work_alias}")
        if setup_sql and setup_sql.strip():
            cur = self.cursor()
            try:
                cur.execute("BEGIN")
                cur.execute(setup_sql)
                cur.execute("COMMIT")
            except duckdb.Error as exc:
                self.close()
                raise HarnessError(f"setup SQL failed: {exc}") from exc
            finally:
                cur.close()
            self.con.execute(f"CHECKPOINT {self.work_alias}")
            self.con.execute(f"DETACH {self.work_alias}")
            self.start_path = d / f"{n}-start.duckdb"
            shutil.copyfile(self.work_path, self.start_path)
            self.con.execute(f"ATTACH '{self.work_path}' AS {self.work_alias}")
        start = self.start_path or template_path
        self.con.execute(f"ATTACH '{start}' AS {self.start_alias} (READ_ONLY)")

    def cursor(self) -> Any:
        """A cursor whose default catalog is this task's working database."""
        cur = self.con.cursor()
        cur.execute(f"USE {self.work_alias}")
        return cur

    def read_cursor(self, which: str = "work") -> Any:
        """A cursor in a READ ONLY transaction on the final (`work`) or `start` state."""
        cur = self.con.cursor()
        cur.execute(f"USE {self.work_alias if which == 'work' else self.start_alias}")
        cur.execute("BEGIN TRANSACTION READ ONLY")
        return cur

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for alias in (self.work_alias, self.start_alias):
            try:
                self.con.execute(f"DETACH DATABASE IF EXISTS {alias}")
            except duckdb.Error:
                pass
        for p in (self.work_path, self.start_path):
            if p is not None:
                p.unlink(missing_ok=True)
                Path(str(p) + ".wal").unlink(missing_ok=True)

    def __enter__(self) -> "TaskDatabase":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

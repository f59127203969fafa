"""Fresh databases per task.

One long-lived DuckDB instance per process (threads=1). Each set of domains gets
a template file, built once (schema + seed) and cached on disk by a hash of its
inputs; a task gets a copy of that file on tmpfs, ATTACHed to the instance. The
start state (after the task's setup SQL) stays attached read-only for diffs.

Task SQL reaches only the task's database: the instance has no external access
outside its scratch and cache directories, no extensions and a locked
configuration; setup runs only INSERT/UPDATE/DELETE statements and verifiers get
cursors that run one SELECT in a read-only transaction (see also sqlguard.py).
Templates are read-only files with a checksum recorded when built, verified the
first time a process uses them.
"""

from __future__ import annotations

import atexit
import fcntl
import hashlib
import itertools
import os
import shutil
import stat
import tempfile
import time
import warnings
from pathlib import Path
from typing import Any

import duckdb

from .domains import Benchmark
from .errors import DomainError, HarnessError
from .seeding import SeedWriter

TEMPLATE_FORMAT = "4"  # bump when the way templates are built changes
BLOCK_SIZE = 16384
SETUP_STATEMENTS = frozenset({"INSERT", "UPDATE", "DELETE"})

_instance: duckdb.DuckDBPyConnection | None = None
_counter = itertools.count(1)


class TemplateRebuiltWarning(UserWarning):
    """A cached template did not match the checksum recorded when it was built, so it was rebuilt."""


def instance() -> duckdb.DuckDBPyConnection:
    """The process-wide DuckDB instance, locked down before any task SQL can run on it."""
    global _instance
    if _instance is None:
        allowed = [f"{scratch_dir()}/", f"{cache_dir()}/"]
        con = duckdb.connect(":memory:", config={"threads": 1, "autoinstall_known_extensions": False,
                                                 "autoload_known_extensions": False})
        con.execute("SET allowed_directories = ?", [allowed])
        try:
            # A task database is deleted right after DETACH: checkpointing its log into it first (the
            # default) is wasted work, ~10 ms of CPU per task on the real domains. Templates and start
            # states are checkpointed explicitly before they are detached.
            con.execute("SET checkpoint_on_detach = 'DISABLED'")
        except duckdb.Error:  # a DuckDB without the setting
            pass
        # No progress bar: DuckDB draws one on stdout for a slow query (a busy machine), into pytest's
        # output, a worker's report or an MCP stdio stream. Cursors inherit the setting.
        con.execute("SET enable_progress_bar = false")
        con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
        _instance = con
    return _instance


_scratch: dict[int, Path] = {}
_scratch_lock_fd: dict[int, int] = {}


def _scratch_base() -> Path:
    return Path(os.environ.get("EOPS_SCRATCH") or ("/dev/shm" if os.path.isdir("/dev/shm") else tempfile.gettempdir()))


def scratch_dir() -> Path:
    """This process's scratch directory (`eops-<pid>`): removed at exit, or swept by a later process
    if this one is killed (its lock on `.owner` is released when it dies, however it dies)."""
    pid = os.getpid()
    if pid in _scratch:
        return _scratch[pid]
    base = _scratch_base()
    base.mkdir(parents=True, exist_ok=True)
    d = base / f"eops-{pid}"
    # Made and locked under a name no sweep looks at, then renamed into place: a sweep in another
    # process never sees an `eops-<pid>` directory whose owner has not locked it yet.
    tmp = Path(tempfile.mkdtemp(prefix=f".eops-{pid}-", dir=base))
    fd = os.open(tmp / ".owner", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(fd, fcntl.LOCK_EX)
    shutil.rmtree(d, ignore_errors=True)  # a dead process's, that had this pid: this pid is ours now
    os.rename(tmp, d)
    _scratch[pid], _scratch_lock_fd[pid] = d, fd
    atexit.register(remove_scratch_dir, pid)
    sweep_scratch(base)
    return d


def remove_scratch_dir(pid: int | None = None) -> None:
    """Remove this process's scratch directory (registered with atexit)."""
    pid = os.getpid() if pid is None else pid
    if pid != os.getpid():
        return  # a forked child inherited the registration: the directory is not its own
    d = _scratch.pop(pid, None)
    fd = _scratch_lock_fd.pop(pid, None)
    if d is not None:
        shutil.rmtree(d, ignore_errors=True)
    if fd is not None:
        os.close(fd)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_scratch(base: Path | None = None, stale_after_s: float = 600.0) -> list[Path]:
    """Remove scratch directories of processes that are gone; returns what was removed.

    A directory whose `.owner` lock can be taken has no living owner. One without a lock
    file (an older engine) goes when its pid is not running and it is older than `stale_after_s`."""
    base = base or _scratch_base()
    removed: list[Path] = []
    try:
        listing = list(base.iterdir())
    except OSError:
        return removed
    entries = [p for p in listing if p.name.startswith("eops-") and p.name[5:].isdigit()]
    for p in listing:  # a directory still being made (scratch_dir) by a process that died doing it
        pid = p.name[6:].split("-", 1)[0] if p.name.startswith(".eops-") else ""
        if pid.isdigit() and int(pid) != os.getpid() and not _pid_alive(int(pid)):
            shutil.rmtree(p, ignore_errors=True)
    for d in entries:
        if int(d.name[5:]) == os.getpid():
            continue
        owner = d / ".owner"
        try:
            if owner.exists():
                fd = os.open(owner, os.O_RDWR)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    continue  # its owner is alive
                try:
                    shutil.rmtree(d, ignore_errors=True)
                finally:
                    os.close(fd)
            elif _pid_alive(int(d.name[5:])) or time.time() - d.stat().st_mtime < stale_after_s:
                continue
            else:
                shutil.rmtree(d, ignore_errors=True)
        except OSError:
            continue
        removed.append(d)
    return removed


_cache_dir: Path | None = None


def cache_dir(bench: Benchmark | None = None) -> Path:
    """Where built templates are kept. Keys are content hashes, so one cache serves every checkout.

    Fixed for the process at its first use: the DuckDB instance may only read files there and in
    the scratch directory, and that is locked when it starts (pytester, for one, changes HOME
    under a running process)."""
    global _cache_dir
    if _cache_dir is None:
        base = os.environ.get("EOPS_CACHE_DIR") or Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
        d = Path(base) / "pytest-enterpriseops" if not os.environ.get("EOPS_CACHE_DIR") else Path(base)
        d.mkdir(parents=True, exist_ok=True)
        _cache_dir = d.resolve()
    return _cache_dir


def template_key(bench: Benchmark, domains: list[str]) -> str:
    import faker

    h = hashlib.sha256(f"{TEMPLATE_FORMAT}|{duckdb.__version__}|{faker.VERSION}".encode())
    for name in domains:
        h.update(name.encode())
        h.update(bench.domains[name].fingerprint().encode())
    return h.hexdigest()[:20]


_templates: dict[tuple[Path, tuple[str, ...]], Path] = {}


def file_checksum(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def checksum_path(path: Path) -> Path:
    return path.with_name(path.name + ".sha256")


def template_is_intact(path: Path) -> bool:
    """Whether the template still has the checksum recorded when it was built."""
    try:
        recorded = checksum_path(path).read_text().strip()
    except OSError:
        return False
    return path.exists() and recorded == file_checksum(path)


def template(bench: Benchmark, names) -> Path:
    """The template file for these domains (and what they require), built if needed.

    The first use in a process verifies the file against its recorded checksum; a template
    that changed since it was built (or has no checksum) is rebuilt, with a warning."""
    domains = bench.closure(names)
    memo = (bench.root, tuple(domains))
    if memo in _templates and _templates[memo].exists():
        return _templates[memo]
    path = cache_dir(bench) / f"tpl-{'+'.join(domains)}-{template_key(bench, domains)}.duckdb"
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.exists() and not template_is_intact(path):
            warnings.warn(TemplateRebuiltWarning(
                f"template {path} does not match the checksum recorded when it was built; rebuilding it"),
                stacklevel=2)
            path.unlink()
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
    Path(str(tmp) + ".wal").unlink(missing_ok=True)
    os.chmod(tmp, stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)  # read-only to tasks (and to anyone else)
    side = checksum_path(path)
    side_tmp = side.with_name(f"{side.name}.tmp{os.getpid()}")
    side_tmp.write_text(file_checksum(tmp) + "\n")
    os.replace(side_tmp, side)
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

    def __init__(self, template_path: Path, setup_sql: str | None = None,
                 resume: tuple[Path, Path | None] | None = None):
        """`resume`: (a `snapshot` of another task database of the same task, that database's start
        file or None): the work state starts as the snapshot, the start state is the other's (shared,
        read-only), and setup is not run again."""
        self.con = instance()
        n = next(_counter)
        self.work_alias, self.start_alias = f"task{n}", f"start{n}"
        d = scratch_dir()
        self.work_path = d / f"{n}-work.duckdb"
        self.start_path: Path | None = None  # owned (removed at close)
        self._closed = False
        if resume is not None:
            snapshot, start_file = resume
            shutil.copyfile(snapshot, self.work_path)
            self.con.execute(f"ATTACH '{self.work_path}' AS {self.work_alias}")
            self.con.execute(f"ATTACH '{start_file or template_path}' AS {self.start_alias} (READ_ONLY)")
            self.start_file = start_file or template_path
            return
        shutil.copyfile(template_path, self.work_path)
        self.con.execute(f"ATTACH '{self.work_path}' AS {self.work_alias}")
        if setup_sql and setup_sql.strip():
            cur = self.cursor()
            try:
                _check_setup_statements(cur, setup_sql)
                cur.execute("BEGIN")
                cur.execute(setup_sql)
                cur.execute("COMMIT")
            except (duckdb.Error, HarnessError) as exc:
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
        self.start_file = start

    def snapshot(self, dest: Path) -> None:
        """Write the current work state to `dest` (a file another TaskDatabase can `resume` from)."""
        self.con.execute(f"CHECKPOINT {self.work_alias}")
        shutil.copyfile(self.work_path, dest)

    def disk_bytes(self) -> int:
        """The scratch space this database holds (its files and write-ahead logs; the template is shared)."""
        total = 0
        for p in (self.work_path, self.start_path):
            for f in (p, p.with_name(p.name + ".wal")) if p is not None else ():
                try:
                    total += f.stat().st_size
                except OSError:
                    pass
        return total

    def cursor(self) -> Any:
        """A cursor whose default catalog is this task's working database."""
        cur = self.con.cursor()
        cur.execute(f"USE {self.work_alias}")
        return cur

    def read_cursor(self, which: str = "work") -> "ReadOnlyCursor":
        """A cursor in a READ ONLY transaction on the final (`work`) or `start` state that runs
        only single SELECT statements (so `COMMIT; UPDATE ...` cannot end the transaction)."""
        cur = self.con.cursor()
        cur.execute(f"USE {self.work_alias if which == 'work' else self.start_alias}")
        cur.execute("BEGIN TRANSACTION READ ONLY")
        return ReadOnlyCursor(cur)

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


def _check_setup_statements(cur: Any, sql: str) -> None:
    """Setup runs only INSERT / UPDATE / DELETE, as DuckDB itself parses the text."""
    try:
        types = [st.type.name for st in cur.extract_statements(sql)]
    except duckdb.Error as exc:
        raise HarnessError(f"setup SQL does not parse: {exc}") from exc
    bad = [t for t in types if t not in SETUP_STATEMENTS]
    if bad:
        raise HarnessError(f"setup SQL may only INSERT, UPDATE or DELETE; it has {', '.join(bad)}")


class ReadOnlyCursor:
    """A DuckDB cursor that executes exactly one SELECT statement per call, in the READ ONLY
    transaction its TaskDatabase opened. Everything else (fetch*, description, close) is the cursor's."""

    __slots__ = ("_cur",)

    def __init__(self, cur: Any):
        self._cur = cur

    def execute(self, sql: str, parameters: Any = None) -> "ReadOnlyCursor":
        statements = self._cur.extract_statements(sql)
        if len(statements) != 1 or statements[0].type.name != "SELECT":
            kinds = ", ".join(st.type.name for st in statements) or "nothing"
            raise duckdb.InvalidInputException(
                f"a read-only cursor runs exactly one SELECT statement, not: {kinds}")
        if parameters is None:
            self._cur.execute(sql)
        else:
            self._cur.execute(sql, parameters)
        return self

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cur, name)

"""`Ctx`: what a tool sees — the task's database cursor, the acting user and role, the frozen clock."""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal
from typing import Any, Iterable

from .errors import ToolError

_WRITE = re.compile(r"^\s*(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+([A-Za-z_]\w*\.[A-Za-z_]\w*)\b",
                    re.IGNORECASE)
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)?$")
_READ = re.compile(r"^\s*(?:SELECT|WITH)\b", re.IGNORECASE)


def _ident(name: str) -> str:
    if not _IDENT.match(name):
        raise ValueError(f"not a plain SQL identifier: {name!r}")
    return name


def _show(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def to_json_value(value: Any) -> Any:
    """DuckDB values to JSON-friendly ones (timestamps as ISO text, decimals as floats)."""
    if isinstance(value, dt.datetime):
        return value.isoformat(timespec="seconds")
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return float(value)
    if isinstance(value, dt.timedelta):
        return value.total_seconds()
    if isinstance(value, list):
        return [to_json_value(v) for v in value]
    if isinstance(value, dict):
        return {k: to_json_value(v) for k, v in value.items()}
    return value


class Ctx:
    """The context handed to every tool call.

    Attributes:
        user_id: the acting identity (`as_user` of the task).
        role: that user's role in the domain of the tool being called, as that domain's manifest
            resolves it (None if unknown). In a hybrid task each domain has its own (`roles`).
        now: the task's frozen clock (timezone-aware UTC). Tools use it, never the wall clock.
    """

    def __init__(self, cursor: Any, user_id: str, role: str | None, now: dt.datetime,
                 task_id: str = "", domains: Iterable[str] = (), roles: dict[str, str | None] | None = None,
                 start_catalog: str | None = None):
        self.cursor = cursor
        self._start_catalog = start_catalog  # the task's start state (read-only), for new_id
        self._issued: dict[tuple[str, str, str], int] = {}  # new_id's high-water mark per (table, column, prefix)
        self._issued_before_call = self._issued
        self.user_id = user_id
        self.role = role
        self._default_role = role
        self.roles = dict(roles or {})
        self.now = now
        self.task_id = task_id
        self.domains = tuple(domains)
        self.wrote = False  # did the current call write (reset by the runtime before each call)
        # The runtime opens a tool call's transaction at its first write (or first statement that is
        # not a plain SELECT), not at the call's start: a read-only call then costs two statements
        # less. `in_transaction` says whether this call has one open (the runtime commits or rolls it back).
        self.in_transaction = False
        self.written: set[str] = set()  # every table written in this episode
        self.untracked_write = False  # a write whose table could not be read from its SQL

    def enter_domain(self, domain: str | None) -> None:
        """Before a tool call: `role` becomes the user's role in the tool's own domain."""
        self.role = self.roles[domain] if domain in self.roles else self._default_role

    # -- one tool call (the runtime brackets every call with these) --------
    def start_call(self, domain: str | None) -> None:
        self.enter_domain(domain)
        self.wrote = False
        self.in_transaction = False  # opened by the call's first write (begin)
        self._issued_before_call = dict(self._issued)

    def finish_call(self) -> None:
        """The call succeeded: commit what it wrote."""
        if self.in_transaction:
            self.cursor.execute("COMMIT")
            self.in_transaction = False

    def abandon_call(self) -> None:
        """The call failed: undo what it wrote; the ids it was handed are not used up."""
        self._issued = self._issued_before_call
        if self.in_transaction:
            self.in_transaction = False
            self.cursor.execute("ROLLBACK")

    # -- reads -------------------------------------------------------------
    def begin(self) -> None:
        """Open the current tool call's transaction, if it has none yet (writes call this first)."""
        if not self.in_transaction:
            self.cursor.execute("BEGIN TRANSACTION")
            self.in_transaction = True

    def _before_read(self, sql: str) -> None:
        if not self.in_transaction and not _READ.match(sql):  # e.g. UPDATE ... RETURNING through a read
            self.begin()

    def all(self, sql: str, *params: Any) -> list[dict[str, Any]]:
        """Rows as dicts with JSON-friendly values."""
        self._before_read(sql)
        cur = self.cursor.execute(sql, list(params))
        cols = [d[0] for d in cur.description]
        return [{c: to_json_value(v) for c, v in zip(cols, row)} for row in cur.fetchall()]

    def one(self, sql: str, *params: Any) -> dict[str, Any] | None:
        rows = self.all(sql, *params)
        return rows[0] if rows else None

    def scalar(self, sql: str, *params: Any) -> Any:
        self._before_read(sql)
        row = self.cursor.execute(sql, list(params)).fetchone()
        return to_json_value(row[0]) if row else None

    MAX_OFFSET = 1_000_000  # far past any table of the benchmark; larger offsets are a model's mistake

    def page(self, sql: str, params: Iterable[Any] = (), *, limit: int = 20, offset: int = 0,
             order_by: str | None = None) -> dict[str, Any]:
        """Paginate a SELECT: {items, total, offset, limit, next_offset}. `sql` must not have ORDER/LIMIT."""
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1 or limit > 100:
            raise ToolError("limit must be between 1 and 100")
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ToolError("offset must be >= 0")
        if offset > self.MAX_OFFSET:
            raise ToolError(f"offset must be at most {self.MAX_OFFSET}; use the total of the first page to page on")
        params = list(params)
        total = self.scalar(f"SELECT count(*) FROM ({sql}) AS q", *params)
        order = f" ORDER BY {order_by}" if order_by else ""
        items = self.all(f"{sql}{order} LIMIT {int(limit)} OFFSET {int(offset)}", *params)
        nxt = offset + limit if offset + limit < total else None
        return {"items": items, "total": total, "offset": offset, "limit": limit, "next_offset": nxt}

    # -- argument checks ---------------------------------------------------
    @staticmethod
    def parse_date(value: Any, field: str) -> dt.date:
        """An ISO date argument (`2025-12-05`; a timestamp's date part is accepted) as a date,
        or a ToolError naming the argument."""
        if isinstance(value, dt.datetime):
            return value.date()
        if isinstance(value, dt.date):
            return value
        text = str(value).strip()
        try:
            if len(text) > 10 and text[10] in "T ":
                return Ctx.parse_timestamp(text, field).date()
            return dt.date.fromisoformat(text)
        except (ValueError, ToolError):
            raise ToolError(f"{field} must be an ISO date like 2025-12-05, got {_show(value)}") from None

    @staticmethod
    def parse_timestamp(value: Any, field: str) -> dt.datetime:
        """An ISO timestamp argument (`2025-12-05T10:00:00Z`, an offset, or a bare date meaning its
        midnight) as a naive UTC datetime (the form the schemas store), or a ToolError."""
        if isinstance(value, dt.datetime):
            ts = value
        elif isinstance(value, dt.date):
            ts = dt.datetime(value.year, value.month, value.day)
        else:
            text = str(value).strip()
            try:
                if len(text) < 10 or not text[:4].isdigit():
                    raise ValueError(text)
                ts = dt.datetime.fromisoformat(text[:-1] + "+00:00" if text.endswith(("Z", "z")) else text)
            except ValueError:
                raise ToolError(f"{field} must be an ISO timestamp like 2025-12-05T10:00:00Z, "
                                f"got {_show(value)}") from None
        if ts.tzinfo is not None:
            try:
                ts = ts.astimezone(dt.timezone.utc).replace(tzinfo=None)
            except OverflowError:
                raise ToolError(f"{field} is out of range: {_show(value)}") from None
        return ts

    # -- writes ------------------------------------------------------------
    def execute(self, sql: str, *params: Any) -> None:
        """Run a parameterized write statement (INSERT INTO / UPDATE / DELETE FROM one table)."""
        self._track(sql)
        self.cursor.execute(sql, list(params))

    def _track(self, sql: str, table: str | None = None) -> None:
        self.begin()
        self.wrote = True
        if table is None:
            m = _WRITE.match(sql)
            table = m.group(1) if m else None
        if table is None:
            self.untracked_write = True
        else:
            self.written.add(table.lower())

    def insert(self, table: str, row: dict[str, Any]) -> dict[str, Any]:
        """Insert one row (column names are the tool's, values are parameters); returns the row."""
        cols = [_ident(c) for c in row]
        marks = ", ".join("?" for _ in cols)
        self.execute(f"INSERT INTO {_ident(table)} ({', '.join(cols)}) VALUES ({marks})", *row.values())
        return {k: to_json_value(v) for k, v in row.items()}

    def update(self, table: str, where: dict[str, Any], values: dict[str, Any]) -> int:
        """Update rows matching every `where` column; returns how many rows matched."""
        if not values:
            return 0
        cond = " AND ".join(f"{_ident(c)} = ?" for c in where)
        sets = ", ".join(f"{_ident(c)} = ?" for c in values)
        self._track("", _ident(table))
        return len(self.cursor.execute(f"UPDATE {_ident(table)} SET {sets} WHERE {cond} RETURNING 1",
                                       [*values.values(), *where.values()]).fetchall())

    def delete(self, table: str, where: dict[str, Any]) -> int:
        cond = " AND ".join(f"{_ident(c)} = ?" for c in where)
        self._track("", _ident(table))
        return len(self.cursor.execute(f"DELETE FROM {_ident(table)} WHERE {cond} RETURNING 1",
                                       list(where.values())).fetchall())

    # -- system-generated values ------------------------------------------
    def new_id(self, table: str, column: str, prefix: str, width: int = 4) -> str:
        """The next id `prefix + zero-padded number` after the largest one in `table.column`.

        Deterministic and independent of call order elsewhere: same start state, same ids.
        An id is never issued twice in a task, as in a real system: not an id of a row the task
        started with and the agent deleted, nor one issued earlier in the task (even if that row is
        gone again). Otherwise a delete followed by a create would hand the new row the old row's id,
        and the diff would see one row changed instead of one removed and one added.
        """
        tbl, col = _ident(table), _ident(column)
        # Only prefix + digits is a sequence number: DuckDB's cast would read an instance id's suffix such as
        # '000317_20251217' as 31720251217 (it takes '_' for a digit separator).
        suffix = f"substr({col}, {len(prefix) + 1})"
        num = f"max(CASE WHEN regexp_full_match({suffix}, '[0-9]+') THEN CAST({suffix} AS BIGINT) END)"
        sql = f"SELECT {num} FROM {tbl} WHERE starts_with({col}, ?)"
        params: list[Any] = [prefix]
        if self._start_catalog is not None:
            sql = (f"SELECT max(n) FROM ({sql} UNION ALL SELECT {num} FROM {_ident(self._start_catalog)}.{tbl} "
                   f"WHERE starts_with({col}, ?)) AS t(n)")
            params.append(prefix)
        key = (tbl.lower(), col.lower(), prefix)
        n = max(self.scalar(sql, *params) or 0, self._issued.get(key, 0)) + 1
        self._issued[key] = n
        return f"{prefix}{n:0{width}d}"

    def timestamp(self) -> dt.datetime:
        """The frozen clock as a naive UTC timestamp, the form the schemas store."""
        return self.now.astimezone(dt.timezone.utc).replace(tzinfo=None)

    def require(self, row: dict[str, Any] | None, what: str, key: Any) -> dict[str, Any]:
        """Return `row`, or raise a ToolError saying `what` with `key` was not found."""
        if row is None:
            raise ToolError(f"{what} '{key}' not found")
        return row

"""The writer a domain's `seed.py` gets: `def seed(db: SeedWriter) -> None`."""

from __future__ import annotations

from typing import Any, Iterable

from .context import _ident

_BATCH = 400


class SeedWriter:
    """Bulk inserts and reads against the template being built."""

    def __init__(self, cursor: Any):
        self.cursor = cursor

    def insert(self, table: str, rows: Iterable[dict[str, Any]]) -> int:
        """Insert dict rows (all with the same keys) in batches; returns the count."""
        rows = list(rows)
        if not rows:
            return 0
        cols = list(rows[0])
        for i, r in enumerate(rows):
            if list(r) != cols:
                raise ValueError(f"seed rows for {table} differ in columns (row {i}: {sorted(r)} vs {sorted(cols)})")
        head = f"INSERT INTO {_ident(table)} ({', '.join(_ident(c) for c in cols)}) VALUES "
        one = "(" + ", ".join("?" for _ in cols) + ")"
        for start in range(0, len(rows), _BATCH):
            batch = rows[start:start + _BATCH]
            params = [r[c] for r in batch for c in cols]
            self.cursor.execute(head + ", ".join(one for _ in batch), params)
        return len(rows)

    def query(self, sql: str, *params: Any) -> list[dict[str, Any]]:
        cur = self.cursor.execute(sql, list(params))
        cols = [d[0] for d in cur.description]
        return [dict(zip(cols, row)) for row in cur.fetchall()]

    def execute(self, sql: str, *params: Any) -> None:
        self.cursor.execute(sql, list(params))

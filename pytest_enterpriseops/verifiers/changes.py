"""`changes_only` (nothing outside a list of tables changed) and the automatic integrity check."""

from __future__ import annotations

from typing import Any

from ..diff import quote_table as _q
from ..schema import Relationship
from ..task import Verifier
from .base import VerifierResult, VerifyInput

INTEGRITY_NAME = "no dangling references in changed rows"


def check(v: Verifier, inp: VerifyInput) -> VerifierResult:
    allowed = set(v.changes_only or [])
    outside = {t: d.counts for t, d in inp.diff.items() if t not in allowed}
    changed = {t: d.counts for t, d in inp.diff.items()}
    msg = ("unexpected changes in: " + ", ".join(sorted(outside))) if outside else ""
    return VerifierResult(v.name, v.category, "changes_only", v.line, not outside,
                          expected=f"changes only in {sorted(allowed) or 'no table'}",
                          actual=changed or "no changes", message=msg, builtin=v.builtin)


def check_integrity(v: Verifier, inp: VerifyInput) -> VerifierResult:
    return VerifierResult(v.name, v.category, "integrity", v.line, not inp.integrity,
                          expected="every reference in an added or changed row resolves",
                          actual=inp.integrity or "ok", builtin=True)



def dangling_references(cur: Any, work: str, start: str, diff: dict[str, Any], rels: list[Relationship],
                        tables: dict[str, dict[str, Any]]) -> list[str]:
    """References the agent broke: a reference set in an added row or changed by the agent that does
    not resolve, and rows still referencing a row the agent removed. Start-state data is not judged."""
    problems: list[str] = []
    for r in rels:
        ref_cols = list(r.ref_columns) or tables.get(r.ref_table, {}).get("pk", [])
        if r.ref_table not in tables or len(ref_cols) != len(r.columns):
            continue
        d = diff.get(r.table)
        values: set[tuple] = set()
        if d is not None:
            for row in d.added:
                values.add(tuple(row.get(c) for c in r.columns))
            for ch in d.changed:
                if any(c in ch["fields"] for c in r.columns):
                    values.add(tuple(ch["fields"][c][1] if c in ch["fields"] else ch["key"].get(c)
                                     for c in r.columns))
        values = {v for v in values if all(x is not None for x in v)}
        if values:
            n = len(r.columns)
            rows = ", ".join("(" + ", ".join("?" for _ in range(n)) + ")" for _ in values)
            names = ", ".join(f"v{i}" for i in range(n))
            join = " AND ".join(f'p."{rc}" = x.v{i}' for i, rc in enumerate(ref_cols))
            missing = cur.execute(
                f"SELECT {names} FROM (VALUES {rows}) x({names}) WHERE NOT EXISTS "
                f"(SELECT 1 FROM {work}.{_q(r.ref_table)} p WHERE {join})",
                [x for v in sorted(values, key=str) for x in v]).fetchall()
            for m in missing:
                problems.append(f"{r.table}: {', '.join(r.columns)}={list(m)} has no {r.ref_table} row")
        rd = diff.get(r.ref_table)
        if rd is not None and rd.removed and r.table in tables:
            gone = {tuple(row.get(c) for c in ref_cols) for row in rd.removed}
            cond = " OR ".join("(" + " AND ".join(f'c."{c}" = ?' for c in r.columns) + ")" for _ in gone)
            n = cur.execute(f"SELECT count(*) FROM {work}.{_q(r.table)} c WHERE {cond}",
                            [x for v in sorted(gone, key=str) for x in v]).fetchone()[0]
            if n:
                problems.append(f"{n} {r.table} row(s) still reference removed {r.ref_table} rows")
    return problems

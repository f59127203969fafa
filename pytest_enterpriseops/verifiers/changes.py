"""`changes_only` (nothing outside a list of tables changed) and the automatic integrity check."""

from __future__ import annotations

from typing import Any

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


def _q(table: str) -> str:
    return ".".join(f'"{p}"' for p in table.split("."))


def dangling_references(cur: Any, work: str, diff: dict[str, Any], rels: list[Relationship],
                        tables: dict[str, dict[str, Any]]) -> list[str]:
    """References from added/changed rows that do not resolve, and references to removed rows."""
    problems: list[str] = []
    for r in rels:
        ref_cols = list(r.ref_columns) or tables.get(r.ref_table, {}).get("pk", [])
        if r.ref_table not in tables or len(ref_cols) != len(r.columns):
            continue
        join = " AND ".join(f'p."{rc}" = c."{c}"' for c, rc in zip(r.columns, ref_cols))
        notnull = " AND ".join(f'c."{c}" IS NOT NULL' for c in r.columns)
        d = diff.get(r.table)
        if d is not None and (d.added or d.changed):
            pk = d.pk
            keys = [tuple(row[k] for k in pk) for row in d.added] + \
                   [tuple(ch["key"][k] for k in pk) for ch in d.changed]
            for key in keys:
                cond = " AND ".join(f'c."{k}" = ?' for k in pk)
                row = cur.execute(
                    f"SELECT {', '.join(f'c.{chr(34)}{c}{chr(34)}' for c in r.columns)} FROM {work}.{_q(r.table)} c "
                    f"WHERE {cond} AND {notnull} AND NOT EXISTS "
                    f"(SELECT 1 FROM {work}.{_q(r.ref_table)} p WHERE {join})", list(key)).fetchone()
                if row:
                    problems.append(f"{r.table} {dict(zip(pk, key))}: {', '.join(r.columns)}={list(row)} "
                                    f"has no {r.ref_table} row")
        rd = diff.get(r.ref_table)
        if rd is not None and rd.removed:
            for old in rd.removed:
                vals = [old.get(rc) for rc in ref_cols]
                cond = " AND ".join(f'c."{c}" = ?' for c in r.columns)
                n = cur.execute(f"SELECT count(*) FROM {work}.{_q(r.table)} c WHERE {cond}", vals).fetchone()[0]
                still = cur.execute(
                    f"SELECT count(*) FROM {work}.{_q(r.ref_table)} p WHERE "
                    + " AND ".join(f'p."{rc}" = ?' for rc in ref_cols), vals).fetchone()[0]
                if n and not still:
                    problems.append(f"{n} {r.table} row(s) still reference removed {r.ref_table} {vals}")
    return problems

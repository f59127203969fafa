"""`changes_only` (every changed row is one the task accounts for) and the automatic integrity check."""

from __future__ import annotations

from typing import Any

from ..diff import quote_table as _q
from ..footprint import row_key
from ..invariants import rows_where_not
from ..schema import Relationship
from ..task import Verifier
from .base import VerifierResult, VerifyInput

INTEGRITY_NAME = "no dangling references in changed rows"


_SHOW = 5  # unexpected rows named per verifier


def _fields(ch: dict[str, Any], limit: int = 3) -> str:
    items = list(ch["fields"].items())
    text = ", ".join(f"{c}: {_short(old)} → {_short(new)}" for c, (old, new) in items[:limit])
    return text + (f", +{len(items) - limit} more" if len(items) > limit else "")


def _short(v: Any, n: int = 40) -> str:
    t = repr(v)
    return t if len(t) <= n else t[: n - 1] + "…"


def _key_text(pk: list[str], key: tuple[str, ...]) -> str:
    return ", ".join(f"{c}={v}" for c, v in zip(pk, key))


def _added_text(pk: list[str], row: dict[str, Any], limit: int = 3) -> str:
    rest = [(c, v) for c, v in row.items() if c not in pk and v not in (None, "", False)][:limit]
    return _key_text(pk, row_key(row, pk)) + (f" ({', '.join(f'{c}: {_short(v, 30)}' for c, v in rest)})" if rest else "")


def unexpected_changes(v: Verifier, inp: VerifyInput) -> list[str]:
    """Every added, changed or removed row the task does not account for (empty: all accounted for)."""
    rules = v.changes_only or {}
    problems = list(inp.schema_changes)
    for t in sorted(inp.diff):
        d = inp.diff[t]
        changed = [(tuple(str(ch["key"][c]) for c in d.pk), ch) for ch in d.changed]
        removed = [row_key(r, d.pk) for r in d.removed]
        rule = rules.get(t)
        if rule is None:
            what = ", ".join(f"{n} {k}" for k, n in d.counts.items() if n)
            sample = ([f"row {_key_text(d.pk, k)} changed ({_fields(ch)})" for k, ch in changed[:2]]
                      + [f"row {_key_text(d.pk, row_key(r, d.pk))} added" for r in d.added[:2]]
                      + [f"row {_key_text(d.pk, k)} removed" for k in removed[:2]])
            problems.append(f"{t}: {what} row(s), but the task changes nothing in this table"
                            + (f" — {'; '.join(sample[:3])}" if sample else ""))
            continue
        if rule.where is None:
            fp = inp.footprint().table(t)
            bad_changed = [(k, ch) for k, ch in changed if k not in fp.changed]
            bad_removed = [k for k in removed if k not in fp.removed]
            bad_added: list[tuple[str, ...]] = []
            scope = "a row this task does not change"
        else:
            start_bad = set(inp.query("start", rows_where_not, t, d.pk, {k for k, _ in changed} | set(removed),
                                           rule.where))
            bad_changed = [(k, ch) for k, ch in changed if k in start_bad]
            bad_removed = [k for k in removed if k in start_bad]
            bad_added = inp.query("work", rows_where_not, t, d.pk, {row_key(r, d.pk) for r in d.added}, rule.where)
            scope = f"outside `{rule.where}`"
        for k, ch in bad_changed:
            problems.append(f"{t}: row {_key_text(d.pk, k)} changed ({_fields(ch)}) — {scope}")
        for k in bad_removed:
            problems.append(f"{t}: row {_key_text(d.pk, k)} removed — {scope}")
        for k in bad_added:
            problems.append(f"{t}: row {_key_text(d.pk, k)} added — {scope}")
        limit = rule.added
        if limit == "gold":
            limit = None if t in inp.append_only else inp.footprint().table(t).added
        if limit != "any" and limit is not None and len(d.added) > limit:
            shown = "; ".join(_added_text(d.pk, r) for r in d.added[:3]) + (" …" if len(d.added) > 3 else "")
            problems.append(f"{t}: {len(d.added)} row(s) added where the task adds {limit}"
                            + (" (a duplicate?)" if limit else "") + f" — added: {shown}")
    return problems


def check(v: Verifier, inp: VerifyInput) -> VerifierResult:
    problems = unexpected_changes(v, inp)
    changed = {t: d.counts for t, d in inp.diff.items()}
    shown = problems[:_SHOW] + ([f"(+{len(problems) - _SHOW} more)"] if len(problems) > _SHOW else [])
    tables = sorted(v.changes_only or {})
    expected = (f"only the rows the task changes, in {tables}" if tables else "no change at all")
    return VerifierResult(v.name, v.category, "changes_only", v.line, not problems,
                          expected=expected, actual=changed or "no changes",
                          message="; ".join(shown), builtin=v.builtin)


def check_integrity(v: Verifier, inp: VerifyInput) -> VerifierResult:
    return VerifierResult(v.name, v.category, "integrity", v.line, not inp.integrity,
                          expected="every reference in an added or changed row resolves",
                          actual=inp.integrity or "ok", builtin=True)



def dangling_references(cur: Any, work: str, start: str, diff: dict[str, Any], rels: list[Relationship],
                        tables: dict[str, dict[str, Any]]) -> list[str]:
    """References the agent broke: a reference set in an added row or changed by the agent that does
    not resolve, and rows still referencing a row the agent removed. Start-state data is not judged.

    All relationships are checked in one query (a UNION ALL of one branch per relationship to check):
    each DuckDB statement costs a fixed ~0.3 ms, which dominated this check when it ran one per branch."""
    branches: list[str] = []
    params: list[Any] = []
    labels: list[tuple[str, Relationship, list[tuple]]] = []  # per branch: kind, relationship, values sent
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
            sent = sorted(values, key=str)
            rows = ", ".join(f"({i}, " + ", ".join("?" for _ in range(n)) + ")" for i in range(len(sent)))
            names = ", ".join(f"v{i}" for i in range(n))
            join = " AND ".join(f'p."{rc}" = x.v{i}' for i, rc in enumerate(ref_cols))
            branches.append(f"SELECT {len(labels)} AS b, x.i AS i, NULL::BIGINT AS n "
                            f"FROM (VALUES {rows}) x(i, {names}) WHERE NOT EXISTS "
                            f"(SELECT 1 FROM {work}.{_q(r.ref_table)} p WHERE {join})")
            params += [x for v in sent for x in v]
            labels.append(("missing", r, sent))
        rd = diff.get(r.ref_table)
        if rd is not None and rd.removed and r.table in tables:
            gone = {tuple(row.get(c) for c in ref_cols) for row in rd.removed}
            cond = " OR ".join("(" + " AND ".join(f'c."{c}" = ?' for c in r.columns) + ")" for _ in gone)
            branches.append(f"SELECT {len(labels)} AS b, NULL::INTEGER AS i, count(*) AS n "
                            f"FROM {work}.{_q(r.table)} c WHERE {cond} HAVING count(*) > 0")
            params += [x for v in sorted(gone, key=str) for x in v]
            labels.append(("still", r, []))
    if not branches:
        return []
    found = cur.execute(" UNION ALL ".join(f"({b})" for b in branches), params).fetchall()
    problems: list[str] = []
    for b, i, n in sorted(found, key=lambda t: (t[0], -1 if t[1] is None else t[1])):
        kind, r, sent = labels[b]
        if kind == "missing":
            problems.append(f"{r.table}: {', '.join(r.columns)}={list(sent[i])} has no {r.ref_table} row")
        else:
            problems.append(f"{n} {r.table} row(s) still reference removed {r.ref_table} rows")
    return problems

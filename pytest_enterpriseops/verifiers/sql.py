"""`sql` + `expect` (+ `compare`): a query on the final state against an expected value."""

from __future__ import annotations

from typing import Any

import duckdb

from ..context import to_json_value
from ..task import Verifier
from .base import VerifierError, VerifierResult, VerifyInput


def _norm(v: Any) -> Any:
    v = to_json_value(v)
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, (list, tuple)):
        return [_norm(x) for x in v]
    return v


def _key(v: Any) -> str:
    return repr(v)


def _rows(expect: Any) -> list[list[Any]]:
    return [[_norm(x) for x in r] if isinstance(r, (list, tuple)) else [_norm(r)] for r in expect]


class ShapeMismatch(Exception):
    """The query's result has a shape the verifier did not expect: the verifier fails (not an error)."""


# Errors in the query's text or names are the author's; anything else at run time comes from the
# data, which the agent may have shaped (a value that no longer casts), so it fails the verifier.
AUTHORING_ERRORS = (duckdb.ParserException, duckdb.BinderException, duckdb.CatalogException)


def compare(op: str, actual: Any, expected: Any, ordered: bool) -> bool:
    if isinstance(expected, list):
        exp_rows = _rows(expected)
        act_rows = actual if isinstance(actual, list) else [[actual]]
        if op == "contains":
            pool = [_key(r) for r in act_rows]
            for r in exp_rows:
                if _key(r) not in pool:
                    return False
                pool.remove(_key(r))
            return True
        if not ordered:
            exp_rows, act_rows = sorted(exp_rows, key=_key), sorted(act_rows, key=_key)
        same = exp_rows == act_rows
        if op == "eq":
            return same
        if op == "ne":
            return not same
        raise VerifierError(f"compare '{op}' does not apply to a list of rows")
    if isinstance(actual, list):
        raise ShapeMismatch(f"the query returned {len(actual)} row(s) of {len(actual[0]) if actual else 0} "
                            "column(s), but 'expect' is a single value")
    expected = _norm(expected)
    if op == "contains":
        return actual is not None and str(expected) in str(actual)
    if op in ("eq", "ne"):
        return (actual == expected) == (op == "eq")
    if actual is None or expected is None:
        return False
    try:
        return {"gt": actual > expected, "ge": actual >= expected,
                "lt": actual < expected, "le": actual <= expected}[op]
    except TypeError as exc:
        raise ShapeMismatch(f"cannot compare {actual!r} with {expected!r}: {exc}") from None


def run_query(cur: Any, sql: str, want_rows: bool) -> Any:
    res = cur.execute(sql)
    rows = [[_norm(v) for v in r] for r in res.fetchall()]
    if want_rows:
        return rows
    if len(rows) == 1 and len(rows[0]) == 1:
        return rows[0][0]
    if not rows:
        return None
    return rows


def check(v: Verifier, inp: VerifyInput) -> VerifierResult:
    op = "" if v.compare == "eq" else f"{v.compare} "
    base = dict(expected=f"{op}{v.expect!r}" if op else v.expect, sql=v.sql.strip(), builtin=v.builtin)
    try:
        actual = inp.query("work", run_query, v.sql, isinstance(v.expect, list))
    except AUTHORING_ERRORS as exc:
        raise VerifierError(f"verifier '{v.name}' (line {v.line}): SQL failed: {exc}") from exc
    except duckdb.Error as exc:
        return VerifierResult(v.name, v.category, "sql", v.line, False, actual=None,
                              message=f"the query failed on the final state: {type(exc).__name__}: {exc}", **base)
    try:
        ok, message = compare(v.compare, actual, v.expect, v.ordered), ""
    except ShapeMismatch as exc:
        ok, message = False, str(exc)
    return VerifierResult(v.name, v.category, "sql", v.line, ok, actual=actual, message=message, **base)

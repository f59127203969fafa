"""Domain invariants (verifiers/<domain>.yaml) checked over the rows the agent added or changed."""

from __future__ import annotations

from typing import Any

import duckdb

from ..footprint import row_key
from ..invariants import Invariant, violations
from .base import VerifierError, VerifierResult, VerifyInput


def touched_keys(d: Any) -> set[tuple[str, ...]]:
    """Primary keys of the rows of one table diff that exist in the final state (added or changed)."""
    return {row_key(r, d.pk) for r in d.added} | {tuple(str(ch["key"][c]) for c in d.pk) for ch in d.changed}


def check_invariants(invariants: list[Invariant], inp: VerifyInput) -> list[VerifierResult]:
    """One result per invariant whose table the agent touched (an untouched table cannot break it)."""
    out = []
    for inv in invariants:
        d = inp.diff.get(inv.table)
        keys = touched_keys(d) if d is not None else set()
        if not keys:
            continue
        try:
            bad = inp.query("work", violations, inv, d.pk, keys)
        except duckdb.Error as exc:
            raise VerifierError(f"{inv.where}: invariant '{inv.name}': SQL failed: {exc}") from exc
        shown = bad[:5] + ([f"(+{len(bad) - 5} more)"] if len(bad) > 5 else [])
        out.append(VerifierResult(inv.label, inv.category, "invariant", inv.line, not bad,
                                  expected=f"{inv.table}: {inv.holds}", actual=shown or "holds",
                                  message=(f"{len(bad)} touched row(s) break it ({inv.path.name}:{inv.line})"
                                           if bad else ""), builtin=True))
    return out

"""Running a task's verifiers against its final state."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from ..task import Task, Verifier


@dataclass
class VerifierResult:
    name: str
    category: str
    kind: str
    line: int
    passed: bool | None  # None: not judged (a judge rubric without --judge)
    expected: Any = None
    actual: Any = None
    sql: str | None = None
    message: str = ""
    builtin: bool = False

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class VerifierError(Exception):
    """A verifier could not be evaluated (bad SQL, a judge failure): an authoring or harness problem."""


@dataclass
class VerifyInput:
    task: Task
    read: Callable[[], Any]  # a fresh read-only cursor on the final state
    diff: dict[str, Any]  # table -> TableDiff
    integrity: list[str]  # dangling references found
    final_answer: str | None
    judge: Any | None  # a callable(rubric, task, answer) -> (score, reasoning), or None
    read_start: Callable[[], Any] | None = None  # a fresh read-only cursor on the start state
    footprint_of: Callable[[], Any] | None = None  # the gold footprint (computed on first use)
    append_only: set[str] = field(default_factory=set)
    schema_changes: list[str] = field(default_factory=list)  # tables created or dropped
    _footprint: Any = None
    _cursors: dict[str, Any] = field(default_factory=dict)  # one read-only cursor per state, shared

    def footprint(self) -> Any:
        if self._footprint is None:
            from ..footprint import Footprint

            self._footprint = self.footprint_of() if self.footprint_of else Footprint()
        return self._footprint

    def query(self, which: str, fn: Callable[..., Any], *args: Any) -> Any:
        """`fn(cursor, *args)` on the read-only cursor of the final (`work`) or `start` state.

        The verifiers of one task share that cursor (and its READ ONLY transaction); a query that
        fails takes it out of use, since a failed statement can leave its transaction aborted."""
        cur = self._cursors.get(which)
        if cur is None:
            cur = self._cursors[which] = (self.read if which == "work" else self.read_start)()
        try:
            return fn(cur, *args)
        except BaseException:
            self._cursors.pop(which, None)
            cur.close()
            raise

    def close(self) -> None:
        """Close the shared cursors (before the task's database is closed)."""
        while self._cursors:
            _, cur = self._cursors.popitem()
            try:
                cur.close()
            except Exception:  # noqa: BLE001 - closing only
                pass


def run_verifiers(verifiers: list[Verifier], inp: VerifyInput) -> list[VerifierResult]:
    from . import changes, response, sql

    kinds = {"sql": sql.check, "changes_only": changes.check, "response": response.check}
    results = []
    for v in verifiers:
        if v.name == changes.INTEGRITY_NAME and v.builtin:
            results.append(changes.check_integrity(v, inp))
        else:
            results.append(kinds[v.kind](v, inp))
    return results

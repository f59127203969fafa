"""Running a task's verifiers against its final state."""

from __future__ import annotations

from dataclasses import asdict, dataclass
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

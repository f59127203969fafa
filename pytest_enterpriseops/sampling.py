"""`--eops-sample N`: run a seeded random sample of N tasks per domain (hybrid tasks are a domain of
their own), every run of each picked task.

A task's place in its domain's order is a hash of the seed and its id, so the sample is the same on
every machine, in every xdist worker and under `-k`/`-m` (it is drawn from what those leave), and a
task added to a domain changes that domain's sample by at most one task.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest


def rank(seed: int, task_id: str) -> str:
    return hashlib.sha256(f"{seed}:{task_id}".encode()).hexdigest()


def pick(ids_by_domain: dict[str, set[str]], per_domain: int, seed: int) -> set[str]:
    """The first `per_domain` task ids of each domain, ordered by `rank`."""
    out: set[str] = set()
    for ids in ids_by_domain.values():
        out.update(sorted(ids, key=lambda i: rank(seed, i))[:per_domain])
    return out


class TaskSample:
    def __init__(self, per_domain: int, seed: int):
        self.per_domain, self.seed = per_domain, seed

    def describe(self) -> str:
        return f"{self.per_domain} per domain, seed {self.seed}"

    # trylast: after -k/-m have deselected (pytest's own hooks). Registered before the session state: of two
    # trylast hooks pluggy calls the earlier-registered one first, so this runs before --eops-resume leaves
    # out the runs already done, and a resumed run keeps its sample
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        by_domain: dict[str, set[str]] = {}
        for item in items:
            task = getattr(item, "task", None)
            if task is not None:
                by_domain.setdefault(task.domain or "hybrid", set()).add(task.id)
        picked = pick(by_domain, self.per_domain, self.seed)
        keep: list[Any] = []
        drop: list[Any] = []
        for item in items:
            task = getattr(item, "task", None)
            (keep if task is None or task.id in picked else drop).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

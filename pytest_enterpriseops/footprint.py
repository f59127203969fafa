"""The gold footprint of a task: which rows its gold solution changes, removes and adds.

Row-level side-effect checks compare the agent's changes with it. It comes from running the
gold solution on a fresh copy of the task's database (cached on disk by the content of the task
as parsed, the domains' data and the tools' code, so it is computed once per task and machine).
Changed and removed rows are keyed by primary key; added rows are counted per table, because
their generated ids depend on the order in which a valid path creates them.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .domains import Benchmark
    from .task import Task

FOOTPRINT_FORMAT = "2"


def row_key(row: dict[str, Any], pk: list[str]) -> tuple[str, ...]:
    """A row's primary key as text (the form the diff keys rows by)."""
    return tuple(str(row[c]) for c in pk)


@dataclass
class TableFootprint:
    changed: set[tuple[str, ...]] = field(default_factory=set)
    removed: set[tuple[str, ...]] = field(default_factory=set)
    added: int = 0


@dataclass
class Footprint:
    tables: dict[str, TableFootprint] = field(default_factory=dict)

    def table(self, name: str) -> TableFootprint:
        return self.tables.get(name) or TableFootprint()

    @classmethod
    def of_diff(cls, diff: dict[str, Any]) -> "Footprint":
        fp = cls()
        for t, d in diff.items():
            fp.tables[t] = TableFootprint(
                changed={tuple(str(ch["key"][c]) for c in d.pk) for ch in d.changed},
                removed={row_key(r, d.pk) for r in d.removed},
                added=len(d.added))
        return fp

    def to_json(self) -> dict[str, Any]:
        return {t: {"changed": sorted(map(list, f.changed)), "removed": sorted(map(list, f.removed)),
                    "added": f.added} for t, f in sorted(self.tables.items())}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Footprint":
        return cls({t: TableFootprint({tuple(k) for k in f["changed"]}, {tuple(k) for k in f["removed"]},
                                      int(f["added"])) for t, f in data.items()})


def _cache_dir() -> Path | None:
    from .task import derived_cache_dir

    return derived_cache_dir("footprints")


def cache_key(bench: "Benchmark", task: "Task", content: bytes | None = None) -> str:
    from . import sandbox

    domains = bench.closure(task.domain_list)
    h = hashlib.sha256(f"{FOOTPRINT_FORMAT}|{sandbox.template_key(bench, domains)}".encode())
    for d in domains:
        h.update(bench.domains[d].tools_fingerprint().encode())
    # The parsed task, not the file on disk: a file edited after it was loaded must not file this
    # task's footprint under the new content's key. Its path is left out: the same task in another
    # checkout (or a benchmark's generated project) has the same footprint.
    h.update(_content(task) if content is None else content)
    return h.hexdigest()[:32]


def _content(task: "Task") -> bytes:
    return task.model_dump_json(exclude={"path"}).encode()


_memo: dict[tuple[Any, ...], Footprint] = {}


def gold_footprint(bench: "Benchmark", task: "Task") -> Footprint:
    """The rows the task's gold solution changes (computed on a fresh database, cached on disk and
    per process)."""
    content = _content(task)
    memo_key = (bench.root, hashlib.sha256(content).digest())
    if memo_key not in _memo:
        _memo[memo_key] = _gold_footprint(bench, task, content)
    return _memo[memo_key]


def _gold_footprint(bench: "Benchmark", task: "Task", content: bytes) -> Footprint:
    cache = _cache_dir()
    key = cache_key(bench, task, content)
    hit = cache / key[:2] / f"{key}.json" if cache is not None else None
    if hit is not None:
        try:
            return Footprint.from_json(json.loads(hit.read_text()))
        except (OSError, ValueError, KeyError, TypeError):
            pass
    fp = compute(bench, task)
    if hit is not None:
        try:
            hit.parent.mkdir(parents=True, exist_ok=True)
            tmp = hit.with_name(f".{hit.name}.{os.getpid()}.tmp")
            tmp.write_text(json.dumps(fp.to_json()))
            os.replace(tmp, hit)
        except OSError:
            pass
    return fp


def compute(bench: "Benchmark", task: "Task") -> Footprint:
    from .runner import RunOptions, TaskSession

    s = TaskSession(bench, task, 1, RunOptions(tools_mode="oracle", max_steps=100_000, task_timeout=120))
    try:
        s.replay([(step.tool, step.args) for step in task.solution])
        return Footprint.of_diff(s.diff())
    finally:
        s.close()

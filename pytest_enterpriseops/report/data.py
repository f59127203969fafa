"""Loading saved runs (results directories) for the report and `eops compare`."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..stats import summarize_by_domain


class ReportError(Exception):
    """A results directory that cannot be read; the message says which and why."""


@dataclass
class Run:
    """One saved run: its run.json, its task-run records, and the summary recomputed from them."""

    path: Path
    info: dict[str, Any]
    records: list[dict[str, Any]]
    saved_summary: dict[str, Any] | None = None
    warnings: list[str] = field(default_factory=list)
    label: str = ""
    _summary: dict[str, Any] | None = None

    @property
    def summary(self) -> dict[str, Any]:
        """Per-domain and overall numbers, computed by `stats` from the records (the source of truth)."""
        if self._summary is None:
            self._summary = summarize_by_domain(self.records) if self.records else {"overall": None, "domains": {}}
        return self._summary

    @property
    def agent(self) -> str:
        return str(self.info.get("agent") or self.path.name)

    @property
    def options(self) -> dict[str, Any]:
        return dict(self.info.get("options") or {})

    @property
    def model(self) -> str | None:
        preset = self.info.get("preset") or {}
        return preset.get("model") if isinstance(preset, dict) else None


def is_run_dir(path: Path) -> bool:
    return (path / "tasks").is_dir() or (path / "run.json").is_file()


def expand_dirs(paths: Iterable[Path]) -> list[Path]:
    """Results directories named on the command line; a folder of runs (e.g. .eops/runs) expands to its runs."""
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if not p.is_dir():
            raise ReportError(f"{p}: not a directory")
        if is_run_dir(p):
            out.append(p)
            continue
        children = sorted(c for c in p.iterdir() if c.is_dir() and is_run_dir(c))
        if not children:
            raise ReportError(f"{p}: not a results directory (no run.json or tasks/ inside, nor runs below it)")
        out.extend(children)
    return out


def load_run(path: Path) -> Run:
    path = Path(path)
    warnings: list[str] = []
    info: dict[str, Any] = {}
    if (path / "run.json").is_file():
        try:
            info = json.loads((path / "run.json").read_text())
        except (OSError, ValueError) as exc:
            warnings.append(f"run.json unreadable: {exc}")
    else:
        warnings.append("no run.json (options and versions unknown)")
    saved = None
    if (path / "summary.json").is_file():
        try:
            saved = json.loads((path / "summary.json").read_text())
        except (OSError, ValueError) as exc:
            warnings.append(f"summary.json unreadable: {exc}")
    elif info and not info.get("finished_at"):
        warnings.append("no summary.json: the run did not finish (the report covers the task runs saved so far)")
    records = []
    tasks_dir = path / "tasks"
    if tasks_dir.is_dir():
        for p in sorted(tasks_dir.glob("*.json")):
            try:
                rec = json.loads(p.read_text())
            except (OSError, ValueError) as exc:
                warnings.append(f"{p.name}: unreadable ({exc}); skipped")
                continue
            if not isinstance(rec, dict) or "task_id" not in rec or "outcome" not in rec:
                warnings.append(f"{p.name}: not a task-run record; skipped")
                continue
            records.append(normalize(rec))
    if not records:
        warnings.append("no task-run records")
    records.sort(key=lambda r: (r["task_id"], r["run_index"]))
    return Run(path=path, info=info, records=records, saved_summary=saved, warnings=warnings)


def normalize(rec: dict[str, Any]) -> dict[str, Any]:
    """Fill the fields the summary needs, so a partial or older record does not break the report."""
    rec.setdefault("run_index", 1)
    rec.setdefault("domain", "unknown")
    rec.setdefault("domains", [rec["domain"]])
    rec.setdefault("tags", [])
    rec.setdefault("feasible", True)
    rec.setdefault("gold_steps", 0)
    rec["steps"] = rec.get("steps") or 0
    rec["usage"] = rec.get("usage") or {}
    rec["verifiers"] = rec.get("verifiers") or []
    rec.setdefault("transcript", [])
    rec["diff"] = rec.get("diff") or {}
    return rec


def load_runs(paths: Iterable[Path]) -> list[Run]:
    runs = [load_run(p) for p in expand_dirs(paths)]
    if not runs:
        raise ReportError("no results directories given")
    assign_labels(runs)
    return runs


_LABEL_OPTIONS = (("tools_mode", "tools"), ("loop", "loop"), ("plan", "plan"), ("max_steps", "max-steps"))


def assign_labels(runs: list[Run]) -> None:
    """Short, distinct names: the agent, plus the options that differ between the runs, plus the folder if needed."""
    for run in runs:
        run.label = run.agent
    if len(runs) > 1:
        for key, name in _LABEL_OPTIONS:
            values = {str(r.options.get(key)) for r in runs if r.options.get(key) is not None}
            if len(values) > 1:
                for r in runs:
                    if r.options.get(key) is not None:
                        r.label += f" {name}={r.options.get(key)}"
        params = {tuple(r.options.get("agent_params") or ()) for r in runs}
        if len(params) > 1:  # an ablation over --agent-param (e.g. reasoning_effort=low / high)
            for r in runs:
                if r.options.get("agent_params"):
                    r.label += " " + " ".join(r.options["agent_params"])
    seen: dict[str, int] = {}
    for r in runs:
        seen[r.label] = seen.get(r.label, 0) + 1
    for r in runs:
        if seen[r.label] > 1:
            r.label += f" ({r.path.name})"
    final: dict[str, int] = {}
    for r in runs:  # still equal (same folder name under different parents): number them
        final[r.label] = final.get(r.label, 0) + 1
        if final[r.label] > 1:
            r.label += f" #{final[r.label]}"


def categories(runs: Iterable[Run]) -> list[str]:
    """Verifier categories present, in the benchmark's usual order first."""
    order = ["completion", "integrity", "policy", "side_effect"]
    found = {v.get("category") for run in runs for r in run.records for v in r["verifiers"] if v.get("category")}
    return [c for c in order if c in found] + sorted(found - set(order))

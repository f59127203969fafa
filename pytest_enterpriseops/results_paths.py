"""Where a run's results go, and who owns them (light: imported when pytest configures).

A results directory belongs to one session: the controller claims it when pytest configures —
a new default directory is created atomically (so two sessions started in the same second get
two directories), and a lock file is held until the session ends. A directory that already holds
results is refused unless the user says what to do with them: `--eops-resume` (keep them, run only
the task runs that have none) or `--eops-overwrite` (clear them first).
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
from pathlib import Path
from typing import Any

LOCK_NAME = ".eops.lock"
RESULT_MARKERS = ("run.json", "summary.json")


class RunDirError(Exception):
    """The results directory cannot be used by this session; the message says why and what to do."""


def safe_name(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "_" for c in text)[:60] or "agent"


def default_out_dir(base: Path, agent: str) -> Path:
    """`.eops/runs/<time>_<agent>/` under the pytest rootdir, created atomically (unique within a second)."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    parent = base / ".eops" / "runs"
    parent.mkdir(parents=True, exist_ok=True)
    name, n = f"{stamp}_{safe_name(agent)}", 1
    while True:
        path = parent / (name if n == 1 else f"{name}-{n}")
        try:
            path.mkdir()  # atomic: exactly one session gets each name
            return path
        except FileExistsError:
            n += 1


def result_files(out_dir: Path) -> list[Path]:
    tasks = out_dir / "tasks"
    return sorted(tasks.glob("*.json")) if tasks.is_dir() else []


def has_results(out_dir: Path) -> bool:
    return any((out_dir / m).exists() for m in RESULT_MARKERS) or bool(result_files(out_dir))


def read_run_json(out_dir: Path) -> dict[str, Any]:
    try:
        data = json.loads((out_dir / "run.json").read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class RunDirectory:
    """The claimed results directory of this session: created or checked, locked, and cleaned up."""

    def __init__(self, path: Path, created: bool, default: bool = False):
        self.path = path
        self.created = created  # this session made the directory (remove it again if nothing was written)
        self.default = default  # a default .eops/runs/<time>_<agent> directory
        self._lock: Any = None

    @classmethod
    def claim(cls, explicit: Path | None, default_base: Path, agent_label: str, *, resume: bool,
              overwrite: bool) -> "RunDirectory":
        if resume and overwrite:
            raise RunDirError("--eops-resume and --eops-overwrite exclude each other")
        if resume and explicit is None:
            raise RunDirError("--eops-resume needs --eops-out DIR (the results directory to resume)")
        if explicit is None:
            rd = cls(default_out_dir(default_base, agent_label), created=True, default=True)
        else:
            existed = explicit.exists()
            if existed and not explicit.is_dir():
                raise RunDirError(f"--eops-out {explicit}: exists and is not a directory")
            explicit.mkdir(parents=True, exist_ok=True)
            rd = cls(explicit, created=not existed)
        rd._acquire()
        try:
            if has_results(rd.path):
                if overwrite:
                    rd.clear()
                elif not resume:
                    raise RunDirError(
                        f"results directory {rd.path} already holds results ({len(result_files(rd.path))} task "
                        "result file(s)); use --eops-resume to run only the task runs that have no result yet, "
                        "--eops-overwrite to clear it first, or another --eops-out")
        except BaseException:
            rd.release()
            raise
        return rd

    def _acquire(self) -> None:
        from filelock import FileLock, Timeout

        lock = FileLock(str(self.path / LOCK_NAME), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise RunDirError(f"results directory {self.path} is in use by another pytest session "
                              "(its lock file is held); wait for it to finish or choose another --eops-out") from None
        self._lock = lock

    def clear(self) -> None:
        """Remove everything in the directory but the lock (for --eops-overwrite)."""
        for child in self.path.iterdir():
            if child.name == LOCK_NAME:
                continue
            if child.is_dir() and not child.is_symlink():
                shutil.rmtree(child)
            else:
                child.unlink()

    def remove_stale_tmp(self) -> None:
        """Half-written files of writers that were killed (every writer has stopped when this runs)."""
        for p in [*self.path.glob(".*.tmp"), *(self.path / "tasks").glob(".*.tmp")]:
            try:
                p.unlink()
            except OSError:
                pass

    def rename_for(self, agent_label: str) -> None:
        """Rename a default directory after the agent that really ran (known only once a task ran)."""
        stem = self.path.name.split("_", 1)[0]
        parent, name, n = self.path.parent, f"{stem}_{safe_name(agent_label)}", 1
        if self.path.name == name:
            return
        while True:
            target = parent / (name if n == 1 else f"{name}-{n}")
            try:
                target.mkdir()  # claim the name atomically, then move onto the empty directory
            except FileExistsError:
                n += 1
                continue
            try:
                os.replace(self.path, target)
            except OSError:
                target.rmdir()
                return
            self.path = target
            return

    def release(self, remove_if_empty: bool = False) -> None:
        if self._lock is not None:
            try:
                self._lock.release()
            except Exception:
                pass
            self._lock = None
        if remove_if_empty and self.created:
            try:
                (self.path / LOCK_NAME).unlink(missing_ok=True)
                if not any(self.path.iterdir()):
                    self.path.rmdir()
                    if self.default:  # and .eops/runs, .eops if this left them empty
                        for parent in (self.path.parent, self.path.parent.parent):
                            parent.rmdir()
            except OSError:
                pass

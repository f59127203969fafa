"""Finding task files and loading them (shared by the CLI commands)."""

from __future__ import annotations

from pathlib import Path

from ..domains import Benchmark, benchmark_for
from ..errors import EopsError, TaskFileError
from ..items import is_task_file, validate_against_benchmark
from ..task import Task, load_task


def task_files(paths: list[str] | str) -> list[Path]:
    out: list[Path] = []
    for p in [paths] if isinstance(paths, str) else paths:
        path = Path(p)
        if path.is_file():
            out.append(path.resolve())
        elif path.is_dir():
            out.extend(sorted(q.resolve() for q in path.rglob("*.y*ml") if q.suffix in (".yaml", ".yml")))
        else:
            raise SystemExit(f"eops: no such file or directory: {p}")
    return sorted({p for p in out if is_task_file(p)})


def load_all(paths: list[str] | str) -> tuple[list[tuple[Task, Benchmark]], list[str]]:
    """Valid tasks with their benchmark, and error messages for invalid files (file:line: field: ...)."""
    tasks, errors, seen = [], [], {}
    for f in task_files(paths):
        try:
            bench = benchmark_for(is_task_file(f))
            task = load_task(f)
            validate_against_benchmark(task, bench)
        except TaskFileError as exc:
            errors.append(str(exc))
            continue
        except EopsError as exc:
            errors.append(f"{f}: {exc}")
            continue
        if task.id in seen:
            errors.append(f"{f}:{task.line}: field 'id': duplicate task id '{task.id}' (also in {seen[task.id]})")
            continue
        seen[task.id] = f
        tasks.append((task, bench))
    return tasks, errors

"""Shared fixtures of the engine's own tests."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

# In-process pytester runs restore sys.modules afterwards; a C extension such as
# duckdb must not be imported a second time in one process, so import the engine
# (and through it duckdb) before any pytester run takes its snapshot.
import concurrent.futures.process  # noqa: F401
import pytest_enterpriseops.cli.check  # noqa: F401
import pytest_enterpriseops.items  # noqa: F401
import pytest_enterpriseops.runner  # noqa: F401
import pytest_enterpriseops.results  # noqa: F401

FIXTURE_BENCH = Path(__file__).parent / "fixture_bench"


@pytest.fixture
def bench(pytester: pytest.Pytester) -> Path:
    """A copy of the fixture benchmark (demo helpdesk) as the pytester project."""
    for name in ("db", "tools", "tasks"):
        shutil.copytree(FIXTURE_BENCH / name, pytester.path / name,
                        ignore=shutil.ignore_patterns("__pycache__"))
    pytester.makeini("[pytest]\n")  # no repo-level addopts inside the project
    return pytester.path


def write_task(root: Path, task_id: str, body: str, domain_dir: str = "demo") -> Path:
    path = root / "tasks" / domain_dir / f"{task_id}.yaml"
    path.write_text(textwrap.dedent(body).lstrip())
    return path

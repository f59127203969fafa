"""Repo-level pytest settings only.

The fixture benchmark under tests/fixture_bench is run by the engine's own tests
through pytester; plain `pytest` (testpaths = tests) must not collect its tasks,
but `pytest tests/fixture_bench/tasks --agent=oracle` given explicitly still works.
"""

from pathlib import Path


def pytest_ignore_collect(collection_path: Path, config):
    if collection_path.name != "fixture_bench":
        return None
    explicit = [Path(str(a).split("::")[0]).resolve() for a in config.args]
    wanted = any(p == collection_path or collection_path in p.parents for p in explicit)
    return None if wanted else True

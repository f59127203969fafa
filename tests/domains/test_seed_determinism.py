"""A domain's seed is the same data in every process: nothing may depend on hash randomization
(iterating a set of strings), the wall clock or the machine. Built twice under different
PYTHONHASHSEEDs in fresh processes, every table must hash the same."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOMAINS = sorted(p.parent.name for p in (ROOT / "db").glob("*/seed.py") if p.parent.name != "org")

DIGEST = r"""
import sys, tempfile
from pathlib import Path
import duckdb
from pytest_enterpriseops import sandbox
from pytest_enterpriseops.domains import benchmark_for
bench = benchmark_for(Path(sys.argv[1]))
path = sandbox.template(bench, [sys.argv[2]])
con = duckdb.connect(str(path), read_only=True)
con.execute("SET enable_progress_bar = false")  # a slow hash on a busy machine would draw one on stdout
for schema, table in con.execute("SELECT schema_name, table_name FROM duckdb_tables() ORDER BY 1, 2").fetchall():
    n, h = con.execute(f"SELECT count(*), coalesce(sum(hash(t)), 0) FROM {schema}.{table} t").fetchone()
    print(schema, table, n, h)
"""


def _digest(domain: str, hash_seed: str, cache: Path) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "EOPS_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", DIGEST, str(ROOT), domain], env=env, capture_output=True, text=True,
                         timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return out.stdout


@pytest.mark.slow
@pytest.mark.parametrize("domain", DOMAINS)
def test_seed_does_not_depend_on_the_process(domain, tmp_path):
    first = _digest(domain, "1", tmp_path / "a")
    second = _digest(domain, "2", tmp_path / "b")
    diff = [f"{a}  vs  {b}" for a, b in zip(first.splitlines(), second.splitlines()) if a != b]
    assert not diff, f"{domain}: tables differ between two builds:\n" + "\n".join(diff)

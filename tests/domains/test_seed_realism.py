"""Every domain's seed reads like a real system's history at the frozen clock: nothing that has
already happened (created, decided, sent, logged in) is dated after `now`, and no filler text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_enterpriseops import sandbox
from pytest_enterpriseops.domains import benchmark_for

ROOT = Path(__file__).resolve().parents[2]
# Columns whose meaning is a point in the future or a window (due dates, plans, expiries, schedules).
FORWARD = re.compile(r"due|plan|expir|start|end|sched|effective|valid|until|retention|review_by|next|deadline|renew|"
                     r"return|target|follow|remind|available|deliver|expected|window|travel|leave|term|notice|purge|"
                     r"last_day|occurs|recur|snooze|send_at|publish_at|date_value")
FILLER = ("lorem", "ipsum", "dolor sit")
BENCH = benchmark_for(ROOT)
DOMAINS = sorted(d for d in BENCH.domains if d != "org")


def _cursor(domain: str):
    db = sandbox.TaskDatabase(sandbox.template(BENCH, [domain]), None)
    return db, db.read_cursor("start")


def _columns(cur, domain: str, type_condition: str) -> list[tuple[str, str, str]]:
    return cur.execute("SELECT schema_name, table_name, column_name FROM duckdb_columns() WHERE schema_name = ? "
                       f"AND {type_condition}", [domain]).fetchall()


@pytest.mark.parametrize("domain", DOMAINS)
def test_nothing_that_happened_is_dated_after_now(domain):
    now = BENCH.default_now([domain]).replace(tzinfo=None)
    db, cur = _cursor(domain)
    try:
        late = []
        for schema, table, column in _columns(cur, domain, "data_type LIKE 'TIMESTAMP%'"):
            if FORWARD.search(column):
                continue
            n = cur.execute(f'SELECT count(*) FROM {schema}.{table} WHERE "{column}" > ?', [now]).fetchone()[0]
            if n:
                late.append(f"{schema}.{table}.{column}: {n} row(s) after {now}")
        assert not late, "\n".join(late)
    finally:
        db.close()


LOREM = re.compile(r"\bfake\.(sentence|sentences|paragraph|paragraphs|text|texts|word|words)\(")


@pytest.mark.parametrize("domain", DOMAINS)
def test_no_filler_text(domain):
    """Faker's lorem provider writes word salad; seed text comes from per-domain templates. A draw
    kept only so later personal data keeps its values must say so (`keep_stream` / 'drawn and dropped')."""
    seed = ROOT / "db" / domain / "seed.py"
    bad = [f"{seed.name}:{n}: {line.strip()}" for n, line in enumerate(seed.read_text().splitlines(), 1)
           if LOREM.search(line) and "keep_stream(" not in line and "drawn and dropped" not in line]
    assert not bad, "\n".join(bad)
    db, cur = _cursor(domain)
    try:
        hits = []
        for schema, table, column in _columns(cur, domain, "data_type = 'VARCHAR'"):
            cond = " OR ".join(f'lower("{column}") LIKE \'%{w}%\'' for w in FILLER)
            n = cur.execute(f"SELECT count(*) FROM {schema}.{table} WHERE {cond}").fetchone()[0]
            if n:
                hits.append(f"{schema}.{table}.{column}: {n}")
        assert not hits, hits
    finally:
        db.close()

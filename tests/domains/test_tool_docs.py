"""The tool-documentation rule: every list/search tool says in its description in which order it
returns results (a task may depend on it; an agent cannot see the SQL)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pytest_enterpriseops.domains import benchmark_for

BENCH = benchmark_for(Path(__file__).resolve().parents[2])
ORDER_WORDS = re.compile(r"order|sorted|newest|oldest|ascending|descending|earliest|latest first", re.I)


def _lists(tool) -> bool:
    props = tool.parameters.get("properties", {})
    return "limit" in props or "offset" in props or bool(re.match(r"([a-z]+_)?(list|find|search|suggest)_", tool.name + "_"))


@pytest.mark.parametrize("domain", sorted(d for d in BENCH.domains if d != "org"))
def test_every_list_tool_documents_its_order(domain):
    missing = [name for name, t in sorted(BENCH.domains[domain].tools.items())
               if _lists(t) and not name.endswith("_by_number") and not ORDER_WORDS.search(t.description)]
    assert not missing, f"{domain}: list/search tools without a documented default order: {', '.join(missing)}"

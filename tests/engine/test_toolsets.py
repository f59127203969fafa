"""Tool modes: oracle, plusN distractors (deterministic), the whole domain."""

from __future__ import annotations

from pathlib import Path

import pytest

from pytest_enterpriseops.domains import Benchmark
from pytest_enterpriseops.toolsets import select_tools

ROOT = Path(__file__).parents[1] / "fixture_bench"


@pytest.fixture(scope="module")
def tools():
    return Benchmark(ROOT).all_tools(["demo"])


def test_oracle_is_the_tasks_list(tools):
    assert select_tools(["get_ticket", "update_ticket"], tools, "oracle") == ["get_ticket", "update_ticket"]


def test_plus_n_adds_the_most_similar_tools_deterministically(tools):
    a = select_tools(["get_ticket", "update_ticket"], tools, "plus5")
    b = select_tools(["get_ticket", "update_ticket"], tools, "plus5")
    assert a == b and a[:2] == ["get_ticket", "update_ticket"] and len(a) == 7 and len(set(a)) == 7
    assert select_tools(["get_ticket"], tools, "plus1") == ["get_ticket", "get_ticket_user"]  # closest first
    assert len(select_tools(["get_ticket"], tools, "plus15")) == len(tools)  # capped by the domain's size


def test_domain_is_every_tool(tools):
    assert select_tools(["get_ticket"], tools, "domain") == sorted(tools)


def test_unknown_mode(tools):
    with pytest.raises(ValueError, match="unknown tools mode"):
        select_tools(["get_ticket"], tools, "plus")

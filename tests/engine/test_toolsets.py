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


def _bench_with_session_tools(tmp_path, names):
    import shutil
    shutil.copytree(ROOT, tmp_path / "b")
    manifest = tmp_path / "b" / "db" / "demo" / "domain.yaml"
    manifest.write_text(manifest.read_text() + f"session_tools: [{', '.join(names)}]\n")
    return Benchmark(tmp_path / "b")


def test_session_tools_are_offered_in_every_task_of_the_domain(tmp_path):
    from pytest_enterpriseops.task import load_task
    bench = _bench_with_session_tools(tmp_path, ["get_ticket_user"])
    task = load_task(next((tmp_path / "b" / "tasks").rglob("*.yaml")))
    offered = bench.task_tools(task)
    assert offered[:len(task.tools)] == list(task.tools) and "get_ticket_user" in offered
    assert offered.count("get_ticket_user") == 1


def test_a_session_tool_that_does_not_exist_is_named(tmp_path):
    from pytest_enterpriseops.domains import DomainError
    bench = _bench_with_session_tools(tmp_path, ["who_am_i"])
    with pytest.raises(DomainError, match="session_tools names 'who_am_i'"):
        bench.session_tools(["demo"])

"""The pytest plugin (entry point `pytest11: enterpriseops`).

Importing this module does nothing but define hooks; it acts only when pytest
collects task files (YAML files under a benchmark root's tasks/ folder).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .keys import STATE_KEY

# The fixtures live in their own module; pytest finds them here, among the plugin's attributes.
from .fixtures import TASK_MARKER_HELP, eops_agent, eops_db, eops_episode_pool, eops_task_run  # noqa: F401,E402


def pytest_addoption(parser: pytest.Parser) -> None:
    g = parser.getgroup("enterpriseops", "enterpriseops benchmark")
    g.addoption("--agent", default=None, help="agent: oracle | noop | replay:DIR | python:pkg.mod:attr | <preset>")
    g.addoption("--runs", type=int, default=1, help="runs per task (k for pass^k); items are named <id>[rN]")
    g.addoption("--tools", dest="eops_tools", default="oracle",
                help="tools offered: oracle (the task's list) | plus5 | plus10 | plus15 | domain")
    g.addoption("--plan", dest="eops_plan", default="none", help="plan given to the agent: none | human | <preset>")
    g.addoption("--loop", dest="eops_loop", default=None, help="agent loop override: react | planner | decompose")
    g.addoption("--max-steps", dest="eops_max_steps", type=int, default=50, help="tool calls per task (default 50)")
    g.addoption("--task-timeout", dest="eops_task_timeout", type=float, default=900.0,
                help="seconds per task before it is an ERROR (default 900)")
    g.addoption("--judge", dest="eops_judge", default=None, help="preset of the LLM judge for response rubrics")
    g.addoption("--eops-out", default=None, help="results directory (default .eops/runs/<time>_<agent>/); "
                "one holding results is refused unless --eops-resume or --eops-overwrite")
    g.addoption("--eops-resume", action="store_true", default=False,
                help="with --eops-out: run only the task runs that have no result file yet, then summarize all")
    g.addoption("--eops-overwrite", action="store_true", default=False,
                help="with --eops-out: clear the results directory first")
    g.addoption("--eops-cache", default=None, help="directory of the model-response cache")
    g.addoption("--eops-min-pass", type=_rate, default=None,
                help="gate: exit non-zero if overall pass@1 is below this rate (0-1, or a percentage: 90%%)")
    g.addoption("--eops-baseline", default=None, help="gate: a summary.json (or results dir) to compare with")
    g.addoption("--eops-max-drop", dest="eops_max_drop", type=_points, default=None,
                help="gate: with --eops-baseline, the largest allowed drop of pass@1 in percentage points")
    g.addoption("--eops-max-errors", dest="eops_max_errors", type=_count, default=0,
                help="gate: the most harness ERRORs a gated run may have (default 0)")
    g.addoption("--eops-concurrency", dest="eops_concurrency", type=int, default=1,
                help="episodes in flight per pytest process (model time overlaps; results in order)")
    g.addoption("--eops-held-mb", dest="eops_held_mb", type=_count, default=512,
                help="with --eops-concurrency: no new episode starts while ended ones waiting for their "
                     "turn hold more than this many MB of task databases (default 512)")
    g.addoption("--eops-html", default=None, help="write the HTML run report to this file at the end")
    g.addoption("--eops-sample", dest="eops_sample", type=_positive, default=None, metavar="N",
                help="run a seeded random sample of N tasks per domain (hybrid counts as one), e.g. 25")
    g.addoption("--eops-sample-seed", dest="eops_sample_seed", type=int, default=0,
                help="the seed of --eops-sample (default 0)")
    from .runner_options import add_display_and_param_options

    add_display_and_param_options(g)


def _rate(text: str) -> float:
    from .gates import parse_rate

    return parse_rate(text)


def _points(text: str) -> float:
    from .gates import parse_points

    return parse_points(text)


def _positive(text: str) -> int:
    import argparse

    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of tasks per domain, at least 1, not {text!r}")
    return n


def _count(text: str) -> int:
    from .gates import parse_count

    return parse_count(text)


def pytest_configure(config: pytest.Config) -> None:
    from .session_state import EopsState

    config.addinivalue_line("markers", TASK_MARKER_HELP)
    state = EopsState(config)
    config.stash[STATE_KEY] = state
    if state.sample is not None:  # before the state, so that its hook runs before --eops-resume's (sampling.py)
        config.pluginmanager.register(state.sample, "enterpriseops-sample")
    config.pluginmanager.register(state, "enterpriseops-session")
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_XdistHooks(state), "enterpriseops-xdist")
    if not state.is_worker:
        from .progress import LiveProgress

        config.pluginmanager.register(LiveProgress(config, state), "enterpriseops-progress")


class _XdistHooks:
    def __init__(self, state: Any):
        self.state = state

    def pytest_configure_node(self, node: Any) -> None:
        node.workerinput["eops_out"] = str(self.state.out_dir)
        node.workerinput["eops_done"] = sorted(self.state.done)

    @pytest.hookimpl(optionalhook=True)
    def pytest_xdist_node_collection_finished(self, node: Any, ids: list[str]) -> None:
        self.state.node_collected(ids)


def pytest_collect_file(file_path: Path, parent: pytest.Collector):
    if file_path.suffix not in (".yaml", ".yml"):
        return None
    from .items import TaskFile, is_task_file

    return TaskFile.from_parent(parent, path=file_path) if is_task_file(file_path) else None


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session: pytest.Session) -> None:
    from .keys import POOL_KEY

    pool = session.config.stash.get(POOL_KEY, None)
    if pool is not None:
        pool.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    report = yield
    run = getattr(item, "_eops_run", None)  # set only on task items
    if run is not None and ((call.when == "setup" and report.failed) or call.when == "call"):
        state = item.config.stash[STATE_KEY]
        if state.signals.received:
            # SIGINT/SIGTERM arrived while this task ran and something (e.g. DuckDB's "Query interrupted")
            # turned it into an ordinary exception: the task was cut off, not failed — stop the session.
            raise KeyboardInterrupt(f"received {state.signals.received}")
        state.finish_item(item, run, call, report)
    return report

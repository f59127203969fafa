"""Options of a task run (light: imported when pytest configures)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

TOOL_MODES = ("oracle", "plus5", "plus10", "plus15", "domain")


@dataclass
class RunOptions:
    tools_mode: str = "oracle"  # oracle | plusN | domain
    plan: str = "none"  # none | human | <planner preset>
    max_steps: int = 50
    task_timeout: float = 900.0
    judge: Any = None  # callable(rubric, task, answer) -> (score, reasoning)
    full_diff: bool = False  # scan every table for changes instead of the tables tools wrote


PROGRESS_MODES = ("auto", "on", "off")


def add_display_and_param_options(group: Any) -> None:
    """The live progress line and per-run preset overrides (added to pytest's option group)."""
    group.addoption("--agent-param", dest="eops_agent_params", action="append", default=[], metavar="KEY=VALUE",
                    help="override a preset parameter (repeatable; dotted keys; JSON values): "
                         "reasoning_effort=high, thinking.budget_tokens=32000, model=NAME, temperature=0")
    group.addoption("--eops-progress", dest="eops_progress", default="auto", choices=PROGRESS_MODES,
                    help="live progress line (done/total, pass@1 so far, errors, tokens, cost, ETA): "
                         "auto (on a terminal and not -q) | on | off")

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

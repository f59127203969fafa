"""Which tools a task offers: its own list (oracle), plus N similar distractors, or its whole domains."""

from __future__ import annotations

import re

from .tools import Tool

from .runner_options import TOOL_MODES as MODES


def _tokens(t: Tool) -> set[str]:
    words = re.findall(r"[a-z]+", (t.name.replace("_", " ") + " " + t.description).lower())
    return {w for w in words if len(w) > 2}


def select_tools(task_tools: list[str], domain_tools: dict[str, Tool], mode: str) -> list[str]:
    """Tool names to offer, in a stable order. Distractors are the most similar other tools of the
    task's domains (Jaccard similarity of name and description words to the task's tools), ties by
    name — so every run of a task gets the same N."""
    if mode == "oracle":
        return list(task_tools)
    if mode == "domain":
        return sorted(set(domain_tools) | set(task_tools))
    m = re.fullmatch(r"plus(\d+)", mode)
    if not m:
        raise ValueError(f"unknown tools mode '{mode}' (choose from {', '.join(MODES)})")
    n = int(m.group(1))
    own = [_tokens(domain_tools[t]) for t in task_tools if t in domain_tools]

    def score(t: Tool) -> float:
        mine = _tokens(t)
        return max((len(mine & o) / len(mine | o) for o in own if mine | o), default=0.0)

    others = sorted((t for name, t in domain_tools.items() if name not in task_tools),
                    key=lambda t: (-score(t), t.name))
    return list(task_tools) + [t.name for t in others[:n]]

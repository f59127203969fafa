"""LLM agents from presets: provider adapters (anthropic, openai chat/responses, google-genai),
loops (react, planner, decompose), retries, usage and cost, an optional response cache, and
the LLM judge. No vendor SDK is imported until a preset needs it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable

from ..registry import find_preset, load_preset
from .presets import LOOPS, Preset, PresetError, Secret, parse_preset, resolve_key

__all__ = ["agent_from_preset", "judge_from_preset", "PresetError"]


def _usable(raw: dict[str, Any]) -> tuple[Preset, Secret]:
    from .providers import check_sdk

    preset = parse_preset(raw)
    problem = check_sdk(preset)
    if problem:
        raise PresetError(f"agent preset '{preset.name}': {problem}")
    return preset, resolve_key(preset)


def _named(name: str, roots: list[Path], what: str) -> tuple[Preset, Secret]:
    path = find_preset(name, roots)
    if path is None:
        raise PresetError(f"{what} '{name}': no preset agents/{name}.yaml under {', '.join(map(str, roots))}")
    return _usable(load_preset(path))


def agent_from_preset(preset: dict[str, Any], options: dict[str, Any], search_roots: Iterable[Path] = ()):
    """Build the agent for `--agent NAME`. Raises PresetError (an AgentSpecError) before any task
    runs when the preset is malformed, its SDK is missing or its API key variable is unset."""
    from .agent import LLMAgent

    roots = [Path(r) for r in search_roots]
    p, secret = _usable(preset)
    loop = options.get("loop") or p.loop
    if loop not in LOOPS:
        raise PresetError(f"--loop {loop}: choose one of {', '.join(LOOPS)}")
    plan = str(options.get("plan") or "none")
    planner = None
    if plan not in ("none", "human"):
        planner = _named(plan, roots, "--plan")
        plan = "planner"
    elif loop in ("planner", "decompose") and p.planner:
        planner = _named(p.planner, roots, f"preset '{p.name}' planner")
    return LLMAgent(p, secret, loop=loop, plan=plan, planner=planner, cache_dir=options.get("cache_dir"))


def judge_from_preset(preset: dict[str, Any], options: dict[str, Any], search_roots: Iterable[Path] = ()):
    """A sync callable (rubric, task, answer) -> (score 0-10, reasoning) for `--judge PRESET`."""
    from .judge import LLMJudge

    p, secret = _usable(preset)
    return LLMJudge(p, secret, cache_dir=options.get("cache_dir"))

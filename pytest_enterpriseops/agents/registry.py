"""`--agent NAME`: built-ins, `replay:DIR`, `python:pkg.mod:attr`, entry points, and YAML presets."""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any, Iterable

import yaml

from .scripted import NoopAgent, OracleAgent, ReplayAgent

ENTRY_POINT_GROUP = "enterpriseops.agents"
BUILTINS = {"oracle": OracleAgent, "noop": NoopAgent}


class AgentSpecError(Exception):
    """--agent names something that does not exist or cannot be built."""


def known_loops() -> tuple[str, ...]:
    """The agent loops --loop accepts (defined with the LLM presets; imported lazily: that module imports us)."""
    from .llm.presets import LOOPS

    return tuple(LOOPS)


def agent_identity(agent: Any) -> dict[str, Any]:
    """How results name an agent: its own `name` (and `version`, if it has one), else its class."""
    name = getattr(agent, "name", None)
    ident: dict[str, Any] = {"name": str(name) if name else type(agent).__name__}
    version = getattr(agent, "version", None)
    if version is not None and not callable(version):
        ident["version"] = str(version)
    return ident


def _instantiate(obj: Any, label: str) -> Any:
    def is_agent(x: Any) -> bool:  # run(episode), or a privileged scripted agent's run_with_gold(episode, gold)
        return hasattr(x, "run") or (getattr(x, "uses_gold", False) and hasattr(x, "run_with_gold"))

    agent = obj() if isinstance(obj, type) or (callable(obj) and not is_agent(obj)) else obj
    if not is_agent(agent):
        raise AgentSpecError(f"{label} is not an agent (it has no async run(episode) method)")
    if not hasattr(agent, "name"):
        try:
            agent.name = label
        except AttributeError:
            pass
    return agent


def preset_dirs(search_roots: Iterable[Path]) -> list[Path]:
    seen, out = set(), []
    for root in search_roots:
        d = (Path(root) / "agents").resolve()
        if d.is_dir() and d not in seen:
            seen.add(d)
            out.append(d)
    return out


def find_preset(name: str, search_roots: Iterable[Path]) -> Path | None:
    for d in preset_dirs(search_roots):
        for ext in (".yaml", ".yml"):
            if (d / f"{name}{ext}").exists():
                return d / f"{name}{ext}"
    return None


def list_presets(search_roots: Iterable[Path]) -> list[str]:
    return sorted({p.stem for d in preset_dirs(search_roots) for p in d.glob("*.y*ml")})


def load_preset(path: Path) -> dict[str, Any]:
    data = yaml.safe_load(path.read_text()) or {}
    if not isinstance(data, dict):
        raise AgentSpecError(f"{path}: a preset is a mapping (provider, model, ...)")
    data.setdefault("name", path.stem)
    return data


def build_agent(spec: str, search_roots: Iterable[Path], options: dict[str, Any] | None = None) -> Any:
    """Build the agent named by --agent. Raises AgentSpecError with what is available."""
    options = options or {}
    search_roots = list(search_roots)
    params = options.get("agent_params") or {}
    if params and find_preset(spec, search_roots) is None:
        raise AgentSpecError(f"--agent-param {', '.join(params)}: --agent {spec} is not a preset (agents/{spec}.yaml); "
                             "only presets take parameters")
    if spec in BUILTINS:
        return BUILTINS[spec]()
    if spec.startswith("replay:"):
        return ReplayAgent(spec.split(":", 1)[1])
    if spec.startswith("exec:"):
        from .exec_agent import ExecAgent

        try:
            return ExecAgent(spec.split(":", 1)[1])
        except ValueError as exc:
            raise AgentSpecError(f"--agent {spec}: {exc}") from None
    if spec.startswith("python:"):
        target = spec.split(":", 1)[1]
        mod_name, _, attr = target.partition(":")
        if not attr:
            raise AgentSpecError(f"--agent {spec}: write python:package.module:attribute")
        try:
            obj = getattr(importlib.import_module(mod_name), attr)
        except (ImportError, AttributeError) as exc:
            raise AgentSpecError(f"--agent {spec}: {exc}") from exc
        return _instantiate(obj, spec)
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        if ep.name == spec:
            return _instantiate(ep.load(), spec)
    roots = list(search_roots)
    path = find_preset(spec, roots)
    if path is not None:
        from .params import apply_params

        preset = apply_params(load_preset(path), params)
        try:
            from .llm import agent_from_preset
        except ImportError as exc:
            raise AgentSpecError(f"--agent {spec}: LLM agents are not available ({exc})") from exc
        return agent_from_preset(preset, options, search_roots=roots)
    names = sorted({*BUILTINS, *list_presets(roots), *(ep.name for ep in entry_points(group=ENTRY_POINT_GROUP))})
    raise AgentSpecError(f"unknown agent '{spec}'. Available: {', '.join(names)}, replay:DIR, "
                         "python:pkg.module:attr, 'exec:COMMAND'")

"""`--agent-param KEY=VALUE`: override a preset's parameters from the command line.

Keys are dotted (`thinking.budget_tokens=32000` sets `thinking: {budget_tokens: 32000}`); a value
is JSON where it parses (numbers, booleans, null, lists, objects) and a plain string otherwise
(`reasoning_effort=high`, `model=claude-opus-4-5`). Every key is checked against what the preset's
provider accepts, and every value against the key's type, before any task runs.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Callable, Iterable

from .registry import AgentSpecError


class AgentParamError(AgentSpecError):
    """A malformed --agent-param, or one the preset's provider does not accept."""


def _number(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _str(v: Any) -> bool:
    return isinstance(v, str) and bool(v)


def _bool(v: Any) -> bool:
    return isinstance(v, bool)


def _opt_bool(v: Any) -> bool:
    return v is None or isinstance(v, bool)


def _anthropic_thinking(v: Any) -> bool:
    return v in (None, False, "adaptive") or (isinstance(v, dict) and _int(v.get("budget_tokens")))


def _mapping(v: Any) -> bool:
    return isinstance(v, dict)


def _anything(v: Any) -> bool:
    return True


Check = tuple[Callable[[Any], bool], str]
NUMBER: Check = (_number, "a number")
INT: Check = (_int, "an integer")
STR: Check = (_str, "a non-empty string")
BOOL: Check = (_bool, "true or false")

COMMON: dict[str, Check] = {
    "model": STR, "temperature": NUMBER, "top_p": NUMBER, "max_tokens": INT, "request_timeout": NUMBER,
    "max_model_turns": INT, "empty_reply_nudges": INT, "params": (_mapping, "a JSON object"),
    "params.*": (_anything, "any JSON value"),
    "retry.max_attempts": INT, "retry.base_delay": NUMBER, "retry.max_delay": NUMBER,
    "retry.max_retry_after": NUMBER,
    "prices.input": NUMBER, "prices.output": NUMBER, "prices.cached_input": NUMBER, "prices.cache_write": NUMBER,
}
BY_PROVIDER: dict[str, dict[str, Check]] = {
    "anthropic": {"thinking": (_anthropic_thinking, "'adaptive', false, null or {\"budget_tokens\": N}"),
                  "thinking.budget_tokens": INT},
    "openai": {"reasoning_effort": STR, "parallel_tool_calls": (_opt_bool, "true, false or null"),
               "pass_back_reasoning": BOOL, "store": BOOL},
    "google": {"thinking_budget": INT, "thinking_level": STR, "reasoning_effort": STR},
}


def accepted_keys(provider: str) -> dict[str, Check]:
    return {**COMMON, **BY_PROVIDER.get(provider, {})}


def parse_value(text: str) -> Any:
    try:
        return json.loads(text)
    except ValueError:
        return text


def parse_params(items: Iterable[str]) -> dict[str, Any]:
    """['reasoning_effort=high', 'thinking.budget_tokens=32000'] -> {dotted key: value}, in order given."""
    out: dict[str, Any] = {}
    for item in items:
        key, sep, value = str(item).partition("=")
        key = key.strip()
        if not sep or not key or any(not part for part in key.split(".")):
            raise AgentParamError(f"--agent-param {item!r}: write KEY=VALUE (dotted keys: thinking.budget_tokens=32000)")
        out[key] = parse_value(value.strip())
    return out


def _check(key: str, value: Any, provider: str) -> None:
    accepted = accepted_keys(provider)
    rule = accepted.get(key)
    if rule is None and key.startswith("params."):
        rule = accepted["params.*"]
    if rule is None:
        names = ", ".join(sorted(accepted))
        raise AgentParamError(f"--agent-param {key}: the {provider} provider does not accept {key!r}; "
                              f"it accepts: {names}")
    ok, wanted = rule
    if not ok(value):
        raise AgentParamError(f"--agent-param {key}={json.dumps(value)}: {key} must be {wanted}")


def apply_params(raw: dict[str, Any], params: dict[str, Any]) -> dict[str, Any]:
    """A copy of the preset mapping `raw` with the overrides applied (raises AgentParamError)."""
    if not params:
        return raw
    from .llm.presets import PROVIDERS

    name = raw.get("name") or "?"
    provider = PROVIDERS.get(str(raw.get("provider", "")).lower())
    if provider is None:
        raise AgentParamError(f"--agent-param: preset '{name}' names no known provider")
    out = copy.deepcopy(raw)
    for key, value in params.items():
        _check(key, value, provider)
        *parents, leaf = key.split(".")
        node = out
        for part in parents:
            if not isinstance(node.get(part), dict):
                node[part] = {}  # e.g. thinking: adaptive -> thinking: {budget_tokens: N}
            node = node[part]
        node[leaf] = value
    return out


def format_params(params: dict[str, Any]) -> list[str]:
    """How run.json records the overrides: ["reasoning_effort=high", "thinking.budget_tokens=32000"].

    A list of strings, not a mapping: results.scrub redacts mapping keys that contain "token"."""
    return [f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in params.items()]

"""Provenance of identifiers: every id the gold passes to a tool must be visible to the agent by then
(in the prompts, the offered tools' specs, or an earlier result of the same run), never guessed."""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

# An id-like value: starts with a letter, has a digit, no spaces (INC0000003, INC_0003, P0192, SLA-002).
_ID_LIKE = re.compile(r"^(?=\S*\d)[A-Za-z][A-Za-z0-9]*(?:[-_.:/#][A-Za-z0-9]+)*$")
# A setting written as word:number (a reminder "popup:15", "email:1440"): a value, not an identifier.
_SETTING = re.compile(r"^[a-z]+:\d+$")
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$")
_ID_KEYS = re.compile(r"(^|_)(id|ids|number|numbers|email|emails|address|addresses)$")
_ASKS = re.compile(
    r"\b(tell me|let me know|let us know|list (?:the|all|every|them|which)|report back|confirm (?:to me|back|which|what|whether|that)|"
    r"explain|summari[sz]e|what (?:is|are|was|were)|which (?:ones?|of)|how many|how much|send me|give me|"
    r"get back to me|reply with|i need to know|find out|check whether|check if)\b", re.IGNORECASE)


def asks_for_answer(prompt: str) -> bool:
    """Does the prompt ask to be told, listed, reported, confirmed or explained something?"""
    return bool(_ASKS.search(prompt))


def identifiers(args: Any, key: str = "", enum_keys: frozenset[str] = frozenset()) -> Iterator[str]:
    """The identifier values in a tool call's arguments (nested lists and objects included)."""
    if isinstance(args, dict):
        for k, v in args.items():
            if k not in enum_keys:
                yield from identifiers(v, str(k), enum_keys)
    elif isinstance(args, list):
        for v in args:
            yield from identifiers(v, key, enum_keys)
    elif isinstance(args, str):
        v = args.strip()
        if v and not _SETTING.match(v) and (_ID_LIKE.match(v) or _EMAIL.match(v) or (_ID_KEYS.search(key) and " " not in v and len(v) <= 80)):
            yield v


def _enum_keys(spec: dict[str, Any]) -> frozenset[str]:
    props = (spec.get("parameters") or {}).get("properties") or {}

    def has_enum(s: Any) -> bool:
        if not isinstance(s, dict):
            return False
        if "enum" in s or "const" in s:
            return True
        return any(has_enum(x) for x in s.get("anyOf", []) + s.get("oneOf", [])) or has_enum(s.get("items"))

    return frozenset(k for k, s in props.items() if has_enum(s))


def visible(value: str, text: str) -> bool:
    if _EMAIL.match(value):
        return value.lower() in text.lower()
    return re.search(rf"(?<![A-Za-z0-9_]){re.escape(value)}(?![A-Za-z0-9_])", text) is not None


def unseen_identifiers(prompts: list[str], specs: list[dict[str, Any]], calls: list[Any]) -> list[str]:
    """Problems: ids a call passes that nothing shown to the agent before that call contained.

    `calls`: the run's ToolCall records in order (name, args, result, error)."""
    spec_by_name = {s["name"]: s for s in specs}
    seen = "\n".join(prompts) + "\n" + json.dumps(specs, ensure_ascii=False)
    problems = []
    for c in calls:
        enum_keys = _enum_keys(spec_by_name.get(c.name, {}))
        for v in dict.fromkeys(identifiers(c.args if isinstance(c.args, dict) else {}, "", enum_keys)):
            if not visible(v, seen):
                problems.append(f"step {c.index + 1} ({c.name}) passes '{v}', which neither the prompts nor an "
                                "earlier result showed: add the look-up (and offer its tool) or name it in the prompt")
        seen += "\n" + json.dumps(c.result, ensure_ascii=False, default=str) if c.result is not None else ""
        seen += "\n" + (c.error or "")
    return problems

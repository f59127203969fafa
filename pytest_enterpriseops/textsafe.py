"""Making model-produced text and values safe for JSON, UTF-8 files and terminals.

A model can produce anything a JSON decoder accepts, including lone surrogates
(`"\\udc80"`), which Python strings hold but UTF-8 cannot encode, and values nested
far deeper than `json.dumps` (or any recursive walk) survives. Everything that
crosses into the engine from an agent passes through these functions; none of
them recurses, so no nesting depth can crash them.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

_SURROGATE = re.compile("[\ud800-\udfff]")

TRUNCATED = "…[truncated by the engine: {n} characters in all]"
DEEP = "…[nested deeper than {depth} levels: dropped by the engine]"


def clean_text(s: str) -> str:
    """`s` with every lone surrogate replaced by U+FFFD (so it always encodes as UTF-8)."""
    return _SURROGATE.sub("\ufffd", s) if _SURROGATE.search(s) else s


def clean_value(v: Any, max_depth: int | None = None) -> Any:
    """A JSON-like value with every string (keys included) passed through `clean_text`; tuples
    become lists. With `max_depth`, containers nested deeper are replaced by a marker string."""
    return _rebuild(v, max_depth, None)


def bound_value(v: Any, max_depth: int = 32, max_str: int = 65536) -> Any:
    """`clean_value` that also cuts every string longer than `max_str` (with a marker) and every
    container nested deeper than `max_depth`: what the engine keeps of a value it did not check."""
    return _rebuild(v, max_depth, max_str)


def _leaf(v: Any, max_str: int | None) -> Any:
    if isinstance(v, str):
        v = clean_text(v)
        if max_str is not None and len(v) > max_str:
            return v[:max_str] + TRUNCATED.format(n=len(v))
    return v


def _rebuild(v: Any, max_depth: int | None, max_str: int | None) -> Any:
    if not isinstance(v, (dict, list, tuple)):
        return _leaf(v, max_str)
    root: list[Any] = [None]
    # (source container, destination, key in destination, depth)
    stack: list[tuple[Any, Any, Any, int]] = [(v, root, 0, 1)]
    while stack:
        src, parent, key, depth = stack.pop()
        if max_depth is not None and depth > max_depth:
            parent[key] = DEEP.format(depth=max_depth)
            continue
        if isinstance(src, dict):
            dst: Any = {}
            parent[key] = dst
            for k, x in src.items():
                k = _leaf(k, max_str) if isinstance(k, str) else k
                if isinstance(x, (dict, list, tuple)):
                    dst[k] = None
                    stack.append((x, dst, k, depth + 1))
                else:
                    dst[k] = _leaf(x, max_str)
        else:
            dst = [None] * len(src)
            parent[key] = dst
            for i, x in enumerate(src):
                if isinstance(x, (dict, list, tuple)):
                    stack.append((x, dst, i, depth + 1))
                else:
                    dst[i] = _leaf(x, max_str)
    return root[0]


@dataclass
class Shape:
    """How big a JSON-like value is: nesting depth, longest string, approximate JSON size, and
    the largest integer's magnitude."""

    depth: int = 0
    longest_string: int = 0
    size: int = 0
    largest_int: int = 0


def measure(v: Any, stop_depth: int = 10_000, stop_size: int = 1 << 30) -> Shape:
    """The shape of `v`, without recursion; stops counting past `stop_depth` / `stop_size`."""
    shape = Shape()
    stack: list[tuple[Any, int]] = [(v, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, (dict, list, tuple)):
            shape.depth = max(shape.depth, depth)
            shape.size += 2
            if depth > stop_depth or shape.size > stop_size:
                break
            items = list(x.items()) if isinstance(x, dict) else list(x)
            for item in items:
                if isinstance(x, dict):
                    k, item = item
                    if isinstance(k, str):
                        shape.longest_string = max(shape.longest_string, len(k))
                    shape.size += len(str(k)) + 4
                stack.append((item, depth + 1))
        elif isinstance(x, str):
            shape.longest_string = max(shape.longest_string, len(x))
            shape.size += len(x) + 3
        elif isinstance(x, int) and not isinstance(x, bool):
            shape.largest_int = max(shape.largest_int, abs(x))
            shape.size += 20 if shape.largest_int > 1 << 64 else len(str(x)) + 1
        else:
            shape.size += len(repr(x)) + 1
        if shape.size > stop_size:
            break
    return shape


def safe_dumps(v: Any, max_chars: int | None = None, max_depth: int = 64) -> str:
    """JSON text of any value (never raises): cleaned, depth-bounded and, with `max_chars`,
    cut to that length with a marker."""
    try:
        text = json.dumps(v, default=str, ensure_ascii=False)
    except (RecursionError, ValueError, TypeError):
        text = json.dumps(bound_value(v, max_depth=max_depth), default=str, ensure_ascii=False)
    text = clean_text(text)
    if max_chars is not None and len(text) > max_chars:
        text = text[:max_chars] + TRUNCATED.format(n=len(text))
    return text


# What a tool call's arguments may be (the engine's own bounds, on top of each tool's schema).
MAX_ARGS_CHARS = 256 * 1024
MAX_ARGS_DEPTH = 32
MAX_ARG_STRING = 64 * 1024
MAX_INT = (1 << 63) - 1  # DuckDB's BIGINT


def admit_arguments(raw: Any) -> tuple[Any, str | None]:
    """A tool call's arguments as the engine takes them: (cleaned value, None), or (a bounded
    copy to record, a message for the model) when they are not valid JSON or too big or deep."""
    if raw is None:
        return {}, None
    if isinstance(raw, (bytes, bytearray)):
        raw = bytes(raw).decode("utf-8", "replace")
    if isinstance(raw, str):
        if len(raw) > MAX_ARGS_CHARS:
            return (bound_value(raw, max_str=1024),
                    f"the arguments are {len(raw)} characters of JSON; the limit is {MAX_ARGS_CHARS}")
        if not raw.strip():
            return {}, None
        try:
            raw = json.loads(raw)
        except RecursionError:
            return (bound_value(raw, max_str=1024),
                    f"the arguments are nested too deeply; the limit is {MAX_ARGS_DEPTH} levels")
        except ValueError as exc:
            return bound_value(raw, max_str=1024), f"the arguments are not valid JSON: {clean_text(str(exc))}"
    shape = measure(raw, stop_depth=MAX_ARGS_DEPTH + 1, stop_size=MAX_ARGS_CHARS + 1)
    problem = None
    if shape.depth > MAX_ARGS_DEPTH:
        problem = f"the arguments are nested more than {MAX_ARGS_DEPTH} levels deep"
    elif shape.size > MAX_ARGS_CHARS:
        problem = f"the arguments are larger than the limit of {MAX_ARGS_CHARS} characters of JSON"
    elif shape.longest_string > MAX_ARG_STRING:
        problem = f"a string argument has {shape.longest_string} characters; the limit is {MAX_ARG_STRING}"
    elif shape.largest_int > MAX_INT:
        problem = f"an integer argument is out of range (the limit is ±{MAX_INT})"
    if problem is not None:
        return bound_value(raw, max_depth=8, max_str=1024), problem
    return clean_value(raw), None

"""What the engine records while an agent works: tool calls, model messages, usage.

What goes to disk is bounded: each recorded value is cut (with a marker) past
MAX_FIELD_CHARS of JSON, and a transcript past MAX_TRANSCRIPT_CHARS keeps its
first events and counts the rest, so no agent can make a result file huge or
unwritable (lone surrogates, values nested thousands deep).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from .textsafe import bound_value, clean_text, safe_dumps

MAX_FIELD_CHARS = 64 * 1024
MAX_TEXT_CHARS = 256 * 1024  # a model message or thinking text
MAX_TRANSCRIPT_CHARS = 8 * 1024 * 1024


@dataclass
class ToolCall:
    index: int
    name: str
    args: Any
    result: Any = None
    error: str | None = None
    error_kind: str | None = None  # tool_error | invalid_arguments | unknown_tool | not_offered | step_limit
    wrote: bool = False
    t_start: float = 0.0  # seconds since the episode started
    duration_ms: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None


@dataclass
class Message:
    role: str  # assistant | user | planner | system
    content: str
    thinking: str | None = None
    t: float = 0.0
    meta: dict[str, Any] = field(default_factory=dict)


@dataclass
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    reasoning_tokens: int = 0
    cache_write_tokens: int = 0
    cost: float = 0.0
    model_calls: int = 0
    latency_s: float = 0.0

    def add(self, other: "Usage") -> None:
        for k in asdict(self):
            setattr(self, k, getattr(self, k) + getattr(other, k))


@dataclass
class Transcript:
    events: list[ToolCall | Message] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    model_calls: list[dict[str, Any]] = field(default_factory=list)
    final_answer: str | None = None

    @property
    def tool_calls(self) -> list[ToolCall]:
        return [e for e in self.events if isinstance(e, ToolCall)]

    def to_json(self) -> list[dict[str, Any]]:
        """The events as JSON-ready dicts, bounded (see the module docstring)."""
        out: list[dict[str, Any]] = []
        used = 0
        for i, e in enumerate(self.events):
            d = _tool_call_json(e) if isinstance(e, ToolCall) else _message_json(e)
            used += len(safe_dumps(d))
            if used > MAX_TRANSCRIPT_CHARS and out:
                out.append({"type": "truncated", "events_dropped": len(self.events) - i,
                            "note": f"the transcript passed {MAX_TRANSCRIPT_CHARS} characters; later events dropped"})
                break
            out.append(d)
        return out


def bounded(value: Any, max_chars: int = MAX_FIELD_CHARS) -> Any:
    """`value` as it can be written: cleaned, depth-bounded, and if its JSON is longer than
    `max_chars`, a marker with the head of that JSON instead."""
    text = safe_dumps(value)
    if len(text) <= max_chars:
        return bound_value(value, max_depth=64, max_str=max_chars)
    return {"_truncated": f"{len(text)} characters of JSON; the first {max_chars} are kept",
            "_head": text[:max_chars]}


def _text(s: str | None, limit: int) -> str | None:
    if s is None:
        return None
    s = clean_text(str(s))
    return s if len(s) <= limit else s[:limit] + f"…[truncated by the engine: {len(s)} characters in all]"


def _tool_call_json(e: ToolCall) -> dict[str, Any]:
    return {"index": e.index, "name": _text(e.name, 256), "args": bounded(e.args), "result": bounded(e.result),
            "error": _text(e.error, MAX_FIELD_CHARS), "error_kind": e.error_kind, "wrote": e.wrote,
            "t_start": e.t_start, "duration_ms": e.duration_ms, "type": "tool_call"}


def _message_json(e: Message) -> dict[str, Any]:
    return {"role": _text(e.role, 64), "content": _text(e.content, MAX_TEXT_CHARS),
            "thinking": _text(e.thinking, MAX_TEXT_CHARS), "t": e.t, "meta": bounded(e.meta),
            "type": "message"}

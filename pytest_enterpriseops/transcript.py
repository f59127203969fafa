"""What the engine records while an agent works: tool calls, model messages, usage."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


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
        out = []
        for e in self.events:
            d = asdict(e)
            d["type"] = "tool_call" if isinstance(e, ToolCall) else "message"
            out.append(d)
        return out

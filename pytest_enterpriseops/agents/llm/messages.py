"""The provider-neutral conversation: turns, tool calls, tool results and one model reply.

Adapters convert these to and from their SDK's types. An assistant turn keeps the provider's
own content (`native`, JSON) so thinking blocks, signatures and reasoning items go back to the
same provider exactly as received; another provider sees only the neutral fields.
Everything here is plain JSON so the response cache can store it.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass
class ToolCallRequest:
    id: str
    name: str
    arguments: Any  # a dict, or the model's raw text when it was not a JSON object

    def arguments_json(self) -> str:
        return self.arguments if isinstance(self.arguments, str) else json.dumps(self.arguments, ensure_ascii=False)

    def arguments_dict(self) -> dict[str, Any]:
        """The arguments as a mapping for APIs that demand one (malformed text becomes {})."""
        if isinstance(self.arguments, dict):
            return self.arguments
        try:
            value = json.loads(self.arguments) if isinstance(self.arguments, str) else None
        except json.JSONDecodeError:
            return {}
        return value if isinstance(value, dict) else {}


def parse_arguments(text: str | None) -> Any:
    """The model's argument text as a dict when it is a JSON object, else the raw text (the
    engine turns malformed JSON into an error result the model can correct)."""
    if text is None or not text.strip():
        return {}
    try:
        value = json.loads(text)
    except json.JSONDecodeError:
        return text
    return value if isinstance(value, dict) else text


@dataclass
class ToolResultItem:
    call_id: str
    name: str
    content: str  # JSON text from the engine
    is_error: bool = False


@dataclass
class Turn:
    role: str  # user | assistant | tool
    text: str = ""
    thinking: str | None = None
    tool_calls: list[ToolCallRequest] = field(default_factory=list)
    results: list[ToolResultItem] = field(default_factory=list)
    native: dict[str, Any] | None = None  # {provider_api: provider JSON} for exact pass-back

    @classmethod
    def user(cls, text: str) -> "Turn":
        return cls("user", text=text)

    @classmethod
    def tool(cls, results: list[ToolResultItem]) -> "Turn":
        return cls("tool", results=results)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "Turn":
        return cls(role=d["role"], text=d.get("text", ""), thinking=d.get("thinking"),
                   tool_calls=[ToolCallRequest(**c) for c in d.get("tool_calls", [])],
                   results=[ToolResultItem(**r) for r in d.get("results", [])], native=d.get("native"))


@dataclass
class TokenUsage:
    """Normalized usage of one model call: `input_tokens` includes cached and cache-write
    tokens, `output_tokens` includes reasoning tokens (as billed)."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    reasoning_tokens: int = 0
    cache_write_tokens: int = 0


@dataclass
class ModelReply:
    turn: Turn  # the assistant turn
    stop_reason: str = "end"  # end | tool_calls | max_tokens | malformed_call | refusal | context_overflow | other
    usage: TokenUsage = field(default_factory=TokenUsage)
    model: str | None = None  # the model name the server reported
    raw_stop: str | None = None  # the provider's own stop/finish reason

    @property
    def empty(self) -> bool:
        return not self.turn.text.strip() and not self.turn.tool_calls

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "stop_reason": self.stop_reason, "usage": asdict(self.usage),
                "model": self.model, "raw_stop": self.raw_stop}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "ModelReply":
        return cls(Turn.from_json(d["turn"]), d.get("stop_reason", "end"), TokenUsage(**d.get("usage", {})),
                   d.get("model"), d.get("raw_stop"))


def parse_result_content(content: str) -> Any:
    """The engine's JSON result text as a value (for APIs that take structured tool output)."""
    try:
        return json.loads(content)
    except (json.JSONDecodeError, TypeError):
        return content

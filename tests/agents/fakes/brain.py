"""The scripted model: what the fake servers answer, in provider-neutral terms."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass
class Reply:
    text: str = ""
    tool_calls: list[tuple[str, Any]] = field(default_factory=list)  # (name, dict args | raw JSON text)
    thinking: str | None = None
    # normalized usage: input includes cached, output includes reasoning
    usage: dict[str, int] = field(default_factory=lambda: {"input": 100, "output": 20, "cached": 0, "reasoning": 0})
    finish: str | None = None  # override the provider's finish/stop reason


@dataclass
class Fault:
    """An error reply. kind: http (status+message) | context (overlong prompt) | drop (no response)."""

    status: int = 500
    message: str = "internal error"
    headers: dict[str, str] = field(default_factory=dict)
    kind: str = "http"
    error_type: str | None = None


@dataclass
class View:
    """What a request carried, decoded from the wire format."""

    provider: str
    model: str
    system: str
    messages: list[dict[str, Any]]  # {role: user|assistant|tool, text, tool_calls, results, thinking}
    tools: list[str]
    turn_index: int = 0  # how many earlier requests had this conversation's start
    body: dict[str, Any] = field(default_factory=dict)

    @property
    def first_user(self) -> str:
        return next((m["text"] for m in self.messages if m["role"] == "user"), "")

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1] if self.messages else {}


class ScriptBrain:
    """Answers the k-th request of a conversation with steps[k]; the last step repeats."""

    def __init__(self, steps: list[Reply | Fault]):
        self.steps = list(steps)

    def __call__(self, view: View) -> Reply | Fault:
        return self.steps[min(view.turn_index, len(self.steps) - 1)]


Brain = Callable[[View], "Reply | Fault"]

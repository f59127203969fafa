"""Agent presets (`agents/<name>.yaml`): validated settings for one model, and its API key.

A preset names a provider, a model and its parameters, the loop, the environment variable
that holds the API key and the prices per million tokens. The key is read from that variable
only, kept out of every repr, and scrubbed from error messages.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Any

from ..registry import AgentSpecError

PROVIDERS = {"anthropic": "anthropic", "openai": "openai", "google": "google", "google-genai": "google",
             "gemini": "google"}
LOOPS = ("react", "planner", "decompose")
KNOWN_KEYS = {
    "name", "description", "provider", "api", "model", "temperature", "top_p", "max_tokens", "thinking",
    "reasoning_effort", "thinking_budget", "thinking_level", "loop", "api_key_env", "base_url", "prices",
    "params", "retry", "request_timeout", "parallel_tool_calls", "pass_back_reasoning", "planner",
    "empty_reply_nudges", "max_model_turns", "store",
}
PRICE_KEYS = {"input", "output", "cached_input", "cache_write"}


class PresetError(AgentSpecError):
    """A preset is malformed or cannot be used (e.g. its API key variable is not set)."""


class Secret:
    """An API key that never shows itself in a repr, str, log line or result file."""

    __slots__ = ("_value",)

    def __init__(self, value: str):
        self._value = value

    def get(self) -> str:
        return self._value

    def __repr__(self) -> str:
        return "Secret('***')"

    __str__ = __repr__

    def scrub(self, text: str) -> str:
        """Remove the key (and an OpenAI-style 'key provided: sk-...' echo) from a message."""
        if self._value and len(self._value) >= 4:
            text = text.replace(self._value, "***")
        return re.sub(r"(API key provided: )\S+", r"\1***", text)


@dataclass(frozen=True)
class Prices:
    """USD per million tokens. `cached_input` defaults to `input`, `cache_write` to `input`."""

    input: float = 0.0
    output: float = 0.0
    cached_input: float | None = None
    cache_write: float | None = None

    def cost(self, input_tokens: int, output_tokens: int, cached_tokens: int = 0, cache_write_tokens: int = 0) -> float:
        """`input_tokens` includes cached and cache-write tokens; `output_tokens` includes reasoning."""
        cached_price = self.input if self.cached_input is None else self.cached_input
        write_price = self.input if self.cache_write is None else self.cache_write
        fresh = max(input_tokens - cached_tokens - cache_write_tokens, 0)
        return (fresh * self.input + cached_tokens * cached_price + cache_write_tokens * write_price
                + output_tokens * self.output) / 1_000_000


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 6
    base_delay: float = 2.0
    max_delay: float = 60.0
    max_retry_after: float = 300.0


@dataclass(frozen=True)
class Preset:
    name: str
    provider: str
    model: str
    api: str = "chat"  # openai only: chat | responses
    temperature: float | None = None
    top_p: float | None = None
    max_tokens: int = 8192
    thinking: Any = None  # anthropic: {budget_tokens: N} | "adaptive" | None
    reasoning_effort: str | None = None  # openai (chat and responses)
    thinking_budget: int | None = None  # google
    thinking_level: str | None = None  # google (Gemini 3)
    loop: str = "react"
    api_key_env: str | None = None
    base_url: str | None = None
    prices: Prices = field(default_factory=Prices)
    params: dict[str, Any] = field(default_factory=dict)  # extra request body fields, passed through
    retry: RetryPolicy = field(default_factory=RetryPolicy)
    request_timeout: float = 600.0
    parallel_tool_calls: bool | None = None
    pass_back_reasoning: bool = False  # openai chat: send `reasoning_content` back (DeepSeek thinking + tools)
    planner: str | None = None  # preset name of the planner model for planner/decompose loops (else itself)
    empty_reply_nudges: int = 1
    max_model_turns: int | None = None
    store: bool = False  # openai responses

    @property
    def label(self) -> str:
        return f"{self.name} ({self.provider}:{self.model})"

    def fingerprint(self) -> dict[str, Any]:
        """Everything about the request that changes the reply (for the response cache)."""
        return {"provider": self.provider, "api": self.api if self.provider == "openai" else None,
                "model": self.model, "temperature": self.temperature, "top_p": self.top_p,
                "max_tokens": self.max_tokens, "thinking": self.thinking, "reasoning_effort": self.reasoning_effort,
                "thinking_budget": self.thinking_budget, "thinking_level": self.thinking_level,
                "params": self.params, "parallel_tool_calls": self.parallel_tool_calls,
                "base_url": self.base_url}


def _err(name: str, msg: str) -> PresetError:
    return PresetError(f"agent preset '{name}': {msg}")


def parse_preset(raw: dict[str, Any]) -> Preset:
    """Validate a preset mapping (as `registry.load_preset` returns it)."""
    name = str(raw.get("name") or "?")
    unknown = sorted(set(raw) - KNOWN_KEYS)
    if unknown:
        raise _err(name, f"unknown key(s) {unknown}; known keys: {', '.join(sorted(KNOWN_KEYS))}")
    provider = PROVIDERS.get(str(raw.get("provider", "")).lower())
    if provider is None:
        raise _err(name, f"provider must be one of anthropic, openai, google (got {raw.get('provider')!r})")
    if not raw.get("model"):
        raise _err(name, "'model' is required")
    api = str(raw.get("api") or "chat")
    if provider == "openai" and api not in ("chat", "responses"):
        raise _err(name, f"api must be 'chat' or 'responses' (got {api!r})")
    loop = str(raw.get("loop") or "react")
    if loop not in LOOPS:
        raise _err(name, f"loop must be one of {', '.join(LOOPS)} (got {loop!r})")
    prices_raw = raw.get("prices") or {}
    if not isinstance(prices_raw, dict) or set(prices_raw) - PRICE_KEYS:
        raise _err(name, f"prices is a mapping with keys {sorted(PRICE_KEYS)} (USD per million tokens)")
    retry_raw = raw.get("retry") or {}
    if not isinstance(retry_raw, dict) or set(retry_raw) - set(RetryPolicy.__dataclass_fields__):
        raise _err(name, f"retry is a mapping with keys {sorted(RetryPolicy.__dataclass_fields__)}")
    params = raw.get("params") or {}
    if not isinstance(params, dict):
        raise _err(name, "params is a mapping of extra request fields")
    thinking = raw.get("thinking")
    if provider == "anthropic" and thinking not in (None, False, "adaptive") and not (
            isinstance(thinking, dict) and isinstance(thinking.get("budget_tokens"), int)):
        raise _err(name, "thinking is 'adaptive', false, or {budget_tokens: N} (N >= 1024)")
    try:
        return Preset(
            name=name, provider=provider, model=str(raw["model"]), api=api,
            temperature=None if raw.get("temperature") is None else float(raw["temperature"]),
            top_p=None if raw.get("top_p") is None else float(raw["top_p"]),
            max_tokens=int(raw.get("max_tokens") or 8192),
            thinking=thinking or None,
            reasoning_effort=raw.get("reasoning_effort"),
            thinking_budget=None if raw.get("thinking_budget") is None else int(raw["thinking_budget"]),
            thinking_level=raw.get("thinking_level"),
            loop=loop, api_key_env=raw.get("api_key_env"), base_url=raw.get("base_url"),
            prices=Prices(**{k: float(v) for k, v in prices_raw.items()}),
            params=dict(params),
            retry=RetryPolicy(**{k: (int(v) if k == "max_attempts" else float(v)) for k, v in retry_raw.items()}),
            request_timeout=float(raw.get("request_timeout") or 600.0),
            parallel_tool_calls=raw.get("parallel_tool_calls"),
            pass_back_reasoning=bool(raw.get("pass_back_reasoning", False)),
            planner=raw.get("planner"),
            empty_reply_nudges=int(raw.get("empty_reply_nudges", 1)),
            max_model_turns=None if raw.get("max_model_turns") is None else int(raw["max_model_turns"]),
            store=bool(raw.get("store", False)),
        )
    except (TypeError, ValueError) as exc:
        raise _err(name, str(exc)) from None


def resolve_key(preset: Preset) -> Secret:
    """The API key from the preset's `api_key_env`. A missing variable is one clear error.

    A preset without `api_key_env` is allowed only with a `base_url` (a local server such as
    vLLM or llama.cpp that wants no key)."""
    if not preset.api_key_env:
        if preset.base_url:
            return Secret("no-key")
        raise _err(preset.name, "api_key_env is required (the name of the environment variable holding the key)")
    value = os.environ.get(preset.api_key_env, "").strip()
    if not value:
        raise _err(preset.name, f"environment variable {preset.api_key_env} is not set; export your "
                                f"{preset.provider} API key in it (keys are read from the environment only)")
    return Secret(value)

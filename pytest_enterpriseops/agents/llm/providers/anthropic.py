"""Anthropic Messages API (tool use, extended thinking) on the async `anthropic` SDK.

Thinking and redacted-thinking blocks are kept in the turn's native content and passed back
unchanged with the tool results, as the API requires when thinking is combined with tools.
"""

from __future__ import annotations

from typing import Any

from ..messages import ModelReply, TokenUsage, ToolCallRequest, Turn, parse_arguments
from .base import Adapter

STOP_REASONS = {"end_turn": "end", "stop_sequence": "end", "tool_use": "tool_calls", "max_tokens": "max_tokens",
                "refusal": "refusal", "model_context_window_exceeded": "context_overflow", "pause_turn": "other"}
_KEEP = {"text": ("type", "text"), "thinking": ("type", "thinking", "signature"),
         "redacted_thinking": ("type", "data"), "tool_use": ("type", "id", "name", "input")}


def _block_param(block: dict[str, Any]) -> dict[str, Any] | None:
    keep = _KEEP.get(block.get("type", ""))
    if keep is None:
        return None
    out = {k: block[k] for k in keep if k in block}
    if out["type"] == "tool_use" and not isinstance(out.get("input"), dict):
        out["input"] = {}  # the API wants an object; the model saw its malformed call's error result
    if out["type"] == "text" and not out.get("text"):
        return None
    return out


class AnthropicAdapter(Adapter):
    native_key = "anthropic"

    def _client(self) -> Any:
        import anthropic

        return anthropic.AsyncAnthropic(api_key=self._secret.get(), base_url=self.preset.base_url,
                                        max_retries=0, timeout=self.preset.request_timeout)

    # -- neutral -> SDK ---------------------------------------------------------------------
    def _assistant_content(self, turn: Turn) -> list[dict[str, Any]]:
        native = (turn.native or {}).get(self.native_key)
        if native is not None:
            return [b for b in (_block_param(x) for x in native) if b]
        blocks: list[dict[str, Any]] = []
        if turn.text.strip():
            blocks.append({"type": "text", "text": turn.text})
        for c in turn.tool_calls:
            blocks.append({"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments_dict()})
        return blocks

    def messages(self, turns: list[Turn]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = []

        def add(role: str, content: list[dict[str, Any]]) -> None:
            if not content:
                return
            if out and out[-1]["role"] == role:
                out[-1]["content"].extend(content)
            else:
                out.append({"role": role, "content": content})

        for t in turns:
            if t.role == "user":
                add("user", [{"type": "text", "text": t.text}])
            elif t.role == "assistant":
                add("assistant", self._assistant_content(t))
            else:
                add("user", [{"type": "tool_result", "tool_use_id": r.call_id, "content": r.content,
                              "is_error": r.is_error} for r in t.results])
        return out

    def request(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> dict[str, Any]:
        p = self.preset
        kw: dict[str, Any] = {"model": p.model, "max_tokens": p.max_tokens, "messages": self.messages(turns)}
        if system:
            kw["system"] = system
        if tools:
            kw["tools"] = [{"name": t["name"], "description": t.get("description", ""),
                            "input_schema": t.get("parameters") or {"type": "object", "properties": {}}}
                           for t in tools]
            if p.parallel_tool_calls is False:
                kw["tool_choice"] = {"type": "auto", "disable_parallel_tool_use": True}
        # this SDK's create() has no sampling arguments: they go in the body as extra fields
        body: dict[str, Any] = {}
        if p.thinking == "adaptive":
            kw["thinking"] = {"type": "adaptive"}
        elif isinstance(p.thinking, dict):
            kw["thinking"] = {"type": "enabled", **p.thinking}
        elif p.temperature is not None:  # the API refuses a temperature together with thinking
            body["temperature"] = p.temperature
        if p.top_p is not None and "thinking" not in kw:
            body["top_p"] = p.top_p
        body.update(p.params)
        if body:
            kw["extra_body"] = body
        return kw

    # -- SDK -> neutral ---------------------------------------------------------------------
    async def complete(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> ModelReply:
        msg = await self.sdk.messages.create(**self.request(system, turns, tools))
        texts, thinking, calls, native = [], [], [], []
        for block in msg.content or []:
            d = (block.model_dump(mode="json", exclude_none=True, warnings=False) if hasattr(block, "model_dump")
                 else dict(block))
            native.append(d)
            kind = d.get("type")
            if kind == "text":
                texts.append(d.get("text", ""))
            elif kind == "thinking":
                thinking.append(d.get("thinking", ""))
            elif kind == "redacted_thinking":
                thinking.append("[redacted thinking]")
            elif kind == "tool_use":
                args = d.get("input")
                calls.append(ToolCallRequest(d.get("id", ""), d.get("name", ""),
                                             args if isinstance(args, dict) else parse_arguments(args)))
        u = msg.usage
        cache_read = getattr(u, "cache_read_input_tokens", None) or 0
        cache_write = getattr(u, "cache_creation_input_tokens", None) or 0
        details = getattr(u, "output_tokens_details", None)
        usage = TokenUsage(input_tokens=(u.input_tokens or 0) + cache_read + cache_write,
                           output_tokens=u.output_tokens or 0, cached_tokens=cache_read,
                           reasoning_tokens=getattr(details, "thinking_tokens", 0) or 0,
                           cache_write_tokens=cache_write)
        turn = Turn("assistant", text="\n".join(t for t in texts if t), thinking="\n\n".join(thinking) or None,
                    tool_calls=calls, native={self.native_key: native})
        stop = STOP_REASONS.get(msg.stop_reason or "", "other")
        if calls and stop != "context_overflow":
            stop = "tool_calls"
        return ModelReply(turn, stop, usage, msg.model, msg.stop_reason)

    def _fault_facts(self, exc: BaseException) -> tuple[int | None, str, Any, str | None]:
        status, message, body, _ = super()._fault_facts(exc)
        api_message = getattr(exc, "api_message", None)
        kind = getattr(exc, "type", None)
        return status, str(api_message or message), body, kind if isinstance(kind, str) else None


ADAPTER = AnthropicAdapter

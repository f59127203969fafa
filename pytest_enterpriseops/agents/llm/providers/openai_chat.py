"""OpenAI Chat Completions on the async `openai` SDK — also any OpenAI-compatible server
(vLLM, DeepSeek, OpenRouter, llama.cpp, Together, ...) through the preset's `base_url`.

Tool-call arguments arrive as text; text that is not a JSON object goes to the engine raw, so
the model gets an error result it can correct. Servers that return `reasoning_content`
(DeepSeek, vLLM reasoning parsers) have it kept as the turn's thinking; with the preset's
`pass_back_reasoning` it is sent back on later turns (DeepSeek thinking mode with tools).
"""

from __future__ import annotations

from typing import Any

from ..messages import ModelReply, TokenUsage, ToolCallRequest, Turn, parse_arguments
from .base import Adapter

FINISH = {"stop": "end", "tool_calls": "tool_calls", "function_call": "tool_calls", "length": "max_tokens",
          "content_filter": "refusal"}


def _get(obj: Any, name: str) -> Any:
    if obj is None:
        return None
    value = getattr(obj, name, None)
    if value is None:
        extra = getattr(obj, "model_extra", None) or {}
        value = extra.get(name)
    return value


class OpenAIChatAdapter(Adapter):
    native_key = "openai_chat"

    def _client(self) -> Any:
        import openai

        return openai.AsyncOpenAI(api_key=self._secret.get(), base_url=self.preset.base_url, max_retries=0,
                                  timeout=self.preset.request_timeout)

    def messages(self, system: str, turns: list[Turn]) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
        for t in turns:
            if t.role == "user":
                out.append({"role": "user", "content": t.text})
            elif t.role == "assistant":
                if not t.text.strip() and not t.tool_calls:
                    continue
                m: dict[str, Any] = {"role": "assistant", "content": t.text or None}
                if t.tool_calls:
                    m["tool_calls"] = [{"id": c.id, "type": "function",
                                        "function": {"name": c.name, "arguments": c.arguments_json()}}
                                       for c in t.tool_calls]
                if self.preset.pass_back_reasoning and t.thinking:
                    m["reasoning_content"] = t.thinking
                out.append(m)
            else:
                out.extend({"role": "tool", "tool_call_id": r.call_id, "content": r.content} for r in t.results)
        return out

    def request(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> dict[str, Any]:
        p = self.preset
        kw: dict[str, Any] = {"model": p.model, "messages": self.messages(system, turns)}
        # OpenAI's own API wants max_completion_tokens; compatible servers reliably take max_tokens
        kw["max_tokens" if p.base_url else "max_completion_tokens"] = p.max_tokens
        if tools:
            kw["tools"] = [{"type": "function", "function": {
                "name": t["name"], "description": t.get("description", ""),
                "parameters": t.get("parameters") or {"type": "object", "properties": {}}}} for t in tools]
            if p.parallel_tool_calls is not None:
                kw["parallel_tool_calls"] = p.parallel_tool_calls
        if p.temperature is not None:
            kw["temperature"] = p.temperature
        if p.top_p is not None:
            kw["top_p"] = p.top_p
        if p.reasoning_effort:
            kw["reasoning_effort"] = p.reasoning_effort
        if p.params:
            kw["extra_body"] = dict(p.params)
        return kw

    async def complete(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> ModelReply:
        resp = await self.sdk.chat.completions.create(**self.request(system, turns, tools))
        choices = resp.choices or []
        msg = choices[0].message if choices else None
        finish = choices[0].finish_reason if choices else None
        calls = []
        for i, tc in enumerate(_get(msg, "tool_calls") or []):
            fn = _get(tc, "function")
            calls.append(ToolCallRequest(_get(tc, "id") or f"call_{i}", _get(fn, "name") or "",
                                         parse_arguments(_get(fn, "arguments"))))
        thinking = _get(msg, "reasoning_content") or _get(msg, "reasoning")
        turn = Turn("assistant", text=_get(msg, "content") or "",
                    thinking=thinking if isinstance(thinking, str) and thinking else None, tool_calls=calls)
        u = resp.usage
        cached = _get(_get(u, "prompt_tokens_details"), "cached_tokens") or _get(u, "prompt_cache_hit_tokens") or 0
        usage = TokenUsage(input_tokens=_get(u, "prompt_tokens") or 0, output_tokens=_get(u, "completion_tokens") or 0,
                           cached_tokens=cached,
                           reasoning_tokens=_get(_get(u, "completion_tokens_details"), "reasoning_tokens") or 0)
        stop = "tool_calls" if calls else FINISH.get(finish or "", "end" if finish is None else "other")
        return ModelReply(turn, stop, usage, resp.model, finish)


ADAPTER = OpenAIChatAdapter

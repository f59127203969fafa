"""OpenAI Responses API on the async `openai` SDK (preset `api: responses`).

Stateless by default (`store: false`): the conversation is sent whole each turn. The model's
output items (messages, function calls, reasoning items with their encrypted content) are
kept in the turn's native content and sent back as input items, as the API documents for
reasoning models with tools.
"""

from __future__ import annotations

from typing import Any

from ..errors import CONTEXT_PATTERNS, ContextWindowExceeded, ModelCallError
from ..messages import ModelReply, TokenUsage, ToolCallRequest, Turn, parse_arguments
from .base import Adapter
from .openai_chat import _get

_KEEP = {"message": ("type", "id", "role", "content", "status"),
         "function_call": ("type", "id", "call_id", "name", "arguments", "status"),
         "reasoning": ("type", "id", "summary", "encrypted_content")}


class OpenAIResponsesAdapter(Adapter):
    native_key = "openai_responses"

    def _client(self) -> Any:
        import openai

        return openai.AsyncOpenAI(api_key=self._secret.get(), base_url=self.preset.base_url, max_retries=0,
                                  timeout=self.preset.request_timeout)

    def _item(self, item: dict[str, Any]) -> dict[str, Any] | None:
        kind = item.get("type")
        keep = _KEEP.get(kind or "")
        if keep is None:
            return None
        out = {k: item[k] for k in keep if k in item and item[k] is not None}
        if kind == "reasoning":
            if not self.preset.store and not out.get("encrypted_content"):
                return None  # cannot be referenced without server-side storage
            out.setdefault("summary", [])
        elif not self.preset.store:
            out.pop("id", None)
        if kind == "message":
            out["content"] = [{k: v for k, v in part.items() if k in ("type", "text", "annotations", "refusal")}
                              for part in out.get("content") or []]
        return out

    def input_items(self, turns: list[Turn]) -> list[dict[str, Any]]:
        items: list[dict[str, Any]] = []
        for t in turns:
            if t.role == "user":
                items.append({"role": "user", "content": t.text})
            elif t.role == "assistant":
                native = (t.native or {}).get(self.native_key)
                if native is not None:
                    items.extend(i for i in (self._item(x) for x in native) if i)
                    continue
                if t.text.strip():
                    items.append({"role": "assistant", "content": t.text})
                items.extend({"type": "function_call", "call_id": c.id, "name": c.name,
                              "arguments": c.arguments_json()} for c in t.tool_calls)
            else:
                items.extend({"type": "function_call_output", "call_id": r.call_id, "output": r.content}
                             for r in t.results)
        return items

    def request(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> dict[str, Any]:
        p = self.preset
        kw: dict[str, Any] = {"model": p.model, "input": self.input_items(turns), "max_output_tokens": p.max_tokens,
                              "store": p.store}
        if system:
            kw["instructions"] = system
        if tools:
            kw["tools"] = [{"type": "function", "name": t["name"], "description": t.get("description", ""),
                            "parameters": t.get("parameters") or {"type": "object", "properties": {}},
                            "strict": False} for t in tools]
            if p.parallel_tool_calls is not None:
                kw["parallel_tool_calls"] = p.parallel_tool_calls
        if p.reasoning_effort:
            kw["reasoning"] = {"effort": p.reasoning_effort, "summary": "auto"}
            if not p.store:
                kw["include"] = ["reasoning.encrypted_content"]
        if p.temperature is not None:
            kw["temperature"] = p.temperature
        if p.top_p is not None:
            kw["top_p"] = p.top_p
        if p.params:
            kw["extra_body"] = dict(p.params)
        return kw

    async def complete(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> ModelReply:
        resp = await self.sdk.responses.create(**self.request(system, turns, tools))
        status = _get(resp, "status")
        if status == "failed":
            err = _get(resp, "error")
            code, message = _get(err, "code") or "", _get(err, "message") or "response failed"
            if CONTEXT_PATTERNS.search(f"{code} {message}"):
                raise ContextWindowExceeded(self._secret.scrub(f"{code}: {message}"))
            raise ModelCallError(self._secret.scrub(f"{self.preset.label}: response failed: {code}: {message}"))
        texts, thinking, calls, native = [], [], [], []
        for item in _get(resp, "output") or []:
            d = item.model_dump(mode="json", exclude_none=True) if hasattr(item, "model_dump") else dict(item)
            native.append(d)
            kind = d.get("type")
            if kind == "message":
                for part in d.get("content") or []:
                    texts.append(part.get("text") or part.get("refusal") or "")
            elif kind == "reasoning":
                thinking.extend(s.get("text", "") for s in d.get("summary") or [])
                thinking.extend(c.get("text", "") for c in d.get("content") or [])
            elif kind == "function_call":
                calls.append(ToolCallRequest(d.get("call_id") or d.get("id") or "", d.get("name", ""),
                                             parse_arguments(d.get("arguments"))))
        u = _get(resp, "usage")
        usage = TokenUsage(input_tokens=_get(u, "input_tokens") or 0, output_tokens=_get(u, "output_tokens") or 0,
                           cached_tokens=_get(_get(u, "input_tokens_details"), "cached_tokens") or 0,
                           reasoning_tokens=_get(_get(u, "output_tokens_details"), "reasoning_tokens") or 0)
        reason = _get(_get(resp, "incomplete_details"), "reason")
        stop = ("tool_calls" if calls else "max_tokens" if reason == "max_output_tokens"
                else "refusal" if reason == "content_filter" else "end")
        turn = Turn("assistant", text="\n".join(t for t in texts if t), thinking="\n\n".join(t for t in thinking if t)
                    or None, tool_calls=calls, native={self.native_key: native})
        return ModelReply(turn, stop, usage, _get(resp, "model"), reason or status)


ADAPTER = OpenAIResponsesAdapter

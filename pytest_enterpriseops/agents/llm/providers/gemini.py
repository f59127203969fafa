"""Google Gemini (generateContent with function calling and thinking) on the async
`google-genai` SDK (`client.aio`).

The model's content (thought parts, thought signatures, function calls) is kept as the
turn's native content and sent back unchanged, which Gemini 3 requires for function calling
with thinking. Gemini's output token count excludes thoughts; here `output_tokens` includes
them (they are billed as output) and `reasoning_tokens` reports them.
"""

from __future__ import annotations

from typing import Any

from ..messages import ModelReply, TokenUsage, ToolCallRequest, Turn, parse_result_content
from .base import Adapter

FINISH = {"STOP": "end", "MAX_TOKENS": "max_tokens", "MALFORMED_FUNCTION_CALL": "malformed_call",
          "UNEXPECTED_TOOL_CALL": "malformed_call", "SAFETY": "refusal", "RECITATION": "refusal",
          "PROHIBITED_CONTENT": "refusal", "BLOCKLIST": "refusal", "SPII": "refusal"}
LOCAL_ID = "local:"  # ids we made up because the model gave none: never sent back


def _enum(v: Any) -> str | None:
    return None if v is None else str(getattr(v, "value", v))


class GeminiAdapter(Adapter):
    native_key = "gemini"

    def _client(self) -> Any:
        from google import genai
        from google.genai import types

        opts: dict[str, Any] = {"timeout": int(self.preset.request_timeout * 1000)}
        if self.preset.base_url:
            opts["base_url"] = self.preset.base_url
        return genai.Client(api_key=self._secret.get(), http_options=types.HttpOptions(**opts))

    async def aclose(self) -> None:
        if self._sdk is not None:
            sdk, self._sdk = self._sdk, None
            await sdk.aio.aclose()

    def contents(self, turns: list[Turn]) -> list[Any]:
        from google.genai import types

        out: list[Any] = []
        for t in turns:
            if t.role == "user":
                out.append(types.Content(role="user", parts=[types.Part(text=t.text)]))
            elif t.role == "assistant":
                native = (t.native or {}).get(self.native_key)
                if native is not None:
                    content = types.Content.model_validate(native)
                    if content.parts:
                        out.append(content)
                    continue
                parts = [types.Part(text=t.text)] if t.text.strip() else []
                parts += [types.Part(function_call=types.FunctionCall(
                    name=c.name, args=c.arguments_dict(), id=None if c.id.startswith(LOCAL_ID) else c.id))
                    for c in t.tool_calls]
                if parts:
                    out.append(types.Content(role="model", parts=parts))
            else:
                parts = []
                for r in t.results:
                    value = parse_result_content(r.content)
                    if isinstance(value, dict) and r.is_error and "error" in value:
                        response = value
                    else:
                        response = {"error" if r.is_error else "output": value}
                    parts.append(types.Part(function_response=types.FunctionResponse(
                        name=r.name, response=response, id=None if r.call_id.startswith(LOCAL_ID) else r.call_id)))
                out.append(types.Content(role="user", parts=parts))
        return out

    def config(self, system: str, tools: list[dict[str, Any]]) -> Any:
        from google.genai import types

        p = self.preset
        cfg: dict[str, Any] = {"max_output_tokens": p.max_tokens,
                               "automatic_function_calling": types.AutomaticFunctionCallingConfig(disable=True)}
        if system:
            cfg["system_instruction"] = system
        if tools:
            cfg["tools"] = [types.Tool(function_declarations=[types.FunctionDeclaration(
                name=t["name"], description=t.get("description", ""),
                parameters_json_schema=t.get("parameters") or {"type": "object", "properties": {}})
                for t in tools])]
        if p.temperature is not None:
            cfg["temperature"] = p.temperature
        if p.top_p is not None:
            cfg["top_p"] = p.top_p
        if p.thinking_budget is not None or p.thinking_level or p.reasoning_effort:
            level = p.thinking_level or p.reasoning_effort
            cfg["thinking_config"] = types.ThinkingConfig(
                include_thoughts=True, thinking_budget=p.thinking_budget,
                thinking_level=level.upper() if level else None)
        if p.params:
            cfg["http_options"] = types.HttpOptions(extra_body=dict(p.params))
        return types.GenerateContentConfig(**cfg)

    async def complete(self, system: str, turns: list[Turn], tools: list[dict[str, Any]]) -> ModelReply:
        resp = await self.sdk.aio.models.generate_content(model=self.preset.model, contents=self.contents(turns),
                                                          config=self.config(system, tools))
        cand = resp.candidates[0] if resp.candidates else None
        content = getattr(cand, "content", None)
        texts, thinking, calls = [], [], []
        for i, part in enumerate(getattr(content, "parts", None) or []):
            if part.function_call is not None:
                fc = part.function_call
                calls.append(ToolCallRequest(fc.id or f"{LOCAL_ID}{len(turns)}_{i}", fc.name or "",
                                             dict(fc.args or {})))
            elif part.text:
                (thinking if part.thought else texts).append(part.text)
        finish = _enum(getattr(cand, "finish_reason", None))
        block = _enum(getattr(getattr(resp, "prompt_feedback", None), "block_reason", None))
        stop = "tool_calls" if calls else FINISH.get(finish or "", "refusal" if block else "end")
        u = resp.usage_metadata
        thoughts = getattr(u, "thoughts_token_count", None) or 0
        usage = TokenUsage(input_tokens=getattr(u, "prompt_token_count", None) or 0,
                           output_tokens=(getattr(u, "candidates_token_count", None) or 0) + thoughts,
                           cached_tokens=getattr(u, "cached_content_token_count", None) or 0,
                           reasoning_tokens=thoughts)
        native = content.model_dump(mode="json", exclude_none=True) if content is not None else {"parts": []}
        native.setdefault("role", "model")
        turn = Turn("assistant", text="\n".join(texts), thinking="\n\n".join(thinking) or None, tool_calls=calls,
                    native={self.native_key: native})
        return ModelReply(turn, stop, usage, getattr(resp, "model_version", None) or self.preset.model,
                          finish or block)

    def _fault_facts(self, exc: BaseException) -> tuple[int | None, str, Any, str | None]:
        code = getattr(exc, "code", None)
        if isinstance(code, int) and hasattr(exc, "details"):
            return code, str(getattr(exc, "message", None) or exc), getattr(exc, "details", None), \
                getattr(exc, "status", None)
        return None, str(exc), None, None


ADAPTER = GeminiAdapter

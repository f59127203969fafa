"""Gemini API wire format (POST /v1beta/models/{model}:generateContent)."""

from __future__ import annotations

import base64
from typing import Any

from .brain import Fault, Reply, View


def _g(d: dict[str, Any], camel: str, snake: str) -> Any:
    return d.get(camel, d.get(snake))


def parse(body: dict[str, Any], model: str) -> View:
    si = _g(body, "systemInstruction", "system_instruction") or {}
    system = "".join(p.get("text", "") for p in si.get("parts", [])) if isinstance(si, dict) else str(si)
    msgs: list[dict[str, Any]] = []
    for c in body.get("contents", []):
        parts = c.get("parts", [])
        if c.get("role") == "model":
            msgs.append({"role": "assistant", "text": "".join(p.get("text", "") for p in parts if not p.get("thought")),
                         "tool_calls": [{"id": _g(p, "functionCall", "function_call").get("id"),
                                         "name": _g(p, "functionCall", "function_call")["name"],
                                         "arguments": _g(p, "functionCall", "function_call").get("args")}
                                        for p in parts if _g(p, "functionCall", "function_call")],
                         "thinking": [p for p in parts if p.get("thought") or _g(p, "thoughtSignature", "thought_signature")]})
            continue
        responses = [_g(p, "functionResponse", "function_response") for p in parts
                     if _g(p, "functionResponse", "function_response")]
        if responses:
            msgs.append({"role": "tool", "results": [{"id": r.get("id"), "name": r.get("name"),
                                                      "content": r.get("response")} for r in responses]})
        texts = [p["text"] for p in parts if "text" in p]
        if texts:
            msgs.append({"role": "user", "text": "\n".join(texts)})
    tools = [f["name"] for t in body.get("tools") or [] for f in _g(t, "functionDeclarations", "function_declarations") or []]
    return View("gemini", model, system, msgs, tools, body=body)


def render(reply: Reply, view: View, n: int) -> dict[str, Any]:
    u = reply.usage
    parts: list[dict[str, Any]] = []
    finish = reply.finish or "STOP"
    if reply.thinking:
        parts.append({"text": reply.thinking, "thought": True})
    if reply.text:
        parts.append({"text": reply.text})
    for i, (name, args) in enumerate(reply.tool_calls):
        if isinstance(args, str):  # Gemini has no raw argument text: a bad call is a finish reason
            finish = "MALFORMED_FUNCTION_CALL"
            continue
        parts.append({"functionCall": {"name": name, "args": args},
                      "thoughtSignature": base64.b64encode(f"sig-{n}-{i}".encode()).decode()})
    if finish == "MALFORMED_FUNCTION_CALL":
        parts = []
    cand: dict[str, Any] = {"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0}
    return {"candidates": [cand], "modelVersion": view.model,
            "usageMetadata": {"promptTokenCount": u["input"], "candidatesTokenCount": u["output"] - u.get("reasoning", 0),
                              "thoughtsTokenCount": u.get("reasoning", 0),
                              "cachedContentTokenCount": u.get("cached", 0),
                              "totalTokenCount": u["input"] + u["output"]}}


STATUS = {400: "INVALID_ARGUMENT", 401: "UNAUTHENTICATED", 403: "PERMISSION_DENIED", 429: "RESOURCE_EXHAUSTED",
          500: "INTERNAL", 503: "UNAVAILABLE"}


def error(fault: Fault) -> tuple[int, dict[str, Any]]:
    if fault.kind == "context":
        return 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message":
                               "The input token count (250000) exceeds the maximum number of tokens allowed (131072)."}}
    return fault.status, {"error": {"code": fault.status, "message": fault.message,
                                    "status": fault.error_type or STATUS.get(fault.status, "INTERNAL")}}

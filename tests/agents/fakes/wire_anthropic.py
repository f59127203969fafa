"""Anthropic Messages API wire format (POST /v1/messages)."""

from __future__ import annotations

import json
from typing import Any

from .brain import Fault, Reply, View


def _blocks(content: Any) -> list[dict[str, Any]]:
    return [{"type": "text", "text": content}] if isinstance(content, str) else list(content or [])


def parse(body: dict[str, Any]) -> View:
    system = body.get("system") or ""
    if isinstance(system, list):
        system = "\n".join(b.get("text", "") for b in system)
    msgs: list[dict[str, Any]] = []
    for m in body.get("messages", []):
        blocks = _blocks(m.get("content"))
        if m["role"] == "assistant":
            msgs.append({"role": "assistant",
                         "text": "".join(b.get("text", "") for b in blocks if b["type"] == "text"),
                         "tool_calls": [{"id": b["id"], "name": b["name"], "arguments": b["input"]}
                                        for b in blocks if b["type"] == "tool_use"],
                         "thinking": [b for b in blocks if b["type"] in ("thinking", "redacted_thinking")]})
            continue
        results = [b for b in blocks if b["type"] == "tool_result"]
        if results:
            msgs.append({"role": "tool", "results": [
                {"id": b["tool_use_id"], "content": b["content"] if isinstance(b["content"], str)
                 else "".join(x.get("text", "") for x in b["content"]), "is_error": b.get("is_error", False)}
                for b in results]})
        texts = [b.get("text", "") for b in blocks if b["type"] == "text"]
        if texts:
            msgs.append({"role": "user", "text": "\n".join(texts)})
    return View("anthropic", body.get("model", ""), system, msgs,
                [t["name"] for t in body.get("tools") or []], body=body)


def render(reply: Reply, view: View, n: int) -> dict[str, Any]:
    content: list[dict[str, Any]] = []
    if reply.thinking:
        content.append({"type": "thinking", "thinking": reply.thinking, "signature": f"sig-{n}"})
    if reply.text:
        content.append({"type": "text", "text": reply.text})
    for i, (name, args) in enumerate(reply.tool_calls):
        content.append({"type": "tool_use", "id": f"toolu_{n}_{i}", "name": name, "input": args})
    u = reply.usage
    stop = reply.finish or ("tool_use" if reply.tool_calls else "end_turn")
    return {"id": f"msg_{n}", "type": "message", "role": "assistant", "model": view.model, "content": content,
            "stop_reason": stop, "stop_sequence": None,
            "usage": {"input_tokens": u["input"] - u.get("cached", 0), "output_tokens": u["output"],
                      "cache_read_input_tokens": u.get("cached", 0), "cache_creation_input_tokens": 0,
                      "output_tokens_details": {"thinking_tokens": u.get("reasoning", 0)}}}


ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error", 403: "permission_error",
               429: "rate_limit_error", 500: "api_error", 529: "overloaded_error"}


def error(fault: Fault) -> tuple[int, dict[str, Any]]:
    if fault.kind == "context":
        return 400, {"type": "error", "error": {"type": "invalid_request_error",
                                                "message": "prompt is too long: 250000 tokens > 200000 maximum"}}
    kind = fault.error_type or ERROR_TYPES.get(fault.status, "api_error")
    return fault.status, {"type": "error", "error": {"type": kind, "message": fault.message}}


def dumps_args(args: Any) -> str:
    return args if isinstance(args, str) else json.dumps(args)

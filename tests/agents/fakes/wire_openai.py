"""OpenAI wire formats: Chat Completions (POST /v1/chat/completions) and Responses (POST /v1/responses)."""

from __future__ import annotations

import json
from typing import Any

from .brain import Fault, Reply, View


def _args(args: Any) -> str:
    return args if isinstance(args, str) else json.dumps(args)


def _text(content: Any) -> str:
    if isinstance(content, list):
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return content or ""


def parse_chat(body: dict[str, Any]) -> View:
    system, msgs = "", []
    for m in body.get("messages", []):
        role = m["role"]
        if role in ("system", "developer"):
            system += _text(m.get("content"))
        elif role == "user":
            msgs.append({"role": "user", "text": _text(m.get("content"))})
        elif role == "assistant":
            msgs.append({"role": "assistant", "text": _text(m.get("content")),
                         "tool_calls": [{"id": c["id"], "name": c["function"]["name"],
                                         "arguments": c["function"]["arguments"]} for c in m.get("tool_calls") or []],
                         "thinking": m.get("reasoning_content")})
        elif role == "tool":
            if msgs and msgs[-1]["role"] == "tool":
                msgs[-1]["results"].append({"id": m["tool_call_id"], "content": _text(m.get("content"))})
            else:
                msgs.append({"role": "tool", "results": [{"id": m["tool_call_id"], "content": _text(m.get("content"))}]})
    tools = [t["function"]["name"] for t in body.get("tools") or []]
    return View("openai_chat", body.get("model", ""), system, msgs, tools, body=body)


def render_chat(reply: Reply, view: View, n: int) -> dict[str, Any]:
    u = reply.usage
    msg: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
    if reply.tool_calls:
        msg["tool_calls"] = [{"id": f"call_{n}_{i}", "type": "function",
                              "function": {"name": name, "arguments": _args(args)}}
                             for i, (name, args) in enumerate(reply.tool_calls)]
    if reply.thinking:
        msg["reasoning_content"] = reply.thinking
    finish = reply.finish or ("tool_calls" if reply.tool_calls else "stop")
    return {"id": f"chatcmpl-{n}", "object": "chat.completion", "created": 0, "model": view.model,
            "choices": [{"index": 0, "message": msg, "finish_reason": finish}],
            "usage": {"prompt_tokens": u["input"], "completion_tokens": u["output"],
                      "total_tokens": u["input"] + u["output"],
                      "prompt_tokens_details": {"cached_tokens": u.get("cached", 0)},
                      "completion_tokens_details": {"reasoning_tokens": u.get("reasoning", 0)}}}


def parse_responses(body: dict[str, Any]) -> View:
    items = body.get("input") or []
    if isinstance(items, str):
        items = [{"role": "user", "content": items}]
    msgs: list[dict[str, Any]] = []

    def assistant() -> dict[str, Any]:
        if not msgs or msgs[-1]["role"] != "assistant":
            msgs.append({"role": "assistant", "text": "", "tool_calls": [], "thinking": []})
        return msgs[-1]

    for it in items:
        kind = it.get("type", "message")
        if kind == "message" and it.get("role") == "user":
            msgs.append({"role": "user", "text": _text(it.get("content"))})
        elif kind == "message" and it.get("role") == "assistant":
            assistant()["text"] += _text(it.get("content"))
        elif kind == "reasoning":
            assistant()["thinking"].append(it)
        elif kind == "function_call":
            assistant()["tool_calls"].append({"id": it["call_id"], "name": it["name"], "arguments": it["arguments"]})
        elif kind == "function_call_output":
            if msgs and msgs[-1]["role"] == "tool":
                msgs[-1]["results"].append({"id": it["call_id"], "content": it["output"]})
            else:
                msgs.append({"role": "tool", "results": [{"id": it["call_id"], "content": it["output"]}]})
    tools = [t["name"] for t in body.get("tools") or []]
    return View("openai_responses", body.get("model", ""), body.get("instructions") or "", msgs, tools, body=body)


def render_responses(reply: Reply, view: View, n: int) -> dict[str, Any]:
    u = reply.usage
    out: list[dict[str, Any]] = []
    if reply.thinking:
        out.append({"type": "reasoning", "id": f"rs_{n}", "summary": [{"type": "summary_text", "text": reply.thinking}],
                    "encrypted_content": f"enc-{n}"})
    if reply.text:
        out.append({"type": "message", "id": f"msg_{n}", "role": "assistant", "status": "completed",
                    "content": [{"type": "output_text", "text": reply.text, "annotations": []}]})
    for i, (name, args) in enumerate(reply.tool_calls):
        out.append({"type": "function_call", "id": f"fc_{n}_{i}", "call_id": f"call_{n}_{i}", "name": name,
                    "arguments": _args(args), "status": "completed"})
    incomplete = {"reason": "max_output_tokens"} if reply.finish == "length" else None
    return {"id": f"resp_{n}", "object": "response", "created_at": 0, "model": view.model,
            "status": "incomplete" if incomplete else "completed", "incomplete_details": incomplete, "error": None,
            "output": out, "parallel_tool_calls": True, "tool_choice": "auto", "tools": [],
            "usage": {"input_tokens": u["input"], "input_tokens_details": {"cached_tokens": u.get("cached", 0)},
                      "output_tokens": u["output"],
                      "output_tokens_details": {"reasoning_tokens": u.get("reasoning", 0)},
                      "total_tokens": u["input"] + u["output"]}}


ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error", 429: "rate_limit_exceeded",
               500: "server_error", 503: "server_error"}


def error(fault: Fault) -> tuple[int, dict[str, Any]]:
    if fault.kind == "context":
        return 400, {"error": {"message": "This model's maximum context length is 128000 tokens. However, your "
                                          "messages resulted in 250000 tokens. Please reduce the length of the "
                                          "messages.", "type": "invalid_request_error", "param": "messages",
                               "code": "context_length_exceeded"}}
    return fault.status, {"error": {"message": fault.message, "param": None,
                                    "type": fault.error_type or ERROR_TYPES.get(fault.status, "server_error"),
                                    "code": fault.error_type}}

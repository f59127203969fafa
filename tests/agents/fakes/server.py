"""A local HTTP server on 127.0.0.1 that plays a scripted model in each vendor's wire format.

    with FakeLLMServer(ScriptBrain([...])) as srv:
        srv.base_url("anthropic")   # what the preset's base_url must be for that SDK

Routes: /v1/messages (Anthropic), /v1/chat/completions and /v1/responses (OpenAI),
/v1beta/models/{model}:generateContent (Gemini). `faults` is a queue of errors served before
the brain is asked (429 with retry-after, 500, overlong context, dropped connection, ...).
Every request is kept in `requests` with its decoded View.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

from . import wire_anthropic, wire_gemini, wire_openai
from .brain import Fault, Reply, View


class FakeLLMServer:
    def __init__(self, brain: Callable[[View], Reply | Fault], faults: list[Fault] | None = None):
        self.brain = brain
        self.faults: list[Fault] = list(faults or [])
        self.requests: list[dict[str, Any]] = []
        self._conversations: dict[str, int] = {}
        self._lock = threading.Lock()
        self._n = 0
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                server._handle(self, body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self._thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "FakeLLMServer":
        self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def base_url(self, provider: str) -> str:
        root = f"http://127.0.0.1:{self.port}"
        return root + "/v1" if provider == "openai" else root

    def reset_conversations(self) -> None:
        """Forget how far each conversation got (replay a script from its start)."""
        with self._lock:
            self._conversations.clear()

    # -------------------------------------------------------------------------------------------
    def _decode(self, path: str, body: dict[str, Any]) -> tuple[str, View]:
        if path.endswith("/messages"):
            return "anthropic", wire_anthropic.parse(body)
        if path.endswith("/chat/completions"):
            return "openai_chat", wire_openai.parse_chat(body)
        if path.endswith("/responses"):
            return "openai_responses", wire_openai.parse_responses(body)
        m = re.search(r"/models/([^/:]+):generateContent", path)
        if m:
            return "gemini", wire_gemini.parse(body, m.group(1))
        raise ValueError(f"fake server: no route for {path}")

    def _handle(self, h: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        wire, view = self._decode(h.path, body)
        key = hashlib.sha256(f"{wire}|{view.system}|{view.first_user}".encode()).hexdigest()
        with self._lock:
            fault = self.faults.pop(0) if self.faults else None
            if fault is None:
                view.turn_index = self._conversations.get(key, 0)
                self._conversations[key] = view.turn_index + 1
            self._n += 1
            n = self._n
            self.requests.append({"path": h.path, "headers": dict(h.headers), "body": body, "view": view,
                                  "fault": fault})
        step = fault if fault is not None else self.brain(view)
        if isinstance(step, Fault):
            if step.kind == "drop":
                h.close_connection = True
                h.connection.shutdown(2)
                return
            status, payload = {"anthropic": wire_anthropic.error, "gemini": wire_gemini.error}.get(
                wire, wire_openai.error)(step)
            self._send(h, status, payload, step.headers)
            return
        render = {"anthropic": wire_anthropic.render, "openai_chat": wire_openai.render_chat,
                  "openai_responses": wire_openai.render_responses, "gemini": wire_gemini.render}[wire]
        self._send(h, 200, render(step, view, n), {})

    @staticmethod
    def _send(h: BaseHTTPRequestHandler, status: int, payload: dict[str, Any], headers: dict[str, str]) -> None:
        data = json.dumps(payload).encode()
        h.send_response(status)
        h.send_header("content-type", "application/json")
        h.send_header("content-length", str(len(data)))
        for k, v in headers.items():
            h.send_header(k, v)
        h.end_headers()
        h.wfile.write(data)

"""An episode's offered tools served over MCP (the official `mcp` SDK), Streamable HTTP on 127.0.0.1.

Every MCP tool call goes through the episode's own `call`, so through the same runtime as an
in-process call (validation, step limit, transcript, timings). A tool error comes back as an MCP
tool result with `isError` set, which the client can read and act on.

Two ways to serve:
- `McpHub` (for `exec:`): one HTTP server per process, started once, serving every open episode
  at a path of its own (`/e/<random token>/mcp`), so a task run costs no server start;
- `EpisodeServer` (for `eops serve`): one episode on a port of its own, or over stdio.

Sockets are made with IPPROTO_TCP: asyncio sets TCP_NODELAY only on sockets whose protocol is
IPPROTO_TCP, and without it every response waited ~40 ms for the client's delayed ACK (Nagle).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import threading
from typing import Any, Callable

FINISH_TOOL = "finish"


def build_server(episode: Any, on_finish: Callable[[str], None] | None = None,
                 instructions: str | None = None) -> Any:
    """The MCP server object (the SDK's low-level Server) for one episode."""
    import mcp_types as types
    from mcp.server import Server

    tools = [types.Tool(name=s["name"], description=s.get("description") or "",
                        input_schema=s.get("parameters") or {"type": "object", "properties": {}})
             for s in episode.tools]
    if on_finish is not None:
        tools.append(types.Tool(name=FINISH_TOOL, description="End the episode with your final answer.",
                                input_schema={"type": "object", "required": ["answer"],
                                              "properties": {"answer": {"type": "string",
                                                                        "description": "Your final answer."}}}))
    listing = types.ListToolsResult(tools=tools)  # built once: the SDK also looks it up on every tools/call

    async def list_tools(ctx: Any, params: Any) -> Any:
        return listing

    async def call_tool(ctx: Any, params: Any) -> Any:
        name, args = params.name, dict(params.arguments or {})
        if name == FINISH_TOOL and on_finish is not None:
            on_finish(str(args.get("answer", "")))
            return types.CallToolResult(content=[types.TextContent(type="text", text="episode finished")])
        try:
            res = await episode.call(name, args)
        except Exception as exc:  # noqa: BLE001 - the step limit, a closed episode: tell the client
            return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(
                {"error": f"{type(exc).__name__}: {exc}"}))], is_error=True)
        return types.CallToolResult(content=[types.TextContent(type="text", text=res.content)],
                                    is_error=bool(res.is_error))

    schemas = {t.name: t.input_schema for t in tools}
    server = Server("enterpriseops", version="1",
                    instructions=episode.system_prompt if instructions is None else instructions,
                    get_tool_input_schema=schemas.get,  # spares the SDK a tools/list per tools/call
                    on_list_tools=list_tools, on_call_tool=call_tool)
    # The SDK wraps every message in an OpenTelemetry span by default (a no-op without an exporter, but
    # not free: ~0.1 ms of a call's server time); the episode's transcript already records every call.
    server.middleware = [m for m in server.middleware if type(m).__name__ != "OpenTelemetryMiddleware"]
    return server


def tcp_listener(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # inherited by accepted sockets
    sock.bind((host, port))
    sock.listen(256)
    return sock


def _local_security() -> Any:
    from mcp.server.transport_security import TransportSecuritySettings

    return TransportSecuritySettings(enable_dns_rebinding_protection=True,
                                     allowed_hosts=["127.0.0.1:*", "localhost:*"],
                                     allowed_origins=["http://127.0.0.1:*", "http://localhost:*"])


def _fast_loop_factory() -> Any:
    """uvloop's event loop where it is installed (it is not a dependency: measured, it lowers the
    server's CPU per call by ~0.1 ms but not the median latency), else asyncio's. HTTP parsing is
    httptools (a dependency), which uvicorn picks over h11 by itself."""
    try:
        import uvloop  # type: ignore[import-not-found]
    except ImportError:
        return None
    return uvloop.new_event_loop


class _UvicornThread:
    """A uvicorn server for `app` on a thread (and event loop) of its own."""

    def __init__(self, app: Any, sock: socket.socket, name: str):
        import uvicorn

        self.sock = sock
        self.server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on", interface="asgi3",
                                                    access_log=False, proxy_headers=False))
        self.loop: asyncio.AbstractEventLoop | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._main, name=name, daemon=True)

    def start(self, timeout: float) -> None:
        self._thread.start()
        if not self._ready.wait(timeout) or self._error is not None:
            raise RuntimeError(f"the MCP server did not start: {self._error!r}")

    def _main(self) -> None:
        try:
            with asyncio.Runner(loop_factory=_fast_loop_factory()) as runner:
                runner.run(self._serve())
        except BaseException as exc:  # noqa: BLE001
            self._error = exc
            self._ready.set()

    async def _serve(self) -> None:
        self.loop = asyncio.get_running_loop()
        task = asyncio.create_task(self.server.serve(sockets=[self.sock]))
        while not self.server.started and not task.done():
            await asyncio.sleep(0.001)
        self._ready.set()
        await task

    def stop(self) -> None:
        self.server.should_exit = True
        self._thread.join(10)


class EpisodeServer:
    """Serves one episode on a port of its own until `stop()`; `url` is the MCP endpoint.

    `on_finish(answer)`, when given, adds a `finish` tool that ends the episode with that answer
    (for `eops serve`, where a person's client decides when it is done).
    """

    def __init__(self, episode: Any, on_finish: Callable[[str], None] | None = None, port: int = 0,
                 host: str = "127.0.0.1", instructions: str | None = None):
        self.episode, self.on_finish, self.instructions = episode, on_finish, instructions
        self.host, self._port = host, port
        self._runner: _UvicornThread | None = None
        self.url = ""

    def _build(self) -> Any:
        return build_server(self.episode, self.on_finish, self.instructions)

    async def serve_stdio(self) -> None:
        """Serve over this process's standard input and output (desktop MCP clients) until EOF."""
        from mcp.server.stdio import stdio_server

        server = self._build()
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    def start(self, timeout: float = 20.0) -> str:
        sock = tcp_listener(self.host, self._port)
        self.url = f"http://{self.host}:{sock.getsockname()[1]}/mcp"
        app = self._build().streamable_http_app(host=self.host)
        self._runner = _UvicornThread(app, sock, "eops-mcp")
        self._runner.start(timeout)
        return self.url

    def stop(self) -> None:
        if self._runner is not None:
            self._runner.stop()

    def __enter__(self) -> "EpisodeServer":
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


class McpHub:
    """One MCP HTTP server per process; each open episode is served at `/e/<token>/mcp`.

    The token is random, so an agent reaches its own episode only. Opening an episode makes its
    SDK session manager on the hub's loop (no socket, no thread, no server start per task).
    """

    def __init__(self, host: str = "127.0.0.1"):
        self.host = host
        self._managers: dict[str, Any] = {}
        self._stops: dict[str, asyncio.Event] = {}
        self._tasks: dict[str, asyncio.Task[None]] = {}  # held: the loop keeps only weak references
        self._runner: _UvicornThread | None = None
        self._lock = threading.Lock()
        self.base = ""

    def _ensure_started(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self._runner is None:
                sock = tcp_listener(self.host, 0)
                self.base = f"http://{self.host}:{sock.getsockname()[1]}"
                runner = _UvicornThread(self._asgi, sock, "eops-mcp-hub")
                runner.start(20.0)
                self._runner = runner
            assert self._runner.loop is not None
            return self._runner.loop

    async def _asgi(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            while True:
                msg = await receive()
                if msg["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif msg["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        parts = scope.get("path", "").strip("/").split("/")
        manager = self._managers.get(parts[1]) if len(parts) == 3 and parts[0] == "e" and parts[2] == "mcp" else None
        if manager is None:
            body = b'{"error": "no such episode (it is over, or the URL is wrong)"}'
            await send({"type": "http.response.start", "status": 404,
                        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
            await send({"type": "http.response.body", "body": body})
            return
        await manager.handle_request(scope, receive, send)

    async def _open_on_loop(self, token: str, server: Any) -> None:
        from mcp.server.streamable_http_manager import StreamableHTTPSessionManager

        manager = StreamableHTTPSessionManager(app=server, security_settings=_local_security(), json_response=True)
        ready, stop = asyncio.Event(), asyncio.Event()

        async def keep() -> None:
            async with manager.run():
                ready.set()
                await stop.wait()

        task = asyncio.get_running_loop().create_task(keep())
        ready_wait = asyncio.ensure_future(ready.wait())
        await asyncio.wait([ready_wait, task], return_when=asyncio.FIRST_COMPLETED)
        if task.done():
            ready_wait.cancel()
            task.result()  # raises what went wrong
        self._managers[token], self._stops[token], self._tasks[token] = manager, stop, task

    async def _close_on_loop(self, token: str) -> None:
        self._managers.pop(token, None)
        stop, task = self._stops.pop(token, None), self._tasks.pop(token, None)
        if stop is not None:
            stop.set()
        if task is not None:
            await asyncio.wait([task], timeout=5)  # the SDK's sessions of this episode end here

    async def open(self, episode: Any) -> tuple[str, str]:
        """Serve `episode`; returns (its MCP URL, the token to close it with). Awaitable from any loop."""
        loop = self._runner.loop if self._runner is not None else await asyncio.to_thread(self._ensure_started)
        assert loop is not None
        token = secrets.token_urlsafe(12)
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(
            self._open_on_loop(token, build_server(episode)), loop))
        return f"{self.base}/e/{token}/mcp", token

    async def close(self, token: str) -> None:
        if self._runner is None or self._runner.loop is None:
            return
        await asyncio.wrap_future(asyncio.run_coroutine_threadsafe(self._close_on_loop(token), self._runner.loop))

    def stop(self) -> None:
        with self._lock:
            if self._runner is not None:
                self._runner.stop()
                self._runner = None


_HUB: McpHub | None = None
_HUB_LOCK = threading.Lock()


def hub() -> McpHub:
    """This process's MCP hub (its server starts at the first episode opened)."""
    global _HUB
    with _HUB_LOCK:
        if _HUB is None:
            _HUB = McpHub()
        return _HUB


def mcp_config(url: str) -> dict[str, Any]:
    """The server in the `mcpServers` form that agent CLIs accept (e.g. with --mcp-config FILE)."""
    return {"mcpServers": {"enterpriseops": {"type": "http", "url": url}}}

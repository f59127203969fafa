"""An episode's offered tools served over MCP (the official `mcp` SDK), Streamable HTTP on 127.0.0.1.

Every MCP tool call goes through the episode's own `call`, so through the same runtime as an
in-process call (validation, step limit, transcript, timings). A tool error comes back as an MCP
tool result with `isError` set, which the client can read and act on.
"""

from __future__ import annotations

import asyncio
import json
import socket
import threading
from typing import Any, Callable

FINISH_TOOL = "finish"


class EpisodeServer:
    """Serves one episode on a free port until `stop()`; `url` is the MCP endpoint.

    `on_finish(answer)`, when given, adds a `finish` tool that ends the episode with that answer
    (for `eops serve`, where a person's client decides when it is done).
    """

    def __init__(self, episode: Any, on_finish: Callable[[str], None] | None = None, port: int = 0,
                 host: str = "127.0.0.1", instructions: str | None = None):
        self.episode, self.on_finish = episode, on_finish
        self.instructions = episode.system_prompt if instructions is None else instructions
        self.host, self._port = host, port
        self._thread: threading.Thread | None = None
        self._server: Any = None
        self._ready = threading.Event()
        self._error: BaseException | None = None
        self.url = ""

    # -- the MCP handlers ----------------------------------------------------
    def _build(self) -> Any:
        import mcp_types as types
        from mcp.server import Server

        specs = {s["name"]: s for s in self.episode.tools}

        async def list_tools(ctx: Any, params: Any) -> Any:
            tools = [types.Tool(name=s["name"], description=s.get("description") or "",
                                input_schema=s.get("parameters") or {"type": "object", "properties": {}})
                     for s in specs.values()]
            if self.on_finish is not None:
                tools.append(types.Tool(name=FINISH_TOOL, description="End the episode with your final answer.",
                                        input_schema={"type": "object", "required": ["answer"],
                                                      "properties": {"answer": {"type": "string",
                                                                                "description": "Your final answer."}}}))
            return types.ListToolsResult(tools=tools)

        async def call_tool(ctx: Any, params: Any) -> Any:
            name, args = params.name, dict(params.arguments or {})
            if name == FINISH_TOOL and self.on_finish is not None:
                self.on_finish(str(args.get("answer", "")))
                return types.CallToolResult(content=[types.TextContent(type="text", text="episode finished")])
            try:
                res = await self.episode.call(name, args)
            except Exception as exc:  # noqa: BLE001 - the step limit, a closed episode: tell the client
                return types.CallToolResult(content=[types.TextContent(type="text", text=json.dumps(
                    {"error": f"{type(exc).__name__}: {exc}"}))], is_error=True)
            return types.CallToolResult(content=[types.TextContent(type="text", text=res.content)],
                                        is_error=bool(res.is_error))

        return Server("enterpriseops", version="1", instructions=self.instructions,
                      on_list_tools=list_tools, on_call_tool=call_tool)

    # -- lifecycle -----------------------------------------------------------
    async def serve_stdio(self) -> None:
        """Serve over this process's standard input and output (desktop MCP clients) until EOF."""
        from mcp.server.stdio import stdio_server

        server = self._build()
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    def start(self, timeout: float = 20.0) -> str:
        import uvicorn

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self._port))
        sock.listen(64)
        port = sock.getsockname()[1]
        self.url = f"http://{self.host}:{port}/mcp"
        app = self._build().streamable_http_app(host=self.host)
        self._server = uvicorn.Server(uvicorn.Config(app, log_level="warning", lifespan="on"))

        def main() -> None:
            try:
                asyncio.run(self._serve(sock))
            except BaseException as exc:  # noqa: BLE001
                self._error = exc
                self._ready.set()

        self._thread = threading.Thread(target=main, name="eops-mcp", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout) or self._error is not None:
            raise RuntimeError(f"the MCP server did not start: {self._error!r}")
        return self.url

    async def _serve(self, sock: socket.socket) -> None:
        task = asyncio.create_task(self._server.serve(sockets=[sock]))
        while not self._server.started and not task.done():
            await asyncio.sleep(0.005)
        self._ready.set()
        await task

    def stop(self) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(10)

    def __enter__(self) -> "EpisodeServer":
        self.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.stop()


def mcp_config(url: str) -> dict[str, Any]:
    """The server in the `mcpServers` form that agent CLIs accept (e.g. with --mcp-config FILE)."""
    return {"mcpServers": {"enterpriseops": {"type": "http", "url": url}}}

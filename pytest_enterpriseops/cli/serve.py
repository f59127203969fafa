"""`eops serve TASK`: one task's tools over MCP, for people and tools that connect by hand.

    eops serve TASK                 # MCP over stdio (a desktop client launches this command)
    eops serve TASK --http 8765     # MCP over Streamable HTTP on 127.0.0.1:8765/mcp

The client sees the task's policy and its user prompt as the server's instructions (the prompt is
also printed on stderr), and the offered tools plus `finish`.
Calling `finish` with the answer (or Ctrl-C, with `--answer`) ends the episode; every verifier
then runs and the verdict is printed as `eops play` prints it (on stderr in stdio mode).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
from typing import Any

from ..runner_options import TOOL_MODES


def add_parser(sub: Any) -> None:
    p = sub.add_parser("serve", help="serve one task's tools over MCP (stdio, or --http PORT) and verify at finish")
    p.add_argument("task", help="a task id (under <root>/tasks) or a path to a task YAML file")
    p.add_argument("--http", type=int, metavar="PORT", help="serve Streamable HTTP on 127.0.0.1:PORT (0: any free port)")
    p.add_argument("--answer", default=None, help="the final answer if the episode is ended with Ctrl-C")
    p.add_argument("--tools", default="oracle", choices=TOOL_MODES, help="which tools are offered (default oracle)")
    p.add_argument("--max-steps", type=int, default=50, help="tool-call budget (default 50)")
    p.add_argument("--reveal", action="store_true", help="show each verifier's SQL and expected vs actual")
    p.add_argument("--as-json", action="store_true", help="print the verdict as JSON")


def run_serve(args: argparse.Namespace) -> int:
    from ..mcp_server import EpisodeServer, mcp_config
    from ..runner import RunOptions, TaskSession
    from .play_render import Style, verdict_json, verdict_text
    from .play_session import PlayError, resolve_task

    try:
        task, bench = resolve_task(args.task)
    except PlayError as exc:
        print(f"eops serve: {exc}", file=sys.stderr)
        return 2
    session = TaskSession(bench, task, 1, RunOptions(tools_mode=args.tools, max_steps=args.max_steps))
    done = threading.Event()
    answer: list[str | None] = [args.answer]

    def finish(text: str) -> None:
        answer[0] = text
        done.set()

    ep = session.episode
    server = EpisodeServer(ep, on_finish=finish, port=args.http or 0,
                           instructions=f"{ep.system_prompt}\n\n# Your task\n{ep.user_prompt}")
    out = sys.stderr
    print(f"# task\n{session.episode.user_prompt.strip()}\n", file=out)
    try:
        if args.http is not None:
            url = server.start()
            print(f"serving on {url}\nMCP config for agent CLIs: {json.dumps(mcp_config(url))}\n"
                  "call the `finish` tool with your answer (or press Ctrl-C) to end the episode", file=out)
            try:
                while not done.wait(0.5):
                    pass
            except KeyboardInterrupt:
                print("\nended with Ctrl-C", file=out)
            finally:
                server.stop()
        else:
            try:
                asyncio.run(_stdio_until_finished(server, done))
            except KeyboardInterrupt:
                pass
        session.run.final_answer = answer[0]
        session.verify()
        verdict = {"outcome": session.run.outcome, "answer": answer[0], "steps": len(session.run.transcript.tool_calls),
                   "max_steps": args.max_steps, "gold_steps": len(task.solution), "diff": session.run.diff,
                   "verifiers": [v.to_json() for v in session.run.verifiers]}
        if args.as_json:
            print(json.dumps(verdict_json(verdict, args.reveal), indent=1, default=str), file=out)
        else:
            print(verdict_text(verdict, Style(), args.reveal), file=out)
        return 0 if session.run.outcome == "passed" else 1
    finally:
        session.close()


async def _stdio_until_finished(server: Any, done: threading.Event) -> None:
    serving = asyncio.create_task(server.serve_stdio())
    while not serving.done() and not done.is_set():
        await asyncio.sleep(0.05)
    if not serving.done():
        serving.cancel()
        try:
            await serving
        except (asyncio.CancelledError, Exception):  # noqa: BLE001 - the client is told nothing more
            pass

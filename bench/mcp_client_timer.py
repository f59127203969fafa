"""Times MCP tool calls with the `mcp` SDK's own client, in a process of its own (as an exec: agent is).

    python mcp_client_timer.py URL TOOL ARGS_JSON CALLS     # prints {"ms": [...], "client_cpu_ms": x} on stdout
"""

import asyncio
import json
import sys
import time

from mcp import Client


async def main(url: str, tool: str, args: dict, calls: int) -> list[float]:
    out = []
    global cpu_ms
    async with Client(url) as c:
        await c.call_tool(tool, args)  # warm: the session and the connection are set up
        c0 = time.process_time()
        for _ in range(calls):
            t = time.perf_counter()
            res = await c.call_tool(tool, args)
            out.append((time.perf_counter() - t) * 1000)
            if res.is_error:
                raise SystemExit(f"{tool} failed: {res.content[0].text}")
        cpu_ms = (time.process_time() - c0) / calls * 1000
    return out


cpu_ms = 0.0


if __name__ == "__main__":
    url, tool, args, calls = sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4])
    ms = asyncio.run(main(url, tool, args, calls))
    print(json.dumps({"ms": ms, "client_cpu_ms": cpu_ms}))

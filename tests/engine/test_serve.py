"""`eops serve TASK`: a real MCP client (the SDK's own) plays a task over stdio and over HTTP; `finish`
ends the episode and the verdict is printed."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

FIXTURE = Path(__file__).parents[1] / "fixture_bench"
TASK = FIXTURE / "tasks" / "demo" / "demo-raise-priority.yaml"
EOPS = [sys.executable, "-m", "pytest_enterpriseops.cli.main"]


async def _play(client) -> str:
    names = {t.name for t in (await client.list_tools()).tools}
    assert {"get_ticket", "update_ticket", "finish"} <= names
    assert "T000003" in (client.instructions or "")  # the task's prompt travels with the server
    await client.call_tool("get_ticket", {"number": "T000003"})
    res = await client.call_tool("update_ticket", {"ticket_id": "TKT_0003", "impact": "high"})
    assert not res.is_error
    bad = await client.call_tool("update_ticket", {"ticket_id": "TKT_0003", "impact": "enormous"})
    assert bad.is_error  # an invalid argument is an error result the client can read
    await client.call_tool("finish", {"answer": "Impact is high now; priority recomputed."})
    return "ok"


@pytest.mark.asyncio
async def test_serve_over_stdio_with_the_sdk_client(tmp_path):
    from mcp import Client, StdioServerParameters
    from mcp.client.stdio import stdio_client

    err = tmp_path / "stderr.txt"
    params = StdioServerParameters(command=sys.executable, args=["-m", "pytest_enterpriseops.cli.main", "serve", str(TASK)],
                                   env={**os.environ, "EOPS_CACHE_DIR": str(tmp_path / "cache")}, cwd=str(FIXTURE))
    with open(err, "w") as f:  # the server's stderr: the prompt, then the verdict
        async with Client(stdio_client(params, errlog=f)) as c:
            assert await _play(c) == "ok"
    for _ in range(100):  # the server verifies after `finish` and exits
        if "verdict" in err.read_text():
            break
        await asyncio.sleep(0.1)
    assert "verdict: PASSED" in err.read_text()


@pytest.mark.asyncio
async def test_serve_over_http_prints_the_verdict(tmp_path):
    from mcp import Client

    proc = subprocess.Popen([*EOPS, "serve", str(TASK), "--http", "0"], cwd=FIXTURE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "EOPS_CACHE_DIR": str(tmp_path / "cache")})
    try:
        url = None
        for line in proc.stderr:
            m = re.search(r"serving on (http://\S+)", line)
            if m:
                url = m.group(1)
                break
        assert url, "no URL printed"
        async with Client(url) as c:
            assert await _play(c) == "ok"
        rest = await asyncio.to_thread(proc.stderr.read)
        assert await asyncio.to_thread(proc.wait, 60) == 0, rest
        assert "verdict: PASSED" in rest and "impact raised" in rest
    finally:
        proc.kill()

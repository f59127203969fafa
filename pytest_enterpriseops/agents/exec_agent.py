"""`--agent 'exec:COMMAND'`: an external agent product that reaches the task's tools over MCP.

For each task run the engine serves the episode's offered tools over MCP (Streamable HTTP on
127.0.0.1, at a path of its own on the process's one MCP server) and runs COMMAND through the shell. Its environment has EOPS_MCP_URL, EOPS_TASK_ID,
EOPS_RUN_INDEX, EOPS_SYSTEM_PROMPT_FILE, EOPS_USER_PROMPT_FILE, EOPS_PLAN_FILE (with a plan) and
EOPS_MCP_CONFIG_FILE (the server in the `mcpServers` JSON form agent CLIs accept); its standard
input gets one JSON object (task_id, system_prompt, user_prompt, plan, mcp_url, tools). Its
standard output is the final answer. A non-zero exit or a crash is the agent's failure, with its
standard error in the report; when the task times out, the process group is killed.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import tempfile
from pathlib import Path
from typing import Any

from ..mcp_server import hub, mcp_config

MAX_OUTPUT = 1 << 20  # bytes of stdout kept as the answer; stderr keeps its last 4 KiB in the report


class AgentProcessFailed(RuntimeError):
    """The external agent exited non-zero or was killed: the agent's own failure."""


class ExecAgent:
    def __init__(self, command: str):
        if not command.strip():
            raise ValueError("exec: needs a command, e.g. --agent 'exec:python my_agent.py'")
        self.command = command
        self.name = f"exec:{command}"

    def describe(self) -> dict[str, Any]:
        return {"kind": "exec", "command": self.command}

    async def run(self, episode: Any) -> str | None:
        url, token = await hub().open(episode)
        proc = None
        try:
            with tempfile.TemporaryDirectory(prefix="eops-exec-") as d:
                env, payload = self._inputs(Path(d), episode, url)
                proc = await asyncio.create_subprocess_shell(
                    self.command, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE, env=env, start_new_session=True)
                out, err = await proc.communicate(json.dumps(payload).encode())
                if proc.returncode != 0:
                    tail = err.decode("utf-8", "replace")[-4000:].strip()
                    how = (f"was killed by signal {-proc.returncode}" if proc.returncode < 0
                           else f"exited with status {proc.returncode}")
                    raise AgentProcessFailed(f"the agent process {how}" + (f"; its stderr:\n{tail}" if tail else ""))
                if err.strip():
                    episode.record_message("stderr", err.decode("utf-8", "replace")[-4000:])
                text = out[:MAX_OUTPUT].decode("utf-8", "replace").strip()
                return text or None
        finally:
            if proc is not None and proc.returncode is None:
                _kill_group(proc.pid)
                try:
                    await asyncio.wait_for(proc.wait(), 5)
                except (TimeoutError, asyncio.CancelledError):
                    pass
            await hub().close(token)

    def _inputs(self, d: Path, episode: Any, url: str) -> tuple[dict[str, str], dict[str, Any]]:
        files = {"EOPS_SYSTEM_PROMPT_FILE": ("system_prompt.md", episode.system_prompt),
                 "EOPS_USER_PROMPT_FILE": ("user_prompt.md", episode.user_prompt),
                 "EOPS_MCP_CONFIG_FILE": ("mcp.json", json.dumps(mcp_config(url), indent=1))}
        if episode.plan:
            files["EOPS_PLAN_FILE"] = ("plan.md", episode.plan)
        env = dict(os.environ, EOPS_MCP_URL=url, EOPS_TASK_ID=str(episode.task_id),
                   EOPS_RUN_INDEX=str(episode.run_index))
        env.pop("EOPS_PLAN_FILE", None)
        for var, (name, text) in files.items():
            (d / name).write_text(text, encoding="utf-8")
            env[var] = str(d / name)
        payload = {"task_id": episode.task_id, "system_prompt": episode.system_prompt,
                   "user_prompt": episode.user_prompt, "plan": episode.plan, "mcp_url": url,
                   "tools": episode.tools}
        return env, payload


def _kill_group(pid: int) -> None:
    try:
        os.killpg(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass

"""An external agent for the exec: tests, written with the `mcp` SDK's own client (not the project's code).

    python client_agent.py solve|half|unknown-tool|hang|exit3|check-env

It reads the task from its standard input (the engine's JSON), connects to EOPS_MCP_URL and plays a
fixed script per fixture task; its standard output is the final answer.
"""

import asyncio
import json
import os
import sys

from mcp import Client

SCRIPTS = {
    "demo-raise-priority": [("get_ticket", {"number": "T000003"}),
                            ("update_ticket", {"ticket_id": "TKT_0003", "impact": "high"})],
    "demo-assign-to-lead": [("get_ticket", {"number": "T000001"}), ("list_ticket_teams", {}),
                            ("assign_ticket", {"ticket_id": "TKT_0001", "assignee_id": "U004"}),
                            ("add_ticket_comment", {"ticket_id": "TKT_0001", "body": "Routed to the team lead.",
                                                    "visibility": "internal"})],
}


async def main(mode: str) -> int:
    task = json.loads(sys.stdin.read())
    if mode == "exit3":
        print("giving up", file=sys.stderr)
        return 3
    if mode == "hang":
        await asyncio.sleep(120)
        return 0
    async with Client(os.environ["EOPS_MCP_URL"]) as client:
        names = [t.name for t in (await client.list_tools()).tools]
        if mode == "check-env":
            cfg = json.load(open(os.environ["EOPS_MCP_CONFIG_FILE"]))
            ok = (cfg["mcpServers"]["enterpriseops"]["url"] == os.environ["EOPS_MCP_URL"] == task["mcp_url"]
                  and open(os.environ["EOPS_USER_PROMPT_FILE"]).read() == task["user_prompt"]
                  and open(os.environ["EOPS_SYSTEM_PROMPT_FILE"]).read() == task["system_prompt"]
                  and os.environ["EOPS_TASK_ID"] == task["task_id"] and sorted(names) == sorted(t["name"] for t in task["tools"]))
            print("env ok" if ok else "env mismatch")
            return 0
        if mode == "unknown-tool":
            res = await client.call_tool("drop_all_tables", {})
            print(f"unknown tool answered is_error={res.is_error}: {res.content[0].text[:80]}")
            return 0
        script = SCRIPTS[task["task_id"]]
        for name, args in script[:1] if mode == "half" else script:
            res = await client.call_tool(name, args)
            if res.is_error:
                print(f"{name} failed: {res.content[0].text}", file=sys.stderr)
        print(f"{'Half' if mode == 'half' else 'Done'}: {task['task_id']}")
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main(sys.argv[1])))

"""`eops show TASK`: what an agent is given for a task (and, with --gold, what the author wrote to check it)."""

from __future__ import annotations

import argparse
import json
from typing import Any


def add_parser(sub: Any) -> None:
    p = sub.add_parser("show", help="a task's prompt, user, offered tools, tags and verifier names (--gold: all)")
    p.add_argument("task", help="a task id (under <benchmark root>/tasks/) or a path to its YAML file")
    p.add_argument("--gold", action="store_true", help="also the plan, gold solution, gold response and verifier SQL")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--tools", dest="tools_mode", default="oracle", metavar="MODE",
                   help="the tools a run with --tools MODE offers (oracle, plusN, domain; default oracle)")


def _role(task, bench) -> str | None:
    from .. import sandbox
    from ..runner import describe_roles

    db = sandbox.TaskDatabase(sandbox.template(bench, task.domain_list), task.setup)
    try:
        return describe_roles(bench.roles_of(db.read_cursor("start"), task.domain_list, task.as_user))
    finally:
        db.close()


def task_info(task, bench, gold: bool = False, tools_mode: str = "oracle") -> dict[str, Any]:
    from ..toolsets import select_tools

    now = task.now or bench.default_now(task.domain_list)
    info: dict[str, Any] = {
        "id": task.id, "path": str(task.path), "line": task.line, "domain": task.domain or "hybrid",
        "domains": task.domain_list, "as_user": task.as_user, "role": _role(task, bench), "now": now.isoformat(),
        "prompt": task.prompt, "tools": list(task.tools),
        "offered_tools": select_tools(bench.task_tools(task), bench.all_tools(task.domain_list), tools_mode),
        "tags": list(task.tags), "feasible": task.feasible,
        "verifiers": [{"name": v.name, "category": v.category, "kind": v.kind, "line": v.line} for v in task.verifiers],
    }
    if gold:
        info["plan"] = task.plan
        info["solution"] = [{"tool": s.tool, "args": s.args} for s in task.solution]
        info["response"] = task.response
        info["setup"] = task.setup
        for out, v in zip(info["verifiers"], task.verifiers):
            out.update(v.model_dump(mode="json", exclude={"name", "category", "line", "builtin"}, exclude_none=True))
    return info


def _text(info: dict[str, Any]) -> str:
    lines = [f"{info['id']}  ({info['path']}:{info['line']})",
             f"domain:   {info['domain']}" + (f" ({', '.join(info['domains'])})" if info["domain"] == "hybrid" else ""),
             f"as_user:  {info['as_user']} (role: {info['role'] or 'unknown to the domain'})",
             f"now:      {info['now']}",
             f"feasible: {'yes' if info['feasible'] else 'no (the right outcome is a refusal)'}",
             f"tags:     {', '.join(info['tags']) or '-'}",
             f"tools:    {', '.join(info['tools'])}"]
    extra = [t for t in info["offered_tools"] if t not in info["tools"]]
    if extra:
        lines.append(f"offered:  + {', '.join(extra)}")
    lines += ["", "prompt:"]
    lines += ["  " + ln for ln in info["prompt"].rstrip().splitlines()]
    lines += ["", "verifiers:"]
    for v in info["verifiers"]:
        lines.append(f"  [{v['category']}] {v['name']}  (line {v['line']})")
        if "sql" in v:
            lines += ["      " + ln for ln in v["sql"].rstrip().splitlines()]
            lines.append(f"      expect {v.get('compare', 'eq')} {json.dumps(v.get('expect'), default=str)}")
        for key in ("changes_only", "response"):
            if key in v:
                lines.append(f"      {key}: {json.dumps(v[key], default=str)}")
    if "solution" in info:
        if info["setup"]:
            lines += ["", "setup:"] + ["  " + ln for ln in info["setup"].rstrip().splitlines()]
        if info["plan"]:
            lines += ["", "plan:"] + ["  " + ln for ln in info["plan"].rstrip().splitlines()]
        lines += ["", "gold solution:"]
        lines += [f"  {i}. {s['tool']} {json.dumps(s['args'], default=str)}" for i, s in enumerate(info["solution"], 1)]
        if info["response"]:
            lines += ["", "gold response:"] + ["  " + ln for ln in info["response"].rstrip().splitlines()]
    return "\n".join(lines)


def run_show(args: argparse.Namespace) -> int:
    from ..errors import EopsError
    from .play_session import PlayError, resolve_task

    try:
        task, bench = resolve_task(args.task)
    except PlayError as exc:
        print(f"eops show: {exc}")
        return 2
    try:
        info = task_info(task, bench, gold=args.gold, tools_mode=args.tools_mode)
    except ValueError as exc:  # an unknown --tools mode
        print(f"eops show: {exc}")
        return 2
    except EopsError as exc:  # the task's setup SQL fails on the domain's data
        print(f"eops show: {task.path}:{task.line}: {exc}")
        return 2
    from .text_table import emit

    emit(json.dumps(info, indent=2, default=str) if args.json else _text(info))
    return 0

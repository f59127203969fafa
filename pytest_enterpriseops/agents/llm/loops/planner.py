"""Planner loop: a planner model writes a plan from the policy, the request and the tool list;
ReAct then executes it, told that the policy remains the highest priority."""

from __future__ import annotations

from typing import Any

from ..messages import Turn
from ..model import Model
from .react import react

PLANNER_INSTRUCTIONS = """You are the planner for an enterprise operations agent.
Another agent will carry out the user's request with the tools listed in the request; you cannot call tools.
Write a concise, numbered plan: which tools to call in which order, with which arguments where they are
known, what to check in the results, and what the final reply to the user must say. Follow the policy
below exactly. If the request cannot be done under the policy or with the tools, the plan is to make no
changes and tell the user why.

# Policy and session
"""

EXECUTOR_PLAN_NOTE = """# Plan
{plan}

Follow this plan to complete the request. The policy in the system prompt remains the highest priority:
if the plan conflicts with the policy or with what the tools return, follow the policy and adapt."""


def tool_catalog(tools: list[dict[str, Any]]) -> str:
    lines = []
    for t in tools:
        desc = (t.get("description") or "").strip().splitlines()
        params = ", ".join((t.get("parameters") or {}).get("properties", {}))
        lines.append(f"- {t['name']}({params}): {desc[0] if desc else ''}")
    return "\n".join(lines)


def planning_request(episode: Any, tools: list[dict[str, Any]], extra: str = "") -> str:
    parts = [f"# Request\n{episode.user_prompt}", f"# Tools available to the executor\n{tool_catalog(tools)}"]
    if extra:
        parts.append(extra)
    return "\n\n".join(parts)


async def make_plan(planner: Model, episode: Any, tools: list[dict[str, Any]]) -> str:
    system = PLANNER_INSTRUCTIONS + episode.system_prompt
    reply = await planner.complete(system, [Turn.user(planning_request(episode, tools))], [])
    episode.record_message("planner", reply.turn.text, reply.turn.thinking, agent="planner",
                           model=reply.model or planner.preset.model)
    return reply.turn.text.strip()


def with_plan(user_prompt: str, plan: str | None) -> str:
    if not plan:
        return user_prompt
    return f"{user_prompt}\n\n{EXECUTOR_PLAN_NOTE.format(plan=plan.strip())}"


async def plan_and_execute(model: Model, planner: Model | None, episode: Any, tools: list[dict[str, Any]],
                           plan: str | None = None) -> str | None:
    """`plan` given (a human plan) skips the planner model."""
    if plan is None and planner is not None:
        plan = await make_plan(planner, episode, tools)
    user_text = with_plan(episode.user_prompt, plan)
    if plan:
        episode.record_message("user", user_text, agent="executor", prompt="executor prompt with plan")
    return await react(model, episode, episode.system_prompt, user_text, tools)

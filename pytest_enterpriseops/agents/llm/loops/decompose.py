"""Decompose loop: a planner splits the request into subtasks; a fresh sub-agent (ReAct) runs
each one with the shared record of what was done so far; a last call writes the reply.

The sub-agents share the episode, so --max-steps counts every tool call of every subtask.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..messages import Turn
from ..model import Model
from .planner import PLANNER_INSTRUCTIONS, planning_request
from .react import react

SPLIT_NOTE = """Split the work into a short ordered list of subtasks (at most 8). Each subtask is a self-contained
instruction that a sub-agent with the same tools can carry out without seeing the other subtasks.
Answer with JSON only, in this form: {"subtasks": ["first instruction", "second instruction"]}"""

SUBTASK_PROMPT = """# Overall request
{request}

# Done so far
{record}

# Your subtask ({index} of {count})
{subtask}

Do only this subtask, with the tools. The policy remains the highest priority: if the subtask cannot be done
under the policy, do not do it and say why. When done, reply with a short summary of what you did, including
the ids and values that later subtasks need."""

FINAL_PROMPT = """# Request
{request}

# Work record
{record}

The work above was done for this request. Write the final reply to the user: what was done, with the
relevant ids and values; or, if the request could not be done or had to be refused under the policy,
say so and why. Do not call tools."""


def parse_subtasks(text: str) -> list[str]:
    """JSON {"subtasks": [...]} (code fences allowed), else numbered/bulleted lines, else the whole text."""
    body = re.sub(r"^```(?:json)?\s*|\s*```$", "", text.strip())
    match = re.search(r"\{.*\}|\[.*\]", body, re.DOTALL)
    if match:
        try:
            data = json.loads(match.group(0))
            items = data.get("subtasks") if isinstance(data, dict) else data
            if isinstance(items, list):
                out = [(i.get("instruction") or i.get("description") or json.dumps(i)) if isinstance(i, dict)
                       else str(i) for i in items]
                out = [s.strip() for s in out if s and s.strip()]
                if out:
                    return out
        except json.JSONDecodeError:
            pass
    lines = [re.sub(r"^\s*(\d+[.)]|[-*])\s*", "", ln).strip() for ln in body.splitlines()
             if re.match(r"^\s*(\d+[.)]|[-*])\s+", ln)]
    return [ln for ln in lines if ln] or ([text.strip()] if text.strip() else [])


def _describe(turns: list[Turn]) -> list[str]:
    results = {r.call_id: r for t in turns if t.role == "tool" for r in t.results}
    lines = []
    for t in turns:
        for c in t.tool_calls:
            r = results.get(c.id)
            outcome = "not run" if r is None else ("ERROR " if r.is_error else "-> ") + r.content[:300]
            lines.append(f"  - {c.name}({c.arguments_json()[:300]}) {outcome}")
    return lines


async def decompose(model: Model, planner: Model, episode: Any, tools: list[dict[str, Any]],
                    plan: str | None = None) -> str | None:
    extra = SPLIT_NOTE if not plan else f"# A plan written by a person who knows the system\n{plan}\n\n{SPLIT_NOTE}"
    reply = await planner.complete(PLANNER_INSTRUCTIONS + episode.system_prompt,
                                   [Turn.user(planning_request(episode, tools, extra))], [])
    subtasks = parse_subtasks(reply.turn.text) or [episode.user_prompt]
    episode.record_message("planner", reply.turn.text, reply.turn.thinking, agent="planner", subtasks=subtasks,
                           model=reply.model or planner.preset.model)
    record: list[str] = []
    for i, subtask in enumerate(subtasks, 1):
        user_text = SUBTASK_PROMPT.format(request=episode.user_prompt, record="\n".join(record) or "(nothing yet)",
                                          index=i, count=len(subtasks), subtask=subtask)
        agent = f"subagent {i}"
        episode.record_message("user", user_text, agent=agent, prompt="subtask")
        turns = [Turn.user(user_text)]
        summary = await react(model, episode, episode.system_prompt, user_text, tools, agent=agent, turns=turns)
        record.append(f"Subtask {i}: {subtask}")
        record.extend(_describe(turns))
        record.append(f"  Summary: {summary or '(none)'}")
        if episode.stopped:
            return summary
    final = await model.complete(episode.system_prompt, [Turn.user(FINAL_PROMPT.format(
        request=episode.user_prompt, record="\n".join(record)))], [])
    episode.record_message("assistant", final.turn.text, final.turn.thinking, agent="final reply",
                           stop_reason=final.stop_reason)
    return final.turn.text or None

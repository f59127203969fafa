"""ReAct: the model calls tools until it answers without a tool call (or --max-steps is spent).

Parallel tool calls in one turn run in the order the model gave them; all their results go
back in one turn. Malformed argument text goes to the engine raw and comes back as an error
result the model can correct. An empty reply (no text, no tool call) gets one nudge (preset
`empty_reply_nudges`, default 1); if the model is still silent its final answer is None.
"""

from __future__ import annotations

from typing import Any

from ..messages import ModelReply, ToolResultItem, Turn
from ..model import Model

NUDGE_EMPTY = ("Your last reply was empty. Continue the task: call a tool, or if you are done, "
               "give your final answer to the user.")
NUDGE_MALFORMED = ("Your last function call was malformed and was not run. Call the tool again with "
                   "arguments that match its JSON schema.")
NUDGE_TRUNCATED = ("Your last reply was cut off at the output token limit. Continue, more briefly.")


def record_reply(episode: Any, reply: ModelReply, agent: str) -> None:
    t = reply.turn
    meta: dict[str, Any] = {"agent": agent, "stop_reason": reply.stop_reason}
    if t.tool_calls:
        meta["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in t.tool_calls]
    if reply.model:
        meta["model"] = reply.model
    episode.record_message("assistant", t.text, t.thinking, **meta)


async def run_tools(episode: Any, reply: ModelReply) -> Turn:
    results = []
    for call in reply.turn.tool_calls:
        res = await episode.call(call.name, call.arguments)  # StepLimitReached propagates to the engine
        results.append(ToolResultItem(call.id, call.name, res.content, res.is_error))
    return Turn.tool(results)


async def react(model: Model, episode: Any, system: str, user_text: str, tools: list[dict[str, Any]],
                agent: str = "executor", turns: list[Turn] | None = None) -> str | None:
    """Run the loop; returns the final answer (None if the model never gave one)."""
    turns = turns if turns is not None else [Turn.user(user_text)]
    nudges = 0
    max_turns = model.preset.max_model_turns or (2 * episode.max_steps + 10)
    for _ in range(max_turns):
        reply = await model.complete(system, turns, tools)
        record_reply(episode, reply, agent)
        turns.append(reply.turn)
        if reply.turn.tool_calls:
            turns.append(await run_tools(episode, reply))
            continue
        nudge = None
        if reply.stop_reason == "malformed_call":
            nudge = NUDGE_MALFORMED
        elif reply.empty:
            nudge = NUDGE_EMPTY if reply.stop_reason != "max_tokens" else NUDGE_TRUNCATED
        if nudge is None:
            return reply.turn.text
        if nudges >= model.preset.empty_reply_nudges:
            return reply.turn.text or None
        nudges += 1
        episode.record_message("user", nudge, agent=agent, nudge=True)
        turns.append(Turn.user(nudge))
    episode.stop(f"model turn limit of {max_turns} reached without a final answer")
    return None

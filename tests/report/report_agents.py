"""A scripted agent for the report tests: talks, thinks, spends tokens, makes a mistake, skips a step.

Run index 1 drops the last step of the gold solution (so feasible tasks usually fail with a partial diff);
later runs play the whole solution. Every run first calls a tool that does not exist (an error line).
"""

from __future__ import annotations


class SloppyAgent:
    name = "sloppy"
    uses_gold = True  # it plays (part of) the gold, through the engine's privileged path

    async def run_with_gold(self, episode, gold) -> str | None:
        steps = list(gold.steps)
        if episode.run_index == 1 and len(steps) > 1:
            steps = steps[:-1]
        episode.record_message("assistant", f"I will work on {episode.task_id} in {len(steps)} step(s).",
                               thinking="The prompt asks for a change. <b>not html</b> Let me look the record up first.",
                               model="fake-model")
        episode.record_usage(input_tokens=1200, output_tokens=150, cost=0.0042, latency_s=0.8, model="fake-model")
        await episode.call("lookup_everything", {"q": "all"})
        for tool, args in steps:
            await episode.call(tool, dict(args))
        episode.record_message("assistant", "Done.", model="fake-model")
        episode.record_usage(input_tokens=2400, output_tokens=80, cached_tokens=1000, cost=0.0051, latency_s=0.5,
                             model="fake-model")
        return gold.response if episode.run_index > 1 else "I made the changes."

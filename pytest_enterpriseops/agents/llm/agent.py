"""The LLM agent behind `--agent PRESET`: a model (and optional planner model) and a loop."""

from __future__ import annotations

import contextlib
from typing import Any

from .errors import ContextWindowExceeded
from .loops.decompose import decompose
from .loops.planner import plan_and_execute
from .loops.react import react
from .model import Model
from .presets import Preset, Secret


class LLMAgent:
    """`loop`: react | planner | decompose. `plan`: none | human | planner (a planner preset given).

    With --plan human the executor gets the task's human plan (decompose splits it); with
    --plan PRESET that preset is the planner (a react loop becomes a planner loop)."""

    def __init__(self, preset: Preset, secret: Secret, *, loop: str, plan: str = "none",
                 planner: tuple[Preset, Secret] | None = None, cache_dir: str | None = None):
        self.preset = preset
        self.name = preset.name
        self.loop = loop
        self.plan_mode = plan
        self._secret = secret
        self._planner = planner
        self.cache_dir = cache_dir

    def __repr__(self) -> str:
        planner = f", planner={self._planner[0].label}" if self._planner else ""
        return f"LLMAgent({self.preset.label}, loop={self.loop}, plan={self.plan_mode}{planner})"

    def describe(self) -> dict[str, Any]:
        """What the results' run.json may record about this agent (no secrets)."""
        out = {"preset": self.preset.name, "provider": self.preset.provider, "model": self.preset.model,
               "loop": self.loop, "plan": self.plan_mode, "params": self.preset.fingerprint()}
        if self._planner:
            out["planner"] = {"preset": self._planner[0].name, "model": self._planner[0].model}
        return out

    async def run(self, episode: Any) -> str | None:
        tools = episode.tools
        async with contextlib.AsyncExitStack() as stack:
            model = await stack.enter_async_context(Model(self.preset, self._secret, self.cache_dir, episode))
            planner = model
            if self._planner is not None:
                planner = await stack.enter_async_context(
                    Model(self._planner[0], self._planner[1], self.cache_dir, episode, role="planner"))
            human_plan = episode.plan if self.plan_mode == "human" else None
            try:
                if self.loop == "decompose":
                    return await decompose(model, planner, episode, tools, plan=human_plan)
                if human_plan:
                    return await plan_and_execute(model, None, episode, tools, plan=human_plan)
                if self.loop == "planner" or self._planner is not None:
                    return await plan_and_execute(model, planner, episode, tools)
                return await react(model, episode, episode.system_prompt, episode.user_prompt, tools)
            except ContextWindowExceeded as exc:
                episode.stop(f"context window exceeded: {exc}")
                return None

"""What an agent is: anything with `async run(episode) -> final answer`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..runtime import Episode


@runtime_checkable
class Agent(Protocol):
    """An agent works through `episode.call(name, args)` and returns its final answer (or None).

    The episode offers `system_prompt`, `user_prompt`, `tools` (neutral JSON-schema specs),
    `plan` (None unless --plan), `max_steps`, `record_message(...)` and `record_usage(...)`.
    """

    name: str

    async def run(self, episode: "Episode") -> str | None: ...

"""Agent modules the session tests write into a pytester project (source text).

They follow the oracle however the engine hands it the gold: `run_with_gold(episode, gold)` where
the engine has a privileged oracle path, `run(episode)` on older engines.
"""

from __future__ import annotations

ORACLE_BASED = '''
import asyncio, os, time
from pytest_enterpriseops.agents.scripted import OracleAgent
try:
    from pytest_enterpriseops.errors import InfrastructureError as Down  # an ERROR, not the agent's failure
except ImportError:
    Down = ConnectionError

{prelude}

def _before(episode):
{before}

if hasattr(OracleAgent, "run_with_gold"):
    class Agent(OracleAgent):
        name = {name!r}
        async def run_with_gold(self, episode, gold):
            r = _before(episode)
            if asyncio.iscoroutine(r):
                await r
            return await super().run_with_gold(episode, gold)
else:
    class Agent(OracleAgent):
        name = {name!r}
        async def run(self, episode):
            r = _before(episode)
            if asyncio.iscoroutine(r):
                await r
            return await super().run(episode)
'''


def oracle_based(before: str, name: str = "test-agent", prelude: str = "") -> str:
    """An oracle that first runs `before` (the body of `_before(episode)`, indented 4 spaces)."""
    body = "\n".join("    " + line for line in before.strip("\n").splitlines()) or "    pass"
    return ORACLE_BASED.format(prelude=prelude, before=body, name=name)

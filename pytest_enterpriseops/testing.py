"""Helpers for unit-testing a domain's tools without running an agent.

    from pytest_enterpriseops.testing import tool_session

    def test_update_incident():
        with tool_session("itsm", as_user="P0101") as s:
            out = s.call("update_incident", incident_id="INC0001", impact="high")
            assert out["priority"] == "2 - High"
            err = s.call_error("update_incident", incident_id="NOPE")   # a ToolError's message
            assert "not found" in err
            assert s.scalar("SELECT priority FROM itsm.incident WHERE incident_id='INC0001'") == "2 - High"
"""

from __future__ import annotations

import contextlib
import datetime as dt
from pathlib import Path
from typing import Any, Iterator

from . import sandbox
from .context import Ctx
from .domains import Benchmark, benchmark_for, first_role
from .runtime import ToolEnv
from .transcript import Transcript


class ToolSession:
    def __init__(self, bench: Benchmark, domains: list[str], db: sandbox.TaskDatabase, ctx: Ctx):
        self.bench, self.db, self.ctx = bench, db, ctx
        self.tools = bench.all_tools(domains)
        self.transcript = Transcript()
        self.env = ToolEnv(ctx, self.tools, list(self.tools), self.transcript, 10_000, 0.0)

    def call(self, name: str, /, **args: Any) -> Any:
        """Call a tool through the real runtime (validation, transaction); fail on an error result."""
        res = self.env.call(name, args)
        if res.is_error:
            raise AssertionError(f"{name} returned an error: {res.content}")
        return res.data

    def call_error(self, name: str, /, **args: Any) -> str:
        """Call a tool that must return an error result; returns the error message."""
        res = self.env.call(name, args)
        if not res.is_error:
            raise AssertionError(f"{name} succeeded but an error was expected: {res.content}")
        return self.transcript.tool_calls[-1].error or ""

    def scalar(self, sql: str, *params: Any) -> Any:
        return self.ctx.scalar(sql, *params)

    def rows(self, sql: str, *params: Any) -> list[dict[str, Any]]:
        return self.ctx.all(sql, *params)


@contextlib.contextmanager
def tool_session(domain: str | list[str], as_user: str, now: dt.datetime | None = None,
                 setup: str | None = None, root: Path | None = None, role: str | None = None) -> Iterator[ToolSession]:
    """A fresh task database with the domain's tools, acting as `as_user`."""
    domains = [domain] if isinstance(domain, str) else list(domain)
    bench = benchmark_for((root or Path(__file__).resolve().parents[1]).resolve())
    db = sandbox.TaskDatabase(sandbox.template(bench, domains), setup)
    cur = db.cursor()
    roles = None  # an explicit role applies to every domain's tools
    if role is None:
        roles = bench.roles_of(cur, domains, as_user)
        role = first_role(roles, domains)
    if now is None:
        now = bench.default_now(domains)
    try:
        yield ToolSession(bench, domains, db, Ctx(cur, as_user, role, now, "unit-test", domains, roles=roles))
    finally:
        cur.close()
        db.close()

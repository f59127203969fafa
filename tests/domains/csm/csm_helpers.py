"""Shared helpers for the CSM tool tests."""

from __future__ import annotations

import contextlib

from pytest_enterpriseops.testing import tool_session

MANAGER = "P0350"   # role manager
ADMIN = "P0349"     # role admin


@contextlib.contextmanager
def session(as_user: str = MANAGER, **kw):
    with tool_session("csm", as_user=as_user, **kw) as s:
        yield s


def plain_agent(s) -> str:
    return s.scalar("SELECT min(person_id) FROM csm.support_agent WHERE role = 'agent' AND active")


def covered_asset(s) -> dict:
    """An installed asset with exactly one usable entitlement today, plus an active contact of its account."""
    row = s.rows("""
        SELECT a.asset_id, a.account_id, a.site_id, a.product_id, e.entitlement_id, e.schedule_id,
               e.support_level, (SELECT min(contact_id) FROM csm.contact c WHERE c.account_id = a.account_id
                                 AND c.active) AS contact_id
        FROM csm.asset a JOIN csm.entitlement e ON e.account_id = a.account_id AND e.state = 'active'
             AND e.scope = 'assets' AND e.monthly_case_limit IS NULL
        JOIN csm.entitlement_asset ea ON ea.entitlement_id = e.entitlement_id AND ea.asset_id = a.asset_id
        JOIN csm.account ac ON ac.account_id = a.account_id AND ac.status = 'active'
        WHERE a.status = 'installed' ORDER BY a.asset_id LIMIT 1""")
    return row[0]


def new_case(s, **over) -> dict:
    a = covered_asset(s)
    args = dict(account_id=a["account_id"], contact_id=a["contact_id"], short_description="Array offline",
                channel="phone", priority="3 - Moderate", asset_id=a["asset_id"], entitlement_id=a["entitlement_id"])
    args.update(over)
    return s.call("csm_create_case", **args)


def call_error_args(s, tool: str, args: dict) -> str:
    """call_error for tools with an argument called `name` (ToolSession.call_error's own first parameter)."""
    res = s.env.call(tool, args)
    assert res.is_error, res.content
    return s.transcript.tool_calls[-1].error or ""

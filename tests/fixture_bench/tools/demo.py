"""Tools of the demo helpdesk (the engine's test domain)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

Level = Literal["high", "medium", "low"]
PRIORITY = {("high", "high"): "critical", ("high", "medium"): "high", ("medium", "high"): "high",
            ("medium", "medium"): "moderate", ("high", "low"): "moderate", ("low", "high"): "moderate"}


def _ticket(ctx: Ctx, ticket_id: str) -> dict:
    return ctx.require(ctx.one("SELECT * FROM demo.ticket WHERE ticket_id = ?", ticket_id), "ticket", ticket_id)


def _audit(ctx: Ctx, ticket_id: str | None, action: str, detail: str) -> None:
    ctx.insert("demo.audit_log", {"audit_id": ctx.new_id("demo.audit_log", "audit_id", "AUD", 5),
                                  "actor_id": ctx.user_id, "ticket_id": ticket_id, "action": action,
                                  "detail": detail, "created_at": ctx.timestamp()})


def _may_edit(ctx: Ctx, t: dict) -> None:
    if ctx.role == "reporter" and t["caller_id"] != ctx.user_id:
        raise ToolError("not allowed: reporters may only act on tickets they raised")


@tool
def get_ticket(ctx: Ctx, number: str) -> dict:
    """Get a ticket by its number (T000123).

    Args:
        number: The ticket number.
    """
    return ctx.require(ctx.one("SELECT * FROM demo.ticket WHERE number = ?", number), "ticket", number)


@tool
def find_tickets(ctx: Ctx, state: Literal["new", "in_progress", "resolved", "closed"] | None = None,
                 team_id: str | None = None, priority: Literal["critical", "high", "moderate", "low"] | None = None,
                 limit: int = 20, offset: int = 0) -> dict:
    """Search tickets, newest first.

    Args:
        state: Only tickets in this state.
        team_id: Only tickets of this team.
        priority: Only tickets with this priority.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    for col, val in (("state", state), ("team_id", team_id), ("priority", priority)):
        if val is not None:
            conds.append(f"{col} = ?")
            params.append(val)
    return ctx.page(f"SELECT ticket_id, number, title, state, priority, team_id, assignee_id FROM demo.ticket "
                    f"WHERE {' AND '.join(conds)}", params, limit=limit, offset=offset,
                    order_by="opened_at DESC, ticket_id")


@tool
def get_ticket_user(ctx: Ctx, email: str) -> dict:
    """Get a helpdesk user by email.

    Args:
        email: The user's email address.
    """
    return ctx.require(ctx.one("SELECT * FROM demo.person WHERE email = ?", email), "user", email)


@tool
def list_ticket_teams(ctx: Ctx) -> list:
    """List the helpdesk teams and their members."""
    teams = ctx.all("SELECT team_id, name, lead_id FROM demo.team ORDER BY team_id")
    for t in teams:
        t["members"] = ctx.all("SELECT person_id, name, active FROM demo.person WHERE team_id = ? "
                               "ORDER BY person_id", t["team_id"])
    return teams


@tool
def update_ticket(ctx: Ctx, ticket_id: str, impact: Level | None = None, urgency: Level | None = None,
                  title: str | None = None) -> dict:
    """Update a ticket's impact, urgency or title. Priority is recomputed by the system.

    Args:
        ticket_id: The ticket id (TKT_…), not its number.
        impact: New impact.
        urgency: New urgency.
        title: New title.
    """
    t = _ticket(ctx, ticket_id)
    _may_edit(ctx, t)
    if t["state"] == "closed":
        raise ToolError("a closed ticket cannot be updated")
    imp, urg = impact or t["impact"], urgency or t["urgency"]
    values = {"impact": imp, "urgency": urg, "priority": PRIORITY.get((imp, urg), "low"),
              "title": title or t["title"], "updated_at": ctx.timestamp()}
    ctx.update("demo.ticket", {"ticket_id": ticket_id}, values)
    _audit(ctx, ticket_id, "update", f"impact={imp} urgency={urg}")
    return _ticket(ctx, ticket_id)


@tool
def assign_ticket(ctx: Ctx, ticket_id: str, assignee_id: str) -> dict:
    """Assign a ticket to an agent; the ticket moves to in_progress.

    Args:
        ticket_id: The ticket id (TKT_…).
        assignee_id: The agent's person id (U…).
    """
    t = _ticket(ctx, ticket_id)
    p = ctx.require(ctx.one("SELECT * FROM demo.person WHERE person_id = ?", assignee_id), "user", assignee_id)
    if p["role"] != "agent":
        raise ToolError(f"{assignee_id} is a {p['role']}, not an agent")
    ctx.update("demo.ticket", {"ticket_id": ticket_id},
               {"assignee_id": assignee_id, "state": "in_progress" if t["state"] == "new" else t["state"],
                "updated_at": ctx.timestamp()})
    _audit(ctx, ticket_id, "assign", assignee_id)
    return _ticket(ctx, ticket_id)


@tool
def add_ticket_comment(ctx: Ctx, ticket_id: str, body: str, visibility: Literal["public", "internal"]) -> dict:
    """Add a comment to a ticket. Public comments are sent to the caller.

    Args:
        ticket_id: The ticket id (TKT_…).
        body: The comment text.
        visibility: public (the caller sees it) or internal (work note).
    """
    t = _ticket(ctx, ticket_id)
    _may_edit(ctx, t)
    row = {"comment_id": ctx.new_id("demo.ticket_comment", "comment_id", "CMT", 5), "ticket_id": ticket_id,
           "author_id": ctx.user_id, "body": body, "visibility": visibility, "created_at": ctx.timestamp()}
    return ctx.insert("demo.ticket_comment", row)


@tool
def close_ticket(ctx: Ctx, ticket_id: str, resolution: str) -> dict:
    """Close a ticket with a resolution.

    Args:
        ticket_id: The ticket id (TKT_…).
        resolution: What fixed it (mandatory).
    """
    t = _ticket(ctx, ticket_id)
    _may_edit(ctx, t)
    if not resolution.strip():
        raise ToolError("a resolution is required to close a ticket")
    if t["state"] == "closed":
        raise ToolError("the ticket is already closed")
    ctx.update("demo.ticket", {"ticket_id": ticket_id},
               {"state": "closed", "resolution": resolution, "updated_at": ctx.timestamp()})
    _audit(ctx, ticket_id, "close", resolution)
    return _ticket(ctx, ticket_id)


@tool
def ticket_selftest_crash(ctx: Ctx) -> dict:
    """A tool with a bug, used by the engine's tests to prove a tool crash is a harness ERROR."""
    raise RuntimeError("bug inside a tool")

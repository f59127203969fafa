"""Shared helpers of the ITSM tools: acting user, permissions, audit log, SLA timers, journal."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, Literal

from pytest_enterpriseops import Ctx, ToolError

Level = Literal[1, 2, 3]
PRIORITY = {(1, 1): 1, (1, 2): 2, (1, 3): 3, (2, 1): 2, (2, 2): 3, (2, 3): 4, (3, 1): 3, (3, 2): 4, (3, 3): 5}
PRIORITY_NAME = {1: "1 - Critical", 2: "2 - High", 3: "3 - Moderate", 4: "4 - Low", 5: "5 - Planning"}
STAFF = ("agent", "manager", "admin")
OPEN_INCIDENT = ("new", "in_progress", "on_hold")


def priority_of(impact: int, urgency: int) -> int:
    return PRIORITY[(int(impact), int(urgency))]


def me(ctx: Ctx) -> dict[str, Any]:
    """The acting user's ITSM account."""
    cached = getattr(ctx, "_itsm_me", None)
    if cached is not None:
        return cached
    row = ctx.one("SELECT * FROM itsm.sys_user WHERE person_id = ?", ctx.user_id)
    if row is None:
        raise ToolError(f"person '{ctx.user_id}' has no ITSM account")
    if not row["active"]:
        raise ToolError(f"the ITSM account of '{ctx.user_id}' is inactive")
    ctx._itsm_me = row  # type: ignore[attr-defined]
    return row


def my_id(ctx: Ctx) -> str:
    return me(ctx)["user_id"]


def role(ctx: Ctx) -> str:
    return me(ctx)["role"]


def require_staff(ctx: Ctx, action: str) -> dict[str, Any]:
    """Agents, managers and admins may do `action`; reporters may not."""
    u = me(ctx)
    if u["role"] not in STAFF:
        raise ToolError(f"not allowed: role '{u['role']}' cannot {action} (requires agent, manager or admin)")
    return u


def require_role(ctx: Ctx, roles: tuple[str, ...], action: str) -> dict[str, Any]:
    u = me(ctx)
    if u["role"] not in roles:
        raise ToolError(f"not allowed: role '{u['role']}' cannot {action} (requires {' or '.join(roles)})")
    return u


def get_user(ctx: Ctx, user_id: str, what: str = "user") -> dict[str, Any]:
    return ctx.require(ctx.one("SELECT * FROM itsm.sys_user WHERE user_id = ?", user_id), what, user_id)


def get_group(ctx: Ctx, group_id: str) -> dict[str, Any]:
    return ctx.require(ctx.one("SELECT * FROM itsm.user_group WHERE group_id = ?", group_id), "group", group_id)


def is_member(ctx: Ctx, group_id: str, user_id: str) -> bool:
    return bool(ctx.scalar("SELECT count(*) FROM itsm.group_member WHERE group_id = ? AND user_id = ?", group_id, user_id))


def check_assignee(ctx: Ctx, group_id: str | None, user_id: str) -> dict[str, Any]:
    """An assignee must be an active agent/manager/admin who is a member of the assignment group."""
    u = get_user(ctx, user_id, "assignee")
    if not u["active"]:
        raise ToolError(f"user {user_id} ({u['full_name']}) is inactive and cannot be assigned work")
    if u["role"] not in STAFF:
        raise ToolError(f"user {user_id} has role '{u['role']}'; only agents, managers and admins can be assigned")
    if group_id is None:
        raise ToolError("set an assignment group before assigning a user")
    if not is_member(ctx, group_id, user_id):
        raise ToolError(f"user {user_id} ({u['full_name']}) is not a member of group {group_id}; "
                        "pick an active member (see itsm_list_group_members)")
    return u


def check_group(ctx: Ctx, group_id: str) -> dict[str, Any]:
    g = get_group(ctx, group_id)
    if not g["active"]:
        raise ToolError(f"group {group_id} ({g['name']}) is inactive")
    if g["group_type"] != "support":
        raise ToolError(f"group {group_id} ({g['name']}) is a {g['group_type']} group, not a support group")
    return g


def audit(ctx: Ctx, table: str, record_id: str, action: str, changes: dict[str, Any] | None = None) -> None:
    ctx.insert("itsm.audit_log", {
        "audit_id": ctx.new_id("itsm.audit_log", "audit_id", "AUD", 6), "record_table": table, "record_id": record_id,
        "action": action, "changes": json.dumps(changes, default=str, sort_keys=True) if changes else None,
        "user_id": my_id(ctx), "created_at": ctx.timestamp()})


def changed(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """{field: [old, new]} for the fields of `new` that differ from `old`."""
    out = {}
    for k, v in new.items():
        ov = old.get(k)
        if isinstance(v, dt.datetime):
            v = v.isoformat(timespec="seconds")
        if ov != v:
            out[k] = [ov, v]
    return out


def journal(ctx: Ctx, kind: str, body: str, **ref: str) -> dict[str, Any]:
    row = {"entry_id": ctx.new_id("itsm.journal_entry", "entry_id", "JRN", 6), "kind": kind, "incident_id": None,
           "problem_id": None, "change_id": None, "request_id": None, "author_id": my_id(ctx), "body": body,
           "created_at": ctx.timestamp()}
    row.update(ref)
    return ctx.insert("itsm.journal_entry", row)


def nonblank(value: str | None, field: str) -> str:
    if value is None or not value.strip():
        raise ToolError(f"{field} is mandatory and cannot be blank")
    return value.strip()


def parse_ts(value: str, field: str) -> dt.datetime:
    try:
        t = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        raise ToolError(f"{field} must be an ISO timestamp like 2025-12-06T22:00:00Z, got '{value}'") from None
    if t.tzinfo is not None:
        try:
            t = t.astimezone(dt.timezone.utc).replace(tzinfo=None)
        except OverflowError:  # e.g. 9999-12-31T23:59:59-05:00 is past the last representable instant
            raise ToolError(f"{field} is out of range: '{value}'") from None
    return t.replace(microsecond=0)


# -- SLA timers ---------------------------------------------------------------------------------------

def sla_view(ctx: Ctx, row: dict[str, Any]) -> dict[str, Any]:
    """A task SLA with system-computed fields: breached (now), minutes_left."""
    now = ctx.timestamp()
    due = dt.datetime.fromisoformat(row["due_at"])
    out = dict(row)
    if row["stage"] == "in_progress":
        out["breached"] = bool(row["has_breached"]) or now > due
        out["minutes_left"] = int((due - now).total_seconds() // 60)
    else:
        out["breached"] = bool(row["has_breached"])
        out["minutes_left"] = None
    return out


def attach_sla(ctx: Ctx, sla_def: dict[str, Any], incident: dict[str, Any] | None = None,
               request: dict[str, Any] | None = None) -> dict[str, Any]:
    rec = incident or request
    start = dt.datetime.fromisoformat(rec["opened_at"])
    due = start + dt.timedelta(minutes=int(sla_def["duration_minutes"]))
    row = {"task_sla_id": ctx.new_id("itsm.task_sla", "task_sla_id", "TSLA", 5), "sla_def_id": sla_def["sla_def_id"],
           "incident_id": incident["incident_id"] if incident else None,
           "request_id": request["request_id"] if request else None, "target": sla_def["target"],
           "stage": "in_progress", "start_time": start, "due_at": due, "paused_at": None, "pause_minutes": 0,
           "has_breached": False, "completed_at": None, "cancel_reason": None}
    if incident and incident["state"] == "on_hold" and sla_def["pause_on_hold"]:
        row["stage"], row["paused_at"] = "paused", ctx.timestamp()
    return ctx.insert("itsm.task_sla", row)


def attach_default_slas(ctx: Ctx, incident: dict[str, Any]) -> list[dict[str, Any]]:
    defs = ctx.all("SELECT * FROM itsm.sla_definition WHERE applies_to = 'incident' AND active AND priority = ? "
                   "ORDER BY sla_def_id", incident["priority"])
    return [attach_sla(ctx, d, incident=incident) for d in defs]


def complete_slas(ctx: Ctx, incident_id: str, target: str | None = None) -> None:
    """Stop running/paused timers (of one target, or all): completed now, breached if past due."""
    now = ctx.timestamp()
    for s in ctx.all("SELECT * FROM itsm.task_sla WHERE incident_id = ? AND stage IN ('in_progress', 'paused')"
                     + (" AND target = ?" if target else ""), incident_id, *([target] if target else [])):
        due = dt.datetime.fromisoformat(s["due_at"])
        if s["stage"] == "paused":
            paused = dt.datetime.fromisoformat(s["paused_at"])
            extra = int((now - paused).total_seconds() // 60)
            due = due + dt.timedelta(minutes=extra)
            ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]},
                       {"due_at": due, "pause_minutes": s["pause_minutes"] + extra, "paused_at": None})
        ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]},
                   {"stage": "completed", "completed_at": now, "has_breached": bool(s["has_breached"]) or now > due})


def pause_slas(ctx: Ctx, incident_id: str) -> None:
    now = ctx.timestamp()
    for s in ctx.all("SELECT t.* FROM itsm.task_sla t JOIN itsm.sla_definition d USING (sla_def_id) "
                     "WHERE t.incident_id = ? AND t.stage = 'in_progress' AND d.pause_on_hold", incident_id):
        breached = bool(s["has_breached"]) or now > dt.datetime.fromisoformat(s["due_at"])
        ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]},
                   {"stage": "paused", "paused_at": now, "has_breached": breached})


def resume_slas(ctx: Ctx, incident_id: str) -> None:
    now = ctx.timestamp()
    for s in ctx.all("SELECT * FROM itsm.task_sla WHERE incident_id = ? AND stage = 'paused'", incident_id):
        paused = dt.datetime.fromisoformat(s["paused_at"])
        extra = int((now - paused).total_seconds() // 60)
        ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]},
                   {"stage": "in_progress", "paused_at": None, "pause_minutes": s["pause_minutes"] + extra,
                    "due_at": dt.datetime.fromisoformat(s["due_at"]) + dt.timedelta(minutes=extra)})


def cancel_slas(ctx: Ctx, incident_id: str, reason: str) -> None:
    for s in ctx.all("SELECT task_sla_id FROM itsm.task_sla WHERE incident_id = ? AND stage IN ('in_progress', 'paused')",
                     incident_id):
        ctx.update("itsm.task_sla", {"task_sla_id": s["task_sla_id"]}, {"stage": "cancelled", "cancel_reason": reason})

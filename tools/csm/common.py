"""Shared helpers of the CSM tools: permissions, audit log, lookups, SLA clock."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any, Literal

from pytest_enterpriseops import Ctx, ToolError
from pytest_enterpriseops.clock import add_business_minutes

Priority = Literal["1 - Critical", "2 - High", "3 - Moderate", "4 - Low"]
Channel = Literal["phone", "email", "web", "chat", "community"]
CaseChannel = Literal["phone", "email", "web", "chat", "community", "alert", "social"]  # alert: raised by monitoring
SupportLevel = Literal["basic", "standard", "premium", "enterprise"]
Coverage = Literal["8x5", "12x5", "24x7"]
Region = Literal["AMER", "EMEA", "APAC"]

OPEN_STATES = ("new", "open", "awaiting_info")
MANAGERS = ("manager", "admin")
LEADS = ("lead", "manager", "admin")


# -- permissions -------------------------------------------------------------------------------
def actor(ctx: Ctx) -> dict[str, Any]:
    """The acting support agent; writes need an active support-agent record."""
    row = ctx.one("SELECT * FROM csm.support_agent WHERE person_id = ?", ctx.user_id)
    if row is None:
        raise ToolError(f"user {ctx.user_id} is not a support agent in the CSM system; writes are not allowed")
    if not row["active"]:
        raise ToolError(f"support agent {ctx.user_id} is inactive; writes are not allowed")
    return row


def require_role(ctx: Ctx, roles: tuple[str, ...], action: str) -> dict[str, Any]:
    me = actor(ctx)
    if me["role"] not in roles:
        raise ToolError(f"not allowed: {action} requires one of the roles {', '.join(roles)}; "
                        f"user {ctx.user_id} has role '{me['role']}'")
    return me


# -- audit -------------------------------------------------------------------------------------
def audit(ctx: Ctx, table: str, record_id: str, action: str, changes: dict[str, Any] | None = None) -> None:
    aid = ctx.new_id("csm.audit_log", "audit_id", "AUD_", 6)
    body = None if changes is None else json.dumps(changes, default=str, sort_keys=True)
    ctx.insert("csm.audit_log", {"audit_id": aid, "table_name": table, "record_id": record_id, "action": action,
                                 "changes": body, "actor_id": ctx.user_id, "created_at": ctx.timestamp()})


def update_audited(ctx: Ctx, table: str, key_col: str, key: str, values: dict[str, Any]) -> dict[str, Any]:
    """Update one row, writing only real changes to the audit log; returns {field: [old, new]}."""
    old = ctx.one(f"SELECT * FROM {table} WHERE {key_col} = ?", key)
    if old is None:
        raise ToolError(f"{table.split('.')[-1]} '{key}' not found")
    changed = {}
    for k, v in values.items():
        ov = old.get(k)
        nv = v.isoformat() if isinstance(v, (dt.date, dt.datetime)) else v
        if ov != nv:
            changed[k] = [ov, nv]
    if changed:
        ctx.update(table, {key_col: key}, {k: values[k] for k in changed})
        audit(ctx, table.split(".")[-1], key, "update", changed)
    return changed


# -- lookups -----------------------------------------------------------------------------------
def get_row(ctx: Ctx, table: str, key_col: str, key: str, what: str) -> dict[str, Any]:
    return ctx.require(ctx.one(f"SELECT * FROM {table} WHERE {key_col} = ?", key), what, key)


def lookup(ctx: Ctx, specs: list[tuple[str, str, str, str, Any]]) -> dict[str, Any]:
    """Several single-row lookups in one round trip: [(alias, table, key column, value column, key)] ->
    {alias: value or None}. (Point lookups with UNION ALL are much faster in DuckDB than LEFT JOINs.)"""
    parts, params = [], []
    out: dict[str, Any] = {alias: None for alias, *_ in specs}
    for alias, table, key_col, val_col, key in specs:
        if key is None:
            continue
        parts.append(f"SELECT ? AS k, CAST({val_col} AS VARCHAR) AS v FROM {table} WHERE {key_col} = ?")
        params += [alias, key]
    if parts:
        for r in ctx.all(" UNION ALL ".join(parts), *params):
            out[r["k"]] = r["v"]
    return out


def case_row(ctx: Ctx, case_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM csm.support_case WHERE case_id = ?", case_id)
    if row is None:
        hint = " (that looks like a case number; use csm_get_case_by_number)" if case_id.startswith("CS1") else ""
        raise ToolError(f"case '{case_id}' not found{hint}")
    return row


def today(ctx: Ctx) -> dt.date:
    return ctx.timestamp().date()


def parse_date(value: str, field: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise ToolError(f"{field} must be a date like 2026-03-31, got '{value}'") from None


def like(text: str) -> str:
    return "%" + text.strip().replace("%", "").replace("_", "\\_") + "%"


# -- entitlements ------------------------------------------------------------------------------
def covering_entitlements(ctx: Ctx, account_id: str, asset: dict[str, Any] | None, product_id: str | None,
                          entitlement_id: str | None = None) -> list[dict[str, Any]]:
    """Entitlements of the account covering an asset (or, without an asset, a product), with validity today and
    this month's usage. Asset-scoped entitlements cover their listed assets; account-scoped ones cover the
    account's assets of their product, or of their service's product family."""
    asset_id = asset["asset_id"] if asset else None
    if asset:
        product_id = asset["product_id"]
    family = ctx.scalar("SELECT family FROM csm.product WHERE product_id = ?", product_id) if product_id else None
    sql = ("SELECT e.*, s.product_family AS service_family FROM csm.entitlement e, csm.service_offering o, "
           "csm.service s WHERE e.account_id = ? AND o.offering_id = e.offering_id AND s.service_id = o.service_id")
    params: list[Any] = [account_id]
    if entitlement_id:
        sql += " AND e.entitlement_id = ?"
        params.append(entitlement_id)
    ents = ctx.all(sql + " ORDER BY e.entitlement_id", *params)
    listed = {r["entitlement_id"] for r in ctx.all(
        "SELECT entitlement_id FROM csm.entitlement_asset WHERE asset_id = ?", asset_id)} if asset_id else set()
    out = []
    for e in ents:
        if asset_id and e["scope"] == "assets":
            ok = e["entitlement_id"] in listed
        elif not asset_id and product_id and e["product_id"] == product_id:
            ok = True
        elif e["scope"] == "account" and e["product_id"]:
            ok = e["product_id"] == product_id
        elif e["scope"] == "account":
            ok = (product_id is None) or e["service_family"] in (None, family)
        else:
            ok = False
        if ok:
            out.append(e)
    if not out:
        return out
    t = today(ctx)
    month = dt.datetime.combine(t.replace(day=1), dt.time())
    used = {r["entitlement_id"]: r["n"] for r in ctx.all(
        "SELECT entitlement_id, count(*) AS n FROM csm.support_case WHERE account_id = ? AND opened_at >= ? "
        "AND state <> 'cancelled' GROUP BY entitlement_id", account_id, month)}
    ts = t.isoformat()
    for e in out:
        e.pop("service_family", None)
        e["is_valid_today"] = e["state"] == "active" and e["start_date"] <= ts <= e["end_date"]
        e["cases_this_month"] = used.get(e["entitlement_id"], 0)
        lim = e["monthly_case_limit"]
        e["cases_remaining_this_month"] = None if lim is None else max(0, lim - e["cases_this_month"])
    return out


def entitlement_covers(ctx: Ctx, ent: dict[str, Any], asset: dict[str, Any] | None, product_id: str | None) -> bool:
    """Whether an entitlement covers an asset (or, without an asset, a product)."""
    return bool(covering_entitlements(ctx, ent["account_id"], asset, product_id, ent["entitlement_id"]))


def entitlement_usage(ctx: Ctx, entitlement_id: str) -> int:
    """Cases opened under the entitlement in the current calendar month (cancelled ones excluded)."""
    start = today(ctx).replace(day=1)
    return int(ctx.scalar("SELECT count(*) FROM csm.support_case WHERE entitlement_id = ? AND opened_at >= ? "
                          "AND state <> 'cancelled'", entitlement_id, dt.datetime.combine(start, dt.time())) or 0)


def entitlement_status(ctx: Ctx, ent: dict[str, Any]) -> dict[str, Any]:
    used = entitlement_usage(ctx, ent["entitlement_id"])
    lim = ent["monthly_case_limit"]
    t = today(ctx).isoformat()
    valid = ent["state"] == "active" and ent["start_date"] <= t <= ent["end_date"]
    return {**ent, "is_valid_today": valid, "cases_this_month": used,
            "cases_remaining_this_month": None if lim is None else max(0, lim - used)}


# -- SLA clock ---------------------------------------------------------------------------------
def business_due(start: dt.datetime, minutes: int, start_hour: int, end_hour: int, weekdays_only: bool) -> dt.datetime:
    """Add `minutes` of covered time to `start` within a schedule's hours (UTC)."""
    return add_business_minutes(start, minutes, start_hour, end_hour, weekdays_only)


def stop_slas(ctx: Ctx, case_id: str, sla_type: str | None, outcome: str) -> list[str]:
    """Stop a case's running/paused SLAs. outcome 'complete' -> achieved/breached by due time; 'cancel'."""
    now = ctx.timestamp()
    rows = ctx.all("SELECT cs.case_sla_id, cs.due_time, cs.stage, d.sla_type FROM csm.case_sla cs "
                   "JOIN csm.sla_definition d USING (sla_id) WHERE cs.case_id = ? "
                   "AND cs.stage IN ('in_progress', 'paused') ORDER BY cs.case_sla_id", case_id)
    done = []
    for r in rows:
        if sla_type and r["sla_type"] != sla_type:
            continue
        if outcome == "cancel":
            stage = "cancelled"
        else:
            stage = "achieved" if dt.datetime.fromisoformat(r["due_time"]) >= now else "breached"
        ctx.update("csm.case_sla", {"case_sla_id": r["case_sla_id"]}, {"stage": stage, "stop_time": now})
        audit(ctx, "case_sla", r["case_sla_id"], "update", {"stage": [r["stage"], stage]})
        done.append(r["case_sla_id"])
    return done

"""Contracts and entitlements (support level, coverage hours, monthly case limits, validity)."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (MANAGERS, audit, covering_entitlements, entitlement_status, get_row, parse_date, require_role,
                     today, update_audited)


@tool
def csm_get_contract(ctx: Ctx, contract_id: str) -> dict:
    """Get a contract with its entitlements.

    Args:
        contract_id: The contract's id (CTR_...), not its number.
    """
    c = get_row(ctx, "csm.contract", "contract_id", contract_id, "contract")
    c["entitlements"] = ctx.all("SELECT entitlement_id, name, support_level, schedule_id, state, start_date, end_date "
                                "FROM csm.entitlement WHERE contract_id = ? ORDER BY entitlement_id", contract_id)
    return c


@tool
def csm_search_contracts(ctx: Ctx, account_id: str | None = None, number: str | None = None,
                         state: Literal["draft", "active", "expired", "cancelled"] | None = None,
                         limit: int = 20, offset: int = 0) -> dict:
    """Search contracts by account, number or state.

    Default order: by contract id, ascending.

    Args:
        account_id: Only contracts of this account.
        number: Exact contract number (CNTR.....).
        state: draft, active, expired or cancelled.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.contract WHERE 1=1"
    params: list = []
    for col, val in (("account_id", account_id), ("number", number), ("state", state)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="contract_id")


@tool
def csm_extend_contract(ctx: Ctx, contract_id: str, end_date: str) -> dict:
    """Extend a contract's end date (managers and admins). An expired contract whose new end date is
    today or later becomes active again. Entitlements are not changed.

    Args:
        contract_id: The contract's id (CTR_...).
        end_date: New end date (YYYY-MM-DD), later than the current end date.
    """
    require_role(ctx, MANAGERS, "extending a contract")
    c = get_row(ctx, "csm.contract", "contract_id", contract_id, "contract")
    if c["state"] == "cancelled":
        raise ToolError(f"contract {c['number']} is cancelled and cannot be extended")
    end = parse_date(end_date, "end_date")
    if end.isoformat() <= c["end_date"]:
        raise ToolError(f"end_date must be later than the current end date {c['end_date']}")
    values = {"end_date": end}
    if c["state"] == "expired" and end >= today(ctx):
        values["state"] = "active"
    changed = update_audited(ctx, "csm.contract", "contract_id", contract_id, values)
    return {**get_row(ctx, "csm.contract", "contract_id", contract_id, "contract"), "changed": changed}


# -- entitlements ------------------------------------------------------------------------------
@tool
def csm_get_entitlement(ctx: Ctx, entitlement_id: str) -> dict:
    """Get an entitlement with its validity today, this month's case usage, remaining cases, coverage
    schedule and covered assets (for asset-scoped entitlements).

    Args:
        entitlement_id: The entitlement's id (ENT_...).
    """
    e = entitlement_status(ctx, get_row(ctx, "csm.entitlement", "entitlement_id", entitlement_id, "entitlement"))
    e["coverage"] = ctx.scalar("SELECT coverage FROM csm.schedule WHERE schedule_id = ?", e["schedule_id"])
    e["contract"] = ctx.one("SELECT contract_id, number, state, start_date, end_date FROM csm.contract "
                            "WHERE contract_id = ?", e["contract_id"])
    e["offering_name"] = ctx.scalar("SELECT name FROM csm.service_offering WHERE offering_id = ?", e["offering_id"])
    if e["scope"] == "assets":
        e["covered_assets"] = ctx.all("SELECT a.asset_id, a.serial_number FROM csm.entitlement_asset ea JOIN "
                                      "csm.asset a USING (asset_id) WHERE ea.entitlement_id = ? ORDER BY a.asset_id",
                                      entitlement_id)
    return e


@tool
def csm_search_entitlements(ctx: Ctx, account_id: str | None = None,
                            state: Literal["active", "expired", "suspended"] | None = None,
                            product_id: str | None = None, contract_id: str | None = None,
                            limit: int = 20, offset: int = 0) -> dict:
    """Search entitlements by account, state, product or contract.

    Default order: by entitlement id, ascending.

    Args:
        account_id: Only entitlements of this account.
        state: active, expired or suspended.
        product_id: Only entitlements restricted to this product.
        contract_id: Only entitlements of this contract.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT e.entitlement_id, e.name, e.account_id, e.contract_id, e.offering_id, e.product_id, e.scope, "
           "e.support_level, e.schedule_id, e.monthly_case_limit, e.start_date, e.end_date, e.state "
           "FROM csm.entitlement e WHERE 1=1")
    params: list = []
    for col, val in (("e.account_id", account_id), ("e.state", state), ("e.product_id", product_id),
                     ("e.contract_id", contract_id)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="e.entitlement_id")


@tool
def csm_check_entitlement(ctx: Ctx, account_id: str, asset_id: str | None = None,
                          product_id: str | None = None) -> dict:
    """Check which entitlements of an account cover an asset (or a product) today. Returns every covering
    entitlement with is_valid_today, cases used this month and cases remaining, plus `entitled`:
    whether at least one valid entitlement with cases remaining exists.

    Args:
        account_id: The customer account (ACC_...).
        asset_id: The asset the customer needs help with.
        product_id: The product, when there is no specific asset.
    """
    get_row(ctx, "csm.account", "account_id", account_id, "account")
    asset = None
    if asset_id:
        asset = get_row(ctx, "csm.asset", "asset_id", asset_id, "asset")
        if asset["account_id"] != account_id:
            raise ToolError(f"asset {asset_id} belongs to account {asset['account_id']}, not {account_id}")
    out = covering_entitlements(ctx, account_id, asset, product_id)
    usable = [e["entitlement_id"] for e in out if e["is_valid_today"] and e["cases_remaining_this_month"] != 0]
    return {"account_id": account_id, "asset_id": asset_id, "product_id": product_id, "entitled": bool(usable),
            "usable_entitlement_ids": usable, "entitlements": out}


def _offering(ctx: Ctx, offering_id: str) -> dict:
    o = get_row(ctx, "csm.service_offering", "offering_id", offering_id, "service offering")
    if not o["active"]:
        raise ToolError(f"service offering {offering_id} is retired and cannot be sold")
    return o


@tool
def csm_create_entitlement(ctx: Ctx, account_id: str, contract_id: str, offering_id: str, start_date: str,
                           end_date: str, scope: Literal["account", "assets"] = "account",
                           product_id: str | None = None, asset_ids: list[str] | None = None,
                           monthly_case_limit: int | None = None) -> dict:
    """Create an entitlement under an active contract (managers and admins). Support level and coverage schedule
    come from the service offering; the name is '<service name> - <Level>'. Dates must lie within the contract.

    Args:
        account_id: The customer account (ACC_...).
        contract_id: An active contract of the account (CTR_...).
        offering_id: The service offering sold (SO_...).
        start_date: First day of coverage (YYYY-MM-DD).
        end_date: Last day of coverage (YYYY-MM-DD), not after the contract end date.
        scope: 'account' (all matching assets of the account) or 'assets' (only the listed assets).
        product_id: Restrict coverage to one product.
        asset_ids: Covered assets when scope is 'assets' (assets of the account).
        monthly_case_limit: Cases allowed per calendar month; omit for unlimited.
    """
    require_role(ctx, MANAGERS, "creating an entitlement")
    get_row(ctx, "csm.account", "account_id", account_id, "account")
    c = get_row(ctx, "csm.contract", "contract_id", contract_id, "contract")
    if c["account_id"] != account_id:
        raise ToolError(f"contract {contract_id} belongs to account {c['account_id']}")
    if c["state"] != "active":
        raise ToolError(f"contract {c['number']} is {c['state']}; entitlements need an active contract")
    o = _offering(ctx, offering_id)
    s, e = parse_date(start_date, "start_date"), parse_date(end_date, "end_date")
    if e < s:
        raise ToolError("end_date is before start_date")
    if s.isoformat() < c["start_date"] or e.isoformat() > c["end_date"]:
        raise ToolError(f"entitlement dates must lie within the contract ({c['start_date']} to {c['end_date']})")
    if monthly_case_limit is not None and monthly_case_limit < 1:
        raise ToolError("monthly_case_limit must be at least 1 (omit it for unlimited)")
    if product_id:
        get_row(ctx, "csm.product", "product_id", product_id, "product")
    if scope == "assets" and not asset_ids:
        raise ToolError("scope 'assets' needs asset_ids")
    if scope == "account" and asset_ids:
        raise ToolError("asset_ids are only allowed with scope 'assets'")
    for aid in asset_ids or []:
        a = get_row(ctx, "csm.asset", "asset_id", aid, "asset")
        if a["account_id"] != account_id:
            raise ToolError(f"asset {aid} belongs to another account")
        if product_id and a["product_id"] != product_id:
            raise ToolError(f"asset {aid} is not a {product_id} product")
    svc = ctx.scalar("SELECT name FROM csm.service WHERE service_id = ?", o["service_id"])
    eid = ctx.new_id("csm.entitlement", "entitlement_id", "ENT_", 4)
    t = today(ctx)
    state = "active" if s <= t <= e else ("expired" if e < t else "active")
    row = ctx.insert("csm.entitlement", {
        "entitlement_id": eid, "name": f"{svc} - {o['support_level'].title()}", "account_id": account_id,
        "contract_id": contract_id, "offering_id": offering_id, "product_id": product_id, "scope": scope,
        "support_level": o["support_level"], "schedule_id": o["schedule_id"], "monthly_case_limit": monthly_case_limit,
        "start_date": s, "end_date": e, "state": state, "updated_at": ctx.timestamp()})
    for aid in sorted(set(asset_ids or [])):
        ctx.insert("csm.entitlement_asset", {"entitlement_id": eid, "asset_id": aid})
    audit(ctx, "entitlement", eid, "create", {"offering_id": offering_id, "contract_id": contract_id})
    return row


@tool
def csm_update_entitlement(ctx: Ctx, entitlement_id: str, offering_id: str | None = None,
                           monthly_case_limit: int | None = None, unlimited_cases: bool = False,
                           end_date: str | None = None, state: Literal["active", "suspended"] | None = None) -> dict:
    """Change an entitlement (managers and admins): upgrade/downgrade the offering (support level and coverage
    schedule follow it, and the name is recomputed), change the monthly case limit, extend/shorten the end date
    (never beyond the contract's end date), or suspend/resume. An expired entitlement whose new end date is today
    or later becomes active again.

    Args:
        entitlement_id: The entitlement's id (ENT_...).
        offering_id: New service offering (SO_...).
        monthly_case_limit: New monthly case limit (>= 1).
        unlimited_cases: true to remove the monthly case limit.
        end_date: New end date (YYYY-MM-DD).
        state: 'suspended' to suspend, 'active' to resume a suspended entitlement.
    """
    require_role(ctx, MANAGERS, "changing an entitlement")
    ent = get_row(ctx, "csm.entitlement", "entitlement_id", entitlement_id, "entitlement")
    c = get_row(ctx, "csm.contract", "contract_id", ent["contract_id"], "contract")
    values: dict = {}
    if offering_id:
        o = _offering(ctx, offering_id)
        svc = ctx.scalar("SELECT name FROM csm.service WHERE service_id = ?", o["service_id"])
        values.update(offering_id=offering_id, support_level=o["support_level"], schedule_id=o["schedule_id"],
                      name=f"{svc} - {o['support_level'].title()}")
    if unlimited_cases and monthly_case_limit is not None:
        raise ToolError("give either monthly_case_limit or unlimited_cases, not both")
    if unlimited_cases:
        values["monthly_case_limit"] = None
    elif monthly_case_limit is not None:
        if monthly_case_limit < 1:
            raise ToolError("monthly_case_limit must be at least 1 (use unlimited_cases=true for no limit)")
        values["monthly_case_limit"] = monthly_case_limit
    new_end = parse_date(end_date, "end_date") if end_date else dt.date.fromisoformat(ent["end_date"])
    if end_date:
        if new_end.isoformat() < ent["start_date"]:
            raise ToolError("end_date is before the entitlement's start date")
        if new_end.isoformat() > c["end_date"]:
            raise ToolError(f"end_date {new_end} is after the end of contract {c['number']} ({c['end_date']}); "
                            "extend the contract first")
        values["end_date"] = new_end
    t = today(ctx)
    if state == "suspended":
        values["state"] = "suspended"
    elif state == "active" and ent["state"] == "suspended":
        values["state"] = "active" if new_end >= t else "expired"
    elif ent["state"] == "expired" and end_date and new_end >= t:
        if c["state"] != "active":
            raise ToolError(f"contract {c['number']} is {c['state']}; extend the contract before reactivating")
        values["state"] = "active"
    elif ent["state"] == "active" and end_date and new_end < t:
        values["state"] = "expired"
    if not values:
        raise ToolError("nothing to update: give at least one change")
    values["updated_at"] = ctx.timestamp()
    changed = update_audited(ctx, "csm.entitlement", "entitlement_id", entitlement_id, values)
    return {**entitlement_status(ctx, get_row(ctx, "csm.entitlement", "entitlement_id", entitlement_id,
                                              "entitlement")), "changed": changed}


@tool
def csm_add_entitlement_asset(ctx: Ctx, entitlement_id: str, asset_id: str) -> dict:
    """Add an asset to an asset-scoped entitlement (managers and admins).

    Args:
        entitlement_id: The entitlement (scope 'assets').
        asset_id: An asset of the same account (and product, if the entitlement is product-specific).
    """
    require_role(ctx, MANAGERS, "changing entitlement coverage")
    ent = get_row(ctx, "csm.entitlement", "entitlement_id", entitlement_id, "entitlement")
    if ent["scope"] != "assets":
        raise ToolError(f"entitlement {entitlement_id} covers the whole account; assets are not listed")
    a = get_row(ctx, "csm.asset", "asset_id", asset_id, "asset")
    if a["account_id"] != ent["account_id"]:
        raise ToolError(f"asset {asset_id} belongs to another account")
    if ent["product_id"] and a["product_id"] != ent["product_id"]:
        raise ToolError(f"entitlement {entitlement_id} only covers product {ent['product_id']}")
    if a["status"] == "retired":
        raise ToolError(f"asset {asset_id} is retired")
    if ctx.scalar("SELECT count(*) FROM csm.entitlement_asset WHERE entitlement_id = ? AND asset_id = ?",
                  entitlement_id, asset_id):
        raise ToolError(f"asset {asset_id} is already covered by {entitlement_id}")
    ctx.insert("csm.entitlement_asset", {"entitlement_id": entitlement_id, "asset_id": asset_id})
    audit(ctx, "entitlement_asset", f"{entitlement_id}/{asset_id}", "create")
    return {"entitlement_id": entitlement_id, "asset_id": asset_id, "covered": True}


@tool
def csm_remove_entitlement_asset(ctx: Ctx, entitlement_id: str, asset_id: str) -> dict:
    """Remove an asset from an asset-scoped entitlement (managers and admins).

    Args:
        entitlement_id: The entitlement (scope 'assets').
        asset_id: The covered asset to remove.
    """
    require_role(ctx, MANAGERS, "changing entitlement coverage")
    get_row(ctx, "csm.entitlement", "entitlement_id", entitlement_id, "entitlement")
    if not ctx.delete("csm.entitlement_asset", {"entitlement_id": entitlement_id, "asset_id": asset_id}):
        raise ToolError(f"asset {asset_id} is not covered by {entitlement_id}")
    audit(ctx, "entitlement_asset", f"{entitlement_id}/{asset_id}", "delete")
    return {"entitlement_id": entitlement_id, "asset_id": asset_id, "covered": False}

"""Install base: customer assets with serial numbers, warranty and install location."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import actor, audit, covering_entitlements, get_row, lookup, like, parse_date, today, update_audited

AssetStatus = Literal["installed", "in_stock", "in_repair", "retired"]


@tool
def csm_get_asset(ctx: Ctx, asset_id: str) -> dict:
    """Get an asset with its model, product, site, account, warranty status and the entitlements covering it.

    Args:
        asset_id: The asset's id (AST_...). Use csm_search_assets to find it from a (partial) serial number.
    """
    a = get_row(ctx, "csm.asset", "asset_id", asset_id, "asset")
    a["model"] = ctx.one("SELECT model_id, name, model_number, end_of_support FROM csm.product_model "
                         "WHERE model_id = ?", a["model_id"])
    a["site"] = ctx.one("SELECT site_id, name, city, country, region, primary_contact_id FROM csm.site "
                        "WHERE site_id = ?", a["site_id"])
    a.update(lookup(ctx, [("product_name", "csm.product", "product_id", "name", a["product_id"]),
                          ("account_name", "csm.account", "account_id", "name", a["account_id"])]))
    t = today(ctx).isoformat()
    a["under_warranty"] = bool(a["warranty_end"] and a["warranty_start"] <= t <= a["warranty_end"])
    a["entitlements"] = [
        {"entitlement_id": e["entitlement_id"], "name": e["name"], "support_level": e["support_level"],
         "schedule_id": e["schedule_id"], "state": e["state"], "start_date": e["start_date"], "end_date": e["end_date"],
         "is_valid_today": e["is_valid_today"]}
        for e in covering_entitlements(ctx, a["account_id"], a, None)]
    if a["product_id"] in ("PRD_001", "PRD_002", "PRD_004"):
        a["child_assets"] = ctx.all("SELECT asset_id, serial_number, name FROM csm.asset WHERE parent_asset_id = ? "
                                    "ORDER BY asset_id", asset_id)
    return a


@tool
def csm_search_assets(ctx: Ctx, serial_contains: str | None = None, query: str | None = None,
                      account_id: str | None = None, site_id: str | None = None, product_id: str | None = None,
                      model_id: str | None = None, status: AssetStatus | None = None,
                      warranty_expired: bool | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search the install base. Supports partial serial numbers ('ending in 9300' -> serial_contains='9300')
    and free text matching the asset name, site name, city, country or account name.

    Default order: by asset id, ascending.

    Args:
        serial_contains: Part of the serial number (any position), case-insensitive.
        query: Free text matched against asset name, site name/city/country and account name.
        account_id: Only assets of this account.
        site_id: Only assets installed at this site.
        product_id: Only assets of this product.
        model_id: Only assets of this model.
        status: installed, in_stock, in_repair or retired.
        warranty_expired: true for assets whose warranty has ended, false for assets under warranty.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT a.asset_id, a.serial_number, a.name, a.status, a.account_id, ac.name AS account_name, a.site_id, "
           "s.name AS site_name, s.country, a.product_id, a.model_id, a.warranty_end FROM csm.asset a "
           "JOIN csm.account ac ON ac.account_id = a.account_id LEFT JOIN csm.site s ON s.site_id = a.site_id WHERE 1=1")
    params: list = []
    if serial_contains:
        sql += " AND a.serial_number ILIKE ?"
        params.append(like(serial_contains))
    if query:
        sql += " AND (a.name ILIKE ? OR s.name ILIKE ? OR s.city ILIKE ? OR s.country ILIKE ? OR ac.name ILIKE ?)"
        params += [like(query)] * 5
    for col, val in (("a.account_id", account_id), ("a.site_id", site_id), ("a.product_id", product_id),
                     ("a.model_id", model_id), ("a.status", status)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    if warranty_expired is not None:
        sql += " AND (a.warranty_end < ?) = ?"
        params += [today(ctx), warranty_expired]
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="a.asset_id")


@tool
def csm_create_asset(ctx: Ctx, account_id: str, site_id: str, model_id: str, serial_number: str,
                     install_date: str, warranty_years: int = 3, contact_id: str | None = None,
                     parent_asset_id: str | None = None) -> dict:
    """Register an installed asset in a customer's install base. The product comes from the model; the
    warranty starts at the install date and lasts warranty_years; the name is '<model name> (<site city>)'.

    Args:
        account_id: The owning account (ACC_...).
        site_id: The install site; must belong to the account.
        model_id: The product model (MDL_...).
        serial_number: Serial number, unique, starting with the model's serial prefix (e.g. HRS-...).
        install_date: Install date (YYYY-MM-DD), not in the future.
        warranty_years: Warranty length in years (0-5).
        contact_id: Optional asset contact (an active contact of the account).
        parent_asset_id: Optional asset this one is installed in or on (same account).
    """
    actor(ctx)
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    if acc["account_type"] != "customer":
        raise ToolError("assets can only be registered for customer accounts")
    site = get_row(ctx, "csm.site", "site_id", site_id, "site")
    if site["account_id"] != account_id:
        raise ToolError(f"site {site_id} belongs to account {site['account_id']}, not {account_id}")
    if not site["active"]:
        raise ToolError(f"site {site_id} is inactive")
    model = get_row(ctx, "csm.product_model", "model_id", model_id, "product model")
    serial = serial_number.strip().upper()
    if not serial.startswith(model["serial_prefix"] + "-"):
        raise ToolError(f"serial numbers of model {model['name']} start with '{model['serial_prefix']}-'")
    if ctx.scalar("SELECT count(*) FROM csm.asset WHERE serial_number = ?", serial):
        raise ToolError(f"serial number {serial} is already registered")
    inst = parse_date(install_date, "install_date")
    if inst > today(ctx):
        raise ToolError("install_date cannot be in the future")
    if not 0 <= warranty_years <= 5:
        raise ToolError("warranty_years must be between 0 and 5")
    if contact_id:
        c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
        if c["account_id"] != account_id or not c["active"]:
            raise ToolError(f"contact {contact_id} must be an active contact of account {account_id}")
    if parent_asset_id:
        p = get_row(ctx, "csm.asset", "asset_id", parent_asset_id, "asset")
        if p["account_id"] != account_id:
            raise ToolError(f"parent asset {parent_asset_id} belongs to another account")
    aid = ctx.new_id("csm.asset", "asset_id", "AST_", 4)
    try:
        wend = inst.replace(year=inst.year + warranty_years)
    except ValueError:
        wend = inst.replace(year=inst.year + warranty_years, day=28)
    row = ctx.insert("csm.asset", {
        "asset_id": aid, "serial_number": serial, "name": f"{model['name']} ({site['city']})", "account_id": account_id,
        "site_id": site_id, "model_id": model_id, "product_id": model["product_id"], "contact_id": contact_id,
        "parent_asset_id": parent_asset_id, "status": "installed", "install_date": inst, "warranty_start": inst,
        "warranty_end": wend, "updated_at": ctx.timestamp()})
    audit(ctx, "asset", aid, "create", {"serial_number": serial, "site_id": site_id})
    return row


@tool
def csm_update_asset(ctx: Ctx, asset_id: str, status: AssetStatus | None = None, site_id: str | None = None,
                     contact_id: str | None = None, warranty_end: str | None = None) -> dict:
    """Update an asset: status, move to another site of the same account, asset contact, or warranty end.
    Moving an asset updates its name to the new site's city.

    Args:
        asset_id: The asset's id (AST_...).
        status: New status (installed, in_stock, in_repair, retired).
        site_id: New site; must belong to the asset's account and be active.
        contact_id: New asset contact (active contact of the account).
        warranty_end: New warranty end date (YYYY-MM-DD), not before the warranty start.
    """
    actor(ctx)
    a = get_row(ctx, "csm.asset", "asset_id", asset_id, "asset")
    values: dict = {}
    if status:
        if a["status"] == "retired" and status != "retired":
            raise ToolError("a retired asset cannot be brought back; register a new asset instead")
        values["status"] = status
    if site_id:
        s = get_row(ctx, "csm.site", "site_id", site_id, "site")
        if s["account_id"] != a["account_id"]:
            raise ToolError(f"site {site_id} belongs to account {s['account_id']}; an asset can only move "
                            f"between sites of its own account ({a['account_id']})")
        if not s["active"]:
            raise ToolError(f"site {site_id} is inactive")
        values["site_id"] = site_id
        values["name"] = a["name"].split(" (")[0] + f" ({s['city']})"
    if contact_id:
        c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
        if c["account_id"] != a["account_id"] or not c["active"]:
            raise ToolError(f"contact {contact_id} must be an active contact of account {a['account_id']}")
        values["contact_id"] = contact_id
    if warranty_end:
        w = parse_date(warranty_end, "warranty_end")
        if a["warranty_start"] and w.isoformat() < a["warranty_start"]:
            raise ToolError("warranty_end cannot be before warranty_start")
        values["warranty_end"] = w
    if not values:
        raise ToolError("nothing to update: give at least one field")
    values["updated_at"] = ctx.timestamp()
    changed = update_audited(ctx, "csm.asset", "asset_id", asset_id, values)
    return {**get_row(ctx, "csm.asset", "asset_id", asset_id, "asset"), "changed": changed}

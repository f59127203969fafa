"""Accounts (customers, partners) and their sites."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import MANAGERS, Region, actor, audit, get_row, like, require_role, update_audited


@tool
def csm_get_account(ctx: Ctx, account_id: str) -> dict:
    """Get an account with its sites, partner, primary contact and counts of contacts, assets and open cases.

    Args:
        account_id: The account's id (ACC_...). Use csm_search_accounts to find it from a name or number.
    """
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    acc["sites"] = ctx.all("SELECT site_id, name, city, country, region, active, primary_contact_id FROM csm.site "
                           "WHERE account_id = ? ORDER BY site_id", account_id)
    acc["partner_name"] = ctx.scalar("SELECT name FROM csm.account WHERE account_id = ?", acc["partner_account_id"])
    acc["primary_contact_name"] = ctx.scalar("SELECT full_name FROM csm.contact WHERE contact_id = ?",
                                             acc["primary_contact_id"])
    acc["contact_count"] = ctx.scalar("SELECT count(*) FROM csm.contact WHERE account_id = ?", account_id)
    acc["asset_count"] = ctx.scalar("SELECT count(*) FROM csm.asset WHERE account_id = ?", account_id)
    acc["open_case_count"] = ctx.scalar("SELECT count(*) FROM csm.support_case WHERE account_id = ? "
                                        "AND state IN ('new', 'open', 'awaiting_info')", account_id)
    if acc["account_type"] == "partner":
        acc["partner_of"] = ctx.all("SELECT account_id, name FROM csm.account WHERE partner_account_id = ? "
                                    "ORDER BY account_id", account_id)
    return acc


@tool
def csm_search_accounts(ctx: Ctx, query: str | None = None, account_type: Literal["customer", "partner"] | None = None,
                        region: Region | None = None, country: str | None = None,
                        status: Literal["active", "inactive", "on_hold"] | None = None,
                        partner_account_id: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search accounts by (partial) name or account number, type, region, country, status or partner.

    Default order: by account id, ascending.

    Args:
        query: Part of the account name or its number (ACCT....); case-insensitive.
        account_type: customer or partner.
        region: AMER, EMEA or APAC.
        country: Exact country name, e.g. India.
        status: active, inactive or on_hold.
        partner_account_id: Only customers served by this partner account.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT account_id, number, name, account_type, customer_tier, country, region, status, "
           "partner_account_id FROM csm.account WHERE 1=1")
    params: list = []
    if query:
        sql += " AND (name ILIKE ? OR number ILIKE ?)"
        params += [like(query), like(query)]
    for col, val in (("account_type", account_type), ("region", region), ("status", status),
                     ("partner_account_id", partner_account_id)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    if country:
        sql += " AND lower(country) = lower(?)"
        params.append(country)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="account_id")


@tool
def csm_update_account(ctx: Ctx, account_id: str, status: Literal["active", "inactive", "on_hold"] | None = None,
                       customer_tier: Literal["strategic", "key", "standard"] | None = None,
                       primary_contact_id: str | None = None, account_manager_id: str | None = None,
                       partner_account_id: str | None = None) -> dict:
    """Update an account (managers and admins only). Only the given fields change.

    Args:
        account_id: The account's id (ACC_...).
        status: New status.
        customer_tier: New customer tier (customers only).
        primary_contact_id: A contact of this account who becomes the primary contact (must be active).
        account_manager_id: Org person id (P....) of the new account manager.
        partner_account_id: Registered partner (an active partner account) serving this customer.
    """
    require_role(ctx, MANAGERS, "updating an account")
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    values: dict = {}
    if status:
        values["status"] = status
    if customer_tier:
        if acc["account_type"] != "customer":
            raise ToolError("customer_tier applies to customer accounts only")
        values["customer_tier"] = customer_tier
    if primary_contact_id:
        c = get_row(ctx, "csm.contact", "contact_id", primary_contact_id, "contact")
        if c["account_id"] != account_id:
            raise ToolError(f"contact {primary_contact_id} belongs to account {c['account_id']}, not {account_id}")
        if not c["active"]:
            raise ToolError(f"contact {primary_contact_id} is inactive and cannot be the primary contact")
        values["primary_contact_id"] = primary_contact_id
    if account_manager_id:
        p = get_row(ctx, "org.person", "person_id", account_manager_id, "person")
        if not p["active"]:
            raise ToolError(f"person {account_manager_id} is inactive")
        values["account_manager_id"] = account_manager_id
    if partner_account_id:
        p = get_row(ctx, "csm.account", "account_id", partner_account_id, "account")
        if p["account_type"] != "partner" or p["status"] != "active":
            raise ToolError(f"account {partner_account_id} is not an active partner account")
        if acc["account_type"] != "customer":
            raise ToolError("only customer accounts have a registered partner")
        values["partner_account_id"] = partner_account_id
    if not values:
        raise ToolError("nothing to update: give at least one field")
    changed = update_audited(ctx, "csm.account", "account_id", account_id, values)
    if "primary_contact_id" in changed:
        ctx.execute("INSERT INTO csm.contact_role SELECT ?, 'primary', ?, ? WHERE NOT EXISTS "
                    "(SELECT 1 FROM csm.contact_role WHERE contact_id = ? AND role = 'primary')",
                    primary_contact_id, account_id, ctx.timestamp(), primary_contact_id)
        old = changed["primary_contact_id"][0]
        if old:
            ctx.delete("csm.contact_role", {"contact_id": old, "role": "primary"})
    return {**get_row(ctx, "csm.account", "account_id", account_id, "account"), "changed": changed}


# -- sites -------------------------------------------------------------------------------------
@tool
def csm_get_site(ctx: Ctx, site_id: str) -> dict:
    """Get a site (customer location) with its account, primary contact and number of installed assets.

    Args:
        site_id: The site's id (SITE_...).
    """
    s = get_row(ctx, "csm.site", "site_id", site_id, "site")
    s["account_name"] = ctx.scalar("SELECT name FROM csm.account WHERE account_id = ?", s["account_id"])
    s["primary_contact"] = ctx.one("SELECT contact_id, full_name, email, phone, active FROM csm.contact "
                                   "WHERE contact_id = ?", s["primary_contact_id"])
    s["asset_count"] = ctx.scalar("SELECT count(*) FROM csm.asset WHERE site_id = ?", site_id)
    return s


@tool
def csm_search_sites(ctx: Ctx, query: str | None = None, account_id: str | None = None, country: str | None = None,
                     city: str | None = None, region: Region | None = None, active: bool | None = None,
                     limit: int = 20, offset: int = 0) -> dict:
    """Search customer sites by (partial) name, city or country, or by account.

    Default order: by site id, ascending.

    Args:
        query: Part of the site name, city or country (e.g. 'India', 'Pune', 'Acme').
        account_id: Only sites of this account.
        country: Exact country name.
        city: Exact city name.
        region: AMER, EMEA or APAC.
        active: Only active (true) or inactive (false) sites.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT s.site_id, s.name, s.account_id, a.name AS account_name, s.city, s.country, s.region, "
           "s.primary_contact_id, s.active FROM csm.site s JOIN csm.account a USING (account_id) WHERE 1=1")
    params: list = []
    if query:
        sql += " AND (s.name ILIKE ? OR s.city ILIKE ? OR s.country ILIKE ?)"
        params += [like(query)] * 3
    for col, val in (("s.account_id", account_id), ("s.region", region)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    if country:
        sql += " AND lower(s.country) = lower(?)"
        params.append(country)
    if city:
        sql += " AND lower(s.city) = lower(?)"
        params.append(city)
    if active is not None:
        sql += " AND s.active = ?"
        params.append(active)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="s.site_id")


@tool
def csm_create_site(ctx: Ctx, account_id: str, name: str, city: str, country: str, region: Region, timezone: str,
                    street: str | None = None, primary_contact_id: str | None = None) -> dict:
    """Register a new site for an account.

    Args:
        account_id: The owning account (ACC_...).
        name: Unique site name, conventionally '<account name without suffix> - <city>'.
        city: City.
        country: Country.
        region: AMER, EMEA or APAC.
        timezone: IANA time zone, e.g. Asia/Kolkata.
        street: Street address.
        primary_contact_id: An active contact of the same account.
    """
    actor(ctx)
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    if acc["status"] == "inactive":
        raise ToolError(f"account {account_id} is inactive; sites cannot be added")
    if ctx.scalar("SELECT count(*) FROM csm.site WHERE lower(name) = lower(?)", name):
        raise ToolError(f"a site named '{name}' already exists")
    if primary_contact_id:
        c = get_row(ctx, "csm.contact", "contact_id", primary_contact_id, "contact")
        if c["account_id"] != account_id or not c["active"]:
            raise ToolError(f"contact {primary_contact_id} must be an active contact of account {account_id}")
    sid = ctx.new_id("csm.site", "site_id", "SITE_", 3)
    row = ctx.insert("csm.site", {"site_id": sid, "account_id": account_id, "name": name, "street": street, "city": city,
                                  "country": country, "region": region, "timezone": timezone,
                                  "primary_contact_id": primary_contact_id, "active": True})
    audit(ctx, "site", sid, "create", {"name": name, "account_id": account_id})
    return row


@tool
def csm_update_site(ctx: Ctx, site_id: str, primary_contact_id: str | None = None, active: bool | None = None,
                    street: str | None = None) -> dict:
    """Update a site's primary contact, street or active flag. A site with installed assets cannot be deactivated.

    Args:
        site_id: The site's id (SITE_...).
        primary_contact_id: An active contact of the site's account.
        active: false to deactivate, true to reactivate.
        street: New street address.
    """
    actor(ctx)
    s = get_row(ctx, "csm.site", "site_id", site_id, "site")
    values: dict = {}
    if primary_contact_id:
        c = get_row(ctx, "csm.contact", "contact_id", primary_contact_id, "contact")
        if c["account_id"] != s["account_id"]:
            raise ToolError(f"contact {primary_contact_id} belongs to another account ({c['account_id']})")
        if not c["active"]:
            raise ToolError(f"contact {primary_contact_id} is inactive")
        values["primary_contact_id"] = primary_contact_id
    if active is not None:
        if not active and ctx.scalar("SELECT count(*) FROM csm.asset WHERE site_id = ? AND status = 'installed'", site_id):
            raise ToolError(f"site {site_id} still has installed assets; move or retire them first")
        values["active"] = active
    if street:
        values["street"] = street
    if not values:
        raise ToolError("nothing to update: give at least one field")
    changed = update_audited(ctx, "csm.site", "site_id", site_id, values)
    return {**get_row(ctx, "csm.site", "site_id", site_id, "site"), "changed": changed}

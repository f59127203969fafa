"""Creating accounts and catalog records: customer/partner accounts, products, product models, services and
service offerings (managers and admins)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import MANAGERS, Region, SupportLevel, audit, get_row, require_role

Family = Literal["servers", "storage", "networking", "software"]
Tier = Literal["strategic", "key", "standard"]
# Policy: basic = 8x5, standard = 12x5, premium and enterprise = 24x7.
COVERAGE_OF_LEVEL = {"basic": "8x5", "standard": "12x5", "premium": "24x7", "enterprise": "24x7"}
LEGAL_SUFFIXES = (" inc", " inc.", " ltd", " ltd.", " llc", " gmbh", " plc", " corp", " corp.", " co.", " sa", " ag",
                  " group", " limited", " corporation", " a/s", " aps", " bv", " nv", " oy", " ab", " s.a.", " pty",
                  " kk", " srl", " spa", " sarl")


def _core_name(name: str) -> str:
    """The name without case, commas or a legal suffix: 'Acme, Inc.' and 'ACME' are the same company."""
    n = " ".join(name.lower().replace(",", " ").split())
    changed = True
    while changed:
        changed = False
        for suffix in LEGAL_SUFFIXES:
            if n.endswith(suffix) and len(n) > len(suffix):
                n, changed = n[: -len(suffix)].rstrip(), True
    return n


def _text(value: str, field: str, lo: int = 2, hi: int = 120) -> str:
    value = (value or "").strip()
    if not lo <= len(value) <= hi:
        raise ToolError(f"{field} must be {lo}-{hi} characters")
    return value


def _next_number(ctx: Ctx, table: str, prefix: str, start: int) -> str:
    top = ctx.scalar(f"SELECT max(CAST(substr(number, {len(prefix) + 1}) AS INTEGER)) FROM {table}")
    return f"{prefix}{int(top or start) + 1}"


# -- accounts ----------------------------------------------------------------------------------
def _unique_name(ctx: Ctx, table: str, id_column: str, name: str, what: str) -> None:
    """ToolError if `table` already has a row of this name (case-insensitive), naming that row."""
    dup = ctx.one(f"SELECT {id_column} AS id, name FROM {table} WHERE lower(name) = lower(?)", name)
    if dup:
        raise ToolError(f"{what} '{dup['name']}' already exists ({dup['id']})")


@tool
def csm_create_account(ctx: Ctx, name: str, account_type: Literal["customer", "partner"], country: str, region: Region,
                       industry: str | None = None, customer_tier: Tier | None = None,
                       parent_account_id: str | None = None, partner_account_id: str | None = None,
                       account_manager_id: str | None = None) -> dict:
    """Create a customer or partner account (managers and admins). The system assigns the number (ACCT....), sets
    status 'active' and created_at. A name that matches an existing account's - ignoring case, commas and a legal
    suffix such as Inc, Ltd, GmbH - is refused: look the existing account up instead. Sites (csm_create_site),
    contacts (csm_create_contact) and the primary contact (csm_update_account) are added afterwards.

    Args:
        name: The company's legal name (2-120 characters), e.g. 'Keller Logistik GmbH'.
        account_type: customer or partner.
        country: Country of the head office, e.g. Germany.
        region: AMER, EMEA or APAC (of the head office).
        industry: Industry, e.g. Logistics.
        customer_tier: strategic, key or standard (customers only; default standard).
        parent_account_id: Parent company's account (ACC_...), an existing account that is not inactive.
        partner_account_id: Registered partner serving this customer (an active partner account).
        account_manager_id: Our account manager (an active org person, P....).
    """
    require_role(ctx, MANAGERS, "creating accounts")
    name = _text(name, "name")
    country = _text(country, "country", 2, 60)
    core = _core_name(name)
    for other in ctx.all("SELECT account_id, number, name FROM csm.account ORDER BY account_id"):
        if _core_name(other["name"]) == core:
            raise ToolError(f"an account with this name already exists: {other['name']} ({other['account_id']}, "
                            f"{other['number']})")
    if account_type == "partner":
        if customer_tier is not None:
            raise ToolError("customer_tier applies to customer accounts only")
        if partner_account_id is not None:
            raise ToolError("only customer accounts have a registered partner")
    elif customer_tier is None:
        customer_tier = "standard"
    if parent_account_id is not None:
        parent = get_row(ctx, "csm.account", "account_id", parent_account_id, "account")
        if parent["status"] == "inactive":
            raise ToolError(f"parent account {parent_account_id} is inactive")
    if partner_account_id is not None:
        p = get_row(ctx, "csm.account", "account_id", partner_account_id, "account")
        if p["account_type"] != "partner" or p["status"] != "active":
            raise ToolError(f"account {partner_account_id} is not an active partner account")
    if account_manager_id is not None:
        person = get_row(ctx, "org.person", "person_id", account_manager_id, "person")
        if not person["active"]:
            raise ToolError(f"person {account_manager_id} is inactive")
    aid = ctx.new_id("csm.account", "account_id", "ACC_", 3)
    row = ctx.insert("csm.account", {
        "account_id": aid, "number": _next_number(ctx, "csm.account", "ACCT", 1000), "name": name,
        "account_type": account_type, "industry": (industry or "").strip() or None, "customer_tier": customer_tier,
        "country": country, "region": region, "parent_account_id": parent_account_id,
        "partner_account_id": partner_account_id, "primary_contact_id": None,
        "account_manager_id": account_manager_id, "status": "active", "created_at": ctx.timestamp()})
    audit(ctx, "account", aid, "create", {"name": name, "account_type": account_type, "customer_tier": customer_tier})
    return row


# -- products ----------------------------------------------------------------------------------
def _tier2_group(ctx: Ctx, group_id: str, family: str | None) -> dict:
    g = get_row(ctx, "csm.assignment_group", "group_id", group_id, "assignment group")
    if not g["active"] or g["tier"] != 2:
        raise ToolError(f"group {group_id} ({g['name']}) is not an active Tier 2 group")
    if family and g["product_family"] and g["product_family"] != family:
        raise ToolError(f"group {group_id} ({g['name']}) supports {g['product_family']}, not {family}")
    return g


@tool
def csm_create_product(ctx: Ctx, name: str, family: Family, support_group_id: str) -> dict:
    """Add a product to the catalog (managers and admins). Product names are unique (ignoring case). Its models
    are added with csm_create_product_model.

    Args:
        name: Product name (2-120 characters), e.g. 'Q-Series Switch Q9000'.
        family: servers, storage, networking or software.
        support_group_id: The active Tier 2 group of that product family that supports it (GRP_...).
    """
    require_role(ctx, MANAGERS, "adding products")
    name = _text(name, "name")
    _unique_name(ctx, "csm.product", "product_id", name, "product")
    _tier2_group(ctx, support_group_id, family)
    pid = ctx.new_id("csm.product", "product_id", "PRD_", 3)
    row = ctx.insert("csm.product", {"product_id": pid, "name": name, "family": family,
                                     "support_group_id": support_group_id, "active": True})
    audit(ctx, "product", pid, "create", {"name": name, "family": family, "support_group_id": support_group_id})
    return row


@tool
def csm_create_product_model(ctx: Ctx, product_id: str, name: str, model_number: str, serial_prefix: str,
                             end_of_support: str | None = None) -> dict:
    """Add a model to an active product (managers and admins). Names and model numbers are unique.

    Args:
        product_id: The product (PRD_...).
        name: Model name (2-120 characters), e.g. 'Q9000-48'.
        model_number: Model number, starting with the serial prefix, e.g. 'QSW-Q900048'.
        serial_prefix: 2-5 capital letters that the serial numbers of its assets start with, e.g. 'QSW'.
        end_of_support: Last day of vendor support (YYYY-MM-DD), if announced; not in the past.
    """
    require_role(ctx, MANAGERS, "adding product models")
    p = get_row(ctx, "csm.product", "product_id", product_id, "product")
    if not p["active"]:
        raise ToolError(f"product {product_id} is inactive")
    name, model_number = _text(name, "name"), _text(model_number, "model_number", 3, 40).upper()
    serial_prefix = (serial_prefix or "").strip().upper()
    if not (2 <= len(serial_prefix) <= 5 and serial_prefix.isalpha()):
        raise ToolError("serial_prefix must be 2-5 letters")
    if not model_number.startswith(serial_prefix + "-"):
        raise ToolError(f"model_number must start with '{serial_prefix}-'")
    dup = ctx.one("SELECT model_id FROM csm.product_model WHERE lower(name) = lower(?) OR upper(model_number) = ?",
                  name, model_number)
    if dup:
        raise ToolError(f"a model with this name or model number already exists ({dup['model_id']})")
    eos = None
    if end_of_support:
        eos = ctx.parse_date(end_of_support, "end_of_support")
        if eos < ctx.timestamp().date():
            raise ToolError("end_of_support is in the past")
    mid = ctx.new_id("csm.product_model", "model_id", "MDL_", 3)
    row = ctx.insert("csm.product_model", {"model_id": mid, "product_id": product_id, "name": name,
                                           "model_number": model_number, "serial_prefix": serial_prefix,
                                           "end_of_support": eos})
    audit(ctx, "product_model", mid, "create", {"product_id": product_id, "model_number": model_number})
    return row


# -- services and offerings --------------------------------------------------------------------
@tool
def csm_create_service(ctx: Ctx, name: str, owner_group_id: str, product_id: str | None = None,
                       product_family: Family | None = None, description: str | None = None) -> dict:
    """Add a support service to the service catalog (managers and admins). A service covers either one product
    (product_id), a whole product family (product_family), or neither (a general service such as field
    engineering). Names are unique (ignoring case).
    Sellable support levels are added with csm_create_service_offering.

    Args:
        name: Service name (2-120 characters), e.g. 'Q-Series Switch Support'.
        owner_group_id: The active Tier 2 group that owns the service (of the product's family).
        product_id: The product the service covers (an active product).
        product_family: The product family the service covers, when it is not product-specific.
        description: What the service covers.
    """
    require_role(ctx, MANAGERS, "adding services")
    name = _text(name, "name")
    if product_id is not None and product_family is not None:
        raise ToolError("give product_id or product_family, not both")
    family = product_family
    if product_id is not None:
        p = get_row(ctx, "csm.product", "product_id", product_id, "product")
        if not p["active"]:
            raise ToolError(f"product {product_id} is inactive")
        family = p["family"]
    _unique_name(ctx, "csm.service", "service_id", name, "service")
    _tier2_group(ctx, owner_group_id, family)
    sid = ctx.new_id("csm.service", "service_id", "SVC_", 3)
    row = ctx.insert("csm.service", {"service_id": sid, "name": name, "description": description,
                                     "product_family": product_family, "product_id": product_id,
                                     "owner_group_id": owner_group_id, "active": True})
    audit(ctx, "service", sid, "create", {"name": name, "product_id": product_id, "product_family": product_family})
    return row


@tool
def csm_create_service_offering(ctx: Ctx, service_id: str, support_level: SupportLevel, monthly_price: float,
                                name: str | None = None) -> dict:
    """Add a support level to an active service (managers and admins); a service sells each level once. The coverage
    schedule follows the level (basic 8x5, standard 12x5, premium and enterprise 24x7).

    Args:
        service_id: The service (SVC_...).
        support_level: basic, standard, premium or enterprise.
        monthly_price: Price per month in USD (greater than 0).
        name: Offering name; default '<service name> - <Level> <coverage>' (e.g. 'Q-Series Switch Support - Premium 24x7').
    """
    require_role(ctx, MANAGERS, "adding service offerings")
    svc = get_row(ctx, "csm.service", "service_id", service_id, "service")
    if not svc["active"]:
        raise ToolError(f"service {service_id} is inactive")
    if monthly_price is None or not 0 < monthly_price < 1_000_000:
        raise ToolError("monthly_price must be greater than 0 (and below 1,000,000)")
    taken = ctx.one("SELECT offering_id, name FROM csm.service_offering WHERE service_id = ? AND support_level = ?",
                    service_id, support_level)
    if taken:
        raise ToolError(f"service {service_id} already has a {support_level} offering: {taken['name']} "
                        f"({taken['offering_id']})")
    coverage = COVERAGE_OF_LEVEL[support_level]
    name = _text(name, "name") if name else f"{svc['name']} - {support_level.capitalize()} {coverage}"
    _unique_name(ctx, "csm.service_offering", "offering_id", name, "offering")
    schedule_id = ctx.scalar("SELECT schedule_id FROM csm.schedule WHERE coverage = ?", coverage)
    oid = ctx.new_id("csm.service_offering", "offering_id", "SO_", 3)
    row = ctx.insert("csm.service_offering", {"offering_id": oid, "service_id": service_id, "name": name,
                                              "support_level": support_level, "schedule_id": schedule_id,
                                              "monthly_price": round(monthly_price, 2), "active": True})
    audit(ctx, "service_offering", oid, "create", {"service_id": service_id, "support_level": support_level})
    return row

"""Product catalog (products, models) and the service catalog (services, offerings, schedules)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, tool

from .common import Coverage, SupportLevel, get_row, like

Family = Literal["servers", "storage", "networking", "software"]


@tool
def csm_get_product(ctx: Ctx, product_id: str) -> dict:
    """Get a product with its models, family and the Tier 2 group that supports it.

    Args:
        product_id: The product's id (PRD_...).
    """
    p = get_row(ctx, "csm.product", "product_id", product_id, "product")
    p["support_group_name"] = ctx.scalar("SELECT name FROM csm.assignment_group WHERE group_id = ?",
                                         p["support_group_id"])
    p["models"] = ctx.all("SELECT model_id, name, model_number, serial_prefix, end_of_support FROM csm.product_model "
                          "WHERE product_id = ? ORDER BY model_id", product_id)
    return p


@tool
def csm_search_products(ctx: Ctx, query: str | None = None, family: Family | None = None, limit: int = 20,
                        offset: int = 0) -> dict:
    """Search products by (partial) name or family.

    Default order: by product id, ascending.

    Args:
        query: Part of the product name.
        family: servers, storage, networking or software.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT product_id, name, family, support_group_id, active FROM csm.product WHERE 1=1"
    params: list = []
    if query:
        sql += " AND name ILIKE ?"
        params.append(like(query))
    if family:
        sql += " AND family = ?"
        params.append(family)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="product_id")


@tool
def csm_search_product_models(ctx: Ctx, query: str | None = None, product_id: str | None = None, limit: int = 20,
                              offset: int = 0) -> dict:
    """Search product models by (partial) name or model number, or by product.

    Default order: by model id, ascending.

    Args:
        query: Part of the model name or model number (e.g. 'R750').
        product_id: Only models of this product.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT m.model_id, m.name, m.model_number, m.serial_prefix, m.end_of_support, m.product_id, "
           "p.name AS product_name FROM csm.product_model m JOIN csm.product p USING (product_id) WHERE 1=1")
    params: list = []
    if query:
        sql += " AND (m.name ILIKE ? OR m.model_number ILIKE ?)"
        params += [like(query), like(query)]
    if product_id:
        sql += " AND m.product_id = ?"
        params.append(product_id)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="m.model_id")


@tool
def csm_list_services(ctx: Ctx, product_family: Family | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List the support services of the service catalog.

    Default order: by service id, ascending.

    Args:
        product_family: Only services for this product family.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.service WHERE 1=1"
    params: list = []
    if product_family:
        sql += " AND product_family = ?"
        params.append(product_family)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="service_id")


@tool
def csm_get_service(ctx: Ctx, service_id: str) -> dict:
    """Get a service with its offerings (support level, coverage schedule, price).

    Args:
        service_id: The service's id (SVC_...).
    """
    s = get_row(ctx, "csm.service", "service_id", service_id, "service")
    s["offerings"] = ctx.all("SELECT o.offering_id, o.name, o.support_level, o.schedule_id, sc.coverage, "
                             "o.monthly_price, o.active FROM csm.service_offering o JOIN csm.schedule sc "
                             "USING (schedule_id) WHERE o.service_id = ? ORDER BY o.offering_id", service_id)
    return s


@tool
def csm_list_service_offerings(ctx: Ctx, service_id: str | None = None, support_level: SupportLevel | None = None,
                               coverage: Coverage | None = None, active: bool | None = None, limit: int = 20,
                               offset: int = 0) -> dict:
    """List service offerings, filtered by service, support level or coverage hours.

    Default order: by offering id, ascending.

    Args:
        service_id: Only offerings of this service.
        support_level: basic, standard, premium or enterprise.
        coverage: 8x5, 12x5 or 24x7.
        active: Only active (true) or retired (false) offerings.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT o.offering_id, o.name, o.service_id, o.support_level, o.schedule_id, sc.coverage, "
           "o.monthly_price, o.active FROM csm.service_offering o JOIN csm.schedule sc USING (schedule_id) WHERE 1=1")
    params: list = []
    for col, val in (("o.service_id", service_id), ("o.support_level", support_level), ("sc.coverage", coverage)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    if active is not None:
        sql += " AND o.active = ?"
        params.append(active)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="o.offering_id")


@tool
def csm_list_schedules(ctx: Ctx) -> list:
    """List the coverage schedules (8x5, 12x5, 24x7) with their hours in UTC.

    Default order: by schedule id, ascending.

    Args:
    """
    return ctx.all("SELECT * FROM csm.schedule ORDER BY schedule_id")

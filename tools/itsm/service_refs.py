"""Validation of the service and location references an incident carries."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError


def check_service(ctx: Ctx, business_service_id: str | None, service_offering_id: str | None) -> dict:
    """Validated {business_service_id, service_offering_id}: the service is a business_service CI that is not
    retired; the offering is active and belongs to it (an offering alone implies its service)."""
    out: dict = {}
    if service_offering_id is not None:
        off = ctx.require(ctx.one("SELECT * FROM itsm.service_offering WHERE offering_id = ?", service_offering_id),
                          "service offering", service_offering_id)
        if off["status"] != "active":
            raise ToolError(f"service offering {service_offering_id} ({off['name']}) is retired; pick an active offering")
        if business_service_id is not None and business_service_id != off["service_ci_id"]:
            raise ToolError(f"service offering {service_offering_id} ({off['name']}) belongs to {off['service_ci_id']}, "
                            f"not to {business_service_id}")
        business_service_id = off["service_ci_id"]
        out["service_offering_id"] = service_offering_id
    if business_service_id is not None:
        ci = ctx.require(ctx.one("SELECT * FROM itsm.configuration_item WHERE ci_id = ?", business_service_id),
                         "business service", business_service_id)
        if ci["ci_class"] != "business_service":
            raise ToolError(f"{business_service_id} ({ci['name']}) is a {ci['ci_class']}, not a business service")
        if ci["status"] == "retired":
            raise ToolError(f"business service {business_service_id} ({ci['name']}) is retired")
        out["business_service_id"] = business_service_id
    return out


def check_location(ctx: Ctx, location_id: str) -> str:
    ctx.require(ctx.one("SELECT location_id FROM org.location WHERE location_id = ?", location_id), "location", location_id)
    return location_id

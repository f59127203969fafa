"""Customer contacts (external people), their roles and portal access."""

from __future__ import annotations

import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import LEADS, Channel, actor, audit, get_row, like, require_role, update_audited

ContactRole = Literal["primary", "technical", "billing", "authorized_caller", "escalation"]
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[a-z]{2,}$", re.I)


@tool
def csm_get_contact(ctx: Ctx, contact_id: str) -> dict:
    """Get a customer contact with account, site, roles and number of open cases.

    Args:
        contact_id: The contact's id (CON_...). Use csm_search_contacts to find it from a name or email.
    """
    c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    c["account_name"] = ctx.scalar("SELECT name FROM csm.account WHERE account_id = ?", c["account_id"])
    c["account_type"] = ctx.scalar("SELECT account_type FROM csm.account WHERE account_id = ?", c["account_id"])
    c["site_name"] = ctx.scalar("SELECT name FROM csm.site WHERE site_id = ?", c["site_id"])
    c["roles"] = [r["role"] for r in ctx.all("SELECT role FROM csm.contact_role WHERE contact_id = ? ORDER BY role",
                                             contact_id)]
    c["open_case_count"] = ctx.scalar("SELECT count(*) FROM csm.support_case WHERE contact_id = ? "
                                      "AND state IN ('new', 'open', 'awaiting_info')", contact_id)
    return c


@tool
def csm_search_contacts(ctx: Ctx, query: str | None = None, account_id: str | None = None, site_id: str | None = None,
                        email: str | None = None, role: ContactRole | None = None, active: bool | None = None,
                        limit: int = 20, offset: int = 0) -> dict:
    """Search customer contacts by (partial) name or email, account, site, role or active flag.

    Default order: by contact id, ascending.

    Args:
        query: Part of the full name or email; case-insensitive.
        account_id: Only contacts of this account.
        site_id: Only contacts based at this site.
        email: Exact email address.
        role: Only contacts holding this role.
        active: Only active (true) or inactive (false) contacts.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT c.contact_id, c.full_name, c.email, c.phone, c.title, c.account_id, c.site_id, "
           "c.preferred_channel, c.portal_access, c.active FROM csm.contact c WHERE 1=1")
    params: list = []
    if query:
        sql += " AND (c.full_name ILIKE ? OR c.email ILIKE ?)"
        params += [like(query), like(query)]
    for col, val in (("c.account_id", account_id), ("c.site_id", site_id)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    if email:
        sql += " AND lower(c.email) = lower(?)"
        params.append(email)
    if role:
        sql += " AND EXISTS (SELECT 1 FROM csm.contact_role r WHERE r.contact_id = c.contact_id AND r.role = ?)"
        params.append(role)
    if active is not None:
        sql += " AND c.active = ?"
        params.append(active)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="c.contact_id")


@tool
def csm_create_contact(ctx: Ctx, account_id: str, first_name: str, last_name: str, email: str,
                       phone: str | None = None, title: str | None = None, site_id: str | None = None,
                       preferred_channel: Channel = "email", portal_access: bool = False) -> dict:
    """Create a customer contact for an account. The email must be unique.

    Args:
        account_id: The contact's account (ACC_...).
        first_name: First name.
        last_name: Last name.
        email: Email address (unique across contacts).
        phone: Phone number.
        title: Job title.
        site_id: The site where the contact is based (must belong to the account).
        preferred_channel: phone, email, web, chat or community.
        portal_access: Whether the contact may use the customer portal.
    """
    actor(ctx)
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    if acc["status"] == "inactive":
        raise ToolError(f"account {account_id} is inactive; contacts cannot be added")
    if not _EMAIL.match(email):
        raise ToolError(f"'{email}' is not a valid email address")
    if ctx.scalar("SELECT count(*) FROM csm.contact WHERE lower(email) = lower(?)", email):
        raise ToolError(f"a contact with email {email} already exists")
    if site_id:
        s = get_row(ctx, "csm.site", "site_id", site_id, "site")
        if s["account_id"] != account_id:
            raise ToolError(f"site {site_id} belongs to account {s['account_id']}, not {account_id}")
    cid = ctx.new_id("csm.contact", "contact_id", "CON_", 4)
    row = ctx.insert("csm.contact", {
        "contact_id": cid, "account_id": account_id, "site_id": site_id, "first_name": first_name,
        "last_name": last_name, "full_name": f"{first_name} {last_name}", "email": email.lower(), "phone": phone,
        "title": title, "preferred_channel": preferred_channel, "portal_access": portal_access, "active": True,
        "created_at": ctx.timestamp()})
    audit(ctx, "contact", cid, "create", {"email": email.lower(), "account_id": account_id})
    return row


@tool
def csm_update_contact(ctx: Ctx, contact_id: str, phone: str | None = None, title: str | None = None,
                       site_id: str | None = None, preferred_channel: Channel | None = None,
                       email: str | None = None) -> dict:
    """Update a contact's details. Only the given fields change.

    Args:
        contact_id: The contact's id (CON_...).
        phone: New phone number.
        title: New job title.
        site_id: New base site (must belong to the contact's account).
        preferred_channel: New preferred channel.
        email: New email address (unique).
    """
    actor(ctx)
    c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    values: dict = {}
    if phone:
        values["phone"] = phone
    if title:
        values["title"] = title
    if preferred_channel:
        values["preferred_channel"] = preferred_channel
    if site_id:
        s = get_row(ctx, "csm.site", "site_id", site_id, "site")
        if s["account_id"] != c["account_id"]:
            raise ToolError(f"site {site_id} belongs to another account ({s['account_id']})")
        values["site_id"] = site_id
    if email:
        if not _EMAIL.match(email):
            raise ToolError(f"'{email}' is not a valid email address")
        if ctx.scalar("SELECT count(*) FROM csm.contact WHERE lower(email) = lower(?) AND contact_id <> ?",
                      email, contact_id):
            raise ToolError(f"another contact already uses {email}")
        values["email"] = email.lower()
    if not values:
        raise ToolError("nothing to update: give at least one field")
    changed = update_audited(ctx, "csm.contact", "contact_id", contact_id, values)
    return {**get_row(ctx, "csm.contact", "contact_id", contact_id, "contact"), "changed": changed}


@tool
def csm_set_contact_active(ctx: Ctx, contact_id: str, active: bool) -> dict:
    """Deactivate or reactivate a contact (leads, managers, admins). Deactivation also removes portal access.
    An account's primary contact cannot be deactivated until another primary is named.

    Args:
        contact_id: The contact's id (CON_...).
        active: false to deactivate, true to reactivate.
    """
    require_role(ctx, LEADS, "activating or deactivating a contact")
    c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if not active:
        if ctx.scalar("SELECT count(*) FROM csm.account WHERE primary_contact_id = ?", contact_id):
            raise ToolError(f"contact {contact_id} is the primary contact of account {c['account_id']}; "
                            "name another primary contact first (csm_update_account)")
        values = {"active": False, "portal_access": False}
    else:
        values = {"active": True}
    changed = update_audited(ctx, "csm.contact", "contact_id", contact_id, values)
    return {**get_row(ctx, "csm.contact", "contact_id", contact_id, "contact"), "changed": changed}


@tool
def csm_set_portal_access(ctx: Ctx, contact_id: str, enabled: bool) -> dict:
    """Grant or revoke a contact's customer-portal access. Only active contacts can be granted access.

    Args:
        contact_id: The contact's id (CON_...).
        enabled: true to grant, false to revoke.
    """
    actor(ctx)
    c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if enabled and not c["active"]:
        raise ToolError(f"contact {contact_id} is inactive; portal access cannot be granted")
    changed = update_audited(ctx, "csm.contact", "contact_id", contact_id, {"portal_access": enabled})
    return {**get_row(ctx, "csm.contact", "contact_id", contact_id, "contact"), "changed": changed}


@tool
def csm_add_contact_role(ctx: Ctx, contact_id: str, role: ContactRole) -> dict:
    """Give a contact a role on their account (technical, billing, authorized_caller, escalation).
    The primary role is set through csm_update_account.

    Args:
        contact_id: The contact's id (CON_...).
        role: The role to add.
    """
    actor(ctx)
    c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if role == "primary":
        raise ToolError("the primary role follows the account's primary contact; use csm_update_account")
    if not c["active"]:
        raise ToolError(f"contact {contact_id} is inactive; roles cannot be added")
    if ctx.scalar("SELECT count(*) FROM csm.contact_role WHERE contact_id = ? AND role = ?", contact_id, role):
        raise ToolError(f"contact {contact_id} already has role {role}")
    row = ctx.insert("csm.contact_role", {"contact_id": contact_id, "role": role, "account_id": c["account_id"],
                                          "added_at": ctx.timestamp()})
    audit(ctx, "contact_role", f"{contact_id}/{role}", "create")
    return row


@tool
def csm_remove_contact_role(ctx: Ctx, contact_id: str, role: ContactRole) -> dict:
    """Remove a role from a contact.

    Args:
        contact_id: The contact's id (CON_...).
        role: The role to remove (not primary; change the account's primary contact instead).
    """
    actor(ctx)
    get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if role == "primary":
        raise ToolError("the primary role follows the account's primary contact; use csm_update_account")
    if not ctx.delete("csm.contact_role", {"contact_id": contact_id, "role": role}):
        raise ToolError(f"contact {contact_id} does not have role {role}")
    audit(ctx, "contact_role", f"{contact_id}/{role}", "delete")
    return {"contact_id": contact_id, "removed_role": role}

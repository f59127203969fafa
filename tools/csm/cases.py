"""Cases: intake, lookup, search, update, assignment, comments."""

from __future__ import annotations

from typing import Any, Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (LEADS, OPEN_STATES, CaseChannel, Priority, actor, audit, case_row, covering_entitlements, get_row,
                     like, lookup, update_audited)

CaseState = Literal["new", "open", "awaiting_info", "resolved", "closed", "cancelled"]


def _check_contact(ctx: Ctx, account: dict, contact_id: str) -> str | None:
    """Validate the contact; returns the partner account id when a partner contact opens the case."""
    c = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if c["account_id"] == account["account_id"]:
        return None
    if account["partner_account_id"] and c["account_id"] == account["partner_account_id"]:
        return c["account_id"]
    raise ToolError(f"contact {contact_id} belongs to account {c['account_id']}, which is neither {account['account_id']} "
                    "nor its registered partner")


def _check_asset(ctx: Ctx, account_id: str, asset_id: str) -> dict:
    a = get_row(ctx, "csm.asset", "asset_id", asset_id, "asset")
    if a["account_id"] != account_id:
        raise ToolError(f"asset {asset_id} belongs to account {a['account_id']}, not {account_id}")
    if a["status"] == "retired":
        raise ToolError(f"asset {asset_id} ({a['serial_number']}) is retired; cases cannot be logged against it")
    return a


def _check_entitlement(ctx: Ctx, account_id: str, entitlement_id: str, asset: dict | None, product_id: str | None,
                       exclude_case: str | None = None) -> dict:
    rows = covering_entitlements(ctx, account_id, asset, product_id, entitlement_id)
    if not rows:
        e = get_row(ctx, "csm.entitlement", "entitlement_id", entitlement_id, "entitlement")
        if e["account_id"] != account_id:
            raise ToolError(f"entitlement {entitlement_id} belongs to account {e['account_id']}, not {account_id}")
        what = f"asset {asset['asset_id']}" if asset else f"product {product_id}"
        raise ToolError(f"entitlement {entitlement_id} does not cover {what}")
    e = rows[0]
    if not e["is_valid_today"]:
        raise ToolError(f"entitlement {entitlement_id} is not valid today (state {e['state']}, "
                        f"{e['start_date']} to {e['end_date']})")
    lim = e["monthly_case_limit"]
    if lim is not None and exclude_case is None and e["cases_this_month"] >= lim:
        raise ToolError(f"entitlement {entitlement_id} has used its {lim} cases for this month")
    return e


def _check_assignment(ctx: Ctx, group_id: str, person_id: str | None) -> None:
    g = get_row(ctx, "csm.assignment_group", "group_id", group_id, "assignment group")
    if not g["active"]:
        raise ToolError(f"assignment group {group_id} ({g['name']}) is inactive")
    if person_id:
        a = ctx.one("SELECT * FROM csm.support_agent WHERE person_id = ?", person_id)
        if a is None:
            raise ToolError(f"{person_id} is not a support agent")
        if not a["active"]:
            raise ToolError(f"support agent {person_id} is inactive")
        if not ctx.scalar("SELECT count(*) FROM csm.group_member WHERE group_id = ? AND person_id = ?",
                          group_id, person_id):
            raise ToolError(f"{person_id} is not a member of {group_id} ({g['name']}); "
                            "assign to a member or add them to the group first")


def case_view(ctx: Ctx, case_id: str) -> dict[str, Any]:
    c = case_row(ctx, case_id)
    c.update(lookup(ctx, [
        ("account_name", "csm.account", "account_id", "name", c["account_id"]),
        ("contact_name", "csm.contact", "contact_id", "full_name", c["contact_id"]),
        ("serial_number", "csm.asset", "asset_id", "serial_number", c["asset_id"]),
        ("assignment_group_name", "csm.assignment_group", "group_id", "name", c["assignment_group_id"]),
        ("assigned_to_name", "org.person", "person_id", "full_name", c["assigned_to"])]))
    return c


@tool
def csm_get_case(ctx: Ctx, case_id: str) -> dict:
    """Get a case by id with account, contact, asset serial and assignment names.

    Args:
        case_id: The case's id (CS_...). For a case number (CS1......) use csm_get_case_by_number.
    """
    return case_view(ctx, case_id)


@tool
def csm_get_case_by_number(ctx: Ctx, number: str) -> dict:
    """Get a case by its number (e.g. CS1000123).

    Args:
        number: The case number.
    """
    cid = ctx.scalar("SELECT case_id FROM csm.support_case WHERE number = ?", number.strip().upper())
    if cid is None:
        raise ToolError(f"case number '{number}' not found")
    return case_view(ctx, cid)


@tool
def csm_search_cases(ctx: Ctx, query: str | None = None, account_id: str | None = None,
                     contact_id: str | None = None, asset_id: str | None = None, site_id: str | None = None,
                     state: CaseState | None = None, active_only: bool = False, priority: Priority | None = None,
                     assigned_to: str | None = None, assignment_group_id: str | None = None,
                     entitlement_id: str | None = None, channel: CaseChannel | None = None,
                     opened_after: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search cases. Newest first. Each row shows the entitlement the case was opened under and the awaiting_reason
    of a case waiting on the customer.

    Args:
        query: Part of the short description or the case number.
        account_id: Only cases of this account.
        contact_id: Only cases of this contact.
        asset_id: Only cases about this asset.
        site_id: Only cases at this site.
        state: Only cases in this state.
        active_only: true for cases still in progress (new, open, awaiting_info).
        priority: Only cases with this priority.
        assigned_to: Only cases assigned to this agent (person id P....).
        assignment_group_id: Only cases of this assignment group.
        entitlement_id: Only cases opened under this entitlement.
        channel: Only cases from this channel.
        opened_after: Only cases opened at or after this date (YYYY-MM-DD).
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT case_id, number, short_description, account_id, contact_id, asset_id, site_id, priority, state, "
           "awaiting_reason, channel, assignment_group_id, assigned_to, entitlement_id, escalation_level, opened_at "
           "FROM csm.support_case WHERE 1=1")
    params: list = []
    if query:
        sql += " AND (short_description ILIKE ? OR number ILIKE ?)"
        params += [like(query), like(query)]
    for col, val in (("account_id", account_id), ("contact_id", contact_id), ("asset_id", asset_id),
                     ("site_id", site_id), ("state", state), ("priority", priority), ("assigned_to", assigned_to),
                     ("assignment_group_id", assignment_group_id), ("entitlement_id", entitlement_id),
                     ("channel", channel)):
        if val:
            sql += f" AND {col} = ?"
            params.append(val)
    if active_only:
        sql += " AND state IN ('new', 'open', 'awaiting_info')"
    if opened_after:
        sql += " AND opened_at >= ?"
        params.append(ctx.parse_date(opened_after, "opened_after"))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="opened_at DESC, case_id DESC")


@tool
def csm_create_case(ctx: Ctx, account_id: str, contact_id: str, short_description: str, channel: CaseChannel,
                    priority: Priority, asset_id: str | None = None, site_id: str | None = None,
                    product_id: str | None = None, entitlement_id: str | None = None,
                    description: str | None = None, assignment_group_id: str | None = None,
                    assigned_to: str | None = None, parent_case_id: str | None = None) -> dict:
    """Open a new case (state 'new'). The system assigns the number, sets opened_by/opened_at, takes the product
    and (unless given) the site from the asset, and records the partner when a partner contact opens it.
    The entitlement, if given, must belong to the account, be valid today, cover the asset/product and have
    cases left this month. SLAs are not attached automatically (csm_attach_case_sla).

    Args:
        account_id: The customer account (ACC_...).
        contact_id: The reporting contact: a contact of the account or of its registered partner.
        short_description: One-line summary.
        channel: How the case reached us: phone, email, web, chat, community, social (a public post), or alert (raised by monitoring).
        priority: 1 - Critical, 2 - High, 3 - Moderate or 4 - Low.
        asset_id: The affected asset (AST_...), if known.
        site_id: The site, if no asset or it differs from the asset's site.
        product_id: The product, when there is no asset.
        entitlement_id: The entitlement the case is opened under (ENT_...).
        description: Details.
        assignment_group_id: Initial assignment group (GRP_...).
        assigned_to: Initial assignee (person id; must be an active member of the group).
        parent_case_id: Parent case (CS_...) when this is a child case.
    """
    actor(ctx)
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    if acc["account_type"] != "customer":
        raise ToolError(f"account {account_id} is a partner account; open the case on the end customer's account")
    if acc["status"] == "inactive":
        raise ToolError(f"account {account_id} is inactive")
    partner = _check_contact(ctx, acc, contact_id)
    if not short_description.strip():
        raise ToolError("short_description is required")
    asset = _check_asset(ctx, account_id, asset_id) if asset_id else None
    if asset:
        if product_id and product_id != asset["product_id"]:
            raise ToolError(f"asset {asset_id} is a {asset['product_id']} product, not {product_id}")
        product_id = asset["product_id"]
        if site_id and site_id != asset["site_id"]:
            raise ToolError(f"asset {asset_id} is installed at {asset['site_id']}, not {site_id}")
        site_id = asset["site_id"]
    elif product_id:
        get_row(ctx, "csm.product", "product_id", product_id, "product")
    if site_id and not asset:
        s = get_row(ctx, "csm.site", "site_id", site_id, "site")
        if s["account_id"] != account_id:
            raise ToolError(f"site {site_id} belongs to account {s['account_id']}")
    if entitlement_id:
        _check_entitlement(ctx, account_id, entitlement_id, asset, product_id)
    if assigned_to and not assignment_group_id:
        raise ToolError("assigned_to needs an assignment_group_id")
    if assignment_group_id:
        _check_assignment(ctx, assignment_group_id, assigned_to)
    if parent_case_id:
        p = case_row(ctx, parent_case_id)
        if p["account_id"] != account_id:
            raise ToolError(f"parent case {parent_case_id} belongs to another account")
    now = ctx.timestamp()
    cid = ctx.new_id("csm.support_case", "case_id", "CS_", 4)
    number = ctx.new_id("csm.support_case", "number", "CS", 7)
    ctx.insert("csm.support_case", {
        "case_id": cid, "number": number, "short_description": short_description.strip(), "description": description,
        "account_id": account_id, "contact_id": contact_id, "site_id": site_id, "asset_id": asset_id,
        "product_id": product_id, "entitlement_id": entitlement_id, "partner_account_id": partner,
        "parent_case_id": parent_case_id, "channel": channel, "priority": priority, "state": "new",
        "assignment_group_id": assignment_group_id, "assigned_to": assigned_to, "escalation_level": 0,
        "awaiting_reason": None, "resolution_code": None, "resolution_notes": None, "cancel_reason": None,
        "opened_by": ctx.user_id, "opened_at": now, "updated_at": now, "resolved_at": None, "closed_at": None})
    audit(ctx, "support_case", cid, "create", {"number": number, "priority": priority, "channel": channel})
    return case_view(ctx, cid)


@tool
def csm_update_case(ctx: Ctx, case_id: str, short_description: str | None = None, description: str | None = None,
                    priority: Priority | None = None, channel: CaseChannel | None = None, contact_id: str | None = None,
                    asset_id: str | None = None, entitlement_id: str | None = None,
                    parent_case_id: str | None = None) -> dict:
    """Update fields of an active case (new, open or awaiting_info). Changing the asset also updates product and
    site. Changing priority does not touch SLAs: cancel and re-attach them per policy.

    Args:
        case_id: The case's id (CS_...).
        short_description: New summary.
        description: New details.
        priority: New priority.
        channel: Correct the intake channel.
        contact_id: New reporting contact (account or registered partner contact).
        asset_id: New affected asset (same account).
        entitlement_id: Entitlement to file the case under (valid, covering the asset/product).
        parent_case_id: Parent case (CS_...).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] not in OPEN_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only new, open or awaiting_info cases can be updated")
    acc = get_row(ctx, "csm.account", "account_id", c["account_id"], "account")
    values: dict = {}
    if short_description:
        values["short_description"] = short_description
    if description:
        values["description"] = description
    if priority:
        values["priority"] = priority
    if channel:
        values["channel"] = channel
    if contact_id:
        values["partner_account_id"] = _check_contact(ctx, acc, contact_id)
        values["contact_id"] = contact_id
    asset = None
    if asset_id:
        asset = _check_asset(ctx, c["account_id"], asset_id)
        values.update(asset_id=asset_id, product_id=asset["product_id"], site_id=asset["site_id"])
    elif c["asset_id"]:
        asset = get_row(ctx, "csm.asset", "asset_id", c["asset_id"], "asset")
    if entitlement_id:
        _check_entitlement(ctx, c["account_id"], entitlement_id, asset, values.get("product_id", c["product_id"]),
                           exclude_case=case_id if entitlement_id == c["entitlement_id"] else None)
        values["entitlement_id"] = entitlement_id
    if parent_case_id:
        if parent_case_id == case_id:
            raise ToolError("a case cannot be its own parent")
        p = case_row(ctx, parent_case_id)
        if p["account_id"] != c["account_id"]:
            raise ToolError(f"parent case {parent_case_id} belongs to another account")
        values["parent_case_id"] = parent_case_id
    if not values:
        raise ToolError("nothing to update: give at least one field")
    values["updated_at"] = ctx.timestamp()
    changed = update_audited(ctx, "csm.support_case", "case_id", case_id, values)
    return {**case_view(ctx, case_id), "changed": changed}


@tool
def csm_assign_case(ctx: Ctx, case_id: str, assignment_group_id: str, assigned_to: str | None = None) -> dict:
    """Route a case to an assignment group and optionally an agent (an active member of that group). Without
    assigned_to the case goes to the group's queue (unassigned). Taking a case away from another agent needs
    the lead, manager or admin role.

    Args:
        case_id: The case's id (CS_...).
        assignment_group_id: The group (GRP_...).
        assigned_to: Person id (P....) of the agent, or omit to leave it in the queue.
    """
    me = actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] not in OPEN_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only active cases can be reassigned")
    _check_assignment(ctx, assignment_group_id, assigned_to)
    if c["assigned_to"] and c["assigned_to"] not in (ctx.user_id, assigned_to) and me["role"] not in LEADS:
        raise ToolError(f"not allowed: case {c['number']} is assigned to {c['assigned_to']}; reassigning another "
                        "agent's case requires the lead, manager or admin role")
    changed = update_audited(ctx, "csm.support_case", "case_id", case_id,
                             {"assignment_group_id": assignment_group_id, "assigned_to": assigned_to,
                              "updated_at": ctx.timestamp()})
    return {**case_view(ctx, case_id), "changed": changed}


@tool
def csm_add_case_comment(ctx: Ctx, case_id: str, body: str,
                         kind: Literal["work_note", "customer_comment"] = "work_note") -> dict:
    """Add a work note (internal) or a customer comment (visible to the customer) to a case.

    Args:
        case_id: The case's id (CS_...).
        body: The text.
        kind: work_note (internal only) or customer_comment (customer-visible).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] in ("closed", "cancelled"):
        raise ToolError(f"case {c['number']} is {c['state']}; comments are closed")
    if not body.strip():
        raise ToolError("body is empty")
    return record_comment(ctx, case_id, kind, body.strip())


def record_comment(ctx: Ctx, case_id: str, kind: str, body: str) -> dict:
    """A comment by the acting user and its audit entry (what csm_add_case_comment writes)."""
    mid = ctx.new_id("csm.case_comment", "comment_id", "CMT_", 5)
    row = ctx.insert("csm.case_comment", {"comment_id": mid, "case_id": case_id, "author_id": ctx.user_id,
                                          "kind": kind, "body": body, "created_at": ctx.timestamp()})
    audit(ctx, "case_comment", mid, "create", {"case_id": case_id, "kind": kind})
    return row


@tool
def csm_list_case_comments(ctx: Ctx, case_id: str, kind: Literal["work_note", "customer_comment"] | None = None,
                           limit: int = 20, offset: int = 0) -> dict:
    """List a case's work notes and customer comments, oldest first.

    Args:
        case_id: The case's id (CS_...).
        kind: Only this kind of comment.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    case_row(ctx, case_id)
    sql = "SELECT * FROM csm.case_comment WHERE case_id = ?"
    params: list = [case_id]
    if kind:
        sql += " AND kind = ?"
        params.append(kind)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="created_at, comment_id")

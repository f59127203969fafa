"""Access proposals (requests for access): list, get, resolve (accept with a role, or deny)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, file_row, is_admin, notify, now, require_account
from .permissions import _share_check, grant


@tool
def drive_list_access_proposals(ctx: Ctx, file_id: str | None = None,
                                state: Literal["pending", "accepted", "denied"] | None = "pending",
                                limit: int = 20, offset: int = 0) -> dict:
    """List access requests on a file (needs the right to share it). Administrators may omit file_id to
    see requests across the organization. Default: pending ones, oldest first.

    Args:
        file_id: The file the requests are for.
        state: Only requests in this state (default pending; null for all).
        limit: Page size 1-100.
        offset: Items to skip.
    """
    require_account(ctx)
    conds, params = ["1 = 1"], []
    if file_id:
        _share_check(ctx, file_row(ctx, file_id))
        conds.append("p.file_id = ?")
        params.append(file_id)
    elif not is_admin(ctx):
        raise ToolError("file_id is required (only administrators can list requests across files)")
    if state:
        conds.append("p.state = ?")
        params.append(state)
    sql = ("SELECT p.*, f.name AS file_name, coalesce(a.display_name, x.display_name) AS requester_name, "
           "coalesce(a.status, 'external') AS requester_status FROM drive.access_proposal p JOIN drive.file f USING (file_id) "
           "LEFT JOIN drive.account a ON a.person_id = p.requester_id "
           "LEFT JOIN drive.external_user x ON x.external_id = p.requester_external_id WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="p.created_time, p.proposal_id")


def _proposal(ctx: Ctx, file_id: str, proposal_id: str) -> dict:
    p = ctx.one("SELECT * FROM drive.access_proposal WHERE proposal_id = ? AND file_id = ?", proposal_id, file_id)
    if p is None:
        raise ToolError(f"access proposal '{proposal_id}' not found on file {file_id}")
    return p


@tool
def drive_get_access_proposal(ctx: Ctx, file_id: str, proposal_id: str) -> dict:
    """Get one access request.

    Args:
        file_id: The file.
        proposal_id: The request (APR…).
    """
    require_account(ctx)
    _share_check(ctx, file_row(ctx, file_id))
    return _proposal(ctx, file_id, proposal_id)


@tool
def drive_resolve_access_proposal(ctx: Ctx, file_id: str, proposal_id: str, action: Literal["ACCEPT", "DENY"],
                                  role: Literal["reader", "commenter", "writer"] | None = None,
                                  send_notification: bool = True, message: str | None = None) -> dict:
    """Approve or deny a pending access request. ACCEPT needs a role (it may differ from the one requested)
    and creates the permission with every sharing check (drive restrictions, suspended accounts); DENY
    closes it. With send_notification the requester gets an e-mail (message is included).

    Args:
        file_id: The file.
        proposal_id: The request (APR…).
        action: ACCEPT or DENY.
        role: The role to grant (required for ACCEPT).
        send_notification: E-mail the requester (default true).
        message: Text for the requester, e.g. the reason for a denial.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    _share_check(ctx, f)
    p = _proposal(ctx, file_id, proposal_id)
    if p["state"] != "pending":
        raise ToolError(f"request {proposal_id} is already {p['state']}")
    values = {"state": "accepted" if action == "ACCEPT" else "denied", "resolved_by": ctx.user_id, "resolved_time": now(ctx)}
    if action == "ACCEPT":
        if not role:
            raise ToolError("ACCEPT needs a role")
        perm = grant(ctx, f, "user", role, p["recipient_email"], None, None, None, False, None)
        values.update(granted_role=role, permission_id=perm["permission_id"])
    elif role:
        raise ToolError("role is only used with ACCEPT")
    ctx.update("drive.access_proposal", {"proposal_id": proposal_id}, values)
    if send_notification:
        text = (f"Your request for '{f['name']}' was {'approved as ' + role if action == 'ACCEPT' else 'denied'}"
                + (f": {message}" if message else ""))
        notify(ctx, p["requester_email"], "access_proposal", text, file_id, proposal_id,
               person_id=p["requester_id"], external_id=p["requester_external_id"])
    audit(ctx, f"access_proposal.{action.lower()}", "access_proposal", proposal_id,
          (f"granted {role}" if action == "ACCEPT" else "denied") + (f": {message}" if message else ""), file_id, f["drive_id"])
    return _proposal(ctx, file_id, proposal_id)

"""Forwarding addresses (with verification state) and the auto-forwarding setting."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import COMPANY_DOMAIN, access, audit, check_address, domain_of

Disposition = Literal["leaveInInbox", "archive", "trash", "markRead"]


def _row(ctx: Ctx, mbx: str, email: str) -> dict:
    row = ctx.one("SELECT * FROM email.forwarding_address WHERE mailbox = ? AND forwarding_email = ?", mbx, email)
    if row is None:
        raise ToolError(f"{email} is not a forwarding address of {mbx} (mail_list_forwarding_addresses)")
    return row


@tool
def mail_list_forwarding_addresses(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's forwarding addresses with their verification status (accepted / pending), by address.

    Default order: by forwarding email, ascending.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return ctx.all("SELECT * FROM email.forwarding_address WHERE mailbox = ? ORDER BY forwarding_email", mbx)


@tool
def mail_get_forwarding_address(ctx: Ctx, forwarding_email: str, user_id: str = "me") -> dict:
    """Get one forwarding address.

    Args:
        forwarding_email: The forwarding address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return _row(ctx, mbx, check_address(forwarding_email, "forwarding_email"))


@tool
def mail_create_forwarding_address(ctx: Ctx, forwarding_email: str, user_id: str = "me") -> dict:
    """Register a forwarding address. A company address (arcturus.example) is accepted at once; any other
    address is 'pending' until its owner follows the confirmation link sent to it.

    Args:
        forwarding_email: Address to forward to.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    email = check_address(forwarding_email, "forwarding_email")
    if email == mbx:
        raise ToolError("a mailbox cannot forward to itself")
    if ctx.scalar("SELECT count(*) FROM email.forwarding_address WHERE mailbox = ? AND forwarding_email = ?", mbx, email):
        raise ToolError(f"{email} is already a forwarding address of {mbx}")
    status = "accepted" if domain_of(email) == COMPANY_DOMAIN else "pending"
    row = ctx.insert("email.forwarding_address", {"mailbox": mbx, "forwarding_email": email,
                                                  "verification_status": status, "created_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_forwarding_address", "forwarding_address", email, status)
    return row


@tool
def mail_delete_forwarding_address(ctx: Ctx, forwarding_email: str, user_id: str = "me") -> dict:
    """Delete a forwarding address. Refused while auto-forwarding or a filter forwards to it (turn those off first).

    Args:
        forwarding_email: The forwarding address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    email = check_address(forwarding_email, "forwarding_email")
    _row(ctx, mbx, email)
    if ctx.scalar("SELECT count(*) FROM email.auto_forwarding WHERE mailbox = ? AND enabled AND email_address = ?", mbx, email):
        raise ToolError(f"auto-forwarding of {mbx} uses {email}; disable auto-forwarding first")
    used = ctx.scalar("SELECT string_agg(filter_id, ', ' ORDER BY filter_id) FROM email.filter WHERE mailbox = ? "
                      "AND forward_to = ?", mbx, email)
    if used:
        raise ToolError(f"filter(s) {used} forward to {email}; delete them first")
    ctx.delete("email.forwarding_address", {"mailbox": mbx, "forwarding_email": email})
    audit(ctx, mbx, "mail_delete_forwarding_address", "forwarding_address", email)
    return {"forwarding_email": email, "deleted": True}


@tool
def mail_get_auto_forwarding(ctx: Ctx, user_id: str = "me") -> dict:
    """Get the auto-forwarding setting (enabled, address, what happens to the original).

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return ctx.one("SELECT * FROM email.auto_forwarding WHERE mailbox = ?", mbx)


@tool
def mail_update_auto_forwarding(ctx: Ctx, enabled: bool, user_id: str = "me", email_address: str | None = None,
                                disposition: Disposition | None = None) -> dict:
    """Turn auto-forwarding on (to an accepted forwarding address, with a disposition for the original) or off.
    enabled=false turns it off (email_address and disposition are then not needed and are cleared); the
    forwarding address itself stays registered until you delete it with mail_delete_forwarding_address.

    Args:
        enabled: true to forward all incoming mail, false to stop.
        user_id: 'me' or the mailbox's primary address.
        email_address: Accepted forwarding address (required when enabling).
        disposition: What happens to the original: leaveInInbox, archive, trash, markRead (required when enabling).
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    if enabled:
        if not email_address or not disposition:
            raise ToolError("enabling auto-forwarding needs email_address and disposition")
        email = check_address(email_address, "email_address")
        if _row(ctx, mbx, email)["verification_status"] != "accepted":
            raise ToolError(f"{email} is still pending verification; only accepted forwarding addresses can be used")
        values = {"enabled": True, "email_address": email, "disposition": disposition}
    else:
        values = {"enabled": False, "email_address": None, "disposition": None}
    before = ctx.one("SELECT * FROM email.auto_forwarding WHERE mailbox = ?", mbx)
    ctx.update("email.auto_forwarding", {"mailbox": mbx}, {**values, "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_update_auto_forwarding", "auto_forwarding", mbx,
          f"{before['enabled']}/{before['email_address']} -> {values['enabled']}/{values['email_address']}")
    return ctx.one("SELECT * FROM email.auto_forwarding WHERE mailbox = ?", mbx)

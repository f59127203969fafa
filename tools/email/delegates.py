"""Delegates: other company mailboxes allowed to read, organise and send mail on a mailbox's behalf."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import COMPANY_DOMAIN, access, audit, check_address, domain_of


@tool
def mail_list_delegates(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's delegates with their verification status and the delegate mailbox's status and title.

    Default order: by delegate email, ascending.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return ctx.all("SELECT d.*, m.display_name, m.status AS delegate_mailbox_status, m.role AS delegate_role, p.title "
                   "FROM email.delegate d JOIN email.mailbox m ON m.email_address = d.delegate_email "
                   "JOIN org.person p ON p.person_id = m.person_id WHERE d.mailbox = ? ORDER BY d.delegate_email", mbx)


@tool
def mail_get_delegate(ctx: Ctx, delegate_email: str, user_id: str = "me") -> dict:
    """Get one delegate of a mailbox.

    Args:
        delegate_email: The delegate's primary address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    row = ctx.one("SELECT * FROM email.delegate WHERE mailbox = ? AND delegate_email = ?", mbx,
                  check_address(delegate_email, "delegate_email"))
    if row is None:
        raise ToolError(f"{delegate_email} is not a delegate of {mbx}")
    return row


@tool
def mail_create_delegate(ctx: Ctx, delegate_email: str, user_id: str = "me") -> dict:
    """Add a delegate. The delegate must be a mailbox of the company domain; when a mailbox administrator adds it
    the delegation is accepted immediately, otherwise it is pending until the delegate accepts.

    Args:
        delegate_email: The delegate's primary address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    email = check_address(delegate_email, "delegate_email")
    if domain_of(email) != COMPANY_DOMAIN:
        raise ToolError(f"delegates must belong to {COMPANY_DOMAIN}; {email} is outside the organisation")
    target = ctx.one("SELECT * FROM email.mailbox WHERE email_address = ?", email)
    if target is None:
        raise ToolError(f"no mailbox {email} (an alias cannot be a delegate; use the person's primary address)")
    if email == mbx:
        raise ToolError("a mailbox cannot delegate to itself")
    if ctx.scalar("SELECT count(*) FROM email.delegate WHERE mailbox = ? AND delegate_email = ?", mbx, email):
        raise ToolError(f"{email} is already a delegate of {mbx}")
    status = "accepted" if ctx.role == "mail_admin" else "pending"
    row = ctx.insert("email.delegate", {"mailbox": mbx, "delegate_email": email, "verification_status": status,
                                        "created_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_delegate", "delegate", email, status)
    return row


@tool
def mail_delete_delegate(ctx: Ctx, delegate_email: str, user_id: str = "me") -> dict:
    """Remove a delegate (any verification status).

    Args:
        delegate_email: The delegate's primary address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    email = check_address(delegate_email, "delegate_email")
    if not ctx.delete("email.delegate", {"mailbox": mbx, "delegate_email": email}):
        raise ToolError(f"{email} is not a delegate of {mbx}")
    audit(ctx, mbx, "mail_delete_delegate", "delegate", email)
    return {"delegate_email": email, "deleted": True}

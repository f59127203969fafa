"""Send-as addresses: display name, reply-to, signature, default, alias treatment and verification."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import COMPANY_DOMAIN, access, audit, check_address, domain_of


def send_as_for(ctx: Ctx, mbx: str, email: str) -> dict:
    row = ctx.one("SELECT * FROM email.send_as WHERE mailbox = ? AND lower(send_as_email) = lower(?)", mbx, email)
    if row is None:
        raise ToolError(f"{email} is not a send-as address of {mbx} (mail_list_send_as)")
    return row


@tool
def mail_list_send_as(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's send-as addresses (the primary address first).

    Default order: the primary address first, then by address.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    return ctx.all("SELECT * FROM email.send_as WHERE mailbox = ? ORDER BY is_primary DESC, send_as_email", mbx)


@tool
def mail_get_send_as(ctx: Ctx, send_as_email: str, user_id: str = "me") -> dict:
    """Get one send-as address.

    Args:
        send_as_email: The send-as address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id)["email_address"]
    return send_as_for(ctx, mbx, send_as_email)


@tool
def mail_create_send_as(ctx: Ctx, send_as_email: str, user_id: str = "me", display_name: str | None = None,
                        reply_to_address: str | None = None, signature: str | None = None,
                        treat_as_alias: bool = True) -> dict:
    """Add a send-as address. One of the mailbox's own company aliases is accepted at once; another company
    address is refused (it belongs to someone else); an external address is 'pending' until its owner
    verifies it (a verification email is sent).

    Args:
        send_as_email: The address to send as.
        user_id: 'me' or the mailbox's primary address.
        display_name: Name shown to recipients.
        reply_to_address: Reply-To header for mail sent as this address.
        signature: Signature (plain text).
        treat_as_alias: Whether the address is treated as an alias of the mailbox.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    email = check_address(send_as_email, "send_as_email")
    if ctx.scalar("SELECT count(*) FROM email.send_as WHERE mailbox = ? AND send_as_email = ?", mbx, email):
        raise ToolError(f"{email} is already a send-as address of {mbx}")
    if domain_of(email) == COMPANY_DOMAIN:
        owner = ctx.scalar("SELECT mailbox FROM email.alias WHERE alias_address = ?", email)
        if owner != mbx:
            raise ToolError(f"{email} is not an alias of {mbx}" + (f" (it delivers to {owner})" if owner else
                            " (it is another mailbox or does not exist)") + "; only the mailbox's own aliases can be added")
        status = "accepted"
    else:
        status = "pending"
    row = ctx.insert("email.send_as", {
        "mailbox": mbx, "send_as_email": email,
        "display_name": display_name or ctx.scalar("SELECT display_name FROM email.mailbox WHERE email_address = ?", mbx),
        "reply_to_address": check_address(reply_to_address, "reply_to_address") if reply_to_address else None,
        "signature": signature, "is_primary": False, "is_default": False, "treat_as_alias": treat_as_alias,
        "verification_status": status, "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_send_as", "send_as", email, status)
    return row


@tool
def mail_update_send_as(ctx: Ctx, send_as_email: str, user_id: str = "me", display_name: str | None = None,
                        reply_to_address: str | None = None, signature: str | None = None,
                        is_default: bool | None = None, treat_as_alias: bool | None = None) -> dict:
    """Patch a send-as address. Making one the default (is_default true) clears the previous default; only an
    accepted address can be the default. An empty string clears reply_to_address or signature.

    Args:
        send_as_email: The send-as address.
        user_id: 'me' or the mailbox's primary address.
        display_name: New display name.
        reply_to_address: New Reply-To ('' clears it).
        signature: New signature ('' clears it).
        is_default: true to make this the default address.
        treat_as_alias: New alias treatment.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    row = send_as_for(ctx, mbx, send_as_email)
    values: dict = {}
    if display_name is not None:
        values["display_name"] = display_name
    if reply_to_address is not None:
        values["reply_to_address"] = check_address(reply_to_address, "reply_to_address") if reply_to_address else None
    if signature is not None:
        values["signature"] = signature or None
    if treat_as_alias is not None:
        if row["is_primary"]:
            raise ToolError("the primary address has no alias treatment")
        values["treat_as_alias"] = treat_as_alias
    if is_default is not None:
        if is_default is False:
            raise ToolError("to change the default, set is_default true on the new default address")
        if row["verification_status"] != "accepted":
            raise ToolError(f"{row['send_as_email']} is {row['verification_status']}; only an accepted address can be the default")
        ctx.execute("UPDATE email.send_as SET is_default = false, updated_at = ? WHERE mailbox = ? AND is_default "
                    "AND send_as_email <> ?", ctx.timestamp(), mbx, row["send_as_email"])
        values["is_default"] = True
    if not values:
        raise ToolError("nothing to update")
    ctx.update("email.send_as", {"mailbox": mbx, "send_as_email": row["send_as_email"]},
               {**values, "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_update_send_as", "send_as", row["send_as_email"], ", ".join(sorted(values)))
    return send_as_for(ctx, mbx, row["send_as_email"])


@tool
def mail_delete_send_as(ctx: Ctx, send_as_email: str, user_id: str = "me") -> dict:
    """Delete a send-as address (not the primary one; if it was the default the primary becomes default).
    Its S/MIME certificates are deleted with it.

    Args:
        send_as_email: The send-as address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    row = send_as_for(ctx, mbx, send_as_email)
    if row["is_primary"]:
        raise ToolError("the primary address cannot be deleted")
    ctx.execute("DELETE FROM email.smime_info WHERE mailbox = ? AND send_as_email = ?", mbx, row["send_as_email"])
    ctx.delete("email.send_as", {"mailbox": mbx, "send_as_email": row["send_as_email"]})
    if row["is_default"]:
        ctx.execute("UPDATE email.send_as SET is_default = true, updated_at = ? WHERE mailbox = ? AND is_primary",
                    ctx.timestamp(), mbx)
    audit(ctx, mbx, "mail_delete_send_as", "send_as", row["send_as_email"])
    return {"send_as_email": row["send_as_email"], "deleted": True}


@tool
def mail_verify_send_as(ctx: Ctx, send_as_email: str, user_id: str = "me") -> dict:
    """Re-send the verification email for a pending send-as address (its owner must confirm it; the status
    stays pending until then).

    Args:
        send_as_email: The pending send-as address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    row = send_as_for(ctx, mbx, send_as_email)
    if row["verification_status"] == "accepted":
        raise ToolError(f"{row['send_as_email']} is already verified")
    audit(ctx, mbx, "mail_verify_send_as", "send_as", row["send_as_email"], "verification email re-sent")
    return {"send_as_email": row["send_as_email"], "verification_status": "pending", "verification_email_sent": True}

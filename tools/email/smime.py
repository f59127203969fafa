"""S/MIME certificates of send-as addresses: list, get, upload, delete, set default."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, audit, parse_ts
from .sendas import send_as_for


def _cert(ctx: Ctx, mbx: str, send_as_email: str, smime_id: str) -> dict:
    row = ctx.one("SELECT * FROM email.smime_info WHERE smime_id = ? AND mailbox = ? AND lower(send_as_email) = lower(?)",
                  smime_id, mbx, send_as_email)
    if row is None:
        raise ToolError(f"S/MIME certificate '{smime_id}' not found for {send_as_email} (mail_list_smime_info)")
    return row


def _view(ctx: Ctx, row: dict) -> dict:
    row["expired"] = row["expiration"] <= ctx.timestamp().isoformat(timespec="seconds")
    return row


@tool
def mail_list_smime_info(ctx: Ctx, send_as_email: str, user_id: str = "me") -> list:
    """List the S/MIME certificates of a send-as address (expiration, issuer, default, expired flag), newest first.

    Args:
        send_as_email: The send-as address (often the primary address).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    sa = send_as_for(ctx, mbx, send_as_email)
    return [_view(ctx, r) for r in ctx.all("SELECT * FROM email.smime_info WHERE mailbox = ? AND send_as_email = ? "
                                           "ORDER BY expiration DESC, smime_id", mbx, sa["send_as_email"])]


@tool
def mail_get_smime_info(ctx: Ctx, send_as_email: str, smime_id: str, user_id: str = "me") -> dict:
    """Get one S/MIME certificate.

    Args:
        send_as_email: The send-as address.
        smime_id: Certificate id (SMI…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return _view(ctx, _cert(ctx, mbx, send_as_email, smime_id))


@tool
def mail_insert_smime_info(ctx: Ctx, send_as_email: str, issuer_cn: str, serial_number: str, expiration: str,
                           user_id: str = "me") -> dict:
    """Upload an S/MIME certificate (its issuer, serial number and expiry as issued by the CA) for a send-as
    address. An already expired certificate is refused; a duplicate serial number too. It is not the default.

    Args:
        send_as_email: The send-as address the certificate is for.
        issuer_cn: Issuer common name.
        serial_number: Certificate serial number.
        expiration: Expiry (ISO timestamp).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    sa = send_as_for(ctx, mbx, send_as_email)
    exp = parse_ts(expiration, "expiration")
    if exp <= ctx.timestamp():
        raise ToolError("the certificate has already expired")
    if ctx.scalar("SELECT count(*) FROM email.smime_info WHERE mailbox = ? AND serial_number = ?", mbx, serial_number):
        raise ToolError(f"a certificate with serial {serial_number} is already uploaded")
    sid = ctx.new_id("email.smime_info", "smime_id", "SMI", 4)
    row = ctx.insert("email.smime_info", {"smime_id": sid, "mailbox": mbx, "send_as_email": sa["send_as_email"],
                                          "issuer_cn": issuer_cn, "serial_number": serial_number, "expiration": exp,
                                          "is_default": False, "uploaded_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_insert_smime_info", "smime_info", sid, f"{sa['send_as_email']} serial={serial_number}")
    return _view(ctx, row | {"expiration": exp.isoformat(timespec="seconds"),
                             "uploaded_at": ctx.timestamp().isoformat(timespec="seconds")})


@tool
def mail_delete_smime_info(ctx: Ctx, send_as_email: str, smime_id: str, user_id: str = "me") -> dict:
    """Delete an S/MIME certificate.

    Args:
        send_as_email: The send-as address.
        smime_id: Certificate id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    _cert(ctx, mbx, send_as_email, smime_id)
    ctx.delete("email.smime_info", {"smime_id": smime_id})
    audit(ctx, mbx, "mail_delete_smime_info", "smime_info", smime_id, send_as_email)
    return {"smime_id": smime_id, "deleted": True}


@tool
def mail_set_default_smime_info(ctx: Ctx, send_as_email: str, smime_id: str, user_id: str = "me") -> dict:
    """Make a certificate the default of its send-as address (the previous default is cleared).

    Args:
        send_as_email: The send-as address.
        smime_id: Certificate id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    c = _cert(ctx, mbx, send_as_email, smime_id)
    ctx.execute("UPDATE email.smime_info SET is_default = false WHERE mailbox = ? AND send_as_email = ? AND is_default "
                "AND smime_id <> ?", mbx, c["send_as_email"], smime_id)
    ctx.update("email.smime_info", {"smime_id": smime_id}, {"is_default": True})
    audit(ctx, mbx, "mail_set_default_smime_info", "smime_info", smime_id, send_as_email)
    return _view(ctx, _cert(ctx, mbx, send_as_email, smime_id))

"""Client-side encryption: key pairs (enable / disable / obliterate) and identities (which key pair an
address uses)."""

from __future__ import annotations

import datetime as dt
import hashlib

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, audit, check_address


def keypair_for(ctx: Ctx, mbx: str, keypair_id: str) -> dict:
    row = ctx.one("SELECT * FROM email.cse_keypair WHERE keypair_id = ? AND mailbox = ?", keypair_id, mbx)
    if row is None:
        raise ToolError(f"key pair '{keypair_id}' not found in {mbx} (mail_list_cse_keypairs)")
    return row


def _kp_view(ctx: Ctx, row: dict) -> dict:
    row["used_by_identities"] = [r["email_address"] for r in ctx.all(
        "SELECT email_address FROM email.cse_identity WHERE mailbox = ? AND ? IN (primary_keypair_id, signing_keypair_id, "
        "encryption_keypair_id) ORDER BY email_address", row["mailbox"], row["keypair_id"])]
    return row


def _identity_for(ctx: Ctx, mbx: str, email: str) -> dict:
    row = ctx.one("SELECT * FROM email.cse_identity WHERE mailbox = ? AND lower(email_address) = lower(?)", mbx, email)
    if row is None:
        raise ToolError(f"no CSE identity {email} in {mbx} (mail_list_cse_identities)")
    return row


def _usable(ctx: Ctx, mbx: str, keypair_id: str | None, field: str) -> None:
    if keypair_id is None:
        return
    kp = keypair_for(ctx, mbx, keypair_id)
    if kp["enablement_state"] != "enabled":
        raise ToolError(f"{field}: key pair {keypair_id} is {kp['enablement_state']}; an identity needs an enabled key pair")


@tool
def mail_list_cse_keypairs(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's CSE key pairs (state, disable time, fingerprint, identities using each), oldest first.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return [_kp_view(ctx, r) for r in ctx.all("SELECT * FROM email.cse_keypair WHERE mailbox = ? "
                                              "ORDER BY created_at, keypair_id", mbx)]


@tool
def mail_get_cse_keypair(ctx: Ctx, keypair_id: str, user_id: str = "me") -> dict:
    """Get one CSE key pair.

    Args:
        keypair_id: Key pair id (KP…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return _kp_view(ctx, keypair_for(ctx, mbx, keypair_id))


@tool
def mail_create_cse_keypair(ctx: Ctx, certificate_pem: str, kacls_uri: str, user_id: str = "me") -> dict:
    """Upload a CSE key pair (public certificate chain; the private key stays wrapped by the key access
    control list service). The key pair is enabled.

    Args:
        certificate_pem: The PEM certificate chain ('-----BEGIN CERTIFICATE-----' …).
        kacls_uri: URI of the key access control list service that wraps the private key (https://…).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    if "BEGIN CERTIFICATE" not in certificate_pem:
        raise ToolError("certificate_pem must be a PEM certificate chain")
    if not kacls_uri.startswith("https://"):
        raise ToolError("kacls_uri must be an https:// URI")
    fp = hashlib.sha256(certificate_pem.encode()).hexdigest()[:40].upper()
    if ctx.scalar("SELECT count(*) FROM email.cse_keypair WHERE fingerprint = ?", fp):
        raise ToolError("this certificate is already uploaded")
    kid = ctx.new_id("email.cse_keypair", "keypair_id", "KP", 4)
    row = ctx.insert("email.cse_keypair", {"keypair_id": kid, "mailbox": mbx, "subject_email": mbx, "fingerprint": fp,
                                           "kacls_uri": kacls_uri, "enablement_state": "enabled", "disable_time": None,
                                           "created_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_cse_keypair", "cse_keypair", kid)
    return _kp_view(ctx, keypair_for(ctx, mbx, row["keypair_id"]))


def _set_state(ctx: Ctx, user_id: str, keypair_id: str, state: str) -> dict:
    mbx = access(ctx, user_id, "settings")["email_address"]
    kp = keypair_for(ctx, mbx, keypair_id)
    if kp["enablement_state"] == "obliterated":
        raise ToolError(f"key pair {keypair_id} is obliterated")
    if kp["enablement_state"] == state:
        raise ToolError(f"key pair {keypair_id} is already {state}")
    ctx.update("email.cse_keypair", {"keypair_id": keypair_id},
               {"enablement_state": state, "disable_time": ctx.timestamp() if state == "disabled" else None})
    audit(ctx, mbx, f"mail_{'disable' if state == 'disabled' else 'enable'}_cse_keypair", "cse_keypair", keypair_id)
    return _kp_view(ctx, keypair_for(ctx, mbx, keypair_id))


@tool
def mail_disable_cse_keypair(ctx: Ctx, keypair_id: str, user_id: str = "me") -> dict:
    """Turn a key pair off: it can no longer decrypt incoming or sign outgoing CSE mail. After 30 days it can be
    obliterated.

    Args:
        keypair_id: Key pair id.
        user_id: 'me' or the mailbox's primary address.
    """
    return _set_state(ctx, user_id, keypair_id, "disabled")


@tool
def mail_enable_cse_keypair(ctx: Ctx, keypair_id: str, user_id: str = "me") -> dict:
    """Turn a disabled key pair back on.

    Args:
        keypair_id: Key pair id.
        user_id: 'me' or the mailbox's primary address.
    """
    return _set_state(ctx, user_id, keypair_id, "enabled")


@tool
def mail_obliterate_cse_keypair(ctx: Ctx, keypair_id: str, user_id: str = "me") -> dict:
    """Permanently destroy a key pair; mail encrypted with it can never be read again. Only key pairs disabled for
    more than 30 days, and not used by any identity.

    Args:
        keypair_id: Key pair id.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    kp = _kp_view(ctx, keypair_for(ctx, mbx, keypair_id))
    if kp["enablement_state"] != "disabled":
        raise ToolError(f"key pair {keypair_id} is {kp['enablement_state']}; only a disabled key pair can be obliterated")
    since = ctx.timestamp() - dt.datetime.fromisoformat(kp["disable_time"])
    if since <= dt.timedelta(days=30):
        raise ToolError(f"key pair {keypair_id} was disabled {since.days} days ago; it can be obliterated only after "
                        "it has been disabled for more than 30 days")
    if kp["used_by_identities"]:
        raise ToolError(f"key pair {keypair_id} is used by identities {kp['used_by_identities']}; change them first")
    ctx.update("email.cse_keypair", {"keypair_id": keypair_id}, {"enablement_state": "obliterated"})
    audit(ctx, mbx, "mail_obliterate_cse_keypair", "cse_keypair", keypair_id)
    return {"keypair_id": keypair_id, "enablement_state": "obliterated"}


@tool
def mail_list_cse_identities(ctx: Ctx, user_id: str = "me") -> list:
    """List a mailbox's CSE identities (address and the key pair(s) it uses), by address.

    Default order: by email address, ascending.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return ctx.all("SELECT * FROM email.cse_identity WHERE mailbox = ? ORDER BY email_address", mbx)


@tool
def mail_get_cse_identity(ctx: Ctx, email_address: str, user_id: str = "me") -> dict:
    """Get one CSE identity.

    Args:
        email_address: The identity's address (the primary address or a send-as alias).
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    return _identity_for(ctx, mbx, email_address)


def _check_keys(ctx: Ctx, mbx: str, primary: str | None, signing: str | None, encryption: str | None) -> None:
    if primary and (signing or encryption):
        raise ToolError("give either primary_keypair_id, or signing_keypair_id with encryption_keypair_id, not both")
    if not primary and not (signing and encryption):
        raise ToolError("give primary_keypair_id, or both signing_keypair_id and encryption_keypair_id")
    for k, f in ((primary, "primary_keypair_id"), (signing, "signing_keypair_id"), (encryption, "encryption_keypair_id")):
        _usable(ctx, mbx, k, f)


@tool
def mail_create_cse_identity(ctx: Ctx, email_address: str, user_id: str = "me", primary_keypair_id: str | None = None,
                             signing_keypair_id: str | None = None, encryption_keypair_id: str | None = None) -> dict:
    """Create a CSE identity for the primary address or a send-as alias, using one key pair for both signing and
    encryption (primary_keypair_id) or separate ones. Key pairs must be enabled and belong to the mailbox.

    Args:
        email_address: The identity's address.
        user_id: 'me' or the mailbox's primary address.
        primary_keypair_id: Key pair for signing and encryption.
        signing_keypair_id: Key pair for signing (with encryption_keypair_id).
        encryption_keypair_id: Key pair for encryption (with signing_keypair_id).
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    email = check_address(email_address, "email_address")
    if not ctx.scalar("SELECT count(*) FROM email.send_as WHERE mailbox = ? AND send_as_email = ?", mbx, email):
        raise ToolError(f"{email} is neither the primary address nor a send-as address of {mbx}")
    if ctx.scalar("SELECT count(*) FROM email.cse_identity WHERE mailbox = ? AND email_address = ?", mbx, email):
        raise ToolError(f"a CSE identity for {email} already exists; patch it instead")
    _check_keys(ctx, mbx, primary_keypair_id, signing_keypair_id, encryption_keypair_id)
    row = ctx.insert("email.cse_identity", {"mailbox": mbx, "email_address": email, "primary_keypair_id": primary_keypair_id,
                                            "signing_keypair_id": signing_keypair_id,
                                            "encryption_keypair_id": encryption_keypair_id, "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_create_cse_identity", "cse_identity", email)
    return row


@tool
def mail_patch_cse_identity(ctx: Ctx, email_address: str, user_id: str = "me", primary_keypair_id: str | None = None,
                            signing_keypair_id: str | None = None, encryption_keypair_id: str | None = None) -> dict:
    """Point a CSE identity at other key pair(s) (replaces its key assignment; same rules as create).

    Args:
        email_address: The identity's address.
        user_id: 'me' or the mailbox's primary address.
        primary_keypair_id: Key pair for signing and encryption.
        signing_keypair_id: Key pair for signing (with encryption_keypair_id).
        encryption_keypair_id: Key pair for encryption (with signing_keypair_id).
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    ident = _identity_for(ctx, mbx, email_address)
    _check_keys(ctx, mbx, primary_keypair_id, signing_keypair_id, encryption_keypair_id)
    ctx.update("email.cse_identity", {"mailbox": mbx, "email_address": ident["email_address"]},
               {"primary_keypair_id": primary_keypair_id, "signing_keypair_id": signing_keypair_id,
                "encryption_keypair_id": encryption_keypair_id, "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_patch_cse_identity", "cse_identity", ident["email_address"],
          f"primary={primary_keypair_id} signing={signing_keypair_id} encryption={encryption_keypair_id}")
    return _identity_for(ctx, mbx, ident["email_address"])


@tool
def mail_delete_cse_identity(ctx: Ctx, email_address: str, user_id: str = "me") -> dict:
    """Delete a CSE identity (the address can no longer send or receive CSE mail; key pairs remain).

    Args:
        email_address: The identity's address.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    ident = _identity_for(ctx, mbx, email_address)
    ctx.delete("email.cse_identity", {"mailbox": mbx, "email_address": ident["email_address"]})
    audit(ctx, mbx, "mail_delete_cse_identity", "cse_identity", ident["email_address"])
    return {"email_address": ident["email_address"], "deleted": True}

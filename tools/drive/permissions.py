"""Permissions on files and folders: list (direct and inherited), create, update (incl. ownership
transfer and expiration), delete; the partner-domain register; an admin sharing report."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (FOLDER, INTERNAL_DOMAIN, access_sources, audit, change, drive_row, file_row, is_admin, notify,
                     now, parse_time, require, require_account, require_admin, resolve_principal, touch)

Role = Literal["owner", "writer", "commenter", "reader"]
PType = Literal["user", "group", "domain", "anyone"]


def _out(ctx: Ctx, p: dict) -> dict:
    p = dict(p)
    name = None
    if p.get("person_id"):
        name = ctx.scalar("SELECT display_name FROM drive.account WHERE person_id = ?", p["person_id"])
    elif p.get("external_id"):
        name = ctx.scalar("SELECT display_name FROM drive.external_user WHERE external_id = ?", p["external_id"])
    elif p.get("group_id"):
        name = ctx.scalar("SELECT name FROM drive.user_group WHERE group_id = ?", p["group_id"])
    p["display_name"] = name
    p["internal"] = not (p["type"] == "anyone" or p.get("external_id") or (p["type"] == "domain" and p["domain"] != INTERNAL_DOMAIN))
    p.setdefault("inherited", False)
    return p


@tool
def drive_list_permissions(ctx: Ctx, file_id: str, include_inherited: bool = True) -> list:
    """List who has access to a file, folder or shared drive root. Each entry says whether it is direct
    (inherited false) or inherited, and from where (a parent folder id, or the shared drive id for drive
    members). Expired grants are not listed. Needs reader access.

    Default order: the item's own grants first, then those inherited from its folders and the shared drive; each by permission id.

    Args:
        file_id: The item.
        include_inherited: Also list permissions inherited from folders and shared-drive membership (default true).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "read")
    rows = access_sources(ctx, f) if include_inherited else [
        p for p in access_sources(ctx, f) if not p["inherited"]]
    return [_out(ctx, p) for p in rows]


@tool
def drive_get_permission(ctx: Ctx, file_id: str, permission_id: str) -> dict:
    """Get one permission of a file (direct or inherited).

    Args:
        file_id: The item.
        permission_id: The permission id (PRM00123, or DPM0012 for a shared-drive membership).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "read")
    for p in access_sources(ctx, f):
        if p["permission_id"] == permission_id:
            return _out(ctx, p)
    raise ToolError(f"permission '{permission_id}' does not apply to {file_id} (use drive_list_permissions)")


def _check_expiry(ctx: Ctx, value: str, ptype: str, role: str, f: dict) -> dt.datetime:
    t = parse_time(value, "expiration_time")
    if ptype not in ("user", "group"):
        raise ToolError("expiration can only be set on user and group permissions (not domain or anyone-with-the-link)")
    if role == "owner":
        raise ToolError("an owner permission cannot expire")
    if t <= now(ctx):
        raise ToolError(f"expiration_time must be in the future (now is {now(ctx).isoformat()})")
    if t > now(ctx) + dt.timedelta(days=366):
        raise ToolError("expiration_time can be at most one year ahead")
    return t


def _share_check(ctx: Ctx, f: dict) -> None:
    """Who may change sharing: owner/organizer always; writers unless the owner turned that off;
    on shared-drive folders with sharing_folders_requires_organizer, organizers only."""
    role = require(ctx, f, "edit")
    if role in ("admin", "owner", "organizer"):
        return
    if f["drive_id"]:
        d = drive_row(ctx, f["drive_id"])
        if f["mime_type"] == FOLDER and d["sharing_folders_requires_organizer"]:
            raise ToolError(f"not allowed: sharing folders in {d['name']} is limited to organizers")
        return
    if not f["writers_can_share"] and role != "owner":
        raise ToolError(f"not allowed: the owner of '{f['name']}' has turned off sharing by writers")


def _drive_restrictions(ctx: Ctx, f: dict, principal: dict, ptype: str, domain: str | None) -> None:
    if not f["drive_id"]:
        return
    d = drive_row(ctx, f["drive_id"])
    external = ptype == "anyone" or (ptype == "domain" and domain != INTERNAL_DOMAIN) or (
        ptype in ("user", "group") and not principal["internal"])
    if d["domain_users_only"] and external:
        raise ToolError(f"{d['name']} only allows sharing with users in {INTERNAL_DOMAIN} (domain_users_only restriction)")
    if d["drive_members_only"] and ptype in ("user", "group"):
        member = ctx.scalar("SELECT count(*) FROM drive.drive_member WHERE drive_id = ? AND (person_id = ? OR group_id = ? "
                            "OR group_id IN (SELECT group_id FROM drive.group_member WHERE person_id = ?))",
                            d["drive_id"], principal.get("person_id"), principal.get("group_id"), principal.get("person_id"))
        if not member:
            raise ToolError(f"{d['name']} only allows access for its members (drive_members_only restriction); "
                            f"{principal['email_address']} is not a member")
    if d["drive_members_only"] and ptype in ("domain", "anyone"):
        raise ToolError(f"{d['name']} only allows access for its members (drive_members_only restriction)")


def transfer_ownership(ctx: Ctx, f: dict, principal: dict) -> None:
    if f["drive_id"]:
        raise ToolError("items in shared drives are owned by the drive; ownership cannot be transferred")
    if f["owner_id"] != ctx.user_id and not is_admin(ctx):
        raise ToolError(f"not allowed: only the owner of '{f['name']}' can transfer its ownership")
    if not principal["internal"] or principal["type"] != "user":
        raise ToolError(f"ownership can only be transferred to a user account in {INTERNAL_DOMAIN}; "
                        f"{principal['email_address']} is outside the organization or not a user")
    new_owner = principal["person_id"]
    if new_owner == f["owner_id"]:
        raise ToolError(f"{principal['email_address']} already owns '{f['name']}'")
    old = f["owner_id"]
    old_email = ctx.scalar("SELECT email FROM drive.account WHERE person_id = ?", old)
    ctx.execute("DELETE FROM drive.permission WHERE file_id = ? AND type = 'user' AND person_id = ?", f["file_id"], new_owner)
    ctx.execute("UPDATE drive.permission SET role = 'writer' WHERE file_id = ? AND role = 'owner'", f["file_id"])
    ctx.insert("drive.permission", {
        "permission_id": ctx.new_id("drive.permission", "permission_id", "PRM", 5), "file_id": f["file_id"], "type": "user",
        "role": "owner", "person_id": new_owner, "external_id": None, "group_id": None, "domain": None,
        "email_address": principal["email_address"], "allow_file_discovery": None, "expiration_time": None,
        "pending_owner": False, "created_time": now(ctx), "granted_by": ctx.user_id})
    ctx.update("drive.file", {"file_id": f["file_id"]}, {"owner_id": new_owner})
    if f["mime_type"] == FOLDER:
        pass  # contents keep their own owners, as in the real service
    touch(ctx, f["file_id"])
    change(ctx, "ownership transferred", f["file_id"])
    audit(ctx, "ownership.transfer", "file", f["file_id"], f"from {old_email} to {principal['email_address']}", f["file_id"])
    notify(ctx, principal["email_address"], "ownership", f"You are now the owner of '{f['name']}'", f["file_id"],
           person_id=new_owner)


def grant(ctx: Ctx, f: dict, ptype: str, role: str, email_address: str | None, domain: str | None,
          expiration_time: str | None, allow_file_discovery: bool | None, send_notification_email: bool,
          email_message: str | None) -> dict:
    """Create a direct permission after every check the service makes (shared by access-proposal approval)."""
    if ptype in ("user", "group"):
        if not email_address:
            raise ToolError(f"a {ptype} permission needs email_address")
        principal = resolve_principal(ctx, email_address)
        if principal["type"] != ptype:
            raise ToolError(f"{email_address} is a {principal['type']}, not a {ptype}")
    elif ptype == "domain":
        if not domain or "." not in domain:
            raise ToolError("a domain permission needs domain, e.g. arcturus.example")
        principal = {"person_id": None, "external_id": None, "group_id": None, "email_address": None,
                     "internal": domain.lower() == INTERNAL_DOMAIN}
        domain = domain.lower()
    else:
        principal = {"person_id": None, "external_id": None, "group_id": None, "email_address": None, "internal": False}
    if role == "owner":
        raise ToolError("use transfer_ownership=true with role owner to transfer ownership")
    if f["drive_id"] and f["is_root"]:
        raise ToolError("shared drive membership is managed with drive_add_drive_member")
    _drive_restrictions(ctx, f, principal, ptype, domain)
    expires = _check_expiry(ctx, expiration_time, ptype, role, f) if expiration_time else None
    direct = [p for p in ctx.all("SELECT * FROM drive.permission WHERE file_id = ?", f["file_id"])
              if p["type"] == ptype and p["person_id"] == principal["person_id"] and p["external_id"] == principal["external_id"]
              and p["group_id"] == principal["group_id"] and (p["domain"] or None) == (domain if ptype == "domain" else None)]
    if direct:
        raise ToolError(f"{email_address or domain or 'anyone'} already has a direct {direct[0]['role']} permission "
                        f"({direct[0]['permission_id']}) on this item; use drive_update_permission")
    pid = ctx.new_id("drive.permission", "permission_id", "PRM", 5)
    row = ctx.insert("drive.permission", {
        "permission_id": pid, "file_id": f["file_id"], "type": ptype, "role": role, "person_id": principal["person_id"],
        "external_id": principal["external_id"], "group_id": principal["group_id"],
        "domain": domain if ptype == "domain" else None, "email_address": principal["email_address"],
        "allow_file_discovery": bool(allow_file_discovery) if ptype in ("domain", "anyone") else None,
        "expiration_time": expires, "pending_owner": False, "created_time": now(ctx), "granted_by": ctx.user_id})
    touch(ctx, f["file_id"])
    change(ctx, "permission added", f["file_id"], f["drive_id"])
    audit(ctx, "permission.create", "permission", pid, f"{role} for {principal['email_address'] or domain or 'anyone'}"
          + (f" until {expires.isoformat()}" if expires else ""), f["file_id"], f["drive_id"])
    if send_notification_email and ptype in ("user", "group"):
        notify(ctx, principal["email_address"], "share", email_message or f"'{f['name']}' was shared with you ({role})",
               f["file_id"], person_id=principal["person_id"], external_id=principal["external_id"])
    return _out(ctx, row)


@tool
def drive_create_permission(ctx: Ctx, file_id: str, type: PType, role: Role, email_address: str | None = None,
                            domain: str | None = None, expiration_time: str | None = None,
                            allow_file_discovery: bool | None = None, send_notification_email: bool = True,
                            email_message: str | None = None, transfer_ownership: bool = False) -> dict:
    """Share a file or folder (the grant is inherited by everything inside a folder). Needs writer access
    (owners and organizers always; writers only if the owner allows it). Shared-drive restrictions are
    enforced (domain-only, members-only). Role owner needs transfer_ownership=true and is for the item's
    owner (or a Drive administrator) only: My Drive items only, to an active user in the organization; the
    previous owner becomes a writer (also when their account is suspended: remove that grant separately if it
    should go), and the new owner's existing grant, if any, is replaced by the returned owner permission (a
    new id). For users and groups a notification e-mail is sent unless send_notification_email is false.
    Like every sharing change here, it counts as an edit of the item: its version goes up and its modified
    time and last modifying user become now and you.

    Args:
        file_id: The item to share.
        type: user, group, domain or anyone (anyone with the link).
        role: owner, writer, commenter or reader.
        email_address: The user's or group's e-mail (type user/group).
        domain: The domain (type domain), e.g. arcturus.example.
        expiration_time: When the access ends (RFC 3339, user/group only, at most one year ahead).
        allow_file_discovery: For domain/anyone: whether the item shows up in search (default false).
        send_notification_email: Notify the user or group (default true).
        email_message: Custom text for the notification.
        transfer_ownership: Required acknowledgement when role is owner.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    if role == "owner" or transfer_ownership:
        if role != "owner" or not transfer_ownership or type != "user" or not email_address:
            raise ToolError("transferring ownership needs type user, role owner, email_address and transfer_ownership=true")
        principal = resolve_principal(ctx, email_address)
        transfer_ownership_(ctx, f, principal)
        return _out(ctx, ctx.one("SELECT * FROM drive.permission WHERE file_id = ? AND role = 'owner'", file_id))
    _share_check(ctx, f)
    return grant(ctx, f, type, role, email_address, domain, expiration_time, allow_file_discovery,
                 send_notification_email, email_message)


transfer_ownership_ = transfer_ownership


@tool
def drive_update_permission(ctx: Ctx, file_id: str, permission_id: str, role: Role | None = None,
                            expiration_time: str | None = None, remove_expiration: bool = False,
                            transfer_ownership: bool = False) -> dict:
    """Change a direct permission's role or expiration, or make its user the owner (role owner with
    transfer_ownership=true). Inherited permissions must be changed where they are defined (the folder in
    inherited_from, or the shared drive's membership). Making the user the owner does not edit this grant:
    it is replaced - the user's existing grant is removed and the returned owner permission has a new id
    (use that id from then on); the previous owner's permission stays, with its id, as writer.
    Like every sharing change here, it counts as an edit of the item: its version goes up and its
    modified time and last modifying user become now and you.

    Args:
        file_id: The item the permission is on.
        permission_id: The permission (PRM…).
        role: New role.
        expiration_time: New expiration (RFC 3339, user/group only, at most one year ahead).
        remove_expiration: Remove the expiration.
        transfer_ownership: Required acknowledgement when role is owner.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    p = ctx.one("SELECT * FROM drive.permission WHERE permission_id = ?", permission_id)
    if p is None:
        raise ToolError(f"permission '{permission_id}' not found")
    if p["file_id"] != file_id:
        raise ToolError(f"permission {permission_id} is defined on {p['file_id']}, not on {file_id}; it is inherited here "
                        f"- change it on {p['file_id']}")
    if role == "owner" or transfer_ownership:
        if role != "owner" or not transfer_ownership or p["type"] != "user":
            raise ToolError("transferring ownership needs a user permission, role owner and transfer_ownership=true")
        transfer_ownership_(ctx, f, resolve_principal(ctx, p["email_address"]))
        return _out(ctx, ctx.one("SELECT * FROM drive.permission WHERE file_id = ? AND role = 'owner'", file_id))
    _share_check(ctx, f)
    if p["role"] == "owner":
        raise ToolError("the owner permission cannot be changed; transfer ownership to someone else instead")
    values: dict = {}
    if role:
        values["role"] = role
    if expiration_time and remove_expiration:
        raise ToolError("give either expiration_time or remove_expiration, not both")
    if expiration_time:
        values["expiration_time"] = _check_expiry(ctx, expiration_time, p["type"], role or p["role"], f)
    if remove_expiration:
        values["expiration_time"] = None
    if not values:
        raise ToolError("nothing to update: give role, expiration_time or remove_expiration")
    cur = {"role": p["role"], "expiration_time": p["expiration_time"]}
    if all((v.isoformat(timespec="seconds") if hasattr(v, "isoformat") else v) == cur[k] for k, v in values.items()):
        raise ToolError(f"permission {permission_id} already has these settings; nothing to change")
    ctx.update("drive.permission", {"permission_id": permission_id}, values)
    touch(ctx, file_id)
    change(ctx, "permission updated", file_id, f["drive_id"])
    audit(ctx, "permission.update", "permission", permission_id,
          ", ".join(f"{k}={v}" for k, v in values.items()), file_id, f["drive_id"])
    return _out(ctx, ctx.one("SELECT * FROM drive.permission WHERE permission_id = ?", permission_id))


@tool
def drive_delete_permission(ctx: Ctx, file_id: str, permission_id: str) -> dict:
    """Remove a direct permission from a file or folder. The owner's permission cannot be removed;
    inherited permissions are removed on the folder that defines them, shared-drive memberships with
    drive_remove_drive_member. Like every sharing change here, it counts as an edit of the item: its
    version goes up and its modified time and last modifying user become now and you.

    Args:
        file_id: The item the permission is on.
        permission_id: The permission (PRM…).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    p = ctx.one("SELECT * FROM drive.permission WHERE permission_id = ?", permission_id)
    if p is None:
        if permission_id.startswith("DPM"):
            raise ToolError(f"{permission_id} is a shared-drive membership; remove it with drive_remove_drive_member")
        raise ToolError(f"permission '{permission_id}' not found")
    if p["file_id"] != file_id:
        raise ToolError(f"permission {permission_id} is inherited from {p['file_id']}; remove it there")
    if p["role"] == "owner":
        raise ToolError("the owner's permission cannot be removed; transfer ownership first")
    if p["person_id"] != ctx.user_id:   # anyone may remove their own access
        _share_check(ctx, f)
    ctx.delete("drive.permission", {"permission_id": permission_id})
    touch(ctx, file_id)
    change(ctx, "permission removed", file_id, f["drive_id"])
    audit(ctx, "permission.delete", "permission", permission_id,
          f"{p['role']} for {p['email_address'] or p['domain'] or 'anyone'}", file_id, f["drive_id"])
    return {"file_id": file_id, "permission_id": permission_id, "deleted": True}


@tool
def drive_find_shared_items(ctx: Ctx, email_address: str | None = None, domain: str | None = None,
                            type: PType | None = None, drive_id: str | None = None, external_only: bool = False,
                            limit: int = 50, offset: int = 0) -> dict:
    """Administrator sharing report: direct file and folder permissions matching the filters (not drive
    memberships - see drive_list_drive_members), with role, expiry and (link/domain grants) whether the item
    is discoverable in search. Ordered by file id, then permission id.

    Args:
        email_address: Only grants to this user or group e-mail.
        domain: Only grants to addresses in this e-mail domain (or domain-type grants for it).
        type: Only this permission type.
        drive_id: Only items in this shared drive (use 'mydrive' for items in My Drives).
        external_only: Only grants to people, domains or links outside the organization.
        limit: Page size 1-100 (default 50).
        offset: Items to skip.
    """
    require_admin(ctx, "the sharing report")
    conds, params = ["1 = 1"], []
    if email_address:
        conds.append("lower(p.email_address) = lower(?)")
        params.append(email_address.strip())
    if domain:
        conds.append("(lower(split_part(p.email_address, '@', 2)) = lower(?) OR lower(p.domain) = lower(?))")
        params += [domain.strip(), domain.strip()]
    if type:
        conds.append("p.type = ?")
        params.append(type)
    if drive_id == "mydrive":
        conds.append("f.drive_id IS NULL")
    elif drive_id:
        drive_row(ctx, drive_id)
        conds.append("f.drive_id = ?")
        params.append(drive_id)
    if external_only:
        conds.append(f"(p.type = 'anyone' OR p.external_id IS NOT NULL OR (p.type = 'domain' AND p.domain <> '{INTERNAL_DOMAIN}'))")
    sql = ("SELECT p.permission_id, p.file_id, f.name AS file_name, f.mime_type, f.drive_id, o.email AS owner_email, f.trashed, "
           "p.type, p.role, p.email_address, p.domain, p.allow_file_discovery, p.expiration_time, p.created_time, p.granted_by "
           "FROM drive.permission p "
           "JOIN drive.file f USING (file_id) LEFT JOIN drive.account o ON o.person_id = f.owner_id WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="p.file_id, p.permission_id")


@tool
def drive_list_partner_domains(ctx: Ctx, status: Literal["approved", "revoked", "pending"] | None = None) -> list:
    """The external-partner register: e-mail domains of partner companies, their status, sponsor and
    the date until which the approval runs. Ordered by domain.

    Args:
        status: Only domains with this status.
    """
    require_account(ctx)
    if status:
        return ctx.all("SELECT * FROM drive.partner_domain WHERE status = ? ORDER BY domain", status)
    return ctx.all("SELECT * FROM drive.partner_domain ORDER BY domain")

"""Shared drives: list, get, create, update (name, theme, colour, restrictions), hide/unhide, delete,
and their membership (organizer, fileOrganizer, writer, commenter, reader)."""

from __future__ import annotations

import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (EMAIL, INTERNAL_DOMAIN, audit, change, drive_row, file_row, is_admin, now, require_account,
                     require_admin, require_drive_role, resolve_principal, role_of)

MemberRole = Literal["organizer", "fileOrganizer", "writer", "commenter", "reader"]


def _visible(ctx: Ctx, drive_id: str) -> bool:
    return is_admin(ctx) or role_of(ctx, file_row(ctx, drive_id)) is not None


@tool
def drive_list_drives(ctx: Ctx, name_contains: str | None = None, include_hidden: bool = False,
                      use_domain_admin_access: bool = False, limit: int = 20, offset: int = 0,
                      member_email: str | None = None) -> dict:
    """List shared drives you are a member of (administrators with use_domain_admin_access: all drives
    of the organization). Hidden drives are left out unless include_hidden. Ordered by name.

    With member_email, only the drives on which that address is itself a member (a user, an outside user or a
    group, e.g. engineering@arcturus.example), and each drive also carries that membership: member_permission_id,
    member_role, member_type (the permission_id is what drive_update_drive_member / drive_remove_drive_member
    take). Access a person has only through a group is not a membership of theirs: list their groups with
    drive_list_groups(member_email=...) and look those up too. Without use_domain_admin_access the answer is
    limited to drives you can see yourself.

    Args:
        name_contains: Case-insensitive part of the drive name.
        include_hidden: Also list hidden drives.
        use_domain_admin_access: Administrators: list every drive in the organization.
        limit: Page size 1-100.
        offset: Items to skip.
        member_email: Only drives this user, outside user or group e-mail is a direct member of.
    """
    require_account(ctx)
    if use_domain_admin_access:
        require_admin(ctx, "use_domain_admin_access")
    conds, params = ["1 = 1"], []
    if name_contains:
        conds.append("name ILIKE ?")
        params.append(f"%{name_contains}%")
    if not include_hidden:
        conds.append("NOT hidden")
    member = None
    if member_email is not None:
        member = member_email.strip().lower()
        if not EMAIL.match(member):
            raise ToolError(f"member_email '{member_email}' is not a valid e-mail address")
        conds.append("drive_id IN (SELECT drive_id FROM drive.drive_member WHERE lower(email_address) = ?)")
        params.append(member)
    sql = "SELECT * FROM drive.shared_drive WHERE " + " AND ".join(conds)
    if use_domain_admin_access:
        return _with_membership(ctx, ctx.page(sql, params, limit=limit, offset=offset, order_by="name, drive_id"),
                                member)
    rows = [r for r in ctx.all(sql + " ORDER BY name, drive_id", *params) if _visible(ctx, r["drive_id"])]
    if limit < 1 or limit > 100 or offset < 0:
        raise ToolError("limit must be 1-100 and offset >= 0")
    return _with_membership(ctx, {"items": rows[offset:offset + limit], "total": len(rows), "offset": offset,
                                  "limit": limit,
                                  "next_offset": offset + limit if offset + limit < len(rows) else None}, member)


def _with_membership(ctx: Ctx, page: dict, member: str | None) -> dict:
    """Adds the member_email's own membership to each listed drive (nothing without a member filter)."""
    if member is None:
        return page
    for d in page["items"]:
        m = ctx.one("SELECT permission_id, role, type FROM drive.drive_member WHERE drive_id = ? "
                    "AND lower(email_address) = ? ORDER BY permission_id LIMIT 1", d["drive_id"], member)
        d["member_permission_id"], d["member_role"], d["member_type"] = m["permission_id"], m["role"], m["type"]
    return page


@tool
def drive_get_drive(ctx: Ctx, drive_id: str) -> dict:
    """Get a shared drive: name, owning department and its head, theme and colour, hidden flag, restrictions
    (admin_managed_restrictions, domain_users_only, drive_members_only, copy_requires_writer_permission,
    sharing_folders_requires_organizer, download_restricted) and member count.

    Args:
        drive_id: The shared drive (DRV001).
    """
    require_account(ctx)
    d = drive_row(ctx, drive_id)
    if not _visible(ctx, drive_id):
        raise ToolError(f"shared drive '{drive_id}' not found or you are not a member")
    dept = ctx.one("SELECT d.name, d.code, p.full_name AS head_name, p.email AS head_email FROM org.department d "
                   "LEFT JOIN org.person p ON p.person_id = d.head_person_id WHERE d.department_id = ?", d["department_id"])
    d["department_name"], d["department_code"], d["department_head"], d["department_head_email"] = (
        (dept["name"], dept["code"], dept["head_name"], dept["head_email"]) if dept else (None, None, None, None))
    d["member_count"] = ctx.scalar("SELECT count(*) FROM drive.drive_member WHERE drive_id = ?", drive_id)
    d["item_count"] = ctx.scalar("SELECT count(*) FROM drive.file WHERE drive_id = ? AND NOT is_root", drive_id)
    return d


@tool
def drive_create_drive(ctx: Ctx, name: str, department_id: str | None = None, theme_id: str | None = None) -> dict:
    """Create a shared drive; you become its organizer.

    Args:
        name: Drive name.
        department_id: Owning department (org DEP…).
        theme_id: Theme (THM01…, see drive_list_themes); sets the colour.
    """
    require_account(ctx)
    if not name.strip() or len(name) > 128:
        raise ToolError("name must be 1-128 characters")
    if ctx.scalar("SELECT count(*) FROM drive.shared_drive WHERE lower(name) = lower(?)", name.strip()):
        raise ToolError(f"a shared drive named '{name}' already exists")
    if department_id and not ctx.scalar("SELECT count(*) FROM org.department WHERE department_id = ?", department_id):
        raise ToolError(f"department '{department_id}' not found")
    theme = ctx.one("SELECT * FROM drive.drive_theme WHERE theme_id = ?", theme_id or "THM01")
    if theme is None:
        raise ToolError(f"theme '{theme_id}' not found (use drive_list_themes)")
    did = ctx.new_id("drive.shared_drive", "drive_id", "DRV", 3)
    t = now(ctx)
    ctx.insert("drive.shared_drive", {
        "drive_id": did, "name": name.strip(), "department_id": department_id, "color_rgb": theme["color_rgb"],
        "theme_id": theme["theme_id"], "hidden": False, "created_time": t, "created_by": ctx.user_id,
        "root_folder_id": did, "admin_managed_restrictions": False, "domain_users_only": False, "drive_members_only": False,
        "copy_requires_writer_permission": False, "sharing_folders_requires_organizer": False, "download_restricted": False})
    cols = {c: None for c in ["description", "trashed_time", "trashing_user_id", "md5_checksum", "head_revision_id",
                              "shortcut_target_id", "copied_from_id", "owner_id", "parent_id"]}
    ctx.insert("drive.file", {**cols, "file_id": did, "name": name.strip(), "mime_type": "application/vnd.google-apps.folder",
                              "drive_id": did, "starred": False, "trashed": False, "explicitly_trashed": False,
                              "created_time": t, "modified_time": t, "last_modifying_user_id": ctx.user_id,
                              "size_bytes": 0, "version": 1, "writers_can_share": True,
                              "copy_requires_writer_permission": False, "inherited_permissions_disabled": False,
                              "is_root": True})
    ctx.insert("drive.drive_member", {
        "permission_id": ctx.new_id("drive.drive_member", "permission_id", "DPM", 4), "drive_id": did, "type": "user",
        "role": "organizer", "person_id": ctx.user_id, "external_id": None, "group_id": None, "domain": None,
        "email_address": ctx.scalar("SELECT email FROM drive.account WHERE person_id = ?", ctx.user_id),
        "added_time": t, "added_by": ctx.user_id})
    change(ctx, "drive created", drive_id=did)
    audit(ctx, "drive.create", "drive", did, name.strip(), drive_id=did)
    return drive_row(ctx, did)


@tool
def drive_update_drive(ctx: Ctx, drive_id: str, name: str | None = None, theme_id: str | None = None,
                       color_rgb: str | None = None, admin_managed_restrictions: bool | None = None,
                       domain_users_only: bool | None = None, drive_members_only: bool | None = None,
                       copy_requires_writer_permission: bool | None = None,
                       sharing_folders_requires_organizer: bool | None = None,
                       download_restricted: bool | None = None) -> dict:
    """Update a shared drive's name, theme/colour or restrictions. Needs organizer; when
    admin_managed_restrictions is on, restrictions can only be changed by an administrator. Turning on
    domain_users_only fails while the drive has members or grants outside the organization (they are
    listed in the error) - remove them first.

    Args:
        drive_id: The shared drive.
        name: New name.
        theme_id: New theme (sets the colour).
        color_rgb: Colour as #RRGGBB (instead of a theme).
        admin_managed_restrictions: Only administrators may change restrictions.
        domain_users_only: Only users in the organization can access items.
        drive_members_only: Only members can access items (no sharing with non-members).
        copy_requires_writer_permission: Readers and commenters cannot copy, print or download.
        sharing_folders_requires_organizer: Only organizers may share folders.
        download_restricted: Readers and commenters cannot download or export (writers and above still can).
    """
    require_account(ctx)
    d = drive_row(ctx, drive_id)
    require_drive_role(ctx, drive_id)
    restrictions = {k: v for k, v in dict(admin_managed_restrictions=admin_managed_restrictions,
                                          domain_users_only=domain_users_only, drive_members_only=drive_members_only,
                                          copy_requires_writer_permission=copy_requires_writer_permission,
                                          sharing_folders_requires_organizer=sharing_folders_requires_organizer,
                                          download_restricted=download_restricted).items() if v is not None}
    if restrictions and (d["admin_managed_restrictions"] or "admin_managed_restrictions" in restrictions) and not is_admin(ctx):
        raise ToolError(f"not allowed: restrictions of {d['name']} are admin-managed; an administrator must change them")
    values: dict = dict(restrictions)
    if name is not None:
        if not name.strip() or len(name) > 128:
            raise ToolError("name must be 1-128 characters")
        values["name"] = name.strip()
    if theme_id is not None:
        theme = ctx.one("SELECT * FROM drive.drive_theme WHERE theme_id = ?", theme_id)
        if theme is None:
            raise ToolError(f"theme '{theme_id}' not found (use drive_list_themes)")
        values.update(theme_id=theme_id, color_rgb=theme["color_rgb"])
    if color_rgb is not None:
        if not re.fullmatch(r"#[0-9A-Fa-f]{6}", color_rgb):
            raise ToolError("color_rgb must look like #1A73E8")
        values.update(color_rgb=color_rgb.upper(), theme_id=None)
    if not values:
        raise ToolError("nothing to update")
    if all(d.get(k) == v for k, v in values.items()):
        raise ToolError(f"{d['name']} already has these settings; nothing to change")
    if domain_users_only and not d["domain_users_only"]:
        blockers = [f"member {m['email_address']} ({m['permission_id']})" for m in ctx.all(
            "SELECT * FROM drive.drive_member WHERE drive_id = ? AND (external_id IS NOT NULL OR (type = 'domain' AND domain <> ?)) "
            "ORDER BY permission_id", drive_id, INTERNAL_DOMAIN)]
        blockers += [f"{p['type']} grant {p['email_address'] or p['domain'] or 'anyone'} on {p['file_id']} ({p['permission_id']})"
                     for p in ctx.all("SELECT p.* FROM drive.permission p JOIN drive.file f USING (file_id) WHERE f.drive_id = ? "
                                      "AND (p.type = 'anyone' OR p.external_id IS NOT NULL OR (p.type = 'domain' AND p.domain <> ?)) "
                                      "ORDER BY p.permission_id", drive_id, INTERNAL_DOMAIN)]
        if blockers:
            raise ToolError("cannot restrict the drive to the organization while it has outside access: " + "; ".join(blockers))
    ctx.update("drive.shared_drive", {"drive_id": drive_id}, values)
    if "name" in values:
        ctx.update("drive.file", {"file_id": drive_id}, {"name": values["name"]})
    change(ctx, "drive settings updated", drive_id=drive_id)
    audit(ctx, "drive.update", "drive", drive_id, ", ".join(f"{k}={v}" for k, v in values.items()), drive_id=drive_id)
    return drive_row(ctx, drive_id)


def _set_hidden(ctx: Ctx, drive_id: str, hidden: bool) -> dict:
    require_account(ctx)
    d = drive_row(ctx, drive_id)
    require_drive_role(ctx, drive_id)
    if d["hidden"] == hidden:
        raise ToolError(f"{d['name']} is already {'hidden' if hidden else 'visible'}")
    ctx.update("drive.shared_drive", {"drive_id": drive_id}, {"hidden": hidden})
    change(ctx, "drive hidden" if hidden else "drive unhidden", drive_id=drive_id)
    audit(ctx, "drive.hide" if hidden else "drive.unhide", "drive", drive_id, d["name"], drive_id=drive_id)
    return drive_row(ctx, drive_id)


@tool
def drive_hide_drive(ctx: Ctx, drive_id: str) -> dict:
    """Hide a shared drive from the default view (members keep access). Needs organizer.

    Args:
        drive_id: The shared drive.
    """
    return _set_hidden(ctx, drive_id, True)


@tool
def drive_unhide_drive(ctx: Ctx, drive_id: str) -> dict:
    """Show a hidden shared drive again. Needs organizer.

    Args:
        drive_id: The shared drive.
    """
    return _set_hidden(ctx, drive_id, False)


@tool
def drive_delete_drive(ctx: Ctx, drive_id: str) -> dict:
    """Delete a shared drive. Only empty drives (no items, trashed or not) can be deleted. Needs organizer.

    Args:
        drive_id: The shared drive.
    """
    require_account(ctx)
    d = drive_row(ctx, drive_id)
    require_drive_role(ctx, drive_id)
    n = ctx.scalar("SELECT count(*) FROM drive.file WHERE drive_id = ? AND NOT is_root", drive_id)
    if n:
        raise ToolError(f"{d['name']} still contains {n} items (including trash); move or delete them first")
    ctx.delete("drive.drive_member", {"drive_id": drive_id})
    ctx.delete("drive.file", {"file_id": drive_id})
    ctx.delete("drive.shared_drive", {"drive_id": drive_id})
    change(ctx, "drive deleted", drive_id=None)
    audit(ctx, "drive.delete", "drive", drive_id, d["name"])
    return {"drive_id": drive_id, "deleted": True}


@tool
def drive_list_themes(ctx: Ctx) -> list:
    """List the shared-drive themes (id, name, colour).

    Default order: by theme id, ascending.
    """
    require_account(ctx)
    return ctx.all("SELECT * FROM drive.drive_theme ORDER BY theme_id")


@tool
def drive_list_drive_members(ctx: Ctx, drive_id: str) -> list:
    """List a shared drive's members (users, groups, domains) with their roles, organizers first.
    Each entry says whether the member is inside the organization and, for people, whether their account is
    active or suspended.

    Default order: organizers, file organizers, writers, commenters, then readers.

    Args:
        drive_id: The shared drive.
    """
    require_account(ctx)
    drive_row(ctx, drive_id)
    if not _visible(ctx, drive_id):
        raise ToolError(f"shared drive '{drive_id}' not found or you are not a member")
    rows = ctx.all("SELECT m.*, coalesce(a.display_name, x.display_name, g.name) AS display_name, "
                   "a.status AS account_status, x.domain AS external_domain FROM drive.drive_member m LEFT JOIN drive.account a ON a.person_id = m.person_id "
                   "LEFT JOIN drive.external_user x ON x.external_id = m.external_id "
                   "LEFT JOIN drive.user_group g ON g.group_id = m.group_id WHERE m.drive_id = ? "
                   "ORDER BY CASE m.role WHEN 'organizer' THEN 1 WHEN 'fileOrganizer' THEN 2 WHEN 'writer' THEN 3 "
                   "WHEN 'commenter' THEN 4 ELSE 5 END, m.permission_id", drive_id)
    for r in rows:
        r["internal"] = r["external_id"] is None and not (r["type"] == "domain" and r["domain"] != INTERNAL_DOMAIN)
    return rows


@tool
def drive_add_drive_member(ctx: Ctx, drive_id: str, role: MemberRole, email_address: str | None = None,
                           domain: str | None = None, send_notification_email: bool = True) -> dict:
    """Add a user, group (email_address) or domain to a shared drive. Needs organizer. Outside users are
    refused when the drive is restricted to the organization.

    Args:
        drive_id: The shared drive.
        role: organizer, fileOrganizer, writer, commenter or reader.
        email_address: The user's or group's e-mail.
        domain: A domain instead of a user or group.
        send_notification_email: Notify the new member (default true).
    """
    require_account(ctx)
    d = drive_row(ctx, drive_id)
    require_drive_role(ctx, drive_id)
    if bool(email_address) == bool(domain):
        raise ToolError("give exactly one of email_address or domain")
    if email_address:
        p = resolve_principal(ctx, email_address)
        ptype = p["type"]
    else:
        p = {"person_id": None, "external_id": None, "group_id": None, "email_address": None,
             "internal": domain.lower() == INTERNAL_DOMAIN}
        ptype = "domain"
    if d["domain_users_only"] and not p["internal"]:
        raise ToolError(f"{d['name']} is restricted to users in {INTERNAL_DOMAIN}")
    dup = ctx.one("SELECT permission_id, role FROM drive.drive_member WHERE drive_id = ? AND coalesce(person_id, '') = ? "
                  "AND coalesce(external_id, '') = ? AND coalesce(group_id, '') = ? AND coalesce(domain, '') = ?", drive_id,
                  p["person_id"] or "", p["external_id"] or "", p["group_id"] or "", (domain or "").lower())
    if dup:
        raise ToolError(f"already a member as {dup['role']} ({dup['permission_id']}); use drive_update_drive_member")
    pid = ctx.new_id("drive.drive_member", "permission_id", "DPM", 4)
    row = ctx.insert("drive.drive_member", {
        "permission_id": pid, "drive_id": drive_id, "type": ptype, "role": role, "person_id": p["person_id"],
        "external_id": p["external_id"], "group_id": p["group_id"], "domain": domain.lower() if domain else None,
        "email_address": p["email_address"], "added_time": now(ctx), "added_by": ctx.user_id})
    change(ctx, "member added", drive_id=drive_id)
    audit(ctx, "drive.member.add", "drive_member", pid, f"{role} for {p['email_address'] or domain}", drive_id=drive_id)
    if send_notification_email and p["email_address"]:
        from .common import notify
        notify(ctx, p["email_address"], "share", f"You were added to the shared drive {d['name']} as {role}",
               person_id=p["person_id"], external_id=p["external_id"])
    return row


def _member(ctx: Ctx, drive_id: str, permission_id: str) -> dict:
    m = ctx.one("SELECT * FROM drive.drive_member WHERE permission_id = ? AND drive_id = ?", permission_id, drive_id)
    if m is None:
        raise ToolError(f"membership '{permission_id}' not found on {drive_id} (use drive_list_drive_members)")
    return m


def _last_organizer(ctx: Ctx, drive_id: str, m: dict) -> bool:
    return m["role"] == "organizer" and ctx.scalar(
        "SELECT count(*) FROM drive.drive_member WHERE drive_id = ? AND role = 'organizer'", drive_id) == 1


@tool
def drive_update_drive_member(ctx: Ctx, drive_id: str, permission_id: str, role: MemberRole) -> dict:
    """Change a shared-drive member's role. Needs organizer; the last organizer cannot be demoted.

    Args:
        drive_id: The shared drive.
        permission_id: The membership (DPM…).
        role: New role.
    """
    require_account(ctx)
    drive_row(ctx, drive_id)
    require_drive_role(ctx, drive_id)
    m = _member(ctx, drive_id, permission_id)
    if m["role"] == role:
        raise ToolError(f"{m['email_address'] or m['domain']} is already {role}")
    if _last_organizer(ctx, drive_id, m):
        raise ToolError("this is the drive's last organizer; add another organizer first")
    ctx.update("drive.drive_member", {"permission_id": permission_id}, {"role": role})
    change(ctx, "member updated", drive_id=drive_id)
    audit(ctx, "drive.member.update", "drive_member", permission_id, f"{m['role']} -> {role}", drive_id=drive_id)
    return _member(ctx, drive_id, permission_id)


@tool
def drive_remove_drive_member(ctx: Ctx, drive_id: str, permission_id: str) -> dict:
    """Remove a member from a shared drive (they lose the access inherited from the drive). Needs
    organizer; the last organizer cannot be removed.

    Args:
        drive_id: The shared drive.
        permission_id: The membership (DPM…).
    """
    require_account(ctx)
    drive_row(ctx, drive_id)
    require_drive_role(ctx, drive_id)
    m = _member(ctx, drive_id, permission_id)
    if _last_organizer(ctx, drive_id, m):
        raise ToolError("this is the drive's last organizer; add another organizer first")
    ctx.delete("drive.drive_member", {"permission_id": permission_id})
    change(ctx, "member removed", drive_id=drive_id)
    audit(ctx, "drive.member.remove", "drive_member", permission_id, f"{m['role']} {m['email_address'] or m['domain']}",
          drive_id=drive_id)
    return {"drive_id": drive_id, "permission_id": permission_id, "removed": True}

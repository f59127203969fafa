"""Files and folders: search (Drive query language), metadata, create, shortcuts, update, app properties."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (FOLDER, NATIVE_PREFIX, SHORTCUT, audit, change, drive_row, file_row, held, is_admin, now,
                     out_file, require, require_account, role_of, touch)
from .query import compile_query

OrderBy = Literal["name", "name desc", "modifiedTime", "modifiedTime desc", "createdTime", "createdTime desc",
                  "size", "size desc", "folder,name"]
ORDER_SQL = {"name": "f.name, f.file_id", "name desc": "f.name DESC, f.file_id", "modifiedTime": "f.modified_time, f.file_id",
             "modifiedTime desc": "f.modified_time DESC, f.file_id", "createdTime": "f.created_time, f.file_id",
             "createdTime desc": "f.created_time DESC, f.file_id", "size": "f.size_bytes, f.file_id",
             "size desc": "f.size_bytes DESC, f.file_id",
             "folder,name": "(f.mime_type <> 'application/vnd.google-apps.folder'), f.name, f.file_id"}
Creatable = Literal["application/vnd.google-apps.folder", "application/vnd.google-apps.document",
                    "application/vnd.google-apps.spreadsheet", "application/vnd.google-apps.presentation",
                    "application/vnd.google-apps.form"]
LIST_COLS = ("f.file_id, f.name, f.mime_type, f.parent_id, f.drive_id, f.owner_id, o.email AS owner_email, f.size_bytes, "
             "f.explicitly_trashed, f.trashed_time, f.last_modifying_user_id, m.display_name AS last_modifying_user, "
             "f.created_time, f.modified_time, f.trashed, f.starred, f.shortcut_target_id, f.copied_from_id, f.version")


@tool
def drive_list_files(ctx: Ctx, q: str | None = None, corpora: Literal["user", "drive", "allDrives"] = "allDrives",
                     drive_id: str | None = None, order_by: OrderBy = "name", limit: int = 20, offset: int = 0) -> dict:
    """Search files and folders with the Drive query language. Like the real service, trashed items are
    included unless the query says `trashed = false`. Only items the acting user can access are returned
    (administrators see everything). Roots of My Drives and shared drives are never listed.

    Query examples: name contains 'budget'; mimeType = 'application/vnd.google-apps.folder';
    mimeType contains 'video' and size > 104857600; modifiedTime < '2025-06-01T00:00:00';
    'FIL00042' in parents (use 'DRV005' for the top level of a shared drive, 'root' for your My Drive);
    'someone@arcturus.example' in owners|writers|readers (direct permissions; writers also matches owners,
    readers matches every role); trashed = true;
    combine with and / or / not and parentheses.

    Default order: by `order_by` (default: name, then file id).

    Args:
        q: Query in the Drive query language (see above); omit for everything.
        corpora: user = your My Drive and items shared with you; drive = one shared drive (needs drive_id); allDrives = both.
        drive_id: The shared drive to search when corpora is drive (DRV001).
        order_by: Sort order (default name, then file id).
        limit: Page size 1-100 (default 20).
        offset: Items to skip (use next_offset from the previous page).
    """
    require_account(ctx)
    conds, params = ["NOT f.is_root"], []
    if q:
        sql, qp = compile_query(q, ctx.user_id)
        conds.append(sql)
        params += qp
    if corpora == "drive":
        if not drive_id:
            raise ToolError("corpora 'drive' needs drive_id")
        drive_row(ctx, drive_id)
        conds.append("f.drive_id = ?")
        params.append(drive_id)
    elif drive_id:
        raise ToolError("drive_id is only used with corpora 'drive'")
    elif corpora == "user":
        conds.append("f.drive_id IS NULL")
    if limit < 1 or limit > 100 or offset < 0 or offset > 1_000_000:
        raise ToolError("limit must be 1-100 and offset between 0 and 1000000")
    base = (f"SELECT {LIST_COLS} FROM drive.file f LEFT JOIN drive.account o ON o.person_id = f.owner_id "
            "LEFT JOIN drive.account m ON m.person_id = f.last_modifying_user_id "
            f"WHERE {' AND '.join(conds)}")
    if is_admin(ctx):
        page = ctx.page(base, params, limit=limit, offset=offset, order_by=ORDER_SQL[order_by])
        page["items"] = [out_file(i) for i in page["items"]]
        return page
    rows = ctx.all(f"{base} ORDER BY {ORDER_SQL[order_by]} LIMIT 3000", *params)
    visible = [r for r in rows if r["owner_id"] == ctx.user_id or role_of(ctx, file_row(ctx, r["file_id"]))]
    items = [out_file(r) for r in visible[offset:offset + limit]]
    nxt = offset + limit if offset + limit < len(visible) else None
    return {"items": items, "total": len(visible), "offset": offset, "limit": limit, "next_offset": nxt}


@tool
def drive_get_file(ctx: Ctx, file_id: str) -> dict:
    """Get a file's or folder's metadata: name, mime type, parents, shared drive, owner, size, times,
    version, trash state, shortcut target, the file it was copied from, sharing settings, app properties,
    your capabilities on it and any Legal Hold. The modified time, last modifying user and version also change
    on sharing changes, moves, renames and app-property edits, not only on content edits; the revisions
    (drive_list_revisions) and the changes feed (drive_list_changes) say what changed.

    Args:
        file_id: The file id (FIL00123); shared drive roots use the drive id (DRV001).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    role = require(ctx, f, "read")
    out = out_file(f)
    out["owner_email"] = ctx.scalar("SELECT email FROM drive.account WHERE person_id = ?", f["owner_id"]) if f["owner_id"] else None
    out["app_properties"] = {r["key"]: r["value"] for r in ctx.all(
        "SELECT key, value FROM drive.app_property WHERE file_id = ? ORDER BY key", file_id)}
    out["your_role"] = role
    out["legal_hold_matter"] = held(ctx, file_id)
    if f["mime_type"] == SHORTCUT:
        t = ctx.one("SELECT name, mime_type, trashed FROM drive.file WHERE file_id = ?", f["shortcut_target_id"])
        out["shortcut_details"] = {"target_id": f["shortcut_target_id"], "target_name": t and t["name"],
                                   "target_mime_type": t and t["mime_type"], "target_trashed": t and t["trashed"]}
    return out


def _parent_for_new(ctx: Ctx, parent_id: str | None) -> dict:
    parent = file_row(ctx, parent_id or f"ROOT{ctx.user_id}")
    if parent["mime_type"] != FOLDER:
        raise ToolError(f"parent '{parent['file_id']}' is not a folder")
    if parent["trashed"]:
        raise ToolError(f"parent folder '{parent['name']}' is in the trash; restore it first")
    require(ctx, parent, "edit")
    return parent


def insert_file(ctx: Ctx, name: str, mime_type: str, parent: dict, **extra) -> dict:
    """Create a file row under `parent` (owner: the acting user in My Drive, the shared drive otherwise)."""
    if not name.strip() or len(name) > 255:
        raise ToolError("name must be 1-255 characters")
    t = now(ctx)
    fid = ctx.new_id("drive.file", "file_id", "FIL", 5)
    owner = None if parent["drive_id"] else ctx.user_id
    row = {"file_id": fid, "name": name.strip(), "mime_type": mime_type, "parent_id": parent["file_id"],
           "drive_id": parent["drive_id"], "owner_id": owner, "description": None, "starred": False, "trashed": False,
           "explicitly_trashed": False, "trashed_time": None, "trashing_user_id": None, "created_time": t,
           "modified_time": t, "last_modifying_user_id": ctx.user_id, "size_bytes": 0, "md5_checksum": None,
           "version": 1, "head_revision_id": None, "shortcut_target_id": None, "copied_from_id": None,
           "writers_can_share": True, "copy_requires_writer_permission": False,
           "inherited_permissions_disabled": False, "is_root": False}
    row.update(extra)
    ctx.insert("drive.file", row)
    if owner:
        ctx.insert("drive.permission", {
            "permission_id": ctx.new_id("drive.permission", "permission_id", "PRM", 5), "file_id": fid, "type": "user",
            "role": "owner", "person_id": owner, "external_id": None, "group_id": None, "domain": None,
            "email_address": ctx.scalar("SELECT email FROM drive.account WHERE person_id = ?", owner),
            "allow_file_discovery": None, "expiration_time": None, "pending_owner": False, "created_time": t,
            "granted_by": ctx.user_id})
    if mime_type not in (FOLDER, SHORTCUT):
        rid = ctx.new_id("drive.revision", "revision_id", "REV", 5)
        ctx.insert("drive.revision", {"revision_id": rid, "file_id": fid, "revision_number": 1, "modified_time": t,
                                      "last_modifying_user_id": ctx.user_id, "size_bytes": row["size_bytes"],
                                      "md5_checksum": row["md5_checksum"], "keep_forever": False, "published": False,
                                      "publish_auto": False, "original_filename": None, "change_summary": "Created"})
        ctx.update("drive.file", {"file_id": fid}, {"head_revision_id": rid})
    change(ctx, "file created", fid, parent["drive_id"])
    return file_row(ctx, fid)


@tool
def drive_create_file(ctx: Ctx, name: str, mime_type: Creatable, parent_id: str | None = None,
                      description: str | None = None) -> dict:
    """Create a folder or an empty native document (document, spreadsheet, presentation, form). You need
    writer access on the parent folder. In My Drive you become the owner; in a shared drive the drive owns it.

    Args:
        name: The item's name.
        mime_type: application/vnd.google-apps.folder for a folder, or a native document type.
        parent_id: Parent folder id (a shared drive's id for its top level); default: your My Drive.
        description: Optional description.
    """
    require_account(ctx)
    parent = _parent_for_new(ctx, parent_id)
    f = insert_file(ctx, name, mime_type, parent, description=description)
    audit(ctx, "create", "file", f["file_id"], f"{f['name']} ({mime_type}) in {parent['file_id']}", f["file_id"], f["drive_id"])
    return out_file(f)


@tool
def drive_create_shortcut(ctx: Ctx, target_id: str, parent_id: str | None = None, name: str | None = None) -> dict:
    """Create a shortcut to a file or folder. You need reader access on the target and writer access on
    the folder the shortcut goes in. The shortcut takes the target's name unless you give one.

    Args:
        target_id: The file or folder the shortcut points to.
        parent_id: Folder to put the shortcut in (default: your My Drive).
        name: Shortcut name (default: the target's name).
    """
    require_account(ctx)
    target = file_row(ctx, target_id)
    require(ctx, target, "read")
    if target["mime_type"] == SHORTCUT:
        raise ToolError("a shortcut cannot point to another shortcut; use the shortcut's target instead")
    if target["trashed"]:
        raise ToolError(f"'{target['name']}' is in the trash; a shortcut to it would be broken")
    parent = _parent_for_new(ctx, parent_id)
    f = insert_file(ctx, name or target["name"], SHORTCUT, parent, shortcut_target_id=target_id)
    audit(ctx, "create_shortcut", "file", f["file_id"], f"shortcut to {target_id} in {parent['file_id']}",
          f["file_id"], f["drive_id"])
    return out_file(f)


@tool
def drive_update_file(ctx: Ctx, file_id: str, name: str | None = None, description: str | None = None,
                      starred: bool | None = None, writers_can_share: bool | None = None,
                      copy_requires_writer_permission: bool | None = None,
                      inherited_permissions_disabled: bool | None = None) -> dict:
    """Update a file's metadata. Renaming and the description need writer access; sharing settings
    (writers_can_share, copy_requires_writer_permission) need the owner (My Drive) or a fileOrganizer
    (shared drive); limiting inherited access (inherited_permissions_disabled, folders in shared drives only)
    needs an organizer. To move a file use drive_move_file.

    Args:
        file_id: The file to update.
        name: New name.
        description: New description ('' clears it).
        starred: Star or unstar.
        writers_can_share: Whether writers may change the sharing (My Drive items only).
        copy_requires_writer_permission: Disable copy, print and download for readers and commenters.
        inherited_permissions_disabled: Make a shared-drive folder limited-access (only its own permissions and organizers apply).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    if f["is_root"]:
        raise ToolError("roots cannot be changed with drive_update_file (use drive_update_drive for a shared drive)")
    values: dict = {}
    if name is not None or description is not None or starred is not None:
        require(ctx, f, "edit" if (name is not None or description is not None) else "read")
        if name is not None:
            if not name.strip() or len(name) > 255:
                raise ToolError("name must be 1-255 characters")
            values["name"] = name.strip()
        if description is not None:
            values["description"] = description or None
        if starred is not None:
            values["starred"] = starred
    if writers_can_share is not None or copy_requires_writer_permission is not None:
        require(ctx, f, "organize" if f["drive_id"] else "manage")
        if writers_can_share is not None:
            if f["drive_id"]:
                raise ToolError("writers_can_share applies only to My Drive items; shared drives control sharing with drive restrictions")
            values["writers_can_share"] = writers_can_share
        if copy_requires_writer_permission is not None:
            values["copy_requires_writer_permission"] = copy_requires_writer_permission
    if inherited_permissions_disabled is not None:
        if not f["drive_id"] or f["mime_type"] != FOLDER:
            raise ToolError("limited access (inherited_permissions_disabled) applies only to folders in shared drives")
        require(ctx, f, "manage")
        values["inherited_permissions_disabled"] = inherited_permissions_disabled
    if not values:
        raise ToolError("nothing to update: give at least one field")
    if all(f.get(k) == v for k, v in values.items()):
        raise ToolError(f"'{f['name']}' already has these settings; nothing to change")
    ctx.update("drive.file", {"file_id": file_id}, values)
    touch(ctx, file_id)
    change(ctx, "metadata updated", file_id, f["drive_id"])
    audit(ctx, "update", "file", file_id, ", ".join(f"{k}={v}" for k, v in values.items()), file_id, f["drive_id"])
    return out_file(file_row(ctx, file_id))


@tool
def drive_set_app_property(ctx: Ctx, file_id: str, key: str, value: str | None = None) -> dict:
    """Set or remove an app property (a private key/value tag such as system_of_record=true) on a file.
    Needs writer access.

    Args:
        file_id: The file.
        key: Property key (letters, digits, _ . -; max 64 characters).
        value: Value (max 124 characters); omit to delete the property.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    if not key or len(key) > 64 or not all(c.isalnum() or c in "_.-" for c in key):
        raise ToolError("key must be 1-64 characters of letters, digits, '_', '.', '-'")
    exists = ctx.scalar("SELECT count(*) FROM drive.app_property WHERE file_id = ? AND key = ?", file_id, key)
    if value is None:
        if not exists:
            raise ToolError(f"file {file_id} has no app property '{key}'")
        ctx.delete("drive.app_property", {"file_id": file_id, "key": key})
    else:
        if len(value) > 124:
            raise ToolError("value must be at most 124 characters")
        if exists:
            ctx.update("drive.app_property", {"file_id": file_id, "key": key}, {"value": value})
        else:
            ctx.insert("drive.app_property", {"file_id": file_id, "key": key, "value": value})
    touch(ctx, file_id)
    change(ctx, "app property updated", file_id, f["drive_id"])
    audit(ctx, "set_app_property", "file", file_id, f"{key}={value}", file_id, f["drive_id"])
    return {r["key"]: r["value"] for r in ctx.all("SELECT key, value FROM drive.app_property WHERE file_id = ? ORDER BY key", file_id)}


def is_native(mime: str) -> bool:
    return mime.startswith(NATIVE_PREFIX) and mime not in (FOLDER, SHORTCUT)

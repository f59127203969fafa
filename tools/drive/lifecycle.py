"""File lifecycle: move, copy, trash and restore, permanent deletion, empty trash, export."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (FOLDER, SHORTCUT, ancestors, audit, change, drive_row, file_row, is_admin, now, out_file,
                     require, require_account, subtree, touch)
from .files import insert_file, is_native


@tool
def drive_move_file(ctx: Ctx, file_id: str, new_parent_id: str) -> dict:
    """Move a file or folder to another folder (an item has exactly one parent). Within My Drive you need
    writer access on the item and the destination. Moving into or between shared drives needs the owner
    (My Drive items) or fileOrganizer on the source drive, and fileOrganizer on the destination drive;
    the shared drive then owns the item and everything under it. Items cannot leave shared drives for My Drive.

    Args:
        file_id: The item to move.
        new_parent_id: The destination folder (a shared drive's id for its top level).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    dest = file_row(ctx, new_parent_id)
    if f["is_root"]:
        raise ToolError("a root folder cannot be moved")
    if dest["mime_type"] != FOLDER:
        raise ToolError(f"destination '{new_parent_id}' is not a folder")
    if dest["trashed"]:
        raise ToolError(f"destination folder '{dest['name']}' is in the trash")
    if f["parent_id"] == new_parent_id:
        raise ToolError(f"'{f['name']}' is already in that folder")
    if new_parent_id == file_id or any(a["file_id"] == file_id for a in ancestors(ctx, dest)):
        raise ToolError("a folder cannot be moved into itself or one of its subfolders")
    if f["drive_id"] and not dest["drive_id"]:
        raise ToolError("items in a shared drive cannot be moved to My Drive; move them to another shared drive folder")
    if f["drive_id"] or dest["drive_id"]:
        require(ctx, f, "organize" if f["drive_id"] else "manage")
        require(ctx, dest, "organize")
    else:
        require(ctx, f, "edit")
        require(ctx, dest, "edit")
    values = {"parent_id": new_parent_id}
    moved = [f] + (subtree(ctx, file_id) if f["mime_type"] == FOLDER else [])
    if dest["drive_id"] != f["drive_id"] or (not dest["drive_id"] and dest["owner_id"] != f["owner_id"]):
        for item in moved:
            if dest["drive_id"]:
                ctx.update("drive.file", {"file_id": item["file_id"]}, {"drive_id": dest["drive_id"], "owner_id": None})
                ctx.execute("DELETE FROM drive.permission WHERE file_id = ? AND role = 'owner'", item["file_id"])
    ctx.update("drive.file", {"file_id": file_id}, values)
    touch(ctx, file_id)
    change(ctx, f"moved to {new_parent_id}", file_id, dest["drive_id"])
    audit(ctx, "move", "file", file_id, f"from {f['parent_id']} to {new_parent_id}", file_id, dest["drive_id"] or f["drive_id"])
    return out_file(file_row(ctx, file_id))


@tool
def drive_copy_file(ctx: Ctx, file_id: str, name: str | None = None, parent_id: str | None = None) -> dict:
    """Copy a file (folders cannot be copied). Needs reader access, or writer access when the file or its
    shared drive disables copying for readers and commenters. The copy records the original in
    copied_from_id and keeps its labels; its revision history starts fresh.

    Args:
        file_id: The file to copy.
        name: Name of the copy (default 'Copy of <name>').
        parent_id: Destination folder (default: the original's folder if you can write there, else your My Drive).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    if f["mime_type"] in (FOLDER, SHORTCUT):
        raise ToolError("folders and shortcuts cannot be copied")
    restricted = f["copy_requires_writer_permission"] or (
        f["drive_id"] and drive_row(ctx, f["drive_id"])["copy_requires_writer_permission"])
    require(ctx, f, "edit" if restricted else "read")
    if parent_id is None:
        parent = file_row(ctx, f["parent_id"])
        try:
            require(ctx, parent, "edit")
        except ToolError:
            parent = file_row(ctx, f"ROOT{ctx.user_id}")
    else:
        parent = file_row(ctx, parent_id)
        if parent["mime_type"] != FOLDER:
            raise ToolError(f"'{parent_id}' is not a folder")
        require(ctx, parent, "edit")
    new = insert_file(ctx, name or f"Copy of {f['name']}", f["mime_type"], parent, size_bytes=f["size_bytes"],
                      md5_checksum=f["md5_checksum"], description=f["description"], copied_from_id=file_id)
    for lab in ctx.all("SELECT * FROM drive.file_label WHERE file_id = ?", file_id):
        ctx.insert("drive.file_label", {**lab, "file_id": new["file_id"], "applied_by": ctx.user_id, "applied_time": now(ctx)})
    for v in ctx.all("SELECT * FROM drive.file_label_value WHERE file_id = ?", file_id):
        ctx.insert("drive.file_label_value", {**v, "file_id": new["file_id"]})
    audit(ctx, "copy", "file", new["file_id"], f"copy of {file_id}", new["file_id"], new["drive_id"])
    return out_file(file_row(ctx, new["file_id"]))


def _can_delete(ctx: Ctx, f: dict) -> None:
    if f["is_root"]:
        raise ToolError("a root folder cannot be trashed or deleted")
    if f["drive_id"]:
        require(ctx, f, "organize")
    elif f["owner_id"] != ctx.user_id and not is_admin(ctx):
        raise ToolError(f"not allowed: only the owner can trash or delete '{f['name']}' in My Drive "
                        "(you can remove it from your view by having your access removed)")


@tool
def drive_trash_file(ctx: Ctx, file_id: str) -> dict:
    """Move a file or folder to the trash (a folder's contents go with it). Needs the owner (My Drive) or
    fileOrganizer (shared drive). Trashed items are deleted for good after 30 days.

    Args:
        file_id: The item to trash.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    _can_delete(ctx, f)
    if f["trashed"]:
        raise ToolError(f"'{f['name']}' is already in the trash")
    t = now(ctx)
    ctx.update("drive.file", {"file_id": file_id}, {"trashed": True, "explicitly_trashed": True, "trashed_time": t,
                                                     "trashing_user_id": ctx.user_id})
    inner = [x for x in subtree(ctx, file_id) if not x["trashed"]] if f["mime_type"] == FOLDER else []
    for x in inner:
        ctx.update("drive.file", {"file_id": x["file_id"]}, {"trashed": True, "explicitly_trashed": False,
                                                              "trashed_time": t, "trashing_user_id": ctx.user_id})
    change(ctx, "trashed", file_id, f["drive_id"])
    audit(ctx, "trash", "file", file_id, f"{f['name']}" + (f" and {len(inner)} items inside" if inner else ""),
          file_id, f["drive_id"])
    return out_file(file_row(ctx, file_id))


@tool
def drive_untrash_file(ctx: Ctx, file_id: str) -> dict:
    """Restore a trashed item (and the items that were trashed with it) to its folder. Same access as
    trashing. An item trashed only because its folder was trashed is restored by restoring the folder.

    Args:
        file_id: The trashed item.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    _can_delete(ctx, f)
    if not f["trashed"]:
        raise ToolError(f"'{f['name']}' is not in the trash")
    if not f["explicitly_trashed"]:
        raise ToolError(f"'{f['name']}' is in the trash because its folder {f['parent_id']} was trashed; restore that folder")
    ctx.update("drive.file", {"file_id": file_id}, {"trashed": False, "explicitly_trashed": False, "trashed_time": None,
                                                     "trashing_user_id": None})
    for x in subtree(ctx, file_id) if f["mime_type"] == FOLDER else []:
        if x["trashed"] and not x["explicitly_trashed"]:
            ctx.update("drive.file", {"file_id": x["file_id"]}, {"trashed": False, "trashed_time": None, "trashing_user_id": None})
    change(ctx, "restored from trash", file_id, f["drive_id"])
    audit(ctx, "untrash", "file", file_id, f["name"], file_id, f["drive_id"])
    return out_file(file_row(ctx, file_id))


def purge(ctx: Ctx, f: dict) -> int:
    """Delete an item, its descendants and everything hanging off them."""
    items = [f] + (subtree(ctx, f["file_id"]) if f["mime_type"] == FOLDER else [])
    for x in items:
        fid = x["file_id"]
        for cid in [r["comment_id"] for r in ctx.all("SELECT comment_id FROM drive.comment WHERE file_id = ?", fid)]:
            ctx.delete("drive.reply", {"comment_id": cid})
        for table in ("drive.comment", "drive.permission", "drive.revision", "drive.file_label_value", "drive.file_label",
                      "drive.app_property"):
            ctx.delete(table, {"file_id": fid})
        ctx.delete("drive.access_proposal", {"file_id": fid})
    for x in reversed(items):
        ctx.delete("drive.file", {"file_id": x["file_id"]})
        change(ctx, "deleted", x["file_id"], x["drive_id"], removed=True)
    return len(items)


@tool
def drive_delete_file(ctx: Ctx, file_id: str) -> dict:
    """Permanently delete a file or folder (and everything in it), skipping the trash. This cannot be
    undone. Needs the owner (My Drive) or an organizer (shared drive).

    Args:
        file_id: The item to delete.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    _can_delete(ctx, f)
    if f["drive_id"]:
        require(ctx, f, "manage")
    n = purge(ctx, f)
    audit(ctx, "delete", "file", file_id, f"permanently deleted '{f['name']}' ({n} items)", None, f["drive_id"])
    return {"file_id": file_id, "deleted": True, "items_deleted": n}


@tool
def drive_empty_trash(ctx: Ctx, drive_id: str | None = None) -> dict:
    """Permanently delete every trashed item you own in My Drive, or every trashed item of a shared drive
    (needs organizer). Cannot be undone.

    Args:
        drive_id: Empty this shared drive's trash instead of your own.
    """
    require_account(ctx)
    if drive_id:
        drive_row(ctx, drive_id)
        require(ctx, file_row(ctx, drive_id), "manage")
        rows = ctx.all("SELECT * FROM drive.file WHERE drive_id = ? AND trashed AND explicitly_trashed ORDER BY file_id", drive_id)
    else:
        rows = ctx.all("SELECT * FROM drive.file WHERE owner_id = ? AND drive_id IS NULL AND trashed AND explicitly_trashed "
                       "ORDER BY file_id", ctx.user_id)
    names, n = [], 0
    for f in rows:
        if ctx.scalar("SELECT count(*) FROM drive.file WHERE file_id = ?", f["file_id"]):
            n += purge(ctx, f)
            names.append(f["name"])
    audit(ctx, "empty_trash", "drive" if drive_id else "account", drive_id or ctx.user_id,
          f"{n} items permanently deleted: {', '.join(names)}"[:1000], None, drive_id)
    return {"items_deleted": n, "deleted": names}


@tool
def drive_export_file(ctx: Ctx, file_id: str, mime_type: str) -> dict:
    """Export a native document to another format (returns the export's metadata; the content is
    delivered to the requester's downloads). Needs reader access, or writer access when downloading is
    restricted for readers (file setting or shared drive restriction). Every export is audited.

    Args:
        file_id: The native document (document, spreadsheet, presentation, form).
        mime_type: Target format, e.g. application/pdf (see drive_get_about export_formats).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    if not is_native(f["mime_type"]):
        raise ToolError(f"'{f['name']}' is not a native document ({f['mime_type']}); only native documents are exported")
    fmt = ctx.one("SELECT * FROM drive.export_format WHERE source_mime_type = ? AND export_mime_type = ?", f["mime_type"], mime_type)
    if fmt is None:
        allowed = [r["export_mime_type"] for r in ctx.all("SELECT export_mime_type FROM drive.export_format "
                                                          "WHERE source_mime_type = ? ORDER BY 1", f["mime_type"])]
        raise ToolError(f"cannot export {f['mime_type']} as '{mime_type}'; allowed: {', '.join(allowed)}")
    d = drive_row(ctx, f["drive_id"]) if f["drive_id"] else None
    restricted = f["copy_requires_writer_permission"] or (d and (d["download_restricted"] or d["copy_requires_writer_permission"]))
    require(ctx, f, "edit" if restricted else "read")
    audit(ctx, "export", "file", file_id, f"exported as {mime_type}", file_id, f["drive_id"])
    return {"file_id": file_id, "name": f["name"] + fmt["extension"], "mime_type": mime_type,
            "estimated_size_bytes": f["size_bytes"], "exported_revision": f["head_revision_id"]}

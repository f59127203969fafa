"""Revisions of a file: list, get, keep forever (binary files), publish (native documents), delete."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, change, file_row, require, require_account
from .files import is_native


def _rev(ctx: Ctx, file_id: str, revision_id: str) -> dict:
    r = ctx.one("SELECT r.*, a.display_name AS last_modifying_user FROM drive.revision r LEFT JOIN drive.account a "
                "ON a.person_id = r.last_modifying_user_id WHERE r.revision_id = ? AND r.file_id = ?", revision_id, file_id)
    if r is None:
        raise ToolError(f"revision '{revision_id}' not found on file {file_id} (use drive_list_revisions)")
    return r


@tool
def drive_list_revisions(ctx: Ctx, file_id: str) -> list:
    """List a file's revisions, oldest first: number, time, who changed it, size, checksum, keep-forever
    and published flags, change summary. The last one is the head (current) revision. Needs writer access.

    Args:
        file_id: The file.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    rows = ctx.all("SELECT r.*, a.display_name AS last_modifying_user FROM drive.revision r LEFT JOIN drive.account a "
                   "ON a.person_id = r.last_modifying_user_id WHERE r.file_id = ? ORDER BY r.revision_number", file_id)
    for r in rows:
        r["is_head"] = r["revision_id"] == f["head_revision_id"]
    return rows


@tool
def drive_get_revision(ctx: Ctx, file_id: str, revision_id: str) -> dict:
    """Get one revision.

    Args:
        file_id: The file.
        revision_id: The revision (REV…).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    r = _rev(ctx, file_id, revision_id)
    r["is_head"] = r["revision_id"] == f["head_revision_id"]
    return r


@tool
def drive_update_revision(ctx: Ctx, file_id: str, revision_id: str, keep_forever: bool | None = None,
                          published: bool | None = None) -> dict:
    """Pin a revision of a binary file so it is never purged (keep_forever; at most 200 per file), or
    publish/unpublish a revision of a native document (published). Needs writer access.

    Args:
        file_id: The file.
        revision_id: The revision.
        keep_forever: Keep this revision forever (binary files only).
        published: Publish this revision (native documents only).
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    values = {}
    if keep_forever is not None:
        if is_native(f["mime_type"]):
            raise ToolError("keep_forever applies to binary files only; native documents keep their history automatically")
        if keep_forever and ctx.scalar("SELECT count(*) FROM drive.revision WHERE file_id = ? AND keep_forever", file_id) >= 200:
            raise ToolError("a file can have at most 200 revisions kept forever")
        values["keep_forever"] = keep_forever
    if published is not None:
        if not is_native(f["mime_type"]):
            raise ToolError("only revisions of native documents can be published")
        values["published"] = published
    if not values:
        raise ToolError("nothing to update: give keep_forever or published")
    cur = _rev(ctx, file_id, revision_id)
    if all(cur[k] == v for k, v in values.items()):
        raise ToolError(f"revision {revision_id} already has these settings; nothing to change")
    ctx.update("drive.revision", {"revision_id": revision_id}, values)
    change(ctx, "revision updated", file_id, f["drive_id"])
    audit(ctx, "revision.update", "revision", revision_id, ", ".join(f"{k}={v}" for k, v in values.items()),
          file_id, f["drive_id"])
    return _rev(ctx, file_id, revision_id)


@tool
def drive_delete_revision(ctx: Ctx, file_id: str, revision_id: str) -> dict:
    """Delete a revision of a binary file. The head revision, a file's only revision and revisions kept
    forever cannot be deleted. Needs writer access.

    Args:
        file_id: The file.
        revision_id: The revision.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    r = _rev(ctx, file_id, revision_id)
    if is_native(f["mime_type"]):
        raise ToolError("revisions of native documents cannot be deleted")
    if r["revision_id"] == f["head_revision_id"]:
        raise ToolError("the head revision cannot be deleted")
    if r["keep_forever"]:
        raise ToolError("this revision is kept forever; turn keep_forever off first")
    ctx.delete("drive.revision", {"revision_id": revision_id})
    change(ctx, "revision deleted", file_id, f["drive_id"])
    audit(ctx, "revision.delete", "revision", revision_id, f"revision {r['revision_number']}", file_id, f["drive_id"])
    return {"revision_id": revision_id, "deleted": True}

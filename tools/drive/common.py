"""Shared helpers of the Drive tools: look-ups, principals, effective access (direct, inherited from
folders and shared-drive membership), capability checks, the audit log and the changes feed."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

from pytest_enterpriseops import Ctx, ToolError

INTERNAL_DOMAIN = "arcturus.example"
FOLDER = "application/vnd.google-apps.folder"
SHORTCUT = "application/vnd.google-apps.shortcut"
NATIVE_PREFIX = "application/vnd.google-apps."
RANK = {"reader": 1, "commenter": 2, "writer": 3, "fileOrganizer": 4, "organizer": 5, "owner": 5}
NEED = {"read": 1, "comment": 2, "edit": 3, "organize": 4, "manage": 5}
EMAIL = re.compile(r"^[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$")


def is_admin(ctx: Ctx) -> bool:
    return ctx.role == "admin"


def require_account(ctx: Ctx) -> None:
    if ctx.role not in ("admin", "user"):
        raise ToolError(f"acting user {ctx.user_id} has no active Drive account")


def require_admin(ctx: Ctx, what: str) -> None:
    if not is_admin(ctx):
        raise ToolError(f"not allowed: {what} requires the Drive administrator role (acting user {ctx.user_id} is a regular user)")


def now(ctx: Ctx) -> dt.datetime:
    return ctx.timestamp()


def parse_time(value: str, field: str) -> dt.datetime:
    """RFC 3339 / ISO 8601 date or date-time (UTC); 'Z' and offsets accepted, stored naive UTC."""
    v = value.strip()
    try:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", v):
            return dt.datetime.combine(dt.date.fromisoformat(v), dt.time())
        t = dt.datetime.fromisoformat(v.replace("Z", "+00:00"))
    except ValueError:
        raise ToolError(f"{field} must be an RFC 3339 date-time like 2025-12-31T17:00:00Z or a date "
                        f"YYYY-MM-DD, got '{value}'") from None
    if not (1990 <= t.year <= 2100):
        raise ToolError(f"{field} is out of range (years 1990-2100): '{value}'")
    if t.tzinfo is not None:
        t = t.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return t


def parse_date(value: str, field: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value.strip())
    except ValueError:
        raise ToolError(f"{field} must be a date in YYYY-MM-DD format, got '{value}'") from None


def file_row(ctx: Ctx, file_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM drive.file WHERE file_id = ?", file_id)
    if row is None:
        raise ToolError(f"file '{file_id}' not found; file ids look like FIL00123 (shared drive roots DRV001, "
                        "My Drive roots ROOTP0123); use drive_list_files to search")
    return row


def drive_row(ctx: Ctx, drive_id: str) -> dict[str, Any]:
    row = ctx.one("SELECT * FROM drive.shared_drive WHERE drive_id = ?", drive_id)
    if row is None:
        raise ToolError(f"shared drive '{drive_id}' not found (ids look like DRV001; use drive_list_drives)")
    return row


def account_by_email(ctx: Ctx, email: str) -> dict[str, Any] | None:
    return ctx.one("SELECT a.*, p.active, p.manager_id, p.department_id FROM drive.account a "
                   "JOIN org.person p USING (person_id) WHERE lower(a.email) = lower(?)", email)


def ancestors(ctx: Ctx, f: dict[str, Any]) -> list[dict[str, Any]]:
    """Parents from the nearest folder up to the root (My Drive root or the shared drive's root)."""
    out, seen, cur = [], {f["file_id"]}, f
    while cur["parent_id"] and cur["parent_id"] not in seen:
        parent = ctx.one("SELECT * FROM drive.file WHERE file_id = ?", cur["parent_id"])
        if parent is None:
            break
        out.append(parent)
        seen.add(parent["file_id"])
        cur = parent
    return out


def groups_of(ctx: Ctx, person_id: str) -> set[str]:
    return {r["group_id"] for r in ctx.all(
        "SELECT m.group_id FROM drive.group_member m JOIN drive.user_group g USING (group_id) "
        "WHERE m.person_id = ? AND NOT g.archived", person_id)}


def access_sources(ctx: Ctx, f: dict[str, Any]) -> list[dict[str, Any]]:
    """Every permission that applies to `f`: its own, those inherited from folders above it (up to a
    folder that disables inheritance) and the shared drive's members. Expired grants are left out."""
    chain = [f] + ancestors(ctx, f)
    out: list[dict[str, Any]] = []
    limited = False
    t = now(ctx)
    for depth, node in enumerate(chain):
        if node["is_root"] and node["drive_id"]:
            break
        for p in ctx.all("SELECT * FROM drive.permission WHERE file_id = ? ORDER BY permission_id", node["file_id"]):
            if p["expiration_time"] and dt.datetime.fromisoformat(p["expiration_time"]) <= t:
                continue
            p["inherited"] = depth > 0
            p["inherited_from"] = node["file_id"] if depth > 0 else None
            out.append(p)
        if node["inherited_permissions_disabled"]:
            limited = True
            break
    if f["drive_id"]:
        for m in ctx.all("SELECT * FROM drive.drive_member WHERE drive_id = ? ORDER BY permission_id", f["drive_id"]):
            if limited and m["role"] != "organizer":
                continue
            m.update(file_id=f["file_id"], inherited=f["file_id"] != f["drive_id"], inherited_from=f["drive_id"],
                     expiration_time=None, allow_file_discovery=None, pending_owner=False)
            out.append(m)
    return out


def role_of(ctx: Ctx, f: dict[str, Any], person_id: str | None = None) -> str | None:
    """The highest role a person holds on `f` (None: no access). Suspended accounts have none."""
    pid = person_id or ctx.user_id
    acct = ctx.one("SELECT status FROM drive.account WHERE person_id = ?", pid)
    if acct is None or acct["status"] != "active":
        return None
    if f["owner_id"] == pid:
        return "owner"
    groups = groups_of(ctx, pid)
    best = None
    for p in access_sources(ctx, f):
        hit = (p["type"] == "user" and p["person_id"] == pid) or (p["type"] == "group" and p["group_id"] in groups) \
            or (p["type"] == "domain" and p["domain"] == INTERNAL_DOMAIN) or p["type"] == "anyone"
        if hit and (best is None or RANK[p["role"]] > RANK[best]):
            best = p["role"]
    return best


def require(ctx: Ctx, f: dict[str, Any], need: str) -> str:
    """Check the acting user may `need` (read/comment/edit/organize/manage) on `f`; admins always may."""
    if is_admin(ctx):
        return "admin"
    role = role_of(ctx, f)
    if role is None:
        raise ToolError(f"file '{f['file_id']}' not found or you have no access to it")
    if RANK[role] < NEED[need]:
        raise ToolError(f"not allowed: you are {role} on '{f['name']}' ({f['file_id']}); this needs "
                        f"{ {1: 'reader', 2: 'commenter', 3: 'writer', 4: 'fileOrganizer (shared drive) or owner', 5: 'owner or organizer'}[NEED[need]] } access")
    return role


def require_drive_role(ctx: Ctx, drive_id: str, need: str = "manage") -> None:
    if is_admin(ctx):
        return
    d = drive_row(ctx, drive_id)
    role = role_of(ctx, file_row(ctx, d["drive_id"]))
    if role is None or RANK[role] < NEED[need]:
        raise ToolError(f"not allowed: managing shared drive {drive_id} ({d['name']}) needs the organizer role"
                        + (f"; you are {role}" if role else ""))


def resolve_principal(ctx: Ctx, email: str) -> dict[str, Any]:
    """An e-mail address -> the principal columns of a permission (person, group or external user).
    Unknown outside addresses become external users, as sharing with any address is possible."""
    e = email.strip().lower()
    if not EMAIL.match(e):
        raise ToolError(f"'{email}' is not a valid e-mail address")
    base = {"person_id": None, "external_id": None, "group_id": None, "email_address": e, "internal": False,
            "domain_of": e.split("@")[1]}
    g = ctx.one("SELECT * FROM drive.user_group WHERE lower(email) = ?", e)
    if g:
        if g["archived"]:
            raise ToolError(f"group {g['email']} is archived and cannot be granted access")
        return {**base, "type": "group", "group_id": g["group_id"], "internal": True}
    a = ctx.one("SELECT * FROM drive.account WHERE lower(email) = ?", e)
    if a:
        if a["status"] != "active":
            raise ToolError(f"the account {a['email']} ({a['display_name']}) is suspended; it cannot be given access")
        return {**base, "type": "user", "person_id": a["person_id"], "internal": True}
    if base["domain_of"] == INTERNAL_DOMAIN:
        raise ToolError(f"no Drive account or group '{e}' in {INTERNAL_DOMAIN}; look the person up with drive_find_users")
    x = ctx.one("SELECT * FROM drive.external_user WHERE lower(email) = ?", e)
    if x is None:
        eid = ctx.new_id("drive.external_user", "external_id", "EXT", 3)
        partner = ctx.scalar("SELECT domain FROM drive.partner_domain WHERE domain = ?", base["domain_of"])
        x = ctx.insert("drive.external_user", {"external_id": eid, "email": e, "display_name": e.split("@")[0],
                                               "domain": base["domain_of"], "company": None, "sponsor_id": ctx.user_id,
                                               "partner_domain": partner})
    return {**base, "type": "user", "external_id": x["external_id"]}


def is_external_perm(p: dict[str, Any]) -> bool:
    return p["type"] == "anyone" or bool(p.get("external_id")) or (p["type"] == "domain" and p["domain"] != INTERNAL_DOMAIN)


def subtree(ctx: Ctx, folder_id: str) -> list[dict[str, Any]]:
    """Every descendant of a folder (not the folder itself)."""
    return ctx.all("WITH RECURSIVE t(file_id) AS (SELECT file_id FROM drive.file WHERE parent_id = ? "
                   "UNION ALL SELECT f.file_id FROM drive.file f JOIN t ON f.parent_id = t.file_id) "
                   "SELECT f.* FROM drive.file f JOIN t USING (file_id) ORDER BY f.file_id", folder_id)


def audit(ctx: Ctx, action: str, target_type: str, target_id: str, details: str | None = None,
          file_id: str | None = None, drive_id: str | None = None) -> None:
    ctx.insert("drive.audit_log", {
        "audit_id": ctx.new_id("drive.audit_log", "audit_id", "AUD", 6), "actor_id": ctx.user_id, "action": action,
        "target_type": target_type, "target_id": target_id, "file_id": file_id, "drive_id": drive_id,
        "details": details, "created_time": now(ctx)})


def change(ctx: Ctx, summary: str, file_id: str | None = None, drive_id: str | None = None, removed: bool = False) -> None:
    """Append to the changes feed (change ids are the page tokens)."""
    nxt = (ctx.scalar("SELECT max(change_id) FROM drive.change") or 1000) + 1
    ctx.insert("drive.change", {"change_id": nxt, "change_time": now(ctx), "change_type": "file" if file_id else "drive",
                                "file_id": None if removed else file_id, "drive_id": drive_id, "removed": removed,
                                "actor_id": ctx.user_id, "summary": summary if not removed else f"{summary} ({file_id})"})


def touch(ctx: Ctx, file_id: str) -> None:
    """Metadata change (sharing, move, rename, app property): bump the version, as the real service does, and -
    unlike the real service for sharing changes - also set modified time and last modifying user to now and
    the caller. The tools that call it say so in their descriptions."""
    ctx.execute("UPDATE drive.file SET version = version + 1, modified_time = ?, last_modifying_user_id = ? "
                "WHERE file_id = ?", now(ctx), ctx.user_id, file_id)


def notify(ctx: Ctx, email: str, kind: str, message: str | None, file_id: str | None = None,
           proposal_id: str | None = None, person_id: str | None = None, external_id: str | None = None) -> None:
    ctx.insert("drive.notification", {
        "notification_id": ctx.new_id("drive.notification", "notification_id", "NTF", 5), "recipient_email": email,
        "person_id": person_id, "external_id": external_id, "file_id": file_id, "proposal_id": proposal_id,
        "kind": kind, "message": message, "sent_by": ctx.user_id, "sent_time": now(ctx)})


def held(ctx: Ctx, file_id: str) -> str | None:
    """The matter number of a Legal Hold label on the file, if any."""
    return ctx.scalar("SELECT coalesce(v.text_value, 'hold') FROM drive.file_label l LEFT JOIN drive.file_label_value v "
                      "ON v.file_id = l.file_id AND v.field_id = 'LBF04' WHERE l.file_id = ? AND l.label_id = 'LBL03'", file_id)


def out_file(f: dict[str, Any]) -> dict[str, Any]:
    """The file resource as tools return it (parents as a list, like the real API)."""
    f = dict(f)
    f["parents"] = [f.pop("parent_id")] if f.get("parent_id") else []
    f["kind"] = ("folder" if f["mime_type"] == FOLDER else "shortcut" if f["mime_type"] == SHORTCUT else "file")
    return f

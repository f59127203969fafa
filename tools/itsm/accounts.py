"""Creating ITSM accounts for people of the company, and new groups."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, get_user, my_id, require_role
from .users import Role


@tool
def itsm_create_user(ctx: Ctx, person_id: str, role: Role = "reporter") -> dict:
    """Create the ITSM account of a company person (admins only). The system derives the user id, user name
    (the part of the email before @), email, name, department and location from the person's directory record.
    Only active people without an account get one.

    Args:
        person_id: The person in the company directory (P....).
        role: admin, manager, agent or reporter (the default: can log and follow their own incidents and requests).
    """
    require_role(ctx, ("admin",), "create user accounts")
    p = ctx.require(ctx.one("SELECT * FROM org.person WHERE person_id = ?", person_id), "person", person_id)
    if not p["active"]:
        raise ToolError(f"person {person_id} ({p['full_name']}) has left the company; no account is created")
    existing = ctx.scalar("SELECT user_id FROM itsm.sys_user WHERE person_id = ?", person_id)
    if existing:
        raise ToolError(f"person {person_id} already has the account {existing}; reactivate it with itsm_update_user")
    user_name = p["email"].split("@")[0]
    if ctx.scalar("SELECT count(*) FROM itsm.sys_user WHERE user_name = ?", user_name):
        raise ToolError(f"user name {user_name} is taken; ask an administrator to resolve the clash")
    uid = ctx.new_id("itsm.sys_user", "user_id", "USR", 5)
    ctx.insert("itsm.sys_user", {"user_id": uid, "person_id": person_id, "user_name": user_name, "email": p["email"],
                                 "full_name": p["full_name"], "role": role, "department_id": p["department_id"],
                                 "location_id": p["location_id"], "active": True, "created_at": ctx.timestamp()})
    audit(ctx, "itsm.sys_user", uid, "create", {"person_id": person_id, "role": role})
    return get_user(ctx, uid)


@tool
def itsm_create_group(ctx: Ctx, name: str, group_type: Literal["support", "approval", "knowledge"], description: str,
                      manager_id: str | None = None, parent_group_id: str | None = None, email: str | None = None) -> dict:
    """Create a group (admins only). The manager, when given, must be an active manager or admin and becomes its
    first member.

    Args:
        name: Unique group name (3-80 characters).
        group_type: support (works incidents and requests), approval or knowledge.
        description: What the group does.
        manager_id: The group manager (USR...).
        parent_group_id: The parent group (GRP...).
        email: The group mailbox.
    """
    require_role(ctx, ("admin",), "create groups")
    name = " ".join((name or "").split())
    if not 3 <= len(name) <= 80:
        raise ToolError("name must be 3-80 characters")
    if ctx.scalar("SELECT count(*) FROM itsm.user_group WHERE lower(name) = lower(?)", name):
        raise ToolError(f"a group named '{name}' already exists")
    if not (description or "").strip():
        raise ToolError("description is mandatory")
    if manager_id is not None:
        m = get_user(ctx, manager_id, "manager")
        if not m["active"] or m["role"] not in ("manager", "admin"):
            raise ToolError(f"user {manager_id} must be an active manager or admin to manage a group")
    if parent_group_id is not None:
        ctx.require(ctx.one("SELECT group_id FROM itsm.user_group WHERE group_id = ?", parent_group_id), "group", parent_group_id)
    gid = ctx.new_id("itsm.user_group", "group_id", "GRP", 4)
    now = ctx.timestamp()
    ctx.insert("itsm.user_group", {"group_id": gid, "name": name, "description": description.strip(), "email": email,
                                   "group_type": group_type, "manager_id": manager_id, "parent_group_id": parent_group_id,
                                   "department_id": None, "active": True})
    if manager_id is not None:
        ctx.insert("itsm.group_member", {"group_id": gid, "user_id": manager_id, "added_by": my_id(ctx), "added_at": now})
    audit(ctx, "itsm.user_group", gid, "create", {"name": name, "manager_id": manager_id})
    return ctx.one("SELECT * FROM itsm.user_group WHERE group_id = ?", gid)

"""Users (organisation accounts), guests and external people, and the tenant's domain rules."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import account, audit, check_text, clean, external, parse_ts, require_admin, require_signed_in

_USER_SQL = ("SELECT a.person_id, a.user_principal_name, a.display_name, a.job_title, a.office_location, "
             "a.account_enabled, a.role, a.status_message, a.status_expires_at, p.department_id, d.name AS department, p.manager_id "
             "FROM teams.user_account a JOIN org.person p USING (person_id) "
             "LEFT JOIN org.department d USING (department_id)")


@tool
def teams_list_users(ctx: Ctx, query: str | None = None, department_id: str | None = None,
                     account_enabled: bool | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List organisation users, ordered by display name then id.

    Args:
        query: Case-insensitive substring of the display name, e-mail (user principal name) or job title.
        department_id: Only users of this department (DEP005).
        account_enabled: Only enabled (true) or disabled (false) accounts.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    if query:
        conds.append("(a.display_name ILIKE ? OR a.user_principal_name ILIKE ? OR a.job_title ILIKE ?)")
        params += [f"%{query}%"] * 3
    if department_id:
        conds.append("p.department_id = ?")
        params.append(department_id)
    if account_enabled is not None:
        conds.append("a.account_enabled = ?")
        params.append(account_enabled)
    return ctx.page("SELECT * FROM (" + _USER_SQL + " WHERE " + " AND ".join(conds) + ") q", params, limit=limit, offset=offset,
                    order_by="display_name, person_id")


@tool
def teams_get_user(ctx: Ctx, user_id: str) -> dict:
    """Get one user by id (P0123) or e-mail / user principal name.

    Args:
        user_id: The person id or the user principal name.
    """
    row = ctx.one(_USER_SQL + " WHERE a.person_id = ? OR lower(a.user_principal_name) = lower(?)", user_id, user_id)
    if row is None:
        raise ToolError(f"user '{user_id}' not found (use teams_list_users to search by name)")
    return row


@tool
def teams_list_joined_teams(ctx: Ctx, user_id: str) -> list:
    """The teams a user (P…) or guest (EXT…) belongs to, with their role, ordered by team id.

    Args:
        user_id: Person id or external id.
    """
    col = "external_id" if user_id.startswith("EXT") else "person_id"
    (external if col == "external_id" else account)(ctx, user_id)
    return ctx.all(f"SELECT t.team_id, t.display_name, t.is_archived, m.membership_id, m.role FROM teams.team_member m "
                   f"JOIN teams.team t USING (team_id) WHERE m.{col} = ? ORDER BY t.team_id", user_id)


@tool
def teams_update_user(ctx: Ctx, user_id: str, job_title: str | None = None, office_location: str | None = None,
                      usage_location: str | None = None) -> dict:
    """Update a user's profile fields. Administrators may update anyone; users only themselves.

    Args:
        user_id: Person id.
        job_title: New job title.
        office_location: New office location.
        usage_location: Two-letter country code for licensing (US, GB, DE...).
    """
    require_signed_in(ctx)
    account(ctx, user_id)
    if user_id != ctx.user_id:
        require_admin(ctx, "updating another user's profile")
    if usage_location is not None and (len(usage_location) != 2 or not usage_location.isalpha()):
        raise ToolError("usage_location must be a two-letter country code such as US or DE")
    values = clean({"job_title": job_title, "office_location": office_location,
                    "usage_location": usage_location.upper() if usage_location else None})
    if not values:
        raise ToolError("nothing to update: give job_title, office_location or usage_location")
    ctx.update("teams.user_account", {"person_id": user_id}, values)
    audit(ctx, "teams_update_user", "user", user_id, None, ", ".join(f"{k}={v}" for k, v in values.items()))
    return teams_get_user.fn(ctx, user_id)


@tool
def teams_set_status_message(ctx: Ctx, message: str | None = None, expires_at: str | None = None) -> dict:
    """Set (or clear, with no message) the signed-in user's own status message.

    Args:
        message: The status text (max 280 characters); omit to clear it.
        expires_at: When the message disappears (ISO date-time in the future); omit for no expiry.
    """
    require_signed_in(ctx)
    exp = None
    if message is not None:
        check_text(message, "message", 280)
    if expires_at is not None:
        if message is None:
            raise ToolError("expires_at needs a message")
        exp = parse_ts(expires_at, "expires_at")
        if exp <= ctx.timestamp():
            raise ToolError("expires_at must be in the future")
    ctx.update("teams.user_account", {"person_id": ctx.user_id}, {"status_message": message, "status_expires_at": exp})
    audit(ctx, "teams_set_status_message", "user", ctx.user_id, None, message)
    return teams_get_user.fn(ctx, ctx.user_id)


def _set_enabled(ctx: Ctx, user_id: str, enabled: bool) -> dict:
    require_admin(ctx, "enabling or disabling accounts")
    row = account(ctx, user_id)
    if user_id == ctx.user_id:
        raise ToolError("you cannot change your own account state")
    if row["account_enabled"] == enabled:
        raise ToolError(f"{user_id} is already {'enabled' if enabled else 'disabled'}")
    ctx.update("teams.user_account", {"person_id": user_id}, {"account_enabled": enabled})
    audit(ctx, "teams_enable_user" if enabled else "teams_disable_user", "user", user_id, None, row["display_name"])
    return teams_get_user.fn(ctx, user_id)


@tool
def teams_disable_user(ctx: Ctx, user_id: str) -> dict:
    """Disable a user's account (sign-in blocked). Memberships are not removed automatically.

    Args:
        user_id: Person id.
    """
    return _set_enabled(ctx, user_id, False)


@tool
def teams_enable_user(ctx: Ctx, user_id: str) -> dict:
    """Re-enable a disabled account.

    Args:
        user_id: Person id.
    """
    return _set_enabled(ctx, user_id, True)


@tool
def teams_list_external_users(ctx: Ctx, query: str | None = None, domain: str | None = None,
                              user_type: Literal["guest", "external"] | None = None,
                              limit: int = 20, offset: int = 0) -> dict:
    """List guests (invited into the tenant) and external people (other organisations, shared channels only),
    ordered by display name then id. Each row carries the domain's rule (allowed/blocked).

    Args:
        query: Case-insensitive substring of the name, e-mail or organisation.
        domain: Only this e-mail domain.
        user_type: guest or external.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = ["TRUE"], []
    if query:
        conds.append("(e.display_name ILIKE ? OR e.email ILIKE ? OR e.organization ILIKE ?)")
        params += [f"%{query}%"] * 3
    if domain:
        conds.append("e.domain = lower(?)")
        params.append(domain)
    if user_type:
        conds.append("e.user_type = ?")
        params.append(user_type)
    return ctx.page("SELECT e.*, d.rule AS domain_rule FROM teams.external_user e JOIN teams.domain_rule d USING (domain) "
                    "WHERE " + " AND ".join(conds), params, limit=limit, offset=offset, order_by="display_name, external_id")


@tool
def teams_get_external_user(ctx: Ctx, external_id: str) -> dict:
    """Get a guest or external person with the teams and channels they belong to.

    Args:
        external_id: The id (EXT0012).
    """
    row = external(ctx, external_id)
    row["teams"] = ctx.all("SELECT team_id, membership_id, role FROM teams.team_member WHERE external_id = ? "
                           "ORDER BY team_id", external_id)
    row["channels"] = ctx.all("SELECT c.channel_id, c.team_id, c.display_name, c.membership_type, m.membership_id "
                              "FROM teams.channel_member m JOIN teams.channel c USING (channel_id) "
                              "WHERE m.external_id = ? AND c.deleted_at IS NULL ORDER BY c.channel_id", external_id)
    return row


@tool
def teams_list_domain_rules(ctx: Ctx) -> list:
    """The tenant's external collaboration rules per e-mail domain (allowed / blocked, with the reason).

    Default order: by domain, ascending.
    """
    return ctx.all("SELECT * FROM teams.domain_rule ORDER BY domain")


@tool
def teams_invite_guest(ctx: Ctx, email: str, display_name: str, sponsor_person_id: str | None = None) -> dict:
    """Invite a guest into the tenant. The invitation starts as pending_acceptance; blocked domains are refused.

    Args:
        email: The guest's e-mail address.
        display_name: The guest's name.
        sponsor_person_id: The internal sponsor (defaults to the signed-in user).
    """
    require_signed_in(ctx)
    email = email.strip().lower()
    if email.count("@") != 1 or "." not in email.split("@")[1]:
        raise ToolError(f"'{email}' is not an e-mail address")
    domain = email.split("@")[1]
    if domain == "arcturus.example":
        raise ToolError("people of arcturus.example are internal users, not guests")
    rule = ctx.one("SELECT * FROM teams.domain_rule WHERE domain = ?", domain)
    if rule is None:
        raise ToolError(f"domain {domain} has no external collaboration rule; only listed allowed domains can be invited "
                        "(see teams_list_domain_rules)")
    if rule["rule"] == "blocked":
        raise ToolError(f"domain {domain} is blocked for external collaboration: {rule['reason']}")
    if ctx.scalar("SELECT count(*) FROM teams.external_user WHERE email = ?", email):
        raise ToolError(f"{email} already exists as an external user (use teams_list_external_users)")
    sponsor = sponsor_person_id or ctx.user_id
    if not ctx.scalar("SELECT account_enabled FROM teams.user_account WHERE person_id = ?", sponsor):
        raise ToolError(f"sponsor {sponsor} must be an enabled internal user")
    check_text(display_name, "display_name", 120)
    row = ctx.insert("teams.external_user", {
        "external_id": ctx.new_id("teams.external_user", "external_id", "EXT", 4), "display_name": display_name,
        "email": email, "organization": rule["organization"], "domain": domain, "user_type": "guest",
        "invitation_state": "pending_acceptance", "sponsor_person_id": sponsor, "invited_at": ctx.timestamp()})
    audit(ctx, "teams_invite_guest", "external_user", row["external_id"], None, email)
    return row


@tool
def teams_list_departments(ctx: Ctx) -> list:
    """The organisation's departments with their code, parent and head (from the shared directory), by id.

    Default order: by department id, ascending.
    """
    return ctx.all("SELECT d.department_id, d.name, d.code, d.parent_department_id, d.head_person_id, "
                   "a.display_name AS head_name FROM org.department d LEFT JOIN teams.user_account a "
                   "ON a.person_id = d.head_person_id ORDER BY d.department_id")

"""Directory look-ups: mailboxes, aliases, external contacts and domains, legal holds, the mailbox audit log."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, tool

from .common import access


@tool
def mail_list_mailboxes(ctx: Ctx, query: str | None = None, department_id: str | None = None,
                        role: Literal["mail_admin", "assistant", "user"] | None = None,
                        status: Literal["active", "suspended"] | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Find mailboxes (every employee has one), by address. Shows status, role, the person's title and department.

    Default order: by email address, ascending.

    Args:
        query: Case-insensitive text in the name or address.
        department_id: Only this department (DEP001 …).
        role: Only this mail role.
        status: Only active or suspended mailboxes.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    return ctx.page("SELECT m.email_address, m.display_name, m.status, m.role, m.person_id, p.title, p.department_id, "
                    "d.name AS department FROM email.mailbox m JOIN org.person p ON p.person_id = m.person_id "
                    "LEFT JOIN org.department d ON d.department_id = p.department_id "
                    "WHERE (? IS NULL OR m.display_name ILIKE ? OR m.email_address ILIKE ?) "
                    "AND (? IS NULL OR p.department_id = ?) AND (? IS NULL OR m.role = ?) AND (? IS NULL OR m.status = ?)",
                    [query, f"%{query}%", f"%{query}%", department_id, department_id, role, role, status, status],
                    limit=limit, offset=offset, order_by="email_address")


@tool
def mail_list_aliases(ctx: Ctx, mailbox: str | None = None) -> list:
    """List company alias addresses (role addresses such as security@) and the mailbox each delivers to.

    Default order: by alias address, ascending.

    Args:
        mailbox: Only the aliases of this primary address.
    """
    return ctx.all("SELECT * FROM email.alias WHERE (? IS NULL OR mailbox = ?) ORDER BY alias_address", mailbox, mailbox)


@tool
def mail_list_external_contacts(ctx: Ctx, query: str | None = None, domain: str | None = None,
                                relationship: Literal["customer", "partner", "vendor", "advisor", "press", "personal",
                                                      "unknown"] | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Find external correspondents (customers, partners, vendors, advisors), by address.

    Default order: by email address, ascending.

    Args:
        query: Case-insensitive text in name, address or organisation.
        domain: Only this email domain.
        relationship: Only this kind of correspondent.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    return ctx.page("SELECT * FROM email.external_contact WHERE (? IS NULL OR display_name ILIKE ? OR email_address ILIKE ? "
                    "OR organization ILIKE ?) AND (? IS NULL OR domain = lower(?)) AND (? IS NULL OR relationship = ?)",
                    [query, f"%{query}%", f"%{query}%", f"%{query}%", domain, domain, relationship, relationship],
                    limit=limit, offset=offset, order_by="email_address")


@tool
def mail_list_external_domains(ctx: Ctx, domain: str | None = None,
                               status: Literal["approved", "revoked", "blocked", "unreviewed"] | None = None) -> list:
    """List the external domains the company knows, with review status and whether forwarding to them is allowed.
    A domain that is not listed has never been reviewed. Ordered by domain.

    Args:
        domain: Only this domain (exact, case-insensitive).
        status: Only this review status.
    """
    return ctx.all("SELECT * FROM email.external_domain WHERE (? IS NULL OR domain = lower(?)) "
                   "AND (? IS NULL OR status = ?) ORDER BY domain", domain, domain, status, status)


@tool
def mail_list_legal_holds(ctx: Ctx, user_id: str | None = None, status: Literal["active", "released"] | None = None) -> list:
    """List legal holds (matter, the mailbox held, the query it covers — empty means all mail), by hold id.

    Default order: by hold id, ascending.

    Args:
        user_id: Only holds on this mailbox ('me' or a primary address).
        status: Only active or released holds.
    """
    mbx = access(ctx, user_id)["email_address"] if user_id else None
    return ctx.all("SELECT * FROM email.legal_hold WHERE (? IS NULL OR mailbox = ?) AND (? IS NULL OR status = ?) "
                   "ORDER BY hold_id", mbx, mbx, status, status)


@tool
def mail_list_audit_log(ctx: Ctx, user_id: str = "me", action: str | None = None, since: str | None = None,
                        limit: int = 20, offset: int = 0) -> dict:
    """The mailbox audit log: who changed what in a mailbox, newest first.

    Args:
        user_id: 'me' or the mailbox's primary address.
        action: Only this action (a tool name such as mail_create_filter).
        since: Only entries at or after this ISO timestamp.
        limit: Page size, 1-100.
        offset: Items to skip.
    """
    from .common import parse_ts
    mbx = access(ctx, user_id, "settings")["email_address"]
    t = parse_ts(since, "since") if since else None
    return ctx.page("SELECT * FROM email.audit_log WHERE mailbox = ? AND (? IS NULL OR action = ?) "
                    "AND (CAST(? AS TIMESTAMP) IS NULL OR created_at >= ?)", [mbx, action, action, t, t],
                    limit=limit, offset=offset, order_by="created_at DESC, audit_id DESC")

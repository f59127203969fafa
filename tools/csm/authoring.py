"""Knowledge authoring, contract creation, customer interactions and the escalation flag of a case."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .cases import record_comment
from .common import LEADS, MANAGERS, OPEN_STATES, actor, audit, case_row, get_row, require_role, today, update_audited

Visibility = Literal["internal", "external"]
Channel = Literal["phone", "email", "chat", "web", "social", "in_person"]
Topic = Literal["support", "warranty", "renewal", "complaint", "escalation", "general"]
EscalationReason = Literal["urgency", "vip", "impact", "breach_risk", "customer_request"]
TITLE_MIN, TITLE_MAX = 10, 120


def _title(ctx: Ctx, title: str, product_id: str | None) -> str:
    title = " ".join((title or "").split())
    if not TITLE_MIN <= len(title) <= TITLE_MAX:
        raise ToolError(f"title must be {TITLE_MIN}-{TITLE_MAX} characters, got {len(title)}")
    if product_id is not None:
        name = get_row(ctx, "csm.product", "product_id", product_id, "product")["name"]
        if not title.startswith(f"{name}: "):
            raise ToolError(f"a product article's title starts with the product name: '{name}: <topic>'")
    return title


def _body(body: str) -> str:
    body = (body or "").strip()
    if len(body) < 20:
        raise ToolError("body must be at least 20 characters: describe the symptom and the resolution")
    return body


@tool
def csm_create_knowledge_article(ctx: Ctx, title: str, body: str, product_id: str | None = None,
                                 visibility: Visibility = "external", keywords: str | None = None,
                                 owner_group_id: str | None = None) -> dict:
    """Write a new knowledge article as a draft (the acting agent is its author). Publishing is a separate step.

    Args:
        title: 10-120 characters; for a product article '<product name>: <topic>'.
        body: The symptom and the resolution (at least 20 characters).
        product_id: The product it applies to (PRD_...).
        visibility: external (customers see it on the portal) or internal (support staff only).
        keywords: Space-separated search keywords.
        owner_group_id: The group that keeps it current (GRP_...).
    """
    actor(ctx)
    title = _title(ctx, title, product_id)
    if owner_group_id is not None:
        get_row(ctx, "csm.assignment_group", "group_id", owner_group_id, "group")
    aid = ctx.new_id("csm.knowledge_article", "article_id", "KBA_", 3)
    number = "KB00" + str(int(ctx.scalar("SELECT max(CAST(substr(number, 5) AS INTEGER)) FROM csm.knowledge_article") or 10000) + 1)
    now = ctx.timestamp()
    row = ctx.insert("csm.knowledge_article", {"article_id": aid, "number": number, "title": title, "body": _body(body),
                                               "keywords": keywords, "product_id": product_id, "author_id": ctx.user_id,
                                               "state": "draft", "published_at": None, "visibility": visibility,
                                               "owner_group_id": owner_group_id, "updated_at": now})
    audit(ctx, "knowledge_article", aid, "create", {"title": title, "visibility": visibility})
    return row


@tool
def csm_update_knowledge_article(ctx: Ctx, article_id: str, title: str | None = None, body: str | None = None,
                                 visibility: Visibility | None = None, keywords: str | None = None,
                                 owner_group_id: str | None = None) -> dict:
    """Edit a draft or published article (retired articles are frozen). Only given fields change.

    Args:
        article_id: The article (KBA_...).
        title: New title (same rules as on create).
        body: New body.
        visibility: internal or external.
        keywords: New keywords.
        owner_group_id: New owning group (GRP_...).
    """
    actor(ctx)
    art = get_row(ctx, "csm.knowledge_article", "article_id", article_id, "knowledge article")
    if art["state"] == "retired":
        raise ToolError(f"article {art['number']} is retired and cannot be edited")
    values: dict = {}
    if title is not None:
        values["title"] = _title(ctx, title, art["product_id"])
    if body is not None:
        values["body"] = _body(body)
    if visibility is not None:
        values["visibility"] = visibility
    if keywords is not None:
        values["keywords"] = keywords
    if owner_group_id is not None:
        get_row(ctx, "csm.assignment_group", "group_id", owner_group_id, "group")
        values["owner_group_id"] = owner_group_id
    changed = update_audited(ctx, "csm.knowledge_article", "article_id", article_id, values)
    if not changed:
        raise ToolError("nothing to change: every given value equals the current one")
    ctx.update("csm.knowledge_article", {"article_id": article_id}, {"updated_at": ctx.timestamp()})
    return ctx.one("SELECT * FROM csm.knowledge_article WHERE article_id = ?", article_id)


@tool
def csm_publish_knowledge_article(ctx: Ctx, article_id: str) -> dict:
    """Publish a draft article (leads, managers and admins; never their own article).

    Args:
        article_id: The article (KBA_...).
    """
    require_role(ctx, LEADS, "publishing knowledge")
    art = get_row(ctx, "csm.knowledge_article", "article_id", article_id, "knowledge article")
    if art["state"] != "draft":
        raise ToolError(f"article {art['number']} is {art['state']}; only drafts are published")
    if art["author_id"] == ctx.user_id:
        raise ToolError(f"article {art['number']} is your own; another lead or manager publishes it")
    now = ctx.timestamp()
    ctx.update("csm.knowledge_article", {"article_id": article_id}, {"state": "published", "published_at": now, "updated_at": now})
    audit(ctx, "knowledge_article", article_id, "update", {"state": ["draft", "published"]})
    return ctx.one("SELECT * FROM csm.knowledge_article WHERE article_id = ?", article_id)


@tool
def csm_create_contract(ctx: Ctx, account_id: str, start_date: str, end_date: str, annual_value: float,
                        signed_by_contact_id: str | None = None, sales_owner_id: str | None = None,
                        state: Literal["draft", "active"] = "draft") -> dict:
    """Create a support contract for an account (managers and admins). Entitlements are created separately
    (csm_create_entitlement) against the contract.

    Args:
        account_id: The customer account (ACC_...).
        start_date: First day (YYYY-MM-DD).
        end_date: Last day (YYYY-MM-DD), after start_date.
        annual_value: Value per year in USD (greater than 0).
        signed_by_contact_id: The account's contact who signed (CON_...).
        sales_owner_id: The company's sales owner (an org person, P....).
        state: draft, or active (only when today is within start_date..end_date).
    """
    require_role(ctx, MANAGERS, "creating contracts")
    acc = get_row(ctx, "csm.account", "account_id", account_id, "account")
    start, end = ctx.parse_date(start_date, "start_date"), ctx.parse_date(end_date, "end_date")
    if end <= start:
        raise ToolError("end_date must be after start_date")
    if annual_value is None or annual_value <= 0 or annual_value > 100_000_000:
        raise ToolError("annual_value must be greater than 0 (and below 100,000,000)")
    if state == "active" and not start <= today(ctx) <= end:
        raise ToolError(f"a contract is active only while today ({today(ctx)}) is within {start}..{end}; create it as draft")
    if signed_by_contact_id is not None:
        con = get_row(ctx, "csm.contact", "contact_id", signed_by_contact_id, "contact")
        if con["account_id"] != account_id:
            raise ToolError(f"contact {signed_by_contact_id} belongs to {con['account_id']}, not to {account_id}")
    if sales_owner_id is not None and not ctx.scalar("SELECT active FROM org.person WHERE person_id = ?", sales_owner_id):
        raise ToolError(f"sales owner {sales_owner_id} is not an active person of the company")
    cid = ctx.new_id("csm.contract", "contract_id", "CTR_", 3)
    number = "CNTR" + str(int(ctx.scalar("SELECT max(CAST(substr(number, 5) AS INTEGER)) FROM csm.contract") or 20000) + 1)
    row = ctx.insert("csm.contract", {"contract_id": cid, "number": number, "account_id": account_id,
                                      "signed_by_contact_id": signed_by_contact_id, "sales_owner_id": sales_owner_id,
                                      "start_date": start, "end_date": end, "state": state, "annual_value": round(annual_value, 2)})
    audit(ctx, "contract", cid, "create", {"account_id": account_id, "state": state, "account": acc["name"]})
    return row


@tool
def csm_log_interaction(ctx: Ctx, contact_id: str, channel: Channel, direction: Literal["inbound", "outbound"], topic: Topic,
                        summary: str, case_id: str | None = None) -> dict:
    """Log a contact with a customer (a call, chat, visit, social post or email outside a case thread).

    Args:
        contact_id: The customer contact (CON_...); must be active.
        channel: phone, email, chat, web, social or in_person.
        direction: inbound (the customer reached us) or outbound (we reached them).
        topic: support, warranty, renewal, complaint, escalation or general.
        summary: What was said or agreed (10-1000 characters).
        case_id: The case it is about (CS_...); must belong to the contact's account.
    """
    actor(ctx)
    con = get_row(ctx, "csm.contact", "contact_id", contact_id, "contact")
    if not con["active"]:
        raise ToolError(f"contact {contact_id} is inactive")
    summary = (summary or "").strip()
    if not 10 <= len(summary) <= 1000:
        raise ToolError("summary must be 10-1000 characters")
    if case_id is not None:
        c = case_row(ctx, case_id)
        if c["account_id"] != con["account_id"]:
            raise ToolError(f"case {c['number']} belongs to another account than contact {contact_id}")
    iid = ctx.new_id("csm.interaction", "interaction_id", "INT_", 5)
    row = ctx.insert("csm.interaction", {"interaction_id": iid, "contact_id": contact_id, "account_id": con["account_id"],
                                         "case_id": case_id, "channel": channel, "direction": direction, "topic": topic,
                                         "summary": summary, "logged_by": ctx.user_id, "occurred_at": ctx.timestamp()})
    audit(ctx, "interaction", iid, "create", {"contact_id": contact_id, "topic": topic})
    return row


@tool
def csm_list_interactions(ctx: Ctx, contact_id: str | None = None, account_id: str | None = None, case_id: str | None = None,
                          topic: Topic | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Interactions logged with customers, by contact, account, case or topic.

    Default order: newest first (occurred_at descending), then interaction id.

    Args:
        contact_id: Only this contact's (CON_...).
        account_id: Only this account's (ACC_...).
        case_id: Only about this case (CS_...).
        topic: Only this topic.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = "SELECT * FROM csm.interaction WHERE 1=1"
    params: list = []
    for col, val in (("contact_id", contact_id), ("account_id", account_id), ("case_id", case_id), ("topic", topic)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="occurred_at DESC, interaction_id")


@tool
def csm_flag_escalation(ctx: Ctx, case_id: str, reason: EscalationReason, note: str) -> dict:
    """Flag an active case for management attention with a reason. This is not a tier move (csm_escalate_case
    does that): the case keeps its group and assignee. A work note records the reason; a case is flagged once.

    Args:
        case_id: The case (CS_...).
        reason: urgency, vip, impact, breach_risk or customer_request.
        note: Why, in a sentence (becomes the work note).
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] not in OPEN_STATES:
        raise ToolError(f"case {c['number']} is {c['state']}; only active cases are flagged")
    if c["escalated"]:
        raise ToolError(f"case {c['number']} is already flagged for escalation ({c['escalation_reason']})")
    note = (note or "").strip()
    if not note:
        raise ToolError("note is mandatory: say why the case is escalated")
    now = ctx.timestamp()
    update_audited(ctx, "csm.support_case", "case_id", case_id, {"escalated": True, "escalation_reason": reason})
    ctx.update("csm.support_case", {"case_id": case_id}, {"updated_at": now})
    record_comment(ctx, case_id, "work_note", f"Escalation flag ({reason}): {note}")
    return ctx.one("SELECT * FROM csm.support_case WHERE case_id = ?", case_id)

"""The HR service catalog: case categories, topics, services and knowledge articles."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, require_hr


@tool
def hr_list_case_categories(ctx: Ctx, include_inactive: bool = False) -> list:
    """List HR case categories (with parent category, fulfillment group and whether cases in them are
    confidential).

    Default order: by category id, ascending.

    Args:
        include_inactive: Also list archived categories.
    """
    where = "" if include_inactive else " WHERE c.active"
    return ctx.all("SELECT c.*, g.name AS fulfillment_group_name FROM hr.case_category c "
                   "JOIN hr.hr_group g ON g.group_id = c.fulfillment_group_id" + where + " ORDER BY c.category_id")


@tool
def hr_get_case_category(ctx: Ctx, category_id: str) -> dict:
    """Get a case category with its topics and services.

    Args:
        category_id: Category id (CAT01).
    """
    c = ctx.require(ctx.one("SELECT * FROM hr.case_category WHERE category_id = ?", category_id), "category", category_id)
    c["topics"] = ctx.all("SELECT topic_id, code, name, service_id, default_priority, active FROM hr.case_topic "
                          "WHERE category_id = ? ORDER BY topic_id", category_id)
    c["services"] = ctx.all("SELECT service_id, code, name, active FROM hr.hr_service WHERE category_id = ? ORDER BY 1",
                            category_id)
    return c


@tool
def hr_list_case_topics(ctx: Ctx, category_id: str | None = None, name: str | None = None,
                        include_inactive: bool = False, limit: int = 50, offset: int = 0) -> dict:
    """Search case topics. Every topic belongs to exactly one category. Paginated.

    Default order: by topic id, ascending.

    Args:
        category_id: Only topics of this category.
        name: Case-insensitive substring of the topic name.
        include_inactive: Also list retired topics.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    conds, params = [], []
    if not include_inactive:
        conds.append("t.active")
    if category_id:
        conds.append("t.category_id = ?")
        params.append(category_id)
    if name:
        conds.append("t.name ILIKE ?")
        params.append(f"%{name}%")
    sql = ("SELECT t.*, c.name AS category_name FROM hr.case_topic t JOIN hr.case_category c USING (category_id)"
           + (" WHERE " + " AND ".join(conds) if conds else ""))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="t.topic_id")


@tool
def create_case_topic(ctx: Ctx, category_id: str, name: str, default_priority: int = 3,
                      service_id: str | None = None) -> dict:
    """Create a new case topic in an existing, active category. The topic code is generated from the category
    code. hr_admin only.

    Args:
        category_id: The existing category the topic belongs to (look it up with hr_list_case_categories).
        name: Topic name, unique within the category.
        default_priority: 1 (critical), 2 (high), 3 (normal) or 4 (low); cases under the topic start with it.
        service_id: Optional HR service that fulfils the topic; it must belong to the same category.
    """
    require_hr(ctx, admin=True)
    cat = ctx.one("SELECT * FROM hr.case_category WHERE category_id = ?", category_id)
    if cat is None:
        raise ToolError(f"category '{category_id}' not found; a topic must belong to an existing category "
                        "(use hr_list_case_categories)")
    if not cat["active"]:
        raise ToolError(f"category {category_id} ({cat['name']}) is archived; topics cannot be added to it")
    name = name.strip()
    if not name:
        raise ToolError("name must not be empty")
    if not 1 <= default_priority <= 4:
        raise ToolError("default_priority must be 1, 2, 3 or 4")
    if ctx.scalar("SELECT count(*) FROM hr.case_topic WHERE category_id = ? AND lower(name) = lower(?)", category_id, name):
        raise ToolError(f"category {category_id} already has a topic named '{name}'")
    if service_id:
        s = ctx.one("SELECT * FROM hr.hr_service WHERE service_id = ?", service_id)
        if s is None or not s["active"]:
            raise ToolError(f"service '{service_id}' not found or inactive")
        if s["category_id"] != category_id:
            raise ToolError(f"service {service_id} belongs to category {s['category_id']}, not {category_id}")
    n = ctx.scalar("SELECT count(*) FROM hr.case_topic WHERE category_id = ?", category_id) + 1
    code = f"{cat['code']}-{n:02d}"
    while ctx.scalar("SELECT count(*) FROM hr.case_topic WHERE code = ?", code):
        n += 1
        code = f"{cat['code']}-{n:02d}"
    tid = ctx.new_id("hr.case_topic", "topic_id", "TOP", 3)
    row = ctx.insert("hr.case_topic", {"topic_id": tid, "code": code, "name": name, "category_id": category_id,
                                       "service_id": service_id, "fulfillment_group_id": None,
                                       "default_priority": default_priority, "created_by": ctx.user_id,
                                       "created_at": ctx.timestamp(), "active": True})
    audit(ctx, "create_case_topic", "case_topic", tid, None, f"{code} {name} in {category_id}")
    return row


@tool
def update_case_topic(ctx: Ctx, topic_id: str, default_priority: int | None = None, active: bool | None = None) -> dict:
    """Change a topic's default priority or retire / reactivate it. hr_admin only.

    Args:
        topic_id: Topic id (TOP001).
        default_priority: New default priority: 1 (critical), 2 (high), 3 (normal) or 4 (low).
        active: False retires the topic (no new cases), True reactivates it.
    """
    require_hr(ctx, admin=True)
    t = ctx.require(ctx.one("SELECT * FROM hr.case_topic WHERE topic_id = ?", topic_id), "topic", topic_id)
    values = {}
    if default_priority is not None:
        if not 1 <= default_priority <= 4:
            raise ToolError("default_priority must be 1, 2, 3 or 4")
        values["default_priority"] = default_priority
    if active is not None:
        if active and not ctx.scalar("SELECT active FROM hr.case_category WHERE category_id = ?", t["category_id"]):
            raise ToolError(f"the topic's category {t['category_id']} is archived")
        values["active"] = active
    if not values:
        raise ToolError("nothing to update")
    ctx.update("hr.case_topic", {"topic_id": topic_id}, values)
    audit(ctx, "update_case_topic", "case_topic", topic_id, None, str(values))
    return ctx.one("SELECT * FROM hr.case_topic WHERE topic_id = ?", topic_id)


@tool
def list_hr_services(ctx: Ctx, category_id: str | None = None, include_inactive: bool = False) -> list:
    """List HR services (what employees can request): category, fulfillment group, SLA days and whether an
    approval is required (and by which group).

    Default order: by service id, ascending.

    Args:
        category_id: Only services of this category.
        include_inactive: Also list retired services.
    """
    conds, params = [], []
    if not include_inactive:
        conds.append("active")
    if category_id:
        conds.append("category_id = ?")
        params.append(category_id)
    return ctx.all("SELECT * FROM hr.hr_service" + (" WHERE " + " AND ".join(conds) if conds else "") + " ORDER BY 1",
                   *params)


@tool
def get_hr_service(ctx: Ctx, service_id: str) -> dict:
    """Get one HR service. approval_required says whether its cases need an approved approval before fulfilment;
    approver_group_id is the HR group that oversees those approvals (follow-ups, escalations, checklist
    confirmations) - it is not the approver: the approval is requested from the subject employee's manager.

    Args:
        service_id: Service id (SVC001).
    """
    return ctx.require(ctx.one("SELECT * FROM hr.hr_service WHERE service_id = ?", service_id), "service", service_id)


@tool
def hr_search_knowledge(ctx: Ctx, query: str, category_id: str | None = None, limit: int = 10, offset: int = 0) -> dict:
    """Search published HR knowledge articles by words in the title or body.

    Default order: by article id, ascending.

    Args:
        query: Words to search for (case-insensitive substring).
        category_id: Only articles of this category.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    params = [f"%{query}%", f"%{query}%"]
    sql = ("SELECT article_id, number, title, category_id, state, published_at FROM hr.knowledge_article "
           "WHERE state = 'published' AND (title ILIKE ? OR body ILIKE ?)")
    if category_id:
        sql += " AND category_id = ?"
        params.append(category_id)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="article_id")


@tool
def hr_get_knowledge_article(ctx: Ctx, article_id: str) -> dict:
    """Get a knowledge article's full text.

    Args:
        article_id: Article id (KBA001).
    """
    return ctx.require(ctx.one("SELECT * FROM hr.knowledge_article WHERE article_id = ?", article_id), "article", article_id)

"""Knowledge articles: draft -> review -> published -> retired; public vs internal visibility."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, me, nonblank, require_role, require_staff
from .incidents import load_incident

Visibility = Literal["public", "internal"]


def _article(ctx: Ctx, article_id: str) -> dict:
    kb = ctx.require(ctx.one("SELECT * FROM itsm.kb_article WHERE article_id = ?", article_id), "knowledge article", article_id)
    if me(ctx)["role"] == "reporter" and (kb["state"] != "published" or kb["visibility"] != "public"):
        raise ToolError(f"not allowed: knowledge article {article_id} is not a published public article")
    return kb


@tool
def itsm_search_knowledge(ctx: Ctx, query: str | None = None, state: Literal["draft", "review", "published", "retired"] | None = None,
                          visibility: Visibility | None = None, category_id: str | None = None, problem_id: str | None = None,
                          limit: int = 20, offset: int = 0) -> dict:
    """Search knowledge articles by words in title or body. Reporters only see published public articles.

    Default order: by number, ascending.

    Args:
        query: Words that must all appear in the title or body.
        state: Only this state.
        visibility: Only public or internal articles.
        category_id: Only this category.
        problem_id: Only articles linked to this problem.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    u = me(ctx)
    sql = ("SELECT article_id, number, title, state, visibility, category_id, problem_id, author_id, published_at, view_count "
           "FROM itsm.kb_article WHERE 1=1")
    params: list = []
    for word in (query or "").split():
        sql += " AND (title ILIKE ? OR body ILIKE ?)"
        params += [f"%{word}%", f"%{word}%"]
    for col, val in (("state", state), ("visibility", visibility), ("category_id", category_id), ("problem_id", problem_id)):
        if val is not None:
            sql += f" AND {col} = ?"
            params.append(val)
    if u["role"] == "reporter":
        sql += " AND state = 'published' AND visibility = 'public'"
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="number")


@tool
def itsm_get_knowledge_article(ctx: Ctx, article_id: str) -> dict:
    """Get a knowledge article with its body.

    Args:
        article_id: The article (KB_...), not its number.
    """
    return _article(ctx, article_id)


@tool
def itsm_create_knowledge_article(ctx: Ctx, title: str, body: str, category_id: str, visibility: Visibility = "internal",
                                  problem_id: str | None = None, ci_id: str | None = None) -> dict:
    """Write a new knowledge article (state draft). Titles must be unique among non-retired articles.

    Args:
        title: Title.
        body: Content.
        category_id: Category id (see itsm_list_categories).
        visibility: public (everyone, incl. reporters) or internal (IT staff only).
        problem_id: Problem this article documents (e.g. a known-error workaround).
        ci_id: Related configuration item.
    """
    u = require_staff(ctx, "write knowledge articles")
    title, body = nonblank(title, "title"), nonblank(body, "body")
    ctx.require(ctx.one("SELECT category_id FROM itsm.category WHERE category_id = ?", category_id), "category", category_id)
    if problem_id:
        ctx.require(ctx.one("SELECT problem_id FROM itsm.problem WHERE problem_id = ?", problem_id), "problem", problem_id)
    if ci_id:
        ctx.require(ctx.one("SELECT ci_id FROM itsm.configuration_item WHERE ci_id = ?", ci_id), "configuration item", ci_id)
    if ctx.scalar("SELECT count(*) FROM itsm.kb_article WHERE lower(title) = lower(?) AND state <> 'retired'", title):
        raise ToolError(f"an article titled '{title}' already exists")
    aid = ctx.new_id("itsm.kb_article", "article_id", "KB_", 4)
    now = ctx.timestamp()
    ctx.insert("itsm.kb_article", {"article_id": aid, "number": ctx.new_id("itsm.kb_article", "number", "KB", 7), "title": title,
                                   "body": body, "category_id": category_id, "state": "draft", "visibility": visibility,
                                   "author_id": u["user_id"], "reviewer_id": None, "problem_id": problem_id, "ci_id": ci_id,
                                   "view_count": 0, "published_at": None, "retired_at": None, "created_at": now, "updated_at": now})
    audit(ctx, "itsm.kb_article", aid, "create", {"title": title})
    return _article(ctx, aid)


@tool
def itsm_update_knowledge_article(ctx: Ctx, article_id: str, title: str | None = None, body: str | None = None,
                                  visibility: Visibility | None = None, problem_id: str | None = None) -> dict:
    """Edit a draft or in-review article (published articles must be retired and rewritten).

    Args:
        article_id: The article (KB_...).
        title: New title.
        body: New content.
        visibility: New visibility.
        problem_id: Problem this article documents.
    """
    require_staff(ctx, "edit knowledge articles")
    kb = _article(ctx, article_id)
    if kb["state"] not in ("draft", "review"):
        raise ToolError(f"article {kb['number']} is {kb['state']}; only draft or review articles can be edited")
    values: dict = {}
    if title is not None:
        values["title"] = nonblank(title, "title")
    if body is not None:
        values["body"] = nonblank(body, "body")
    if visibility is not None:
        values["visibility"] = visibility
    if problem_id is not None:
        ctx.require(ctx.one("SELECT problem_id FROM itsm.problem WHERE problem_id = ?", problem_id), "problem", problem_id)
        values["problem_id"] = problem_id
    if not values:
        raise ToolError("nothing to change")
    values["updated_at"] = ctx.timestamp()
    ctx.update("itsm.kb_article", {"article_id": article_id}, values)
    audit(ctx, "itsm.kb_article", article_id, "update", {k: str(v) for k, v in values.items() if k != "body"})
    return _article(ctx, article_id)


@tool
def itsm_submit_knowledge_for_review(ctx: Ctx, article_id: str) -> dict:
    """Submit a draft article for review.

    Args:
        article_id: The article (KB_...).
    """
    require_staff(ctx, "submit knowledge articles")
    kb = _article(ctx, article_id)
    if kb["state"] != "draft":
        raise ToolError(f"article {kb['number']} is {kb['state']}; only drafts can be submitted for review")
    ctx.update("itsm.kb_article", {"article_id": article_id}, {"state": "review", "updated_at": ctx.timestamp()})
    audit(ctx, "itsm.kb_article", article_id, "state_change", {"state": ["draft", "review"]})
    return _article(ctx, article_id)


@tool
def itsm_publish_knowledge_article(ctx: Ctx, article_id: str) -> dict:
    """Publish an article that is in review. Managers and admins only, and never the article's author.

    Args:
        article_id: The article (KB_...).
    """
    u = require_role(ctx, ("manager", "admin"), "publish knowledge articles")
    kb = _article(ctx, article_id)
    if kb["state"] != "review":
        raise ToolError(f"article {kb['number']} is {kb['state']}; only articles in review can be published")
    if kb["author_id"] == u["user_id"]:
        raise ToolError("not allowed: authors cannot publish their own articles; another reviewer must publish it")
    now = ctx.timestamp()
    ctx.update("itsm.kb_article", {"article_id": article_id},
               {"state": "published", "reviewer_id": u["user_id"], "published_at": now, "updated_at": now})
    audit(ctx, "itsm.kb_article", article_id, "publish", {"state": ["review", "published"]})
    return _article(ctx, article_id)


@tool
def itsm_retire_knowledge_article(ctx: Ctx, article_id: str, reason: str) -> dict:
    """Retire a published article. Managers and admins only.

    Args:
        article_id: The article (KB_...).
        reason: Why it is retired.
    """
    require_role(ctx, ("manager", "admin"), "retire knowledge articles")
    reason = nonblank(reason, "reason")
    kb = _article(ctx, article_id)
    if kb["state"] != "published":
        raise ToolError(f"article {kb['number']} is {kb['state']}; only published articles can be retired")
    now = ctx.timestamp()
    ctx.update("itsm.kb_article", {"article_id": article_id}, {"state": "retired", "retired_at": now, "updated_at": now})
    audit(ctx, "itsm.kb_article", article_id, "retire", {"state": ["published", "retired"], "reason": reason})
    return _article(ctx, article_id)


@tool
def attach_knowledge_to_incident(ctx: Ctx, incident_id: str, article_id: str,
                                 purpose: Literal["suggested", "applied", "resolution"] = "applied") -> dict:
    """Attach a published knowledge article to an incident, saying what it is to the incident.

    Args:
        incident_id: The incident (INC_...).
        article_id: The article (KB_...).
        purpose: suggested (may help, not yet tried), applied (used while working the incident) or resolution
            (the article that resolved it).
    """
    u = require_staff(ctx, "attach knowledge")
    inc = load_incident(ctx, incident_id)
    kb = _article(ctx, article_id)
    if kb["state"] != "published":
        raise ToolError(f"article {kb['number']} is {kb['state']}; only published articles can be attached")
    if ctx.scalar("SELECT count(*) FROM itsm.incident_kb WHERE incident_id = ? AND article_id = ?", incident_id, article_id):
        raise ToolError(f"article {kb['number']} is already attached to {inc['number']}")
    ctx.insert("itsm.incident_kb", {"incident_id": incident_id, "article_id": article_id, "attached_by": u["user_id"],
                                    "attached_at": ctx.timestamp(), "purpose": purpose})
    audit(ctx, "itsm.incident_kb", f"{incident_id}:{article_id}", "attach", {"purpose": purpose})
    return {"incident_id": incident_id, "article_id": article_id, "article_number": kb["number"], "purpose": purpose,
            "attached": True}


@tool
def list_incident_knowledge(ctx: Ctx, incident_id: str) -> list:
    """Knowledge articles attached to an incident.

    Default order: by article number, ascending.

    Args:
        incident_id: The incident (INC_...).
    """
    load_incident(ctx, incident_id)
    return ctx.all("SELECT k.article_id, k.number, k.title, k.state, k.visibility, l.purpose, l.attached_at FROM itsm.incident_kb l "
                   "JOIN itsm.kb_article k USING (article_id) WHERE l.incident_id = ? ORDER BY k.number", incident_id)

"""Knowledge articles and their links to cases ('suggested' by the system vs 'attached' by the agent)."""

from __future__ import annotations

import re
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import actor, audit, case_row, get_row, like

_STOP = {"the", "a", "an", "and", "or", "of", "to", "in", "on", "after", "for", "with", "is", "at", "by", "not",
         "from", "every", "few", "under", "above", "than", "helix", "stratus", "meridian", "nimbus"}


def _words(text: str) -> list[str]:
    """Content words, crudely stemmed to their first five letters (so 'lagging' matches 'lag')."""
    return [w[:5] for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2 and w not in _STOP]


@tool
def csm_search_knowledge(ctx: Ctx, query: str | None = None, product_id: str | None = None,
                         state: Literal["draft", "published", "retired"] | None = None,
                         limit: int = 20, offset: int = 0) -> dict:
    """Search knowledge articles by words in the title/keywords/body, product or state.

    Default order: by article id, ascending.

    Args:
        query: Words to look for; every word must appear in title, keywords or body.
        product_id: Only articles for this product.
        state: draft, published or retired.
        limit: Page size (1-100).
        offset: Rows to skip.
    """
    sql = ("SELECT article_id, number, title, product_id, state, published_at FROM csm.knowledge_article WHERE 1=1")
    params: list = []
    for w in (query or "").split():
        sql += " AND (title ILIKE ? OR keywords ILIKE ? OR body ILIKE ?)"
        params += [like(w)] * 3
    if product_id:
        sql += " AND product_id = ?"
        params.append(product_id)
    if state:
        sql += " AND state = ?"
        params.append(state)
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="article_id")


@tool
def csm_get_knowledge_article(ctx: Ctx, article_id: str | None = None, number: str | None = None) -> dict:
    """Get a knowledge article by id or number.

    Args:
        article_id: The article's id (KBA_...).
        number: The article number (KB00.....).
    """
    if article_id:
        return get_row(ctx, "csm.knowledge_article", "article_id", article_id, "knowledge article")
    if number:
        return get_row(ctx, "csm.knowledge_article", "number", number.strip().upper(), "knowledge article")
    raise ToolError("give article_id or number")


@tool
def csm_suggest_articles(ctx: Ctx, case_id: str, limit: int = 5) -> list:
    """The knowledge engine's suggestions for a case: published articles for the case's product ranked by how many
    words they share with the case's short description. Suggestions are not linked automatically.

    Default order: by article id, ascending.

    Args:
        case_id: The case's id (CS_...).
        limit: How many suggestions (1-10).
    """
    c = case_row(ctx, case_id)
    if not 1 <= limit <= 10:
        raise ToolError("limit must be between 1 and 10")
    words = set(_words(c["short_description"]))
    rows = ctx.all("SELECT article_id, number, title, keywords FROM csm.knowledge_article WHERE state = 'published' "
                   "AND product_id = ? ORDER BY article_id", c["product_id"])
    scored = []
    for r in rows:
        score = len(words & set(_words(r["title"] + " " + (r["keywords"] or ""))))
        if score:
            scored.append({"article_id": r["article_id"], "number": r["number"], "title": r["title"], "score": score})
    scored.sort(key=lambda r: (-r["score"], r["article_id"]))
    return scored[:limit]


@tool
def csm_link_article_to_case(ctx: Ctx, case_id: str, article_id: str, link_type: Literal["suggested", "attached"]) -> dict:
    """Link a published knowledge article to a case. Per policy: 'suggested' for an article the knowledge engine
    proposed, 'attached' for one the agent chose and shared with the customer. Linking an already-linked article
    changes its link type.

    Args:
        case_id: The case's id (CS_...).
        article_id: The article (KBA_...).
        link_type: suggested or attached.
    """
    actor(ctx)
    c = case_row(ctx, case_id)
    if c["state"] in ("closed", "cancelled"):
        raise ToolError(f"case {c['number']} is {c['state']}")
    art = get_row(ctx, "csm.knowledge_article", "article_id", article_id, "knowledge article")
    if art["state"] != "published":
        raise ToolError(f"article {art['number']} is {art['state']}; only published articles can be linked")
    old = ctx.one("SELECT link_type FROM csm.case_article WHERE case_id = ? AND article_id = ?", case_id, article_id)
    now = ctx.timestamp()
    if old:
        if old["link_type"] == link_type:
            raise ToolError(f"article {art['number']} is already linked to the case as {link_type}")
        ctx.update("csm.case_article", {"case_id": case_id, "article_id": article_id},
                   {"link_type": link_type, "linked_by": ctx.user_id, "linked_at": now})
        audit(ctx, "case_article", f"{case_id}/{article_id}", "update", {"link_type": [old["link_type"], link_type]})
    else:
        ctx.insert("csm.case_article", {"case_id": case_id, "article_id": article_id, "link_type": link_type,
                                        "linked_by": ctx.user_id, "linked_at": now})
        audit(ctx, "case_article", f"{case_id}/{article_id}", "create", {"link_type": link_type})
    return {"case_id": case_id, "article_id": article_id, "number": art["number"], "link_type": link_type}


@tool
def csm_unlink_article_from_case(ctx: Ctx, case_id: str, article_id: str) -> dict:
    """Remove a knowledge article link from a case.

    Args:
        case_id: The case's id (CS_...).
        article_id: The article (KBA_...).
    """
    actor(ctx)
    case_row(ctx, case_id)
    if not ctx.delete("csm.case_article", {"case_id": case_id, "article_id": article_id}):
        raise ToolError(f"article {article_id} is not linked to case {case_id}")
    audit(ctx, "case_article", f"{case_id}/{article_id}", "delete")
    return {"case_id": case_id, "article_id": article_id, "removed": True}


@tool
def csm_list_case_articles(ctx: Ctx, case_id: str) -> list:
    """List the knowledge articles linked to a case with their link type.

    Default order: by article id, ascending.

    Args:
        case_id: The case's id (CS_...).
    """
    case_row(ctx, case_id)
    return ctx.all("SELECT ca.article_id, k.number, k.title, ca.link_type, ca.linked_by, ca.linked_at "
                   "FROM csm.case_article ca JOIN csm.knowledge_article k USING (article_id) WHERE ca.case_id = ? "
                   "ORDER BY ca.article_id", case_id)

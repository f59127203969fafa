"""Chats (one-on-one and group): create, topic, members, messages and pinned messages."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, chat, check_text, is_admin, message, parse_ts, principal, require_chat_member, require_signed_in
from .messages import _COLS, _FROM, _details, _insert, _mentions


@tool
def teams_list_chats(ctx: Ctx, user_id: str | None = None, chat_type: Literal["oneOnOne", "group", "meeting"] | None = None,
                     topic: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List the chats of a user (default: the signed-in user; administrators may list anyone's), most recently
    updated first, with their members' names.

    Default order: most recently updated first.

    Args:
        user_id: Person id whose chats to list.
        chat_type: Only this kind of chat.
        topic: Case-insensitive substring of the topic.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_signed_in(ctx)
    who = user_id or ctx.user_id
    if who != ctx.user_id and not is_admin(ctx):
        raise ToolError("not allowed: only administrators can list another user's chats")
    conds, params = ["c.chat_id IN (SELECT chat_id FROM teams.chat_member WHERE person_id = ?)"], [who]
    if chat_type:
        conds.append("c.chat_type = ?")
        params.append(chat_type)
    if topic:
        conds.append("c.topic ILIKE ?")
        params.append(f"%{topic}%")
    sql = ("SELECT c.chat_id, c.chat_type, c.topic, c.created_at, c.last_updated_at, "
           "(SELECT list(coalesce(a.display_name, e.display_name) ORDER BY cm.membership_id) FROM teams.chat_member cm "
           "LEFT JOIN teams.user_account a USING (person_id) LEFT JOIN teams.external_user e USING (external_id) "
           "WHERE cm.chat_id = c.chat_id) AS members FROM teams.chat c WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="last_updated_at DESC, chat_id")


@tool
def teams_get_chat(ctx: Ctx, chat_id: str) -> dict:
    """Get a chat with its members.

    Args:
        chat_id: Chat id (CHAT0012).
    """
    c = chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    c["members"] = teams_list_chat_members.fn(ctx, chat_id)
    return c


def _add_member(ctx: Ctx, chat_id: str, user_id: str, history_from=None) -> dict:
    p = principal(ctx, user_id)
    if p["kind"] == "user":
        if not p["account_enabled"]:
            raise ToolError(f"{user_id} ({p['display_name']}) has a disabled account")
    elif p["domain_rule"] == "blocked" or p["invitation_state"] == "revoked":
        raise ToolError(f"{user_id} ({p['email']}) cannot be added: their domain is blocked or access was revoked")
    col = "person_id" if p["kind"] == "user" else "external_id"
    if ctx.scalar(f"SELECT count(*) FROM teams.chat_member WHERE chat_id = ? AND {col} = ?", chat_id, user_id):
        raise ToolError(f"{user_id} is already in chat {chat_id}")
    return ctx.insert("teams.chat_member", {
        "membership_id": ctx.new_id("teams.chat_member", "membership_id", "CHM", 5), "chat_id": chat_id,
        "person_id": p["person_id"], "external_id": p["external_id"], "role": "owner" if p["kind"] == "user" else "guest",
        "visible_history_start": history_from, "added_at": ctx.timestamp()})


@tool
def teams_create_chat(ctx: Ctx, chat_type: Literal["oneOnOne", "group"], member_ids: list[str],
                      topic: str | None = None) -> dict:
    """Create a chat with the signed-in user and the given people. A one-on-one chat has exactly one other
    member (an existing one-on-one chat between the two is returned instead); a group chat has 2+ others and
    may have a topic.

    Args:
        chat_type: oneOnOne or group.
        member_ids: The other members (person ids, or external ids of allowed domains).
        topic: Group chat topic.
    """
    require_signed_in(ctx)
    others = [m for m in dict.fromkeys(member_ids) if m != ctx.user_id]
    if chat_type == "oneOnOne":
        if len(others) != 1:
            raise ToolError("a one-on-one chat has exactly one other member")
        if topic:
            raise ToolError("one-on-one chats have no topic")
        existing = ctx.scalar(
            "SELECT c.chat_id FROM teams.chat c WHERE c.chat_type = 'oneOnOne' AND "
            "(SELECT count(*) FROM teams.chat_member m WHERE m.chat_id = c.chat_id AND "
            "coalesce(m.person_id, m.external_id) IN (?, ?)) = 2", ctx.user_id, others[0])
        if existing:
            return teams_get_chat.fn(ctx, existing)
    elif len(others) < 2:
        raise ToolError("a group chat needs at least two other members")
    if topic is not None:
        check_text(topic, "topic", 250)
    cid = ctx.new_id("teams.chat", "chat_id", "CHAT", 4)
    ctx.insert("teams.chat", {"chat_id": cid, "chat_type": chat_type, "topic": topic, "created_by": ctx.user_id,
                              "created_at": ctx.timestamp(), "last_updated_at": ctx.timestamp()})
    for m in [ctx.user_id] + others:
        _add_member(ctx, cid, m)
    audit(ctx, "teams_create_chat", "chat", cid, None, f"{chat_type} with {', '.join(others)}")
    return teams_get_chat.fn(ctx, cid)


@tool
def teams_update_chat(ctx: Ctx, chat_id: str, topic: str) -> dict:
    """Rename a group chat (set its topic).

    Args:
        chat_id: Chat id.
        topic: The new topic.
    """
    c = chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    if c["chat_type"] != "group":
        raise ToolError("only group chats have a topic")
    check_text(topic, "topic", 250)
    ctx.update("teams.chat", {"chat_id": chat_id}, {"topic": topic, "last_updated_at": ctx.timestamp()})
    audit(ctx, "teams_update_chat", "chat", chat_id, None, topic)
    return teams_get_chat.fn(ctx, chat_id)


@tool
def teams_list_chat_members(ctx: Ctx, chat_id: str) -> list:
    """The members of a chat, in the order they joined. `role` is the chat role (owner for our own people, guest for
    anyone from outside); `user_type` is internal, or an outside person's type (guest or external), which decides
    where they may join.

    Args:
        chat_id: Chat id.
    """
    chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    return ctx.all("SELECT m.membership_id, m.person_id, m.external_id, coalesce(a.display_name, e.display_name) AS "
                   "display_name, coalesce(a.user_principal_name, e.email) AS email, m.role, "
                   "CASE WHEN m.person_id IS NOT NULL THEN 'internal' ELSE e.user_type END AS user_type, "
                   "m.visible_history_start "
                   "FROM teams.chat_member m LEFT JOIN teams.user_account a USING (person_id) "
                   "LEFT JOIN teams.external_user e USING (external_id) WHERE m.chat_id = ? ORDER BY m.membership_id",
                   chat_id)


@tool
def teams_add_chat_member(ctx: Ctx, chat_id: str, user_id: str, share_history_since: str | None = None) -> dict:
    """Add someone to a group chat, optionally sharing the history since a date-time.

    Args:
        chat_id: Chat id.
        user_id: Person id or external id.
        share_history_since: ISO date-time from which the new member sees earlier messages.
    """
    c = chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    if c["chat_type"] != "group":
        raise ToolError("members can only be added to group chats (create a group chat instead)")
    since = parse_ts(share_history_since, "share_history_since") if share_history_since else None
    row = _add_member(ctx, chat_id, user_id, since)
    ctx.update("teams.chat", {"chat_id": chat_id}, {"last_updated_at": ctx.timestamp()})
    audit(ctx, "teams_add_chat_member", "chat", chat_id, None, user_id)
    return row


@tool
def teams_remove_chat_member(ctx: Ctx, chat_id: str, membership_id: str) -> dict:
    """Remove someone from a group chat (a group chat keeps at least two members).

    Args:
        chat_id: Chat id.
        membership_id: The chat membership (CHM00012).
    """
    c = chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    if c["chat_type"] != "group":
        raise ToolError("members cannot be removed from one-on-one chats")
    if not ctx.scalar("SELECT count(*) FROM teams.chat_member WHERE chat_id = ? AND membership_id = ?", chat_id, membership_id):
        raise ToolError(f"membership '{membership_id}' not found in chat {chat_id}")
    if ctx.scalar("SELECT count(*) FROM teams.chat_member WHERE chat_id = ?", chat_id) <= 2:
        raise ToolError("a group chat keeps at least two members")
    ctx.delete("teams.chat_member", {"membership_id": membership_id})
    audit(ctx, "teams_remove_chat_member", "chat", chat_id, None, membership_id)
    return {"chat_id": chat_id, "membership_id": membership_id, "removed": True}


@tool
def teams_list_chat_messages(ctx: Ctx, chat_id: str, limit: int = 20, offset: int = 0) -> dict:
    """A chat's messages, newest first (soft-deleted ones without body).

    Args:
        chat_id: Chat id.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    return ctx.page("SELECT * FROM (SELECT " + _COLS + _FROM + " WHERE m.chat_id = ?) q", [chat_id], limit=limit, offset=offset,
                    order_by="created_at DESC, message_id DESC")


@tool
def teams_send_chat_message(ctx: Ctx, chat_id: str, body: str, subject: str | None = None,
                            importance: Literal["normal", "high", "urgent"] = "normal",
                            mention_user_ids: list[str] | None = None) -> dict:
    """Send a message in a chat as the signed-in user.

    Args:
        chat_id: Chat id.
        body: Message text.
        subject: Optional subject.
        importance: normal, high or urgent.
        mention_user_ids: Chat members to @mention.
    """
    chat(ctx, chat_id)
    if not ctx.scalar("SELECT count(*) FROM teams.chat_member WHERE chat_id = ? AND person_id = ?", chat_id, ctx.user_id):
        raise ToolError(f"not allowed: you are not a member of chat {chat_id}")
    mid = _insert(ctx, body, subject, importance, chat_id=chat_id)
    members = {r["person_id"] for r in ctx.all("SELECT person_id FROM teams.chat_member WHERE chat_id = ? "
                                               "AND person_id IS NOT NULL", chat_id)}
    _mentions(ctx, mid, None, mention_user_ids, None, members)
    ctx.update("teams.chat", {"chat_id": chat_id}, {"last_updated_at": ctx.timestamp()})
    audit(ctx, "teams_send_chat_message", "message", mid, None, f"in {chat_id}")
    return _details(ctx, mid)


@tool
def teams_list_pinned_messages(ctx: Ctx, chat_id: str) -> list:
    """The pinned messages of a chat, most recently pinned first, with their full text.

    Default order: most recently pinned first.

    Args:
        chat_id: Chat id.
    """
    chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    return ctx.all("SELECT p.pin_id, p.pinned_by, p.pinned_at, m.message_id, m.from_person_id, m.subject, m.body, m.etag "
                   "FROM teams.pinned_message p JOIN teams.message m USING (message_id) WHERE p.chat_id = ? "
                   "ORDER BY p.pinned_at DESC, p.pin_id DESC", chat_id)


@tool
def teams_pin_chat_message(ctx: Ctx, chat_id: str, message_id: str) -> dict:
    """Pin a message of the chat.

    Args:
        chat_id: Chat id.
        message_id: A message of this chat.
    """
    chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    msg = message(ctx, message_id)
    if msg["chat_id"] != chat_id:
        raise ToolError(f"{message_id} is not a message of chat {chat_id}")
    if msg["deleted_at"]:
        raise ToolError(f"{message_id} is deleted")
    if ctx.scalar("SELECT count(*) FROM teams.pinned_message WHERE chat_id = ? AND message_id = ?", chat_id, message_id):
        raise ToolError(f"{message_id} is already pinned")
    row = ctx.insert("teams.pinned_message", {"pin_id": ctx.new_id("teams.pinned_message", "pin_id", "PIN", 4),
                                              "chat_id": chat_id, "message_id": message_id, "pinned_by": ctx.user_id,
                                              "pinned_at": ctx.timestamp()})
    audit(ctx, "teams_pin_chat_message", "chat", chat_id, None, message_id)
    return row


@tool
def teams_unpin_chat_message(ctx: Ctx, chat_id: str, pin_id: str) -> dict:
    """Unpin a pinned chat message.

    Args:
        chat_id: Chat id.
        pin_id: The pin (PIN0003) from teams_list_pinned_messages.
    """
    chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    if not ctx.delete("teams.pinned_message", {"pin_id": pin_id, "chat_id": chat_id}):
        raise ToolError(f"pin '{pin_id}' not found in chat {chat_id}")
    audit(ctx, "teams_unpin_chat_message", "chat", chat_id, None, pin_id)
    return {"chat_id": chat_id, "pin_id": pin_id, "removed": True}

"""Channel and chat messages: list, get, send, reply, edit, soft delete / undo, reactions, mentions, search."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (account, audit, chat, check_text, is_admin, message, parse_ts, require_channel_access,
                     require_chat_member, channel, team, team_role, writable_channel)

Importance = Literal["normal", "high", "urgent"]
Reaction = Literal["like", "heart", "laugh", "surprised", "sad", "angry"]
_COLS = ("m.message_id, m.channel_id, m.chat_id, m.reply_to_id, m.from_person_id, m.from_external_id, "
         "coalesce(a.display_name, e.display_name) AS from_name, m.subject, "
         "CASE WHEN m.deleted_at IS NULL THEN m.body ELSE NULL END AS body, m.importance, m.etag, m.created_at, "
         "m.last_edited_at, m.deleted_at")
_FROM = (" FROM teams.message m LEFT JOIN teams.user_account a ON a.person_id = m.from_person_id "
         "LEFT JOIN teams.external_user e ON e.external_id = m.from_external_id")


def _details(ctx: Ctx, mid: str) -> dict:
    row = ctx.one("SELECT " + _COLS + _FROM + " WHERE m.message_id = ?", mid)
    row["mentions"] = ctx.all("SELECT mention_type, person_id, tag_id, mention_text FROM teams.message_mention "
                              "WHERE message_id = ? ORDER BY mention_id", mid)
    row["reactions"] = ctx.all("SELECT person_id, reaction_type FROM teams.message_reaction WHERE message_id = ? "
                               "ORDER BY person_id, reaction_type", mid)
    row["reply_count"] = ctx.scalar("SELECT count(*) FROM teams.message WHERE reply_to_id = ?", mid)
    return row


def _check_access(ctx: Ctx, msg: dict) -> None:
    if msg["channel_id"]:
        require_channel_access(ctx, channel(ctx, msg["channel_id"], include_deleted=True))
    else:
        require_chat_member(ctx, msg["chat_id"])


@tool
def teams_list_channel_messages(ctx: Ctx, channel_id: str, since: str | None = None, include_deleted: bool = False,
                                limit: int = 20, offset: int = 0) -> dict:
    """List a channel's top-level posts (not replies), newest first. Soft-deleted posts have no body.

    Args:
        channel_id: Channel id.
        since: Only posts created at or after this ISO date-time.
        include_deleted: Include soft-deleted posts.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    ch = channel(ctx, channel_id)
    require_channel_access(ctx, ch)
    conds, params = ["m.channel_id = ?", "m.reply_to_id IS NULL"], [channel_id]
    if since:
        conds.append("m.created_at >= ?")
        params.append(parse_ts(since, "since"))
    if not include_deleted:
        conds.append("m.deleted_at IS NULL")
    sql = ("SELECT " + _COLS + ", (SELECT count(*) FROM teams.message r WHERE r.reply_to_id = m.message_id) AS reply_count"
           + _FROM + " WHERE " + " AND ".join(conds))
    return ctx.page("SELECT * FROM (" + sql + ") q", params, limit=limit, offset=offset,
                    order_by="created_at DESC, message_id DESC")


@tool
def teams_get_message(ctx: Ctx, message_id: str) -> dict:
    """Get a message with its mentions, reactions and reply count.

    Args:
        message_id: Message id (MSG000123).
    """
    msg = message(ctx, message_id)
    _check_access(ctx, msg)
    return _details(ctx, message_id)


@tool
def teams_list_message_replies(ctx: Ctx, message_id: str, limit: int = 50, offset: int = 0) -> dict:
    """The replies to a channel post, oldest first.

    Args:
        message_id: The top-level post.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    msg = message(ctx, message_id)
    _check_access(ctx, msg)
    return ctx.page("SELECT * FROM (SELECT " + _COLS + _FROM + " WHERE m.reply_to_id = ?) q", [message_id], limit=limit, offset=offset,
                    order_by="created_at, message_id")


def _mentions(ctx: Ctx, mid: str, team_id: str | None, user_ids: list[str] | None, tag_ids: list[str] | None,
              audience: set[str] | None) -> None:
    for p in user_ids or []:
        acc = account(ctx, p)
        if audience is not None and p not in audience:
            raise ToolError(f"{p} ({acc['display_name']}) cannot be mentioned: not a member of this conversation")
        ctx.insert("teams.message_mention", {"mention_id": ctx.new_id("teams.message_mention", "mention_id", "MEN", 5),
                                             "message_id": mid, "mention_type": "user", "person_id": p, "tag_id": None,
                                             "mention_text": acc["display_name"]})
    for tag_id in tag_ids or []:
        tag = ctx.one("SELECT * FROM teams.tag WHERE tag_id = ?", tag_id)
        if tag is None or tag["team_id"] != team_id:
            raise ToolError(f"tag '{tag_id}' not found in this team (use teams_list_tags)")
        ctx.insert("teams.message_mention", {"mention_id": ctx.new_id("teams.message_mention", "mention_id", "MEN", 5),
                                             "message_id": mid, "mention_type": "tag", "person_id": None, "tag_id": tag_id,
                                             "mention_text": tag["display_name"]})


def _audience(ctx: Ctx, ch: dict) -> set[str]:
    if ch["membership_type"] == "standard":
        return {r["person_id"] for r in ctx.all("SELECT person_id FROM teams.team_member WHERE team_id = ? "
                                                "AND person_id IS NOT NULL", ch["team_id"])}
    return {r["person_id"] for r in ctx.all("SELECT person_id FROM teams.channel_member WHERE channel_id = ? "
                                            "AND person_id IS NOT NULL", ch["channel_id"])}


def _insert(ctx: Ctx, body: str, subject: str | None, importance: str, channel_id: str | None = None,
            chat_id: str | None = None, reply_to: str | None = None) -> str:
    check_text(body, "body", 28000)
    if subject is not None:
        check_text(subject, "subject", 255)
    mid = ctx.new_id("teams.message", "message_id", "MSG", 6)
    ctx.insert("teams.message", {"message_id": mid, "channel_id": channel_id, "chat_id": chat_id, "reply_to_id": reply_to,
                                 "from_person_id": ctx.user_id, "from_external_id": None, "subject": subject, "body": body,
                                 "content_type": "html" if body.lstrip().startswith("<") else "text",
                                 "importance": importance, "etag": 1, "created_at": ctx.timestamp(),
                                 "last_edited_at": None, "deleted_at": None})
    return mid


@tool
def teams_send_channel_message(ctx: Ctx, channel_id: str, body: str, subject: str | None = None,
                               importance: Importance = "normal", mention_user_ids: list[str] | None = None,
                               mention_tag_ids: list[str] | None = None) -> dict:
    """Post a new thread in a channel as the signed-in user, optionally @mentioning people or tags.

    Args:
        channel_id: Channel id.
        body: Message text (plain text or HTML).
        subject: Optional subject line of the post.
        importance: normal, high or urgent.
        mention_user_ids: Person ids to @mention (members of the channel).
        mention_tag_ids: Tag ids of this team to @mention (TAG0012).
    """
    ch, t = writable_channel(ctx, channel_id)
    require_channel_access(ctx, ch)
    mid = _insert(ctx, body, subject, importance, channel_id=channel_id)
    _mentions(ctx, mid, ch["team_id"], mention_user_ids, mention_tag_ids, _audience(ctx, ch))
    ctx.update("teams.team", {"team_id": t["team_id"]}, {"last_activity_at": ctx.timestamp()})
    audit(ctx, "teams_send_channel_message", "message", mid, t["team_id"], f"in {channel_id}")
    return _details(ctx, mid)


@tool
def teams_reply_to_message(ctx: Ctx, message_id: str, body: str, importance: Importance = "normal",
                           mention_user_ids: list[str] | None = None) -> dict:
    """Reply to a top-level channel post.

    Args:
        message_id: The post to reply to.
        body: Reply text.
        importance: normal, high or urgent.
        mention_user_ids: Person ids to @mention.
    """
    msg = message(ctx, message_id)
    if not msg["channel_id"]:
        raise ToolError("chat messages have no reply threads; send a chat message instead")
    if msg["reply_to_id"]:
        raise ToolError(f"{message_id} is itself a reply; reply to the top-level post {msg['reply_to_id']}")
    if msg["deleted_at"]:
        raise ToolError(f"{message_id} is deleted")
    ch, t = writable_channel(ctx, msg["channel_id"])
    require_channel_access(ctx, ch)
    mid = _insert(ctx, body, None, importance, channel_id=ch["channel_id"], reply_to=message_id)
    _mentions(ctx, mid, ch["team_id"], mention_user_ids, None, _audience(ctx, ch))
    audit(ctx, "teams_reply_to_message", "message", mid, t["team_id"], f"reply to {message_id}")
    return _details(ctx, mid)


def _team_of(ctx: Ctx, msg: dict) -> dict | None:
    if not msg["channel_id"]:
        return None
    ch, t = writable_channel(ctx, msg["channel_id"])
    return t


@tool
def teams_update_message(ctx: Ctx, message_id: str, body: str | None = None, subject: str | None = None,
                         importance: Importance | None = None, etag: int | None = None) -> dict:
    """Edit your own message (channel or chat). Give the etag you read to guard against concurrent edits.

    Args:
        message_id: Message id.
        body: The new text (replaces the body).
        subject: New subject.
        importance: New importance.
        etag: The version you read; the edit fails if the message changed since.
    """
    msg = message(ctx, message_id)
    if msg["deleted_at"]:
        raise ToolError(f"{message_id} is deleted; undo the deletion first")
    if msg["from_person_id"] != ctx.user_id:
        raise ToolError(f"not allowed: only the author ({msg['from_person_id'] or msg['from_external_id']}) can edit "
                        f"{message_id}")
    t = _team_of(ctx, msg)
    if t and not t["allow_user_edit_messages"]:
        raise ToolError(f"team {t['team_id']} does not allow editing messages")
    if etag is not None and etag != msg["etag"]:
        raise ToolError(f"etag mismatch: {message_id} is at etag {msg['etag']}; re-read it")
    values = {k: v for k, v in {"body": body, "subject": subject, "importance": importance}.items() if v is not None}
    if not values:
        raise ToolError("nothing to update")
    if body is not None:
        check_text(body, "body", 28000)
    ctx.update("teams.message", {"message_id": message_id}, {**values, "etag": msg["etag"] + 1,
                                                             "last_edited_at": ctx.timestamp()})
    audit(ctx, "teams_update_message", "message", message_id, t["team_id"] if t else None, ", ".join(sorted(values)))
    return _details(ctx, message_id)


@tool
def teams_soft_delete_message(ctx: Ctx, message_id: str) -> dict:
    """Soft-delete a message (restorable for 21 days). Authors delete their own when the team allows it;
    team owners and administrators may delete others' channel messages when the team allows owner deletion.

    Args:
        message_id: Message id.
    """
    msg = message(ctx, message_id)
    if msg["deleted_at"]:
        raise ToolError(f"{message_id} is already deleted")
    t = _team_of(ctx, msg)
    own = msg["from_person_id"] == ctx.user_id
    if t:
        if own and not t["allow_user_delete_messages"] and team_role(ctx, t["team_id"]) != "owner":
            raise ToolError(f"team {t['team_id']} does not allow members to delete their messages")
        if not own:
            if not (is_admin(ctx) or team_role(ctx, t["team_id"]) == "owner"):
                raise ToolError("not allowed: only the author, a team owner or an administrator can delete this message")
            if not t["allow_owner_delete_messages"]:
                raise ToolError(f"team {t['team_id']} does not allow owners to delete members' messages")
    elif not own:
        raise ToolError("not allowed: only the author can delete a chat message")
    ctx.update("teams.message", {"message_id": message_id}, {"deleted_at": ctx.timestamp()})
    audit(ctx, "teams_soft_delete_message", "message", message_id, t["team_id"] if t else None, None)
    return {"message_id": message_id, "deleted": True}


@tool
def teams_undo_soft_delete_message(ctx: Ctx, message_id: str) -> dict:
    """Restore a soft-deleted message (within 21 days of deletion).

    Args:
        message_id: Message id.
    """
    msg = message(ctx, message_id)
    if not msg["deleted_at"]:
        raise ToolError(f"{message_id} is not deleted")
    if dt.datetime.fromisoformat(msg["deleted_at"]) < ctx.timestamp() - dt.timedelta(days=21):
        raise ToolError(f"{message_id} was deleted on {msg['deleted_at'][:10]}, more than 21 days ago")
    t = _team_of(ctx, msg)
    if msg["from_person_id"] != ctx.user_id and not (is_admin(ctx) or (t and team_role(ctx, t["team_id"]) == "owner")):
        raise ToolError("not allowed: only the author, a team owner or an administrator can restore this message")
    ctx.update("teams.message", {"message_id": message_id}, {"deleted_at": None})
    audit(ctx, "teams_undo_soft_delete_message", "message", message_id, t["team_id"] if t else None, None)
    return _details(ctx, message_id)


@tool
def teams_set_reaction(ctx: Ctx, message_id: str, reaction_type: Reaction) -> dict:
    """React to a message as the signed-in user.

    Args:
        message_id: Message id.
        reaction_type: like, heart, laugh, surprised, sad or angry.
    """
    msg = message(ctx, message_id)
    _check_access(ctx, msg)
    if msg["deleted_at"]:
        raise ToolError(f"{message_id} is deleted")
    _team_of(ctx, msg)
    if ctx.scalar("SELECT count(*) FROM teams.message_reaction WHERE message_id = ? AND person_id = ? AND reaction_type = ?",
                  message_id, ctx.user_id, reaction_type):
        raise ToolError(f"you already reacted with {reaction_type}")
    ctx.insert("teams.message_reaction", {"message_id": message_id, "person_id": ctx.user_id,
                                          "reaction_type": reaction_type, "created_at": ctx.timestamp()})
    return _details(ctx, message_id)


@tool
def teams_unset_reaction(ctx: Ctx, message_id: str, reaction_type: Reaction) -> dict:
    """Remove your reaction from a message.

    Args:
        message_id: Message id.
        reaction_type: The reaction to remove.
    """
    msg = message(ctx, message_id)
    _team_of(ctx, msg)
    if not ctx.delete("teams.message_reaction", {"message_id": message_id, "person_id": ctx.user_id,
                                                 "reaction_type": reaction_type}):
        raise ToolError(f"you have no {reaction_type} reaction on {message_id}")
    return _details(ctx, message_id)


@tool
def teams_search_messages(ctx: Ctx, query: str, team_id: str | None = None, chat_id: str | None = None,
                          from_user_id: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """Search non-deleted messages by text (body or subject), newest first, in teams and chats the signed-in
    user can read (administrators: everywhere).

    Args:
        query: Case-insensitive text to find.
        team_id: Only messages in this team's channels.
        chat_id: Only messages in this chat.
        from_user_id: Only messages from this person.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    check_text(query, "query", 200)
    conds, params = ["m.deleted_at IS NULL", "(m.body ILIKE ? OR m.subject ILIKE ?)"], [f"%{query}%", f"%{query}%"]
    if team_id:
        team(ctx, team_id)
        conds.append("m.channel_id IN (SELECT channel_id FROM teams.channel WHERE team_id = ?)")
        params.append(team_id)
    if chat_id:
        chat(ctx, chat_id)
        conds.append("m.chat_id = ?")
        params.append(chat_id)
    if from_user_id:
        conds.append("m.from_person_id = ?")
        params.append(from_user_id)
    if not is_admin(ctx):
        conds.append("(m.chat_id IN (SELECT chat_id FROM teams.chat_member WHERE person_id = ?) OR m.channel_id IN "
                     "(SELECT c.channel_id FROM teams.channel c JOIN teams.team_member tm ON tm.team_id = c.team_id "
                     "WHERE tm.person_id = ? AND c.membership_type = 'standard') OR m.channel_id IN "
                     "(SELECT channel_id FROM teams.channel_member WHERE person_id = ?))")
        params += [ctx.user_id] * 3
    return ctx.page("SELECT * FROM (SELECT " + _COLS + _FROM + " WHERE " + " AND ".join(conds) + ") q", params, limit=limit, offset=offset,
                    order_by="created_at DESC, message_id DESC")

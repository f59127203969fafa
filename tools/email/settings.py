"""Mailbox settings: vacation responder, IMAP, POP and display language."""

from __future__ import annotations

import datetime as dt
from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import access, audit, parse_ts

LANGUAGES = ("en", "en-GB", "de", "fr", "es", "it", "ja", "pt-BR", "nl", "hi", "zh-CN", "ko")


def _stored(value) -> dt.datetime | None:
    """A timestamp read back from the table (the read helpers return ISO text)."""
    if value is None or isinstance(value, dt.datetime):
        return value
    return dt.datetime.fromisoformat(str(value))


def _get(ctx: Ctx, table: str, mbx: str) -> dict:
    return ctx.one(f"SELECT * FROM email.{table} WHERE mailbox = ?", mbx)


@tool
def mail_get_vacation(ctx: Ctx, user_id: str = "me") -> dict:
    """Get the vacation responder (auto-reply) setting.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    return _get(ctx, "vacation_setting", access(ctx, user_id, "settings")["email_address"])


@tool
def mail_update_vacation(ctx: Ctx, enable_auto_reply: bool, user_id: str = "me", response_subject: str | None = None,
                         response_body: str | None = None, restrict_to_contacts: bool | None = None,
                         restrict_to_domain: bool | None = None, start_time: str | None = None,
                         end_time: str | None = None) -> dict:
    """Set the vacation responder. Enabling needs a response body; start/end times bound when replies are sent
    (end after start). Disabling keeps the text but clears the times. Unset fields keep their values.

    Args:
        enable_auto_reply: true to turn the auto-reply on, false to turn it off.
        user_id: 'me' or the mailbox's primary address.
        response_subject: Subject of the auto-reply.
        response_body: Plain-text body of the auto-reply.
        restrict_to_contacts: Reply only to people in the mailbox's contacts.
        restrict_to_domain: Reply only to senders inside the company domain.
        start_time: ISO timestamp from which replies are sent.
        end_time: ISO timestamp after which replies stop.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    cur = _get(ctx, "vacation_setting", mbx)
    values: dict = {"enable_auto_reply": enable_auto_reply}
    for k, v in (("response_subject", response_subject), ("response_body", response_body),
                 ("restrict_to_contacts", restrict_to_contacts), ("restrict_to_domain", restrict_to_domain)):
        if v is not None:
            values[k] = v
    if enable_auto_reply:
        # a patch: times not given keep their values while the responder stays on
        keep = cur["enable_auto_reply"]
        start = parse_ts(start_time, "start_time") if start_time else (_stored(cur["start_time"]) if keep else None)
        end = parse_ts(end_time, "end_time") if end_time else (_stored(cur["end_time"]) if keep else None)
        if start and end and end <= start:
            raise ToolError("end_time must be after start_time")
        if end and end <= ctx.timestamp():
            raise ToolError("end_time is in the past")
        values.update(start_time=start, end_time=end)
        if not (values.get("response_body") or cur["response_body"]):
            raise ToolError("an auto-reply needs a response_body")
    else:
        if start_time or end_time:
            raise ToolError("start_time/end_time only apply when enabling the auto-reply")
        values.update(start_time=None, end_time=None)
    ctx.update("email.vacation_setting", {"mailbox": mbx}, {**values, "updated_at": ctx.timestamp()})
    audit(ctx, mbx, "mail_update_vacation", "vacation", mbx, f"enabled={enable_auto_reply}")
    return _get(ctx, "vacation_setting", mbx)


@tool
def mail_get_imap(ctx: Ctx, user_id: str = "me") -> dict:
    """Get IMAP settings.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    return _get(ctx, "imap_setting", access(ctx, user_id, "settings")["email_address"])


@tool
def mail_update_imap(ctx: Ctx, user_id: str = "me", enabled: bool | None = None, auto_expunge: bool | None = None,
                     expunge_behavior: Literal["archive", "trash", "deleteForever"] | None = None,
                     max_folder_size: Literal[0, 1000, 2000, 5000, 10000] | None = None) -> dict:
    """Patch IMAP settings.

    Args:
        user_id: 'me' or the mailbox's primary address.
        enabled: IMAP access on/off.
        auto_expunge: Expunge immediately when a message is marked deleted.
        expunge_behavior: What an IMAP expunge does: archive, trash or deleteForever.
        max_folder_size: Max messages per IMAP folder (0 = no limit).
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    values = {k: v for k, v in {"enabled": enabled, "auto_expunge": auto_expunge, "expunge_behavior": expunge_behavior,
                                "max_folder_size": max_folder_size}.items() if v is not None}
    if not values:
        raise ToolError("nothing to update")
    ctx.update("email.imap_setting", {"mailbox": mbx}, values)
    audit(ctx, mbx, "mail_update_imap", "imap", mbx, str(values))
    return _get(ctx, "imap_setting", mbx)


@tool
def mail_get_pop(ctx: Ctx, user_id: str = "me") -> dict:
    """Get POP settings (access window and what happens to mail fetched over POP).

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    return _get(ctx, "pop_setting", access(ctx, user_id, "settings")["email_address"])


@tool
def mail_update_pop(ctx: Ctx, user_id: str = "me",
                    access_window: Literal["disabled", "fromNowOn", "allMail"] | None = None,
                    disposition: Literal["leaveInInbox", "archive", "trash", "markRead"] | None = None) -> dict:
    """Patch POP settings.

    Args:
        user_id: 'me' or the mailbox's primary address.
        access_window: disabled, fromNowOn or allMail.
        disposition: What happens to a message after POP fetches it.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    values = {k: v for k, v in {"access_window": access_window, "disposition": disposition}.items() if v is not None}
    if not values:
        raise ToolError("nothing to update")
    ctx.update("email.pop_setting", {"mailbox": mbx}, values)
    audit(ctx, mbx, "mail_update_pop", "pop", mbx, str(values))
    return _get(ctx, "pop_setting", mbx)


@tool
def mail_get_language(ctx: Ctx, user_id: str = "me") -> dict:
    """Get the display language.

    Args:
        user_id: 'me' or the mailbox's primary address.
    """
    return _get(ctx, "language_setting", access(ctx, user_id, "settings")["email_address"])


@tool
def mail_update_language(ctx: Ctx, display_language: str, user_id: str = "me") -> dict:
    """Set the display language (a supported language tag: en, en-GB, de, fr, es, it, ja, pt-BR, nl, hi, zh-CN, ko).

    Args:
        display_language: Language tag.
        user_id: 'me' or the mailbox's primary address.
    """
    mbx = access(ctx, user_id, "settings")["email_address"]
    if display_language not in LANGUAGES:
        raise ToolError(f"unsupported display_language '{display_language}'; supported: {', '.join(LANGUAGES)}")
    ctx.update("email.language_setting", {"mailbox": mbx}, {"display_language": display_language})
    audit(ctx, mbx, "mail_update_language", "language", mbx, display_language)
    return _get(ctx, "language_setting", mbx)

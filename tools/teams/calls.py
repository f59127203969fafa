"""Call records (peer-to-peer and group calls), their participants and sessions (read-only)."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import parse_ts, require_signed_in


@tool
def teams_list_call_records(ctx: Ctx, participant_id: str | None = None, organizer_id: str | None = None,
                            call_type: Literal["peerToPeer", "groupCall"] | None = None, start_from: str | None = None,
                            start_to: str | None = None, limit: int = 20, offset: int = 0) -> dict:
    """List call records, newest first, with duration in minutes and participant count.

    Args:
        participant_id: Only calls this person (P…) or external (EXT…) took part in.
        organizer_id: Only calls organized by this person.
        call_type: peerToPeer or groupCall.
        start_from: Calls starting at or after this ISO date-time.
        start_to: Calls starting before this ISO date-time.
        limit: Page size, 1-100.
        offset: Rows to skip.
    """
    require_signed_in(ctx)
    conds, params = ["TRUE"], []
    if participant_id:
        conds.append("c.call_id IN (SELECT call_id FROM teams.call_participant WHERE coalesce(person_id, external_id) = ?)")
        params.append(participant_id)
    if organizer_id:
        conds.append("c.organizer_person_id = ?")
        params.append(organizer_id)
    if call_type:
        conds.append("c.call_type = ?")
        params.append(call_type)
    if start_from:
        conds.append("c.start_at >= ?")
        params.append(parse_ts(start_from, "start_from"))
    if start_to:
        conds.append("c.start_at < ?")
        params.append(parse_ts(start_to, "start_to"))
    sql = ("SELECT c.*, date_diff('minute', c.start_at, c.end_at) AS duration_minutes, "
           "(SELECT count(*) FROM teams.call_participant p WHERE p.call_id = c.call_id) AS participant_count "
           "FROM teams.call_record c WHERE " + " AND ".join(conds))
    return ctx.page(sql, params, limit=limit, offset=offset, order_by="start_at DESC, call_id DESC")


@tool
def teams_get_call_record(ctx: Ctx, call_id: str) -> dict:
    """Get a call record with its participants.

    Args:
        call_id: Call id (CALL0012).
    """
    require_signed_in(ctx)
    row = ctx.one("SELECT *, date_diff('minute', start_at, end_at) AS duration_minutes FROM teams.call_record "
                  "WHERE call_id = ?", call_id)
    if row is None:
        raise ToolError(f"call record '{call_id}' not found (use teams_list_call_records)")
    row["participants"] = ctx.all(
        "SELECT p.participant_no, p.person_id, p.external_id, coalesce(a.display_name, e.display_name) AS display_name "
        "FROM teams.call_participant p LEFT JOIN teams.user_account a USING (person_id) "
        "LEFT JOIN teams.external_user e USING (external_id) WHERE p.call_id = ? ORDER BY p.participant_no", call_id)
    return row


@tool
def teams_list_call_sessions(ctx: Ctx, call_id: str) -> list:
    """The sessions (caller-callee legs) of a call with modality and failure reason, in start order.

    Args:
        call_id: Call id.
    """
    teams_get_call_record.fn(ctx, call_id)
    return ctx.all("SELECT *, date_diff('second', start_at, end_at) AS duration_seconds FROM teams.call_session "
                   "WHERE call_id = ? ORDER BY start_at, session_id", call_id)

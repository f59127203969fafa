from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, IR_OWNER, call, error


def test_send_reply_edit_with_etag_and_mentions():
    with tool_session("teams", as_user=IR_OWNER) as s:
        tag = s.scalar("SELECT tag_id FROM teams.tag WHERE team_id = 'TEAM029' AND display_name = 'On-Call'")
        m = call(s, "teams_send_channel_message", channel_id="CH0110", body="Bridge open", importance="urgent",
                 mention_tag_ids=[tag])
        assert m["mentions"][0]["mention_type"] == "tag" and m["etag"] == 1
        assert "not a member" in error(s, "teams_send_channel_message", channel_id="CH0110", body="x",
                                       mention_user_ids=["P0600"])
        r = call(s, "teams_reply_to_message", message_id=m["message_id"], body="Joining")
        assert "itself a reply" in error(s, "teams_reply_to_message", message_id=r["message_id"], body="x")
        assert "etag mismatch" in error(s, "teams_update_message", message_id=m["message_id"], body="y", etag=7)
        assert call(s, "teams_update_message", message_id=m["message_id"], body="Bridge open (SEV1)", etag=1)["etag"] == 2


def test_only_author_edits_and_owner_soft_deletes_with_undo():
    with tool_session("teams", as_user=IR_OWNER) as s:
        other = s.scalar("SELECT message_id FROM teams.message WHERE channel_id = 'CH0110' AND from_person_id <> 'P0145' "
                         "AND deleted_at IS NULL ORDER BY 1 LIMIT 1")
        assert "only the author" in error(s, "teams_update_message", message_id=other, body="x")
        call(s, "teams_soft_delete_message", message_id=other)
        assert call(s, "teams_get_message", message_id=other)["body"] is None
        assert call(s, "teams_undo_soft_delete_message", message_id=other)["body"]


def test_reactions_and_search_visibility():
    with tool_session("teams", as_user=IR_OWNER) as s:
        mid = s.scalar("SELECT message_id FROM teams.message WHERE channel_id = 'CH0110' AND deleted_at IS NULL ORDER BY 1 LIMIT 1")
        call(s, "teams_set_reaction", message_id=mid, reaction_type="heart")
        assert "already reacted" in error(s, "teams_set_reaction", message_id=mid, reaction_type="heart")
        call(s, "teams_unset_reaction", message_id=mid, reaction_type="heart")
        assert "not a member" in error(s, "teams_list_channel_messages", channel_id="CH0004")
    with tool_session("teams", as_user=ADMIN) as s:
        assert call(s, "teams_search_messages", query="Bridge", team_id="TEAM029")["total"] >= 0
        assert "ISO 8601" in error(s, "teams_list_channel_messages", channel_id="CH0110", since="yesterday")

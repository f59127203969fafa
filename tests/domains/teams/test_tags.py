from pytest_enterpriseops.testing import tool_session

from .helpers import IR_OWNER, call, error, plain_member


def test_tag_members_must_be_team_members_and_names_unique():
    with tool_session("teams", as_user=IR_OWNER) as s:
        assert "not a member of team" in error(s, "teams_create_tag", team_id="TEAM029", display_name="DBAs",
                                               member_ids=["P0600"])
        assert "already has a tag" in error(s, "teams_create_tag", team_id="TEAM029", display_name="on-call",
                                            member_ids=["P0145"])
        tag = call(s, "teams_create_tag", team_id="TEAM029", display_name="DBAs", member_ids=["P0145"])
        assert [m["person_id"] for m in tag["members"]] == ["P0145"]
        call(s, "teams_add_tag_member", tag_id=tag["tag_id"], user_id="P0146")
        assert "already has tag" in error(s, "teams_add_tag_member", tag_id=tag["tag_id"], user_id="P0146")
        call(s, "teams_remove_tag_member", tag_id=tag["tag_id"], user_id="P0146")
        call(s, "teams_delete_tag", tag_id=tag["tag_id"])
        assert s.scalar("SELECT count(*) FROM teams.tag_member WHERE tag_id = ?", tag["tag_id"]) == 0


def test_members_cannot_manage_tags():
    with tool_session("teams", as_user=IR_OWNER) as s:
        member = plain_member(s, "TEAM029")
    with tool_session("teams", as_user=member) as s:
        assert "requires a team owner" in error(s, "teams_create_tag", team_id="TEAM029", display_name="X",
                                                member_ids=[member])


def test_guests_cannot_be_tagged_even_as_team_members():
    with tool_session("teams", as_user="P0540") as s:
        call(s, "teams_add_team_member", team_id="TEAM036", user_id="EXT0007")
        assert "internal users (P…) only" in error(s, "teams_add_tag_member", tag_id="TAG0064", user_id="EXT0007")
        assert "internal users (P…) only" in error(s, "teams_create_tag", team_id="TEAM036", display_name="Guests",
                                                   member_ids=["EXT0007"])

from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error, membership


def test_last_owner_cannot_leave_or_be_demoted():
    with tool_session("teams", as_user=ADMIN) as s:  # TEAM018 has one owner, P0145
        m = membership(s, "TEAM018", "P0145")
        assert "last owner" in error(s, "teams_remove_team_member", team_id="TEAM018", membership_id=m)
        assert "last owner" in error(s, "teams_update_team_member_role", team_id="TEAM018", membership_id=m, role="member")


def test_external_people_and_disabled_accounts_cannot_join_teams():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "shared channels" in error(s, "teams_add_team_member", team_id="TEAM032", user_id="EXT0001")
        assert "disabled" in error(s, "teams_add_team_member", team_id="TEAM032", user_id="P0005")
        assert "blocked" in error(s, "teams_add_team_member", team_id="TEAM032", user_id="EXT0011")
        assert "cannot be team owners" in error(s, "teams_add_team_member", team_id="TEAM032", user_id="EXT0007", role="owner")
        row = call(s, "teams_add_team_member", team_id="TEAM032", user_id="EXT0007")
        assert row["role"] == "guest"


def test_promotion_syncs_group_owners_and_removal_cascades_to_private_channels_and_tags():
    with tool_session("teams", as_user=ADMIN) as s:
        gid = s.scalar("SELECT group_id FROM teams.team WHERE team_id = 'TEAM029'")
        p = s.scalar("SELECT cm.person_id FROM teams.channel_member cm JOIN teams.team_member tm ON tm.person_id = cm.person_id "
                     "AND tm.team_id = 'TEAM029' WHERE cm.channel_id = 'CH0112' AND tm.role = 'member' ORDER BY 1 LIMIT 1")
        m = membership(s, "TEAM029", p)
        call(s, "teams_update_team_member_role", team_id="TEAM029", membership_id=m, role="owner")
        assert s.scalar("SELECT count(*) FROM teams.group_owner WHERE group_id = ? AND person_id = ?", gid, p) == 1
        call(s, "teams_remove_team_member", team_id="TEAM029", membership_id=m)
        assert s.scalar("SELECT count(*) FROM teams.channel_member WHERE channel_id = 'CH0112' AND person_id = ?", p) == 0
        assert s.scalar("SELECT count(*) FROM teams.tag_member tm JOIN teams.tag t USING (tag_id) "
                        "WHERE t.team_id = 'TEAM029' AND tm.person_id = ?", p) == 0
        assert s.scalar("SELECT count(*) FROM teams.group_member WHERE group_id = ? AND person_id = ?", gid, p) == 0


def test_orphaned_private_channel_passes_to_longest_standing_member():
    with tool_session("teams", as_user=ADMIN) as s:  # P0279 owns the DEPT Sales Leadership channel CH0032
        call(s, "teams_update_team_member_role", team_id="TEAM008", membership_id=membership(s, "TEAM008", "P0281"),
             role="owner")
        call(s, "teams_remove_team_member", team_id="TEAM008", membership_id=membership(s, "TEAM008", "P0279"))
        assert s.scalar("SELECT list(person_id) FROM teams.channel_member WHERE channel_id = 'CH0032' AND role = 'owner'") == ["P0280"]

from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_private_channel_needs_team_membership_and_no_externals():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "standard channel" in error(s, "teams_add_channel_member", channel_id="CH0110", user_id="P0147")
        assert "must be a member of team" in error(s, "teams_add_channel_member", channel_id="CH0112", user_id="P0600")
        assert "only join shared channels" in error(s, "teams_add_channel_member", channel_id="CH0112", user_id="EXT0001")


def test_shared_channel_takes_allowed_externals_only():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "blocked" in error(s, "teams_add_channel_member", channel_id="CH0122", user_id="EXT0010")
        assert "cannot own" in error(s, "teams_add_channel_member", channel_id="CH0122", user_id="EXT0003", role="owner")
        call(s, "teams_add_channel_member", channel_id="CH0122", user_id="EXT0015")
        assert "already a member" in error(s, "teams_add_channel_member", channel_id="CH0122", user_id="EXT0015")


def test_last_channel_owner_stays():
    with tool_session("teams", as_user=ADMIN) as s:
        m = s.scalar("SELECT membership_id FROM teams.channel_member WHERE channel_id = 'CH0122' AND role = 'owner'")
        assert "last owner" in error(s, "teams_remove_channel_member", channel_id="CH0122", membership_id=m)
        assert "last owner" in error(s, "teams_update_channel_member_role", channel_id="CH0122", membership_id=m,
                                     role="member")

from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, IR_OWNER, call, error, plain_member


def test_channel_names_are_validated_and_unique():
    with tool_session("teams", as_user=IR_OWNER) as s:
        assert "may not contain" in error(s, "teams_create_channel", team_id="TEAM029", display_name="Q3 #plans")
        assert "50" in error(s, "teams_create_channel", team_id="TEAM029", display_name="x" * 51)
        assert "already has a channel" in error(s, "teams_create_channel", team_id="TEAM029", display_name="bridge")
        assert "General channel cannot be renamed" in error(s, "teams_update_channel", channel_id="CH0109", display_name="Main")


def test_private_channel_creation_follows_member_settings_and_owner_must_be_member():
    with tool_session("teams", as_user=IR_OWNER) as s:
        member = plain_member(s, "TEAM029")
    with tool_session("teams", as_user=member) as s:
        assert "allow_create_private_channels" in error(s, "teams_create_channel", team_id="TEAM029",
                                                        display_name="Side Room", membership_type="private")
        ch = call(s, "teams_create_channel", team_id="TEAM029", display_name="Side Room")
        assert ch["membership_type"] == "standard"
    with tool_session("teams", as_user=IR_OWNER) as s:
        assert "must be a member" in error(s, "teams_create_channel", team_id="TEAM029", display_name="Vendors",
                                           membership_type="private", owner_user_id="P0600")
        ch = call(s, "teams_create_channel", team_id="TEAM029", display_name="Vendors", membership_type="private")
        assert s.scalar("SELECT role FROM teams.channel_member WHERE channel_id = ?", ch["channel_id"]) == "owner"


def test_email_delete_restore_and_share():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "already has the address" in error(s, "teams_provision_channel_email", channel_id="CH0110")
        out = call(s, "teams_provision_channel_email", channel_id="CH0111")
        assert out["email"].endswith("@teams.arcturus.example")
        assert "standard channels" in error(s, "teams_provision_channel_email", channel_id="CH0112")
        call(s, "teams_delete_channel", channel_id="CH0111")
        assert "not found" in error(s, "teams_get_channel", channel_id="CH0111")
        assert call(s, "teams_restore_channel", channel_id="CH0111")["deleted_at"] is None
        assert "only shared channels" in error(s, "teams_share_channel_with_team", channel_id="CH0110", team_id="TEAM030")
        call(s, "teams_share_channel_with_team", channel_id="CH0122", team_id="TEAM016")
        assert [r["team_id"] for r in call(s, "teams_list_channel_shared_teams", channel_id="CH0122")] == ["TEAM016"]

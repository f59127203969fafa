from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, IR_OWNER, call, error, plain_member


def test_create_team_builds_group_general_channel_and_owners():
    with tool_session("teams", as_user=ADMIN) as s:
        t = call(s, "teams_create_team", display_name="PRJ Kestrel Pilot", owner_ids=["P0430", "P0431"],
                 member_ids=["P0440"], template="projectManagement", department_id="DEP010")
        assert t["team_id"] == "TEAM043" and t["mail"] == "prj-kestrel-pilot@arcturus.example"
        assert s.scalar("SELECT count(*) FROM teams.group_owner WHERE group_id = ?", t["group_id"]) == 2
        assert s.scalar("SELECT display_name FROM teams.channel WHERE channel_id = ?", t["general_channel_id"]) == "General"
        assert "already exists" in error(s, "teams_create_team", display_name="PRJ Kestrel Pilot", owner_ids=["P0430"])
        assert "disabled" in error(s, "teams_create_team", display_name="X", owner_ids=["P0005"])


def test_settings_need_owner_and_archived_team_is_read_only():
    with tool_session("teams", as_user=IR_OWNER) as s:
        member = plain_member(s, "TEAM029")
        call(s, "teams_update_team_settings", team_id="TEAM029", allow_create_private_channels=True)
        assert "nothing to change" in error(s, "teams_update_team_settings", team_id="TEAM029",
                                            allow_create_private_channels=True)
        call(s, "teams_archive_team", team_id="TEAM029", set_site_read_only_for_members=True)
        assert "read-only" in error(s, "teams_update_team", team_id="TEAM029", description="x")
        assert "archived" in error(s, "teams_create_channel", team_id="TEAM029", display_name="New")
        call(s, "teams_unarchive_team", team_id="TEAM029")
    with tool_session("teams", as_user=member) as s:
        assert "requires a team owner" in error(s, "teams_archive_team", team_id="TEAM029")


def test_list_teams_hides_archived_by_default():
    with tool_session("teams", as_user=ADMIN) as s:
        names = [t["display_name"] for t in call(s, "teams_list_teams", query="Falcon")["items"]]
        assert names == ["PRJ Falcon Launch"]
        assert call(s, "teams_list_teams", query="Falcon", include_archived=True)["total"] == 2
        below = {r["team_id"] for r in call(s, "teams_list_team_owners_below_two", limit=100)["items"]}
        assert {"TEAM014", "TEAM018", "TEAM031"} <= below and "TEAM029" not in below

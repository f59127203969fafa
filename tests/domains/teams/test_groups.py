from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, call, error


def test_team_groups_are_managed_through_the_team():
    with tool_session("teams", as_user=ADMIN) as s:
        assert "team member tools" in error(s, "teams_add_group_owner", group_id="GRP0029", user_id="P0147")


def test_security_group_owner_rules():
    with tool_session("teams", as_user="P0589") as s:  # owner of SG-Privileged-Admins
        gid = s.scalar("SELECT group_id FROM teams.m365_group WHERE mail_nickname = 'sg-privileged-admins'")
        assert "last owner" in error(s, "teams_remove_group_owner", group_id=gid, user_id="P0589")
        assert "disabled" in error(s, "teams_add_group_member", group_id=gid, user_id="P0005")
        call(s, "teams_add_group_owner", group_id=gid, user_id="P0590")
        call(s, "teams_remove_group_owner", group_id=gid, user_id="P0589")
    with tool_session("teams", as_user="P0300") as s:
        gid = s.scalar("SELECT group_id FROM teams.m365_group WHERE mail_nickname = 'sg-vpn-users'")
        assert "not allowed" in error(s, "teams_add_group_member", group_id=gid, user_id="P0301")


def test_deleted_groups_are_hidden():
    with tool_session("teams", as_user=ADMIN) as s:
        assert call(s, "teams_list_groups", query="legacy")["total"] == 0

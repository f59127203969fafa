"""Directory: accounts with manager status, groups, membership management rules."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_user_lookup_shows_manager_status_groups_and_drives():
    with tool_session("drive", as_user=ADMIN) as s:
        u = s.call("drive_get_user", email="robert.york@arcturus.example")
        assert u["status"] == "suspended" and u["manager_name"] == "Nancy Hale" and u["manager_active"] is False
        assert {g["group_id"] for g in u["groups"]} == {"GRP008", "GRP021"}
        two = s.call("drive_find_users", query="Robert Hernandez")["items"]
        assert len(two) == 2 and len({x["email"] for x in two}) == 2


def test_group_membership_rules():
    with tool_session("drive", as_user="P0281") as s:       # plain member of deal-desk@
        assert "only owners and managers" in s.call_error("drive_add_group_member", group_id="GRP021",
                                                          email="sharon.smith@arcturus.example")
    with tool_session("drive", as_user=ADMIN) as s:
        assert "outside the organization" in s.call_error("drive_add_group_member", group_id="GRP021",
                                                          email="mark.miller@brightpath.example")
        assert "archived" in s.call_error("drive_add_group_member", group_id="GRP019", email="sharon.smith@arcturus.example")
        assert "last owner" in s.call_error("drive_remove_group_member", group_id="GRP021", email="micheal.reed@arcturus.example")
        s.call("drive_add_group_member", group_id="GRP020", email="new.partner@novasys.example")
        assert s.scalar("SELECT count(*) FROM drive.external_user WHERE email = 'new.partner@novasys.example'") == 1
        assert s.call("drive_remove_group_member", group_id="GRP021", email="robert.york@arcturus.example")["removed"]
        assert [g["group_id"] for g in s.call("drive_list_groups", member_email="robert.york@arcturus.example")] == ["GRP008"]

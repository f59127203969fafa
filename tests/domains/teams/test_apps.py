from pytest_enterpriseops.testing import tool_session

from .helpers import ADMIN, IR_OWNER, call, error, plain_member


def test_blocked_and_sideloaded_apps():
    with tool_session("teams", as_user=IR_OWNER) as s:
        assert "blocked" in error(s, "teams_install_app", app_id="APP016", team_id="TEAM029")
        assert "sideloaded" in error(s, "teams_install_app", app_id="APP017", team_id="TEAM029")
        assert "exactly one" in error(s, "teams_install_app", app_id="APP004")
    with tool_session("teams", as_user=ADMIN) as s:
        call(s, "teams_install_app", app_id="APP017", team_id="TEAM029")


def test_tab_needs_installed_app_and_uninstall_removes_tabs():
    with tool_session("teams", as_user=IR_OWNER) as s:
        installed = {r["app_id"] for r in call(s, "teams_list_installed_apps", team_id="TEAM029")}
        missing = next(a for a in ("APP008", "APP009", "APP010", "APP019") if a not in installed)
        assert "not installed" in error(s, "teams_add_tab", app_id=missing, display_name="X", channel_id="CH0110")
        assert "no tab capability" in error(s, "teams_add_tab", app_id="APP015", display_name="X", channel_id="CH0110")
        assert "https" in error(s, "teams_add_tab", app_id="APP020", display_name="Status", channel_id="CH0110",
                                content_url="http://x")
        tab = call(s, "teams_add_tab", app_id="APP020", display_name="Status", channel_id="CH0110",
                   content_url="https://status.arcturus.example/payments-api")
        inst = s.scalar("SELECT installation_id FROM teams.app_installation WHERE team_id = 'TEAM029' AND app_id = 'APP020'")
        out = call(s, "teams_uninstall_app", installation_id=inst)
        assert tab["tab_id"] in out["removed_tabs"]
        assert s.scalar("SELECT count(*) FROM teams.tab WHERE tab_id = ?", tab["tab_id"]) == 0


def test_members_need_tab_setting_owners_do_not():
    with tool_session("teams", as_user=IR_OWNER) as s:
        member = plain_member(s, "TEAM029")
    setup = "UPDATE teams.team SET allow_create_update_remove_tabs = false WHERE team_id = 'TEAM029'"
    with tool_session("teams", as_user=member, setup=setup) as s:
        assert "allow_create_update_remove_tabs" in error(s, "teams_add_tab", app_id="APP001", display_name="Plan",
                                                          channel_id="CH0110")
    with tool_session("teams", as_user=IR_OWNER, setup=setup) as s:
        call(s, "teams_add_tab", app_id="APP001", display_name="Plan", channel_id="CH0110")

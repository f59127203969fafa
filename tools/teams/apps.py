"""The app catalog, apps installed in teams and chats, and tabs pinned in channels and chats."""

from __future__ import annotations

from typing import Literal

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import (audit, chat, check_text, clean, is_admin, require_chat_member, require_setting,
                     require_team_reader, team, writable_channel, writable_team)


def _app(ctx: Ctx, app_id: str) -> dict:
    row = ctx.one("SELECT * FROM teams.app WHERE app_id = ?", app_id)
    if row is None:
        raise ToolError(f"app '{app_id}' not found in the catalog (use teams_list_app_catalog)")
    return row


@tool
def teams_list_app_catalog(ctx: Ctx, query: str | None = None,
                           distribution_method: Literal["store", "organization", "sideloaded"] | None = None) -> list:
    """The tenant's app catalog ordered by name: store apps, the organisation's own apps and sideloaded apps,
    with whether each supports tabs and whether it is blocked.

    Args:
        query: Case-insensitive substring of the name, publisher or description.
        distribution_method: Only store, organization or sideloaded apps.
    """
    conds, params = ["TRUE"], []
    if query:
        conds.append("(display_name ILIKE ? OR publisher ILIKE ? OR description ILIKE ?)")
        params += [f"%{query}%"] * 3
    if distribution_method:
        conds.append("distribution_method = ?")
        params.append(distribution_method)
    return ctx.all("SELECT * FROM teams.app WHERE " + " AND ".join(conds) + " ORDER BY display_name, app_id", *params)


@tool
def teams_list_installed_apps(ctx: Ctx, team_id: str | None = None, chat_id: str | None = None) -> list:
    """Apps installed in a team or a chat (give exactly one), ordered by app name.

    Args:
        team_id: Team id.
        chat_id: Chat id.
    """
    if (team_id is None) == (chat_id is None):
        raise ToolError("give exactly one of team_id or chat_id")
    if team_id:
        require_team_reader(ctx, team(ctx, team_id))
    else:
        chat(ctx, chat_id)
        require_chat_member(ctx, chat_id)
    col, val = ("team_id", team_id) if team_id else ("chat_id", chat_id)
    return ctx.all(f"SELECT i.installation_id, i.app_id, a.display_name, a.distribution_method, a.version, a.supports_tabs, "
                   f"i.installed_by, i.installed_at FROM teams.app_installation i JOIN teams.app a USING (app_id) "
                   f"WHERE i.{col} = ? ORDER BY a.display_name, i.installation_id", val)


@tool
def teams_install_app(ctx: Ctx, app_id: str, team_id: str | None = None, chat_id: str | None = None) -> dict:
    """Install a catalog app in a team or chat (give exactly one). Blocked apps cannot be installed;
    sideloaded apps only by Teams administrators.

    Args:
        app_id: App id (APP004).
        team_id: Team id.
        chat_id: Chat id.
    """
    if (team_id is None) == (chat_id is None):
        raise ToolError("give exactly one of team_id or chat_id")
    app = _app(ctx, app_id)
    if app["is_blocked"]:
        raise ToolError(f"app {app_id} ({app['display_name']}) is blocked by the tenant's app policy: {app['description']}")
    if app["distribution_method"] == "sideloaded" and not is_admin(ctx):
        raise ToolError(f"not allowed: {app['display_name']} is a sideloaded app; only Teams administrators install it")
    if team_id:
        t = writable_team(ctx, team_id)
        require_setting(ctx, t, "allow_add_remove_apps", "installing apps")
    else:
        chat(ctx, chat_id)
        require_chat_member(ctx, chat_id)
    col, val = ("team_id", team_id) if team_id else ("chat_id", chat_id)
    if ctx.scalar(f"SELECT count(*) FROM teams.app_installation WHERE {col} = ? AND app_id = ?", val, app_id):
        raise ToolError(f"{app['display_name']} is already installed there")
    row = ctx.insert("teams.app_installation", {
        "installation_id": ctx.new_id("teams.app_installation", "installation_id", "INST", 4), "team_id": team_id,
        "chat_id": chat_id, "app_id": app_id, "installed_by": ctx.user_id, "installed_at": ctx.timestamp()})
    audit(ctx, "teams_install_app", "app_installation", row["installation_id"], team_id, f"{app_id} in {val}")
    return row


@tool
def teams_uninstall_app(ctx: Ctx, installation_id: str) -> dict:
    """Uninstall an app from a team or chat; its tabs there are removed too.

    Args:
        installation_id: The installation (INST0012) from teams_list_installed_apps.
    """
    inst = ctx.one("SELECT * FROM teams.app_installation WHERE installation_id = ?", installation_id)
    if inst is None:
        raise ToolError(f"installation '{installation_id}' not found (use teams_list_installed_apps)")
    if inst["team_id"]:
        t = writable_team(ctx, inst["team_id"])
        require_setting(ctx, t, "allow_add_remove_apps", "removing apps")
        tabs = ctx.all("SELECT tab_id FROM teams.tab WHERE app_id = ? AND channel_id IN "
                       "(SELECT channel_id FROM teams.channel WHERE team_id = ?)", inst["app_id"], inst["team_id"])
    else:
        require_chat_member(ctx, inst["chat_id"])
        tabs = ctx.all("SELECT tab_id FROM teams.tab WHERE app_id = ? AND chat_id = ?", inst["app_id"], inst["chat_id"])
    for tb in tabs:
        ctx.delete("teams.tab", {"tab_id": tb["tab_id"]})
    ctx.delete("teams.app_installation", {"installation_id": installation_id})
    audit(ctx, "teams_uninstall_app", "app_installation", installation_id, inst["team_id"],
          f"{inst['app_id']}; removed tabs: {', '.join(t['tab_id'] for t in tabs) or 'none'}")
    return {"installation_id": installation_id, "removed": True, "removed_tabs": [t["tab_id"] for t in tabs]}


def _where(ctx: Ctx, channel_id: str | None, chat_id: str | None, write: bool) -> tuple[str, str, dict | None]:
    if (channel_id is None) == (chat_id is None):
        raise ToolError("give exactly one of channel_id or chat_id")
    if channel_id:
        if write:
            ch, t = writable_channel(ctx, channel_id)
            require_setting(ctx, t, "allow_create_update_remove_tabs", "changing tabs")
        else:
            from .common import channel, require_channel_access
            ch = channel(ctx, channel_id)
            require_channel_access(ctx, ch)
            t = team(ctx, ch["team_id"])
        return "channel_id", channel_id, t
    chat(ctx, chat_id)
    require_chat_member(ctx, chat_id)
    return "chat_id", chat_id, None


@tool
def teams_list_tabs(ctx: Ctx, channel_id: str | None = None, chat_id: str | None = None) -> list:
    """The tabs of a channel or chat (give exactly one), in display order.

    Args:
        channel_id: Channel id.
        chat_id: Chat id.
    """
    col, val, _ = _where(ctx, channel_id, chat_id, False)
    return ctx.all(f"SELECT t.*, a.display_name AS app_name FROM teams.tab t JOIN teams.app a USING (app_id) "
                   f"WHERE t.{col} = ? ORDER BY t.sort_order, t.tab_id", val)


def _tab(ctx: Ctx, tab_id: str) -> dict:
    row = ctx.one("SELECT * FROM teams.tab WHERE tab_id = ?", tab_id)
    if row is None:
        raise ToolError(f"tab '{tab_id}' not found (use teams_list_tabs)")
    return row


@tool
def teams_get_tab(ctx: Ctx, tab_id: str) -> dict:
    """Get a tab with its configuration (content URL, website URL, entity id).

    Args:
        tab_id: Tab id (TAB0012).
    """
    tb = _tab(ctx, tab_id)
    _where(ctx, tb["channel_id"], tb["chat_id"], False)
    return tb


@tool
def teams_add_tab(ctx: Ctx, app_id: str, display_name: str, channel_id: str | None = None, chat_id: str | None = None,
                  content_url: str | None = None, website_url: str | None = None, entity_id: str | None = None) -> dict:
    """Pin an app as a tab in a channel or chat (give exactly one). The app must support tabs and be
    installed in the channel's team (or in the chat).

    Args:
        app_id: App id.
        display_name: Tab name (max 128 characters).
        channel_id: Channel id.
        chat_id: Chat id.
        content_url: URL shown inside the tab (https).
        website_url: URL opened by "go to website" (https).
        entity_id: The app's identifier for the content.
    """
    col, val, t = _where(ctx, channel_id, chat_id, True)
    app = _app(ctx, app_id)
    check_text(display_name, "display_name", 128)
    if not app["supports_tabs"]:
        raise ToolError(f"{app['display_name']} has no tab capability")
    for u, name in ((content_url, "content_url"), (website_url, "website_url")):
        if u is not None and not u.startswith("https://"):
            raise ToolError(f"{name} must be an https:// URL")
    inst_col, inst_val = ("team_id", t["team_id"]) if t else ("chat_id", chat_id)
    if not ctx.scalar(f"SELECT count(*) FROM teams.app_installation WHERE {inst_col} = ? AND app_id = ?", inst_val, app_id):
        raise ToolError(f"{app['display_name']} ({app_id}) is not installed in {inst_val}; install it first "
                        "(teams_install_app)")
    order = (ctx.scalar(f"SELECT max(sort_order) FROM teams.tab WHERE {col} = ?", val) or 0) + 1
    row = ctx.insert("teams.tab", {"tab_id": ctx.new_id("teams.tab", "tab_id", "TAB", 4), "channel_id": channel_id,
                                   "chat_id": chat_id, "app_id": app_id, "display_name": display_name,
                                   "content_url": content_url, "website_url": website_url, "entity_id": entity_id,
                                   "sort_order": order, "created_by": ctx.user_id, "created_at": ctx.timestamp()})
    audit(ctx, "teams_add_tab", "tab", row["tab_id"], t["team_id"] if t else None, f"{app_id} '{display_name}' in {val}")
    return row


@tool
def teams_update_tab(ctx: Ctx, tab_id: str, display_name: str | None = None, content_url: str | None = None,
                     website_url: str | None = None) -> dict:
    """Rename a tab or change its URLs.

    Args:
        tab_id: Tab id.
        display_name: New name.
        content_url: New content URL (https).
        website_url: New website URL (https).
    """
    tb = _tab(ctx, tab_id)
    _, _, t = _where(ctx, tb["channel_id"], tb["chat_id"], True)
    for u, name in ((content_url, "content_url"), (website_url, "website_url")):
        if u is not None and not u.startswith("https://"):
            raise ToolError(f"{name} must be an https:// URL")
    if display_name is not None:
        check_text(display_name, "display_name", 128)
    values = clean({"display_name": display_name, "content_url": content_url, "website_url": website_url})
    if not values:
        raise ToolError("nothing to update")
    ctx.update("teams.tab", {"tab_id": tab_id}, values)
    audit(ctx, "teams_update_tab", "tab", tab_id, t["team_id"] if t else None, ", ".join(sorted(values)))
    return _tab(ctx, tab_id)


@tool
def teams_remove_tab(ctx: Ctx, tab_id: str) -> dict:
    """Remove a tab (the app stays installed).

    Args:
        tab_id: Tab id.
    """
    tb = _tab(ctx, tab_id)
    _, _, t = _where(ctx, tb["channel_id"], tb["chat_id"], True)
    ctx.delete("teams.tab", {"tab_id": tab_id})
    audit(ctx, "teams_remove_tab", "tab", tab_id, t["team_id"] if t else None, tb["display_name"])
    return {"tab_id": tab_id, "removed": True}

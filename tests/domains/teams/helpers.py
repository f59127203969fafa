"""Test helpers: call a tool with arguments that may include `role` or `name`-like keys."""

ADMIN = "P0016"        # Dennis Reese, Teams administrator
IR_OWNER = "P0145"     # Ashley Campbell, owner of TEAM029 (IR Payments Platform)


def call(s, tool, **args):
    res = s.env.call(tool, args)
    assert not res.is_error, f"{tool} failed: {res.content}"
    return res.data


def error(s, tool, **args):
    res = s.env.call(tool, args)
    assert res.is_error, f"{tool} should have failed: {res.content}"
    return s.transcript.tool_calls[-1].error or ""


def membership(s, team_id, who):
    col = "external_id" if who.startswith("EXT") else "person_id"
    return s.scalar(f"SELECT membership_id FROM teams.team_member WHERE team_id = ? AND {col} = ?", team_id, who)


def plain_member(s, team_id):
    return s.scalar("SELECT m.person_id FROM teams.team_member m JOIN teams.user_account a USING (person_id) "
                    "WHERE m.team_id = ? AND m.role = 'member' AND a.account_enabled AND a.role = 'user' "
                    "ORDER BY m.person_id LIMIT 1", team_id)

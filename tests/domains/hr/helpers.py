"""Test helper: call a tool with arguments that may include `name` (which ToolSession.call cannot take)."""


def call(s, tool, **args):
    res = s.env.call(tool, args)
    assert not res.is_error, f"{tool} failed: {res.content}"
    return res.data


def error(s, tool, **args):
    res = s.env.call(tool, args)
    assert res.is_error, f"{tool} should have failed: {res.content}"
    return res.content

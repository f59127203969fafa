"""Teams workspace tools: users and guests, teams, members, channels and their members, messages, chats,
apps and tabs, tags, groups, call records, virtual events, activity notifications and the audit log."""

from . import (activity, apps, calls, channel_members, channels, chats, events, groups, members,  # noqa: F401
               messages, tags, teams_core, users)

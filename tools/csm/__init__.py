"""CSM (Customer Service Management) tools, split by entity."""

from . import (accounts, agents, assets, authoring, case_lifecycle, case_tasks, cases, contacts, entitlements,  # noqa: F401
               knowledge, notifications, products, slas)

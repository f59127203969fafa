"""CSM (Customer Service Management) tools, split by entity."""

from . import (accounts, agents, assets, authoring, case_lifecycle, case_tasks, cases, catalog_admin, contacts,  # noqa: F401
               entitlements, knowledge, notifications, products, slas)

"""HR service delivery tools: employees, org structure, groups, cases, lifecycle, access, legal,
confidential records, approvals, privacy and notifications."""

from . import (access, approvals, cases, catalog, confidential, employees, groups, legal,  # noqa: F401
               lifecycle, notify, orgstructure, privacy)

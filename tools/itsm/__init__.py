"""ITSM domain tools (service desk under ITIL), one module per entity."""

from . import (accounts, change_support, changes, cmdb, incident_lifecycle, incidents, journal, knowledge, problems,  # noqa: F401
               requests, services, sla, users)

"""Identities and ids of the calendar seed used by the unit tests."""

ADMIN = "P0015"            # Cody Clark, calendar_admin
FACILITIES = "P0569"       # Jared Juarez, resource_manager
USER = "P0447"             # Robert Hernandez (Engineering, San Francisco), plain user
ASSISTANT = "P0004"        # Allen Robinson, writer on the CEO's calendar
CEO = "brian.mason@arcturus.example"
CFO = "andrea.thompson@arcturus.example"
ER_CAL = "c_hr-er@group.calendar.arcturus.example"
LIT_CAL = "c_legal-lit@group.calendar.arcturus.example"
SALES_CAL = "c_sales-customers@group.calendar.arcturus.example"
STAFF_CAL = "c_exec-staff@group.calendar.arcturus.example"
HUDSON = "nyc-hq-4-hudson@resource.calendar.arcturus.example"
HUDSON_OLD = "nyc-hq-2-hudson@resource.calendar.arcturus.example"
BOARDROOM = "nyc-hq-12-liberty-boardroom@resource.calendar.arcturus.example"

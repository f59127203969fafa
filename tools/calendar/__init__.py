"""Calendar administration tools: calendars, calendar lists, sharing, events (recurrence, instances, move,
quick add, import), guests, status events, free/busy, rooms and resources, watch channels, settings, audit."""

from . import (attendees, calendars, channels, directory, events, freebusy, resources, sharing,  # noqa: F401
               status)

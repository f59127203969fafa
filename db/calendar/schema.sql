-- Calendar administration (modelled on a Google-Calendar-style API: calendars, calendar list,
-- events with recurrence, ACL, watch channels, settings, colours, free/busy, rooms and resources).
-- Every org person has a primary calendar whose id is their email. Event times are stored as
-- naive UTC (start_at/end_at) plus the IANA time zone the event was written in (recurrences expand
-- in that zone); all-day events use start_date/end_date (end exclusive) instead.
CREATE SCHEMA IF NOT EXISTS calendar;

CREATE TABLE calendar.cal_user (
    person_id   VARCHAR PRIMARY KEY REFERENCES org.person(person_id),
    role        VARCHAR NOT NULL CHECK (role IN ('calendar_admin', 'resource_manager', 'user')),
    suspended   BOOLEAN NOT NULL DEFAULT FALSE,
    delegated_by VARCHAR REFERENCES org.person(person_id)  -- who granted the admin role
);

CREATE TABLE calendar.calendar_color (
    color_id    VARCHAR PRIMARY KEY,          -- '1'..'24'
    name        VARCHAR NOT NULL,
    background  VARCHAR NOT NULL,
    foreground  VARCHAR NOT NULL
);

CREATE TABLE calendar.event_color (
    color_id    VARCHAR PRIMARY KEY,          -- '1'..'11'
    name        VARCHAR NOT NULL UNIQUE,      -- Lavender, Sage, ... Tomato
    background  VARCHAR NOT NULL,
    foreground  VARCHAR NOT NULL
);

CREATE TABLE calendar.calendar (
    calendar_id     VARCHAR PRIMARY KEY,      -- primary: the owner's email; secondary: c_<hex>@group.calendar.arcturus.example
    kind            VARCHAR NOT NULL CHECK (kind IN ('primary', 'secondary', 'resource')),
    summary         VARCHAR NOT NULL,
    description     VARCHAR,
    location        VARCHAR,
    time_zone       VARCHAR NOT NULL,
    owner_person_id VARCHAR REFERENCES org.person(person_id),   -- NULL for resource calendars
    department_id   VARCHAR REFERENCES org.department(department_id),
    classification  VARCHAR NOT NULL DEFAULT 'internal' CHECK (classification IN ('public', 'internal', 'confidential')),
    legal_hold      BOOLEAN NOT NULL DEFAULT FALSE,
    archived        BOOLEAN NOT NULL DEFAULT FALSE,
    etag            VARCHAR NOT NULL,
    created_at      TIMESTAMP NOT NULL,
    updated_at      TIMESTAMP NOT NULL
);

CREATE TABLE calendar.calendar_default_reminder (
    calendar_id VARCHAR NOT NULL REFERENCES calendar.calendar(calendar_id),
    method      VARCHAR NOT NULL CHECK (method IN ('email', 'popup')),
    minutes     INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 40320),
    PRIMARY KEY (calendar_id, method, minutes)
);

CREATE TABLE calendar.calendar_list_entry (
    person_id        VARCHAR NOT NULL REFERENCES org.person(person_id),
    calendar_id      VARCHAR NOT NULL REFERENCES calendar.calendar(calendar_id),
    summary_override VARCHAR,
    color_id         VARCHAR REFERENCES calendar.calendar_color(color_id),
    hidden           BOOLEAN NOT NULL DEFAULT FALSE,
    selected         BOOLEAN NOT NULL DEFAULT TRUE,
    is_primary       BOOLEAN NOT NULL DEFAULT FALSE,
    added_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (person_id, calendar_id)
);

CREATE TABLE calendar.directory_group (
    group_id    VARCHAR PRIMARY KEY,          -- GRP-ENG-LEADS
    email       VARCHAR NOT NULL UNIQUE,
    name        VARCHAR NOT NULL,
    description VARCHAR,
    owner_person_id VARCHAR REFERENCES org.person(person_id),
    department_id   VARCHAR REFERENCES org.department(department_id),
    archived    BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE calendar.group_member (
    group_id    VARCHAR NOT NULL REFERENCES calendar.directory_group(group_id),
    person_id   VARCHAR NOT NULL REFERENCES org.person(person_id),
    member_role VARCHAR NOT NULL CHECK (member_role IN ('owner', 'manager', 'member')),
    PRIMARY KEY (group_id, person_id)
);

CREATE TABLE calendar.external_contact (
    contact_id  VARCHAR PRIMARY KEY,          -- EXT0001
    email       VARCHAR NOT NULL UNIQUE,
    full_name   VARCHAR NOT NULL,
    company     VARCHAR NOT NULL,
    domain      VARCHAR NOT NULL,
    relationship VARCHAR NOT NULL CHECK (relationship IN ('customer', 'partner', 'vendor', 'candidate', 'guest')),
    sponsor_person_id VARCHAR REFERENCES org.person(person_id),
    blocked     BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE calendar.acl_rule (
    calendar_id VARCHAR NOT NULL REFERENCES calendar.calendar(calendar_id),
    rule_id     VARCHAR NOT NULL,             -- '<scope_type>:<scope_value>', e.g. user:ana@arcturus.example
    scope_type  VARCHAR NOT NULL CHECK (scope_type IN ('default', 'user', 'group', 'domain')),
    scope_value VARCHAR,                      -- email, group email or domain; NULL for default
    role        VARCHAR NOT NULL CHECK (role IN ('none', 'freeBusyReader', 'reader', 'writer', 'owner')),
    scope_person_id VARCHAR REFERENCES org.person(person_id),
    scope_group_id  VARCHAR REFERENCES calendar.directory_group(group_id),
    granted_by  VARCHAR REFERENCES org.person(person_id),
    etag        VARCHAR NOT NULL,
    updated_at  TIMESTAMP NOT NULL,
    PRIMARY KEY (calendar_id, rule_id)
);

CREATE TABLE calendar.building (
    building_id VARCHAR PRIMARY KEY,          -- NYC-HQ
    name        VARCHAR NOT NULL UNIQUE,
    location_id VARCHAR NOT NULL REFERENCES org.location(location_id),
    floors      VARCHAR NOT NULL,             -- comma-separated floor names
    facilities_contact VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE calendar.resource (
    resource_id    VARCHAR PRIMARY KEY,       -- RES-NYC-0401
    name           VARCHAR NOT NULL,
    email          VARCHAR NOT NULL UNIQUE,   -- also the resource calendar's id
    category       VARCHAR NOT NULL CHECK (category IN ('CONFERENCE_ROOM', 'OTHER')),
    resource_type  VARCHAR NOT NULL,          -- Meeting room, Boardroom, Phone booth, Projector, Van ...
    building_id    VARCHAR NOT NULL REFERENCES calendar.building(building_id),
    floor          VARCHAR,
    capacity       INTEGER,
    calendar_id    VARCHAR NOT NULL REFERENCES calendar.calendar(calendar_id),
    status         VARCHAR NOT NULL CHECK (status IN ('active', 'maintenance', 'retired')),
    description    VARCHAR
);

CREATE TABLE calendar.resource_feature (
    feature_id  VARCHAR PRIMARY KEY,          -- FEAT-VC
    name        VARCHAR NOT NULL UNIQUE
);

CREATE TABLE calendar.resource_feature_instance (
    resource_id VARCHAR NOT NULL REFERENCES calendar.resource(resource_id),
    feature_id  VARCHAR NOT NULL REFERENCES calendar.resource_feature(feature_id),
    PRIMARY KEY (resource_id, feature_id)
);

CREATE TABLE calendar.booking_rule (
    resource_id           VARCHAR PRIMARY KEY REFERENCES calendar.resource(resource_id),
    max_duration_minutes  INTEGER NOT NULL,
    booking_window_days   INTEGER NOT NULL,    -- how far ahead it may be booked
    min_notice_minutes    INTEGER NOT NULL DEFAULT 0,
    restricted_group_id   VARCHAR REFERENCES calendar.directory_group(group_id),  -- only members may book
    business_hours_only   BOOLEAN NOT NULL DEFAULT FALSE, -- 08:00-18:00 Mon-Fri in the building's zone
    allow_recurring       BOOLEAN NOT NULL DEFAULT TRUE,
    updated_by            VARCHAR REFERENCES org.person(person_id),
    updated_at            TIMESTAMP NOT NULL
);

CREATE TABLE calendar.event (
    event_id          VARCHAR PRIMARY KEY,    -- evt0001abcd; instance overrides: <master>_<YYYYMMDDTHHMMSSZ>
    calendar_id       VARCHAR NOT NULL REFERENCES calendar.calendar(calendar_id),
    ical_uid          VARCHAR NOT NULL,
    event_type        VARCHAR NOT NULL CHECK (event_type IN ('default', 'outOfOffice', 'focusTime', 'workingLocation')),
    status            VARCHAR NOT NULL CHECK (status IN ('confirmed', 'tentative', 'cancelled')),
    summary           VARCHAR,
    description       VARCHAR,
    location          VARCHAR,
    color_id          VARCHAR REFERENCES calendar.event_color(color_id),
    visibility        VARCHAR NOT NULL CHECK (visibility IN ('default', 'public', 'private', 'confidential')),
    transparency      VARCHAR NOT NULL CHECK (transparency IN ('opaque', 'transparent')),
    all_day           BOOLEAN NOT NULL,
    start_at          TIMESTAMP,              -- UTC, timed events
    end_at            TIMESTAMP,
    start_date        DATE,                   -- all-day events (end exclusive)
    end_date          DATE,
    time_zone         VARCHAR NOT NULL,
    recurrence        VARCHAR,                -- RRULE/EXDATE lines joined by newline (masters only)
    recurring_event_id VARCHAR REFERENCES calendar.event(event_id),
    original_start_at TIMESTAMP,              -- UTC start of the instance an override replaces
    organizer_email   VARCHAR NOT NULL,
    creator_person_id VARCHAR REFERENCES org.person(person_id),
    guests_can_modify BOOLEAN NOT NULL DEFAULT FALSE,
    guests_can_invite_others BOOLEAN NOT NULL DEFAULT TRUE,
    guests_can_see_other_guests BOOLEAN NOT NULL DEFAULT TRUE,
    private_copy      BOOLEAN NOT NULL DEFAULT FALSE,
    use_default_reminders BOOLEAN NOT NULL DEFAULT TRUE,
    auto_decline_mode VARCHAR CHECK (auto_decline_mode IN ('declineNone', 'declineAllConflictingInvitations', 'declineOnlyNewConflictingInvitations')),
    decline_message   VARCHAR,
    chat_status       VARCHAR CHECK (chat_status IN ('available', 'doNotDisturb')),
    working_location_type VARCHAR CHECK (working_location_type IN ('homeOffice', 'officeLocation', 'customLocation')),
    working_location_label VARCHAR,
    building_id       VARCHAR REFERENCES calendar.building(building_id),
    source            VARCHAR NOT NULL DEFAULT 'api' CHECK (source IN ('api', 'quickAdd', 'import', 'seed')),
    sequence          INTEGER NOT NULL DEFAULT 0,
    etag              VARCHAR NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    updated_at        TIMESTAMP NOT NULL
);

CREATE TABLE calendar.event_attendee (
    event_id          VARCHAR NOT NULL REFERENCES calendar.event(event_id),
    email             VARCHAR NOT NULL,
    person_id         VARCHAR REFERENCES org.person(person_id),
    contact_id        VARCHAR REFERENCES calendar.external_contact(contact_id),
    resource_id       VARCHAR REFERENCES calendar.resource(resource_id),
    display_name      VARCHAR,
    is_organizer      BOOLEAN NOT NULL DEFAULT FALSE,
    optional          BOOLEAN NOT NULL DEFAULT FALSE,
    response_status   VARCHAR NOT NULL CHECK (response_status IN ('needsAction', 'declined', 'tentative', 'accepted')),
    comment           VARCHAR,
    additional_guests INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (event_id, email)
);

CREATE TABLE calendar.event_reminder (
    event_id VARCHAR NOT NULL REFERENCES calendar.event(event_id),
    method   VARCHAR NOT NULL CHECK (method IN ('email', 'popup')),
    minutes  INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 40320),
    PRIMARY KEY (event_id, method, minutes)
);

CREATE TABLE calendar.event_attachment (
    event_id  VARCHAR NOT NULL REFERENCES calendar.event(event_id),
    file_url  VARCHAR NOT NULL,
    title     VARCHAR NOT NULL,
    mime_type VARCHAR NOT NULL,
    added_by  VARCHAR REFERENCES org.person(person_id),
    PRIMARY KEY (event_id, file_url)
);

CREATE TABLE calendar.event_extended_property (
    event_id VARCHAR NOT NULL REFERENCES calendar.event(event_id),
    scope    VARCHAR NOT NULL CHECK (scope IN ('private', 'shared')),
    key      VARCHAR NOT NULL,
    value    VARCHAR NOT NULL,
    PRIMARY KEY (event_id, scope, key)
);

CREATE TABLE calendar.conference_data (
    event_id        VARCHAR PRIMARY KEY REFERENCES calendar.event(event_id),
    solution        VARCHAR NOT NULL CHECK (solution IN ('videoMeeting', 'phoneBridge', 'addOn')),
    conference_id   VARCHAR NOT NULL,
    entry_uri       VARCHAR NOT NULL,
    created_by      VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE calendar.notification (
    notification_id VARCHAR PRIMARY KEY,      -- NTF000001
    event_id        VARCHAR NOT NULL REFERENCES calendar.event(event_id),
    recipient_email VARCHAR NOT NULL,
    recipient_person_id VARCHAR REFERENCES org.person(person_id),
    kind            VARCHAR NOT NULL CHECK (kind IN ('invitation', 'update', 'cancellation', 'response')),
    sent_at         TIMESTAMP NOT NULL,
    sent_by         VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE calendar.user_setting (
    person_id  VARCHAR NOT NULL REFERENCES org.person(person_id),
    setting_id VARCHAR NOT NULL CHECK (setting_id IN ('timezone', 'locale', 'weekStart', 'format24HourTime',
               'defaultEventLength', 'hideWeekends', 'showDeclinedEvents', 'autoAddHangouts', 'workingHoursStart',
               'workingHoursEnd')),
    value      VARCHAR NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    PRIMARY KEY (person_id, setting_id)
);

CREATE TABLE calendar.channel (
    channel_id    VARCHAR PRIMARY KEY,        -- chn-000001
    resource_id   VARCHAR NOT NULL,           -- opaque id of the watched resource
    resource_kind VARCHAR NOT NULL CHECK (resource_kind IN ('events', 'acl', 'calendarList', 'settings')),
    calendar_id   VARCHAR REFERENCES calendar.calendar(calendar_id),
    watched_person_id VARCHAR REFERENCES org.person(person_id),  -- calendarList / settings watches
    address       VARCHAR NOT NULL,
    token         VARCHAR,
    expiration    TIMESTAMP NOT NULL,
    status        VARCHAR NOT NULL CHECK (status IN ('active', 'stopped')),
    created_by    VARCHAR REFERENCES org.person(person_id),
    created_at    TIMESTAMP NOT NULL
);

CREATE TABLE calendar.audit_log (
    audit_id        VARCHAR PRIMARY KEY,      -- AUD000001
    actor_person_id VARCHAR REFERENCES org.person(person_id),
    action          VARCHAR NOT NULL,
    calendar_id     VARCHAR REFERENCES calendar.calendar(calendar_id),
    event_id        VARCHAR REFERENCES calendar.event(event_id),
    target          VARCHAR,
    details         VARCHAR,
    created_at      TIMESTAMP NOT NULL
);

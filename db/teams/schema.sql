-- Teams: collaboration workspaces modelled on a Graph-like API (users, teams, channels, messages,
-- chats, apps and tabs, tags, groups, call records, virtual events). Internal people are org.person;
-- guests and people of other organisations are teams.external_user.
CREATE SCHEMA teams;

CREATE TABLE teams.user_account (
    person_id        VARCHAR PRIMARY KEY REFERENCES org.person(person_id),
    user_principal_name VARCHAR NOT NULL UNIQUE,
    display_name     VARCHAR NOT NULL,
    job_title        VARCHAR,
    office_location  VARCHAR,
    account_enabled  BOOLEAN NOT NULL,
    role             VARCHAR NOT NULL CHECK (role IN ('teams_admin', 'user')),
    status_message   VARCHAR,
    status_expires_at TIMESTAMP,
    usage_location   VARCHAR,
    created_at       TIMESTAMP NOT NULL
);

CREATE TABLE teams.domain_rule (
    domain           VARCHAR PRIMARY KEY,
    rule             VARCHAR NOT NULL CHECK (rule IN ('allowed', 'blocked')),
    organization     VARCHAR NOT NULL,
    reason           VARCHAR,
    updated_by       VARCHAR REFERENCES org.person(person_id),
    updated_at       TIMESTAMP NOT NULL
);

CREATE TABLE teams.external_user (
    external_id      VARCHAR PRIMARY KEY,
    display_name     VARCHAR NOT NULL,
    email            VARCHAR NOT NULL UNIQUE,
    organization     VARCHAR NOT NULL,
    domain           VARCHAR NOT NULL REFERENCES teams.domain_rule(domain),
    user_type        VARCHAR NOT NULL CHECK (user_type IN ('guest', 'external')),
    invitation_state VARCHAR NOT NULL CHECK (invitation_state IN ('pending_acceptance', 'accepted', 'revoked')),
    sponsor_person_id VARCHAR REFERENCES org.person(person_id),
    invited_at       TIMESTAMP NOT NULL
);

CREATE TABLE teams.m365_group (
    group_id         VARCHAR PRIMARY KEY,
    display_name     VARCHAR NOT NULL,
    mail_nickname    VARCHAR NOT NULL UNIQUE,
    mail             VARCHAR NOT NULL UNIQUE,
    description      VARCHAR,
    group_type       VARCHAR NOT NULL CHECK (group_type IN ('unified', 'security', 'distribution')),
    visibility       VARCHAR NOT NULL CHECK (visibility IN ('public', 'private', 'hiddenmembership')),
    department_id    VARCHAR REFERENCES org.department(department_id),
    created_by       VARCHAR REFERENCES org.person(person_id),
    created_at       TIMESTAMP NOT NULL,
    deleted_at       TIMESTAMP
);

CREATE TABLE teams.group_owner (
    group_id         VARCHAR NOT NULL REFERENCES teams.m365_group(group_id),
    person_id        VARCHAR NOT NULL REFERENCES org.person(person_id),
    added_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (group_id, person_id)
);

CREATE TABLE teams.group_member (
    group_id         VARCHAR NOT NULL REFERENCES teams.m365_group(group_id),
    person_id        VARCHAR NOT NULL REFERENCES org.person(person_id),
    added_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (group_id, person_id)
);

CREATE TABLE teams.team (
    team_id          VARCHAR PRIMARY KEY,
    group_id         VARCHAR NOT NULL UNIQUE REFERENCES teams.m365_group(group_id),
    display_name     VARCHAR NOT NULL,
    description      VARCHAR,
    visibility       VARCHAR NOT NULL CHECK (visibility IN ('public', 'private')),
    template         VARCHAR NOT NULL CHECK (template IN ('standard', 'projectManagement', 'incidentResponse', 'departmentHub', 'eventPlanning')),
    classification   VARCHAR CHECK (classification IN ('General', 'Confidential', 'Highly Confidential')),
    department_id    VARCHAR REFERENCES org.department(department_id),
    is_archived      BOOLEAN NOT NULL,
    archived_at      TIMESTAMP,
    site_read_only_for_members BOOLEAN NOT NULL,
    allow_create_update_channels BOOLEAN NOT NULL,
    allow_create_private_channels BOOLEAN NOT NULL,
    allow_delete_channels BOOLEAN NOT NULL,
    allow_add_remove_apps BOOLEAN NOT NULL,
    allow_create_update_remove_tabs BOOLEAN NOT NULL,
    guest_allow_create_update_channels BOOLEAN NOT NULL,
    guest_allow_delete_channels BOOLEAN NOT NULL,
    allow_user_edit_messages BOOLEAN NOT NULL,
    allow_user_delete_messages BOOLEAN NOT NULL,
    allow_owner_delete_messages BOOLEAN NOT NULL,
    allow_team_mentions BOOLEAN NOT NULL,
    allow_channel_mentions BOOLEAN NOT NULL,
    created_by       VARCHAR REFERENCES org.person(person_id),
    created_at       TIMESTAMP NOT NULL,
    last_activity_at TIMESTAMP NOT NULL
);

CREATE TABLE teams.team_member (
    membership_id    VARCHAR PRIMARY KEY,
    team_id          VARCHAR NOT NULL REFERENCES teams.team(team_id),
    person_id        VARCHAR REFERENCES org.person(person_id),
    external_id      VARCHAR REFERENCES teams.external_user(external_id),
    role             VARCHAR NOT NULL CHECK (role IN ('owner', 'member', 'guest')),
    added_by         VARCHAR REFERENCES org.person(person_id),
    added_at         TIMESTAMP NOT NULL,
    CHECK ((person_id IS NULL) <> (external_id IS NULL))
);

CREATE TABLE teams.channel (
    channel_id       VARCHAR PRIMARY KEY,
    team_id          VARCHAR NOT NULL REFERENCES teams.team(team_id),
    display_name     VARCHAR NOT NULL,
    description      VARCHAR,
    membership_type  VARCHAR NOT NULL CHECK (membership_type IN ('standard', 'private', 'shared')),
    is_general       BOOLEAN NOT NULL,
    is_favorite_by_default BOOLEAN NOT NULL,
    is_archived      BOOLEAN NOT NULL,
    email            VARCHAR UNIQUE,
    files_folder     VARCHAR NOT NULL,
    created_by       VARCHAR REFERENCES org.person(person_id),
    created_at       TIMESTAMP NOT NULL,
    deleted_at       TIMESTAMP
);

CREATE TABLE teams.channel_member (
    membership_id    VARCHAR PRIMARY KEY,
    channel_id       VARCHAR NOT NULL REFERENCES teams.channel(channel_id),
    person_id        VARCHAR REFERENCES org.person(person_id),
    external_id      VARCHAR REFERENCES teams.external_user(external_id),
    role             VARCHAR NOT NULL CHECK (role IN ('owner', 'member')),
    added_by         VARCHAR REFERENCES org.person(person_id),
    added_at         TIMESTAMP NOT NULL,
    CHECK ((person_id IS NULL) <> (external_id IS NULL))
);

CREATE TABLE teams.channel_shared_team (
    channel_id       VARCHAR NOT NULL REFERENCES teams.channel(channel_id),
    team_id          VARCHAR NOT NULL REFERENCES teams.team(team_id),
    shared_by        VARCHAR REFERENCES org.person(person_id),
    shared_at        TIMESTAMP NOT NULL,
    PRIMARY KEY (channel_id, team_id)
);

CREATE TABLE teams.chat (
    chat_id          VARCHAR PRIMARY KEY,
    chat_type        VARCHAR NOT NULL CHECK (chat_type IN ('oneOnOne', 'group', 'meeting')),
    topic            VARCHAR,
    created_by       VARCHAR REFERENCES org.person(person_id),
    created_at       TIMESTAMP NOT NULL,
    last_updated_at  TIMESTAMP NOT NULL
);

CREATE TABLE teams.chat_member (
    membership_id    VARCHAR PRIMARY KEY,
    chat_id          VARCHAR NOT NULL REFERENCES teams.chat(chat_id),
    person_id        VARCHAR REFERENCES org.person(person_id),
    external_id      VARCHAR REFERENCES teams.external_user(external_id),
    role             VARCHAR NOT NULL CHECK (role IN ('owner', 'guest')),
    visible_history_start TIMESTAMP,
    added_at         TIMESTAMP NOT NULL,
    CHECK ((person_id IS NULL) <> (external_id IS NULL))
);

CREATE TABLE teams.message (
    message_id       VARCHAR PRIMARY KEY,
    channel_id       VARCHAR REFERENCES teams.channel(channel_id),
    chat_id          VARCHAR REFERENCES teams.chat(chat_id),
    reply_to_id      VARCHAR REFERENCES teams.message(message_id),
    from_person_id   VARCHAR REFERENCES org.person(person_id),
    from_external_id VARCHAR REFERENCES teams.external_user(external_id),
    subject          VARCHAR,
    body             VARCHAR NOT NULL,
    content_type     VARCHAR NOT NULL CHECK (content_type IN ('text', 'html')),
    importance       VARCHAR NOT NULL CHECK (importance IN ('normal', 'high', 'urgent')),
    etag             INTEGER NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    last_edited_at   TIMESTAMP,
    deleted_at       TIMESTAMP,
    CHECK ((channel_id IS NULL) <> (chat_id IS NULL))
);

CREATE TABLE teams.tag (
    tag_id           VARCHAR PRIMARY KEY,
    team_id          VARCHAR NOT NULL REFERENCES teams.team(team_id),
    display_name     VARCHAR NOT NULL,
    description      VARCHAR,
    created_by       VARCHAR REFERENCES org.person(person_id),
    created_at       TIMESTAMP NOT NULL
);

CREATE TABLE teams.tag_member (
    tag_id           VARCHAR NOT NULL REFERENCES teams.tag(tag_id),
    person_id        VARCHAR NOT NULL REFERENCES org.person(person_id),
    added_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (tag_id, person_id)
);

CREATE TABLE teams.message_mention (
    mention_id       VARCHAR PRIMARY KEY,
    message_id       VARCHAR NOT NULL REFERENCES teams.message(message_id),
    mention_type     VARCHAR NOT NULL CHECK (mention_type IN ('user', 'tag', 'channel', 'team')),
    person_id        VARCHAR REFERENCES org.person(person_id),
    tag_id           VARCHAR REFERENCES teams.tag(tag_id),
    mention_text     VARCHAR NOT NULL
);

CREATE TABLE teams.message_reaction (
    message_id       VARCHAR NOT NULL REFERENCES teams.message(message_id),
    person_id        VARCHAR NOT NULL REFERENCES org.person(person_id),
    reaction_type    VARCHAR NOT NULL CHECK (reaction_type IN ('like', 'heart', 'laugh', 'surprised', 'sad', 'angry')),
    created_at       TIMESTAMP NOT NULL,
    PRIMARY KEY (message_id, person_id, reaction_type)
);

CREATE TABLE teams.pinned_message (
    pin_id           VARCHAR PRIMARY KEY,
    chat_id          VARCHAR NOT NULL REFERENCES teams.chat(chat_id),
    message_id       VARCHAR NOT NULL REFERENCES teams.message(message_id),
    pinned_by        VARCHAR REFERENCES org.person(person_id),
    pinned_at        TIMESTAMP NOT NULL
);

CREATE TABLE teams.app (
    app_id           VARCHAR PRIMARY KEY,
    external_app_id  VARCHAR,
    display_name     VARCHAR NOT NULL,
    publisher        VARCHAR NOT NULL,
    distribution_method VARCHAR NOT NULL CHECK (distribution_method IN ('store', 'organization', 'sideloaded')),
    version          VARCHAR NOT NULL,
    supports_tabs    BOOLEAN NOT NULL,
    is_blocked       BOOLEAN NOT NULL,
    description      VARCHAR
);

CREATE TABLE teams.app_installation (
    installation_id  VARCHAR PRIMARY KEY,
    team_id          VARCHAR REFERENCES teams.team(team_id),
    chat_id          VARCHAR REFERENCES teams.chat(chat_id),
    app_id           VARCHAR NOT NULL REFERENCES teams.app(app_id),
    installed_by     VARCHAR REFERENCES org.person(person_id),
    installed_at     TIMESTAMP NOT NULL,
    CHECK ((team_id IS NULL) <> (chat_id IS NULL))
);

CREATE TABLE teams.tab (
    tab_id           VARCHAR PRIMARY KEY,
    channel_id       VARCHAR REFERENCES teams.channel(channel_id),
    chat_id          VARCHAR REFERENCES teams.chat(chat_id),
    app_id           VARCHAR NOT NULL REFERENCES teams.app(app_id),
    display_name     VARCHAR NOT NULL,
    content_url      VARCHAR,
    website_url      VARCHAR,
    entity_id        VARCHAR,
    sort_order       INTEGER NOT NULL,
    created_by       VARCHAR REFERENCES org.person(person_id),
    created_at       TIMESTAMP NOT NULL,
    CHECK ((channel_id IS NULL) <> (chat_id IS NULL))
);

CREATE TABLE teams.call_record (
    call_id          VARCHAR PRIMARY KEY,
    call_type        VARCHAR NOT NULL CHECK (call_type IN ('peerToPeer', 'groupCall')),
    modalities       VARCHAR NOT NULL,
    organizer_person_id VARCHAR REFERENCES org.person(person_id),
    chat_id          VARCHAR REFERENCES teams.chat(chat_id),
    channel_id       VARCHAR REFERENCES teams.channel(channel_id),
    start_at         TIMESTAMP NOT NULL,
    end_at           TIMESTAMP NOT NULL,
    version          INTEGER NOT NULL
);

CREATE TABLE teams.call_participant (
    call_id          VARCHAR NOT NULL REFERENCES teams.call_record(call_id),
    participant_no   INTEGER NOT NULL,
    person_id        VARCHAR REFERENCES org.person(person_id),
    external_id      VARCHAR REFERENCES teams.external_user(external_id),
    PRIMARY KEY (call_id, participant_no)
);

CREATE TABLE teams.call_session (
    session_id       VARCHAR PRIMARY KEY,
    call_id          VARCHAR NOT NULL REFERENCES teams.call_record(call_id),
    caller_person_id VARCHAR REFERENCES org.person(person_id),
    callee_person_id VARCHAR REFERENCES org.person(person_id),
    modality         VARCHAR NOT NULL CHECK (modality IN ('audio', 'video', 'screenSharing')),
    start_at         TIMESTAMP NOT NULL,
    end_at           TIMESTAMP NOT NULL,
    failure_reason   VARCHAR
);

CREATE TABLE teams.virtual_event (
    event_id         VARCHAR PRIMARY KEY,
    event_type       VARCHAR NOT NULL CHECK (event_type IN ('webinar', 'townhall')),
    display_name     VARCHAR NOT NULL,
    description      VARCHAR,
    start_at         TIMESTAMP NOT NULL,
    end_at           TIMESTAMP NOT NULL,
    status           VARCHAR NOT NULL CHECK (status IN ('draft', 'published', 'canceled')),
    audience         VARCHAR NOT NULL CHECK (audience IN ('organization', 'everyone')),
    organizer_person_id VARCHAR NOT NULL REFERENCES org.person(person_id),
    team_id          VARCHAR REFERENCES teams.team(team_id),
    registration_capacity INTEGER,
    is_waitlist_enabled BOOLEAN NOT NULL,
    created_at       TIMESTAMP NOT NULL,
    published_at     TIMESTAMP,
    canceled_at      TIMESTAMP
);

CREATE TABLE teams.event_coorganizer (
    event_id         VARCHAR NOT NULL REFERENCES teams.virtual_event(event_id),
    person_id        VARCHAR NOT NULL REFERENCES org.person(person_id),
    added_at         TIMESTAMP NOT NULL,
    PRIMARY KEY (event_id, person_id)
);

CREATE TABLE teams.event_registration (
    registration_id  VARCHAR PRIMARY KEY,
    event_id         VARCHAR NOT NULL REFERENCES teams.virtual_event(event_id),
    person_id        VARCHAR REFERENCES org.person(person_id),
    external_id      VARCHAR REFERENCES teams.external_user(external_id),
    email            VARCHAR NOT NULL,
    first_name       VARCHAR NOT NULL,
    last_name        VARCHAR NOT NULL,
    status           VARCHAR NOT NULL CHECK (status IN ('registered', 'waitlisted', 'canceled')),
    registered_at    TIMESTAMP NOT NULL,
    canceled_at      TIMESTAMP
);

CREATE TABLE teams.activity_notification (
    notification_id  VARCHAR PRIMARY KEY,
    recipient_person_id VARCHAR NOT NULL REFERENCES org.person(person_id),
    team_id          VARCHAR REFERENCES teams.team(team_id),
    channel_id       VARCHAR REFERENCES teams.channel(channel_id),
    event_id         VARCHAR REFERENCES teams.virtual_event(event_id),
    activity_type    VARCHAR NOT NULL CHECK (activity_type IN ('ownershipChange', 'membershipChange', 'channelChange', 'eventUpdate', 'securityNotice', 'general')),
    preview_text     VARCHAR NOT NULL,
    sent_by          VARCHAR REFERENCES org.person(person_id),
    sent_at          TIMESTAMP NOT NULL
);

CREATE TABLE teams.audit_log (
    audit_id         VARCHAR PRIMARY KEY,
    actor_person_id  VARCHAR NOT NULL REFERENCES org.person(person_id),
    action           VARCHAR NOT NULL,
    target_type      VARCHAR NOT NULL,
    target_id        VARCHAR NOT NULL,
    team_id          VARCHAR REFERENCES teams.team(team_id),
    details          VARCHAR,
    created_at       TIMESTAMP NOT NULL
);

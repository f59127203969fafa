-- Drive: file governance (files and folders, shared drives, permissions and their inheritance,
-- groups, comments, revisions, labels, access proposals, the changes feed, watches and an audit log).
-- A Drive account is an org person (same email). External people live in drive.external_user.
-- Relationships are declared with REFERENCES; the engine strips them before DuckDB sees the DDL.
CREATE SCHEMA IF NOT EXISTS drive;

CREATE TABLE drive.account (
    person_id           VARCHAR PRIMARY KEY REFERENCES org.person(person_id),
    email               VARCHAR NOT NULL UNIQUE,
    display_name        VARCHAR NOT NULL,
    role                VARCHAR NOT NULL CHECK (role IN ('admin', 'user')),
    status              VARCHAR NOT NULL CHECK (status IN ('active', 'suspended')),
    storage_limit_bytes BIGINT NOT NULL,
    root_folder_id      VARCHAR REFERENCES drive.file(file_id),
    created_time        TIMESTAMP NOT NULL,
    last_active_time    TIMESTAMP
);

CREATE TABLE drive.partner_domain (
    domain          VARCHAR PRIMARY KEY,
    company         VARCHAR NOT NULL,
    status          VARCHAR NOT NULL CHECK (status IN ('approved', 'revoked', 'pending')),
    sponsor_id      VARCHAR REFERENCES org.person(person_id),
    department_id   VARCHAR REFERENCES org.department(department_id),
    approved_until  DATE,
    notes           VARCHAR
);

CREATE TABLE drive.external_user (
    external_id     VARCHAR PRIMARY KEY,                  -- EXT001
    email           VARCHAR NOT NULL UNIQUE,
    display_name    VARCHAR NOT NULL,
    domain          VARCHAR NOT NULL,
    company         VARCHAR,
    sponsor_id      VARCHAR REFERENCES org.person(person_id),
    partner_domain  VARCHAR REFERENCES drive.partner_domain(domain)
);

CREATE TABLE drive.user_group (
    group_id        VARCHAR PRIMARY KEY,                  -- GRP001
    email           VARCHAR NOT NULL UNIQUE,
    name            VARCHAR NOT NULL,
    description     VARCHAR,
    department_id   VARCHAR REFERENCES org.department(department_id),
    owner_id        VARCHAR REFERENCES org.person(person_id),
    archived        BOOLEAN NOT NULL DEFAULT FALSE,
    allow_external_members BOOLEAN NOT NULL DEFAULT FALSE,
    created_time    TIMESTAMP NOT NULL
);

CREATE TABLE drive.group_member (
    membership_id   VARCHAR PRIMARY KEY,                  -- GMB00001
    group_id        VARCHAR NOT NULL REFERENCES drive.user_group(group_id),
    person_id       VARCHAR REFERENCES org.person(person_id),
    external_id     VARCHAR REFERENCES drive.external_user(external_id),
    role            VARCHAR NOT NULL CHECK (role IN ('OWNER', 'MANAGER', 'MEMBER')),
    added_time      TIMESTAMP NOT NULL,
    added_by        VARCHAR REFERENCES org.person(person_id),
    CHECK ((person_id IS NULL) <> (external_id IS NULL))
);

CREATE TABLE drive.shared_drive (
    drive_id                    VARCHAR PRIMARY KEY,      -- DRV001
    name                        VARCHAR NOT NULL,
    department_id               VARCHAR REFERENCES org.department(department_id),
    color_rgb                   VARCHAR NOT NULL,
    theme_id                    VARCHAR REFERENCES drive.drive_theme(theme_id),
    hidden                      BOOLEAN NOT NULL DEFAULT FALSE,
    created_time                TIMESTAMP NOT NULL,
    created_by                  VARCHAR REFERENCES org.person(person_id),
    root_folder_id              VARCHAR REFERENCES drive.file(file_id),
    admin_managed_restrictions  BOOLEAN NOT NULL DEFAULT FALSE,
    domain_users_only           BOOLEAN NOT NULL DEFAULT FALSE,
    drive_members_only          BOOLEAN NOT NULL DEFAULT FALSE,
    copy_requires_writer_permission BOOLEAN NOT NULL DEFAULT FALSE,
    sharing_folders_requires_organizer BOOLEAN NOT NULL DEFAULT FALSE,
    download_restricted         BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE drive.drive_theme (
    theme_id        VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL,
    color_rgb       VARCHAR NOT NULL
);

CREATE TABLE drive.drive_member (
    permission_id   VARCHAR PRIMARY KEY,                  -- DPM0001
    drive_id        VARCHAR NOT NULL REFERENCES drive.shared_drive(drive_id),
    type            VARCHAR NOT NULL CHECK (type IN ('user', 'group', 'domain')),
    role            VARCHAR NOT NULL CHECK (role IN ('organizer', 'fileOrganizer', 'writer', 'commenter', 'reader')),
    person_id       VARCHAR REFERENCES org.person(person_id),
    external_id     VARCHAR REFERENCES drive.external_user(external_id),
    group_id        VARCHAR REFERENCES drive.user_group(group_id),
    domain          VARCHAR,
    email_address   VARCHAR,
    added_time      TIMESTAMP NOT NULL,
    added_by        VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE drive.file (
    file_id                 VARCHAR PRIMARY KEY,          -- FIL00001
    name                    VARCHAR NOT NULL,
    mime_type               VARCHAR NOT NULL,
    parent_id               VARCHAR REFERENCES drive.file(file_id),
    drive_id                VARCHAR REFERENCES drive.shared_drive(drive_id),
    owner_id                VARCHAR REFERENCES org.person(person_id),
    description             VARCHAR,
    starred                 BOOLEAN NOT NULL DEFAULT FALSE,
    trashed                 BOOLEAN NOT NULL DEFAULT FALSE,
    explicitly_trashed      BOOLEAN NOT NULL DEFAULT FALSE,
    trashed_time            TIMESTAMP,
    trashing_user_id        VARCHAR REFERENCES org.person(person_id),
    created_time            TIMESTAMP NOT NULL,
    modified_time           TIMESTAMP NOT NULL,
    last_modifying_user_id  VARCHAR REFERENCES org.person(person_id),
    size_bytes              BIGINT NOT NULL DEFAULT 0,
    md5_checksum            VARCHAR,
    version                 INTEGER NOT NULL DEFAULT 1,
    head_revision_id        VARCHAR REFERENCES drive.revision(revision_id),
    shortcut_target_id      VARCHAR,                      -- may outlive its target (a broken shortcut), so no FK
    copied_from_id          VARCHAR,                      -- provenance: the original may since have been deleted
    writers_can_share       BOOLEAN NOT NULL DEFAULT TRUE,
    copy_requires_writer_permission BOOLEAN NOT NULL DEFAULT FALSE,
    inherited_permissions_disabled  BOOLEAN NOT NULL DEFAULT FALSE,
    is_root                 BOOLEAN NOT NULL DEFAULT FALSE,
    CHECK (mime_type <> 'application/vnd.google-apps.shortcut' OR shortcut_target_id IS NOT NULL),
    CHECK ((drive_id IS NULL) <> (owner_id IS NULL))
);

CREATE TABLE drive.app_property (
    file_id         VARCHAR NOT NULL REFERENCES drive.file(file_id),
    key             VARCHAR NOT NULL,
    value           VARCHAR NOT NULL,
    PRIMARY KEY (file_id, key)
);

CREATE TABLE drive.permission (
    permission_id        VARCHAR PRIMARY KEY,             -- PRM00001
    file_id              VARCHAR NOT NULL REFERENCES drive.file(file_id),
    type                 VARCHAR NOT NULL CHECK (type IN ('user', 'group', 'domain', 'anyone')),
    role                 VARCHAR NOT NULL CHECK (role IN ('owner', 'writer', 'commenter', 'reader')),
    person_id            VARCHAR REFERENCES org.person(person_id),
    external_id          VARCHAR REFERENCES drive.external_user(external_id),
    group_id             VARCHAR REFERENCES drive.user_group(group_id),
    domain               VARCHAR,
    email_address        VARCHAR,
    allow_file_discovery BOOLEAN,
    expiration_time      TIMESTAMP,
    pending_owner        BOOLEAN NOT NULL DEFAULT FALSE,
    created_time         TIMESTAMP NOT NULL,
    granted_by           VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE drive.export_format (
    source_mime_type VARCHAR NOT NULL,
    export_mime_type VARCHAR NOT NULL,
    extension        VARCHAR NOT NULL,
    PRIMARY KEY (source_mime_type, export_mime_type)
);

CREATE TABLE drive.revision (
    revision_id         VARCHAR PRIMARY KEY,              -- REV00001
    file_id             VARCHAR NOT NULL REFERENCES drive.file(file_id),
    revision_number     INTEGER NOT NULL,
    modified_time       TIMESTAMP NOT NULL,
    last_modifying_user_id VARCHAR REFERENCES org.person(person_id),
    size_bytes          BIGINT NOT NULL DEFAULT 0,
    md5_checksum        VARCHAR,
    keep_forever        BOOLEAN NOT NULL DEFAULT FALSE,
    published           BOOLEAN NOT NULL DEFAULT FALSE,
    publish_auto        BOOLEAN NOT NULL DEFAULT FALSE,
    original_filename   VARCHAR,
    change_summary      VARCHAR
);

CREATE TABLE drive.comment (
    comment_id      VARCHAR PRIMARY KEY,                  -- CMT00001
    file_id         VARCHAR NOT NULL REFERENCES drive.file(file_id),
    author_id       VARCHAR REFERENCES org.person(person_id),
    author_external_id VARCHAR REFERENCES drive.external_user(external_id),
    content         VARCHAR NOT NULL,
    quoted_text     VARCHAR,
    anchor          VARCHAR,
    resolved        BOOLEAN NOT NULL DEFAULT FALSE,
    deleted         BOOLEAN NOT NULL DEFAULT FALSE,
    assignee_id     VARCHAR REFERENCES org.person(person_id),
    created_time    TIMESTAMP NOT NULL,
    modified_time   TIMESTAMP NOT NULL
);

CREATE TABLE drive.reply (
    reply_id        VARCHAR PRIMARY KEY,                  -- RPL00001
    comment_id      VARCHAR NOT NULL REFERENCES drive.comment(comment_id),
    author_id       VARCHAR REFERENCES org.person(person_id),
    author_external_id VARCHAR REFERENCES drive.external_user(external_id),
    content         VARCHAR,
    action          VARCHAR CHECK (action IN ('resolve', 'reopen')),
    deleted         BOOLEAN NOT NULL DEFAULT FALSE,
    created_time    TIMESTAMP NOT NULL
);

CREATE TABLE drive.label (
    label_id        VARCHAR PRIMARY KEY,                  -- LBL01
    name            VARCHAR NOT NULL UNIQUE,
    description     VARCHAR,
    label_type      VARCHAR NOT NULL CHECK (label_type IN ('admin', 'shared')),
    state           VARCHAR NOT NULL CHECK (state IN ('published', 'disabled')),
    created_by      VARCHAR REFERENCES org.person(person_id),
    created_time    TIMESTAMP NOT NULL
);

CREATE TABLE drive.label_field (
    field_id        VARCHAR PRIMARY KEY,                  -- LBF01
    label_id        VARCHAR NOT NULL REFERENCES drive.label(label_id),
    name            VARCHAR NOT NULL,
    value_type      VARCHAR NOT NULL CHECK (value_type IN ('selection', 'text', 'date', 'user', 'integer')),
    required        BOOLEAN NOT NULL DEFAULT FALSE,
    description     VARCHAR
);

CREATE TABLE drive.label_choice (
    choice_id       VARCHAR PRIMARY KEY,                  -- LBC001
    field_id        VARCHAR NOT NULL REFERENCES drive.label_field(field_id),
    display_name    VARCHAR NOT NULL,
    rank            INTEGER NOT NULL
);

CREATE TABLE drive.file_label (
    file_id         VARCHAR NOT NULL REFERENCES drive.file(file_id),
    label_id        VARCHAR NOT NULL REFERENCES drive.label(label_id),
    applied_by      VARCHAR REFERENCES org.person(person_id),
    applied_time    TIMESTAMP NOT NULL,
    PRIMARY KEY (file_id, label_id)
);

CREATE TABLE drive.file_label_value (
    file_id         VARCHAR NOT NULL REFERENCES drive.file(file_id),
    label_id        VARCHAR NOT NULL REFERENCES drive.label(label_id),
    field_id        VARCHAR NOT NULL REFERENCES drive.label_field(field_id),
    choice_id       VARCHAR REFERENCES drive.label_choice(choice_id),
    text_value      VARCHAR,
    date_value      DATE,
    person_id       VARCHAR REFERENCES org.person(person_id),
    integer_value   BIGINT,
    PRIMARY KEY (file_id, field_id)
);

CREATE TABLE drive.access_proposal (
    proposal_id     VARCHAR PRIMARY KEY,                  -- APR0001
    file_id         VARCHAR NOT NULL REFERENCES drive.file(file_id),
    requester_id    VARCHAR REFERENCES org.person(person_id),
    requester_external_id VARCHAR REFERENCES drive.external_user(external_id),
    requester_email VARCHAR NOT NULL,
    recipient_email VARCHAR NOT NULL,
    requested_role  VARCHAR NOT NULL CHECK (requested_role IN ('reader', 'commenter', 'writer')),
    message         VARCHAR,
    state           VARCHAR NOT NULL CHECK (state IN ('pending', 'accepted', 'denied')),
    created_time    TIMESTAMP NOT NULL,
    resolved_by     VARCHAR REFERENCES org.person(person_id),
    resolved_time   TIMESTAMP,
    granted_role    VARCHAR CHECK (granted_role IN ('reader', 'commenter', 'writer')),
    permission_id   VARCHAR REFERENCES drive.permission(permission_id)
);

CREATE TABLE drive.change (
    change_id       BIGINT PRIMARY KEY,                   -- sequence; page tokens are change ids
    change_time     TIMESTAMP NOT NULL,
    change_type     VARCHAR NOT NULL CHECK (change_type IN ('file', 'drive')),
    file_id         VARCHAR,                              -- history outlives deleted files: no FK
    drive_id        VARCHAR REFERENCES drive.shared_drive(drive_id),
    removed         BOOLEAN NOT NULL DEFAULT FALSE,
    actor_id        VARCHAR REFERENCES org.person(person_id),
    summary         VARCHAR NOT NULL
);

CREATE TABLE drive.watch_channel (
    channel_id      VARCHAR PRIMARY KEY,                  -- CHN0001
    resource_type   VARCHAR NOT NULL CHECK (resource_type IN ('changes', 'file')),
    file_id         VARCHAR,                              -- a channel can outlive the watched file
    drive_id        VARCHAR REFERENCES drive.shared_drive(drive_id),
    page_token      BIGINT,
    address         VARCHAR NOT NULL,
    created_by      VARCHAR NOT NULL REFERENCES org.person(person_id),
    created_time    TIMESTAMP NOT NULL,
    expiration_time TIMESTAMP NOT NULL,
    stopped         BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE drive.notification (
    notification_id VARCHAR PRIMARY KEY,                  -- NTF00001
    recipient_email VARCHAR NOT NULL,
    person_id       VARCHAR REFERENCES org.person(person_id),
    external_id     VARCHAR REFERENCES drive.external_user(external_id),
    file_id         VARCHAR,                              -- sent mail outlives deleted files: no FK
    proposal_id     VARCHAR REFERENCES drive.access_proposal(proposal_id),
    kind            VARCHAR NOT NULL CHECK (kind IN ('share', 'ownership', 'access_proposal', 'comment')),
    message         VARCHAR,
    sent_by         VARCHAR REFERENCES org.person(person_id),
    sent_time       TIMESTAMP NOT NULL
);

CREATE TABLE drive.audit_log (
    audit_id        VARCHAR PRIMARY KEY,                  -- AUD000001
    actor_id        VARCHAR REFERENCES org.person(person_id),
    action          VARCHAR NOT NULL,
    target_type     VARCHAR NOT NULL,
    target_id       VARCHAR NOT NULL,
    file_id         VARCHAR,                              -- the audit trail outlives deleted files: no FK
    drive_id        VARCHAR REFERENCES drive.shared_drive(drive_id),
    details         VARCHAR,
    created_time    TIMESTAMP NOT NULL
);

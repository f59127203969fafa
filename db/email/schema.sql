-- Email: a Gmail-style mail system. Every org person has one mailbox keyed by their address;
-- external correspondents live in email.external_contact.
CREATE SCHEMA IF NOT EXISTS email;

CREATE TABLE email.mailbox (
    email_address   VARCHAR PRIMARY KEY,
    person_id       VARCHAR NOT NULL UNIQUE REFERENCES org.person(person_id),
    display_name    VARCHAR NOT NULL,
    role            VARCHAR NOT NULL CHECK (role IN ('mail_admin', 'assistant', 'user')),
    status          VARCHAR NOT NULL CHECK (status IN ('active', 'suspended')),
    storage_quota_mb INTEGER NOT NULL,
    created_at      TIMESTAMP NOT NULL
);

-- Additional addresses that deliver to a mailbox (role accounts such as security@).
CREATE TABLE email.alias (
    alias_address   VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    purpose         VARCHAR NOT NULL,
    created_by      VARCHAR REFERENCES org.person(person_id),
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.external_contact (
    contact_id      VARCHAR PRIMARY KEY,
    email_address   VARCHAR NOT NULL UNIQUE,
    display_name    VARCHAR NOT NULL,
    organization    VARCHAR NOT NULL,
    domain          VARCHAR NOT NULL REFERENCES email.external_domain(domain),
    relationship    VARCHAR NOT NULL CHECK (relationship IN ('customer', 'partner', 'vendor', 'advisor', 'press', 'personal', 'unknown')),
    owner_mailbox   VARCHAR REFERENCES email.mailbox(email_address),
    notes           VARCHAR
);

-- Domains the company knows; forwarding is allowed only to domains with allow_forwarding.
CREATE TABLE email.external_domain (
    domain          VARCHAR PRIMARY KEY,
    organization    VARCHAR NOT NULL,
    status          VARCHAR NOT NULL CHECK (status IN ('approved', 'revoked', 'blocked', 'unreviewed')),
    allow_forwarding BOOLEAN NOT NULL,
    reviewed_by     VARCHAR REFERENCES org.person(person_id),
    reviewed_at     TIMESTAMP,
    notes           VARCHAR
);

CREATE TABLE email.label (
    label_id        VARCHAR PRIMARY KEY,
    mailbox         VARCHAR REFERENCES email.mailbox(email_address),   -- NULL for system labels
    name            VARCHAR NOT NULL,
    type            VARCHAR NOT NULL CHECK (type IN ('system', 'user')),
    message_list_visibility VARCHAR CHECK (message_list_visibility IN ('show', 'hide')),
    label_list_visibility   VARCHAR CHECK (label_list_visibility IN ('labelShow', 'labelShowIfUnread', 'labelHide')),
    text_color      VARCHAR,
    background_color VARCHAR,
    retention_days  INTEGER,
    created_at      TIMESTAMP
);

CREATE TABLE email.thread (
    thread_id       VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    subject         VARCHAR NOT NULL,
    history_id      BIGINT NOT NULL
);

CREATE TABLE email.message (
    message_id      VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    thread_id       VARCHAR NOT NULL REFERENCES email.thread(thread_id),
    rfc822_id       VARCHAR NOT NULL,
    in_reply_to     VARCHAR,
    from_address    VARCHAR NOT NULL,
    from_name       VARCHAR,
    reply_to        VARCHAR,
    subject         VARCHAR NOT NULL,
    body            VARCHAR NOT NULL,
    snippet         VARCHAR NOT NULL,
    internal_date   TIMESTAMP NOT NULL,
    size_bytes      INTEGER NOT NULL,
    source          VARCHAR NOT NULL CHECK (source IN ('received', 'sent', 'draft', 'imported')),
    sent_via        VARCHAR,                      -- send-as address used, for sent mail
    encryption      VARCHAR NOT NULL DEFAULT 'none' CHECK (encryption IN ('none', 'smime', 'cse')),
    history_id      BIGINT NOT NULL
);

CREATE TABLE email.message_recipient (
    message_id      VARCHAR NOT NULL REFERENCES email.message(message_id),
    kind            VARCHAR NOT NULL CHECK (kind IN ('to', 'cc', 'bcc')),
    position        INTEGER NOT NULL,
    address         VARCHAR NOT NULL,
    display_name    VARCHAR,
    PRIMARY KEY (message_id, kind, position)
);

CREATE TABLE email.message_label (
    message_id      VARCHAR NOT NULL REFERENCES email.message(message_id),
    label_id        VARCHAR NOT NULL REFERENCES email.label(label_id),
    PRIMARY KEY (message_id, label_id)
);

CREATE TABLE email.attachment (
    attachment_id   VARCHAR PRIMARY KEY,
    message_id      VARCHAR NOT NULL REFERENCES email.message(message_id),
    filename        VARCHAR NOT NULL,
    mime_type       VARCHAR NOT NULL,
    size_bytes      INTEGER NOT NULL
);

CREATE TABLE email.draft (
    draft_id        VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    message_id      VARCHAR NOT NULL UNIQUE REFERENCES email.message(message_id),
    created_by      VARCHAR REFERENCES org.person(person_id),
    updated_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.filter (
    filter_id       VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    criteria_from   VARCHAR,
    criteria_to     VARCHAR,
    criteria_subject VARCHAR,
    criteria_query  VARCHAR,
    criteria_negated_query VARCHAR,
    has_attachment  BOOLEAN,
    size_bytes      INTEGER,
    size_comparison VARCHAR CHECK (size_comparison IN ('larger', 'smaller')),
    forward_to      VARCHAR,
    created_by      VARCHAR REFERENCES org.person(person_id),
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.filter_label_action (
    filter_id       VARCHAR NOT NULL REFERENCES email.filter(filter_id),
    label_id        VARCHAR NOT NULL REFERENCES email.label(label_id),
    op              VARCHAR NOT NULL CHECK (op IN ('add', 'remove')),
    PRIMARY KEY (filter_id, label_id)
);

CREATE TABLE email.forwarding_address (
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    forwarding_email VARCHAR NOT NULL,
    verification_status VARCHAR NOT NULL CHECK (verification_status IN ('accepted', 'pending')),
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (mailbox, forwarding_email)
);

CREATE TABLE email.auto_forwarding (
    mailbox         VARCHAR PRIMARY KEY REFERENCES email.mailbox(email_address),
    enabled         BOOLEAN NOT NULL,
    email_address   VARCHAR,
    disposition     VARCHAR CHECK (disposition IN ('leaveInInbox', 'archive', 'trash', 'markRead')),
    updated_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.send_as (
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    send_as_email   VARCHAR NOT NULL,
    display_name    VARCHAR,
    reply_to_address VARCHAR,
    signature       VARCHAR,
    is_primary      BOOLEAN NOT NULL,
    is_default      BOOLEAN NOT NULL,
    treat_as_alias  BOOLEAN NOT NULL,
    verification_status VARCHAR NOT NULL CHECK (verification_status IN ('accepted', 'pending')),
    updated_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (mailbox, send_as_email)
);

CREATE TABLE email.smime_info (
    smime_id        VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    send_as_email   VARCHAR NOT NULL,
    issuer_cn       VARCHAR NOT NULL,
    serial_number   VARCHAR NOT NULL,
    expiration      TIMESTAMP NOT NULL,
    is_default      BOOLEAN NOT NULL,
    uploaded_at     TIMESTAMP NOT NULL,
    FOREIGN KEY (mailbox, send_as_email) REFERENCES email.send_as(mailbox, send_as_email)
);

CREATE TABLE email.delegate (
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    delegate_email  VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    verification_status VARCHAR NOT NULL CHECK (verification_status IN ('accepted', 'pending', 'rejected', 'expired')),
    created_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (mailbox, delegate_email)
);

CREATE TABLE email.vacation_setting (
    mailbox         VARCHAR PRIMARY KEY REFERENCES email.mailbox(email_address),
    enable_auto_reply BOOLEAN NOT NULL,
    response_subject VARCHAR,
    response_body   VARCHAR,
    restrict_to_contacts BOOLEAN NOT NULL,
    restrict_to_domain BOOLEAN NOT NULL,
    start_time      TIMESTAMP,
    end_time        TIMESTAMP,
    updated_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.imap_setting (
    mailbox         VARCHAR PRIMARY KEY REFERENCES email.mailbox(email_address),
    enabled         BOOLEAN NOT NULL,
    auto_expunge    BOOLEAN NOT NULL,
    expunge_behavior VARCHAR NOT NULL CHECK (expunge_behavior IN ('archive', 'trash', 'deleteForever')),
    max_folder_size INTEGER NOT NULL CHECK (max_folder_size IN (0, 1000, 2000, 5000, 10000))
);

CREATE TABLE email.pop_setting (
    mailbox         VARCHAR PRIMARY KEY REFERENCES email.mailbox(email_address),
    access_window   VARCHAR NOT NULL CHECK (access_window IN ('disabled', 'fromNowOn', 'allMail')),
    disposition     VARCHAR NOT NULL CHECK (disposition IN ('leaveInInbox', 'archive', 'trash', 'markRead'))
);

CREATE TABLE email.language_setting (
    mailbox         VARCHAR PRIMARY KEY REFERENCES email.mailbox(email_address),
    display_language VARCHAR NOT NULL
);

CREATE TABLE email.cse_keypair (
    keypair_id      VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    subject_email   VARCHAR NOT NULL,
    fingerprint     VARCHAR NOT NULL,
    kacls_uri       VARCHAR NOT NULL,
    enablement_state VARCHAR NOT NULL CHECK (enablement_state IN ('enabled', 'disabled', 'obliterated')),
    disable_time    TIMESTAMP,
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.cse_identity (
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    email_address   VARCHAR NOT NULL,
    primary_keypair_id VARCHAR REFERENCES email.cse_keypair(keypair_id),
    signing_keypair_id VARCHAR REFERENCES email.cse_keypair(keypair_id),
    encryption_keypair_id VARCHAR REFERENCES email.cse_keypair(keypair_id),
    updated_at      TIMESTAMP NOT NULL,
    PRIMARY KEY (mailbox, email_address)
);

-- Litigation / investigation holds: mail of a held mailbox must be preserved.
CREATE TABLE email.legal_hold (
    hold_id         VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    matter          VARCHAR NOT NULL,
    query           VARCHAR,
    status          VARCHAR NOT NULL CHECK (status IN ('active', 'released')),
    created_by      VARCHAR NOT NULL REFERENCES org.person(person_id),
    created_at      TIMESTAMP NOT NULL,
    released_at     TIMESTAMP
);

CREATE TABLE email.history (
    history_id      BIGINT PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    message_id      VARCHAR REFERENCES email.message(message_id),
    event_type      VARCHAR NOT NULL CHECK (event_type IN ('messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved')),
    label_id        VARCHAR REFERENCES email.label(label_id),
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE email.watch (
    watch_id        VARCHAR PRIMARY KEY,
    mailbox         VARCHAR NOT NULL REFERENCES email.mailbox(email_address),
    topic_name      VARCHAR NOT NULL,
    label_ids       VARCHAR,
    label_filter_behavior VARCHAR NOT NULL CHECK (label_filter_behavior IN ('include', 'exclude')),
    start_history_id BIGINT NOT NULL,
    expiration      TIMESTAMP NOT NULL,
    status          VARCHAR NOT NULL CHECK (status IN ('active', 'stopped')),
    created_by      VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE email.audit_log (
    audit_id        VARCHAR PRIMARY KEY,
    actor_person_id VARCHAR NOT NULL REFERENCES org.person(person_id),
    mailbox         VARCHAR REFERENCES email.mailbox(email_address),
    action          VARCHAR NOT NULL,
    target_type     VARCHAR NOT NULL,
    target_id       VARCHAR,
    details         VARCHAR,
    created_at      TIMESTAMP NOT NULL
);

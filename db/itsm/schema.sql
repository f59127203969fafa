-- IT Service Management (ITIL): users and groups, CMDB, incidents, problems,
-- changes, SLAs, knowledge, service catalog and requests, journal, notifications, audit.
-- People are org.person; every ITSM account (sys_user) points at one.
CREATE SCHEMA IF NOT EXISTS itsm;

CREATE TABLE itsm.sys_user (
    user_id        VARCHAR PRIMARY KEY,               -- USR00123
    person_id      VARCHAR NOT NULL UNIQUE REFERENCES org.person(person_id),
    user_name      VARCHAR NOT NULL UNIQUE,
    email          VARCHAR NOT NULL,
    full_name      VARCHAR NOT NULL,
    role           VARCHAR NOT NULL CHECK (role IN ('admin', 'manager', 'agent', 'reporter')),
    department_id  VARCHAR REFERENCES org.department(department_id),
    location_id    VARCHAR REFERENCES org.location(location_id),
    active         BOOLEAN NOT NULL,
    created_at     TIMESTAMP NOT NULL
);

CREATE TABLE itsm.user_group (
    group_id        VARCHAR PRIMARY KEY,              -- GRP0001
    name            VARCHAR NOT NULL UNIQUE,
    description     VARCHAR,
    email           VARCHAR,
    group_type      VARCHAR NOT NULL CHECK (group_type IN ('support', 'approval', 'knowledge')),
    manager_id      VARCHAR REFERENCES itsm.sys_user(user_id),
    parent_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    department_id   VARCHAR REFERENCES org.department(department_id),
    active          BOOLEAN NOT NULL
);

CREATE TABLE itsm.group_member (
    group_id   VARCHAR NOT NULL REFERENCES itsm.user_group(group_id),
    user_id    VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    added_by   VARCHAR REFERENCES itsm.sys_user(user_id),
    added_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (group_id, user_id)
);

CREATE TABLE itsm.category (
    category_id      VARCHAR PRIMARY KEY,             -- CAT-NETWORK, CAT-NETWORK-VPN
    name             VARCHAR NOT NULL,
    parent_id        VARCHAR REFERENCES itsm.category(category_id),
    default_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    active           BOOLEAN NOT NULL
);

CREATE TABLE itsm.configuration_item (
    ci_id            VARCHAR PRIMARY KEY,             -- CI00001
    name             VARCHAR NOT NULL UNIQUE,
    ci_class         VARCHAR NOT NULL CHECK (ci_class IN ('business_service', 'application', 'database', 'server', 'network_device', 'storage')),
    status           VARCHAR NOT NULL CHECK (status IN ('operational', 'degraded', 'maintenance', 'retired')),
    environment      VARCHAR NOT NULL CHECK (environment IN ('production', 'staging', 'development')),
    criticality      INTEGER NOT NULL CHECK (criticality BETWEEN 1 AND 4),
    owned_by         VARCHAR REFERENCES itsm.sys_user(user_id),
    support_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    location_id      VARCHAR REFERENCES org.location(location_id),
    ip_address       VARCHAR,
    os               VARCHAR,
    version          VARCHAR,
    serial_number    VARCHAR,
    updated_at       TIMESTAMP NOT NULL
);

CREATE TABLE itsm.ci_relationship (
    rel_id        VARCHAR PRIMARY KEY,                -- REL00001
    parent_ci_id  VARCHAR NOT NULL REFERENCES itsm.configuration_item(ci_id),
    child_ci_id   VARCHAR NOT NULL REFERENCES itsm.configuration_item(ci_id),
    rel_type      VARCHAR NOT NULL CHECK (rel_type IN ('depends_on', 'runs_on', 'connected_to', 'backed_up_by')),
    created_by    VARCHAR REFERENCES itsm.sys_user(user_id),
    created_at    TIMESTAMP NOT NULL
);

CREATE TABLE itsm.assignment_rule (
    rule_id       VARCHAR PRIMARY KEY,                -- AR001
    name          VARCHAR NOT NULL,
    category_id   VARCHAR NOT NULL REFERENCES itsm.category(category_id),
    ci_id         VARCHAR REFERENCES itsm.configuration_item(ci_id),
    group_id      VARCHAR NOT NULL REFERENCES itsm.user_group(group_id),
    rule_order    INTEGER NOT NULL,
    active        BOOLEAN NOT NULL
);

CREATE TABLE itsm.sla_definition (
    sla_def_id       VARCHAR PRIMARY KEY,             -- SLA001
    name             VARCHAR NOT NULL UNIQUE,
    applies_to       VARCHAR NOT NULL CHECK (applies_to IN ('incident', 'service_request')),
    target           VARCHAR NOT NULL CHECK (target IN ('response', 'resolution')),
    priority         INTEGER CHECK (priority BETWEEN 1 AND 5),
    duration_minutes INTEGER NOT NULL,
    pause_on_hold    BOOLEAN NOT NULL,
    active           BOOLEAN NOT NULL,
    owner_group_id   VARCHAR REFERENCES itsm.user_group(group_id),
    created_by       VARCHAR REFERENCES itsm.sys_user(user_id)
);

CREATE TABLE itsm.problem (
    problem_id          VARCHAR PRIMARY KEY,          -- PRB_0001
    number              VARCHAR NOT NULL UNIQUE,      -- PRB0040001
    short_description   VARCHAR NOT NULL,
    description         VARCHAR,
    state               VARCHAR NOT NULL CHECK (state IN ('new', 'assess', 'root_cause_analysis', 'fix_in_progress', 'resolved', 'closed', 'canceled')),
    impact              INTEGER NOT NULL CHECK (impact BETWEEN 1 AND 3),
    urgency             INTEGER NOT NULL CHECK (urgency BETWEEN 1 AND 3),
    priority            INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 5),
    ci_id               VARCHAR REFERENCES itsm.configuration_item(ci_id),
    assignment_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    assigned_to         VARCHAR REFERENCES itsm.sys_user(user_id),
    opened_by           VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    known_error         BOOLEAN NOT NULL,
    root_cause          VARCHAR,
    workaround          VARCHAR,
    kb_article_id       VARCHAR REFERENCES itsm.kb_article(article_id),
    resolution_code     VARCHAR CHECK (resolution_code IN ('fix_applied', 'risk_accepted', 'duplicate', 'canceled')),
    resolved_by         VARCHAR REFERENCES itsm.sys_user(user_id),
    opened_at           TIMESTAMP NOT NULL,
    resolved_at         TIMESTAMP,
    closed_at           TIMESTAMP,
    updated_at          TIMESTAMP NOT NULL
);

CREATE TABLE itsm.standard_change_template (
    template_id         VARCHAR PRIMARY KEY,          -- STD001
    name                VARCHAR NOT NULL UNIQUE,
    description         VARCHAR NOT NULL,
    ci_class            VARCHAR NOT NULL,
    assignment_group_id VARCHAR NOT NULL REFERENCES itsm.user_group(group_id),
    owner_id            VARCHAR REFERENCES itsm.sys_user(user_id),
    implementation_plan VARCHAR NOT NULL,
    backout_plan        VARCHAR NOT NULL,
    test_plan           VARCHAR NOT NULL,
    active              BOOLEAN NOT NULL
);

CREATE TABLE itsm.cab_meeting (
    cab_id       VARCHAR PRIMARY KEY,                 -- CAB001
    name         VARCHAR NOT NULL,
    starts_at    TIMESTAMP NOT NULL,
    ends_at      TIMESTAMP NOT NULL,
    chair_id     VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    location_id  VARCHAR REFERENCES org.location(location_id),
    state        VARCHAR NOT NULL CHECK (state IN ('planned', 'in_progress', 'completed', 'canceled'))
);

CREATE TABLE itsm.cab_attendee (
    cab_id   VARCHAR NOT NULL REFERENCES itsm.cab_meeting(cab_id),
    user_id  VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    attendance VARCHAR NOT NULL CHECK (attendance IN ('invited', 'attended', 'absent')),
    PRIMARY KEY (cab_id, user_id)
);

CREATE TABLE itsm.change_request (
    change_id           VARCHAR PRIMARY KEY,          -- CHG_0001
    number              VARCHAR NOT NULL UNIQUE,      -- CHG0030001
    change_type         VARCHAR NOT NULL CHECK (change_type IN ('normal', 'standard', 'emergency')),
    short_description   VARCHAR NOT NULL,
    description         VARCHAR,
    justification       VARCHAR,
    implementation_plan VARCHAR,
    backout_plan        VARCHAR,
    test_plan           VARCHAR,
    risk                VARCHAR CHECK (risk IN ('high', 'moderate', 'low')),
    state               VARCHAR NOT NULL CHECK (state IN ('new', 'assess', 'authorize', 'scheduled', 'implement', 'review', 'closed', 'canceled')),
    approval            VARCHAR NOT NULL CHECK (approval IN ('not_requested', 'requested', 'approved', 'rejected')),
    requested_by        VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    assignment_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    assigned_to         VARCHAR REFERENCES itsm.sys_user(user_id),
    ci_id               VARCHAR REFERENCES itsm.configuration_item(ci_id),
    template_id         VARCHAR REFERENCES itsm.standard_change_template(template_id),
    cab_id              VARCHAR REFERENCES itsm.cab_meeting(cab_id),
    problem_id          VARCHAR REFERENCES itsm.problem(problem_id),
    planned_start       TIMESTAMP,
    planned_end         TIMESTAMP,
    actual_start        TIMESTAMP,
    actual_end          TIMESTAMP,
    close_code          VARCHAR CHECK (close_code IN ('successful', 'successful_with_issues', 'unsuccessful')),
    close_notes         VARCHAR,
    closed_by           VARCHAR REFERENCES itsm.sys_user(user_id),
    created_at          TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL
);

CREATE TABLE itsm.change_approval (
    approval_id   VARCHAR PRIMARY KEY,                -- APV00001
    change_id     VARCHAR NOT NULL REFERENCES itsm.change_request(change_id),
    approver_id   VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    approver_type VARCHAR NOT NULL CHECK (approver_type IN ('group_manager', 'cab_chair', 'ci_owner')),
    state         VARCHAR NOT NULL CHECK (state IN ('requested', 'approved', 'rejected', 'cancelled')),
    comments      VARCHAR,
    requested_by  VARCHAR REFERENCES itsm.sys_user(user_id),
    decided_by    VARCHAR REFERENCES itsm.sys_user(user_id),
    requested_at  TIMESTAMP NOT NULL,
    decided_at    TIMESTAMP
);

CREATE TABLE itsm.change_task (
    ctask_id            VARCHAR PRIMARY KEY,          -- CTASK_0001
    number              VARCHAR NOT NULL UNIQUE,      -- CTASK0050001
    change_id           VARCHAR NOT NULL REFERENCES itsm.change_request(change_id),
    short_description   VARCHAR NOT NULL,
    task_order          INTEGER NOT NULL,
    state               VARCHAR NOT NULL CHECK (state IN ('open', 'in_progress', 'closed_complete', 'closed_incomplete', 'canceled')),
    assignment_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    assigned_to         VARCHAR REFERENCES itsm.sys_user(user_id),
    close_notes         VARCHAR,
    created_at          TIMESTAMP NOT NULL,
    closed_at           TIMESTAMP
);

CREATE TABLE itsm.change_incident (
    change_id   VARCHAR NOT NULL REFERENCES itsm.change_request(change_id),
    incident_id VARCHAR NOT NULL REFERENCES itsm.incident(incident_id),
    link_type   VARCHAR NOT NULL CHECK (link_type IN ('caused_by', 'resolves')),
    linked_by   VARCHAR REFERENCES itsm.sys_user(user_id),
    linked_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (change_id, incident_id)
);

CREATE TABLE itsm.maintenance_window (
    window_id    VARCHAR PRIMARY KEY,                 -- MW001
    name         VARCHAR NOT NULL,
    window_type  VARCHAR NOT NULL CHECK (window_type IN ('maintenance', 'blackout')),
    ci_id        VARCHAR REFERENCES itsm.configuration_item(ci_id),   -- NULL: applies to every CI
    starts_at    TIMESTAMP NOT NULL,
    ends_at      TIMESTAMP NOT NULL,
    description  VARCHAR,
    created_by   VARCHAR REFERENCES itsm.sys_user(user_id)
);

-- What a business service is sold/supported as: tiers of one service (a business_service CI).
CREATE TABLE itsm.service_offering (
    offering_id      VARCHAR PRIMARY KEY,                 -- SO0001
    service_ci_id    VARCHAR NOT NULL REFERENCES itsm.configuration_item(ci_id),
    name             VARCHAR NOT NULL UNIQUE,
    tier             VARCHAR NOT NULL CHECK (tier IN ('gold', 'silver', 'bronze')),
    support_group_id VARCHAR NOT NULL REFERENCES itsm.user_group(group_id),
    status           VARCHAR NOT NULL CHECK (status IN ('active', 'retired')),
    description      VARCHAR NOT NULL
);

CREATE TABLE itsm.incident (
    incident_id         VARCHAR PRIMARY KEY,          -- INC_0001
    number              VARCHAR NOT NULL UNIQUE,      -- INC0010001
    short_description   VARCHAR NOT NULL,
    description         VARCHAR,
    caller_id           VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    opened_by           VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    contact_type        VARCHAR NOT NULL CHECK (contact_type IN ('phone', 'email', 'self_service', 'walk_in', 'monitoring')),
    category_id         VARCHAR NOT NULL REFERENCES itsm.category(category_id),
    impact              INTEGER NOT NULL CHECK (impact BETWEEN 1 AND 3),
    urgency             INTEGER NOT NULL CHECK (urgency BETWEEN 1 AND 3),
    priority            INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 5),
    major_incident      BOOLEAN NOT NULL,
    state               VARCHAR NOT NULL CHECK (state IN ('new', 'in_progress', 'on_hold', 'resolved', 'closed', 'canceled')),
    on_hold_reason      VARCHAR CHECK (on_hold_reason IN ('awaiting_caller', 'awaiting_change', 'awaiting_problem', 'awaiting_vendor')),
    assignment_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    assigned_to         VARCHAR REFERENCES itsm.sys_user(user_id),
    ci_id               VARCHAR REFERENCES itsm.configuration_item(ci_id),
    problem_id          VARCHAR REFERENCES itsm.problem(problem_id),
    parent_incident_id  VARCHAR REFERENCES itsm.incident(incident_id),
    resolution_code     VARCHAR CHECK (resolution_code IN ('solved_permanently', 'solved_workaround', 'not_reproducible', 'duplicate', 'resolved_by_caller', 'resolved_by_change')),
    resolution_notes    VARCHAR,
    resolved_by         VARCHAR REFERENCES itsm.sys_user(user_id),
    closed_by           VARCHAR REFERENCES itsm.sys_user(user_id),
    reopen_count        INTEGER NOT NULL,
    opened_at           TIMESTAMP NOT NULL,
    resolved_at         TIMESTAMP,
    closed_at           TIMESTAMP,
    updated_at          TIMESTAMP NOT NULL,
    location_id         VARCHAR REFERENCES org.location(location_id),             -- where the issue is
    business_service_id VARCHAR REFERENCES itsm.configuration_item(ci_id),        -- a business_service CI
    service_offering_id VARCHAR REFERENCES itsm.service_offering(offering_id),
    escalated           BOOLEAN NOT NULL DEFAULT false,
    escalation_reason   VARCHAR CHECK (escalation_reason IN ('sla_breach', 'vip_caller', 'business_impact', 'customer_request'))
);

-- Further configuration items an incident affects (the main one is incident.ci_id).
CREATE TABLE itsm.incident_ci (
    incident_id VARCHAR NOT NULL REFERENCES itsm.incident(incident_id),
    ci_id       VARCHAR NOT NULL REFERENCES itsm.configuration_item(ci_id),
    added_by    VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    added_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (incident_id, ci_id)
);

CREATE TABLE itsm.task_sla (
    task_sla_id         VARCHAR PRIMARY KEY,          -- TSLA00001
    sla_def_id          VARCHAR NOT NULL REFERENCES itsm.sla_definition(sla_def_id),
    incident_id         VARCHAR REFERENCES itsm.incident(incident_id),
    request_id          VARCHAR REFERENCES itsm.service_request(request_id),
    target              VARCHAR NOT NULL CHECK (target IN ('response', 'resolution')),
    stage               VARCHAR NOT NULL CHECK (stage IN ('in_progress', 'paused', 'completed', 'cancelled')),
    start_time          TIMESTAMP NOT NULL,
    due_at              TIMESTAMP NOT NULL,
    paused_at           TIMESTAMP,
    pause_minutes       INTEGER NOT NULL,
    has_breached        BOOLEAN NOT NULL,
    completed_at        TIMESTAMP,
    cancel_reason       VARCHAR
);

CREATE TABLE itsm.kb_article (
    article_id   VARCHAR PRIMARY KEY,                 -- KB_0001
    number       VARCHAR NOT NULL UNIQUE,             -- KB0020001
    title        VARCHAR NOT NULL,
    body         VARCHAR NOT NULL,
    category_id  VARCHAR REFERENCES itsm.category(category_id),
    state        VARCHAR NOT NULL CHECK (state IN ('draft', 'review', 'published', 'retired')),
    visibility   VARCHAR NOT NULL CHECK (visibility IN ('public', 'internal')),
    author_id    VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    reviewer_id  VARCHAR REFERENCES itsm.sys_user(user_id),
    problem_id   VARCHAR REFERENCES itsm.problem(problem_id),
    ci_id        VARCHAR REFERENCES itsm.configuration_item(ci_id),
    view_count   INTEGER NOT NULL,
    published_at TIMESTAMP,
    retired_at   TIMESTAMP,
    created_at   TIMESTAMP NOT NULL,
    updated_at   TIMESTAMP NOT NULL
);

CREATE TABLE itsm.incident_kb (
    incident_id  VARCHAR NOT NULL REFERENCES itsm.incident(incident_id),
    article_id   VARCHAR NOT NULL REFERENCES itsm.kb_article(article_id),
    attached_by  VARCHAR REFERENCES itsm.sys_user(user_id),
    attached_at  TIMESTAMP NOT NULL,
    purpose      VARCHAR NOT NULL DEFAULT 'applied' CHECK (purpose IN ('suggested', 'applied', 'resolution')),
    PRIMARY KEY (incident_id, article_id)
);

CREATE TABLE itsm.catalog_item (
    item_id              VARCHAR PRIMARY KEY,         -- CAT001
    name                 VARCHAR NOT NULL UNIQUE,
    description          VARCHAR NOT NULL,
    category             VARCHAR NOT NULL,
    fulfillment_group_id VARCHAR NOT NULL REFERENCES itsm.user_group(group_id),
    owner_id             VARCHAR REFERENCES itsm.sys_user(user_id),
    requires_approval    BOOLEAN NOT NULL,
    price                DECIMAL(10, 2) NOT NULL,
    delivery_days        INTEGER NOT NULL,
    active               BOOLEAN NOT NULL
);

CREATE TABLE itsm.service_request (
    request_id          VARCHAR PRIMARY KEY,          -- REQ_0001
    number              VARCHAR NOT NULL UNIQUE,      -- RITM0060001
    item_id             VARCHAR NOT NULL REFERENCES itsm.catalog_item(item_id),
    requested_for       VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    opened_by           VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    quantity            INTEGER NOT NULL,
    state               VARCHAR NOT NULL CHECK (state IN ('pending_approval', 'approved', 'rejected', 'in_fulfillment', 'fulfilled', 'closed', 'canceled')),
    approver_id         VARCHAR REFERENCES itsm.sys_user(user_id),
    approved_at         TIMESTAMP,
    assignment_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    assigned_to         VARCHAR REFERENCES itsm.sys_user(user_id),
    justification       VARCHAR,
    due_date            DATE,
    close_notes         VARCHAR,
    opened_at           TIMESTAMP NOT NULL,
    closed_at           TIMESTAMP,
    updated_at          TIMESTAMP NOT NULL
);

CREATE TABLE itsm.request_task (
    rtask_id            VARCHAR PRIMARY KEY,          -- SCTASK_0001
    number              VARCHAR NOT NULL UNIQUE,      -- SCTASK0070001
    request_id          VARCHAR NOT NULL REFERENCES itsm.service_request(request_id),
    short_description   VARCHAR NOT NULL,
    state               VARCHAR NOT NULL CHECK (state IN ('open', 'in_progress', 'closed_complete', 'closed_incomplete', 'canceled')),
    assignment_group_id VARCHAR REFERENCES itsm.user_group(group_id),
    assigned_to         VARCHAR REFERENCES itsm.sys_user(user_id),
    close_notes         VARCHAR,
    created_at          TIMESTAMP NOT NULL,
    closed_at           TIMESTAMP
);

CREATE TABLE itsm.journal_entry (
    entry_id     VARCHAR PRIMARY KEY,                 -- JRN000001
    kind         VARCHAR NOT NULL CHECK (kind IN ('work_note', 'comment')),
    incident_id  VARCHAR REFERENCES itsm.incident(incident_id),
    problem_id   VARCHAR REFERENCES itsm.problem(problem_id),
    change_id    VARCHAR REFERENCES itsm.change_request(change_id),
    request_id   VARCHAR REFERENCES itsm.service_request(request_id),
    author_id    VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    body         VARCHAR NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE itsm.notification (
    notification_id VARCHAR PRIMARY KEY,              -- NTF000001
    recipient_id    VARCHAR NOT NULL REFERENCES itsm.sys_user(user_id),
    sent_by         VARCHAR REFERENCES itsm.sys_user(user_id),
    incident_id     VARCHAR REFERENCES itsm.incident(incident_id),
    problem_id      VARCHAR REFERENCES itsm.problem(problem_id),
    change_id       VARCHAR REFERENCES itsm.change_request(change_id),
    request_id      VARCHAR REFERENCES itsm.service_request(request_id),
    notification_type VARCHAR NOT NULL CHECK (notification_type IN ('caller_update', 'resolution', 'approval_request', 'major_incident', 'assignment', 'change_outcome', 'request_update', 'general', 'escalation', 'reminder', 'report', 'solution_proposal', 'alert')),
    subject         VARCHAR NOT NULL,
    body            VARCHAR NOT NULL,
    sent_at         TIMESTAMP NOT NULL,
    kb_article_id   VARCHAR REFERENCES itsm.kb_article(article_id),      -- an article the message points to
    delivery_status VARCHAR NOT NULL DEFAULT 'sent' CHECK (delivery_status IN ('sent', 'delivered', 'bounced'))
);

CREATE TABLE itsm.audit_log (
    audit_id     VARCHAR PRIMARY KEY,                 -- AUD000001
    record_table VARCHAR NOT NULL,
    record_id    VARCHAR NOT NULL,
    action       VARCHAR NOT NULL,
    changes      VARCHAR,
    user_id      VARCHAR REFERENCES itsm.sys_user(user_id),
    created_at   TIMESTAMP NOT NULL
);

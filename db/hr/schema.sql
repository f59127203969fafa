-- Human Resources service delivery. hr.employee extends org.person 1:1 with HR fields.
-- Relationships are declared with REFERENCES; the engine records them and strips them
-- before DuckDB sees the DDL (tools validate references themselves).
CREATE SCHEMA IF NOT EXISTS hr;

CREATE TABLE hr.hr_group (
    group_id            VARCHAR PRIMARY KEY,              -- GRP001
    name                VARCHAR NOT NULL UNIQUE,
    group_type          VARCHAR NOT NULL CHECK (group_type IN ('fulfillment', 'restricted', 'approval', 'operations')),
    description         VARCHAR,
    manager_employee_id VARCHAR REFERENCES hr.employee(employee_id),
    parent_group_id     VARCHAR REFERENCES hr.hr_group(group_id),
    department_id       VARCHAR REFERENCES org.department(department_id),
    email               VARCHAR,
    active              BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE hr.group_member (
    group_id    VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    employee_id VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    member_role VARCHAR NOT NULL CHECK (member_role IN ('member', 'lead')),
    added_at    TIMESTAMP NOT NULL,
    added_by    VARCHAR REFERENCES org.person(person_id),
    PRIMARY KEY (group_id, employee_id)
);

CREATE TABLE hr.hr_user (
    user_id     VARCHAR PRIMARY KEY,                       -- USR0001
    person_id   VARCHAR NOT NULL UNIQUE REFERENCES org.person(person_id),
    employee_id VARCHAR REFERENCES hr.employee(employee_id),
    role        VARCHAR NOT NULL CHECK (role IN ('hr_admin', 'hr_specialist', 'hr_partner', 'manager', 'employee')),
    active      BOOLEAN NOT NULL DEFAULT TRUE,
    last_login  TIMESTAMP
);

CREATE TABLE hr.job_profile (
    job_profile_id  VARCHAR PRIMARY KEY,                   -- JP001
    code            VARCHAR NOT NULL UNIQUE,
    name            VARCHAR NOT NULL,
    job_family      VARCHAR NOT NULL,
    grade           VARCHAR NOT NULL CHECK (grade IN ('G1', 'G2', 'G3', 'G4', 'G5', 'G6', 'G7', 'G8')),
    department_id   VARCHAR REFERENCES org.department(department_id),
    salary_min      DECIMAL(12, 2) NOT NULL,
    salary_max      DECIMAL(12, 2) NOT NULL,
    is_manager      BOOLEAN NOT NULL DEFAULT FALSE,
    active          BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE hr.department_profile (
    department_id       VARCHAR PRIMARY KEY REFERENCES org.department(department_id),
    default_cost_center_id VARCHAR NOT NULL REFERENCES org.cost_center(cost_center_id),
    hr_partner_id       VARCHAR REFERENCES hr.employee(employee_id),
    default_location_id VARCHAR REFERENCES org.location(location_id),
    headcount_budget    INTEGER NOT NULL,
    hiring_freeze       BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE hr.position (
    position_id            VARCHAR PRIMARY KEY,           -- POS0001
    position_number        VARCHAR NOT NULL UNIQUE,       -- PN-100001
    title                  VARCHAR NOT NULL,
    job_profile_id         VARCHAR NOT NULL REFERENCES hr.job_profile(job_profile_id),
    department_id          VARCHAR NOT NULL REFERENCES org.department(department_id),
    cost_center_id         VARCHAR NOT NULL REFERENCES org.cost_center(cost_center_id),
    location_id            VARCHAR NOT NULL REFERENCES org.location(location_id),
    reports_to_position_id VARCHAR REFERENCES hr.position(position_id),
    employee_id            VARCHAR REFERENCES hr.employee(employee_id),
    status                 VARCHAR NOT NULL CHECK (status IN ('open', 'filled', 'frozen', 'closed')),
    fte                    DECIMAL(3, 2) NOT NULL DEFAULT 1.0,
    created_at             TIMESTAMP NOT NULL,
    updated_at             TIMESTAMP NOT NULL
);

CREATE TABLE hr.employee (
    employee_id        VARCHAR PRIMARY KEY,               -- EMP0001
    person_id          VARCHAR NOT NULL UNIQUE REFERENCES org.person(person_id),
    employee_number    VARCHAR NOT NULL UNIQUE,
    full_name          VARCHAR NOT NULL,
    work_email         VARCHAR NOT NULL UNIQUE,
    status             VARCHAR NOT NULL CHECK (status IN ('pre_hire', 'active', 'on_leave', 'suspended', 'terminated')),
    employment_type    VARCHAR NOT NULL CHECK (employment_type IN ('full_time', 'part_time', 'contractor', 'intern', 'temporary')),
    manager_id         VARCHAR REFERENCES hr.employee(employee_id),
    department_id      VARCHAR NOT NULL REFERENCES org.department(department_id),
    position_id        VARCHAR REFERENCES hr.position(position_id),
    location_id        VARCHAR NOT NULL REFERENCES org.location(location_id),
    cost_center_id     VARCHAR NOT NULL REFERENCES org.cost_center(cost_center_id),
    start_date         DATE NOT NULL,
    end_date           DATE,
    termination_type   VARCHAR CHECK (termination_type IN ('voluntary', 'involuntary', 'end_of_contract', 'retirement')),
    termination_reason VARCHAR,
    rehire_eligible    BOOLEAN,
    legal_hold         BOOLEAN NOT NULL DEFAULT FALSE,
    privacy_region     VARCHAR NOT NULL CHECK (privacy_region IN ('GDPR', 'CCPA', 'PIPEDA', 'DPDP', 'PDPA', 'APP', 'APPI', 'OTHER')),
    updated_at         TIMESTAMP NOT NULL
);

CREATE TABLE hr.case_category (
    category_id          VARCHAR PRIMARY KEY,             -- CAT01
    code                 VARCHAR NOT NULL UNIQUE,
    name                 VARCHAR NOT NULL UNIQUE,
    description          VARCHAR,
    parent_category_id   VARCHAR REFERENCES hr.case_category(category_id),
    fulfillment_group_id VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    confidential         BOOLEAN NOT NULL DEFAULT FALSE,
    active               BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE hr.hr_service (
    service_id           VARCHAR PRIMARY KEY,             -- SVC001
    code                 VARCHAR NOT NULL UNIQUE,
    name                 VARCHAR NOT NULL UNIQUE,
    description          VARCHAR,
    category_id          VARCHAR NOT NULL REFERENCES hr.case_category(category_id),
    fulfillment_group_id VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    approval_required    BOOLEAN NOT NULL DEFAULT FALSE,
    approver_group_id    VARCHAR REFERENCES hr.hr_group(group_id),
    sla_days             INTEGER NOT NULL,
    active               BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE hr.case_topic (
    topic_id             VARCHAR PRIMARY KEY,             -- TOP001
    code                 VARCHAR NOT NULL UNIQUE,
    name                 VARCHAR NOT NULL,
    category_id          VARCHAR NOT NULL REFERENCES hr.case_category(category_id),
    service_id           VARCHAR REFERENCES hr.hr_service(service_id),
    fulfillment_group_id VARCHAR REFERENCES hr.hr_group(group_id),
    default_priority     INTEGER NOT NULL CHECK (default_priority BETWEEN 1 AND 4),
    created_by           VARCHAR REFERENCES org.person(person_id),
    created_at           TIMESTAMP NOT NULL,
    active               BOOLEAN NOT NULL DEFAULT TRUE,
    UNIQUE (category_id, name)
);

CREATE TABLE hr.lifecycle_event (
    event_id          VARCHAR PRIMARY KEY,                -- LE0001
    number            VARCHAR NOT NULL UNIQUE,            -- LCE0001001
    event_type        VARCHAR NOT NULL CHECK (event_type IN ('onboarding', 'transfer', 'offboarding')),
    employee_id       VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    state             VARCHAR NOT NULL CHECK (state IN ('in_progress', 'completed', 'cancelled')),
    effective_date    DATE NOT NULL,
    from_position_id  VARCHAR REFERENCES hr.position(position_id),
    to_position_id    VARCHAR REFERENCES hr.position(position_id),
    separation_type   VARCHAR CHECK (separation_type IN ('voluntary', 'involuntary', 'end_of_contract', 'retirement')),
    reason            VARCHAR,
    initiated_by      VARCHAR NOT NULL REFERENCES org.person(person_id),
    case_id           VARCHAR REFERENCES hr.hr_case(case_id),
    created_at        TIMESTAMP NOT NULL,
    completed_at      TIMESTAMP
);

CREATE TABLE hr.activity_template (
    template_id     VARCHAR PRIMARY KEY,                  -- ATP001
    event_type      VARCHAR NOT NULL CHECK (event_type IN ('onboarding', 'transfer', 'offboarding')),
    name            VARCHAR NOT NULL,
    sequence        INTEGER NOT NULL,
    owner_group_id  VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    job_profile_id  VARCHAR REFERENCES hr.job_profile(job_profile_id),
    mandatory       BOOLEAN NOT NULL DEFAULT TRUE,
    due_offset_days INTEGER NOT NULL
);

CREATE TABLE hr.lifecycle_activity (
    activity_id     VARCHAR PRIMARY KEY,                  -- ACT00001
    event_id        VARCHAR NOT NULL REFERENCES hr.lifecycle_event(event_id),
    template_id     VARCHAR REFERENCES hr.activity_template(template_id),
    name            VARCHAR NOT NULL,
    sequence        INTEGER NOT NULL,
    owner_group_id  VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    assigned_to     VARCHAR REFERENCES hr.employee(employee_id),
    state           VARCHAR NOT NULL CHECK (state IN ('pending', 'in_progress', 'completed', 'skipped')),
    mandatory       BOOLEAN NOT NULL,
    due_date        DATE NOT NULL,
    completed_at    TIMESTAMP,
    completed_by    VARCHAR REFERENCES org.person(person_id),
    notes           VARCHAR
);

CREATE TABLE hr.hr_case (
    case_id              VARCHAR PRIMARY KEY,             -- CASE0001
    number               VARCHAR NOT NULL UNIQUE,         -- HRC0010001
    subject_employee_id  VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    opened_by            VARCHAR NOT NULL REFERENCES org.person(person_id),
    topic_id             VARCHAR NOT NULL REFERENCES hr.case_topic(topic_id),
    category_id          VARCHAR NOT NULL REFERENCES hr.case_category(category_id),
    service_id           VARCHAR REFERENCES hr.hr_service(service_id),
    assignment_group_id  VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    assigned_to          VARCHAR REFERENCES hr.employee(employee_id),
    parent_case_id       VARCHAR REFERENCES hr.hr_case(case_id),
    state                VARCHAR NOT NULL CHECK (state IN ('new', 'in_progress', 'awaiting_info', 'resolved', 'closed', 'cancelled')),
    priority             INTEGER NOT NULL CHECK (priority BETWEEN 1 AND 4),
    confidential         BOOLEAN NOT NULL DEFAULT FALSE,
    short_description    VARCHAR NOT NULL,
    description          VARCHAR,
    opened_at            TIMESTAMP NOT NULL,
    due_at               TIMESTAMP NOT NULL,
    resolved_at          TIMESTAMP,
    resolution_code      VARCHAR CHECK (resolution_code IN ('fulfilled', 'information_provided', 'rejected', 'duplicate', 'withdrawn')),
    resolution_notes     VARCHAR,
    updated_at           TIMESTAMP NOT NULL
);

CREATE TABLE hr.case_note (
    note_id     VARCHAR PRIMARY KEY,                      -- NOTE00001
    case_id     VARCHAR NOT NULL REFERENCES hr.hr_case(case_id),
    author_id   VARCHAR NOT NULL REFERENCES org.person(person_id),
    note_type   VARCHAR NOT NULL CHECK (note_type IN ('work_note', 'comment')),
    body        VARCHAR NOT NULL,
    created_at  TIMESTAMP NOT NULL
);

CREATE TABLE hr.access_resource (
    resource_id     VARCHAR PRIMARY KEY,                  -- RES001
    name            VARCHAR NOT NULL UNIQUE,
    access_kind     VARCHAR NOT NULL CHECK (access_kind IN ('physical', 'digital')),
    resource_type   VARCHAR NOT NULL CHECK (resource_type IN ('building', 'secure_area', 'application', 'account', 'shared_drive', 'vpn')),
    location_id     VARCHAR REFERENCES org.location(location_id),
    owner_group_id  VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    sensitive       BOOLEAN NOT NULL DEFAULT FALSE,
    status          VARCHAR NOT NULL CHECK (status IN ('active', 'frozen', 'decommissioned'))
);

CREATE TABLE hr.job_profile_access (
    job_profile_id VARCHAR NOT NULL REFERENCES hr.job_profile(job_profile_id),
    resource_id    VARCHAR NOT NULL REFERENCES hr.access_resource(resource_id),
    access_level   VARCHAR NOT NULL CHECK (access_level IN ('read', 'standard', 'admin')),
    PRIMARY KEY (job_profile_id, resource_id)
);

CREATE TABLE hr.access_grant (
    grant_id          VARCHAR PRIMARY KEY,                -- AG00001
    employee_id       VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    resource_id       VARCHAR NOT NULL REFERENCES hr.access_resource(resource_id),
    access_level      VARCHAR NOT NULL CHECK (access_level IN ('read', 'standard', 'admin')),
    state             VARCHAR NOT NULL CHECK (state IN ('active', 'suspended', 'revoked')),
    granted_at        TIMESTAMP NOT NULL,
    granted_by        VARCHAR REFERENCES org.person(person_id),
    event_id          VARCHAR REFERENCES hr.lifecycle_event(event_id),
    revoked_at        TIMESTAMP,
    revoked_by        VARCHAR REFERENCES org.person(person_id),
    revocation_reason VARCHAR
);

CREATE TABLE hr.badge (
    badge_id        VARCHAR PRIMARY KEY,                  -- BDG00001
    badge_number    VARCHAR NOT NULL UNIQUE,
    employee_id     VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    location_id     VARCHAR NOT NULL REFERENCES org.location(location_id),
    state           VARCHAR NOT NULL CHECK (state IN ('active', 'deactivated', 'lost')),
    issued_at       TIMESTAMP NOT NULL,
    issued_by       VARCHAR REFERENCES org.person(person_id),
    deactivated_at  TIMESTAMP
);

CREATE TABLE hr.legal_hold (
    hold_id       VARCHAR PRIMARY KEY,                    -- LH001
    number        VARCHAR NOT NULL UNIQUE,                -- LGH0001
    employee_id   VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    matter        VARCHAR NOT NULL,
    state         VARCHAR NOT NULL CHECK (state IN ('active', 'released')),
    requested_by  VARCHAR NOT NULL REFERENCES org.person(person_id),
    case_id       VARCHAR REFERENCES hr.hr_case(case_id),
    created_at    TIMESTAMP NOT NULL,
    released_at   TIMESTAMP
);

CREATE TABLE hr.forensics_task (
    forensics_id      VARCHAR PRIMARY KEY,                -- FT001
    hold_id           VARCHAR NOT NULL REFERENCES hr.legal_hold(hold_id),
    employee_id       VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    assigned_group_id VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    task_type         VARCHAR NOT NULL CHECK (task_type IN ('preserve_mailbox', 'image_laptop', 'preserve_drive', 'collect_mobile', 'export_chat')),
    state             VARCHAR NOT NULL CHECK (state IN ('open', 'in_progress', 'completed')),
    due_date          DATE NOT NULL,
    created_at        TIMESTAMP NOT NULL,
    completed_at      TIMESTAMP
);

CREATE TABLE hr.confidential_record (
    record_id           VARCHAR PRIMARY KEY,              -- CR0001
    number              VARCHAR NOT NULL UNIQUE,          -- CNF0001
    record_type         VARCHAR NOT NULL CHECK (record_type IN ('compensation', 'payroll', 'misconduct_investigation', 'medical_accommodation')),
    employee_id         VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    restricted_group_id VARCHAR NOT NULL REFERENCES hr.hr_group(group_id),
    case_id             VARCHAR REFERENCES hr.hr_case(case_id),
    title               VARCHAR NOT NULL,
    summary             VARCHAR NOT NULL,
    state               VARCHAR NOT NULL CHECK (state IN ('open', 'closed')),
    created_by          VARCHAR NOT NULL REFERENCES org.person(person_id),
    created_at          TIMESTAMP NOT NULL
);

CREATE TABLE hr.compensation (
    employee_id    VARCHAR PRIMARY KEY REFERENCES hr.employee(employee_id),
    base_salary    DECIMAL(12, 2) NOT NULL,
    currency       VARCHAR NOT NULL,
    pay_frequency  VARCHAR NOT NULL CHECK (pay_frequency IN ('monthly', 'semi_monthly', 'biweekly', 'hourly')),
    grade          VARCHAR NOT NULL,
    effective_date DATE NOT NULL,
    last_change_id VARCHAR REFERENCES hr.compensation_change(change_id)
);

CREATE TABLE hr.compensation_change (
    change_id      VARCHAR PRIMARY KEY,                   -- CC0001 -> CHG0001
    employee_id    VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    record_id      VARCHAR NOT NULL REFERENCES hr.confidential_record(record_id),
    change_type    VARCHAR NOT NULL CHECK (change_type IN ('merit_increase', 'promotion', 'market_adjustment', 'payroll_correction')),
    old_salary     DECIMAL(12, 2) NOT NULL,
    new_salary     DECIMAL(12, 2) NOT NULL,
    currency       VARCHAR NOT NULL,
    effective_date DATE NOT NULL,
    state          VARCHAR NOT NULL CHECK (state IN ('pending_approval', 'approved', 'rejected', 'applied')),
    requested_by   VARCHAR NOT NULL REFERENCES org.person(person_id),
    justification  VARCHAR NOT NULL,
    created_at     TIMESTAMP NOT NULL
);

CREATE TABLE hr.investigation (
    investigation_id     VARCHAR PRIMARY KEY,             -- INV001
    record_id            VARCHAR NOT NULL REFERENCES hr.confidential_record(record_id),
    subject_employee_id  VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    complainant_id       VARCHAR REFERENCES hr.employee(employee_id),
    investigator_id      VARCHAR REFERENCES hr.employee(employee_id),
    allegation           VARCHAR NOT NULL CHECK (allegation IN ('harassment', 'discrimination', 'fraud', 'policy_breach', 'workplace_violence', 'conflict_of_interest')),
    state                VARCHAR NOT NULL CHECK (state IN ('open', 'under_review', 'substantiated', 'unsubstantiated', 'closed')),
    findings             VARCHAR,
    opened_at            TIMESTAMP NOT NULL,
    closed_at            TIMESTAMP
);

CREATE TABLE hr.approval (
    approval_id        VARCHAR PRIMARY KEY,               -- APR0001
    approval_type      VARCHAR NOT NULL CHECK (approval_type IN ('hr_case', 'lifecycle_event', 'compensation_change', 'access_grant')),
    case_id            VARCHAR REFERENCES hr.hr_case(case_id),
    event_id           VARCHAR REFERENCES hr.lifecycle_event(event_id),
    change_id          VARCHAR REFERENCES hr.compensation_change(change_id),
    grant_id           VARCHAR REFERENCES hr.access_grant(grant_id),
    approver_id        VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    state              VARCHAR NOT NULL CHECK (state IN ('requested', 'approved', 'rejected', 'cancelled')),
    requested_by       VARCHAR NOT NULL REFERENCES org.person(person_id),
    requested_at       TIMESTAMP NOT NULL,
    decided_at         TIMESTAMP,
    comments           VARCHAR
);

CREATE TABLE hr.privacy_request (
    request_id        VARCHAR PRIMARY KEY,                -- PRQ001
    number            VARCHAR NOT NULL UNIQUE,            -- DPR0001
    employee_id       VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    request_type      VARCHAR NOT NULL CHECK (request_type IN ('access', 'erasure', 'rectification', 'restriction', 'portability')),
    regulation        VARCHAR NOT NULL CHECK (regulation IN ('GDPR', 'CCPA', 'PIPEDA', 'DPDP', 'PDPA', 'APP', 'APPI', 'OTHER')),
    state             VARCHAR NOT NULL CHECK (state IN ('received', 'verified', 'in_progress', 'completed', 'rejected')),
    received_at       TIMESTAMP NOT NULL,
    due_date          DATE NOT NULL,
    identity_verified BOOLEAN NOT NULL DEFAULT FALSE,
    deadline_extended BOOLEAN NOT NULL DEFAULT FALSE,
    assigned_to       VARCHAR REFERENCES hr.employee(employee_id),
    case_id           VARCHAR REFERENCES hr.hr_case(case_id),
    submitted_by      VARCHAR NOT NULL REFERENCES org.person(person_id),
    completed_at      TIMESTAMP,
    outcome           VARCHAR
);

CREATE TABLE hr.personal_data_item (
    item_id                VARCHAR PRIMARY KEY,           -- PDI00001
    employee_id            VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    category               VARCHAR NOT NULL CHECK (category IN ('contact', 'emergency_contact', 'bank_account', 'national_id', 'medical', 'dependants', 'marketing_preferences', 'photo')),
    label                  VARCHAR NOT NULL,
    value                  VARCHAR,
    retention_required_until DATE,
    erased                 BOOLEAN NOT NULL DEFAULT FALSE,
    erased_at              TIMESTAMP,
    erased_by_request_id   VARCHAR REFERENCES hr.privacy_request(request_id)
);

CREATE TABLE hr.knowledge_article (
    article_id   VARCHAR PRIMARY KEY,                     -- KBA001
    number       VARCHAR NOT NULL UNIQUE,                 -- HRKB0001
    title        VARCHAR NOT NULL,
    body         VARCHAR NOT NULL,
    category_id  VARCHAR NOT NULL REFERENCES hr.case_category(category_id),
    author_id    VARCHAR NOT NULL REFERENCES hr.employee(employee_id),
    state        VARCHAR NOT NULL CHECK (state IN ('draft', 'published', 'retired')),
    published_at TIMESTAMP
);

CREATE TABLE hr.notification (
    notification_id    VARCHAR PRIMARY KEY,               -- NTF00001
    recipient_person_id VARCHAR REFERENCES org.person(person_id),
    recipient_group_id VARCHAR REFERENCES hr.hr_group(group_id),
    case_id            VARCHAR REFERENCES hr.hr_case(case_id),
    event_id           VARCHAR REFERENCES hr.lifecycle_event(event_id),
    subject            VARCHAR NOT NULL,
    body               VARCHAR NOT NULL,
    sent_by            VARCHAR NOT NULL REFERENCES org.person(person_id),
    sent_at            TIMESTAMP NOT NULL
);

CREATE TABLE hr.audit_log (
    audit_id    VARCHAR PRIMARY KEY,                      -- AUD000001
    actor_id    VARCHAR NOT NULL REFERENCES org.person(person_id),
    employee_id VARCHAR REFERENCES hr.employee(employee_id),
    action      VARCHAR NOT NULL,
    entity_type VARCHAR NOT NULL,
    entity_id   VARCHAR NOT NULL,
    details     VARCHAR,
    created_at  TIMESTAMP NOT NULL
);

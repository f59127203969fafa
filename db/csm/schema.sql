-- Customer Service Management: B2B support operations (accounts, install base,
-- entitlements, cases, SLAs, routing, knowledge, customer notifications).
CREATE SCHEMA IF NOT EXISTS csm;

CREATE TABLE csm.schedule (
    schedule_id   VARCHAR PRIMARY KEY,
    name          VARCHAR NOT NULL UNIQUE,
    coverage      VARCHAR NOT NULL UNIQUE CHECK (coverage IN ('8x5', '12x5', '24x7')),
    start_hour    INTEGER NOT NULL,
    end_hour      INTEGER NOT NULL,
    weekdays_only BOOLEAN NOT NULL
);

CREATE TABLE csm.assignment_group (
    group_id        VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL UNIQUE,
    tier            INTEGER NOT NULL CHECK (tier IN (1, 2, 3)),
    region          VARCHAR CHECK (region IN ('AMER', 'EMEA', 'APAC', 'GLOBAL')),
    product_family  VARCHAR,
    manager_id      VARCHAR REFERENCES org.person(person_id),
    escalation_group_id VARCHAR REFERENCES csm.assignment_group(group_id),
    email           VARCHAR NOT NULL,
    active          BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE csm.support_agent (
    person_id        VARCHAR PRIMARY KEY REFERENCES org.person(person_id),
    role             VARCHAR NOT NULL CHECK (role IN ('agent', 'lead', 'manager', 'admin')),
    tier             INTEGER NOT NULL CHECK (tier IN (1, 2, 3)),
    default_group_id VARCHAR REFERENCES csm.assignment_group(group_id),
    availability     VARCHAR NOT NULL CHECK (availability IN ('available', 'busy', 'away', 'on_leave', 'offline')),
    max_open_cases   INTEGER NOT NULL,
    active           BOOLEAN NOT NULL DEFAULT TRUE,
    deactivated_at   TIMESTAMP,
    created_at       TIMESTAMP NOT NULL
);

CREATE TABLE csm.group_member (
    group_id   VARCHAR NOT NULL REFERENCES csm.assignment_group(group_id),
    person_id  VARCHAR NOT NULL REFERENCES csm.support_agent(person_id),
    is_lead    BOOLEAN NOT NULL DEFAULT FALSE,
    added_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (group_id, person_id)
);

CREATE TABLE csm.product (
    product_id       VARCHAR PRIMARY KEY,
    name             VARCHAR NOT NULL UNIQUE,
    family           VARCHAR NOT NULL CHECK (family IN ('servers', 'storage', 'networking', 'software')),
    support_group_id VARCHAR NOT NULL REFERENCES csm.assignment_group(group_id),
    active           BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE csm.product_model (
    model_id        VARCHAR PRIMARY KEY,
    product_id      VARCHAR NOT NULL REFERENCES csm.product(product_id),
    name            VARCHAR NOT NULL UNIQUE,
    model_number    VARCHAR NOT NULL UNIQUE,
    serial_prefix   VARCHAR NOT NULL,
    end_of_support  DATE
);

CREATE TABLE csm.skill (
    skill_id    VARCHAR PRIMARY KEY,
    name        VARCHAR NOT NULL UNIQUE,
    category    VARCHAR NOT NULL CHECK (category IN ('product', 'language', 'soft')),
    product_id  VARCHAR REFERENCES csm.product(product_id)
);

CREATE TABLE csm.agent_skill (
    person_id  VARCHAR NOT NULL REFERENCES csm.support_agent(person_id),
    skill_id   VARCHAR NOT NULL REFERENCES csm.skill(skill_id),
    level      INTEGER NOT NULL CHECK (level BETWEEN 1 AND 5),
    PRIMARY KEY (person_id, skill_id)
);

CREATE TABLE csm.account (
    account_id          VARCHAR PRIMARY KEY,
    number              VARCHAR NOT NULL UNIQUE,
    name                VARCHAR NOT NULL UNIQUE,
    account_type        VARCHAR NOT NULL CHECK (account_type IN ('customer', 'partner')),
    industry            VARCHAR,
    customer_tier       VARCHAR CHECK (customer_tier IN ('strategic', 'key', 'standard')),
    country             VARCHAR NOT NULL,
    region              VARCHAR NOT NULL CHECK (region IN ('AMER', 'EMEA', 'APAC')),
    parent_account_id   VARCHAR REFERENCES csm.account(account_id),
    partner_account_id  VARCHAR REFERENCES csm.account(account_id),
    primary_contact_id  VARCHAR REFERENCES csm.contact(contact_id),
    account_manager_id  VARCHAR REFERENCES org.person(person_id),
    status              VARCHAR NOT NULL CHECK (status IN ('active', 'inactive', 'on_hold')),
    created_at          TIMESTAMP NOT NULL
);

CREATE TABLE csm.site (
    site_id             VARCHAR PRIMARY KEY,
    account_id          VARCHAR NOT NULL REFERENCES csm.account(account_id),
    name                VARCHAR NOT NULL UNIQUE,
    street              VARCHAR,
    city                VARCHAR NOT NULL,
    country             VARCHAR NOT NULL,
    region              VARCHAR NOT NULL CHECK (region IN ('AMER', 'EMEA', 'APAC')),
    timezone            VARCHAR NOT NULL,
    primary_contact_id  VARCHAR REFERENCES csm.contact(contact_id),
    active              BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE csm.contact (
    contact_id        VARCHAR PRIMARY KEY,
    account_id        VARCHAR NOT NULL REFERENCES csm.account(account_id),
    site_id           VARCHAR REFERENCES csm.site(site_id),
    first_name        VARCHAR NOT NULL,
    last_name         VARCHAR NOT NULL,
    full_name         VARCHAR NOT NULL,
    email             VARCHAR NOT NULL UNIQUE,
    phone             VARCHAR,
    title             VARCHAR,
    preferred_channel VARCHAR NOT NULL CHECK (preferred_channel IN ('phone', 'email', 'web', 'chat', 'community')),
    portal_access     BOOLEAN NOT NULL DEFAULT FALSE,
    active            BOOLEAN NOT NULL DEFAULT TRUE,
    created_at        TIMESTAMP NOT NULL
);

CREATE TABLE csm.contact_role (
    contact_id  VARCHAR NOT NULL REFERENCES csm.contact(contact_id),
    role        VARCHAR NOT NULL CHECK (role IN ('primary', 'technical', 'billing', 'authorized_caller', 'escalation')),
    account_id  VARCHAR NOT NULL REFERENCES csm.account(account_id),
    added_at    TIMESTAMP NOT NULL,
    PRIMARY KEY (contact_id, role)
);

CREATE TABLE csm.asset (
    asset_id         VARCHAR PRIMARY KEY,
    serial_number    VARCHAR NOT NULL UNIQUE,
    name             VARCHAR NOT NULL,
    account_id       VARCHAR NOT NULL REFERENCES csm.account(account_id),
    site_id          VARCHAR REFERENCES csm.site(site_id),
    model_id         VARCHAR NOT NULL REFERENCES csm.product_model(model_id),
    product_id       VARCHAR NOT NULL REFERENCES csm.product(product_id),
    contact_id       VARCHAR REFERENCES csm.contact(contact_id),
    parent_asset_id  VARCHAR REFERENCES csm.asset(asset_id),
    status           VARCHAR NOT NULL CHECK (status IN ('installed', 'in_stock', 'in_repair', 'retired')),
    install_date     DATE,
    warranty_start   DATE,
    warranty_end     DATE,
    updated_at       TIMESTAMP NOT NULL
);

CREATE TABLE csm.service (
    service_id      VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL UNIQUE,
    description     VARCHAR,
    product_family  VARCHAR CHECK (product_family IN ('servers', 'storage', 'networking', 'software')),
    product_id      VARCHAR REFERENCES csm.product(product_id),
    owner_group_id  VARCHAR NOT NULL REFERENCES csm.assignment_group(group_id),
    active          BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE csm.service_offering (
    offering_id     VARCHAR PRIMARY KEY,
    service_id      VARCHAR NOT NULL REFERENCES csm.service(service_id),
    name            VARCHAR NOT NULL UNIQUE,
    support_level   VARCHAR NOT NULL CHECK (support_level IN ('basic', 'standard', 'premium', 'enterprise')),
    schedule_id     VARCHAR NOT NULL REFERENCES csm.schedule(schedule_id),
    monthly_price   DECIMAL(10, 2) NOT NULL,
    active          BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE csm.contract (
    contract_id           VARCHAR PRIMARY KEY,
    number                VARCHAR NOT NULL UNIQUE,
    account_id            VARCHAR NOT NULL REFERENCES csm.account(account_id),
    signed_by_contact_id  VARCHAR REFERENCES csm.contact(contact_id),
    sales_owner_id        VARCHAR REFERENCES org.person(person_id),
    start_date            DATE NOT NULL,
    end_date              DATE NOT NULL,
    state                 VARCHAR NOT NULL CHECK (state IN ('draft', 'active', 'expired', 'cancelled')),
    annual_value          DECIMAL(12, 2) NOT NULL
);

CREATE TABLE csm.entitlement (
    entitlement_id     VARCHAR PRIMARY KEY,
    name               VARCHAR NOT NULL,
    account_id         VARCHAR NOT NULL REFERENCES csm.account(account_id),
    contract_id        VARCHAR NOT NULL REFERENCES csm.contract(contract_id),
    offering_id        VARCHAR REFERENCES csm.service_offering(offering_id),
    product_id         VARCHAR REFERENCES csm.product(product_id),
    scope              VARCHAR NOT NULL CHECK (scope IN ('account', 'assets')),
    support_level      VARCHAR NOT NULL CHECK (support_level IN ('basic', 'standard', 'premium', 'enterprise')),
    schedule_id        VARCHAR NOT NULL REFERENCES csm.schedule(schedule_id),
    monthly_case_limit INTEGER,
    start_date         DATE NOT NULL,
    end_date           DATE NOT NULL,
    state              VARCHAR NOT NULL CHECK (state IN ('active', 'expired', 'suspended')),
    updated_at         TIMESTAMP NOT NULL
);

CREATE TABLE csm.entitlement_asset (
    entitlement_id  VARCHAR NOT NULL REFERENCES csm.entitlement(entitlement_id),
    asset_id        VARCHAR NOT NULL REFERENCES csm.asset(asset_id),
    PRIMARY KEY (entitlement_id, asset_id)
);

CREATE TABLE csm.sla_definition (
    sla_id          VARCHAR PRIMARY KEY,
    name            VARCHAR NOT NULL UNIQUE,
    sla_type        VARCHAR NOT NULL CHECK (sla_type IN ('response', 'resolution')),
    priority        VARCHAR NOT NULL CHECK (priority IN ('1 - Critical', '2 - High', '3 - Moderate', '4 - Low')),
    schedule_id     VARCHAR NOT NULL REFERENCES csm.schedule(schedule_id),
    target_minutes  INTEGER NOT NULL,
    active          BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE csm.support_case (
    case_id             VARCHAR PRIMARY KEY,
    number              VARCHAR NOT NULL UNIQUE,
    short_description   VARCHAR NOT NULL,
    description         VARCHAR,
    account_id          VARCHAR NOT NULL REFERENCES csm.account(account_id),
    contact_id          VARCHAR NOT NULL REFERENCES csm.contact(contact_id),
    site_id             VARCHAR REFERENCES csm.site(site_id),
    asset_id            VARCHAR REFERENCES csm.asset(asset_id),
    product_id          VARCHAR REFERENCES csm.product(product_id),
    entitlement_id      VARCHAR REFERENCES csm.entitlement(entitlement_id),
    partner_account_id  VARCHAR REFERENCES csm.account(account_id),
    parent_case_id      VARCHAR REFERENCES csm.support_case(case_id),
    channel             VARCHAR NOT NULL CHECK (channel IN ('phone', 'email', 'web', 'chat', 'community', 'alert', 'social')),
    priority            VARCHAR NOT NULL CHECK (priority IN ('1 - Critical', '2 - High', '3 - Moderate', '4 - Low')),
    state               VARCHAR NOT NULL CHECK (state IN ('new', 'open', 'awaiting_info', 'resolved', 'closed', 'cancelled')),
    assignment_group_id VARCHAR REFERENCES csm.assignment_group(group_id),
    assigned_to         VARCHAR REFERENCES csm.support_agent(person_id),
    escalation_level    INTEGER NOT NULL DEFAULT 0 CHECK (escalation_level BETWEEN 0 AND 2),
    awaiting_reason     VARCHAR,
    resolution_code     VARCHAR CHECK (resolution_code IN ('solved_workaround', 'solved_permanently', 'solved_by_kb', 'hardware_replaced', 'not_reproducible', 'duplicate')),
    resolution_notes    VARCHAR,
    cancel_reason       VARCHAR,
    opened_by           VARCHAR NOT NULL REFERENCES org.person(person_id),
    opened_at           TIMESTAMP NOT NULL,
    updated_at          TIMESTAMP NOT NULL,
    resolved_at         TIMESTAMP,
    closed_at           TIMESTAMP,
    escalated           BOOLEAN NOT NULL DEFAULT FALSE,   -- management attention, distinct from the tier (escalation_level)
    escalation_reason   VARCHAR CHECK (escalation_reason IN ('urgency', 'vip', 'impact', 'breach_risk', 'customer_request'))
);

CREATE TABLE csm.case_task (
    task_id             VARCHAR PRIMARY KEY,
    number              VARCHAR NOT NULL UNIQUE,
    case_id             VARCHAR NOT NULL REFERENCES csm.support_case(case_id),
    short_description   VARCHAR NOT NULL,
    task_type           VARCHAR NOT NULL CHECK (task_type IN ('investigation', 'field_service', 'parts_dispatch', 'callback', 'rma')),
    state               VARCHAR NOT NULL CHECK (state IN ('open', 'in_progress', 'completed', 'cancelled')),
    assignment_group_id VARCHAR REFERENCES csm.assignment_group(group_id),
    assigned_to         VARCHAR REFERENCES csm.support_agent(person_id),
    created_by          VARCHAR NOT NULL REFERENCES org.person(person_id),
    due_date            DATE,
    created_at          TIMESTAMP NOT NULL,
    completed_at        TIMESTAMP,
    close_notes         VARCHAR
);

CREATE TABLE csm.case_comment (
    comment_id   VARCHAR PRIMARY KEY,
    case_id      VARCHAR NOT NULL REFERENCES csm.support_case(case_id),
    author_id    VARCHAR NOT NULL REFERENCES org.person(person_id),
    kind         VARCHAR NOT NULL CHECK (kind IN ('work_note', 'customer_comment')),
    body         VARCHAR NOT NULL,
    created_at   TIMESTAMP NOT NULL
);

CREATE TABLE csm.case_escalation (
    escalation_id   VARCHAR PRIMARY KEY,
    case_id         VARCHAR NOT NULL REFERENCES csm.support_case(case_id),
    level           INTEGER NOT NULL CHECK (level IN (1, 2)),
    from_group_id   VARCHAR REFERENCES csm.assignment_group(group_id),
    to_group_id     VARCHAR NOT NULL REFERENCES csm.assignment_group(group_id),
    requested_by    VARCHAR NOT NULL REFERENCES org.person(person_id),
    reason          VARCHAR NOT NULL,
    created_at      TIMESTAMP NOT NULL
);

CREATE TABLE csm.case_sla (
    case_sla_id  VARCHAR PRIMARY KEY,
    case_id      VARCHAR NOT NULL REFERENCES csm.support_case(case_id),
    sla_id       VARCHAR NOT NULL REFERENCES csm.sla_definition(sla_id),
    stage        VARCHAR NOT NULL CHECK (stage IN ('in_progress', 'paused', 'achieved', 'breached', 'cancelled')),
    start_time   TIMESTAMP NOT NULL,
    due_time     TIMESTAMP NOT NULL,
    stop_time    TIMESTAMP
);

CREATE TABLE csm.knowledge_article (
    article_id    VARCHAR PRIMARY KEY,
    number        VARCHAR NOT NULL UNIQUE,
    title         VARCHAR NOT NULL,
    body          VARCHAR NOT NULL,
    keywords      VARCHAR,
    product_id    VARCHAR REFERENCES csm.product(product_id),
    author_id     VARCHAR NOT NULL REFERENCES org.person(person_id),
    state         VARCHAR NOT NULL CHECK (state IN ('draft', 'published', 'retired')),
    published_at  TIMESTAMP,
    visibility    VARCHAR NOT NULL DEFAULT 'external' CHECK (visibility IN ('internal', 'external')),
    owner_group_id VARCHAR REFERENCES csm.assignment_group(group_id),
    updated_at    TIMESTAMP
);

CREATE TABLE csm.case_article (
    case_id     VARCHAR NOT NULL REFERENCES csm.support_case(case_id),
    article_id  VARCHAR NOT NULL REFERENCES csm.knowledge_article(article_id),
    link_type   VARCHAR NOT NULL CHECK (link_type IN ('suggested', 'attached')),
    linked_by   VARCHAR NOT NULL REFERENCES org.person(person_id),
    linked_at   TIMESTAMP NOT NULL,
    PRIMARY KEY (case_id, article_id)
);

CREATE TABLE csm.notification (
    notification_id VARCHAR PRIMARY KEY,
    case_id         VARCHAR REFERENCES csm.support_case(case_id),
    contact_id      VARCHAR NOT NULL REFERENCES csm.contact(contact_id),
    event           VARCHAR NOT NULL CHECK (event IN ('case_opened', 'awaiting_info', 'case_escalated', 'case_resolved', 'case_cancelled', 'entitlement_updated', 'general')),
    subject         VARCHAR NOT NULL,
    sent_by         VARCHAR NOT NULL REFERENCES org.person(person_id),
    sent_at         TIMESTAMP NOT NULL
);

CREATE TABLE csm.email_message (
    email_id        VARCHAR PRIMARY KEY,
    case_id         VARCHAR REFERENCES csm.support_case(case_id),
    contact_id      VARCHAR REFERENCES csm.contact(contact_id),
    notification_id VARCHAR REFERENCES csm.notification(notification_id),
    direction       VARCHAR NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    from_address    VARCHAR NOT NULL,
    to_address      VARCHAR NOT NULL,
    subject         VARCHAR NOT NULL,
    body            VARCHAR NOT NULL,
    sent_at         TIMESTAMP NOT NULL
);

-- Every contact with a customer outside a case's own comments and emails: calls, chats, visits, social posts.
CREATE TABLE csm.interaction (
    interaction_id  VARCHAR PRIMARY KEY,                 -- INT_00001
    contact_id      VARCHAR NOT NULL REFERENCES csm.contact(contact_id),
    account_id      VARCHAR NOT NULL REFERENCES csm.account(account_id),
    case_id         VARCHAR REFERENCES csm.support_case(case_id),
    channel         VARCHAR NOT NULL CHECK (channel IN ('phone', 'email', 'chat', 'web', 'social', 'in_person')),
    direction       VARCHAR NOT NULL CHECK (direction IN ('inbound', 'outbound')),
    topic           VARCHAR NOT NULL CHECK (topic IN ('support', 'warranty', 'renewal', 'complaint', 'escalation', 'general')),
    summary         VARCHAR NOT NULL,
    logged_by       VARCHAR NOT NULL REFERENCES org.person(person_id),
    occurred_at     TIMESTAMP NOT NULL
);

CREATE TABLE csm.audit_log (
    audit_id    VARCHAR PRIMARY KEY,
    table_name  VARCHAR NOT NULL,
    record_id   VARCHAR NOT NULL,
    action      VARCHAR NOT NULL CHECK (action IN ('create', 'update', 'delete')),
    changes     VARCHAR,
    actor_id    VARCHAR NOT NULL REFERENCES org.person(person_id),
    created_at  TIMESTAMP NOT NULL
);

-- A tiny helpdesk: the engine's own test domain (not part of the benchmark).
CREATE SCHEMA IF NOT EXISTS demo;

CREATE TABLE demo.team (
    team_id   VARCHAR PRIMARY KEY,
    name      VARCHAR NOT NULL UNIQUE,
    lead_id   VARCHAR REFERENCES demo.person(person_id)
);

CREATE TABLE demo.person (
    person_id VARCHAR PRIMARY KEY,
    name      VARCHAR NOT NULL,
    email     VARCHAR NOT NULL UNIQUE,
    role      VARCHAR NOT NULL CHECK (role IN ('agent', 'reporter', 'admin')),
    team_id   VARCHAR REFERENCES demo.team(team_id),
    active    BOOLEAN NOT NULL DEFAULT TRUE
);

CREATE TABLE demo.ticket (
    ticket_id   VARCHAR PRIMARY KEY,
    number      VARCHAR NOT NULL UNIQUE,
    title       VARCHAR NOT NULL,
    caller_id   VARCHAR NOT NULL REFERENCES demo.person(person_id),
    team_id     VARCHAR REFERENCES demo.team(team_id),
    assignee_id VARCHAR REFERENCES demo.person(person_id),
    impact      VARCHAR NOT NULL CHECK (impact IN ('high', 'medium', 'low')),
    urgency     VARCHAR NOT NULL CHECK (urgency IN ('high', 'medium', 'low')),
    priority    VARCHAR NOT NULL CHECK (priority IN ('critical', 'high', 'moderate', 'low')),
    state       VARCHAR NOT NULL CHECK (state IN ('new', 'in_progress', 'resolved', 'closed')),
    resolution  VARCHAR,
    opened_at   TIMESTAMP NOT NULL,
    updated_at  TIMESTAMP NOT NULL
);

CREATE TABLE demo.ticket_comment (
    comment_id VARCHAR PRIMARY KEY,
    ticket_id  VARCHAR NOT NULL REFERENCES demo.ticket(ticket_id),
    author_id  VARCHAR NOT NULL REFERENCES demo.person(person_id),
    body       VARCHAR NOT NULL,
    visibility VARCHAR NOT NULL CHECK (visibility IN ('public', 'internal')),
    created_at TIMESTAMP NOT NULL
);

CREATE TABLE demo.audit_log (
    audit_id   VARCHAR PRIMARY KEY,
    actor_id   VARCHAR NOT NULL REFERENCES demo.person(person_id),
    ticket_id  VARCHAR REFERENCES demo.ticket(ticket_id),
    action     VARCHAR NOT NULL,
    detail     VARCHAR,
    created_at TIMESTAMP NOT NULL
);

-- The shared organization directory. Every domain's user tables reference
-- org.person so one person is the same person in every system.
CREATE SCHEMA IF NOT EXISTS org;

CREATE TABLE org.location (
    location_id  VARCHAR PRIMARY KEY,
    name         VARCHAR NOT NULL UNIQUE,
    street       VARCHAR,
    city         VARCHAR NOT NULL,
    country      VARCHAR NOT NULL,
    region       VARCHAR NOT NULL CHECK (region IN ('AMER', 'EMEA', 'APAC')),
    timezone     VARCHAR NOT NULL
);

CREATE TABLE org.department (
    department_id        VARCHAR PRIMARY KEY,
    name                 VARCHAR NOT NULL UNIQUE,
    code                 VARCHAR NOT NULL UNIQUE,
    parent_department_id VARCHAR REFERENCES org.department(department_id),
    head_person_id       VARCHAR REFERENCES org.person(person_id),
    location_id          VARCHAR REFERENCES org.location(location_id)
);

CREATE TABLE org.cost_center (
    cost_center_id  VARCHAR PRIMARY KEY,
    code            VARCHAR NOT NULL UNIQUE,
    name            VARCHAR NOT NULL,
    department_id   VARCHAR NOT NULL REFERENCES org.department(department_id),
    owner_person_id VARCHAR REFERENCES org.person(person_id)
);

CREATE TABLE org.person (
    person_id       VARCHAR PRIMARY KEY,
    employee_number VARCHAR UNIQUE,
    first_name      VARCHAR NOT NULL,
    last_name       VARCHAR NOT NULL,
    full_name       VARCHAR NOT NULL,
    email           VARCHAR NOT NULL UNIQUE,
    phone           VARCHAR,
    title           VARCHAR,
    department_id   VARCHAR REFERENCES org.department(department_id),
    location_id     VARCHAR REFERENCES org.location(location_id),
    manager_id      VARCHAR REFERENCES org.person(person_id),
    cost_center_id  VARCHAR REFERENCES org.cost_center(cost_center_id),
    hire_date       DATE,
    active          BOOLEAN NOT NULL DEFAULT TRUE
);

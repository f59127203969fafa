"""Which argument values the provenance gate treats as identifiers an agent must have been shown."""

from pytest_enterpriseops.provenance import identifiers


def test_id_like_values_and_id_keys_are_identifiers():
    args = {"incident": "INC0000003", "owner": "p0192@example.com", "sla_id": "sla-gold",
            "group": {"ids": ["GRP_002", "SLA-002"]}}
    assert list(identifiers(args)) == ["INC0000003", "p0192@example.com", "sla-gold", "GRP_002", "SLA-002"]


def test_settings_and_prose_are_not():
    args = {"reminders": ["popup:15", "email:1440"], "summary": "Quarterly review 2", "minutes": "30"}
    assert list(identifiers(args)) == []

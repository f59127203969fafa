"""Shared identities for the ITSM tool tests."""

AGENT = "P0104"      # agent, member of Major Incident Management (GRP0003)
ADMIN = "P0102"      # admin, Service Desk + Major Incident Management + Knowledge Reviewers
MANAGER = "P0099"    # manager of GRP0003 and GRP0016


def reporter_of(s, incident_id):
    """The org person id of an incident's caller (a reporter)."""
    return s.scalar("SELECT u.person_id FROM itsm.incident i JOIN itsm.sys_user u ON u.user_id = i.caller_id "
                    "WHERE i.incident_id = ?", incident_id)

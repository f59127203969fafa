"""Account and group creation, and notifications that carry their purpose and an article."""

from pytest_enterpriseops.testing import tool_session

from .conftest import ADMIN, AGENT


def test_admins_create_accounts_for_active_people_without_one():
    with tool_session("itsm", as_user=ADMIN) as s:
        # a new joiner in the directory, and a leaver whose account was never made
        for pid, active in (("P9001", True), ("P9002", False)):
            s.ctx.cursor.execute("INSERT INTO org.person (person_id, first_name, last_name, full_name, email, department_id, "
                                 "location_id, active) SELECT ?, 'New', 'Joiner', 'New Joiner', ?, department_id, location_id, ? "
                                 "FROM org.person WHERE person_id = 'P0001'", [pid, f"new.joiner{pid}@arcturus.example", active])
        person, leaver = "P9001", "P9002"
        u = s.call("itsm_create_user", person_id=person)
        assert u["role"] == "reporter" and u["active"] is True and u["person_id"] == person
        assert "already has the account" in s.call_error("itsm_create_user", person_id=person)
        assert "left the company" in s.call_error("itsm_create_user", person_id=leaver)
    with tool_session("itsm", as_user=AGENT) as s:
        assert "not allowed" in s.call_error("itsm_create_user", person_id="P0001")


def test_groups_get_their_manager_as_first_member():
    with tool_session("itsm", as_user=ADMIN) as s:
        mgr = s.scalar("SELECT user_id FROM itsm.sys_user WHERE role = 'manager' AND active ORDER BY 1 LIMIT 1")
        agent = s.scalar("SELECT user_id FROM itsm.sys_user WHERE role = 'agent' AND active ORDER BY 1 LIMIT 1")
        g = s.call("itsm_create_group", name="Cloud Platform Support", group_type="support",
                   description="Runs the cloud landing zone.", manager_id=mgr)
        assert s.scalar("SELECT count(*) FROM itsm.group_member WHERE group_id = ? AND user_id = ?", g["group_id"], mgr) == 1
        assert "already exists" in s.call_error("itsm_create_group", name="cloud platform support", group_type="support",
                                                description="x")
        assert "manager or admin" in s.call_error("itsm_create_group", name="Edge Support", group_type="support",
                                                  description="x", manager_id=agent)


def test_a_notification_can_point_to_a_published_article_but_not_an_internal_one_for_a_reporter():
    with tool_session("itsm", as_user=AGENT) as s:
        reporter = s.scalar("SELECT user_id FROM itsm.sys_user WHERE role = 'reporter' AND active ORDER BY 1 LIMIT 1")
        internal = s.scalar("SELECT article_id FROM itsm.kb_article WHERE state = 'published' AND visibility = 'internal' ORDER BY 1 LIMIT 1")
        public = s.scalar("SELECT article_id FROM itsm.kb_article WHERE state = 'published' AND visibility = 'public' ORDER BY 1 LIMIT 1")
        draft = s.scalar("SELECT article_id FROM itsm.kb_article WHERE state = 'draft' ORDER BY 1 LIMIT 1")
        assert "internal" in s.call_error("itsm_send_notification", recipient_id=reporter, subject="Try this", body="See the article.",
                                          notification_type="solution_proposal", kb_article_id=internal)
        assert "only published" in s.call_error("itsm_send_notification", recipient_id=reporter, subject="Try this",
                                                body="See the article.", notification_type="solution_proposal", kb_article_id=draft)
        row = s.call("itsm_send_notification", recipient_id=reporter, subject="Try this", body="See the article.",
                     notification_type="solution_proposal", kb_article_id=public)
        assert row["kb_article_id"] == public and row["delivery_status"] == "sent"  # as documented
        sent = s.call("itsm_list_notifications", recipient_id=reporter, delivery_status="sent")["items"]
        assert [n["notification_id"] for n in sent] == [row["notification_id"]]
        assert s.scalar("SELECT delivery_status FROM itsm.notification WHERE notification_id = ?", row["notification_id"]) == "sent"
        assert s.scalar("SELECT count(*) FROM itsm.notification WHERE delivery_status <> 'delivered' AND sent_at < ?",
                        "2025-12-05 10:00:00") == 0

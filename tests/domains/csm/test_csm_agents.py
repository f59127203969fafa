from csm_helpers import MANAGER, plain_agent, session


def test_deactivate_requires_no_open_work_and_cleans_groups():
    with session() as s:
        busy = s.scalar("SELECT assigned_to FROM csm.support_case WHERE state IN ('open', 'new') AND assigned_to "
                        "IS NOT NULL ORDER BY case_id LIMIT 1")
        assert "reassign them first" in s.call_error("csm_deactivate_agent", person_id=busy)
        idle = s.scalar("SELECT min(a.person_id) FROM csm.support_agent a WHERE active AND role = 'agent' AND NOT EXISTS "
                        "(SELECT 1 FROM csm.support_case c WHERE c.assigned_to = a.person_id AND c.state IN "
                        "('new', 'open', 'awaiting_info')) AND NOT EXISTS (SELECT 1 FROM csm.case_task t WHERE "
                        "t.assigned_to = a.person_id AND t.state IN ('open', 'in_progress')) AND EXISTS "
                        "(SELECT 1 FROM csm.group_member m WHERE m.person_id = a.person_id)")
        out = s.call("csm_deactivate_agent", person_id=idle)
        assert out["active"] is False and out["availability"] == "offline" and out["removed_from_groups"]
        assert s.scalar("SELECT count(*) FROM csm.group_member WHERE person_id = ?", idle) == 0
        assert "cannot deactivate yourself" in s.call_error("csm_deactivate_agent", person_id=MANAGER)


def test_permissions_for_agent_admin():
    with session() as s:
        agent = plain_agent(s)
        other = s.scalar("SELECT max(person_id) FROM csm.support_agent WHERE active")
    with session(as_user=agent) as s:
        assert "not allowed" in s.call_error("csm_deactivate_agent", person_id=other)
        assert "not allowed" in s.call_error("csm_set_agent_availability", person_id=other, availability="away")
        assert s.call("csm_set_agent_availability", person_id=agent, availability="away")["availability"] == "away"
        assert "not allowed" in s.call_error("csm_add_group_member", group_id="GRP_001", person_id=other)
    with session(as_user="P0001") as s:  # not a support agent
        assert "not a support agent" in s.call_error("csm_set_agent_availability", person_id="P0001",
                                                     availability="away")


def test_group_membership_and_onboarding():
    with session() as s:
        g = s.call("csm_get_group", group_id="GRP_003")
        assert g["tier"] == 1 and g["members"]
        newbie = s.scalar("SELECT min(person_id) FROM org.person p WHERE active AND NOT EXISTS "
                          "(SELECT 1 FROM csm.support_agent a WHERE a.person_id = p.person_id)")
        assert "match the group's tier" in s.call_error("csm_create_agent", person_id=newbie, tier=2,
                                                        default_group_id="GRP_003")
        s.call("csm_create_agent", person_id=newbie, tier=1, default_group_id="GRP_003")
        assert "already a member" in s.call_error("csm_add_group_member", group_id="GRP_003", person_id=newbie)
        s.call("csm_add_group_member", group_id="GRP_010", person_id=newbie)
        s.call("csm_remove_group_member", group_id="GRP_010", person_id=newbie)
        found = s.call("csm_search_agents", group_id="GRP_003", limit=100)
        assert any(i["person_id"] == newbie for i in found["items"])


def test_skills():
    with session() as s:
        agent = plain_agent(s)
        s.call("csm_set_agent_skill", person_id=agent, skill_id="SKL_017", level=4)
        assert any(k["skill_id"] == "SKL_017" and k["level"] == 4 for k in s.call("csm_get_agent", person_id=agent)["skills"])
        s.call("csm_remove_agent_skill", person_id=agent, skill_id="SKL_017")
        assert "level must be" in s.call_error("csm_set_agent_skill", person_id=agent, skill_id="SKL_017", level=9)
        assert s.call("csm_list_skills", category="language")["total"] == 6


def test_setting_a_skill_to_its_current_level_writes_nothing():
    with session() as s:
        agent = plain_agent(s)
        s.call("csm_set_agent_skill", person_id=agent, skill_id="SKL_017", level=4)
        audits = s.scalar("SELECT count(*) FROM csm.audit_log")
        again = s.call("csm_set_agent_skill", person_id=agent, skill_id="SKL_017", level=4)
        assert again["unchanged"] is True
        assert s.scalar("SELECT count(*) FROM csm.audit_log") == audits
        s.call("csm_set_agent_skill", person_id=agent, skill_id="SKL_017", level=5)
        assert s.scalar("SELECT count(*) FROM csm.audit_log") == audits + 1


def test_search_people_flags_support_agents():
    with session() as s:
        out = s.call("csm_search_people", query="Laurie Haley")
        assert out["items"][0]["person_id"] == "P0100" and out["items"][0]["is_support_agent"] is False
        agent = s.call("csm_search_people", query="Donna Hernandez")["items"][0]
        assert agent["is_support_agent"] is True


def test_search_people_by_id_for_an_account_manager():
    with session() as s:
        manager = s.scalar("SELECT account_manager_id FROM csm.account WHERE account_manager_id IS NOT NULL LIMIT 1")
        out = s.call("csm_search_people", person_id=manager)
        assert [p["person_id"] for p in out["items"]] == [manager] and out["items"][0]["full_name"]
        assert "give query" in s.call_error("csm_search_people")

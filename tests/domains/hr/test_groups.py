from pytest_enterpriseops.testing import tool_session

ADMIN = "P0185"


def test_restricted_group_membership_needs_lead_admin():
    with tool_session("hr", as_user=ADMIN) as s:
        # P0185 is a member (not lead) of GRP010 -> cannot add members
        assert "not allowed" in s.call_error("hr_add_group_member", group_id="GRP010", employee_id="EMP0190")
        # but may add to a fulfillment group
        s.call("hr_add_group_member", group_id="GRP016", employee_id="EMP0190")
        assert s.scalar("SELECT count(*) FROM hr.group_member WHERE group_id='GRP016' AND employee_id='EMP0190'") == 1
    with tool_session("hr", as_user="P0184") as s:  # HR director: hr_admin and lead of GRP010
        s.call("hr_add_group_member", group_id="GRP010", employee_id="EMP0190")


def test_inactive_employee_cannot_join_and_last_lead_stays():
    with tool_session("hr", as_user=ADMIN) as s:
        term = s.scalar("SELECT employee_id FROM hr.employee WHERE status = 'terminated' LIMIT 1")
        assert "only active" in s.call_error("hr_add_group_member", group_id="GRP001", employee_id=term)
        lead = s.scalar("SELECT employee_id FROM hr.group_member WHERE group_id = 'GRP016' AND member_role = 'lead'")
        assert "only lead" in s.call_error("hr_remove_group_member", group_id="GRP016", employee_id=lead)
        assert s.call("hr_remove_group_member", group_id="GRP016", employee_id="EMP0212")["removed"]


def test_list_groups_by_type():
    with tool_session("hr", as_user=ADMIN) as s:
        assert {g["group_id"] for g in s.call("hr_list_groups", group_type="restricted")} == {"GRP010", "GRP011", "GRP012", "GRP013"}
        assert len(s.call("hr_get_group", group_id="GRP001")["members"]) == 8


def test_group_members_list_leads_first_as_documented():
    with tool_session("hr", as_user=ADMIN) as s:
        rows = s.call("hr_list_group_members", group_id="GRP016")
        roles = [r["member_role"] for r in rows]
        assert "lead" in roles and "member" in roles
        assert roles == sorted(roles, key=lambda r: r != "lead")
        leads = [r["employee_id"] for r in rows if r["member_role"] == "lead"]
        assert leads == sorted(leads)

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0006"          # Maria Schneider, executive assistant and mail_admin
CFO = "andrea.thompson@arcturus.example"


def test_search_operators_and_spam_exclusion():
    with tool_session("email", as_user=ADMIN) as s:
        page = s.call("mail_list_messages", user_id=CFO, q="from:keystone-audit.com", limit=100)
        assert page["total"] > 0 and all("keystone-audit.com" in m["from"] for m in page["items"])
        spam_total = s.scalar("SELECT count(*) FROM email.message m JOIN email.message_label l USING (message_id) "
                              "WHERE m.mailbox = ? AND l.label_id = 'SPAM'", CFO)
        everything = s.call("mail_list_messages", user_id=CFO, q="in:anywhere", limit=1)["total"]
        default = s.call("mail_list_messages", user_id=CFO, limit=1)["total"]
        assert everything - default >= spam_total
        assert "unknown search operator" in s.call_error("mail_list_messages", user_id=CFO, q="foo:bar")
        assert "date" in s.call_error("mail_list_messages", user_id=CFO, q="after:yesterday")
        assert "limit" in s.call_error("mail_list_messages", user_id=CFO, limit=500)


def test_a_bracketed_group_of_terms_is_refused_with_the_form_that_works():
    # '(from:a OR from:b)' used to be searched as the words '(from:a' and 'b)' and quietly found nothing
    with tool_session("email", as_user=ADMIN) as s:
        err = s.call_error("mail_list_messages", user_id=CFO, q="in:inbox (from:keystone-audit.com OR from:x.example)")
        assert "from:(a.example OR b.example)" in err
        grouped = s.call("mail_list_messages", user_id=CFO, q="from:(keystone-audit.com OR x.example)", limit=100)
        plain = s.call("mail_list_messages", user_id=CFO, q="from:keystone-audit.com", limit=100)
        assert grouped["total"] == plain["total"] > 0


def test_user_cannot_read_someone_elses_mailbox_but_delegate_can():
    with tool_session("email", as_user="P0300") as s:
        assert "not allowed" in s.call_error("mail_list_messages", user_id=CFO)
    with tool_session("email", as_user="P0004") as s:   # assistant, delegate of the COO
        assert s.call("mail_list_messages", user_id="zachary.martinez@arcturus.example")["total"] > 0
        assert "not allowed" in s.call_error("mail_list_filters", user_id="zachary.martinez@arcturus.example")


def test_modify_trash_and_history():
    with tool_session("email", as_user=ADMIN) as s:
        mid = s.call("mail_list_messages", user_id=CFO, q="in:inbox")["items"][0]["id"]
        before = s.scalar("SELECT max(history_id) FROM email.history")
        s.call("mail_modify_message", user_id=CFO, message_id=mid, add_label_ids=["STARRED"], remove_label_ids=["INBOX"])
        labels = s.call("mail_get_message", user_id=CFO, message_id=mid, format="minimal")["label_ids"]
        assert "STARRED" in labels and "INBOX" not in labels
        assert s.scalar("SELECT count(*) FROM email.history WHERE history_id > ? AND message_id = ?", before, mid) == 2
        assert "set by the system" in s.call_error("mail_modify_message", user_id=CFO, message_id=mid, add_label_ids=["SENT"])
        s.call("mail_trash_message", user_id=CFO, message_id=mid)
        assert "TRASH" in s.call("mail_get_message", user_id=CFO, message_id=mid, format="minimal")["label_ids"]


def test_legal_hold_blocks_permanent_delete():
    with tool_session("email", as_user=ADMIN) as s:
        mid = s.call("mail_list_messages", user_id=CFO, q="from:keystone-audit.com")["items"][0]["id"]
        assert "legal hold HLD003" in s.call_error("mail_delete_message", user_id=CFO, message_id=mid)
        other = s.call("mail_list_messages", user_id=CFO, q="from:industrywire.news in:anywhere")["items"][0]["id"]
        assert s.call("mail_delete_message", user_id=CFO, message_id=other)["deleted"]
        assert s.scalar("SELECT count(*) FROM email.message WHERE message_id = ?", other) == 0


def test_send_delivers_internally_and_applies_recipient_filters():
    with tool_session("email", as_user=ADMIN) as s:
        out = s.call("mail_send_message", to=["ap@arcturus.example"], subject="Invoice copy", body="See attached.")
        assert out["delivered_to_mailboxes"] == ["ashley.smith@arcturus.example"]
        assert s.scalar("SELECT count(*) FROM email.message WHERE mailbox = 'ashley.smith@arcturus.example' "
                        "AND subject = 'Invoice copy'") == 1
        assert "suspended" in s.call_error("mail_send_message", user_id="donna.woods@arcturus.example",
                                           to=["a@b.com"], subject="x", body="y")
        assert "valid email" in s.call_error("mail_send_message", to=["not-an-address"], subject="x", body="y")


def test_import_keeps_headers_and_labels():
    with tool_session("email", as_user=ADMIN) as s:
        lab = s.call("mail_create_label", user_id="deborah.ingram@arcturus.example", name="Handover/Donna Woods")
        m = s.call("mail_import_message", user_id="deborah.ingram@arcturus.example", from_address="sam.ortiz@quantaforge.io",
                   subject="Old thread", body="text", internal_date="2025-03-01T10:00:00Z", label_ids=[lab["label_id"]])
        assert m["from"] == "sam.ortiz@quantaforge.io" and m["label_ids"] == [lab["label_id"]]
        assert "future" in s.call_error("mail_import_message", from_address="a@b.com", subject="x", body="y",
                                        internal_date="2026-01-01T00:00:00Z")
        assert "ISO timestamp" in s.call_error("mail_import_message", from_address="a@b.com", subject="x", body="y",
                                               internal_date="last week")

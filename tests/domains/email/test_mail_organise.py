"""Labels, threads and drafts."""
from pytest_enterpriseops.testing import tool_session

ADMIN = "P0006"
CEO = "brian.mason@arcturus.example"


def test_label_rules():
    with tool_session("email", as_user=ADMIN) as s:
        lab = s.call("mail_create_label", user_id=CEO, name="Projects/Nova", text_color="#ffffff", background_color="#4a86e8")
        assert "already exists" in s.call_error("mail_create_label", user_id=CEO, name="projects/nova")
        assert "reserved" in s.call_error("mail_create_label", user_id=CEO, name="Inbox")
        assert "hex colour" in s.call_error("mail_create_label", user_id=CEO, name="X", text_color="red", background_color="#000000")
        child = s.call("mail_create_label", user_id=CEO, name="Projects/Nova/Legal")
        s.call("mail_update_label", user_id=CEO, label_id=lab["label_id"], name="Projects/Supernova")
        assert s.scalar("SELECT name FROM email.label WHERE label_id = ?", child["label_id"]) == "Projects/Supernova/Legal"
        assert "cannot be changed" in s.call_error("mail_update_label", user_id=CEO, label_id="INBOX", name="X")


def test_label_used_by_filter_cannot_be_deleted():
    with tool_session("email", as_user=ADMIN) as s:
        nl = s.scalar("SELECT label_id FROM email.label WHERE mailbox = ? AND name = 'Newsletters'", CEO)
        assert "used by filter" in s.call_error("mail_delete_label", user_id=CEO, label_id=nl)
        fid = s.scalar("SELECT filter_id FROM email.filter_label_action WHERE label_id = ?", nl)
        s.call("mail_delete_filter", user_id=CEO, filter_id=fid)
        out = s.call("mail_delete_label", user_id=CEO, label_id=nl)
        assert out["removed_from_messages"] > 0
        assert s.scalar("SELECT count(*) FROM email.message_label WHERE label_id = ?", nl) == 0


def test_thread_operations():
    with tool_session("email", as_user=ADMIN) as s:
        t = s.call("mail_list_threads", user_id=CEO, q="subject:steering")["items"]
        tid = t[0]["id"]
        th = s.call("mail_get_thread", user_id=CEO, thread_id=tid)
        assert th["messages"] and all(m["thread_id"] == tid for m in th["messages"])
        s.call("mail_trash_thread", user_id=CEO, thread_id=tid)
        assert s.scalar("SELECT count(*) FROM email.message m WHERE thread_id = ? AND NOT EXISTS (SELECT 1 FROM "
                        "email.message_label l WHERE l.message_id = m.message_id AND l.label_id = 'TRASH')", tid) == 0
        s.call("mail_untrash_thread", user_id=CEO, thread_id=tid)
        assert "not found" in s.call_error("mail_get_thread", user_id=CEO, thread_id="THR999999")


def test_draft_reply_and_send():
    with tool_session("email", as_user=ADMIN) as s:
        orig = s.call("mail_list_messages", user_id=CEO, q="from:quantaforge.io")["items"][0]
        d = s.call("mail_create_draft", user_id=CEO, subject="Re: " + orig["subject"], body="Thanks, will revert.",
                   to=[orig["from"]], reply_to_message_id=orig["id"])
        assert d["message"]["thread_id"] == orig["thread_id"] and d["message"]["label_ids"] == ["DRAFT"]
        s.call("mail_update_draft", user_id=CEO, draft_id=d["id"], cc=["deborah.ingram@arcturus.example"])
        out = s.call("mail_send_draft", user_id=CEO, draft_id=d["id"])
        assert out["delivered_to_mailboxes"] == ["deborah.ingram@arcturus.example"]
        assert s.scalar("SELECT count(*) FROM email.draft WHERE draft_id = ?", d["id"]) == 0
        assert s.scalar("SELECT list(label_id) FROM email.message_label WHERE message_id = ?", out["id"]) == ["SENT"]
        assert "not found" in s.call_error("mail_send_draft", user_id=CEO, draft_id=d["id"])

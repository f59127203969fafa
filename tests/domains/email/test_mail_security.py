"""S/MIME, client-side encryption, history, watches and directory look-ups."""
from pytest_enterpriseops.testing import tool_session

ADMIN = "P0006"
CFO = "andrea.thompson@arcturus.example"


def test_smime_upload_default_delete():
    with tool_session("email", as_user=ADMIN) as s:
        certs = s.call("mail_list_smime_info", user_id=CFO, send_as_email=CFO)
        assert any(c["expired"] for c in certs) and sum(c["is_default"] for c in certs) == 1
        assert "already expired" in s.call_error("mail_insert_smime_info", user_id=CFO, send_as_email=CFO,
                                                 issuer_cn="Arcturus Issuing CA 2", serial_number="ABC",
                                                 expiration="2025-01-01T00:00:00Z")
        new = s.call("mail_insert_smime_info", user_id=CFO, send_as_email=CFO, issuer_cn="Arcturus Issuing CA 2",
                     serial_number="NEW123", expiration="2026-12-01T00:00:00Z")
        s.call("mail_set_default_smime_info", user_id=CFO, send_as_email=CFO, smime_id=new["smime_id"])
        assert s.scalar("SELECT list(smime_id) FROM email.smime_info WHERE mailbox = ? AND is_default", CFO) == [new["smime_id"]]


def test_cse_obliterate_rules():
    with tool_session("email", as_user=ADMIN) as s:
        kps = {k["keypair_id"]: k for k in s.call("mail_list_cse_keypairs", user_id=CFO)}
        old = [k for k in kps.values() if k["enablement_state"] == "disabled"][0]
        in_use = [k for k in kps.values() if k["used_by_identities"]][0]
        assert s.call("mail_obliterate_cse_keypair", user_id=CFO, keypair_id=old["keypair_id"])["enablement_state"] == "obliterated"
        s.call("mail_disable_cse_keypair", user_id=CFO, keypair_id=in_use["keypair_id"])
        assert "more than 30 days" in s.call_error("mail_obliterate_cse_keypair", user_id=CFO, keypair_id=in_use["keypair_id"])
        assert "enabled key pair" in s.call_error("mail_patch_cse_identity", user_id=CFO, email_address=CFO,
                                                  primary_keypair_id=in_use["keypair_id"])
        new = s.call("mail_create_cse_keypair", user_id=CFO, certificate_pem="-----BEGIN CERTIFICATE-----\nMIIB\n",
                     kacls_uri="https://kacls.arcturus.example/v2")
        s.call("mail_patch_cse_identity", user_id=CFO, email_address=CFO, primary_keypair_id=new["keypair_id"])
        assert "either primary" in s.call_error("mail_patch_cse_identity", user_id=CFO, email_address=CFO,
                                                primary_keypair_id=new["keypair_id"], signing_keypair_id=new["keypair_id"])


def test_history_watch_and_directory():
    with tool_session("email", as_user=ADMIN) as s:
        start = s.call("mail_get_profile", user_id=CFO)["history_id"]
        mid = s.call("mail_list_messages", user_id=CFO)["items"][0]["id"]
        s.call("mail_modify_message", user_id=CFO, message_id=mid, add_label_ids=["STARRED"])
        h = s.call("mail_list_history", user_id=CFO, start_history_id=start)["items"]
        assert [(x["event_type"], x["label_id"]) for x in h] == [("labelAdded", "STARRED")]
        assert "topic_name" in s.call_error("mail_watch", user_id=CFO, topic_name="bad")
        assert "between 1 and 7" in s.call_error("mail_watch", user_id=CFO, topic_name="projects/p/topics/t", days=30)
        w = s.call("mail_watch", user_id=CFO, topic_name="projects/p/topics/t")
        s.call("mail_stop_watch", user_id=CFO, watch_id=w["watch_id"])
        assert s.call("mail_list_mailboxes", query="Robert Hernandez")["total"] == 2
        assert s.call("mail_list_external_domains", domain="gmail.com")[0]["allow_forwarding"] is False
        assert s.call("mail_list_audit_log", user_id=CFO, action="mail_modify_message")["total"] == 1
    with tool_session("email", as_user="P0004") as s:   # assistant: no watches
        assert "not allowed" in s.call_error("mail_watch", topic_name="projects/p/topics/t")

"""Labels: required fields, choice validation, disabled labels, updates and removal."""

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_apply_label_validates_fields():
    with tool_session("drive", as_user=ADMIN) as s:
        assert "needs a value for: Matter number" in s.call_error("drive_apply_label", file_id="FIL01286", label_id="Legal Hold")
        assert "not a choice" in s.call_error("drive_apply_label", file_id="FIL01286", label_id="LBL01",
                                              field_values={"Sensitivity": "Secret"})
        assert "disabled" in s.call_error("drive_apply_label", file_id="FIL01286", label_id="LBL05", field_values={"Code": "X"})
        assert "YYYY-MM-DD" in s.call_error("drive_apply_label", file_id="FIL01286", label_id="Retention",
                                            field_values={"Record class": "Contract", "Retain until": "soon"})
        labels = s.call("drive_apply_label", file_id="FIL01286", label_id="Legal Hold",
                        field_values={"Matter number": "M-2025-031", "Hold placed by": "patricia.jones@arcturus.example"})
        hold = [l for l in labels if l["label_id"] == "LBL03"][0]
        assert {f["name"]: f["value"] for f in hold["fields"]} == {
            "Matter number": "M-2025-031", "Hold placed by": "patricia.jones@arcturus.example"}
        assert s.call("drive_get_file", file_id="FIL01286")["legal_hold_matter"] == "M-2025-031"


def test_change_and_remove_a_label():
    with tool_session("drive", as_user=ADMIN) as s:
        out = s.call("drive_apply_label", file_id="FIL01285", label_id="LBL01", field_values={"LBF01": "Restricted"})
        assert [f["value"] for l in out if l["label_id"] == "LBL01" for f in l["fields"]] == ["Restricted"]
        assert "nothing to change" in s.call_error("drive_apply_label", file_id="FIL01285", label_id="LBL01",
                                                   field_values={"Sensitivity": "restricted"})
        assert all(l["label_id"] != "LBL04" for l in s.call("drive_remove_label", file_id="FIL01285", label_id="Document Status"))
        assert "not on file" in s.call_error("drive_remove_label", file_id="FIL01285", label_id="LBL04")

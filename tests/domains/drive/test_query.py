"""The Drive query language: parsed safely, values bound, errors actionable."""

import pytest

from pytest_enterpriseops.testing import tool_session

ADMIN = "P0016"


def test_video_size_and_time_query_finds_only_matching_items():
    with tool_session("drive", as_user=ADMIN) as s:
        out = s.call("drive_list_files", q="mimeType contains 'video' and size > 524288000 and "
                     "modifiedTime < '2025-06-01T00:00:00' and trashed = false", corpora="drive", drive_id="DRV005")
        assert out["total"] == 4
        for f in out["items"]:
            assert f["mime_type"].startswith("video/") and f["size_bytes"] > 524288000 and not f["trashed"]


def test_parents_owners_not_and_parentheses():
    with tool_session("drive", as_user=ADMIN) as s:
        kids = s.call("drive_list_files", q="'DRV013' in parents", limit=100)["items"]
        assert {k["name"] for k in kids} == {"2023 Campaigns", "2024 Campaigns", "Raw Footage"}
        owned = s.call("drive_list_files", q="'robert.york@arcturus.example' in owners and not name contains 'Litware'")
        assert owned["total"] == 3
        either = s.call("drive_list_files", q="(name = 'Price Book 2026 - APAC' or name = 'Price Book 2025 - EMEA') and trashed = false")
        assert either["total"] == 2


@pytest.mark.parametrize("q, fragment", [
    ("name contians 'x'", "operator"),
    ("size > 'big'", "size needs a number"),
    ("modifiedTime < 'yesterday'", "RFC 3339"),
    ("'x' in friends", "unknown collection"),
    ("(name contains 'a'", "parentheses"),
    ("name contains 'a'; DROP TABLE drive.file", "invalid query"),
    ("foo = 1", "unknown query field"),
])
def test_malformed_queries_are_tool_errors(q, fragment):
    with tool_session("drive", as_user=ADMIN) as s:
        assert fragment in s.call_error("drive_list_files", q=q)


def test_quotes_in_values_are_data_not_sql():
    with tool_session("drive", as_user=ADMIN) as s:
        out = s.call("drive_list_files", q="name contains 'x\\' OR 1=1 --'")
        assert out["total"] == 0
        assert s.scalar("SELECT count(*) FROM drive.file") > 1000


def test_regular_user_sees_only_accessible_items():
    with tool_session("drive", as_user="P0613") as s:   # a Procurement buyer
        names = {f["name"] for f in s.call("drive_list_files", q="name contains 'Harborline'")["items"]}
        assert names == {"Harborline Negotiation Notes"}
        assert s.call("drive_list_files", q="name contains 'Executive Compensation'")["total"] == 0

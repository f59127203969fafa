"""The HTML report from real runs of the fixture tasks: self-contained, complete, numbers from `stats`."""

from __future__ import annotations

import re
import sys
from html import escape

import pytest

from pytest_enterpriseops import stats
from pytest_enterpriseops.report import payload
from pytest_enterpriseops.report.data import load_run
from pytest_enterpriseops.report.figures import MISSING
from pytest_enterpriseops.report.html import write_report


def blobs(page: str) -> tuple[dict, list]:
    index = payload.unpack(re.search(r'id="eops-index">([^<]*)<', page).group(1))
    chunks = [payload.unpack(b) for b in re.findall(r'id="eops-c\d+">([^<]*)<', page)]
    return index, [d for c in chunks for d in c]


def test_report_is_self_contained_and_complete(saved_runs, tmp_path):
    out = write_report([saved_runs["sloppy"], saved_runs["noop"]], tmp_path / "r.html")
    page = out.read_text()
    # nothing is fetched from anywhere: no external scripts, styles, images or fonts
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', page)
    assert "@import" not in page and "url(http" not in page and "<link" not in page
    assert page.count("<script") == page.count("</script>")
    index, details = blobs(page)
    sloppy, noop = load_run(saved_runs["sloppy"]), load_run(saved_runs["noop"])
    assert len(index["records"]) == len(details) == len(sloppy.records) + len(noop.records) == 25
    assert set(index["tasks"]) == {r["task_id"] for r in sloppy.records}
    # records keep their order: index entry i and detail i are the same task run
    for e, d, r in zip(index["records"], details, sloppy.records + noop.records):
        assert (e["t"], e["k"], e["o"]) == (r["task_id"], r["run_index"], r["outcome"]) == (r["task_id"], d["run_index"], d["outcome"])
        assert d["verifiers"] == r["verifiers"] and len(d["transcript"]) == len(r["transcript"])


def test_summary_numbers_come_from_stats(saved_runs, tmp_path):
    page = write_report([saved_runs["sloppy"]], tmp_path / "r.html", figures=False).read_text()
    s = stats.summarize_by_domain(load_run(saved_runs["sloppy"]).records)["domains"]["demo"]
    lo, hi = s["pass_at_1_ci95"]
    assert f"<b>{100 * s['pass_at_1']:.1f}</b>" in page and f"{100 * lo:.1f}–{100 * hi:.1f}" in page
    assert "pass^2 %" in page and f"{100 * s['pass_hat_k']:.1f}" in page
    for cat, rate in s["category_pass_rate"].items():
        assert f"{100 * rate:.1f}</td>" in page, cat
    assert f"{s['cost_per_task']:.4f}" in page
    # run facts
    assert "tools mode" in page and "oracle" in page and "python:report_agents:SloppyAgent" in page


def test_figures_embedded(saved_runs, tmp_path):
    pytest.importorskip("matplotlib")
    page = write_report([saved_runs["sloppy"], saved_runs["oracle"]], tmp_path / "r.html").read_text()
    figs = re.findall(r'<figure class="card[ a-z]*" id="fig-(\w+)"><img alt="[^"]*" src="data:image/svg\+xml;base64,', page)
    assert figs == ["horizon", "categories", "cost"]
    assert escape(MISSING) not in page


def test_without_matplotlib_the_report_says_so(saved_runs, tmp_path, monkeypatch):
    for mod in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, mod)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    page = write_report([saved_runs["oracle"]], tmp_path / "r.html").read_text()
    assert escape(MISSING) in page and "<figure" not in page
    assert 'id="eops-index"' in page


def test_two_runs_get_a_comparison_section(saved_runs, tmp_path):
    page = write_report([saved_runs["noop"], saved_runs["oracle"]], tmp_path / "r.html", figures=False).read_text()
    assert '<section id="compare">' in page
    # noop -> oracle: every task got better, none worse; links open the task in run B
    assert "Better in B (5)" in page and "Worse in B: none" in page
    assert 'href="#task=1/demo-assign-to-lead"' in page
    one = write_report([saved_runs["oracle"]], tmp_path / "one.html", figures=False).read_text()
    assert '<section id="compare">' not in one


def test_plugin_option_writes_the_report(saved_runs):
    page = saved_runs["sloppy_html"].read_text()
    index, details = blobs(page)
    assert len(index["records"]) == 10
    assert any(e["type"] == "message" and e.get("thinking") for d in details for e in d["transcript"])


def test_hostile_text_is_data_not_markup(saved_runs, tmp_path):
    """Model text lands in the page only through the compressed blobs and textContent; a title is escaped."""
    page = write_report([saved_runs["sloppy"]], tmp_path / "r.html", title="</title><script>x()</script>",
                        figures=False).read_text()
    assert "<script>x()</script>" not in page and "&lt;/title&gt;" in page
    assert "<b>not html</b>" not in page  # the agent's thinking, only inside the gzip blob

"""`eops report` and `eops compare` entry points (called by the lead's cli.main)."""

from __future__ import annotations

import json

from pytest_enterpriseops.report.cli import compare_main, report_main


def test_report_default_output_is_inside_the_run(saved_runs, capsys):
    assert report_main([str(saved_runs["oracle"]), "--no-figures"]) == 0
    assert (saved_runs["oracle"] / "report.html").is_file()
    assert "report.html" in capsys.readouterr().out


def test_report_several_runs_to_a_file(saved_runs, tmp_path, capsys):
    out = tmp_path / "sub" / "both.html"
    assert report_main([str(saved_runs["oracle"]), str(saved_runs["noop"]), "-o", str(out), "--no-figures",
                        "--title", "Nightly"]) == 0
    page = out.read_text()
    assert "<title>Nightly</title>" in page and "Comparison" in page
    assert f"wrote {out}" in capsys.readouterr().out


def test_report_folder_of_runs(saved_runs, tmp_path):
    out = tmp_path / "all.html"
    parent = saved_runs["oracle"].parent  # holds oracle/, noop/, sloppy/
    assert report_main([str(parent), "-o", str(out), "--no-figures"]) == 0
    assert out.read_text().count('class="card run-card"') == 3


def test_report_bad_dir(tmp_path, capsys):
    assert report_main([str(tmp_path / "missing")]) == 2
    assert "not a directory" in capsys.readouterr().err


def test_compare_terminal(saved_runs, capsys):
    assert compare_main([str(saved_runs["noop"]), str(saved_runs["oracle"])]) == 0
    out = capsys.readouterr().out
    assert "A = noop" in out and "B = oracle" in out
    assert "5 task(s) better in B" in out and "0 task(s) worse in B" in out
    assert "demo-triage-network" in out and "+100.0" in out


def test_compare_json(saved_runs, capsys):
    assert compare_main([str(saved_runs["oracle"]), str(saved_runs["sloppy"]), "--json"]) == 0
    cmp = json.loads(capsys.readouterr().out)
    o = cmp["overall"]
    # sloppy passes every task once out of two runs; oracle always: each task dropped 1.0 -> 0.5
    assert o["shared_tasks"] == 5 and o["difference"] == -0.5 and len(cmp["regressed"]) == 5
    assert cmp["regressed"][0]["a"] == 1.0 and cmp["regressed"][0]["b"] == 0.5
    assert set(cmp["domains"]) == {"demo"}


def test_compare_needs_two_runs(saved_runs, capsys):
    assert compare_main([str(saved_runs["oracle"].parent), str(saved_runs["oracle"])]) == 2
    assert "exactly two" in capsys.readouterr().err

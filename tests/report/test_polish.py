"""Report polish (issue 19): markdown prompts and policies rendered safely, the data of the side-by-side
view of one task across runs, and --agent-param overrides in the run header and the run labels."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from pytest_enterpriseops.report.data import load_runs
from pytest_enterpriseops.report.html import run_card, write_report
from pytest_enterpriseops.report.markdown import render_markdown

from .test_html import blobs

HOSTILE = ("**Close** the ticket `T-1`.\n\n- first\n- second\n\n<script>window.__pwned = 1</script>\n"
           "<img src=x onerror=\"window.__pwned = 2\">\n[click](javascript:window.__pwned=3) "
           "[docs](https://example.com/a?b=1&c=2)")


def with_prompt(src: Path, dst: Path, prompt: str) -> Path:
    shutil.copytree(src, dst)
    for p in (dst / "tasks").glob("*.json"):
        rec = json.loads(p.read_text())
        rec["prompt"] = prompt
        p.write_text(json.dumps(rec))
    return dst


def test_markdown_is_rendered_and_raw_html_escaped():
    out = render_markdown(HOSTILE)
    assert "<strong>Close</strong>" in out and "<code>T-1</code>" in out and "<li>second</li>" in out
    assert "<script" not in out and "<img" not in out and "&lt;script&gt;" in out
    assert 'href="javascript' not in out
    assert 'href="https://example.com/a?b=1&amp;c=2"' in out


def test_prompts_and_policies_go_to_the_page_as_safe_html(saved_runs, tmp_path):
    run = with_prompt(saved_runs["noop"], tmp_path / "noop", HOSTILE)
    page = write_report([run], tmp_path / "r.html", figures=False).read_text()
    index, _ = blobs(page)
    for t in index["tasks"].values():
        assert t["p"] == HOSTILE and "<strong>Close</strong>" in t["pm"] and "<script" not in t["pm"]
    policy = index["policies"]["demo"]
    assert policy.startswith("<h1>Demo helpdesk policy</h1>") and "<li>A ticket may only be assigned" in policy
    assert "__pwned" not in re.sub(r'id="eops-(index|c\d+)">[^<]*<', "", page)  # only inside the blobs


def test_index_names_the_failed_verifiers_of_every_task_run(saved_runs, tmp_path):
    page = write_report([saved_runs["oracle"], saved_runs["noop"]], tmp_path / "r.html", figures=False).read_text()
    index, details = blobs(page)
    assert len(index["records"]) == 5 + 15
    for rec, d in zip(index["records"], details):
        failed = [v["name"] for v in d["verifiers"] if v["passed"] is False]
        assert rec["fv"] == failed[:20] and len(failed) == rec["vt"] - rec["vp"]
    assert any(r["fv"] for r in index["records"] if r["r"] == 1)
    assert not any(r["fv"] for r in index["records"] if r["r"] == 0)


def _with_params(src: Path, dst: Path, params: list[str]) -> Path:
    shutil.copytree(src, dst)
    info = json.loads((dst / "run.json").read_text())
    info["options"]["agent_params"] = params
    info["preset"] = {"provider": "openai", "model": "gpt-x", "reasoning_effort": params[0].split("=", 1)[1]}
    (dst / "run.json").write_text(json.dumps(info))
    return dst


def test_agent_params_are_in_the_run_header_and_tell_the_runs_apart(saved_runs, tmp_path):
    low = _with_params(saved_runs["oracle"], tmp_path / "low", ["reasoning_effort=low"])
    high = _with_params(saved_runs["oracle"], tmp_path / "high", ["reasoning_effort=high", "temperature=0"])
    runs = load_runs([low, high])
    assert [r.label for r in runs] == ["oracle reasoning_effort=low", "oracle reasoning_effort=high temperature=0"]
    card = run_card(1, runs[1])
    assert "<th>agent params</th><td>reasoning_effort=high temperature=0</td>" in card
    assert "<th>reasoning_effort</th><td>high</td>" in card and "<th>model</th><td>gpt-x</td>" in card

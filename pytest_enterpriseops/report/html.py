"""The self-contained HTML run report: one file, inline CSS/JS and data, no server, no network."""

from __future__ import annotations

import datetime as dt
import json
import os
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any, Iterable

from .compare import compare_runs, verdict
from .data import Run, categories, load_runs
from .figures import Figure, make_figures, run_color
from .payload import build_payload

OPTION_ORDER = ("tools_mode", "loop", "plan", "runs", "max_steps", "task_timeout", "judge", "cache_dir")


def write_report(dirs: Iterable[Path | str], out: Path | str, *, title: str | None = None,
                 figures: bool = True) -> Path:
    """Read the results directories and write the report to `out` (written atomically). Returns the path."""
    runs = load_runs([Path(d) for d in dirs])
    page = render_page(runs, title=title, figures=figures)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_name(f".{out.name}.{os.getpid()}.tmp")
    tmp.write_text(page, encoding="utf-8")
    os.replace(tmp, out)
    return out


def _asset(name: str) -> str:
    try:
        text = resources.files("pytest_enterpriseops.report").joinpath("assets", name).read_text(encoding="utf-8")
    except (FileNotFoundError, OSError) as exc:  # a wheel built without package data
        raise ImportError(f"report asset {name} is missing from the installed package: {exc}") from exc
    if "</script" in text.lower() or "</style" in text.lower():
        raise ValueError(f"report asset {name} must not contain a closing script/style tag")
    return text


def _e(x: Any) -> str:
    return escape("" if x is None else str(x))


def _pct(x: float | None, digits: int = 1) -> str:
    return "–" if x is None else f"{100 * x:.{digits}f}"


def _json_script(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, default=str).replace("</", "<\\/")


def _when(s: str | None) -> str:
    if not s:
        return "–"
    try:
        t = dt.datetime.fromisoformat(s)
    except ValueError:
        return s
    return t.strftime("%Y-%m-%d %H:%M:%S %Z").strip()


def _duration(info: dict[str, Any]) -> str | None:
    try:
        a = dt.datetime.fromisoformat(info["started_at"])
        b = dt.datetime.fromisoformat(info["finished_at"])
    except (KeyError, TypeError, ValueError):
        return None
    secs = int((b - a).total_seconds())
    return f"{secs // 3600}h {secs % 3600 // 60}m" if secs >= 3600 else f"{secs // 60}m {secs % 60}s"


def chip(i: int, label: str) -> str:
    return f'<span class="run-chip" style="--c:{run_color(i)}">{_e(label)}</span>'


# -- sections ---------------------------------------------------------------

def run_card(i: int, run: Run) -> str:
    info, opts = run.info, run.options
    preset = info.get("preset") if isinstance(info.get("preset"), dict) else {}
    rows = [("agent", run.agent)]
    if preset:
        for key in ("provider", "model", "loop", "reasoning_effort", "thinking_budget", "thinking_level",
                    "temperature"):
            if preset.get(key) not in (None, ""):
                rows.append((key, preset[key]))
    if opts.get("agent_params"):  # --agent-param overrides of the preset (the preset rows are the effective values)
        rows.append(("agent params", " ".join(map(str, opts["agent_params"]))))
    for key in OPTION_ORDER:
        if key in opts and opts[key] is not None:
            rows.append((key.replace("_", " "), opts[key]))
    for key, val in opts.items():
        if key not in OPTION_ORDER and key != "agent_params" and val is not None:
            rows.append((key.replace("_", " "), val))
    commit = info.get("git_commit")
    rows.append(("commit", commit[:12] if commit else "–"))
    rows.append(("started", _when(info.get("started_at"))))
    if info.get("finished_at"):
        rows.append(("finished", _when(info.get("finished_at")) + (f" ({_duration(info)})" if _duration(info) else "")))
    vers = info.get("versions") or {}
    rows.append(("versions", ", ".join(f"{k} {v}" for k, v in vers.items()) or "–"))
    rows.append(("results", str(run.path)))
    body = "".join(f"<tr><th>{_e(k)}</th><td>{_e(v)}</td></tr>" for k, v in rows)
    notes = []
    if info.get("interrupted"):
        by = f" by {info['interrupted_by']}" if info.get("interrupted_by") else ""
        not_run = len((run.saved_summary or {}).get("not_run") or [])
        notes.append(f'<div class="note warn">The run was interrupted{_e(by)}: only the task runs that finished are '
                     f'here' + (f' ({not_run} task run(s) were not run)' if not_run else '') + '.</div>')
    gates = (run.saved_summary or {}).get("gates") or {}
    for msg in gates.get("messages") or []:
        cls = "bad" if "FAILED" in msg else "ok"
        notes.append(f'<div class="note {cls}">{_e(msg)}</div>')
    for w in run.warnings:
        notes.append(f'<div class="note warn">{_e(w)}</div>')
    return (f'<div class="card run-card" style="--c:{run_color(i)}"><h3>{chip(i, run.label)}</h3>'
            f'<table class="kv">{body}</table>{"".join(notes)}</div>')


def _bar(p: float | None, ci: Any) -> str:
    if p is None:
        return ""
    lo, hi = (ci or (p, p))
    return (f'<div class="pbar" title="95% interval {_pct(lo)}–{_pct(hi)}%">'
            f'<span class="ci" style="left:{100 * lo:.1f}%;width:{100 * (hi - lo):.1f}%"></span>'
            f'<span class="pt" style="left:{100 * p:.1f}%"></span></div>')


def _rate_cell(x: float | None) -> str:
    if x is None:
        return '<td class="num muted">–</td>'
    hue = int(120 * x)
    return f'<td class="num rate" style="--h:{hue}">{_pct(x)}</td>'


def summary_table(i: int, run: Run, cats: list[str]) -> str:
    s = run.summary
    if not s.get("overall"):
        return f"<h3>{chip(i, run.label)}</h3><p class='muted'>No task runs.</p>"
    k = s["overall"].get("k")
    head = (["domain", "tasks", "runs", "pass@1 % (95% CI)"] + ([f"pass^{k} %"] if k else []) + ["verifiers %"]
            + [f"{c.replace('_', ' ')} %" for c in cats]
            + ["refusal %", "steps (gold)", "tokens / task", "$ / task", "errors"])
    rows = list(s["domains"].items())
    if len(rows) > 1:
        rows.append(("overall", s["overall"]))
    out = [f'<h3>{chip(i, run.label)}</h3><div class="scroll"><table class="summary"><thead><tr>']
    out += [f"<th>{_e(h)}</th>" for h in head]
    out.append("</tr></thead><tbody>")
    for name, d in rows:
        ci = d.get("pass_at_1_ci95")
        cls = ' class="total"' if name == "overall" else ""
        dom = (f'<a href="#tasks" data-filter-domain="{_e(name)}">{_e(name)}</a>' if name != "overall" else name)
        cells = [f"<td>{dom}</td>", f'<td class="num">{d["tasks"]}</td>', f'<td class="num">{d["runs"]}</td>',
                 f'<td class="num p1"><b>{_pct(d["pass_at_1"])}</b> <span class="muted">'
                 f'{_pct(ci[0]) + "–" + _pct(ci[1]) if ci else ""}</span>{_bar(d["pass_at_1"], ci)}</td>']
        if k:
            cells.append(f'<td class="num">{_pct(d.get("pass_hat_k"))}</td>')
        cells.append(_rate_cell(d["verifier_pass_rate"]))
        cells += [_rate_cell(d["category_pass_rate"].get(c)) for c in cats]
        n_inf = d["infeasible_runs"]
        of = f' <span class="muted">of {n_inf}</span>' if n_inf else ""
        cells.append(f'<td class="num">{_pct(d["infeasible_refusal_rate"])}{of}</td>')
        steps = "–" if d["mean_steps"] is None else f'{d["mean_steps"]:.1f}'
        gold = "" if d.get("mean_gold_steps") is None else f' <span class="muted">({d["mean_gold_steps"]:.1f})</span>'
        cells += [f'<td class="num">{steps}{gold}</td>', f'<td class="num">{d["tokens_per_task"]:,.0f}</td>',
                  f'<td class="num">{d["cost_per_task"]:.4f}</td>',
                  f'<td class="num{" bad" if d["errors"] else ""}">{d["errors"]}'
                  + (f' <span class="muted">({_pct(d.get("pass_at_1_errors_as_failures"))}% counting them as '
                     'failures)</span>' if d["errors"] else "") + '</td>']
        out.append(f"<tr{cls}>{''.join(cells)}</tr>")
    out.append("</tbody></table></div>")
    o = s["overall"]
    if o["errors"]:
        links = ", ".join(f'<a href="#task={i}/{_e(t)}">{_e(t)}</a>' for t in o["error_tasks"][:50])
        more = f" … and {len(o['error_tasks']) - 50} more" if len(o["error_tasks"]) > 50 else ""
        out.append(f'<div class="note bad">Harness errors (excluded from pass@1): {links}{more}</div>')
    if o.get("not_judged"):
        out.append(f'<div class="note warn">{o["not_judged"]} run(s) not judged (response rubric needs '
                   f'<code>--judge</code>); excluded from pass@1.</div>')
    return "".join(out)


def _flip_list(title: str, items: list[dict[str, Any]], b_index: int, cls: str) -> str:
    if not items:
        return f'<div class="flips {cls}"><h4>{_e(title)}: none</h4></div>'
    lis = "".join(f'<li><a href="#task={b_index}/{_e(f["task_id"])}">{_e(f["task_id"])}</a> '
                  f'<span class="muted">{_e(f["domain"])} · {_pct(f["a"], 0)}% → {_pct(f["b"], 0)}%</span></li>'
                  for f in items)
    return f'<div class="flips {cls}"><h4>{_e(title)} ({len(items)})</h4><ul>{lis}</ul></div>'


def compare_section(runs: list[Run]) -> str:
    if len(runs) < 2:
        return ""
    parts = ['<section id="compare"><h2>Comparison</h2><p class="muted">Paired over the tasks both runs scored: '
             'difference of pass@1 (B − A, points) with a 95% interval, and the exact two-sided sign test on the '
             'tasks whose pass rate moved.</p>']
    for j in range(1, len(runs)):
        c = compare_runs(runs[0], runs[j])
        parts.append(f'<div class="card"><h3>A {chip(0, runs[0].label)} vs B {chip(j, runs[j].label)}</h3>'
                     '<div class="scroll"><table class="summary"><thead><tr>')
        parts += [f"<th>{h}</th>" for h in ("domain", "shared tasks", "A %", "B %", "B − A (pts)", "95% CI",
                                              "better", "worse", "p", "")]
        parts.append("</tr></thead><tbody>")
        rows = list(c["domains"].items())
        if len(rows) != 1:
            rows.append(("overall", c["overall"]))
        if not c["overall"]["shared_tasks"]:
            parts.append('<tr><td colspan="10" class="muted">no shared tasks: the runs have no task in common'
                         '</td></tr>')
            rows = []
        for name, r in rows:
            lo, hi = r["difference_ci95"]
            v = verdict(r)
            vcls = "good" if v == "B better" else "bad" if v == "B worse" else "muted"
            parts.append(f'<tr{" class=total" if name == "overall" else ""}><td>{_e(name)}</td>'
                         f'<td class="num">{r["shared_tasks"]}</td><td class="num">{_pct(r["baseline"])}</td>'
                         f'<td class="num">{_pct(r["current"])}</td>'
                         f'<td class="num"><b>{100 * r["difference"]:+.1f}</b></td>'
                         f'<td class="num">{100 * lo:+.1f} … {100 * hi:+.1f}</td>'
                         f'<td class="num">{len(r["improved"])}</td><td class="num">{len(r["regressed"])}</td>'
                         f'<td class="num">{r["p_value"]:.3g}</td><td class="{vcls}">{_e(v)}</td></tr>')
        parts.append("</tbody></table></div><div class='flip-grid'>")
        parts.append(_flip_list("Worse in B", c["regressed"], j, "down"))
        parts.append(_flip_list("Better in B", c["improved"], j, "up"))
        parts.append("</div>")
        if c["only_a"] or c["only_b"]:
            parts.append(f'<p class="muted">Not compared: {len(c["only_a"])} task(s) scored only in A, '
                         f'{len(c["only_b"])} only in B.</p>')
        parts.append("</div>")
    parts.append("</section>")
    return "".join(parts)


def figures_section(figs: list[Figure], note: str | None) -> str:
    out = ['<section id="figures"><h2>Figures</h2>']
    if note:
        out.append(f'<div class="note warn">{_e(note)}</div>')
    out.append('<div class="fig-grid">')
    for f in figs:
        wide = " wide" if f.wide else ""
        out.append(f'<figure class="card{wide}" id="fig-{f.key}"><img alt="{_e(f.title)}" src="{f.uri}">'
                   f'<figcaption><b>{_e(f.title)}.</b> {_e(f.caption)}</figcaption></figure>')
    out.append("</div></section>")
    return "".join(out)


# -- page -------------------------------------------------------------------

def render_page(runs: list[Run], *, title: str | None = None, figures: bool = True) -> str:
    cats = categories(runs)
    if figures:
        figs, note = make_figures(runs)
    else:
        figs, note = [], "Figures were turned off for this report (--no-figures)."
    index_blob, chunks, facts = build_payload(runs)
    domains = sorted({r["domain"] for run in runs for r in run.records})
    tags = sorted({t for run in runs for r in run.records for t in r.get("tags") or []})
    title = title or ("EnterpriseOps report — " + ", ".join(r.label for r in runs))
    meta = {"title": title, "runs": [{"label": r.label, "color": run_color(i), "agent": r.agent,
                                      "path": str(r.path)} for i, r in enumerate(runs)],
            "categories": cats, "domains": domains, "tags": tags, **facts,
            "generated": dt.datetime.now().astimezone().isoformat(timespec="seconds")}
    total_runs = sum(len(r.records) for r in runs)
    nav = [("runs", "Runs"), ("summary", "Summary")] + ([("compare", "Comparison")] if len(runs) > 1 else []) + \
          [("figures", "Figures"), ("tasks", "Tasks")]
    body = [
        '<header class="top"><div class="wrap"><div class="brand">EnterpriseOps<span>report</span></div>',
        f'<nav>{"".join(f"<a href=#{k}>{v}</a>" for k, v in nav)}</nav></div></header>',
        '<main class="wrap">',
        f'<h1>{_e(title)}</h1><p class="muted">{len(runs)} run(s), {facts["tasks"]:,} task(s), '
        f'{total_runs:,} task run(s) · generated {_e(_when(meta["generated"]))}</p>',
        '<section id="runs"><h2>Runs</h2><div class="run-grid">',
        "".join(run_card(i, r) for i, r in enumerate(runs)), "</div></section>",
        '<section id="summary"><h2>Summary</h2>',
        "".join(summary_table(i, r, cats) for i, r in enumerate(runs)),
        '<p class="muted small">pass@1 is the mean over tasks of each task\'s pass rate over its runs (95% Wilson '
        'interval for one run per task, normal interval over tasks otherwise); pass^k is the unbiased estimate '
        'that all k runs pass; harness errors and not-judged runs are excluded; refusal is the pass rate of '
        'infeasible tasks; steps are tool calls (gold solution in brackets); tokens are input + output.</p>',
        "</section>",
        compare_section(runs),
        figures_section(figs, note),
        '<section id="tasks"><h2>Tasks</h2><div id="filters"></div><div id="task-status" class="muted">'
        'Loading task data…</div><div id="task-list"></div>'
        '<noscript><div class="note warn">The task explorer needs JavaScript.</div></noscript></section>',
        "</main>",
        f'<script type="application/json" id="eops-meta">{_json_script(meta)}</script>',
        f'<script type="text/plain" id="eops-index">{index_blob}</script>',
        "".join(f'<script type="text/plain" id="eops-c{n}">{c}</script>' for n, c in enumerate(chunks)),
        f"<script>{_asset('report.js')}</script>",
    ]
    return ("<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>{_e(title)}</title><style>{_asset('report.css')}</style></head>"
            f"<body>{''.join(body)}</body></html>\n")

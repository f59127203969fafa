"""How big is the HTML report at full benchmark scale, and how fast does it open?

Fabricates a results directory of 1,150 tasks x 3 runs (3,450 task files, LLM-like transcripts with model
text, thinking, tool calls and results, verifiers, diffs), writes the report with `eops report`'s code, and
— if Chromium and chromedriver are installed — opens it headless and measures the time until the task list
is interactive and until a task's details are rendered.

    python bench/report_scale.py [--tasks 1150] [--runs 3] [--compare] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

DOMAINS = ["itsm", "csm", "hr", "email", "calendar", "chat", "drive", "hybrid"]
CATS = ["completion", "integrity", "policy", "side_effect"]
WORDS = ("incident ticket employee manager approval calendar meeting request priority escalate customer "
         "account case policy leave balance department folder share channel message invite update assign "
         "resolve close note caller impact urgency SLA breach onboarding offboarding contract renewal").split()


def words(rng: random.Random, n: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(n))


def fake_row(rng: random.Random, i: int) -> dict:
    return {"id": f"ROW_{i:05d}", "number": f"N{i:07d}", "title": words(rng, 6), "state": rng.choice(["new", "open",
            "in_progress", "closed"]), "owner_id": f"U{rng.randint(1, 400):03d}", "priority": rng.choice(["low",
            "medium", "high"]), "updated_at": "2025-12-05T10:00:00", "description": words(rng, 18)}


def fake_record(rng: random.Random, task: dict, run_index: int, skill: float) -> dict:
    gold = task["gold_steps"]
    p_pass = max(0.05, min(0.95, skill - 0.035 * gold))
    outcome = "passed" if rng.random() < p_pass else "failed"
    if rng.random() < 0.01:
        outcome = "error"
    n_calls = max(1, gold + rng.randint(-1, 4))
    events, t = [], 0.0
    for k in range(n_calls):
        if rng.random() < 0.6:
            events.append({"type": "message", "role": "assistant", "content": words(rng, rng.randint(10, 60)),
                           "thinking": words(rng, rng.randint(30, 200)) if rng.random() < 0.5 else None,
                           "t": t, "meta": {"model": "fake-model"}})
        listing = rng.random() < 0.25
        result = [fake_row(rng, j) for j in range(rng.randint(5, 25))] if listing else fake_row(rng, k)
        err = rng.random() < 0.08
        events.append({"type": "tool_call", "index": k, "name": rng.choice(task["tools"]),
                       "args": {"number": f"N{rng.randint(1, 9999):07d}", "note": words(rng, 5)},
                       "result": None if err else result, "error": "ToolError: no such record" if err else None,
                       "error_kind": "tool_error" if err else None, "wrote": rng.random() < 0.3,
                       "t_start": t, "duration_ms": rng.uniform(0.3, 4)})
        t += rng.uniform(0.5, 4)
    verifiers = []
    for v in range(task["n_verifiers"]):
        ok = outcome == "passed" or rng.random() < 0.55
        verifiers.append({"name": f"check {v}: {words(rng, 4)}", "category": CATS[v % 4] if v < 4 else
                          rng.choice(CATS), "kind": "sql", "line": 20 + 4 * v, "passed": ok if outcome != "error"
                          else None, "expected": 1, "actual": 1 if ok else 0,
                          "sql": f"SELECT count(*) FROM {task['domain']}.t{v} WHERE {words(rng, 3).replace(' ', '_')} = 'x'",
                          "message": "", "builtin": False})
    if outcome == "failed" and all(v["passed"] for v in verifiers):
        verifiers[0]["passed"] = False
    diff = {}
    for tb in range(rng.randint(0, 3)):
        name = f"{task['domain']}.table{tb}"
        added = [fake_row(rng, 900 + j) for j in range(rng.randint(0, 2))]
        changed = [{"key": {"id": f"ROW_{j:05d}"}, "fields": {"state": ["new", "in_progress"],
                    "updated_at": ["2025-11-29T20:00:00", "2025-12-05T10:00:00"]}} for j in range(rng.randint(0, 2))]
        diff[name] = {"table": name, "pk": ["id"], "counts": {"added": len(added), "removed": 0,
                      "changed": len(changed)}, "added": added, "removed": [], "changed": changed}
    inp, out = rng.randint(3000, 60000), rng.randint(200, 3000)
    return {"task_id": task["id"], "run_index": run_index, "nodeid": f"tasks/{task['id']}.yaml::{task['id']}[r{run_index}]",
            "domain": task["domain"], "domains": [task["domain"]], "tags": task["tags"], "feasible": task["feasible"],
            "path": f"tasks/{task['domain']}/{task['id']}.yaml", "line": 1, "as_user": "U001", "role": "agent",
            "prompt": task["prompt"], "outcome": outcome,
            "error": "HarnessError: provider timed out after 900 s" if outcome == "error" else None,
            "stopped": None, "final_answer": words(rng, rng.randint(10, 50)), "gold_steps": gold,
            "steps": n_calls, "offered_tools": task["tools"],
            "usage": {"input_tokens": inp, "output_tokens": out, "cached_tokens": inp // 3, "reasoning_tokens": 0,
                      "cost": inp * 3e-6 + out * 15e-6, "model_calls": n_calls + 1, "latency_s": n_calls * 1.5},
            "model_calls": [], "verifiers": verifiers, "diff": diff, "transcript": events,
            "timings": {"materialize_ms": 8.0, "agent_s": t, "verify_ms": 20.0}}


def fabricate(out: Path, n_tasks: int, runs: int, seed: int, agent: str, skill: float) -> None:
    rng = random.Random(seed)
    trng = random.Random(1234)  # the same tasks in every fabricated run
    tasks = []
    for i in range(n_tasks):
        dom = DOMAINS[i % len(DOMAINS)]
        gold = max(1, int(trng.lognormvariate(1.8, 0.6)))
        tasks.append({"id": f"{dom}-task-{i:04d}", "domain": dom, "gold_steps": min(gold, 40),
                      "prompt": words(trng, trng.randint(40, 120)), "tags": trng.sample(WORDS[:12], 2),
                      "feasible": trng.random() > 0.026, "n_verifiers": trng.randint(3, 8),
                      "tools": [f"{dom}_tool_{k}" for k in range(trng.randint(4, 12))]})
    (out / "tasks").mkdir(parents=True, exist_ok=True)
    for task in tasks:
        for k in range(1, runs + 1):
            rec = fake_record(rng, task, k, skill)
            (out / "tasks" / f"{task['id']}.r{k}.json").write_text(json.dumps(rec, indent=1))
    (out / "run.json").write_text(json.dumps({"agent": agent, "preset": {"provider": "fake", "model": agent},
                                              "options": {"tools_mode": "oracle", "loop": "react", "plan": "none",
                                                          "runs": runs}, "versions": {"python": sys.version.split()[0]},
                                              "git_commit": "0" * 40, "started_at": "2025-12-05T10:00:00+00:00",
                                              "finished_at": "2025-12-05T12:30:00+00:00"}))


def open_in_chromium(html: Path) -> dict | None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "report"))
    try:
        from browser import cleanup, make_driver, missing_reason
    except ImportError as exc:
        print(f"browser timing skipped: {exc}")
        return None
    reason = missing_reason()
    if reason:
        print(f"browser timing skipped: {reason}")
        return None
    profile = Path(tempfile.mkdtemp(prefix="eops-bench-chromium-"))
    driver = make_driver(profile)
    try:
        from selenium.webdriver.support.ui import WebDriverWait

        t0 = time.perf_counter()
        driver.get(html.as_uri())  # returns after the load event
        t_load = time.perf_counter() - t0
        WebDriverWait(driver, 300, poll_frequency=0.02).until(
            lambda d: d.execute_script("return document.body.dataset.ready"))
        t_ready = time.perf_counter() - t0
        nav = driver.execute_script("const n = performance.getEntriesByType('navigation')[0];"
                                    "return {dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd,"
                                    " decode: window.__eops.decodeMs, heap: (performance.memory||{}).usedJSHeapSize}")
        t1 = time.perf_counter()
        driver.execute_script("const s = document.querySelector('select[data-filter=outcome]'); s.value='failed';"
                              "s.dispatchEvent(new Event('change'));")
        t_filter = time.perf_counter() - t1
        t2 = time.perf_counter()
        driver.execute_script("document.querySelector('.task .task-head').click()")
        WebDriverWait(driver, 60, poll_frequency=0.01).until(
            lambda d: d.execute_script("return document.querySelector('.task.open .verifiers-section') !== null"))
        t_expand = time.perf_counter() - t2
        return {"load_s": t_load, "ready_s": t_ready, "dom_content_loaded_ms": nav["dcl"], "load_event_ms": nav["load"],
                "js_decode_index_ms": nav["decode"], "filter_s": t_filter, "expand_s": t_expand,
                "js_heap_mb": (nav["heap"] or 0) / 1e6}
    finally:
        cleanup(driver, profile)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", type=int, default=1150)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--compare", action="store_true", help="also fabricate a second run and report both")
    ap.add_argument("--keep", type=Path, default=None, help="keep the fabricated runs and report in this folder")
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args(argv)
    from pytest_enterpriseops.report.html import write_report

    base = args.keep or Path(tempfile.mkdtemp(prefix="eops-report-scale-"))
    base.mkdir(parents=True, exist_ok=True)
    try:
        t0 = time.perf_counter()
        dirs = [base / "run_a"]
        fabricate(dirs[0], args.tasks, args.runs, seed=1, agent="model-a", skill=0.75)
        if args.compare:
            dirs.append(base / "run_b")
            fabricate(dirs[1], args.tasks, args.runs, seed=2, agent="model-b", skill=0.7)
        t_gen = time.perf_counter() - t0
        n_files = sum(len(list((d / "tasks").glob("*.json"))) for d in dirs)
        raw = sum(p.stat().st_size for d in dirs for p in (d / "tasks").glob("*.json"))
        out = base / "report.html"
        t1 = time.perf_counter()
        write_report(dirs, out)
        t_write = time.perf_counter() - t1
        size = out.stat().st_size
        print(f"fabricated {n_files:,} task files ({raw / 1e6:.1f} MB of JSON) in {t_gen:.1f} s")
        print(f"report written in {t_write:.1f} s: {size / 1e6:.2f} MB ({size / n_files / 1e3:.1f} kB per task run)")
        if not args.no_browser:
            m = open_in_chromium(out)
            if m:
                print(f"headless Chromium: load event {m['load_s']:.2f} s, task list interactive {m['ready_s']:.2f} s "
                      f"(DOMContentLoaded {m['dom_content_loaded_ms']:.0f} ms, index decode {m['js_decode_index_ms']:.0f} ms), "
                      f"filter {1000 * m['filter_s']:.0f} ms, expand a task {1000 * m['expand_s']:.0f} ms, "
                      f"JS heap {m['js_heap_mb']:.0f} MB")
        if args.keep:
            print(f"kept in {base}")
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The end of a benchmark session on the controller: stop workers, summarize the files on disk, gate, report.

The summary is computed from the result files in the results directory — after every writer has
stopped — so summary.json describes exactly what is on disk, however the session ended.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .results_paths import result_files


def finish(state: Any, interrupted: bool) -> int | None:
    from . import gates
    from .results import compact, write_json_atomic
    from .session_state import NO_AGENT
    from .signals import stop_xdist_workers
    from .stats import summarize, summarize_by_domain

    state.signals.defer()  # a second Ctrl-C must not cut the summary in half
    state.stopping = True
    if interrupted:
        stop_xdist_workers(state.config)
    if state.run_dir is not None:
        state.run_dir.remove_stale_tmp()
    records = []
    for path in result_files(state.out_dir):
        try:
            records.append(compact(json.loads(path.read_text())))
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            state.notes.append(f"result file {path.name} unreadable ({type(exc).__name__}: {exc}); "
                               "not in the summary")
    opt = state.config.getoption
    gate_opts = dict(min_pass=opt("--eops-min-pass"), baseline=opt("--eops-baseline"),
                     max_drop=opt("eops_max_drop"), max_errors=opt("eops_max_errors"))
    wanted = gate_opts["min_pass"] is not None or gate_opts["baseline"] is not None
    if not records and not wanted:
        return None
    _rename_default_dir(state)
    on_disk = {(r["task_id"], r["run_index"]) for r in records}
    unwritten = [r for r in state.records if (r["task_id"], r["run_index"]) not in on_disk]
    if unwritten:
        state.notes.append(f"{len(unwritten)} task run(s) finished but their result file could not be written; "
                           "they are not in the summary: " + ", ".join(r["task_id"] for r in unwritten[:10]))
    summary = summarize_by_domain(records) if records else {"overall": summarize([]), "domains": {}}
    summary["interrupted"] = interrupted
    if state.signals.received:
        summary["interrupted_by"] = state.signals.received
    summary["result_files"] = len(records)
    summary["resumed_results"] = len(state.done)
    summary["tasks"] = sorted(({"task_id": r["task_id"], "run_index": r["run_index"], "domain": r["domain"],
                                "outcome": r["outcome"], "steps": r["steps"]} for r in records),
                              key=lambda r: (r["task_id"], r["run_index"]))
    summary["not_run"] = [{"task_id": t, "run_index": k, "nodeid": n}
                          for (t, k), n in sorted(state.collected.items()) if (t, k) not in on_disk]
    hint = NO_AGENT if state.agent is None and state.seen_agent is None else ""
    result = gates.evaluate(summary, records, interrupted=interrupted, nothing_scored_hint=hint, **gate_opts)
    if result.comparison is not None:
        summary["baseline_comparison"] = result.comparison
    state.gate_messages, state.gate_ok = result.messages, result.ok
    summary["gates"] = {"ok": result.ok, "messages": result.messages} if result.requested else None
    state.summary = summary
    _junit_properties(state.config, summary)
    state._write_run_json(finished=True, interrupted=interrupted)
    write_json_atomic(state.out_dir / "summary.json", summary)
    _html_report(state)
    if not result.requested:
        return None
    return pytest.ExitCode.OK if result.ok else pytest.ExitCode.TESTS_FAILED


def _rename_default_dir(state: Any) -> None:
    """A default directory is named after the agent that ran (a conftest agent's name is known only now)."""
    rd = state.run_dir
    if rd is None or state.config.getoption("--eops-out") is not None or state.seen_agent is None:
        return
    rd.rename_for(state.agent_label())
    state.out_dir = rd.path


def _junit_properties(config: pytest.Config, summary: dict[str, Any]) -> None:
    try:
        from _pytest.junitxml import xml_key
    except ImportError:
        return
    xml = config.stash.get(xml_key, None)
    if xml is None:
        return
    o = summary["overall"]
    for name, value in (("eops.pass_at_1", o.get("pass_at_1")), ("eops.errors", o.get("errors")),
                        ("eops.pass_at_1_errors_as_failures", o.get("pass_at_1_errors_as_failures")),
                        ("eops.passed", o.get("passed")), ("eops.failed", o.get("failed")),
                        ("eops.runs", o.get("runs")), ("eops.interrupted", summary.get("interrupted"))):
        xml.add_global_property(name, "" if value is None else (round(value, 6) if isinstance(value, float)
                                                                else value))


def _html_report(state: Any) -> None:
    html = state.config.getoption("--eops-html")
    if not html:
        return
    try:
        from .report.html import write_report

        write_report([state.out_dir], Path(html))
    except Exception as exc:  # the report is extra: never let it replace pytest's own output
        state.notes.append(f"HTML report not written: {type(exc).__name__}: {exc}")

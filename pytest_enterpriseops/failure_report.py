"""The report a failed task shows (terminal and IDE): every verifier, the changes, the last steps."""

from __future__ import annotations

from typing import Any

from .items import dumps_short


def _short(v: Any, limit: int = 300) -> str:
    return dumps_short(v, limit)


def format_failure(run: Any, config: Any = None, last_steps: int = 6) -> str:
    t = run.task
    failed = [v for v in run.verifiers if v.passed is False]
    names = "; ".join(v.name for v in failed)
    out = [f"{len(failed)}/{len(run.verifiers)} verifiers failed: {names}", f"task {t.id} ({t.path}:{t.line})", ""]
    for v in run.verifiers:
        mark = "✓" if v.passed else ("?" if v.passed is None else "✗")
        where = f"line {v.line}" + (" (built-in)" if v.builtin else "")
        out.append(f"  {mark} [{v.category}] {v.name}  — {where}")
        if v.passed is False:
            if v.sql:
                out.append("      sql: " + " ".join(v.sql.split()))
            out.append(f"      expected: {_short(v.expected)}")
            out.append(f"      actual:   {_short(v.actual)}")
            if v.message:
                out.append(f"      {v.message}")
    out.append("")
    if run.diff:
        out.append("tables the agent changed:")
        for table, d in run.diff.items():
            c = d["counts"]
            out.append(f"  {table}: +{c['added']} added, -{c['removed']} removed, ~{c['changed']} changed")
    else:
        out.append("tables the agent changed: none")
    calls = run.transcript.tool_calls
    out.append("")
    out.append(f"agent steps: {len(calls)} tool calls (gold solution: {len(t.solution)})"
               + (f"; stopped: {run.stopped}" if run.stopped else ""))
    for c in calls[-last_steps:]:
        res = f"ERROR {c.error_kind}: {c.error}" if c.error else _short(c.result, 160)
        out.append(f"  {c.index + 1}. {c.name}({_short(c.args, 140)}) -> {res}")
    out.append("")
    out.append("final answer: " + (repr(run.final_answer[:600]) if run.final_answer else "(none)"))
    return "\n".join(out)

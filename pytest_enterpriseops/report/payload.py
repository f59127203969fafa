"""The task data embedded in the page: a small index for the list, and detail chunks decoded on expand.

Both are gzip-compressed JSON in base64; the page decodes them with the browser's DecompressionStream.
Details are split into chunks so that opening a task only inflates its chunk, not the whole run.
"""

from __future__ import annotations

import base64
import gzip
import json
from typing import Any

from .data import Run
from .markdown import domain_policies, render_markdown
from .metrics import failed_categories, verifier_counts

CHUNK_RECORDS = 40          # task runs per detail chunk
MAX_RESULT_CHARS = 20_000   # a tool result longer than this (as JSON) is cut in the page
MAX_TEXT_CHARS = 50_000     # model text / thinking / final answer
MAX_DIFF_ROWS = 200         # rows per table and kind (added / removed / changed)
SNIPPET = 400               # final-answer characters kept in the index for search
MAX_FAILED_NAMES = 20       # failed verifier names kept in the index (the side-by-side view of a task)


def pack(data: Any) -> str:
    raw = json.dumps(data, separators=(",", ":"), ensure_ascii=False, default=str).encode("utf-8")
    return base64.b64encode(gzip.compress(raw, compresslevel=6, mtime=0)).decode("ascii")


def unpack(blob: str) -> Any:
    return json.loads(gzip.decompress(base64.b64decode(blob)))


def _cut(text: Any, limit: int) -> Any:
    if isinstance(text, str) and len(text) > limit:
        return text[:limit] + f"\n… [cut: {len(text) - limit:,} more characters in the saved JSON]"
    return text


def _slim_result(value: Any) -> Any:
    if value is None or isinstance(value, (bool, int, float)):
        return value
    text = json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= MAX_RESULT_CHARS:
        return value
    return {"__cut__": True, "text": text[:MAX_RESULT_CHARS], "chars": len(text)}


def slim_event(ev: dict[str, Any]) -> dict[str, Any]:
    ev = dict(ev)
    if ev.get("type") == "tool_call":
        ev["result"] = _slim_result(ev.get("result"))
        ev["args"] = _slim_result(ev.get("args"))
    else:
        ev["content"] = _cut(ev.get("content"), MAX_TEXT_CHARS)
        ev["thinking"] = _cut(ev.get("thinking"), MAX_TEXT_CHARS)
    return ev


def slim_diff(diff: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for name, t in (diff or {}).items():
        t = dict(t) if isinstance(t, dict) else {"table": name}
        for kind in ("added", "removed", "changed"):
            rows = t.get(kind) or []
            if len(rows) > MAX_DIFF_ROWS:
                t[kind + "_cut"] = len(rows) - MAX_DIFF_ROWS
                rows = rows[:MAX_DIFF_ROWS]
            t[kind] = rows
        out[name] = t
    return out


DETAIL_DROP = {"prompt", "tags", "domains", "path", "line", "feasible", "gold_steps", "task_id", "domain"}


def detail(rec: dict[str, Any]) -> dict[str, Any]:
    """What the expanded task shows; the task-level fields live once in the index."""
    d = {k: v for k, v in rec.items() if k not in DETAIL_DROP}
    d["transcript"] = [slim_event(e) for e in rec.get("transcript") or []]
    d["diff"] = slim_diff(rec.get("diff"))
    d["final_answer"] = _cut(rec.get("final_answer"), MAX_TEXT_CHARS)
    return d


def index_entry(run_i: int, rec: dict[str, Any]) -> dict[str, Any]:
    vp, vt = verifier_counts(rec)
    u = rec.get("usage") or {}
    fa = rec.get("final_answer")
    return {"r": run_i, "t": rec["task_id"], "k": rec.get("run_index", 1), "o": rec["outcome"],
            "s": rec.get("steps") or 0, "vp": vp, "vt": vt, "fc": failed_categories(rec),
            "c": u.get("cost") or 0, "tk": (u.get("input_tokens") or 0) + (u.get("output_tokens") or 0),
            "fa": fa[:SNIPPET] if isinstance(fa, str) else None,
            "e": (rec.get("error") or "")[:300] or None, "st": rec.get("stopped"),
            "fv": [str(v.get("name")) for v in rec.get("verifiers") or [] if v.get("passed") is False][:MAX_FAILED_NAMES]}


def task_entry(rec: dict[str, Any]) -> dict[str, Any]:
    return {"p": rec.get("prompt") or "", "pm": render_markdown(rec.get("prompt")), "d": rec["domain"], "ds": rec.get("domains") or [rec["domain"]],
            "g": rec.get("tags") or [], "f": bool(rec.get("feasible", True)), "gs": rec.get("gold_steps") or 0,
            "path": rec.get("path"), "line": rec.get("line")}


def build_payload(runs: list[Run]) -> tuple[str, list[str], dict[str, Any]]:
    """(index blob, detail chunk blobs, plain facts about them for the page's meta block)."""
    tasks: dict[str, dict[str, Any]] = {}
    index: list[dict[str, Any]] = []
    details: list[dict[str, Any]] = []
    for i, run in enumerate(runs):
        for rec in run.records:
            tasks.setdefault(rec["task_id"], task_entry(rec))
            index.append(index_entry(i, rec))
            details.append(detail(rec))
    chunks = [pack(details[j:j + CHUNK_RECORDS]) for j in range(0, len(details), CHUNK_RECORDS)]
    facts = {"records": len(index), "tasks": len(tasks), "chunk_records": CHUNK_RECORDS, "chunks": len(chunks)}
    policies = {d: render_markdown(text) for d, text in
                domain_policies(rec for run in runs for rec in run.records).items()}
    return pack({"tasks": tasks, "records": index, "policies": policies}), chunks, facts

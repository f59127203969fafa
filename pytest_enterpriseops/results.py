"""The run's results directory: run.json, one JSON per task run (written atomically), summary.json."""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

from .agents.scripted import result_file_name
from .runner import TaskRun

SECRET_HINTS = ("key", "token", "secret", "password", "authorization")


def _secret_key(key: str) -> bool:
    """`api_key`, `auth_token`: yes. `api_key_env` (names a variable), `max_tokens`, `budget_tokens` (counts): no."""
    k = key.lower()
    if k.endswith("_env") or k.endswith("tokens"):
        return False
    return any(h in k for h in SECRET_HINTS)


def scrub(value: Any) -> Any:
    """Drop anything that looks like a credential from options/presets before they are written."""
    if isinstance(value, dict):
        return {k: ("<redacted>" if _secret_key(str(k)) else scrub(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    # No indent: json's C encoder then does the work (with an indent, its pure-Python one is ~4x slower,
    # and it holds the GIL that concurrent episodes' tool calls wait for). `eops show` prints them.
    tmp.write_text(json.dumps(data, default=str, ensure_ascii=False))
    os.replace(tmp, path)


def git_commit(cwd: Path) -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=cwd, capture_output=True, text=True, timeout=5)
        return out.stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


def versions() -> dict[str, str]:
    from importlib.metadata import PackageNotFoundError, version

    out = {"python": platform.python_version()}
    for pkg in ("pytest-enterpriseops", "pytest", "pytest-xdist", "duckdb", "pydantic"):
        try:
            out[pkg] = version(pkg)
        except PackageNotFoundError:
            pass
    return out


def run_info(agent: str, preset: dict[str, Any] | None, options: dict[str, Any], cwd: Path,
             description: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"agent": agent, "preset": scrub(preset) if preset else None, "options": scrub(options),
            "agent_description": scrub(description) if description else None,
            "versions": versions(), "git_commit": git_commit(cwd), "argv": scrub(sys.argv[1:]),
            "started_at": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")}


def task_record(run: TaskRun, nodeid: str, gold_steps: int) -> dict[str, Any]:
    t = run.task
    u = run.transcript.usage
    return {
        "task_id": t.id, "run_index": run.run_index, "nodeid": nodeid,
        "domain": t.domain or "hybrid", "domains": t.domain_list, "tags": list(t.tags),
        "feasible": t.feasible, "path": str(t.path), "line": t.line, "as_user": t.as_user, "role": run.role,
        "prompt": t.prompt, "outcome": run.outcome, "error": run.error, "stopped": run.stopped,
        "agent_error": run.agent_error, "gold_informed": run.gold_informed, "refused_calls": run.refused_calls,
        "final_answer": run.final_answer, "gold_steps": gold_steps,
        "steps": len(run.transcript.tool_calls), "offered_tools": run.offered_tools,
        "usage": u.__dict__, "model_calls": run.transcript.model_calls, "judge_usage": run.judge_usage,
        "verifiers": [v.to_json() for v in run.verifiers], "diff": run.diff,
        "transcript": run.transcript.to_json(), "timings": run.timings,
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
    }


def compact(record: dict[str, Any]) -> dict[str, Any]:
    """What the controller needs for the summary (sent through the xdist report)."""
    defaults = {"run_index": 1, "nodeid": None, "domain": "unknown", "tags": [], "feasible": True, "error": None,
                "gold_steps": 0, "steps": 0, "usage": {}, "stopped": None, "judge_usage": {}, "agent": None}
    out = {"task_id": record["task_id"], "outcome": record["outcome"]}
    out.update({k: record.get(k, d) if record.get(k) is not None else d for k, d in defaults.items()})
    out["verifiers"] = [{"name": v.get("name"), "category": v.get("category"), "passed": v.get("passed"),
                         "builtin": v.get("builtin", False)} for v in record.get("verifiers") or []]
    return out


def crash_record(rootdir: Path, nodeid: str, task_id: str, run_index: int, error: str) -> dict[str, Any]:
    """The result file of a task whose xdist worker died: the task's real domain, tags and feasibility
    (read from its file, named by the node id) and the crash as the error."""
    info: dict[str, Any] = {"domain": "unknown", "domains": [], "tags": [], "feasible": True, "path": None,
                            "line": None, "as_user": None, "prompt": None, "gold_steps": 0}
    try:
        from .task import load_task

        t = load_task(rootdir / nodeid.split("::", 1)[0])
        info = {"domain": t.domain or "hybrid", "domains": t.domain_list, "tags": list(t.tags),
                "feasible": t.feasible, "path": str(t.path), "line": t.line, "as_user": t.as_user,
                "prompt": t.prompt, "gold_steps": len(t.solution)}
    except Exception as exc:  # the task file changed or vanished since collection
        error += f" (task file unreadable: {type(exc).__name__}: {exc})"
    return {"task_id": task_id, "run_index": run_index, "nodeid": nodeid, **info, "role": None,
            "outcome": "error", "error": error, "stopped": None, "final_answer": None, "steps": 0,
            "offered_tools": [], "usage": {}, "model_calls": [], "judge_usage": {}, "verifiers": [], "diff": {},
            "transcript": [], "timings": {}, "worker": "crashed"}


def write_task_record(out_dir: Path, record: dict[str, Any]) -> Path:
    path = out_dir / "tasks" / result_file_name(record["task_id"], record["run_index"])
    write_json_atomic(path, record)
    return path


def load_records(out_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((out_dir / "tasks").glob("*.json"))]

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


def scrub(value: Any) -> Any:
    """Drop anything that looks like a credential from options/presets before they are written."""
    if isinstance(value, dict):
        return {k: ("<redacted>" if any(h in str(k).lower() for h in SECRET_HINTS) and not str(k).endswith("_env")
                    else scrub(v)) for k, v in value.items()}
    if isinstance(value, list):
        return [scrub(v) for v in value]
    return value


def write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(data, indent=1, default=str, ensure_ascii=False))
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
        "final_answer": run.final_answer, "gold_steps": gold_steps,
        "steps": len(run.transcript.tool_calls), "offered_tools": run.offered_tools,
        "usage": u.__dict__, "model_calls": run.transcript.model_calls, "judge_usage": run.judge_usage,
        "verifiers": [v.to_json() for v in run.verifiers], "diff": run.diff,
        "transcript": run.transcript.to_json(), "timings": run.timings,
        "worker": os.environ.get("PYTEST_XDIST_WORKER", "main"),
    }


def compact(record: dict[str, Any]) -> dict[str, Any]:
    """What the controller needs for the summary (sent through the xdist report)."""
    keep = ("task_id", "run_index", "nodeid", "domain", "tags", "feasible", "outcome", "error", "gold_steps",
            "steps", "usage", "stopped", "judge_usage")
    out = {k: record[k] for k in keep}
    out["verifiers"] = [{"name": v["name"], "category": v["category"], "passed": v["passed"],
                         "builtin": v["builtin"]} for v in record["verifiers"]]
    return out


def write_task_record(out_dir: Path, record: dict[str, Any]) -> Path:
    path = out_dir / "tasks" / result_file_name(record["task_id"], record["run_index"])
    write_json_atomic(path, record)
    return path


def load_records(out_dir: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((out_dir / "tasks").glob("*.json"))]

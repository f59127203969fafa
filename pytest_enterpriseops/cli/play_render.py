"""What `eops play` prints: the briefing, tool specs, call results, the history and the verdict.

The briefing is built only from what the episode offers an agent (system prompt, user prompt,
tool specs); the task's plan, gold solution, gold response and verifiers never reach it, and neither does the
task id (ids often name the trap; an agent is not shown its task id).
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Iterable

from .play_session import CallRecord, Play

MARK = {True: "✓", False: "✗", None: "?"}


class Style:
    """ANSI styling, only on a terminal and only without NO_COLOR."""

    def __init__(self, enabled: bool | None = None):
        if enabled is None:
            enabled = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
        self.enabled = enabled

    def _wrap(self, code: str, text: str) -> str:
        return f"\033[{code}m{text}\033[0m" if self.enabled else text

    def bold(self, t: str) -> str:
        return self._wrap("1", t)

    def red(self, t: str) -> str:
        return self._wrap("31", t)

    def green(self, t: str) -> str:
        return self._wrap("32", t)

    def dim(self, t: str) -> str:
        return self._wrap("2", t)


def pretty(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False, default=str)


# -- tool specs ----------------------------------------------------------------
def type_of(schema: dict[str, Any], root: dict[str, Any]) -> str:
    """A short readable type for a JSON-schema property: string, integer, "a" | "b", list[string], ..."""
    if "$ref" in schema:
        ref = schema["$ref"].rsplit("/", 1)[-1]
        return type_of(root.get("$defs", {}).get(ref, {}), root)
    if "enum" in schema:
        return " | ".join(json.dumps(v, ensure_ascii=False) for v in schema["enum"])
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    for key in ("anyOf", "oneOf"):
        if key in schema:
            parts = [type_of(s, root) for s in schema[key]]
            return " | ".join(dict.fromkeys(parts))
    t = schema.get("type", "any")
    if t == "array":
        return f"list[{type_of(schema.get('items', {}), root)}]"
    if isinstance(t, list):
        return " | ".join(t)
    return str(t)


def tool_signature(spec: dict[str, Any]) -> str:
    params = spec.get("parameters") or {}
    required = set(params.get("required") or [])
    names = [n if n in required else f"{n}?" for n in (params.get("properties") or {})]
    return f"{spec['name']}({', '.join(names)})"


def tool_text(spec: dict[str, Any], st: Style, full: bool = True) -> str:
    """One tool as the agent is offered it: signature, description, then each argument."""
    params = spec.get("parameters") or {}
    required = set(params.get("required") or [])
    lines = [st.bold(tool_signature(spec))]
    lines += ["    " + ln for ln in (spec.get("description") or "").splitlines()]
    if not full:
        return "\n".join(lines)
    for name, prop in (params.get("properties") or {}).items():
        flag = "required" if name in required else "optional"
        if "default" in prop:
            flag += f", default {json.dumps(prop['default'], ensure_ascii=False)}"
        desc = prop.get("description", "")
        lines.append(f"    - {name}: {type_of(prop, params)} ({flag}){': ' + desc if desc else ''}")
    return "\n".join(lines)


# -- the briefing --------------------------------------------------------------
def briefing(play: Play) -> dict[str, Any]:
    ep = play.episode
    return {"system_prompt": ep.system_prompt, "user_prompt": ep.user_prompt,
            "tools": ep.tools, "max_steps": play.state.max_steps, "steps_used": play.steps_used,
            "ended": play.state.ended}


def briefing_text(play: Play, st: Style) -> str:
    b = briefing(play)
    out = [st.bold("=== you are the agent ==="), "",
           st.bold("--- system prompt ---"), b["system_prompt"].rstrip(), "",
           st.bold("--- user prompt ---"), b["user_prompt"].rstrip(), "",
           st.bold(f"--- tools offered ({len(b['tools'])}) ---")]
    for spec in b["tools"]:
        out += [tool_text(spec, st), ""]
    out.append(status_line(play))
    return "\n".join(out)


def status_line(play: Play) -> str:
    s = f"tool calls: {play.steps_used} of {play.state.max_steps} used"
    if play.state.ended:
        s += f"; episode ended ({play.state.ended})"
    return s


# -- calls ---------------------------------------------------------------------
def call_json(play: Play, index: int, rec: CallRecord) -> dict[str, Any]:
    return {"call": index + 1, "tool": rec.tool, "args": rec.args, "is_error": rec.is_error, "kind": rec.kind,
            "result": rec.result, "steps_used": play.steps_used, "steps_left": play.steps_left,
            "ended": play.state.ended}


def call_text(play: Play, index: int, rec: CallRecord, st: Style) -> str:
    head = f"[{index + 1}] {rec.tool} {json.dumps(rec.args, ensure_ascii=False, default=str)}"
    result = rec.result
    if rec.is_error:
        msg = result.get("error") if isinstance(result, dict) and "error" in result else result
        body = st.red(f"ERROR: {msg}")
    else:
        body = pretty(result)
    lines = [st.dim(head), body]
    if rec.kind == "step_limit":
        lines.append(st.red("The step limit ended the episode. As in a real run, the agent's final answer is "
                            "lost; `finish` now verifies the state as it stands."))
    elif rec.kind == "harness":
        lines.append(st.red("A tool raised an unexpected exception: a harness bug (class TOOL). In a pytest "
                            "run this task would be an ERROR."))
    elif play.steps_left == 0:
        lines.append(st.red(f"No tool calls left (limit {play.state.max_steps}): the next call ends the "
                            "episode without an answer. Finish now."))
    return "\n".join(lines)


def history_text(play: Play, st: Style) -> str:
    if not play.state.calls:
        return "no tool calls yet"
    return "\n".join(call_text(play, i, rec, st) for i, rec in enumerate(play.state.calls))


def history_json(play: Play) -> list[dict[str, Any]]:
    return [{"call": i + 1, "tool": r.tool, "args": r.args, "is_error": r.is_error, "kind": r.kind,
             "result": r.result} for i, r in enumerate(play.state.calls)]


# -- the verdict ---------------------------------------------------------------
REVEAL_KEYS = ("sql", "expected", "actual", "message", "kind", "line")


def verdict_json(verdict: dict[str, Any], reveal: bool) -> dict[str, Any]:
    out = {k: v for k, v in verdict.items() if reveal or k not in ("gold_steps", "diff")}
    out["verifiers"] = [{k: v for k, v in r.items() if reveal or k not in REVEAL_KEYS}
                        for r in verdict.get("verifiers", [])]
    out["failed"] = [r["name"] for r in verdict.get("verifiers", []) if r["passed"] is False]
    return out


def verdict_text(verdict: dict[str, Any], st: Style, reveal: bool) -> str:
    outcome = verdict["outcome"]
    colour = st.green if outcome == "passed" else st.red
    lines = [st.bold("=== verdict: ") + colour(outcome.upper()) + st.bold(" ===")]
    steps = f"tool calls: {verdict['steps']} (limit {verdict['max_steps']})"
    if reveal:
        steps += f"; the gold solution takes {verdict['gold_steps']}"
    lines.append(steps)
    if verdict.get("answer_lost_to_step_limit"):
        lines.append(st.red("the step limit ended the episode, so the final answer was not given (as in a run)"))
    if verdict.get("error"):
        lines.append(st.red(f"ERROR: {verdict['error']}"))
    for r in verdict.get("verifiers", []):
        mark = MARK[r["passed"]]
        mark = st.green(mark) if r["passed"] else st.red(mark) if r["passed"] is False else mark
        builtin = ", built-in" if r.get("builtin") else ""
        lines.append(f"  {mark} {r['name']}  [{r['category']}{builtin}]")
        if r["passed"] is None and not reveal:
            note = r.get("message") or "a judge rubric needs a judge model"
            lines.append(st.dim("      " + (note if note.startswith("not judged") else f"not judged: {note}")))
        if reveal:
            lines += ["      " + ln for ln in _reveal_lines(r)]
    if reveal and verdict.get("diff") is not None:
        lines += diff_lines(verdict["diff"])
    failed = [r["name"] for r in verdict.get("verifiers", []) if r["passed"] is False]
    if failed:
        lines.append(f"failed: {'; '.join(failed)}")
    if not reveal and verdict.get("verifiers"):
        lines.append(st.dim("(run with --reveal for each verifier's SQL, expected vs actual, and the gold length)"))
    return "\n".join(lines)


def _reveal_lines(r: dict[str, Any]) -> Iterable[str]:
    if r.get("sql"):
        yield "sql: " + " ".join(r["sql"].split())
    if r.get("kind") == "sql" or r.get("expected") is not None or r.get("actual") is not None:
        yield f"expected: {json.dumps(r.get('expected'), ensure_ascii=False, default=str)}"
        yield f"actual:   {json.dumps(r.get('actual'), ensure_ascii=False, default=str)}"
    if r.get("message"):
        yield from ("note: " + ln for ln in str(r["message"]).splitlines())


def diff_lines(diff: dict[str, Any], limit: int = 8) -> list[str]:
    """The database changes, per table: counts, then the first rows (added keys, changed fields)."""
    if not diff:
        return ["database changes: none"]
    out = ["database changes:"]
    for table, d in sorted(diff.items()):
        counts = d.get("counts") or {}
        out.append(f"  {table}: " + ", ".join(f"{counts.get(k, 0)} {k}" for k in ("added", "changed", "removed")))
        pk = d.get("pk") or []
        rows = ([("+", r, None) for r in d.get("added", [])] + [("~", c.get("key"), c.get("fields"))
                                                                  for c in d.get("changed", [])]
                + [("-", r, None) for r in d.get("removed", [])])
        for sign, row, fields in rows[:limit]:
            if fields is not None:
                change = ", ".join(f"{col}: {_short(old)} -> {_short(new)}" for col, (old, new) in fields.items())
                out.append(f"    {sign} {_short(row)}: {change}")
            else:
                key = {k: row.get(k) for k in pk} if pk and isinstance(row, dict) else row
                out.append(f"    {sign} {_short(key)}")
        if len(rows) > limit:
            out.append(f"    ... {len(rows) - limit} more")
    return out


def _short(v: Any, width: int = 60) -> str:
    s = v if isinstance(v, str) else json.dumps(v, ensure_ascii=False, default=str)
    return s if len(s) <= width else s[: width - 1] + "…"

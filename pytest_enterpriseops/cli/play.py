"""`eops play TASK`: play a task as the agent, by hand or from a script.

    eops play TASK                                   # interactive (a REPL on stdin)
    eops play TASK --state FILE --show               # the briefing: what the agent gets
    eops play TASK --state FILE --call TOOL 'JSON'   # replay FILE's calls, make this one, append it
    eops play TASK --state FILE --finish 'ANSWER'    # replay, verify, print the verdict
    eops play --state FILE --show                    # TASK from the state file (blind solving by handle)

Exit codes: 0 done (a finished play that passed), 1 a finished play that did not pass,
2 bad input (nothing recorded), 3 a harness error (a tool raised).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..runner_options import TOOL_MODES

# The engine (and duckdb) is imported only when `play` runs, not when `eops` builds its parser.


def add_parser(sub: Any) -> None:
    p = sub.add_parser("play", help="play a task as the agent (interactive, or one call at a time with --state)",
                       description="Play a task as the agent: see what an agent sees, make tool calls, finish "
                                   "with an answer and get the verdict.")
    p.add_argument("task", nargs="?", default=None,
                   help="a task id (looked up under <root>/tasks) or a path to a task YAML file; may be left out "
                        "with an existing --state (the task is the state file's: blind solving by handle)")
    p.add_argument("--state", metavar="FILE", help="the play's state file (calls so far); created if missing")
    act = p.add_mutually_exclusive_group()
    act.add_argument("--show", action="store_true", help="print the briefing: system prompt, user prompt, tools")
    act.add_argument("--call", nargs="+", metavar=("TOOL", "JSON"),
                     help="make one tool call (arguments as a JSON object, or key=value pairs)")
    act.add_argument("--finish", nargs="?", const="", metavar="ANSWER",
                     help="end the episode with this final answer ('-' reads it from stdin) and verify")
    act.add_argument("--history", action="store_true", help="print the calls made so far and their results")
    act.add_argument("--verdict", action="store_true", help="print a finished play's recorded verdict again "
                                                            "(with --reveal: in full)")
    p.add_argument("--as-json", action="store_true", help="machine-readable output")
    p.add_argument("--reveal", action="store_true",
                   help="in the verdict, also show each verifier's SQL, expected vs actual, and the gold length")
    p.add_argument("--tools", default=None, choices=TOOL_MODES,
                   help="which tools are offered (as pytest --tools; default oracle)")
    p.add_argument("--max-steps", type=int, default=None, help="tool-call budget (as pytest --max-steps; default 50)")
    p.add_argument("--judge", default=None, metavar="PRESET",
                   help="grade `judge` rubrics with this preset (agents/PRESET.yaml, as pytest --judge)")
    p.add_argument("--root", default=None, help="benchmark root to look task ids up in (default: from the cwd)")


def run_play(args: argparse.Namespace) -> int:
    from .play_session import PlayError

    try:
        return _run(args)
    except PlayError as exc:
        if args.as_json:
            print(json.dumps({"error": str(exc)}))
        else:
            print(f"eops play: {exc}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    from . import play_render as render
    from .play_session import Play, PlayError, load_state, resolve_task

    state_path = Path(args.state) if args.state else None
    state = load_state(state_path) if state_path else None
    if args.task is None and state is None:
        raise PlayError("give a task (an id or a path to its YAML), or --state FILE of a play already started")
    task, bench = resolve_task(args.task or state.task_file, Path(args.root) if args.root else None)
    if state is not None:
        for opt, have in (("--tools", state.tools_mode), ("--max-steps", state.max_steps)):
            given = args.tools if opt == "--tools" else args.max_steps
            if given is not None and given != have:
                raise PlayError(f"{opt} {given} differs from the state file's {have}; start a new state file")
    if args.call is not None and state_path is None:
        raise PlayError("--call needs --state FILE (the calls are kept there between commands)")
    if args.max_steps is not None and args.max_steps < 1:
        raise PlayError("--max-steps must be >= 1")
    call_args = parse_call_args(args.call[1:]) if args.call else None
    judge = _judge(args.judge, bench.root) if args.judge and (args.finish is not None or not (
        args.show or args.history or args.verdict or args.call)) else None
    play = Play.start(task, bench, state, args.tools or "oracle", args.max_steps or 50, judge=judge)
    st = render.Style(enabled=False if args.as_json else None)
    try:
        for d in play.divergences:
            print(f"warning: {d}; the replay may not match what was seen", file=sys.stderr)
        if args.show:
            _emit(args, render.briefing(play), lambda: render.briefing_text(play, st))
            code = 0
        elif args.history:
            _emit(args, render.history_json(play), lambda: render.history_text(play, st))
            code = 0
        elif args.verdict:
            if play.state.verdict is None:
                raise PlayError("this play is not finished yet (use --finish ANSWER)")
            verdict = play.state.verdict
            _emit(args, render.verdict_json(verdict, args.reveal),
                  lambda: render.verdict_text(verdict, st, args.reveal))
            code = _verdict_code(verdict)
        elif args.call is not None:
            spec = next((t for t in play.episode.tools if t["name"] == args.call[0]), None)
            rec = play.call(args.call[0], parse_call_args(args.call[1:], spec) if spec else call_args)
            i = len(play.state.calls) - 1
            if state_path is not None:  # saved before printing: a closed pipe must not lose the call
                play.state.save(state_path)
            _emit(args, render.call_json(play, i, rec), lambda: render.call_text(play, i, rec, st))
            code = 3 if rec.kind == "harness" else 0
        elif args.finish is not None:
            answer = sys.stdin.read() if args.finish == "-" else args.finish
            verdict = play.finish(answer.strip() or None)
            if state_path is not None:
                play.state.save(state_path)
            _emit(args, render.verdict_json(verdict, args.reveal),
                  lambda: render.verdict_text(verdict, st, args.reveal))
            code = _verdict_code(verdict)
        else:
            from .play_repl import Repl

            code = Repl(play, st, state_path, reveal=args.reveal).run(sys.stdin)
        if state_path is not None:
            play.state.save(state_path)
        return code
    finally:
        play.close()


def _judge(name: str, root: Path) -> Any:
    from ..agents.registry import find_preset, load_preset
    from .play_session import PlayError

    roots = [root, Path.cwd()]
    path = find_preset(name, roots)
    if path is None:
        raise PlayError(f"--judge {name}: no preset agents/{name}.yaml")
    try:
        from ..agents.llm import judge_from_preset

        return judge_from_preset(load_preset(path), {}, search_roots=roots)
    except Exception as exc:  # a missing key or SDK: one clear message before anything runs
        raise PlayError(f"--judge {name}: {exc}") from None


def _emit(args: argparse.Namespace, data: Any, text: Any) -> None:
    try:
        _print(args, data, text)
    except BrokenPipeError:  # `eops play … | head`: the reader left; what was done is saved already
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _print(args: argparse.Namespace, data: Any, text: Any) -> None:
    print(json.dumps(data, indent=1, ensure_ascii=False, default=str) if args.as_json else text())


def _verdict_code(verdict: dict[str, Any]) -> int:
    return 0 if verdict["outcome"] == "passed" else 3 if verdict["outcome"] == "error" else 1


def parse_call_args(parts: list[str], spec: dict[str, Any] | None = None) -> dict[str, Any]:
    """Tool arguments from the command line: one JSON object, or key=value pairs (values parsed as
    JSON where they are valid JSON, else taken as text; with the tool's `spec`, a value typed for a
    text argument stays text: serial=9992 is "9992"). Nothing here counts as an agent step."""
    if not parts:
        return {}
    if len(parts) == 1 and parts[0].lstrip().startswith("{"):
        try:
            value = json.loads(parts[0])
        except json.JSONDecodeError as exc:
            raise _play_error(f"the arguments are not valid JSON: {exc}") from None
        if not isinstance(value, dict):
            raise _play_error("the arguments must be a JSON object")
        return value
    out: dict[str, Any] = {}
    for part in parts:
        key, sep, raw = part.partition("=")
        if not sep or not key.strip():
            raise _play_error(f"expected a JSON object or key=value pairs, got {part!r}")
        prop = (((spec or {}).get("parameters") or {}).get("properties") or {}).get(key.strip())
        if prop is not None:
            from .play_repl import argument_value

            out[key.strip()] = argument_value(raw, prop)
            continue
        try:
            out[key.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[key.strip()] = raw
    return out


def _play_error(msg: str) -> Exception:
    from .play_session import PlayError

    return PlayError(msg)

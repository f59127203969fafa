"""The interactive form of `eops play`: a small REPL over one Play, reading commands from a stream."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import IO, Any, Iterator

from . import play_render as render
from .play_session import Play, PlayError

HELP = """commands:
  tools                     the offered tools (signatures)
  tool NAME                 one tool's full spec (arguments, and its JSON schema)
  call NAME {json}          call a tool (also: NAME {json}, or NAME key=value ...);
                            a JSON object may span several lines
  call NAME                 at a terminal: asks for each argument in turn
  history                   the calls so far and their results
  status                    tool calls used and left
  brief                     the briefing again (system prompt, user prompt, tools)
  finish ANSWER...          end the episode with your final answer and see the verdict;
                            `finish` alone reads a multi-line answer ending with a line '.'
  quit                      leave without finishing (with --state, the calls are kept)"""


class Repl:
    def __init__(self, play: Play, st: render.Style, state_path: Path | None, reveal: bool = False):
        self.play, self.st, self.state_path, self.reveal = play, st, state_path, reveal
        self.interactive = False

    def run(self, stream: IO[str]) -> int:
        self.interactive = stream.isatty()
        if self.interactive:
            try:
                import readline  # noqa: F401  (line editing and history for input())
            except ImportError:
                pass
        lines = self._lines(stream)
        print(render.briefing_text(self.play, self.st))
        if self.play.state.calls:
            print(f"\n({len(self.play.state.calls)} earlier call(s) replayed from the state file; `history` "
                  "shows them)")
        print("\nType `help` for commands.")
        for line in lines:
            cmd, _, rest = line.strip().partition(" ")
            rest = rest.strip()
            if not cmd or cmd.startswith("#"):
                continue
            if not self.interactive:
                print(self.st.dim(f"> {line.strip()}"))
            try:
                code = self._dispatch(cmd, rest, lines)
            except PlayError as exc:
                print(self.st.red(f"not done: {exc}"))
                continue
            if code is not None:
                return code
        print("(end of input: left without finishing)")
        return 0

    def _lines(self, stream: IO[str]) -> Iterator[str]:
        while True:
            if self.interactive:
                try:
                    yield input("eops> ")
                except EOFError:
                    return
                except KeyboardInterrupt:  # as in the Python REPL: drop the line, keep the episode
                    print("\n(interrupted; `quit` or Ctrl-D leaves)")
            else:
                line = stream.readline()
                if not line:
                    return
                yield line.rstrip("\n")

    def _dispatch(self, cmd: str, rest: str, lines: Iterator[str]) -> int | None:
        play, st = self.play, self.st
        offered = {t["name"]: t for t in play.episode.tools}
        if cmd in ("help", "?"):
            print(HELP)
        elif cmd in ("quit", "exit", "q"):
            print("left without finishing")
            return 0
        elif cmd == "brief":
            print(render.briefing_text(play, st))
        elif cmd == "tools":
            for spec in play.episode.tools:
                first = (spec.get("description") or "").splitlines()[:1]
                print(f"  {render.tool_signature(spec)}" + (f" — {first[0]}" if first else ""))
        elif cmd == "tool":
            spec = offered.get(rest)
            if spec is None:
                raise PlayError(f"no offered tool '{rest}' (see `tools`)")
            print(render.tool_text(spec, st))
            print(st.dim("JSON schema of the arguments:"))
            print(render.pretty(spec.get("parameters")))
        elif cmd == "status":
            print(render.status_line(play))
        elif cmd == "history":
            print(render.history_text(play, st))
        elif cmd == "finish":
            answer = rest if rest else self._multiline_answer(lines)
            verdict = play.finish(answer or None)
            self._save()
            print(render.verdict_text(verdict, st, self.reveal))
            return 0 if verdict["outcome"] == "passed" else 3 if verdict["outcome"] == "error" else 1
        elif cmd == "call" or cmd in offered:
            name, args_text = (rest.partition(" ")[0], rest.partition(" ")[2]) if cmd == "call" else (cmd, rest)
            if not name:
                raise PlayError("usage: call NAME {json}")
            if not args_text.strip() and self.interactive and (offered.get(name) or {}).get("parameters", {}).get(
                    "properties"):
                args = self._ask_args(offered[name])  # at a terminal, one prompt per argument
            else:
                args = self._parse_args(args_text.strip(), lines, offered.get(name))
            rec = play.call(name, args)
            self._save()
            print(render.call_text(play, len(play.state.calls) - 1, rec, st))
        else:
            raise PlayError(f"unknown command '{cmd}' (and no offered tool has that name); type `help`")
        return None

    def _parse_args(self, text: str, lines: Iterator[str], spec: dict[str, Any] | None = None) -> dict[str, Any]:
        from .play import parse_call_args

        if text.startswith("{"):
            while _open_braces(text) > 0:  # a JSON object typed over several lines
                more = next(lines, None)
                if more is None:
                    break
                text += "\n" + more
            return parse_call_args([text])
        try:
            return parse_call_args(shlex.split(text), spec)
        except ValueError as exc:  # unbalanced quotes
            raise PlayError(str(exc)) from None

    def _ask_args(self, spec: dict[str, Any]) -> dict[str, Any]:
        params = spec.get("parameters") or {}
        required = set(params.get("required") or [])
        print(self.st.dim("one value per argument: JSON or plain text; empty skips an optional one; '-' cancels"))
        out: dict[str, Any] = {}
        for name, prop in (params.get("properties") or {}).items():
            kind = render.type_of(prop, params)
            while True:
                try:
                    raw = input(f"  {name} ({kind}{'' if name in required else ', optional'}): ").strip()
                except EOFError:
                    raw = "-"
                if raw == "-":
                    raise PlayError("call cancelled (nothing was sent)")
                if raw or name not in required:
                    break
            if raw:
                out[name] = argument_value(raw, prop)
        return out

    def _multiline_answer(self, lines: Iterator[str]) -> str:
        if self.interactive:
            print("your final answer (end with a line containing only '.'):")
        out = []
        for line in lines:
            if line.strip() == ".":
                break
            out.append(line)
        return "\n".join(out).strip()

    def _save(self) -> None:
        if self.state_path is not None:
            self.play.state.save(self.state_path)


def argument_value(raw: str, prop: dict[str, Any]) -> Any:
    """A typed-in value: JSON where it parses (and the argument is not plain text), else the text."""
    try:
        value = json.loads(raw)
    except json.JSONDecodeError:
        return raw
    plain_text = prop.get("type") == "string" or all(
        s.get("type") in ("string", "null") for s in prop.get("anyOf", [{"type": "x"}]))
    return raw if plain_text and not isinstance(value, str) and value is not None else value


def _open_braces(text: str) -> int:
    """How many JSON objects/arrays are still open (ignoring brackets inside strings)."""
    depth, in_str, esc = 0, False, False
    for ch in text:
        if in_str:
            if esc:
                esc = False
            elif ch == "\\":
                esc = True
            elif ch == '"':
                in_str = False
            continue
        if ch == '"':
            in_str = True
        elif ch in "{[":
            depth += 1
        elif ch in "}]":
            depth -= 1
    return depth



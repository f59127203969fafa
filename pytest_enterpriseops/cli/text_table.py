"""A plain aligned text table (no terminal library: discovery output is piped and grepped)."""

from __future__ import annotations

from typing import Any


def _cell(v: Any) -> str:
    s = "NULL" if v is None else str(v)
    s = s.replace("\n", "\\n")
    return s if len(s) <= 80 else s[:77] + "..."


def render_table(columns: list[str], rows: list[list[Any]], indent: int = 0) -> str:
    cells = [[_cell(c) for c in columns]] + [[_cell(v) for v in r] for r in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(columns))]
    pad = " " * indent

    def line(r: list[str]) -> str:
        return (pad + "  ".join(v.ljust(w) for v, w in zip(r, widths))).rstrip()

    return "\n".join([line(cells[0]), pad + "  ".join("-" * w for w in widths)] + [line(r) for r in cells[1:]])


def emit(text: str) -> None:
    """Print, quietly stopping when the reader went away (`eops tools itsm | head`)."""
    import os
    import sys

    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

"""Task prompts and domain policies as HTML for the report, rendered safely.

markdown-it-py (installed with rich) in CommonMark mode with raw HTML turned off: any HTML in the
text comes out escaped, and links with javascript:/vbscript:/file:/data: targets are not made
links. Without the library the text is shown escaped in a <pre>.
"""

from __future__ import annotations

import functools
from html import escape
from pathlib import Path
from typing import Any, Iterable

MAX_POLICY_CHARS = 200_000


@functools.lru_cache(maxsize=1)
def _renderer() -> Any:
    try:
        from markdown_it import MarkdownIt
    except ImportError:
        return None
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.enable("table")
    return md


def render_markdown(text: str | None) -> str:
    text = text or ""
    md = _renderer()
    if md is None:
        return f"<pre>{escape(text)}</pre>"
    return md.render(text)


def domain_policies(records: Iterable[dict[str, Any]]) -> dict[str, str]:
    """{domain: policy.md text} for the domains of these task runs, found from each task file's benchmark
    root (db/<domain>/policy.md). A task file that is gone (a report made elsewhere) leaves a domain out."""
    from ..domains import Benchmark

    out: dict[str, str] = {}
    roots: dict[str, Path | None] = {}
    for rec in records:
        path = rec.get("path")
        domains = [d for d in rec.get("domains") or [rec.get("domain")] if d and d not in out]
        if not path or not domains:
            continue
        parent = str(Path(path).parent)
        if parent not in roots:
            roots[parent] = Benchmark.find_root(Path(parent)) if Path(parent).is_dir() else None
        root = roots[parent]
        for d in domains:
            policy = root / "db" / d / "policy.md" if root else None
            if policy is not None and policy.is_file():
                try:
                    out[d] = policy.read_text(encoding="utf-8")[:MAX_POLICY_CHARS]
                except (OSError, UnicodeDecodeError):
                    continue
    return out

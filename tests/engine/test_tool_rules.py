"""Rules every domain's tools keep, checked on their source."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TOOL_SOURCES = sorted((ROOT / "tools").rglob("*.py")) + sorted((ROOT / "tests" / "fixture_bench" / "tools").rglob("*.py"))


def _cursor_uses(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    return [f"{path.name}:{node.lineno}" for node in ast.walk(tree)
            if isinstance(node, ast.Attribute) and node.attr == "cursor"]


def test_tools_reach_the_database_only_through_ctx_methods():
    """A tool call's transaction opens at its first write through Ctx (Ctx.begin): a statement sent to
    `ctx.cursor` directly would bypass it, autocommit, and survive the call's rollback."""
    assert len(TOOL_SOURCES) > 20
    assert [use for path in TOOL_SOURCES for use in _cursor_uses(path)] == []


def test_the_rule_sees_a_direct_cursor_write(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("def t(ctx):\n    ctx.cursor.execute('UPDATE x SET y = 1')\n")
    assert len(_cursor_uses(bad)) == 1

"""pytest-enterpriseops: an enterprise-operations benchmark for LLM agents as a pytest plugin.

Importing this package has no side effects and imports nothing heavy: the public
names below load on first use.
"""

from typing import TYPE_CHECKING

__all__ = ["Ctx", "Tool", "ToolError", "tool"]
__version__ = "0.1.0"

if TYPE_CHECKING:
    from .context import Ctx
    from .errors import ToolError
    from .tools import Tool, tool


def __getattr__(name: str):
    if name == "Ctx":
        from .context import Ctx
        return Ctx
    if name == "ToolError":
        from .errors import ToolError
        return ToolError
    if name in ("Tool", "tool"):
        from . import tools
        return getattr(tools, name)
    raise AttributeError(f"module 'pytest_enterpriseops' has no attribute {name!r}")

"""pytest-enterpriseops: an enterprise-operations benchmark for LLM agents as a pytest plugin.

Importing this package has no side effects: the pytest plugin module only
registers hooks, and nothing happens unless pytest collects task files.
"""

from .context import Ctx
from .errors import ToolError
from .tools import Tool, tool

__all__ = ["Ctx", "Tool", "ToolError", "tool"]
__version__ = "0.1.0"

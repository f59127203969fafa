"""Exception types shared across the engine."""

from __future__ import annotations

from pathlib import Path


class EopsError(Exception):
    """Base class of the engine's own errors."""


class ToolError(EopsError):
    """Raised by a tool for a condition the model can act on (bad id, forbidden, invalid state).

    The runtime turns it into an error result for the model; it never fails the task by itself.
    """


class TaskFileError(EopsError):
    """A malformed task file: names the file, the line and the field."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, message: str):
        self.path, self.line, self.field, self.message = Path(path), line, field, message
        where = f"{self.path}:{line}" if line else str(self.path)
        what = f"field '{field}': " if field else ""
        super().__init__(f"{where}: {what}{message}")


class DomainError(EopsError):
    """A domain definition (schema, seed, tools, manifest) is broken."""


class DuplicateToolError(DomainError):
    """Two tools with one name: tool names are unique across every domain."""


class HarnessError(EopsError):
    """Something in the harness (not the agent's choices) went wrong; the task is an ERROR."""


class InfrastructureError(EopsError):
    """Raised by an agent when what it depends on failed for good (the model provider unreachable
    after retries, a rejected key): the task is an ERROR, excluded from pass@1 but counted, listed
    and failing the gates above --eops-max-errors. Any other exception an agent raises is its own
    failure and counts in pass@1."""

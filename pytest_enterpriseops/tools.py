"""The `@tool` decorator: a typed Python function becomes a tool with a JSON schema.

The schema comes from the signature and the docstring's `Args:` section; pydantic
builds it and validates arguments before the function runs.
"""

from __future__ import annotations

import inspect
import re
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from .errors import DomainError, DuplicateToolError

_ARGS_HEADER = re.compile(r"^\s*(Args|Arguments|Parameters):\s*$")
_SECTION_HEADER = re.compile(r"^\s*(Returns|Raises|Yields|Examples?|Notes?):\s*$")
_ARG_LINE = re.compile(r"^\s*(\*{0,2}\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """Split a Google-style docstring into (description, {arg: description})."""
    doc = inspect.cleandoc(doc or "")
    description: list[str] = []
    args: dict[str, str] = {}
    mode, current, indent = "desc", None, None
    for line in doc.splitlines():
        if _ARGS_HEADER.match(line):
            mode = "args"
            continue
        if _SECTION_HEADER.match(line):
            mode = "other"
            continue
        if mode == "desc":
            description.append(line)
        elif mode == "args" and line.strip():
            line_indent = len(line) - len(line.lstrip())
            m = _ARG_LINE.match(line)
            if m and (indent is None or line_indent <= indent):
                indent = line_indent
                current = m.group(1).lstrip("*")
                args[current] = m.group(2).strip()
            elif current:
                args[current] = (args[current] + " " + line.strip()).strip()
    return "\n".join(description).strip(), args


class ArgsBase(BaseModel):
    model_config = ConfigDict(extra="forbid")


def _strip_titles(schema: Any) -> Any:
    if isinstance(schema, dict):
        return {k: _strip_titles(v) for k, v in schema.items() if k != "title" or not isinstance(v, str)}
    if isinstance(schema, list):
        return [_strip_titles(v) for v in schema]
    return schema


@dataclass(eq=False)
class Tool:
    """A tool: its name, description, argument model and the function behind it."""

    name: str
    description: str
    fn: Callable[..., Any]
    args_model: type[BaseModel]
    origin: str
    domain: str | None = None
    parameters: dict[str, Any] = field(default_factory=dict)
    int_fields: frozenset[str] = frozenset()  # integer arguments: a JSON boolean there is refused

    def spec(self) -> dict[str, Any]:
        """A provider-neutral tool spec: name, description, JSON-schema parameters."""
        return {"name": self.name, "description": self.description, "parameters": self.parameters}

    def validate(self, args: dict[str, Any]) -> dict[str, Any]:
        """Validate arguments; raises ValueError with a message a model can act on."""
        if not isinstance(args, dict):
            raise ValueError(f"arguments must be a JSON object, got {type(args).__name__}")
        for name in self.int_fields.intersection(args):
            if isinstance(args[name], bool):  # pydantic's lax mode would take `false` as 0
                raise ValueError(f"invalid arguments for {self.name}: argument '{name}': "
                                 f"expected an integer, got {str(args[name]).lower()}")
        try:
            model = self.args_model.model_validate(args)
        except ValidationError as exc:
            raise ValueError(format_validation_error(self.name, exc)) from None
        return {name: getattr(model, name) for name in type(model).model_fields}

    def __call__(self, ctx: Any, **kwargs: Any) -> Any:
        return self.fn(ctx, **kwargs)


def format_validation_error(tool_name: str, exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(p) for p in err["loc"]) or "(arguments)"
        if err["type"] == "extra_forbidden":
            parts.append(f"unknown argument '{loc}'")
        elif err["type"] == "missing":
            parts.append(f"missing required argument '{loc}'")
        else:
            parts.append(f"argument '{loc}': {err['msg']}")
    return f"invalid arguments for {tool_name}: " + "; ".join(parts)


# Every tool ever decorated, by name. A second, different function with the same
# name is refused at import; re-importing the same module replaces its own tools.
REGISTRY: dict[str, Tool] = {}


def _build(fn: Callable[..., Any], name: str | None, description: str | None) -> Tool:
    tool_name = name or fn.__name__
    doc_desc, arg_docs = parse_docstring(fn.__doc__)
    try:
        hints = typing.get_type_hints(fn, include_extras=True)
    except Exception as exc:  # unresolved forward reference in a domain module
        raise DomainError(f"tool {tool_name}: cannot resolve type hints: {exc}") from exc
    params = list(inspect.signature(fn).parameters.values())
    if not params or params[0].name != "ctx":
        raise DomainError(f"tool {tool_name}: the first parameter must be 'ctx'")
    fields: dict[str, Any] = {}
    for p in params[1:]:
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            raise DomainError(f"tool {tool_name}: *args/**kwargs are not allowed")
        if p.name not in hints:
            raise DomainError(f"tool {tool_name}: argument '{p.name}' has no type hint")
        if p.name not in arg_docs:
            raise DomainError(f"tool {tool_name}: argument '{p.name}' is not described in the docstring's Args:")
        default = ... if p.default is p.empty else p.default
        fields[p.name] = (hints[p.name], Field(default, description=arg_docs[p.name]))
    model = create_model(f"{tool_name}_args", __base__=ArgsBase, **fields)
    desc = description or doc_desc
    if not desc:
        raise DomainError(f"tool {tool_name}: a tool needs a docstring describing what it does")
    schema = _strip_titles(model.model_json_schema())
    schema.setdefault("properties", {})
    schema.setdefault("required", [])
    ints = frozenset(n for n, (hint, _) in fields.items() if _takes_int_not_bool(hint))
    return Tool(tool_name, desc, fn, model, origin=f"{fn.__module__}.{fn.__qualname__}", parameters=schema,
                int_fields=ints)


def _takes_int_not_bool(hint: Any) -> bool:
    """`int`, `int | None`, `Annotated[int, …]` — but not a union that also takes a bool."""
    if typing.get_origin(hint) is typing.Annotated:
        return _takes_int_not_bool(typing.get_args(hint)[0])
    members = typing.get_args(hint) if typing.get_origin(hint) in (typing.Union, types.UnionType) else (hint,)
    return int in members and bool not in members


def tool(fn: Callable[..., Any] | None = None, *, name: str | None = None, description: str | None = None):
    """Decorate a function `f(ctx, ...)` to make it a tool. Usable bare or with arguments."""

    def wrap(f: Callable[..., Any]) -> Tool:
        t = _build(f, name, description)
        old = REGISTRY.get(t.name)
        if old is not None and old.origin != t.origin:
            raise DuplicateToolError(
                f"tool name '{t.name}' is defined twice: {old.origin} and {t.origin}; "
                "tool names must be unique across all domains")
        REGISTRY[t.name] = t
        return t

    return wrap(fn) if fn is not None else wrap

"""YAML loading that remembers the line of every key and list item (for error messages)."""

from __future__ import annotations

from typing import Any, Sequence

import yaml


class LineDict(dict):
    line: int = 0
    lines: dict[Any, int]


class LineList(list):
    line: int = 0
    lines: list[int]


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):  # libyaml when available
    pass


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line, out.lines = node.start_mark.line + 1, {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in out:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key '{key}'", key_node.start_mark)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = key_node.start_mark.line + 1
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> LineList:
    out = LineList(loader.construct_object(v, deep=True) for v in node.value)
    out.line, out.lines = node.start_mark.line + 1, [v.start_mark.line + 1 for v in node.value]
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)
# Timestamps stay text: the task model parses them, so errors name the field.
_Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.items()}


def load(text: str) -> Any:
    return yaml.load(text, Loader=_Loader)


def line_of(data: Any, loc: Sequence[Any]) -> int | None:
    """The line of the deepest node on `loc` that has one."""
    line = getattr(data, "line", None)
    node = data
    for part in loc:
        if isinstance(node, LineDict) and part in node:
            line = node.lines.get(part, line)
            node = node[part]
        elif isinstance(node, LineList) and isinstance(part, int) and 0 <= part < len(node):
            line = node.lines[part]
            node = node[part]
        else:
            break
    return line

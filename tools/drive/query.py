"""A safe compiler for the Drive search-query language subset used by drive_list_files.

    name contains 'budget' and mimeType != 'application/vnd.google-apps.folder'
    (mimeType contains 'video' or mimeType = 'application/zip') and size > 104857600
    modifiedTime < '2025-06-01T00:00:00' and 'FIL00012' in parents and trashed = false
    'dana.lee@arcturus.example' in writers and not starred = true

The query is tokenized and parsed here; only fixed SQL fragments are emitted and every value is a
bound parameter, so model text never becomes SQL text."""

from __future__ import annotations

import re
from typing import Any

from pytest_enterpriseops import ToolError

from .common import parse_time

_TOKEN = re.compile(r"\s*(?:(?P<str>'(?:[^'\\]|\\.)*')|(?P<num>-?\d+(?:\.\d+)?)|(?P<op><=|>=|!=|=|<|>)|"
                    r"(?P<par>[()])|(?P<word>[A-Za-z_][A-Za-z0-9_]*))")
FIELDS = {"name": "f.name", "mimetype": "f.mime_type", "modifiedtime": "f.modified_time", "createdtime": "f.created_time",
          "size": "f.size_bytes", "trashed": "f.trashed", "starred": "f.starred", "fulltext": None}
COLLECTIONS = {"parents", "owners", "writers", "readers"}
HELP = ("supported: name/fullText contains|=|!= 'text', mimeType =|!=|contains 'type', modifiedTime/createdTime "
        "<|<=|>|>=|= 'RFC 3339 time', size <|<=|>|>=|= bytes, trashed|starred = true|false, "
        "'id' in parents, 'email' in owners|writers|readers, combined with and/or/not and parentheses")


def _tokens(q: str) -> list[tuple[str, str]]:
    out, pos = [], 0
    q = q.rstrip()
    while pos < len(q):
        m = _TOKEN.match(q, pos)
        if not m or m.end() == pos:
            raise ToolError(f"invalid query near '{q[pos:pos + 20]}'; {HELP}")
        kind = m.lastgroup
        text = m.group(kind)
        if kind == "str":
            text = re.sub(r"\\(.)", r"\1", text[1:-1])
        out.append((kind, text))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, q: str, me: str):
        self.toks = _tokens(q)
        self.i = 0
        self.me = me
        self.params: list[Any] = []

    def peek(self) -> tuple[str, str] | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def take(self) -> tuple[str, str]:
        t = self.peek()
        if t is None:
            raise ToolError(f"query ends too early; {HELP}")
        self.i += 1
        return t

    def word(self, w: str) -> bool:
        t = self.peek()
        if t and t[0] == "word" and t[1].lower() == w:
            self.i += 1
            return True
        return False

    def parse(self) -> str:
        sql = self.expr()
        if self.peek() is not None:
            raise ToolError(f"unexpected '{self.peek()[1]}' in query; {HELP}")
        return sql

    def expr(self) -> str:
        parts = [self.conj()]
        while self.word("or"):
            parts.append(self.conj())
        return parts[0] if len(parts) == 1 else "(" + " OR ".join(parts) + ")"

    def conj(self) -> str:
        parts = [self.unary()]
        while self.word("and"):
            parts.append(self.unary())
        return parts[0] if len(parts) == 1 else "(" + " AND ".join(parts) + ")"

    def unary(self) -> str:
        if self.word("not"):
            return f"(NOT {self.unary()})"
        t = self.peek()
        if t == ("par", "("):
            self.i += 1
            inner = self.expr()
            if self.take() != ("par", ")"):
                raise ToolError("unbalanced parentheses in query")
            return inner
        return self.term()

    def term(self) -> str:
        kind, text = self.take()
        if kind == "str":  # 'value' in collection
            if not self.word("in"):
                raise ToolError(f"expected 'in' after '{text}'; {HELP}")
            k, coll = self.take()
            if k != "word" or coll.lower() not in COLLECTIONS:
                raise ToolError(f"unknown collection '{coll}'; use parents, owners, writers or readers")
            return self.membership(text, coll.lower())
        if kind != "word" or text.lower() not in FIELDS:
            raise ToolError(f"unknown query field '{text}'; {HELP}")
        field = text.lower()
        k, op = self.take()
        if k == "word" and op.lower() == "contains":
            op = "contains"
        elif k != "op":
            raise ToolError(f"expected an operator after {text}; {HELP}")
        vk, value = self.take()
        return self.compare(field, op, vk, value)

    def compare(self, field: str, op: str, vk: str, value: str) -> str:
        col = FIELDS[field]
        if field in ("name", "mimetype", "fulltext"):
            if vk != "str":
                raise ToolError(f"{field} needs a quoted string value")
            if op == "contains":
                if field == "fulltext":
                    self.params += [f"%{value}%", f"%{value}%"]
                    return "(f.name ILIKE ? OR coalesce(f.description, '') ILIKE ?)"
                self.params.append(f"%{value}%")
                return f"{col} ILIKE ?"
            if op not in ("=", "!="):
                raise ToolError(f"{field} supports contains, = and !=")
            if field == "fulltext":
                raise ToolError("fullText supports only contains")
            self.params.append(value)
            return f"{col} {'=' if op == '=' else '<>'} ?"
        if field in ("modifiedtime", "createdtime"):
            if vk != "str" or op == "contains":
                raise ToolError(f"{field} needs a comparison with a quoted RFC 3339 time, e.g. {field} < '2025-06-01T00:00:00'")
            self.params.append(parse_time(value, field))
            return f"{col} {'<>' if op == '!=' else op} ?"
        if field == "size":
            if vk != "num" or op == "contains":
                raise ToolError("size needs a number of bytes, e.g. size > 104857600")
            self.params.append(int(float(value)))
            return f"{col} {'<>' if op == '!=' else op} ?"
        if vk != "word" or value.lower() not in ("true", "false") or op not in ("=", "!="):
            raise ToolError(f"{field} needs = true or = false")
        self.params.append(value.lower() == "true")
        return f"{col} {'=' if op == '=' else '<>'} ?"

    def membership(self, value: str, coll: str) -> str:
        if coll == "parents":
            self.params.append(f"ROOT{self.me}" if value == "root" else value)
            return "f.parent_id = ?"
        roles = {"owners": ("owner",), "writers": ("owner", "writer"), "readers": ("owner", "writer", "commenter", "reader")}[coll]
        self.params.append(value.lower())
        marks = ", ".join(f"'{r}'" for r in roles)   # fixed role names, not model text
        return (f"EXISTS (SELECT 1 FROM drive.permission p WHERE p.file_id = f.file_id AND p.role IN ({marks}) "
                "AND lower(p.email_address) = ?)")


def compile_query(q: str, me: str) -> tuple[str, list[Any]]:
    """Drive query text -> (SQL boolean over alias f, parameters)."""
    if len(q) > 2000:
        raise ToolError("query is too long (max 2000 characters)")
    p = _Parser(q, me)
    return p.parse(), p.params

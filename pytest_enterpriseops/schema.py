"""Read a domain's schema.sql: declared relationships out, DuckDB-ready DDL in.

Authors write ordinary `REFERENCES` / `FOREIGN KEY` clauses. DuckDB's foreign keys
block updates of indexed columns of referenced rows and have no CASCADE, so the
engine keeps the declarations (for integrity checks and statistics) and strips
them from the DDL it executes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import sqlglot
from sqlglot import exp

from .errors import DomainError


@dataclass(frozen=True)
class Relationship:
    """`table.columns` references `ref_table.ref_columns` (both schema-qualified)."""

    table: str
    columns: tuple[str, ...]
    ref_table: str
    ref_columns: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.table}({', '.join(self.columns)}) -> {self.ref_table}({', '.join(self.ref_columns)})"


@dataclass
class ParsedSchema:
    ddl: list[str]
    tables: list[str]
    relationships: list[Relationship]


def _table_name(table: exp.Table) -> str:
    return ".".join(p for p in (table.db, table.name) if p)


def _ref(schema_expr: exp.Expression) -> tuple[str, tuple[str, ...]]:
    if isinstance(schema_expr, exp.Schema):
        return _table_name(schema_expr.this), tuple(e.name for e in schema_expr.expressions)
    return _table_name(schema_expr), ()


def parse_schema(path: Path) -> ParsedSchema:
    text = path.read_text()
    try:
        statements = [s for s in sqlglot.parse(text, read="duckdb") if s is not None]
    except sqlglot.errors.ParseError as exc:
        raise DomainError(f"{path}: cannot parse schema: {exc}") from exc
    ddl, tables, rels = [], [], []
    for st in statements:
        if isinstance(st, exp.Create) and st.kind == "TABLE" and isinstance(st.this, exp.Schema):
            name = _table_name(st.this.this)
            if "." not in name:
                raise DomainError(f"{path}: table '{name}' must be schema-qualified (e.g. mydomain.{name})")
            tables.append(name)
            for col in list(st.this.expressions):
                if isinstance(col, exp.ColumnDef):
                    for c in list(col.constraints):
                        if isinstance(c.kind, exp.Reference):
                            ref_table, ref_cols = _ref(c.kind.this)
                            rels.append(Relationship(name, (col.name,), ref_table, ref_cols))
                            c.pop()
                elif isinstance(col, exp.ForeignKey):
                    ref_table, ref_cols = _ref(col.args["reference"].this)
                    rels.append(Relationship(name, tuple(e.name for e in col.expressions), ref_table, ref_cols))
                    col.pop()
        ddl.append(st.sql(dialect="duckdb"))
    return ParsedSchema(ddl, tables, rels)

"""Domain invariants: policy and integrity rules that hold for every task of a domain.

`verifiers/<domain>.yaml` under the benchmark root:

    domain: itsm
    invariants:
      - name: a resolved incident has a resolution code and notes
        category: policy
        table: itsm.incident
        holds: "state <> 'Resolved' OR (resolution_code IS NOT NULL AND resolution_notes IS NOT NULL)"
        exempt: [{key: INC_0042, why: "migrated from the old tool without a code"}]

`holds` is an SQL condition on one row of `table` (alias `t`; subqueries may read any table of
the task database). The engine checks it on every task of the domain, over the rows the agent
added or changed; `eops check` also checks it over the whole seed (exempt rows aside).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .diff import quote_table
from .errors import DomainError
from .task import Category
from .yamlload import LineDict, line_of, load


class Exempt(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str | list[str]
    why: str = Field(min_length=3)

    @property
    def key_tuple(self) -> tuple[str, ...]:
        return tuple(self.key) if isinstance(self.key, list) else (self.key,)


class Invariant(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str
    category: Category
    table: str = Field(pattern=r"^\w+\.\w+$")
    holds: str = Field(min_length=1)
    exempt: list[Exempt] = []
    domain: str = ""
    path: Path = Path()
    line: int = 0

    @property
    def label(self) -> str:
        return f"invariant: {self.name}"

    @property
    def where(self) -> str:
        return f"{self.path}:{self.line}"


class _File(BaseModel):
    model_config = ConfigDict(extra="forbid")
    domain: str
    invariants: list[dict[str, Any]] = []


def load_invariants(path: Path, domain: str) -> list[Invariant]:
    """The invariants of `domain` in `path` (none if the file does not exist); errors name file:line:field."""
    if not path.exists():
        return []
    try:
        data = load(path.read_text())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise DomainError(f"{path}:{mark.line + 1 if mark else '?'}: invalid YAML: {exc}") from None
    if not isinstance(data, LineDict):
        raise DomainError(f"{path}:1: an invariants file is a mapping with 'domain' and 'invariants'")
    try:
        head = _File.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise DomainError(f"{path}:{line_of(data, err['loc']) or 1}: field '{'.'.join(map(str, err['loc']))}': "
                          f"{err['msg']}") from None
    if head.domain != domain:
        raise DomainError(f"{path}:{data.lines.get('domain', 1)}: field 'domain': '{head.domain}' "
                          f"in the file of domain '{domain}'")
    out: list[Invariant] = []
    items = data.get("invariants") or []
    for i, raw in enumerate(items):
        line = items.lines[i] if hasattr(items, "lines") else 0
        try:
            inv = Invariant.model_validate({**raw, "domain": domain, "path": path, "line": line})
        except (ValidationError, TypeError) as exc:
            if isinstance(exc, TypeError):
                raise DomainError(f"{path}:{line}: invariants[{i}] is not a mapping") from None
            err = exc.errors()[0]
            field = ".".join(map(str, err["loc"]))
            where = line_of(raw, err["loc"]) if isinstance(raw, LineDict) else line
            msg = "unknown field" if err["type"] == "extra_forbidden" else err["msg"]
            raise DomainError(f"{path}:{where or line}: field 'invariants[{i}].{field}': {msg}") from None
        _check_sql(inv)
        out.append(inv)
    names = [i.name for i in out]
    dup = sorted({n for n in names if names.count(n) > 1})
    if dup:
        raise DomainError(f"{path}: invariant names must be unique: {dup}")
    return out


def _check_sql(inv: Invariant) -> None:
    """The `holds` condition is an expression that only reads the task database."""
    from .sqlguard import check_condition

    try:
        check_condition(inv.holds, inv.table)
    except ValueError as exc:
        raise DomainError(f"{inv.where}: field 'holds': {exc}") from None


def violations(cur: Any, inv: Invariant, pk: list[str], keys: set[tuple[str, ...]] | None) -> list[str]:
    """Keys (as 'col=value' text) of rows of `inv.table` that break the invariant, exempt rows aside.

    `keys`: the primary keys to check (the rows the agent added or changed); None checks every row.
    `cur` is a read-only cursor whose default catalog is the database to check.
    """
    exempt = {e.key_tuple for e in inv.exempt}
    return [", ".join(f"{c}={v}" for c, v in zip(pk, key))
            for key in rows_where_not(cur, inv.table, pk, keys, inv.holds) if key not in exempt]


def rows_where_not(cur: Any, table: str, pk: list[str], keys: set[tuple[str, ...]] | None,
                   condition: str) -> list[tuple[str, ...]]:
    """Primary keys (as text) of the rows of `table` — among `keys`, or all rows if None — for which
    the SQL `condition` (on alias `t`) is not true."""
    if keys is not None and not keys:
        return []
    cols = ", ".join(f't."{c}"' for c in pk)
    sql = f"SELECT {cols} FROM {quote_table(table)} AS t WHERE NOT coalesce(({condition}), false)"
    params: list[Any] = []
    if keys is not None:
        n = len(pk)
        marks = ", ".join("(" + ", ".join("?" for _ in range(n)) + ")" for _ in keys)
        names = ", ".join(f"k{i}" for i in range(n))
        join = " AND ".join(f'CAST(t."{c}" AS VARCHAR) = x.k{i}' for i, c in enumerate(pk))
        sql += f" AND EXISTS (SELECT 1 FROM (VALUES {marks}) x({names}) WHERE {join})"
        params = [v for k in sorted(keys) for v in k]
    return [tuple(str(v) for v in row) for row in cur.execute(sql + f" ORDER BY {cols}", params).fetchall()]

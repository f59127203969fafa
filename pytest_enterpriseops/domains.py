"""Domains and the benchmark root they live in.

A benchmark root is a directory with `db/<domain>/schema.sql` for each domain and
`tools/<domain>.py` (or a package `tools/<domain>/`) for the domain's tools. The
engine never imports a domain by name: it discovers them here.

The installed root (`installed_root()`) is the content shipped in the wheel (the package
`pytest_enterpriseops_bench`), or the checkout itself for a clone or an editable install. A
user's own root defines its own domains and borrows any other domain it names (a task's
`domain`, a `requires:`) from the installed root: the user's root wins for the names it has.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import importlib.util
import sys
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from .errors import DomainError
from .schema import ParsedSchema, Relationship, parse_schema
from .tools import REGISTRY, Tool


DEFAULT_NOW = dt.datetime(2025, 12, 5, 10, 0, tzinfo=dt.timezone.utc)


class DomainManifest(BaseModel):
    """`db/<domain>/domain.yaml` (optional)."""

    model_config = ConfigDict(extra="forbid")
    title: str = ""
    requires: list[str] = []
    now: dt.datetime | None = None
    role_query: str | None = None
    default_user: str | None = None
    append_only: list[str] = []  # logs (audit, journal) rows may be added to freely, never changed
    # tools every task of the domain offers: the ones its policy names for the session itself (who am I)
    session_tools: list[str] = []


@dataclass
class Domain:
    name: str
    root: Path
    manifest: DomainManifest = field(default_factory=DomainManifest)

    @property
    def dir(self) -> Path:
        return self.root / "db" / self.name

    @functools.cached_property
    def schema(self) -> ParsedSchema:
        return parse_schema(self.dir / "schema.sql")

    @property
    def relationships(self) -> list[Relationship]:
        return self.schema.relationships

    @functools.cached_property
    def policy(self) -> str:
        p = self.dir / "policy.md"
        return p.read_text() if p.exists() else ""

    def seed_module(self):
        path = self.dir / "seed.py"
        if not path.exists():
            return None
        return _import_path(f"eops_seed_{self.name}", path)

    @functools.cached_property
    def tools(self) -> dict[str, Tool]:
        """The domain's tools, importing `tools/<name>.py` or `tools/<name>/` once."""
        file = self.root / "tools" / f"{self.name}.py"
        pkg = self.root / "tools" / self.name / "__init__.py"
        modname = f"eops_tools_{self.name}"
        # Hashed as imported: a source edited later in a long run must not give old code's gold
        # footprints the new code's cache key.
        self._tools_fingerprint = self._hash_tool_sources()
        if pkg.exists():
            _import_path(modname, pkg, package=True)
        elif file.exists():
            _import_path(modname, file)
        else:
            return {}
        found = {n: t for n, t in REGISTRY.items()
                 if t.fn.__module__ == modname or t.fn.__module__.startswith(modname + ".")}
        for t in found.values():
            t.domain = self.name
        return dict(sorted(found.items()))

    def tools_fingerprint(self) -> str:
        """A hash of the domain's tool sources as this process imported them (what a gold run's
        effect depends on besides the data)."""
        self.tools  # noqa: B018 - imports them, hashing the sources first
        return self._tools_fingerprint

    def _hash_tool_sources(self) -> str:
        h = hashlib.sha256()
        base = self.root / "tools"
        paths = [base / f"{self.name}.py"] + sorted((base / self.name).rglob("*.py"))
        for p in paths:
            if p.is_file():
                h.update(str(p.relative_to(base)).encode())
                h.update(p.read_bytes())
        return h.hexdigest()

    @functools.cached_property
    def invariants(self) -> list:
        """The domain's invariants (`verifiers/<name>.yaml` under the benchmark root), if any."""
        from .invariants import load_invariants

        return load_invariants(self.root / "verifiers" / f"{self.name}.yaml", self.name)

    def fingerprint(self) -> str:
        """A hash of every data file of the domain (schema, seed, manifest, data)."""
        h = hashlib.sha256()
        for p in sorted(self.dir.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc":
                h.update(str(p.relative_to(self.dir)).encode())
                h.update(p.read_bytes())
        return h.hexdigest()


def _import_path(modname: str, path: Path, package: bool = False):
    existing = sys.modules.get(modname)
    if existing is not None and getattr(existing, "__file__", None) == str(path):
        return existing
    spec = importlib.util.spec_from_file_location(
        modname, path, submodule_search_locations=[str(path.parent)] if package else None)
    if spec is None or spec.loader is None:
        raise DomainError(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        sys.modules.pop(modname, None)
        raise
    return module


CONTENT_PACKAGE = "pytest_enterpriseops_bench"


def installed_root() -> Path | None:
    """The benchmark root that ships with the engine: the wheel's content package, else the
    checkout this engine was imported from (a clone, an editable install); None if neither."""
    spec = importlib.util.find_spec(CONTENT_PACKAGE)
    candidates = [Path(p) for p in (spec.submodule_search_locations or [])] if spec else []
    candidates.append(Path(__file__).resolve().parents[1])
    for c in candidates:
        if _is_root(c):
            return c.resolve()
    return None


def first_role(roles: dict[str, str | None], names) -> str | None:
    """The role in the first of `names` that gives the user one (what a single-role caller sees)."""
    return next((roles[n] for n in names if roles.get(n)), None)


class DomainMap(dict):
    """The domains of a root; a name it lacks is looked up in the fallback root (and kept)."""

    def __init__(self, fallback: Path | None):
        super().__init__()
        self._fallback = fallback

    def _borrow(self, name: str) -> Domain | None:
        if self._fallback is None or not isinstance(name, str):
            return None
        d = self._fallback / "db" / name
        if not (d / "schema.sql").is_file():
            return None
        dom = Domain(name, self._fallback, _load_manifest(d))
        self[name] = dom
        return dom

    def __missing__(self, name: str) -> Domain:
        dom = self._borrow(name)
        if dom is None:
            raise KeyError(name)
        return dom

    def __contains__(self, name: object) -> bool:
        return dict.__contains__(self, name) or self._borrow(name) is not None  # type: ignore[arg-type]

    def get(self, name, default=None):
        return self[name] if name in self else default


class Benchmark:
    """A benchmark root and its domains (its own, then those it borrows from the installed root)."""

    def __init__(self, root: Path, fallback: Path | None | bool = True):
        self.root = root.resolve()
        if fallback is True:
            fallback = installed_root()
        self.fallback: Path | None = None if not fallback or fallback == self.root else fallback
        self.domains: DomainMap = DomainMap(self.fallback)
        db = self.root / "db"
        for d in sorted(db.iterdir()) if db.is_dir() else []:
            if (d / "schema.sql").exists():
                dict.__setitem__(self.domains, d.name, Domain(d.name, self.root, _load_manifest(d)))
        for dom in list(self.domains.values()):
            for req in dom.manifest.requires:
                if req not in self.domains:
                    raise DomainError(f"{dom.dir / 'domain.yaml'}: requires unknown domain '{req}'")

    def available(self) -> list[str]:
        """Every domain a task here may name: this root's and the installed root's."""
        names = set(self.domains)
        if self.fallback is not None:
            names |= {d.name for d in (self.fallback / "db").iterdir() if (d / "schema.sql").is_file()}
        return sorted(names)

    def closure(self, names) -> list[str]:
        """The given domains plus everything they require, in dependency order."""
        order: list[str] = []

        def visit(n: str, stack: tuple[str, ...]) -> None:
            if n in order:
                return
            if n in stack:
                raise DomainError(f"circular 'requires' between domains: {' -> '.join(stack + (n,))}")
            for r in self.domains[n].manifest.requires:
                visit(r, stack + (n,))
            order.append(n)

        for n in sorted(names):
            visit(n, ())
        return order

    def all_tools(self, names) -> dict[str, Tool]:
        out: dict[str, Tool] = {}
        for n in self.closure(names):
            out.update(self.domains[n].tools)
        return out

    def session_tools(self, names) -> list[str]:
        """Tools offered in every task of these domains (domain.yaml `session_tools`), in dependency order."""
        out: list[str] = []
        for n in self.closure(names):
            tools = self.domains[n].tools
            for t in self.domains[n].manifest.session_tools:
                if t not in tools:
                    raise DomainError(f"db/{n}/domain.yaml: session_tools names '{t}', which is not a tool of {n}")
                if t not in out:
                    out.append(t)
        return out

    def task_tools(self, task) -> list[str]:
        """The task's own tools and, after them, its domains' session tools it does not list."""
        return list(task.tools) + [t for t in self.session_tools(task.domain_list) if t not in task.tools]

    def default_now(self, names) -> dt.datetime:
        """The frozen clock of the last domain in dependency order that sets one."""
        for n in reversed(self.closure(names)):
            if self.domains[n].manifest.now:
                return self.domains[n].manifest.now
        return DEFAULT_NOW

    def role_of(self, cursor, names, user_id: str) -> str | None:
        """The acting user's role, from the first of these domains whose role_query knows them."""
        return first_role(self.roles_of(cursor, names, user_id), names)

    def roles_of(self, cursor, names, user_id: str) -> dict[str, str | None]:
        """The acting user's role in each of these domains (and their dependencies) that maps
        people to roles: in a hybrid task a tool checks the role of its own domain."""
        out: dict[str, str | None] = {}
        for n in self.closure(names):
            q = self.domains[n].manifest.role_query
            if q:
                row = cursor.execute(q, [user_id]).fetchone()
                out[n] = row[0] if row and row[0] else None
        return out

    def append_only(self, names) -> set[str]:
        return {t for n in self.closure(names) for t in self.domains[n].manifest.append_only}

    def invariants(self, names) -> list:
        return [inv for n in self.closure(names) for inv in self.domains[n].invariants]

    def relationships(self, names) -> list[Relationship]:
        return [r for n in self.closure(names) for r in self.domains[n].relationships]

    @staticmethod
    def find_root(start: Path) -> Path | None:
        return _find_root(str(start))


@functools.lru_cache(maxsize=4096)
def _find_root(start: str) -> Path | None:
    """The nearest directory at or above `start` with db/<domain>/schema.sql (memoized per directory)."""
    p = Path(start)
    if _is_root(p):
        return p
    return None if p.parent == p else _find_root(str(p.parent))


def _is_root(p: Path) -> bool:
    return (p / "db").is_dir() and any((p / "db").glob("*/schema.sql"))


def _load_manifest(d: Path) -> DomainManifest:
    path = d / "domain.yaml"
    if not path.exists():
        return DomainManifest()
    try:
        return DomainManifest.model_validate(yaml.safe_load(path.read_text()) or {})
    except (ValidationError, yaml.YAMLError) as exc:
        raise DomainError(f"{path}: {exc}") from exc


@functools.lru_cache(maxsize=None)
def benchmark_for(root: Path) -> Benchmark:
    return Benchmark(root)

"""`eops domains`, `eops tools`, `eops schema`, `eops sql`: what a benchmark root holds, without running a task.

Everything is read from the same objects the engine uses: `Domain.tools` (and `Tool.spec()`, the spec an
agent gets), `Domain.schema` (declared relationships), and the domain's cached template opened through
the engine's sandbox with its read-only cursor.
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path
from typing import Any

from .text_table import emit, render_table


class DiscoveryError(Exception):
    """Bad input to a discovery command (unknown domain, no benchmark root, rejected SQL): exit code 2."""


def add_parsers(sub: Any) -> None:
    def common(p: argparse.ArgumentParser) -> None:
        p.add_argument("--json", action="store_true", help="print JSON instead of a table")
        p.add_argument("--root", default=None, help="benchmark root (default: the nearest one at or above the cwd)")

    common(sub.add_parser("domains", help="every domain of the benchmark: tables, tools, tasks, seed rows"))
    for name, help_ in (("tools", "a domain's tools: name, description, arguments"),
                        ("schema", "a domain's tables, columns, primary keys, relationships, row counts")):
        p = sub.add_parser(name, help=help_)
        p.add_argument("domain")
        common(p)
    p = sub.add_parser("sql", help="a read-only SELECT on a fresh copy of a domain's template")
    p.add_argument("domain")
    p.add_argument("query")
    p.add_argument("--limit", type=int, default=200, help="print at most N rows (default 200)")
    common(p)


def run(args: argparse.Namespace) -> int:
    from ..errors import EopsError

    try:
        bench = _bench(args.root)
        if args.command == "domains":
            data: Any = domains_info(bench)
            text = _domains_text(data)
        else:
            dom = _domain(bench, args.domain)
            if args.command == "tools":
                data = tools_info(dom)
                text = _tools_text(data)
            elif args.command == "schema":
                data = schema_info(bench, dom.name)
                text = _schema_text(data)
            else:
                data = run_sql(bench, dom.name, args.query, args.limit)
                text = render_table(data["columns"], data["rows"]) + _more(data)
    except (DiscoveryError, EopsError) as exc:  # EopsError: a broken domain (schema, seed, manifest, tools)
        print(f"eops {args.command}: {exc}")
        return 2
    emit(json.dumps(data, indent=2, default=str) if args.json else text)
    return 0


def _bench(root: str | None):
    from ..domains import Benchmark

    start = Path(root or ".").resolve()
    found = Benchmark.find_root(start) if root is None else (start if (start / "db").is_dir() else None)
    if found is None:
        raise DiscoveryError(f"no benchmark root (a directory with db/<domain>/schema.sql) at or above {start}")
    return Benchmark(found)


def _domain(bench, name: str):
    if name not in bench.domains:
        raise DiscoveryError(f"unknown domain '{name}' (domains: {', '.join(bench.domains) or 'none'})")
    return bench.domains[name]


def _tasks_by_domain(bench) -> dict[str, list]:
    from ..errors import EopsError
    from ..task import load_task
    from .discover import task_files

    out: dict[str, list] = defaultdict(list)
    tasks_dir = bench.root / "tasks"
    for f in task_files(str(tasks_dir)) if tasks_dir.is_dir() else []:
        try:
            t = load_task(f)
        except EopsError:
            continue  # `eops check` reports invalid files; here they are not tasks
        out[t.domain or "hybrid"].append(t)
    return out


def _row_counts(bench, name: str) -> dict[str, int]:
    from .. import sandbox

    db = sandbox.TaskDatabase(sandbox.template(bench, [name]))
    try:
        cur = db.read_cursor("start")
        own = set(bench.domains[name].schema.tables)
        return {t: cur.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in sandbox.tables_of(cur) if t in own}
    finally:
        db.close()


def domains_info(bench) -> list[dict[str, Any]]:
    by_domain = _tasks_by_domain(bench)
    out = []
    for name, dom in bench.domains.items():
        tasks = by_domain.get(name, [])
        out.append({"name": name, "title": dom.manifest.title, "requires": dom.manifest.requires,
                    "tables": len(dom.schema.tables), "tools": len(dom.tools), "tasks": len(tasks),
                    "infeasible": sum(not t.feasible for t in tasks),
                    "seed_rows": sum(_row_counts(bench, name).values())})
    if by_domain.get("hybrid"):
        h = by_domain["hybrid"]
        out.append({"name": "hybrid", "title": "tasks spanning several domains", "requires": [], "tables": 0,
                    "tools": 0, "tasks": len(h), "infeasible": sum(not t.feasible for t in h), "seed_rows": 0})
    return out


def _arguments(params: dict[str, Any]) -> list[dict[str, Any]]:
    required = set(params.get("required", []))
    out = []
    for name, p in (params.get("properties") or {}).items():
        out.append({"name": name, "type": _type_of(p), "required": name in required,
                    "default": p.get("default"), "description": p.get("description", "")})
    return out


def _type_of(p: dict[str, Any]) -> str:
    if "enum" in p:
        return "|".join(json.dumps(v) for v in p["enum"])
    if "anyOf" in p:
        return " | ".join(_type_of(x) for x in p["anyOf"])
    t = p.get("type", "any")
    if t == "array":
        return f"array[{_type_of(p.get('items') or {})}]"
    return str(t)


def tools_info(dom) -> list[dict[str, Any]]:
    return [{"name": t.name, "description": spec["description"], "arguments": _arguments(spec["parameters"])}
            for t in dom.tools.values() for spec in [t.spec()]]


def schema_info(bench, name: str) -> dict[str, Any]:
    from .. import sandbox

    dom = bench.domains[name]
    own = dom.schema.tables
    db = sandbox.TaskDatabase(sandbox.template(bench, [name]))
    try:
        cur = db.read_cursor("start")
        cat = cur.execute("SELECT current_database()").fetchone()[0]
        cols: dict[str, list] = defaultdict(list)
        for schema, table, column, dtype, nullable in cur.execute(
                "SELECT table_schema, table_name, column_name, data_type, is_nullable FROM information_schema.columns "
                "WHERE table_catalog = ? ORDER BY table_schema, table_name, ordinal_position", [cat]).fetchall():
            cols[f"{schema}.{table}"].append({"name": column, "type": dtype, "nullable": nullable == "YES"})
        pks = {t: info["pk"] for t, info in sandbox.tables_of(cur).items()}
        rows = {t: cur.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in own if t in cols}
    finally:
        db.close()
    rels = dom.relationships
    tables = [{"name": t, "rows": rows.get(t, 0), "primary_key": pks.get(t, []), "columns": cols.get(t, []),
               "references": [{"columns": list(r.columns), "table": r.ref_table, "ref_columns": list(r.ref_columns)}
                              for r in rels if r.table == t]} for t in own]
    return {"domain": name, "title": dom.manifest.title, "requires": bench.closure([name])[:-1], "tables": tables,
            "relationships": [str(r) for r in rels]}


def run_sql(bench, name: str, query: str, limit: int = 200) -> dict[str, Any]:
    """One SELECT on a fresh copy of the domain's template, accepted only if a verifier could run it."""
    import duckdb

    from .. import sandbox
    from ..sqlguard import SqlRejected, check_query

    try:
        check_query(query)
    except SqlRejected as exc:
        raise DiscoveryError(f"not a verifier query: {exc}") from None
    db = sandbox.TaskDatabase(sandbox.template(bench, [name]))
    try:
        cur = db.read_cursor("start")
        try:
            cur.execute(query)
        except duckdb.Error as exc:
            raise DiscoveryError(str(exc).splitlines()[0]) from None
        columns = [d[0] for d in cur.description or []]
        fetched = cur.fetchmany(max(limit, 0) + 1)
    finally:
        db.close()
    return {"columns": columns, "rows": [list(r) for r in fetched[:limit]], "truncated": len(fetched) > limit}


def _more(data: dict[str, Any]) -> str:
    n = len(data["rows"])
    return f"\n({n} row{'s' if n != 1 else ''}{', more not shown (--limit)' if data['truncated'] else ''})"


def _domains_text(data: list[dict[str, Any]]) -> str:
    cols = ["domain", "title", "tables", "tools", "tasks", "infeasible", "seed rows"]
    return render_table(cols, [[d["name"], d["title"], d["tables"], d["tools"], d["tasks"], d["infeasible"],
                                d["seed_rows"]] for d in data])


def _tools_text(data: list[dict[str, Any]]) -> str:
    parts = []
    for t in data:
        lines = [f"{t['name']}: {t['description']}"]
        for a in t["arguments"]:
            flag = "required" if a["required"] else f"default {json.dumps(a['default'])}"
            about = f": {a['description']}" if a["description"] else ""
            lines.append(f"    {a['name']} ({a['type']}, {flag}){about}")
        if not t["arguments"]:
            lines.append("    (no arguments)")
        parts.append("\n".join(lines))
    return "\n\n".join(parts) + f"\n\n{len(data)} tools"


def _schema_text(data: dict[str, Any]) -> str:
    parts = []
    for t in data["tables"]:
        head = f"{t['name']}  ({t['rows']} rows; primary key: {', '.join(t['primary_key']) or 'none'})"
        refs = {c: f"-> {r['table']}({', '.join(r['ref_columns'])})" for r in t["references"] for c in r["columns"]}
        rows = [[c["name"], c["type"], "" if c["nullable"] else "not null", refs.get(c["name"], "")]
                for c in t["columns"]]
        parts.append(head + "\n" + render_table(["column", "type", "null", "references"], rows, indent=2))
    tail = f"\n\n{len(data['tables'])} tables, {len(data['relationships'])} relationships"
    if data["requires"]:
        tail += f"; the tables of {', '.join(data['requires'])} are there too (eops schema {data['requires'][0]})"
    return "\n\n".join(parts) + tail

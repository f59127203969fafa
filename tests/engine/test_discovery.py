"""eops domains / tools / schema / sql / show: run as a user runs them, checked against the engine's own objects."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pytest_enterpriseops import sandbox
from pytest_enterpriseops.cli.main import main
from pytest_enterpriseops.domains import Benchmark
from tests.conftest import FIXTURE_BENCH

REPO = Path(__file__).resolve().parents[2]


def _run(capsys, *argv: str) -> tuple[int, str]:
    rc = main(list(argv))
    return rc, capsys.readouterr().out


def _json(capsys, *argv: str):
    rc, out = _run(capsys, *argv, "--json")
    assert rc == 0, out
    return json.loads(out)


def test_domains_counts_tables_tools_tasks_and_seed_rows(capsys, monkeypatch):
    monkeypatch.chdir(FIXTURE_BENCH / "tasks")  # the root is found above the cwd
    (demo,) = _json(capsys, "domains")
    dom = Benchmark(FIXTURE_BENCH).domains["demo"]
    tasks = sorted((FIXTURE_BENCH / "tasks" / "demo").glob("*.yaml"))
    infeasible = sum("feasible: false" in p.read_text() for p in tasks)
    assert demo["name"] == "demo" and demo["title"] == dom.manifest.title
    assert (demo["tables"], demo["tools"], demo["tasks"]) == (len(dom.schema.tables), len(dom.tools), len(tasks))
    assert demo["infeasible"] == infeasible == 1
    assert demo["seed_rows"] > 100
    rc, text = _run(capsys, "domains")
    assert rc == 0 and text.splitlines()[0].split()[:2] == ["domain", "title"] and "demo" in text


def test_tools_are_the_specs_the_agent_gets(capsys):
    tools = _json(capsys, "tools", "demo", "--root", str(FIXTURE_BENCH))
    specs = {t.name: t.spec() for t in Benchmark(FIXTURE_BENCH).domains["demo"].tools.values()}
    assert [t["name"] for t in tools] == sorted(specs)
    by_name = {t["name"]: t for t in tools}
    find = {a["name"]: a for a in by_name["find_tickets"]["arguments"]}
    assert find["limit"] == {"name": "limit", "type": "integer", "required": False, "default": 20,
                             "description": specs["find_tickets"]["parameters"]["properties"]["limit"]["description"]}
    assert find["state"]["type"].startswith('"new"|"in_progress"')
    assigned = {a["name"]: a for a in by_name["assign_ticket"]["arguments"]}
    assert assigned["ticket_id"]["required"] and assigned["ticket_id"]["type"] == "string"
    assert by_name["assign_ticket"]["description"] == specs["assign_ticket"]["description"]
    rc, text = _run(capsys, "tools", "demo", "--root", str(FIXTURE_BENCH))
    assert rc == 0 and "    ticket_id (string, required): " in text and text.rstrip().endswith(f"{len(specs)} tools")


def test_unknown_domain_and_missing_root_exit_2(capsys, tmp_path):
    rc, out = _run(capsys, "tools", "nosuch", "--root", str(FIXTURE_BENCH))
    assert rc == 2 and "unknown domain 'nosuch'" in out and "demo" in out
    rc, out = _run(capsys, "schema", "demo", "--root", str(tmp_path))
    assert rc == 2 and "no benchmark root" in out


def test_schema_tables_columns_keys_relationships_and_rows(capsys):
    data = _json(capsys, "schema", "demo", "--root", str(FIXTURE_BENCH))
    tables = {t["name"]: t for t in data["tables"]}
    assert list(tables) == Benchmark(FIXTURE_BENCH).domains["demo"].schema.tables
    ticket = tables["demo.ticket"]
    assert ticket["primary_key"] == ["ticket_id"]
    cols = {c["name"]: c for c in ticket["columns"]}
    assert cols["number"]["type"] == "VARCHAR" and not cols["number"]["nullable"] and cols["assignee_id"]["nullable"]
    assert {"columns": ["assignee_id"], "table": "demo.person", "ref_columns": ["person_id"]} in ticket["references"]
    assert "demo.ticket(caller_id) -> demo.person(person_id)" in data["relationships"]
    assert data["requires"] == []
    db = sandbox.TaskDatabase(sandbox.template(Benchmark(FIXTURE_BENCH), ["demo"]))
    try:
        cur = db.read_cursor("start")
        assert ticket["rows"] == cur.execute("SELECT count(*) FROM demo.ticket").fetchone()[0] > 0
    finally:
        db.close()


def test_sql_runs_a_select_and_refuses_everything_a_verifier_may_not(capsys):
    root = str(FIXTURE_BENCH)
    data = _json(capsys, "sql", "demo", "SELECT number, state FROM demo.ticket ORDER BY number LIMIT 2",
                 "--root", root)
    assert data["columns"] == ["number", "state"] and data["rows"][0][0] == "T000001" and not data["truncated"]
    rc, text = _run(capsys, "sql", "demo", "SELECT number FROM demo.ticket ORDER BY number", "--limit", "3",
                    "--root", root)
    assert rc == 0 and text.splitlines()[:3] == ["number", "-------", "T000001"] and "more not shown" in text
    for bad in ("DELETE FROM demo.ticket", "SELECT 1; DELETE FROM demo.ticket",
                "COMMIT; UPDATE demo.ticket SET state = 'closed'", "SELECT * FROM read_csv('/etc/passwd')"):
        rc, out = _run(capsys, "sql", "demo", bad, "--root", root)
        assert rc == 2 and "not a verifier query" in out, (bad, out)
    rc, out = _run(capsys, "sql", "demo", "SELECT nope FROM demo.ticket", "--root", root)
    assert rc == 2 and "nope" in out
    after = _json(capsys, "sql", "demo", "SELECT count(*) AS n FROM demo.ticket", "--root", root)
    assert after["rows"][0][0] > 0  # the template was not touched


def test_show_hides_the_gold_unless_asked(capsys, monkeypatch):
    monkeypatch.chdir(FIXTURE_BENCH)
    rc, text = _run(capsys, "show", "demo-assign-to-lead")
    assert rc == 0
    assert "as_user:  U001 (role: admin)" in text and "now:      2025-12-05T10:00:00+00:00" in text
    assert "tools:    get_ticket, list_ticket_teams, assign_ticket, add_ticket_comment" in text
    assert "[completion] assigned to the team lead  (line 20)" in text and "[side_effect] nothing else touched" in text
    for secret in ("TEAM4", "Routed to the Facilities", "SELECT", "U004"):  # plan, solution, verifier SQL, response
        assert secret not in text, secret
    info = _json(capsys, "show", "demo-assign-to-lead")
    assert "solution" not in info and all("sql" not in v for v in info["verifiers"])
    assert info["tags"] == ["assignment"] and info["feasible"] is True
    gold = _json(capsys, "show", str(FIXTURE_BENCH / "tasks/demo/demo-assign-to-lead.yaml"), "--gold")
    assert gold["solution"][2] == {"tool": "assign_ticket", "args": {"ticket_id": "TKT_0001", "assignee_id": "U004"}}
    assert gold["verifiers"][0]["sql"].startswith("SELECT assignee_id") and gold["verifiers"][0]["expect"] == "U004"
    assert "TEAM4" in gold["plan"] and gold["response"]
    rc, text = _run(capsys, "show", "demo-assign-to-lead", "--gold")
    assert "3. assign_ticket {\"ticket_id\": \"TKT_0001\", \"assignee_id\": \"U004\"}" in text


def test_show_unknown_task_exits_2(capsys, monkeypatch):
    monkeypatch.chdir(FIXTURE_BENCH)
    rc, out = _run(capsys, "show", "no-such-task")
    assert rc == 2 and "no task 'no-such-task'" in out


@pytest.mark.skipif(not (REPO / "db" / "itsm" / "schema.sql").exists(), reason="needs the shipped itsm domain")
def test_a_shipped_domain(capsys, monkeypatch):
    monkeypatch.chdir(REPO)
    bench = Benchmark(REPO)
    tools = _json(capsys, "tools", "itsm")
    assert [t["name"] for t in tools] == sorted(bench.domains["itsm"].tools) and len(tools) > 50
    schema = _json(capsys, "schema", "itsm")
    assert [t["name"] for t in schema["tables"]] == bench.domains["itsm"].schema.tables
    assert len(schema["relationships"]) == len(bench.domains["itsm"].relationships) > 0
    assert schema["requires"] == bench.domains["itsm"].manifest.requires == ["org"]
    first = schema["tables"][0]["name"]
    data = _json(capsys, "sql", "itsm", f"SELECT count(*) AS n FROM {first}")
    assert data["rows"] == [[schema["tables"][0]["rows"]]]
    task = sorted((REPO / "tasks" / "itsm").rglob("*.yaml"))[0]
    info = _json(capsys, "show", str(task))
    assert info["domain"] == "itsm" and info["role"], info  # every shipped task's user is known to its domain


def test_show_offers_what_a_run_with_that_tools_mode_offers(capsys, monkeypatch):
    monkeypatch.chdir(FIXTURE_BENCH)
    own = ["get_ticket", "list_ticket_teams", "assign_ticket", "add_ticket_comment"]
    assert _json(capsys, "show", "demo-assign-to-lead")["offered_tools"] == own
    plus2 = _json(capsys, "show", "demo-assign-to-lead", "--tools", "plus2")["offered_tools"]
    domain_tools = set(Benchmark(FIXTURE_BENCH).domains["demo"].tools)
    assert plus2[:4] == own and len(plus2) == 6 and set(plus2) <= domain_tools
    assert set(_json(capsys, "show", "demo-assign-to-lead", "--tools", "domain")["offered_tools"]) == domain_tools
    rc, out = _run(capsys, "show", "demo-assign-to-lead", "--tools", "bogus")
    assert rc == 2 and "unknown tools mode 'bogus'" in out


def _readme_section(title: str) -> str:
    text = (REPO / "README.md").read_text()
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end > 0 else None]


@pytest.mark.skipif(not (REPO / "db" / "itsm" / "schema.sql").exists(), reason="needs the shipped domains")
def test_readme_discovery_examples_run(capsys, monkeypatch):
    """Every `eops domains/tools/schema/show/sql` line of 'Finding your way around' runs and prints something."""
    import shlex

    monkeypatch.chdir(REPO)
    commands = [shlex.split(line.split("  #")[0]) for line in _readme_section("Finding your way around").splitlines()
                if line.startswith("    eops ")]
    names = [c[1] for c in commands]
    assert {"tools", "schema", "show", "sql"} <= set(names), names
    for cmd in commands:
        if cmd[1] == "domains":
            continue  # counts every shipped task: covered on the fixture bench above
        rc, out = _run(capsys, *cmd[1:])
        assert rc == 0 and out.strip(), (cmd, out)
        if cmd[1] == "sql":
            assert "(1 row)" in out, out  # the example's record exists


def test_show_a_task_whose_setup_fails_exits_2(capsys, tmp_path):
    import shutil

    root = tmp_path / "bench"
    for name in ("db", "tools", "tasks"):
        shutil.copytree(FIXTURE_BENCH / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    path = root / "tasks" / "demo" / "demo-assign-to-lead.yaml"
    path.write_text(path.read_text().replace("as_user: U001\n", "as_user: U001\nsetup: UPDATE demo.nosuch SET x = 1\n"))
    rc, out = _run(capsys, "show", str(path))
    assert rc == 2 and "setup SQL failed" in out and "demo-assign-to-lead.yaml:1" in out, out


def test_a_broken_domain_is_reported_not_a_traceback(capsys, tmp_path):
    import shutil

    root = tmp_path / "bench"
    for name in ("db", "tools"):
        shutil.copytree(FIXTURE_BENCH / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    schema = root / "db" / "demo" / "schema.sql"
    schema.write_text(schema.read_text() + "\nCREATE TABLE unqualified (x INTEGER);\n")
    rc, out = _run(capsys, "schema", "demo", "--root", str(root))
    assert rc == 2 and "must be schema-qualified" in out, out


def test_eops_help_lists_the_commands_without_heavy_imports():
    import subprocess
    import sys

    code = ("import sys, io, contextlib\n"
            "from pytest_enterpriseops.cli.main import main\n"
            "buf = io.StringIO()\n"
            "with contextlib.redirect_stdout(buf):\n"
            "    try: main(['--help'])\n"
            "    except SystemExit: pass\n"
            "print([m for m in ('duckdb', 'sqlglot', 'pydantic', 'rich') if m in sys.modules])\n"
            "print(buf.getvalue())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[0] == "[]", out
    for name in ("domains", "tools", "schema", "show", "sql", "export"):
        assert name in out

"""The README's examples are real: its task example loads, passes with the oracle and fails with
noop against the shipped domains, and its conftest example plugs an agent into a pytest run."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pytest_enterpriseops.cli.main import main

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text()


def _block(lang: str, contains: str) -> str:
    blocks = re.findall(rf"```{lang}\n(.*?)```", README, flags=re.S)
    found = [b for b in blocks if contains in b]
    assert len(found) == 1, f"README has {len(found)} ```{lang} blocks with {contains!r}"
    return found[0]


TASK = _block("yaml", "\nverifiers:")
CONFTEST = _block("python", "the pytest way to plug your agent product in")  # the runnable one
TASK_ID = re.search(r"^id: (\S+)", TASK, flags=re.M).group(1)
DOMAIN = re.search(r"^domain: (\S+)", TASK, flags=re.M).group(1)


def _user_root(root: Path) -> Path:
    """A user's repo holding the README task; its domain comes from the installed benchmark."""
    (root / "db" / "mine").mkdir(parents=True)
    (root / "db" / "mine" / "schema.sql").write_text("CREATE SCHEMA mine;\nCREATE TABLE mine.x (id VARCHAR PRIMARY KEY);\n")
    (root / "tasks" / DOMAIN).mkdir(parents=True)
    path = root / "tasks" / DOMAIN / f"{TASK_ID}.yaml"
    path.write_text(TASK)
    return path


def test_readme_task_is_not_a_shipped_task():
    assert not list((REPO / "tasks").rglob(f"{TASK_ID}.yaml"))


def test_readme_task_passes_the_quality_gates(tmp_path, capsys):
    path = _user_root(tmp_path)
    rc = main(["check", str(path)])
    out = capsys.readouterr().out
    assert rc == 0, out  # valid, gold passes, noop fails, no unverified writes, provenance, answer…
    assert f"✓ {TASK_ID}" in out


def test_readme_task_with_oracle_and_noop(pytester):
    _user_root(pytester.path)
    pytester.makeini("[pytest]\n")
    res = pytester.runpytest("tasks", "--agent=oracle", "-p", "no:cacheprovider")
    res.assert_outcomes(passed=1)
    res = pytester.runpytest("tasks", "--agent=noop", "-p", "no:cacheprovider")
    res.assert_outcomes(failed=1)


def test_readme_conftest_plugs_in_an_agent(pytester):
    _user_root(pytester.path)
    pytester.makeini("[pytest]\n")
    pytester.makeconftest(CONFTEST)
    res = pytester.runpytest("tasks", "-p", "no:cacheprovider", "--eops-out", "out")
    res.assert_outcomes(failed=1)  # the example agent only looks: the task's verifiers catch that
    (record,) = [json.loads(p.read_text()) for p in (pytester.path / "out").rglob("*.json")
                 if p.name not in ("run.json", "summary.json")]
    assert record["agent"]["name"] == "my-agent"
    assert "find_incident_by_number" in json.dumps(record["transcript"])
    assert record["final_answer"].startswith("INC0010009 is ")  # the call the example makes is a valid one

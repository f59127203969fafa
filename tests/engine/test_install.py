"""The built wheel carries the benchmark: install it in a fresh venv outside the repo and run a
few of one domain's tasks from there, and a user's own repo with its own domain next to them.

Offline by design: the wheel is built without build isolation (setuptools + wheel of the dev
venv) and installed with --no-deps; the fresh venv sees the dev venv's dependencies through a
.pth line (a plain path: the dev venv's editable install of the engine is not activated), so the
engine imported there is the wheel's copy, which the test checks.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BUILD_INPUTS = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "pytest_enterpriseops",
                "db", "tools", "tasks", "verifiers", "agents")

pytestmark = pytest.mark.slow  # ~30 s: a wheel build, a venv, two pytest runs


def _run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: int = 300) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    top = tmp_path_factory.mktemp("install")
    src = top / "src"
    src.mkdir()
    for name in BUILD_INPUTS:  # build from a copy: building in the checkout would leave build/ there
        p = REPO / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info"))
        else:
            shutil.copy2(p, src / name)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "VIRTUAL_ENV"))}
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    wheels = top / "wheels"
    r = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
              "-w", str(wheels), str(src)], top, env)
    assert r.returncode == 0, r.stdout + r.stderr
    (wheel,) = wheels.glob("pytest_enterpriseops-*.whl")

    venv = top / "venv"
    base_python = getattr(sys, "_base_executable", None) or sys.executable
    r = _run([base_python, "-m", "venv", str(venv)], top, env)
    assert r.returncode == 0, r.stdout + r.stderr
    py = venv / "bin" / "python"
    purelib = Path(_run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        top, env).stdout.strip())
    (purelib / "eops-test-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    r = _run([str(py), "-m", "pip", "install", "--no-deps", "-q", str(wheel)], top, env)
    assert r.returncode == 0, r.stdout + r.stderr
    return {"top": top, "py": py, "eops": venv / "bin" / "eops", "env": env, "purelib": purelib}


def test_wheel_runs_a_domain_from_outside_the_repo(installed):
    top, env = installed["top"], installed["env"]
    work = top / "elsewhere"
    work.mkdir()
    r = _run([str(installed["eops"]), "path"], work, env)
    assert r.returncode == 0, r.stderr
    root = Path(r.stdout.strip())
    assert root == installed["purelib"] / "pytest_enterpriseops_bench"
    assert REPO not in root.parents
    engine = _run([str(installed["py"]), "-c", "import pytest_enterpriseops; print(pytest_enterpriseops.__file__)"],
                  work, env).stdout.strip()
    assert Path(engine).is_relative_to(installed["purelib"]), engine  # the wheel's engine, not the checkout's

    before = sorted(p for p in root.rglob("*") if "__pycache__" not in p.parts)
    r = _run([str(installed["py"]), "-m", "pytest", str(root / "tasks" / "hr"), "--agent=oracle", "-q",
              "-p", "no:cacheprovider", "-k", "hr-access-review-payroll-and-hr-drive or hr-apply-due-salary-changes",
              "--rootdir", str(root)], work, env)  # the worst case: pytest's rootdir inside the installed content
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert " passed" in out and "failed" not in out and "error" not in out.split("results:")[-1], out
    passed = int(out.rsplit(" passed", 1)[0].split()[-1])
    assert passed > 0
    # no --eops-out and the rootdir inside the install: the results go under the current directory instead
    assert len(list((work / ".eops" / "runs").glob("*/summary.json"))) == 1, out
    after = sorted(p for p in root.rglob("*") if "__pycache__" not in p.parts)
    assert after == before, "the run wrote inside the installed content"


def test_user_repo_next_to_installed_domains(installed):
    """A user's repo: its own domain (requiring the installed `org`) and a task of an installed domain."""
    top, env = installed["top"], installed["env"]
    repo = top / "myrepo"
    (repo / "db" / "helpdesk").mkdir(parents=True)
    (repo / "db" / "helpdesk" / "schema.sql").write_text(textwrap.dedent("""\
        CREATE SCHEMA helpdesk;
        CREATE TABLE helpdesk.request (
            request_id VARCHAR PRIMARY KEY,
            person_id VARCHAR NOT NULL REFERENCES org.person(person_id),
            state VARCHAR NOT NULL CHECK (state IN ('open', 'closed'))
        );
        """))
    (repo / "db" / "helpdesk" / "domain.yaml").write_text("title: My helpdesk\nrequires: [org]\n")
    (repo / "db" / "helpdesk" / "seed.py").write_text(textwrap.dedent("""\
        def seed(db):
            people = db.query("SELECT person_id FROM org.person ORDER BY person_id LIMIT 3")
            db.insert("helpdesk.request", [{"request_id": f"REQ{i}", "person_id": p["person_id"], "state": "open"}
                                           for i, p in enumerate(people, 1)])
        """))
    (repo / "tools").mkdir()
    (repo / "tools" / "helpdesk.py").write_text(textwrap.dedent('''\
        from pytest_enterpriseops import Ctx, ToolError, tool


        @tool
        def close_helpdesk_request(ctx: Ctx, request_id: str) -> dict:
            """Close a request.

            Args:
                request_id: The request's id (REQ…).
            """
            row = ctx.one("SELECT * FROM helpdesk.request WHERE request_id = ?", request_id)
            if row is None:
                raise ToolError(f"no request {request_id}")
            ctx.update("helpdesk.request", {"request_id": request_id}, {"state": "closed"})
            return ctx.one("SELECT * FROM helpdesk.request WHERE request_id = ?", request_id)
        '''))
    (repo / "tasks" / "helpdesk").mkdir(parents=True)
    (repo / "tasks" / "helpdesk" / "helpdesk-close-req2.yaml").write_text(textwrap.dedent("""\
        id: helpdesk-close-req2
        domain: helpdesk
        as_user: P0001
        prompt: Close request REQ2.
        tools: [close_helpdesk_request]
        plan: Close REQ2.
        solution:
          - close_helpdesk_request: {request_id: REQ2}
        response: REQ2 is closed.
        verifiers:
          - name: REQ2 closed
            category: completion
            sql: SELECT state FROM helpdesk.request WHERE request_id = 'REQ2'
            expect: closed
          - name: nothing else
            category: side_effect
            changes_only: [helpdesk.request]
        """))
    installed_task = next(Path(installed["purelib"], "pytest_enterpriseops_bench", "tasks", "hr").glob("hr-access-*.yaml"))
    (repo / "tasks" / "hr").mkdir()
    shutil.copy2(installed_task, repo / "tasks" / "hr" / installed_task.name)  # an installed domain, the user's task

    r = _run([str(installed["py"]), "-m", "pytest", "tasks", "--agent=oracle", "-q", "-p", "no:cacheprovider",
              "--eops-out", str(repo / "out")], repo, env)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out
    assert "2 passed" in out, out
    r = _run([str(installed["py"]), "-m", "pytest", "tasks", "--agent=noop", "-q", "-p", "no:cacheprovider",
              "--eops-out", str(repo / "out-noop")], repo, env)
    assert r.returncode == 1 and "2 failed" in r.stdout, r.stdout + r.stderr  # the verdicts are real

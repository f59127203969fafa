"""Templates are read-only and verified before reuse; scratch directories do not outlive their process.

Each case runs in fresh processes with their own cache and scratch directories: the process-wide
DuckDB instance is locked to the directories it started with, and "first use in a process" is
what is being tested.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import duckdb
import pytest

from tests.conftest import FIXTURE_BENCH


def _env(tmp_path: Path) -> dict[str, str]:
    return {**os.environ, "EOPS_CACHE_DIR": str(tmp_path / "cache"), "EOPS_SCRATCH": str(tmp_path / "scratch"),
            "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}


def _python(tmp_path: Path, code: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-W", "always", "-c", textwrap.dedent(code)], env=_env(tmp_path),
                          capture_output=True, text=True, timeout=120, **kw)


BUILD = f"""
    from pathlib import Path
    from pytest_enterpriseops import sandbox
    from pytest_enterpriseops.domains import Benchmark
    tpl = sandbox.template(Benchmark(Path({str(FIXTURE_BENCH)!r})), ["demo"])
    db = sandbox.TaskDatabase(tpl)
    cur = db.read_cursor("start")
    print(tpl)
    print(cur.execute("SELECT state FROM demo.ticket WHERE number = 'T000003'").fetchone()[0])
    cur.close()
    db.close()
"""


def _build(tmp_path: Path) -> tuple[Path, str, str]:
    res = _python(tmp_path, BUILD)
    assert res.returncode == 0, res.stderr
    path, state = res.stdout.split()
    return Path(path), state, res.stderr


def test_a_built_template_is_read_only_with_its_checksum_recorded(tmp_path):
    tpl, _, _ = _build(tmp_path)
    assert tpl.stat().st_mode & 0o222 == 0
    side = tpl.with_name(tpl.name + ".sha256")
    assert side.read_text().strip() == hashlib.sha256(tpl.read_bytes()).hexdigest()


def test_a_changed_template_is_rebuilt_on_first_use_and_says_so(tmp_path):
    # The review's worst finding: a setup that attached the cached template read-write and updated
    # it poisoned every later session, because the cache was trusted by its name alone.
    tpl, state, _ = _build(tmp_path)
    os.chmod(tpl, 0o644)
    con = duckdb.connect(str(tpl))
    con.execute("UPDATE demo.ticket SET state = 'closed' WHERE number = 'T000003'")
    con.close()
    assert state != "closed"
    again, state_after, err = _build(tmp_path)
    assert again == tpl
    assert "does not match the checksum recorded when it was built; rebuilding it" in err
    assert state_after == state
    assert tpl.stat().st_mode & 0o222 == 0
    _, _, err = _build(tmp_path)
    assert "rebuilding" not in err  # an intact template is reused silently


def test_a_template_without_a_recorded_checksum_is_rebuilt(tmp_path):
    tpl, _, _ = _build(tmp_path)
    tpl.with_name(tpl.name + ".sha256").unlink()
    _, _, err = _build(tmp_path)
    assert "rebuilding it" in err
    assert tpl.with_name(tpl.name + ".sha256").exists()


SCRATCH = f"""
    import sys, time
    from pathlib import Path
    from pytest_enterpriseops import sandbox
    from pytest_enterpriseops.domains import Benchmark
    db = sandbox.TaskDatabase(sandbox.template(Benchmark(Path({str(FIXTURE_BENCH)!r})), ["demo"]))
    print(sandbox.scratch_dir(), flush=True)
    if len(sys.argv) > 1:
        time.sleep(60)
"""


def test_the_scratch_directory_is_removed_at_exit(tmp_path):
    res = _python(tmp_path, SCRATCH)
    assert res.returncode == 0, res.stderr
    d = Path(res.stdout.strip())
    assert d.parent == tmp_path / "scratch" and d.name.startswith("eops-")
    assert not d.exists()


def _start_sleeper(tmp_path: Path) -> tuple[subprocess.Popen, Path]:
    proc = subprocess.Popen([sys.executable, "-c", textwrap.dedent(SCRATCH), "sleep"], env=_env(tmp_path),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline().strip()
    assert line, proc.stderr.read()
    return proc, Path(line)


def test_a_killed_process_scratch_directory_is_swept_by_a_later_process(tmp_path):
    killed, dead_dir = _start_sleeper(tmp_path)
    alive, live_dir = _start_sleeper(tmp_path)
    try:
        assert any(dead_dir.glob("*-work.duckdb"))
        killed.send_signal(signal.SIGKILL)
        killed.wait(10)
        assert dead_dir.exists()  # no atexit for SIGKILL
        res = _python(tmp_path, SCRATCH)
        assert res.returncode == 0, res.stderr
        assert not dead_dir.exists()
        assert live_dir.exists()  # a living process keeps its directory
    finally:
        for p in (killed, alive):
            if p.poll() is None:
                p.kill()
                p.wait(10)
        for p in (killed, alive):
            p.stdout.close()
            p.stderr.close()


@pytest.mark.parametrize("age_s,removed", [(3600, True), (0, False)])
def test_a_directory_of_an_older_engine_goes_only_when_its_pid_is_gone_and_it_is_old(tmp_path, age_s, removed):
    from pytest_enterpriseops import sandbox

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait(10)  # a pid that is no longer running
    d = tmp_path / f"eops-{proc.pid}"
    d.mkdir()
    (d / "1-work.duckdb").write_bytes(b"x")
    os.utime(d, (time.time() - age_s, time.time() - age_s))
    sandbox.sweep_scratch(tmp_path)
    assert d.exists() is not removed


def test_a_scratch_directory_is_locked_before_any_sweep_can_see_it(tmp_path, monkeypatch):
    """scratch_dir makes its directory under a name sweeps ignore, locks it, then renames it into
    place (a sweep racing with a process that has made `eops-<pid>` but not yet locked it removed a
    living process's databases); a half-made one left by a process that died is swept."""
    import fcntl

    from pytest_enterpriseops import sandbox

    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait(10)
    half_made = tmp_path / f".eops-{proc.pid}-abc123"
    half_made.mkdir()
    monkeypatch.setenv("EOPS_SCRATCH", str(tmp_path))
    monkeypatch.setattr(sandbox, "_scratch", {})
    monkeypatch.setattr(sandbox, "_scratch_lock_fd", {})
    d = sandbox.scratch_dir()
    try:
        assert d == tmp_path / f"eops-{os.getpid()}" and d.is_dir()
        assert [p.name for p in tmp_path.iterdir()] == [d.name]  # the half-made one is gone
        fd = os.open(d / ".owner", os.O_RDWR)
        try:
            with pytest.raises(BlockingIOError):  # what another process's sweep would try
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        finally:
            os.close(fd)
    finally:
        sandbox.remove_scratch_dir()

"""Build hook: the wheel carries the benchmark content (db/, tools/, tasks/, verifiers/, agents/)
as the package `pytest_enterpriseops_bench`, copied from the checkout at build time so the files
live only once in git. An editable install needs no copy: the engine finds the checkout itself
(`pytest_enterpriseops.domains.installed_root`)."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

CONTENT = ("db", "tools", "tasks", "verifiers", "agents")
PACKAGE = "pytest_enterpriseops_bench"
INIT = '"""The benchmark content of pytest-enterpriseops (tasks, tools, db, verifiers, agent presets).\n\n`eops path` prints this directory."""\n'


class build_py_with_content(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / PACKAGE
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        for name in CONTENT:
            if (here / name).is_dir():
                shutil.copytree(here / name, target / name,
                                ignore=shutil.ignore_patterns("__pycache__", "*.pyc", ".*"))
        (target / "__init__.py").write_text(INIT)


setup(cmdclass={"build_py": build_py_with_content})

"""Per-session state (registered as a plugin): options, the agent, records, summary, gates."""

from __future__ import annotations

import datetime as dt
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from .results_paths import default_out_dir
from .runner_options import TOOL_MODES as MODES

NO_AGENT = ("no agent selected: run tasks with --agent=oracle (gold solutions), --agent=noop, "
            "--agent=<preset> (see agents/*.yaml), or override the eops_agent fixture")
_TASK_NODE = re.compile(r"\.ya?ml::(?P<id>[^\[]+)\[r(?P<run>\d+)\]$")


class EopsState:
    def __init__(self, config: pytest.Config):
        self.config = config
        opt = config.getoption
        self.is_worker = hasattr(config, "workerinput")
        self.runs = opt("--runs")
        if self.runs < 1:
            raise pytest.UsageError("--runs must be >= 1")
        tools_mode = opt("eops_tools")
        if tools_mode not in MODES:
            raise pytest.UsageError(f"--tools must be one of {', '.join(MODES)}")
        from .runner_options import RunOptions

        self.run_options = RunOptions(tools_mode=tools_mode, plan=opt("eops_plan"), max_steps=opt("eops_max_steps"),
                                      task_timeout=opt("eops_task_timeout"))
        self.agent_spec: str | None = opt("--agent")
        self.task_ids: dict[str, Path] = {}
        self.fixtureinfo: dict[Path, Any] = {}  # per task directory (see items.TaskFile.collect)
        self._markers: set[str] = set()
        self.records: list[dict[str, Any]] = []
        self.summary: dict[str, Any] = {}
        self.gate_messages: list[str] = []
        self.gate_ok = True
        self.started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        self._run_json_written = False
        rootdir = Path(config.rootpath)
        self.search_roots = [Path(a).resolve() for a in config.args if Path(a).exists()] + [rootdir, Path.cwd()]
        if self.is_worker:
            self.out_dir = Path(config.workerinput["eops_out"])
        else:
            out = opt("--eops-out")
            self.out_dir = Path(out).resolve() if out else default_out_dir(rootdir, self.agent_spec or "none")
        self.preset: dict[str, Any] | None = None
        self.agent = self._build_agent() if self.agent_spec else None
        judge = opt("eops_judge")
        self.run_options.judge = self._build_judge(judge) if judge else None

    # -- agent -------------------------------------------------------------
    def _roots(self) -> list[Path]:
        from .domains import Benchmark

        roots = []
        for r in self.search_roots:
            root = Benchmark.find_root(r if r.is_dir() else r.parent)
            roots.extend([root] if root else [])
            roots.append(r if r.is_dir() else r.parent)
        return roots

    def agent_options(self) -> dict[str, Any]:
        o = self.run_options
        return {"loop": self.config.getoption("eops_loop"), "plan": o.plan, "max_steps": o.max_steps,
                "tools_mode": o.tools_mode, "cache_dir": self.config.getoption("--eops-cache"),
                "task_timeout": o.task_timeout}

    def _build_agent(self) -> Any:
        from .agents.registry import AgentSpecError, build_agent, find_preset, load_preset

        roots = self._roots()
        preset_path = find_preset(self.agent_spec, roots)
        self.preset = load_preset(preset_path) if preset_path else None
        try:
            return build_agent(self.agent_spec, roots, self.agent_options())
        except AgentSpecError as exc:
            raise pytest.UsageError(str(exc)) from None
        except Exception as exc:  # a preset that cannot be built (missing key, missing SDK)
            raise pytest.UsageError(f"--agent {self.agent_spec}: {exc}") from None

    def _build_judge(self, name: str) -> Any:
        from .agents.registry import find_preset, load_preset

        roots = self._roots()
        path = find_preset(name, roots)
        if path is None:
            raise pytest.UsageError(f"--judge {name}: no preset agents/{name}.yaml")
        try:
            from .agents.llm import judge_from_preset

            return judge_from_preset(load_preset(path), self.agent_options(), search_roots=roots)
        except ImportError as exc:
            raise pytest.UsageError(f"--judge {name}: LLM judges are not available ({exc})") from None
        except Exception as exc:
            raise pytest.UsageError(f"--judge {name}: {exc}") from None

    # -- collection --------------------------------------------------------
    def register_markers(self, config: pytest.Config, task: Any) -> None:
        for m in [task.domain or "hybrid", *task.domain_list, *task.tags]:
            if m not in self._markers:
                self._markers.add(m)
                config.addinivalue_line("markers", f"{m}: enterpriseops tasks (domain or tag)")

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        items_mod = sys.modules.get("pytest_enterpriseops.items")
        if items_mod is None:  # no task file was collected
            return
        items = [i for i in session.items if isinstance(i, items_mod.TaskItem)]
        if items and self.agent is None and not self.is_worker and not _agent_overridden(session, items[0]):
            tr = self.config.pluginmanager.get_plugin("terminalreporter")
            if tr is not None:
                tr.write_line(f"enterpriseops: {len(items)} task run(s) will be skipped — {NO_AGENT}", yellow=True)

    # -- results -----------------------------------------------------------
    def finish_item(self, item: Any, run: Any, call: pytest.CallInfo, report: pytest.TestReport) -> None:
        from .items import TaskFailed
        from .results import compact, task_record, write_task_record

        if call.when == "setup" and report.failed:
            run.outcome = "error"
            run.error = run.error or f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
        elif call.when == "call" and report.failed and not isinstance(call.excinfo.value, TaskFailed):
            run.outcome = "error"
            run.error = f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
        record = task_record(run, item.nodeid, len(item.task.solution))
        try:
            write_task_record(self.out_dir, record)
        except OSError as exc:  # never lose the verdict because the disk said no
            record["error"] = (record["error"] or "") + f" (result file not written: {exc})"
        report.eops = compact(record)
        item.user_properties.append(("eops.outcome", run.outcome))
        for v in run.verifiers:
            status = {True: "passed", False: "failed", None: "not judged"}[v.passed]
            item.user_properties.append((f"eops.verifier[{v.category}] {v.name}", status))
        u = run.transcript.usage
        item.user_properties += [("eops.steps", len(run.transcript.tool_calls)),
                                 ("eops.tokens", u.input_tokens + u.output_tokens), ("eops.cost", round(u.cost, 6))]

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if self.is_worker:
            return
        rec = getattr(report, "eops", None)
        if rec:
            self.add_record(rec)
        elif report.when == "???" and report.failed:  # an xdist worker crashed while running this item
            m = _TASK_NODE.search(report.nodeid)
            if m:
                self.add_record({"task_id": m.group("id"), "run_index": int(m.group("run")), "nodeid": report.nodeid,
                                 "domain": "unknown", "tags": [], "feasible": True, "outcome": "error",
                                 "error": "worker crashed: " + str(report.longrepr)[-300:], "gold_steps": 0,
                                 "steps": 0, "usage": {}, "stopped": None, "verifiers": []})

    def add_record(self, rec: dict[str, Any]) -> None:
        if not self._run_json_written:
            self._write_run_json()
        self.records.append(rec)

    def _write_run_json(self, finished: bool = False, interrupted: bool = False) -> None:
        from .results import run_info, write_json_atomic

        describe = getattr(self.agent, "describe", None)
        try:
            description = describe() if callable(describe) else None
        except Exception:  # a description is a courtesy, never a reason to lose results
            description = None
        info = run_info(self.agent_spec or "fixture-override", self.preset,
                        {**self.agent_options(), "runs": self.runs, "judge": self.config.getoption("eops_judge")},
                        Path(self.config.rootpath), description)
        info["started_at"] = self.started
        if finished:
            info["finished_at"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
            info["interrupted"] = interrupted
        write_json_atomic(self.out_dir / "run.json", info)
        self._run_json_written = True

    # -- end of session ----------------------------------------------------
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.is_worker:
            return
        code = self.finish_session(interrupted=exitstatus == pytest.ExitCode.INTERRUPTED)
        if code is not None:
            session.exitstatus = code

    def finish_session(self, interrupted: bool) -> int | None:
        if not self.records:
            return None
        from .results import write_json_atomic
        from .stats import summarize_by_domain

        self.summary = summarize_by_domain(self.records)
        self.summary["interrupted"] = interrupted
        self.summary["tasks"] = sorted(({"task_id": r["task_id"], "run_index": r["run_index"], "domain": r["domain"],
                                         "outcome": r["outcome"], "steps": r["steps"]} for r in self.records),
                                        key=lambda r: (r["task_id"], r["run_index"]))
        code = self._gates()
        self.summary["gates"] = {"ok": self.gate_ok, "messages": self.gate_messages}
        self._write_run_json(finished=True, interrupted=interrupted)
        write_json_atomic(self.out_dir / "summary.json", self.summary)
        html = self.config.getoption("--eops-html")
        if html:
            try:
                from .report.html import write_report

                write_report([self.out_dir], Path(html))
            except ImportError as exc:
                self.gate_messages.append(f"HTML report not written: {exc}")
        return code

    def _gates(self) -> int | None:
        opt = self.config.getoption
        min_pass, baseline, max_drop = opt("--eops-min-pass"), opt("--eops-baseline"), opt("--eops-max-drop")
        if min_pass is None and baseline is None:
            return None
        overall = self.summary["overall"]
        ok = True
        if overall["errors"]:
            ok = False
            self.gate_messages.append(f"gate: {overall['errors']} task run(s) ended in a harness ERROR")
        p = overall["pass_at_1"]
        if min_pass is not None:
            if p is None or p < min_pass:
                ok = False
                self.gate_messages.append(f"gate FAILED: pass@1 {_pct(p)} is below --eops-min-pass {_pct(min_pass)}")
            else:
                self.gate_messages.append(f"gate passed: pass@1 {_pct(p)} >= {_pct(min_pass)}")
        if baseline is not None:
            from .stats import paired_comparison

            base = load_baseline(Path(baseline))
            cmp = paired_comparison(self.records, base)
            self.summary["baseline_comparison"] = cmp
            drop = -cmp["difference"] * 100
            allowed = max_drop if max_drop is not None else 0.0
            sig = "significant" if cmp["significant"] else "not significant"
            line = (f"vs baseline over {cmp['shared_tasks']} shared tasks: {_pct(cmp['current'])} vs "
                    f"{_pct(cmp['baseline'])} ({-drop:+.1f} points, p={cmp['p_value']:.3g}, {sig}); "
                    f"{len(cmp['regressed'])} regressed, {len(cmp['improved'])} improved")
            if drop > allowed:
                ok = False
                self.gate_messages.append(f"gate FAILED: drop of {drop:.1f} points exceeds --eops-max-drop "
                                          f"{allowed:g}. {line}")
            else:
                self.gate_messages.append(f"gate passed: {line}")
        self.gate_ok = ok
        return pytest.ExitCode.OK if ok else pytest.ExitCode.TESTS_FAILED

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        if self.is_worker or not self.records:
            return
        from .terminal import render_summary

        terminalreporter.write_sep("=", "enterpriseops summary")
        terminalreporter.write(render_summary(self.summary, width=terminalreporter._tw.fullwidth,
                                              color=terminalreporter.hasmarkup))
        for line in self.gate_messages:
            terminalreporter.write_line(line, red=not self.gate_ok, green=self.gate_ok, bold=True)
        terminalreporter.write_line(f"results: {self.out_dir}")


def load_baseline(path: Path) -> list[dict[str, Any]]:
    """Per-task records of a baseline: a results directory, or a summary.json written by this plugin."""
    from .results import load_records

    if path.is_dir():
        return load_records(path)
    data = json.loads(path.read_text())
    return [dict(t, feasible=True, verifiers=[], usage={}, gold_steps=0, tags=[]) for t in data.get("tasks", [])]


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _agent_overridden(session: pytest.Session, item: pytest.Item) -> bool:
    defs = session._fixturemanager.getfixturedefs("eops_agent", item) or ()
    return any(getattr(d.func, "__module__", "") != "pytest_enterpriseops.plugin" for d in defs)

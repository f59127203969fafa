"""Per-session state (registered as a plugin): options, the agent, the results directory, summary, gates."""

from __future__ import annotations

import datetime as dt
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from .results_paths import RunDirError, RunDirectory, read_run_json, result_files
from .runner_options import TOOL_MODES as MODES
from .signals import StopSignals

NO_AGENT = ("no agent selected: run tasks with --agent=oracle (gold solutions), --agent=noop, "
            "--agent=<preset> (see agents/*.yaml), or override the eops_agent fixture")
TASK_NODE = re.compile(r"\.ya?ml::(?P<id>[^\[]+)\[r(?P<run>\d+)\]$")
FIXTURE_DIR_LABEL = "conftest-agent"  # a default directory before the conftest agent's own name is known
RESUME_OPTIONS = ("tools_mode", "plan", "loop", "max_steps", "runs", "judge", "agent_params", "sample")


class EopsState:
    def __init__(self, config: pytest.Config):
        self.config = config
        opt = config.getoption
        self.is_worker = hasattr(config, "workerinput")
        self.sample: Any = None  # --eops-sample: a sampling.TaskSample (the plugin registers it)
        if opt("eops_sample", None):
            from .sampling import TaskSample

            self.sample = TaskSample(opt("eops_sample"), opt("eops_sample_seed"))
        self.runs = opt("--runs")
        if self.runs < 1:
            raise pytest.UsageError("--runs must be >= 1")
        tools_mode = opt("eops_tools")
        if tools_mode not in MODES:
            raise pytest.UsageError(f"--tools must be one of {', '.join(MODES)}")
        from .runner_options import RunOptions

        self.run_options = RunOptions(tools_mode=tools_mode, plan=opt("eops_plan"), max_steps=opt("eops_max_steps"),
                                      task_timeout=opt("eops_task_timeout"))
        if opt("eops_max_drop") is not None and opt("--eops-baseline") is None:
            raise pytest.UsageError("--eops-max-drop needs --eops-baseline SUMMARY")
        self.agent_spec: str | None = opt("--agent")
        self.agent_params = self._parse_agent_params(opt("eops_agent_params") or [])
        self.task_ids: dict[str, Path] = {}
        self.fixtureinfo: dict[Path, Any] = {}  # per task directory (see items.TaskFile.collect)
        self._markers: set[str] = set()
        self.records: list[dict[str, Any]] = []
        self.summary: dict[str, Any] = {}
        self.gate_messages: list[str] = []
        self.notes: list[str] = []  # one-line problems shown after the summary (e.g. the HTML report failed)
        self.gate_ok = True
        self.started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
        self._run_json_written = False
        self.signals = StopSignals()
        self.collected: dict[tuple[str, int], str] = {}  # (task id, run) -> node id, for "not run"
        self.seen_agent: dict[str, Any] | None = None  # identity of the agent that ran (from the first record)
        self.stopping = False
        self.run_dir: RunDirectory | None = None
        self.done: set[str] = set()  # result files present before this session (--eops-resume)
        self.resumed_from: dict[str, Any] = {}
        rootdir = Path(config.rootpath)
        self.search_roots = [Path(a).resolve() for a in config.args if Path(a).exists()] + [rootdir, Path.cwd()]
        self._validate_loop_and_plan()
        if self.is_worker:
            self.out_dir = Path(config.workerinput["eops_out"])
            self.done = set(config.workerinput.get("eops_done", []))
        else:
            self._claim_out_dir(rootdir)
        self.preset: dict[str, Any] | None = None
        try:
            self.agent = self._build_agent() if self.agent_spec else None
            judge = opt("eops_judge")
            self.run_options.judge = self._build_judge(judge) if judge else None
        except BaseException:
            self.release()
            raise

    # -- options -----------------------------------------------------------
    def _validate_loop_and_plan(self) -> None:
        from .agents.registry import find_preset, known_loops

        loop = self.config.getoption("eops_loop")
        if loop is not None and loop not in known_loops():
            raise pytest.UsageError(f"--loop {loop}: choose one of {', '.join(known_loops())}")
        plan = self.run_options.plan
        if plan not in ("none", "human") and find_preset(plan, self._roots()) is None:
            raise pytest.UsageError(f"--plan {plan}: choose none, human, or a planner preset (agents/<name>.yaml); "
                                    f"no preset named {plan!r} was found")

    def _parse_agent_params(self, items: list[str]) -> dict[str, Any]:
        from .agents.params import AgentParamError, parse_params

        if items and not self.agent_spec:
            raise pytest.UsageError("--agent-param needs --agent PRESET (the preset whose parameters it overrides)")
        try:
            return parse_params(items)
        except AgentParamError as exc:
            raise pytest.UsageError(str(exc)) from None

    def _claim_out_dir(self, rootdir: Path) -> None:
        rootdir = results_base(rootdir)
        opt = self.config.getoption
        out = opt("--eops-out")
        explicit = Path(out).resolve() if out else None
        if any(opt(name, False) for name in ("help", "collectonly", "showfixtures", "show_fixtures_per_test")):
            # nothing will run: do not create, lock or refuse a directory
            self.out_dir = explicit or rootdir / ".eops" / "runs" / "unclaimed"
            if opt("--eops-resume") and explicit is not None:
                self.done = {p.name for p in result_files(explicit)}
            return
        resume = opt("--eops-resume")
        try:
            self.run_dir = RunDirectory.claim(explicit, rootdir, self.agent_spec or FIXTURE_DIR_LABEL,
                                              resume=resume, overwrite=opt("--eops-overwrite"))
        except RunDirError as exc:
            raise pytest.UsageError(str(exc)) from None
        self.out_dir = self.run_dir.path
        if resume:
            self.resumed_from = read_run_json(self.out_dir)
            try:
                self._check_resume_matches(self.resumed_from)
            except BaseException:
                self.release()
                raise
            self.done = {p.name for p in result_files(self.out_dir)}

    def _check_resume_matches(self, prev: dict[str, Any]) -> None:
        if not prev:
            return
        problems = []
        if self.agent_spec and prev.get("agent_source", "option") == "option" and prev.get("agent") not in (
                None, self.agent_spec):
            problems.append(f"agent {prev.get('agent')!r} (now {self.agent_spec!r})")
        now = self.recorded_options()
        before = prev.get("options") or {}
        for key in RESUME_OPTIONS:
            if key in before and before[key] != now.get(key):
                problems.append(f"{key}={before[key]!r} (now {now.get(key)!r})")
        if problems:
            raise pytest.UsageError(f"--eops-resume {self.out_dir}: that run used " + ", ".join(problems)
                                    + "; resume with the same agent and options, or use --eops-overwrite")

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
                "task_timeout": o.task_timeout, "agent_params": self.agent_params or None}

    def recorded_options(self) -> dict[str, Any]:
        """The options run.json records (and --eops-resume compares)."""
        from .agents.params import format_params

        sample = self.sample
        return {**self.agent_options(), "runs": self.runs, "judge": self.config.getoption("eops_judge"),
                "agent_params": format_params(self.agent_params) or None,
                "sample": sample.describe() if sample is not None else None}

    def _build_agent(self) -> Any:
        from .agents.registry import AgentSpecError, build_agent, find_preset, load_preset

        roots = self._roots()
        preset_path = find_preset(self.agent_spec, roots)
        try:
            if preset_path:
                from .agents.params import apply_params

                self.preset = apply_params(load_preset(preset_path), self.agent_params)  # the effective preset
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

    def agent_label(self) -> str:
        """What run.json calls the agent: --agent's value, or a conftest agent's own name."""
        seen = self.seen_agent or {}
        if seen.get("source") == "fixture" or not self.agent_spec:
            return seen.get("name") or self.agent_spec or "unknown"
        return self.agent_spec

    # -- collection --------------------------------------------------------
    def register_markers(self, config: pytest.Config, task: Any) -> None:
        for m in [task.domain or "hybrid", *task.domain_list, *task.tags]:
            if m not in self._markers:
                self._markers.add(m)
                config.addinivalue_line("markers", f"{m}: enterpriseops tasks (domain or tag)")

    @pytest.hookimpl(trylast=True)  # after -k/-m and after --eops-sample (see sampling.py)
    def pytest_collection_modifyitems(self, session: pytest.Session, config: pytest.Config,
                                      items: list[pytest.Item]) -> None:
        """--eops-resume: deselect the task runs that already have a result file."""
        if not self.done:
            return
        from .agents.scripted import result_file_name

        keep, drop = [], []
        for item in items:
            task, run = getattr(item, "task", None), getattr(item, "run_index", None)
            done = task is not None and result_file_name(task.id, run) in self.done
            (drop if done else keep).append(item)
        if drop:
            config.hook.pytest_deselected(items=drop)
            items[:] = keep

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        items_mod = sys.modules.get("pytest_enterpriseops.items")
        if items_mod is None:  # no task file was collected
            return
        items = [i for i in session.items if isinstance(i, items_mod.TaskItem)]
        if items:
            self.signals.install()
        for i in items:
            self.collected[(i.task.id, i.run_index)] = i.nodeid
        if items and self.agent is None and not self.is_worker and not _agent_overridden(session, items[0]):
            tr = self.config.pluginmanager.get_plugin("terminalreporter")
            if tr is not None:
                tr.write_line(f"enterpriseops: {len(items)} task run(s) will be skipped — {NO_AGENT}", yellow=True)

    def node_collected(self, ids: list[str]) -> None:
        """The controller under xdist: the task runs a worker collected (for the "not run" list)."""
        for nodeid in ids:
            m = TASK_NODE.search(nodeid)
            if m:
                self.collected.setdefault((m.group("id"), int(m.group("run"))), nodeid)
        if self.collected:
            self.signals.install()

    # -- results -----------------------------------------------------------
    def finish_item(self, item: Any, run: Any, call: pytest.CallInfo, report: pytest.TestReport) -> None:
        from .agents.registry import agent_identity
        from .items import TaskFailed
        from .results import compact, task_record, write_task_record

        if self.signals.received:
            return  # cut off by SIGINT/SIGTERM (see plugin.pytest_runtest_makereport): no result
        if call.when == "setup" and report.failed:
            run.outcome = "error"
            run.error = run.error or f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
        elif call.when == "call" and report.failed and not isinstance(call.excinfo.value, TaskFailed):
            run.outcome = "error"
            run.error = f"{type(call.excinfo.value).__name__}: {call.excinfo.value}"
        record = task_record(run, item.nodeid, len(item.task.solution))
        agent = getattr(item, "_eops_agent", None)
        if agent is not None:
            record["agent"] = {**agent_identity(agent), "source": "option" if agent is self.agent else "fixture"}
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
        elif report.when == "???" and report.failed and not self.stopping:
            self._record_crash(report)  # an xdist worker died while running this item

    def _record_crash(self, report: pytest.TestReport) -> None:
        from .results import crash_record, write_task_record

        m = TASK_NODE.search(report.nodeid)
        if not m:
            return
        rec = crash_record(Path(self.config.rootpath), report.nodeid, m.group("id"), int(m.group("run")),
                           "worker crashed: " + str(report.longrepr)[-300:])
        try:
            write_task_record(self.out_dir, rec)
        except OSError as exc:
            self.notes.append(f"result file of crashed {report.nodeid} not written: {exc}")
        self.add_record(rec)

    def add_record(self, rec: dict[str, Any]) -> None:
        if self.seen_agent is None and rec.get("agent"):
            self.seen_agent = rec["agent"]
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
        info = run_info(self.agent_label(), self.preset, self.recorded_options(), Path(self.config.rootpath),
                        description)
        seen = self.seen_agent or {}
        info["agent_source"] = seen.get("source") or ("option" if self.agent_spec else None)
        info["agent_name"] = seen.get("name")
        info["agent_version"] = seen.get("version")
        info["started_at"] = self.started
        if self.resumed_from:
            info["resumed"] = {"previous_started_at": self.resumed_from.get("started_at"),
                               "previous_results": len(self.done)}
        if finished:
            info["finished_at"] = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
            info["interrupted"] = interrupted
            if self.signals.received:
                info["interrupted_by"] = self.signals.received
        write_json_atomic(self.out_dir / "run.json", info)
        self._run_json_written = True

    # -- end of session ----------------------------------------------------
    @pytest.hookimpl(tryfirst=True)  # before junitxml writes its file and xdist tears its nodes down
    def pytest_sessionfinish(self, session: pytest.Session, exitstatus: int) -> None:
        if self.is_worker:
            return
        interrupted = exitstatus == pytest.ExitCode.INTERRUPTED or self.signals.received is not None
        code = self.finish_session(interrupted=interrupted)
        if code is not None and not interrupted:
            session.exitstatus = code

    def finish_session(self, interrupted: bool) -> int | None:
        from .session_finish import finish

        return finish(self, interrupted)

    def pytest_terminal_summary(self, terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
        if self.is_worker:
            return
        if self.summary:
            from .terminal import render_summary

            terminalreporter.write_sep("=", "enterpriseops summary")
            terminalreporter.write(render_summary(self.summary, width=terminalreporter._tw.fullwidth,
                                                  color=terminalreporter.hasmarkup))
        for line in self.gate_messages:
            ok = not line.startswith("gate FAILED")
            terminalreporter.write_line(line, red=not ok, green=ok, bold=True)
        for line in self.notes:
            terminalreporter.write_line(line, yellow=True)
        if self.summary:
            terminalreporter.write_line(f"results: {self.out_dir}")

    def pytest_unconfigure(self, config: pytest.Config) -> None:
        self.release()

    def release(self) -> None:
        self.signals.restore()
        if self.run_dir is not None:
            self.run_dir.release(remove_if_empty=True)


def results_base(rootdir: Path) -> Path:
    """Where `.eops/runs` goes by default: the pytest rootdir, unless that is inside the installed benchmark
    content (a wheel's site-packages, maybe read-only, shared by every user): then the current directory."""
    import importlib.util

    from .domains import CONTENT_PACKAGE

    spec = importlib.util.find_spec(CONTENT_PACKAGE)
    for loc in (spec.submodule_search_locations or []) if spec else []:
        if rootdir.resolve().is_relative_to(Path(loc).resolve()):
            return Path.cwd()
    return rootdir


def _agent_overridden(session: pytest.Session, item: pytest.Item) -> bool:
    defs = session._fixturemanager.getfixturedefs("eops_agent", item) or ()
    ours = ("pytest_enterpriseops.plugin", "pytest_enterpriseops.fixtures")
    return any(getattr(d.func, "__module__", "") not in ours for d in defs)

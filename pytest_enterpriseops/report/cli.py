"""`eops report DIR… [-o FILE]` and `eops compare A B` (dispatched from pytest_enterpriseops.cli.main)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from .data import ReportError, load_runs


def report_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="eops report", description="Write one self-contained HTML report (no server, "
                                "no network) for one or more saved runs. A folder of runs (e.g. .eops/runs) "
                                "stands for every run inside it.")
    p.add_argument("dirs", nargs="+", type=Path, metavar="DIR", help="results directory (--eops-out)")
    p.add_argument("-o", "--output", type=Path, default=None,
                   help="HTML file to write (default: DIR/report.html for one run, ./eops-report.html for several)")
    p.add_argument("--title", default=None, help="page title")
    p.add_argument("--no-figures", action="store_true", help="skip the matplotlib figures (faster)")
    args = p.parse_args(argv)
    from .html import write_report

    t0 = time.perf_counter()
    try:
        if args.output is None:
            runs_given = args.dirs[0] if len(args.dirs) == 1 else None
            args.output = (runs_given / "report.html") if runs_given is not None and (
                (runs_given / "tasks").is_dir() or (runs_given / "run.json").is_file()) else Path("eops-report.html")
        out = write_report(args.dirs, args.output, title=args.title, figures=not args.no_figures)
    except ReportError as exc:
        print(f"eops report: {exc}", file=sys.stderr)
        return 2
    size = out.stat().st_size
    print(f"wrote {out} ({size / 1e6:.2f} MB in {time.perf_counter() - t0:.1f} s)")
    return 0


def compare_main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="eops compare", description="Paired comparison of two saved runs: B − A "
                                "pass@1 per domain and overall over the tasks both scored, with a 95%% interval and "
                                "a sign test, and the tasks that flipped each way.")
    p.add_argument("a", type=Path, metavar="A", help="baseline results directory")
    p.add_argument("b", type=Path, metavar="B", help="results directory compared against A")
    p.add_argument("--json", action="store_true", help="print the comparison as JSON")
    p.add_argument("--max-list", type=int, default=50, help="flipped tasks listed per direction (default 50)")
    args = p.parse_args(argv)
    from .compare import compare_runs, render_compare

    try:
        runs = load_runs([args.a, args.b])
    except ReportError as exc:
        print(f"eops compare: {exc}", file=sys.stderr)
        return 2
    if len(runs) != 2:
        print(f"eops compare: need exactly two runs, got {len(runs)} (a folder of runs expands to all of them)",
              file=sys.stderr)
        return 2
    cmp = compare_runs(runs[0], runs[1])
    if args.json:
        print(json.dumps(cmp, indent=1, default=str))
        return 0
    color = sys.stdout.isatty()
    import shutil

    sys.stdout.write(render_compare(cmp, width=shutil.get_terminal_size((120, 24)).columns, color=color,
                                    max_list=args.max_list))
    return 0

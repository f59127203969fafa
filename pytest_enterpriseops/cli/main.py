"""`eops` — the benchmark's command line."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="eops", description="pytest-enterpriseops command line")
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("stats", help="the benchmark's shape (domains, tasks, tools, tables, FKs, steps, ...)")
    s.add_argument("path", nargs="?", default="tasks")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    c = sub.add_parser("check", help="the task quality gates (gold passes, noop fails, no unverified writes, ...)")
    c.add_argument("path", nargs="*", default=["tasks"])
    c.add_argument("-q", "--quiet", action="store_true", help="only print problems and the total")
    c.add_argument("-j", "--jobs", type=int, default=1, help="check tasks in N processes")
    sc = sub.add_parser("score", help="re-print the summary of saved runs; with two runs, compare them")
    sc.add_argument("dirs", nargs="+")
    sc.add_argument("--json", action="store_true")
    sub.add_parser("report", help="write the HTML report of saved runs (eops report DIR... -o FILE)", add_help=False)
    sub.add_parser("compare", help="compare two saved runs (paired, per domain)", add_help=False)
    from .play import add_parser as add_play_parser
    from .serve import add_parser as add_serve_parser

    add_play_parser(sub)
    add_serve_parser(sub)
    from .discover_cmds import add_parsers as add_discovery_parsers
    from .export import add_parser as add_export_parser
    from .show_cmd import add_parser as add_show_parser

    add_discovery_parsers(sub)
    add_show_parser(sub)
    add_export_parser(sub)
    from .path_cmd import add_parser as add_path_parser

    add_path_parser(sub)
    if argv and argv[0] in ("report", "compare"):
        from ..report import cli as report_cli

        return (report_cli.report_main if argv[0] == "report" else report_cli.compare_main)(argv[1:])
    args = parser.parse_args(argv)
    if args.command == "stats":
        from .stats_cmd import run_stats

        return run_stats(args.path, as_json=args.json)
    if args.command == "check":
        from .check import run_check

        return run_check(args.path, quiet=args.quiet, jobs=args.jobs)
    if args.command == "serve":
        from .serve import run_serve

        return run_serve(args)
    if args.command in ("domains", "tools", "schema", "sql"):
        from .discover_cmds import run as run_discovery

        return run_discovery(args)
    if args.command == "show":
        from .show_cmd import run_show

        return run_show(args)
    if args.command == "export":
        from .export import run_export

        return run_export(args)
    if args.command == "path":
        from .path_cmd import run_path

        return run_path(args)
    if args.command == "play":
        from .play import run_play

        return run_play(args)
    from .score import run_score

    return run_score(args.dirs, as_json=args.json)


if __name__ == "__main__":
    sys.exit(main())

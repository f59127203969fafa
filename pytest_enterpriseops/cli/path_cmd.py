"""`eops path` — where the installed benchmark content lives (for `pytest "$(eops path)/tasks/hr"`)."""

from __future__ import annotations

import sys


def add_parser(sub) -> None:
    p = sub.add_parser("path", help="print the installed benchmark root (its tasks/, tools/, db/, agents/)")
    p.add_argument("what", nargs="?", default="", help="a path inside the root to print, e.g. tasks/hr")


def run_path(args) -> int:
    from ..domains import installed_root

    root = installed_root()
    if root is None:
        print("eops path: no benchmark content is installed with this engine (a wheel built without "
              "its content?); reinstall pytest-enterpriseops", file=sys.stderr)
        return 2
    target = root / args.what if args.what else root
    if not target.exists():
        print(f"eops path: {target} does not exist", file=sys.stderr)
        return 2
    print(target)
    return 0

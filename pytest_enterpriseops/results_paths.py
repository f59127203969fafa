"""Where a run's results go (light: imported when pytest configures)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path


def default_out_dir(base: Path, agent: str) -> Path:
    """`.eops/runs/<time>_<agent>/` under the pytest rootdir; unique even within one second."""
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in agent)[:60]
    path = base / ".eops" / "runs" / f"{stamp}_{safe}"
    n = 1
    while path.exists():
        n += 1
        path = base / ".eops" / "runs" / f"{stamp}_{safe}-{n}"
    return path

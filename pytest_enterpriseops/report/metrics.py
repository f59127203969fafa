"""Statistics the report needs beyond `stats`: the horizon curve, the cost/success Pareto front.

pass@1, intervals, pass^k and paired comparisons come from `pytest_enterpriseops.stats`.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable

from ..stats import per_task, summarize

SCORED = ("passed", "failed")
# Bin edges (inclusive lower bounds) for gold-solution length when there are too many distinct lengths.
HORIZON_EDGES = (1, 2, 3, 4, 5, 7, 9, 12, 16, 21, 31, 51)
MAX_EXACT_LENGTHS = 12


def task_rates(records: Iterable[dict[str, Any]]) -> dict[str, float]:
    """Per task: the fraction of its scored runs that passed (errors and not-judged runs excluded)."""
    out = {}
    for tid, runs in per_task(records).items():
        s = [r for r in runs if r["outcome"] in SCORED]
        if s:
            out[tid] = sum(r["outcome"] == "passed" for r in s) / len(s)
    return out


def mean_se(values: list[float]) -> tuple[float, float]:
    """Mean and its standard error (sample sd / sqrt n; 0 for a single value)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan)
    m = sum(values) / n
    if n < 2:
        return (m, 0.0)
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    return (m, sd / math.sqrt(n))


@dataclass
class HorizonPoint:
    label: str      # "3" or "5–6"
    lo: int         # smallest gold length in the bin
    hi: int | None  # largest (None: open-ended)
    x: float        # mean gold length of the bin's tasks (where the point is drawn)
    n: int          # tasks in the bin
    mean: float     # pass@1 over those tasks
    se: float


def horizon_bins(lengths: Iterable[int]) -> list[tuple[int, int | None]]:
    """Exact lengths when there are few; otherwise HORIZON_EDGES bins that hold at least one task."""
    distinct = sorted({int(x) for x in lengths})
    if len(distinct) <= MAX_EXACT_LENGTHS:
        return [(x, x) for x in distinct]
    bins = []
    edges = list(HORIZON_EDGES)
    for i, lo in enumerate(edges):
        hi = edges[i + 1] - 1 if i + 1 < len(edges) else None
        if any(lo <= x and (hi is None or x <= hi) for x in distinct):
            bins.append((lo, hi))
    if distinct and distinct[0] < edges[0]:
        bins.insert(0, (distinct[0], edges[0] - 1))
    return bins


def horizon_curve(records: list[dict[str, Any]], bins: list[tuple[int, int | None]] | None = None
                  ) -> list[HorizonPoint]:
    """pass@1 against the gold solution's length, feasible tasks only, ±1 SE over the tasks in each bin.

    Pass `bins` (from `horizon_bins` over all runs) to draw several runs on the same bins.
    """
    rates = task_rates(records)
    gold: dict[str, int] = {}
    for r in records:
        if r.get("feasible", True) and r["task_id"] in rates:
            gold[r["task_id"]] = int(r.get("gold_steps") or 0)
    if bins is None:
        bins = horizon_bins(gold.values())
    points = []
    for lo, hi in bins:
        tids = [t for t, g in gold.items() if lo <= g and (hi is None or g <= hi)]
        if not tids:
            continue
        m, se = mean_se([rates[t] for t in tids])
        label = str(lo) if hi == lo else (f"{lo}+" if hi is None else f"{lo}–{hi}")
        x = sum(gold[t] for t in tids) / len(tids)
        points.append(HorizonPoint(label, lo, hi, x, len(tids), m, se))
    return points


def pareto_front(points: list[tuple[float, float]]) -> list[int]:
    """Indices of the points not dominated in (lower cost, higher success), ordered by cost.

    A point is dominated when another is at most as costly and at least as successful, and strictly
    better in one of the two.
    """
    idx = [i for i, (c, s) in enumerate(points) if not (math.isnan(c) or math.isnan(s))]
    front = []
    for i in idx:
        ci, si = points[i]
        dominated = any((points[j][0] <= ci and points[j][1] >= si) and (points[j][0] < ci or points[j][1] > si)
                        for j in idx if j != i)
        if not dominated:
            front.append(i)
    # equal points: keep one
    seen, out = set(), []
    for i in sorted(front, key=lambda i: (points[i][0], -points[i][1])):
        if points[i] not in seen:
            seen.add(points[i])
            out.append(i)
    return out


def cost_success(records: list[dict[str, Any]]) -> dict[str, Any]:
    """One run's point for the cost/success plot: mean cost per task run and pass@1 with its interval."""
    s = summarize(records)
    return {"cost": s["cost_per_task"], "pass_at_1": s["pass_at_1"], "ci": s["pass_at_1_ci95"],
            "tokens": s["tokens_per_task"]}


def category_by_domain(summary: dict[str, Any], cats: list[str]) -> tuple[list[str], list[list[float | None]]]:
    """Rows (domains, then 'overall' if several) x categories of verifier pass rates from a summary."""
    names = list(summary["domains"])
    rows = [[summary["domains"][d]["category_pass_rate"].get(c) for c in cats] for d in names]
    if len(names) > 1 and summary.get("overall"):
        names.append("overall")
        rows.append([summary["overall"]["category_pass_rate"].get(c) for c in cats])
    return names, rows


def failed_categories(record: dict[str, Any]) -> list[str]:
    return sorted({v.get("category") or "?" for v in record["verifiers"] if v.get("passed") is False})


def verifier_counts(record: dict[str, Any]) -> tuple[int, int]:
    """(passed, judged) verifiers of one task run."""
    judged = [v for v in record["verifiers"] if v.get("passed") is not None]
    return sum(bool(v["passed"]) for v in judged), len(judged)


def group_by(records: Iterable[dict[str, Any]], key: str) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        out[r[key]].append(r)
    return dict(out)

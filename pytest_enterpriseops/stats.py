"""The numbers: pass@1 with an interval, unbiased pass^k, paired comparisons."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import Any, Iterable

Z95 = 1.959963984540054
SCORED = ("passed", "failed")
STRICT = ("passed", "failed", "error")  # errors counted as failures


def wilson(successes: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 0.0)
    p = successes / n
    den = 1 + Z95 ** 2 / n
    centre = (p + Z95 ** 2 / (2 * n)) / den
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 ** 2 / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: list[float]) -> tuple[float, float]:
    """Normal-approximation 95% interval of a mean (over tasks)."""
    n = len(values)
    if n < 2:
        return (values[0], values[0]) if values else (0.0, 0.0)
    m = sum(values) / n
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    half = Z95 * sd / math.sqrt(n)
    return (max(0.0, m - half), min(1.0, m + half))


def pass_hat_k(n: int, c: int, k: int) -> float:
    """Unbiased estimator of pass^k (all k runs succeed) from c successes in n runs."""
    if k > n:
        return float("nan")
    return math.comb(c, k) / math.comb(n, k)


def binom_two_sided(k: int, n: int) -> float:
    """Exact two-sided sign/McNemar test p-value for k of n discordant pairs under p=0.5."""
    if n == 0:
        return 1.0
    lo = min(k, n - k)
    tail = sum(math.comb(n, i) for i in range(lo + 1)) / 2 ** n
    return min(1.0, 2 * tail)


def per_task(records: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        out[r["task_id"]].append(r)
    return out


def summarize(records: list[dict[str, Any]], k: int | None = None) -> dict[str, Any]:
    """Summary of a group of task-run records (compact or full)."""
    tasks = per_task(records)
    scored = [r for r in records if r["outcome"] in ("passed", "failed")]
    errors = [r for r in records if r["outcome"] == "error"]
    task_rates, n_c, strict_rates = [], [], []
    for runs in tasks.values():
        s = [r for r in runs if r["outcome"] in ("passed", "failed")]
        if s:
            c = sum(r["outcome"] == "passed" for r in s)
            task_rates.append(c / len(s))
            n_c.append((len(s), c))
        s_err = [r for r in runs if r["outcome"] in STRICT]
        if s_err:
            strict_rates.append(sum(r["outcome"] == "passed" for r in s_err) / len(s_err))
    runs_per_task = max((len(v) for v in tasks.values()), default=0)
    k = k or runs_per_task
    passed = sum(r["outcome"] == "passed" for r in scored)
    pass1 = sum(task_rates) / len(task_rates) if task_rates else None
    interval = (wilson(passed, len(scored)) if runs_per_task <= 1 else mean_interval(task_rates)) if scored else None
    vres = [v for r in scored for v in r["verifiers"] if v["passed"] is not None]
    by_cat: dict[str, list[bool]] = defaultdict(list)
    for v in vres:
        by_cat[v["category"]].append(bool(v["passed"]))
    infeasible = [r for r in scored if not r["feasible"]]
    ran = [r for r in records if r["outcome"] != "skipped"]
    usage_tot = defaultdict(float)
    for r in ran:
        for key, val in (r.get("usage") or {}).items():
            usage_tot[key] += val or 0
    out: dict[str, Any] = {
        "tasks": len(tasks), "runs": len(records), "scored_runs": len(scored), "passed": passed,
        "failed": len(scored) - passed, "errors": len(errors),
        "not_judged": sum(r["outcome"] == "not_judged" for r in records),
        "pass_at_1": pass1, "pass_at_1_ci95": interval,
        # the same mean over tasks, but an ERROR run counts as a failed one (nothing is laundered away)
        "pass_at_1_errors_as_failures": sum(strict_rates) / len(strict_rates) if strict_rates else None,
        "verifier_pass_rate": (sum(v["passed"] for v in vres) / len(vres)) if vres else None,
        "category_pass_rate": {c: sum(v) / len(v) for c, v in sorted(by_cat.items())},
        "infeasible_runs": len(infeasible),
        "infeasible_refusal_rate": (sum(r["outcome"] == "passed" for r in infeasible) / len(infeasible))
        if infeasible else None,
        "mean_steps": (sum(r["steps"] for r in ran) / len(ran)) if ran else None,
        "mean_gold_steps": (sum(r["gold_steps"] for r in ran) / len(ran)) if ran else None,
        "tokens_per_task": ((usage_tot["input_tokens"] + usage_tot["output_tokens"]) / len(ran)) if ran else 0,
        "cost_per_task": (usage_tot["cost"] / len(ran)) if ran else 0.0,
        "judge_cost": sum((r.get("judge_usage") or {}).get("cost", 0.0) for r in records),
        "error_tasks": sorted({r["task_id"] for r in errors}),
    }
    if k and k > 1:
        vals = [pass_hat_k(n, c, k) for n, c in n_c if n >= k]
        out["k"] = k
        out["pass_hat_k"] = sum(vals) / len(vals) if vals else None
    return out


def summarize_by_domain(records: list[dict[str, Any]]) -> dict[str, Any]:
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        groups[r["domain"]].append(r)
    return {"overall": summarize(records), "domains": {d: summarize(rs) for d, rs in sorted(groups.items())}}


def task_pass_rates(records: Iterable[dict[str, Any]], errors_as_failures: bool = False) -> dict[str, float]:
    """Per task: the share of its runs that passed, over scored runs (or over scored + error runs)."""
    kinds = STRICT if errors_as_failures else SCORED
    out = {}
    for tid, runs in per_task(records).items():
        s = [r for r in runs if r["outcome"] in kinds]
        if s:
            out[tid] = sum(r["outcome"] == "passed" for r in s) / len(s)
    return out


def _error_tasks(records: Iterable[dict[str, Any]]) -> set[str]:
    return {r["task_id"] for r in records if r["outcome"] == "error"}


def paired_comparison(current: list[dict[str, Any]], baseline: list[dict[str, Any]]) -> dict[str, Any]:
    """Paired difference of pass@1 over the tasks both runs ran; sign test on tasks that moved.

    ERROR runs count as failures here, so a task that went from passed to error (or back) moved:
    a comparison must not hide a regression behind an error.
    """
    a, b = task_pass_rates(current, True), task_pass_rates(baseline, True)
    shared = sorted(set(a) & set(b))
    diffs = [a[t] - b[t] for t in shared]
    up = [t for t in shared if a[t] > b[t]]
    down = [t for t in shared if a[t] < b[t]]
    n = len(shared)
    mean = sum(diffs) / n if n else 0.0
    if n > 1:
        sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
        half = Z95 * sd / math.sqrt(n)
    else:
        half = 0.0
    p = binom_two_sided(len(up), len(up) + len(down))
    err_a, err_b = _error_tasks(current) & set(shared), _error_tasks(baseline) & set(shared)
    return {"shared_tasks": n, "current": sum(a[t] for t in shared) / n if n else None,
            "baseline": sum(b[t] for t in shared) / n if n else None, "difference": mean,
            "difference_ci95": (mean - half, mean + half), "improved": up, "regressed": down,
            "errors_current": len(err_a), "errors_baseline": len(err_b),
            "to_error": sorted(t for t in down if t in err_a and t not in err_b),
            "from_error": sorted(t for t in up if t in err_b and t not in err_a),
            "errors_counted_as_failures": True, "p_value": p, "significant": p < 0.05}

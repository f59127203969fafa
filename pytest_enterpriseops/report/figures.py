"""The paper's figures from saved runs, as embeddable SVG data URIs (matplotlib, an optional extra)."""

from __future__ import annotations

import base64
import io
import math
from dataclasses import dataclass
from typing import Any

from .data import Run, categories
from .metrics import category_by_domain, cost_success, horizon_bins, horizon_curve, pareto_front

# One colour per run, shared with the page's run chips.
RUN_COLORS = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#4b5563"]
MISSING = "matplotlib is not installed, so this report has no figures (pip install 'pytest-enterpriseops[report]')."


@dataclass
class Figure:
    key: str
    title: str
    caption: str
    uri: str  # data:image/svg+xml;base64,...
    wide: bool = False  # spans the whole row of the page


def run_color(i: int) -> str:
    return RUN_COLORS[i % len(RUN_COLORS)]


def _plt():
    """Import matplotlib lazily with a non-interactive backend; None if it is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg", force=True)
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


STYLE = {"svg.fonttype": "none", "font.size": 9, "axes.spines.top": False, "axes.spines.right": False,
         "axes.grid": True, "grid.color": "#e5e7eb", "grid.linewidth": 0.6, "axes.edgecolor": "#9ca3af",
         "axes.titlesize": 10, "axes.titleweight": "bold", "legend.frameon": False, "svg.hashsalt": "eops",
         "font.family": "sans-serif"}


def _uri(plt, fig) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(fig)
    return "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def make_figures(runs: list[Run]) -> tuple[list[Figure], str | None]:
    """All figures for these runs, or ([], reason) when matplotlib is missing or there is nothing to plot."""
    plt = _plt()
    if plt is None:
        return [], MISSING
    runs = [r for r in runs if r.records]
    if not runs:
        return [], "no task runs to plot"
    figs, failed = [], []
    with plt.rc_context(STYLE):
        for fn in (horizon_figure, category_figure, cost_figure):
            try:
                fig = fn(plt, runs)
            except Exception as exc:  # one figure that cannot be drawn must not cost the whole report
                plt.close("all")
                failed.append(f"{fn.__name__.replace('_figure', '')} ({type(exc).__name__}: {exc})")
                continue
            if fig is not None:
                figs.append(fig)
    return figs, ("Some figures could not be drawn: " + "; ".join(failed)) if failed else None


def horizon_figure(plt, runs: list[Run]) -> Figure | None:
    lengths = [int(r.get("gold_steps") or 0) for run in runs for r in run.records if r.get("feasible", True)]
    if not lengths:
        return None
    bins = horizon_bins(lengths)
    curves = [horizon_curve(run.records, bins) for run in runs]
    labels = []
    for lo, hi in bins:
        labels.append(str(lo) if hi == lo else (f"{lo}+" if hi is None else f"{lo}–{hi}"))
    pos = {lab: i for i, lab in enumerate(labels)}
    counts: dict[str, int] = {}
    for curve in curves:
        for p in curve:
            counts[p.label] = max(counts.get(p.label, 0), p.n)
    fig, ax = plt.subplots(figsize=(7.2, 3.6))
    for i, (run, curve) in enumerate(zip(runs, curves)):
        if not curve:
            continue
        xs = [pos[p.label] for p in curve]
        ys = [100 * p.mean for p in curve]
        se = [100 * p.se for p in curve]
        c = run_color(i)
        ax.plot(xs, ys, marker="o", ms=4, lw=1.8, color=c, label=run.label)
        ax.fill_between(xs, [max(0, y - s) for y, s in zip(ys, se)], [min(100, y + s) for y, s in zip(ys, se)],
                        color=c, alpha=0.15, lw=0)
    ax.set_xticks(range(len(labels)), [f"{lab}\nn={counts.get(lab, 0)}" for lab in labels])
    ax.set_xlim(-0.3, len(labels) - 0.7)
    ax.set_ylim(-3, 103)
    ax.set_xlabel("gold solution length (tool calls)")
    ax.set_ylabel("pass@1 (%)")
    ax.set_title("Horizon: success against task length")
    if len(runs) > 1 or len(runs[0].label) < 40:
        ax.legend(loc="best", fontsize=8)
    return Figure("horizon", "pass@1 vs gold-solution length",
                  "Feasible tasks binned by the length of their gold solution; a line per run with ±1 standard "
                  "error over the tasks in each bin (n = tasks in the bin).", _uri(plt, fig))


def category_figure(plt, runs: list[Run]) -> Figure | None:
    cats = categories(runs)
    if not cats:
        return None
    n = len(runs)
    ncols = min(n, 2)
    nrows = math.ceil(n / ncols)
    width_per = max(3.2, 1.05 * len(cats) + 1.6)
    heights = [len(category_by_domain(r.summary, cats)[0]) for r in runs]
    fig, axes = plt.subplots(nrows, ncols, figsize=(width_per * ncols + 0.8, (0.38 * max(heights) + 1.5) * nrows),
                             squeeze=False, layout="constrained")
    cmap = plt.get_cmap("RdYlGn")
    for k, run in enumerate(runs):
        ax = axes[k // ncols][k % ncols]
        names, rows = category_by_domain(run.summary, cats)
        grid = [[(math.nan if v is None else 100 * v) for v in row] for row in rows]
        im = ax.imshow(grid, cmap=cmap, vmin=0, vmax=100, aspect="auto")
        for y, row in enumerate(grid):
            for x, v in enumerate(row):
                dark = not math.isnan(v) and (v >= 85 or v <= 15)
                ax.text(x, y, "–" if math.isnan(v) else f"{v:.0f}", ha="center", va="center", fontsize=8,
                        color="white" if dark else "#111827")
        ax.set_xticks(range(len(cats)), [c.replace("_", " ") for c in cats])
        ax.set_yticks(range(len(names)), names)
        ax.tick_params(length=0)
        ax.grid(False)
        for s in ax.spines.values():
            s.set_visible(False)
        if "overall" in names:
            ax.axhline(len(names) - 1.5, color="white", lw=2)
        ax.set_title(run.label, fontsize=9, color=run_color(k))
    for k in range(n, nrows * ncols):
        axes[k // ncols][k % ncols].set_visible(False)
    fig.colorbar(im, ax=axes.ravel().tolist(), shrink=0.8, label="verifier pass rate (%)")
    return Figure("categories", "Verifier pass rate by category and domain",
                  "Share of verifiers that held, by category (completion, integrity, policy, side effect) and "
                  "domain; one panel per run.", _uri(plt, fig), wide=n > 1)


def cost_figure(plt, runs: list[Run]) -> Figure | None:
    pts = [cost_success(r.records) for r in runs]
    xy = [(p["cost"], 100 * p["pass_at_1"] if p["pass_at_1"] is not None else math.nan) for p in pts]
    if all(math.isnan(y) for _, y in xy):
        return None
    fig, ax = plt.subplots(figsize=(7.2, 3.6))
    costs = [c for c, _ in xy]
    positive = [c for c in costs if c > 0]
    log = len(positive) == len(costs) and len(positive) > 1 and max(positive) / min(positive) > 20
    front = pareto_front(xy)
    if len(front) > 1:
        fx = [xy[i][0] for i in front]
        fy = [xy[i][1] for i in front]
        ax.step(fx, fy, where="post", color="#6b7280", lw=1.2, ls="--", label="Pareto front", zorder=1)
    for i, (run, p, (x, y)) in enumerate(zip(runs, pts, xy)):
        if math.isnan(y):
            continue
        lo, hi = p["ci"] or (p["pass_at_1"], p["pass_at_1"])
        # clamp: at pass@1 exactly 0% or 100% the interval's end can sit a rounding error inside the point
        yerr = [[max(0.0, y - 100 * lo)], [max(0.0, 100 * hi - y)]]
        ax.errorbar([x], [y], yerr=yerr, fmt="o", ms=7, color=run_color(i), capsize=3,
                    mec="white" if i in front else run_color(i), mew=1.2, zorder=3)
        ax.annotate(run.label, (x, y), textcoords="offset points", xytext=(7, 5), fontsize=8,
                    color=run_color(i))
    if log:
        ax.set_xscale("log")
    elif not positive:
        ax.set_xlim(-0.01, 0.1)
        ax.text(0.98, 0.04, "no model cost recorded (scripted agents)", transform=ax.transAxes, ha="right",
                fontsize=8, color="#6b7280")
    else:
        ax.set_xlim(left=-0.04 * max(costs), right=max(costs) * 1.3)
    ax.set_ylim(-3, 103)
    ax.set_xlabel("cost per task run (USD)")
    ax.set_ylabel("pass@1 (%)")
    ax.set_title("Success against cost")
    if len(front) > 1:
        ax.legend(loc="lower right", fontsize=8)
    return Figure("cost", "Success vs cost per task",
                  "One point per run (95% interval on pass@1); the dashed line joins the runs no other run beats "
                  "on both cost and success (Pareto front).", _uri(plt, fig))


def figure_summary(figs: list[Figure]) -> list[dict[str, Any]]:
    return [{"key": f.key, "title": f.title, "caption": f.caption, "bytes": len(f.uri)} for f in figs]

"""`report`: the summary of a recorded run, read back from its SQLite database, and optionally a
PNG chart (matplotlib's Agg canvas, no display needed; pyplot and its global state are not used):
win rates with their 95% Wilson intervals (overall, on the play, on the draw) and the
distribution of game lengths by outcome.
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Sequence

from ..errors import InputError
from .stats import Summary, deck_labels, summarize
from .store import ResultStore, RunRow
from .worker import GameFault, GameResult


def load_run(db_path: str | os.PathLike[str], run: int | None = None
             ) -> tuple[RunRow, list[GameResult], list[GameFault], list[RunRow], list[str]]:
    """A run (the latest by default), its games and faults in index order, every run of the db,
    and the rows skipped because they are not sound. Opens the file read-only: a database in a
    folder or file that cannot be written can still be reported."""
    with ResultStore(db_path, readonly=True) as store:
        row = store.run(run)
        results = store.games(row.id, limit=row.games)
        done = {r.index for r in results}
        faults = [f for f in store.faults(row.id, limit=row.games) if f.index not in done]
        return row, results, faults, store.runs(), list(store.problems)


def report_summary(row: RunRow, results: list[GameResult], faults: list[GameFault],
                   db_path: str | os.PathLike[str] | None = None) -> Summary:
    """The summary of a loaded run."""
    return summarize(results, row.deck_a, row.deck_b, row.seed, row.agent, row.profile,
                     requested=row.games, run_id=row.id, faults=faults,
                     db=None if db_path is None else os.fspath(db_path))


def report(db_path: str | os.PathLike[str], png: str | os.PathLike[str] | None = None,
           run: int | None = None) -> Summary:
    """The summary of a run recorded in `db_path` (the latest run unless `run` is given), and a
    chart written to `png` if given. Raises InputError for a missing or unreadable database or a
    PNG that cannot be written. Rows that are not sound are skipped (see `load_run`)."""
    row, results, faults, _, _ = load_run(db_path, run)
    summary = report_summary(row, results, faults, db_path)
    if png is not None:
        write_png(summary, results, png)
    return summary


def write_png(summary: Summary, results: Sequence[GameResult], path: str | os.PathLike[str]) -> None:
    from matplotlib.backends.backend_agg import FigureCanvasAgg  # noqa: PLC0415 (matplotlib is heavy: loaded only to draw a report)
    from matplotlib.figure import Figure  # noqa: PLC0415 (matplotlib is heavy: loaded only to draw a report)

    fig = Figure(figsize=(12, 4.8), layout="constrained")
    FigureCanvasAgg(fig)
    ax_rate, ax_len = fig.subplots(1, 2, width_ratios=[1, 1.3])

    kinds = (("overall", "all games", "#4c72b0"), ("on_the_play", "on the play", "#55a868"),
             ("on_the_draw", "on the draw", "#dd8452"))
    width = 0.26
    for k, (attr, label, color) in enumerate(kinds):
        xs, ys, lo, hi = [], [], [], []
        for d_i, deck in enumerate(summary.decks):
            rate = getattr(deck, attr)
            if rate.value is None:
                continue
            c_lo, c_hi = rate.ci
            xs.append(d_i + (k - 1) * width)
            ys.append(100 * rate.value)
            lo.append(max(0.0, 100 * (rate.value - c_lo)))  # rounding can put the value a hair
            hi.append(max(0.0, 100 * (c_hi - rate.value)))  # outside its interval at 0% and 100%
        ax_rate.bar(xs, ys, width, yerr=[lo, hi], capsize=4, color=color, label=label)
        for x, y, h in zip(xs, ys, hi):
            ax_rate.text(x, y + h + 1.5, f"{y:.1f}", ha="center", va="bottom", fontsize=8)
    ax_rate.axhline(50, color="grey", linestyle="--", linewidth=1)
    ax_rate.set_xticks([0, 1], [f"{d.name}\n({d.agent})" for d in summary.decks])
    ax_rate.set_ylim(0, 110)
    ax_rate.set_ylabel("win rate, % (95% Wilson CI)")
    ax_rate.set_title("Win rates")
    ax_rate.legend(loc="upper center", ncols=3, fontsize=8, frameon=False)

    labels = deck_labels(summary.deck_a.name, summary.deck_b.name)
    turns = [r.turns for r in results]
    if turns:
        lo_t, hi_t = min(turns), max(turns)
        bins = [t - 0.5 for t in range(lo_t, hi_t + 2)]
        groups = [[r.turns for r in results if r.winner == 0], [r.turns for r in results if r.winner == 1],
                  [r.turns for r in results if r.winner is None]]
        names = [f"{labels[0]} wins", f"{labels[1]} wins", "draws"]
        colors = ["#4c72b0", "#c44e52", "#8c8c8c"]
        keep = [i for i, g in enumerate(groups) if g]
        ax_len.hist([groups[i] for i in keep], bins=bins, stacked=True, color=[colors[i] for i in keep],
                    label=[names[i] for i in keep])
        mean, median = statistics.fmean(turns), statistics.median(turns)
        ax_len.axvline(mean, color="black", linewidth=1, label=f"mean {mean:.1f}")
        ax_len.axvline(median, color="black", linestyle=":", linewidth=1, label=f"median {median:g}")
        ax_len.legend(fontsize=8, frameon=False)
    else:
        ax_len.text(0.5, 0.5, "no games", ha="center", va="center", transform=ax_len.transAxes)
    ax_len.set_xlabel("game length (turns)")
    ax_len.set_ylabel("games")
    ax_len.set_title("Game lengths")

    run = f"run {summary.run_id}, " if summary.run_id is not None else ""
    fig.suptitle(f"{summary.deck_a.name} vs {summary.deck_b.name}: {summary.games} games "
                 f"({run}seed {summary.seed}, agent {summary.agent}, {summary.profile})")
    try:
        fig.savefig(os.fspath(path), dpi=110, format="png")
    except OSError as exc:
        raise InputError(f"cannot write the PNG: {exc.strerror or exc}", os.fspath(path)) from None

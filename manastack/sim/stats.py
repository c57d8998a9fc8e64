"""Summaries of a set of simulated games: wins, losses and draws per deck, win rates with 95%
Wilson score intervals, on-the-play and on-the-draw win rates, and game lengths; rendered as rich
tables.

A draw counts as a game that neither deck won: win rate = wins / games. A faulted game (the engine
failed: a bug) is no game at all: it is counted apart, listed with the command that replays it,
and never counted as a win, a loss or a draw.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from rich import box
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from .worker import GameFault, GameResult

MAX_FAULT_LINES = 3  # replay hints printed under a summary; the rest are counted

Z95 = 1.959963984540054


def wilson(successes: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion ((0, 1) when n is 0)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1.0 + z * z / n
    center = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo = 0.0 if successes <= 0 else max(0.0, center - half)  # exact at 0 and n: rounding would
    hi = 1.0 if successes >= n else min(1.0, center + half)  # leave 0% or 100% just outside
    return lo, hi


@dataclass(frozen=True)
class Rate:
    """`wins` out of `games`, with its 95% Wilson interval."""

    wins: int
    games: int

    @property
    def value(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    def percent(self) -> str:
        return "—" if not self.games else f"{100 * self.wins / self.games:.1f}%"

    def interval(self) -> str:
        lo, hi = self.ci
        return "—" if not self.games else f"{100 * lo:.1f}–{100 * hi:.1f}%"

    def __str__(self) -> str:
        return "—" if not self.games else f"{self.percent()} [{self.interval()}]"

    def as_dict(self) -> dict[str, Any]:
        lo, hi = self.ci
        return {"wins": self.wins, "games": self.games, "rate": self.value, "ci95": [lo, hi]}


@dataclass(frozen=True)
class DeckStats:
    name: str
    agent: str
    wins: int
    losses: int
    draws: int
    overall: Rate
    on_the_play: Rate
    on_the_draw: Rate

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws


@dataclass(frozen=True)
class Summary:
    """The results of a run (or of its first `games` games). Timing fields don't take part in
    equality, so a resumed run and an uninterrupted one compare equal."""

    deck_a: DeckStats
    deck_b: DeckStats
    games: int
    draws: int
    starter: Rate  # how often the player on the play won
    mean_turns: float | None
    median_turns: float | None
    seed: int
    agent: str
    profile: str
    engine_versions: tuple[str, ...]
    requested: int
    run_id: int | None = field(default=None, compare=False)
    played_now: int = field(default=0, compare=False)
    elapsed_s: float = field(default=0.0, compare=False)
    faulted: int = 0  # games the engine failed (not in `games`)
    faults: tuple[GameFault, ...] = field(default=(), compare=False, repr=False)
    db: str | None = field(default=None, compare=False)

    @property
    def decks(self) -> tuple[DeckStats, DeckStats]:
        return self.deck_a, self.deck_b

    @property
    def games_per_second(self) -> float | None:
        return self.played_now / self.elapsed_s if self.elapsed_s > 0 and self.played_now else None

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        for key in ("deck_a", "deck_b"):
            ds: DeckStats = getattr(self, key)
            d[key].update(overall=ds.overall.as_dict(), on_the_play=ds.on_the_play.as_dict(),
                          on_the_draw=ds.on_the_draw.as_dict())
        d["starter"] = self.starter.as_dict()
        d["faults"] = [{"index": f.index, "seed": f.seed, "starting_player": f.starting_player,
                        "error_type": f.error_type, "message": f.message, "traceback": f.traceback,
                        "engine_version": f.engine_version, "replay": f.replay} for f in self.faults]
        return d

    def tables(self) -> Group:
        return render(self)

    def print(self, console: Console | None = None) -> None:
        console = console or Console()
        console.print(render(self))
        for line in fault_lines(self):  # unwrapped, so that a replay command can be copied whole
            console.print(line, soft_wrap=True, highlight=False)


def deck_labels(deck_a: str, deck_b: str) -> tuple[str, str]:
    """How the two seats are named in tables: the deck names, with (A)/(B) in a mirror match."""
    if deck_a == deck_b:
        return f"{deck_a} (A)", f"{deck_b} (B)"
    return deck_a, deck_b


def summarize(results: Sequence[GameResult], deck_a: str, deck_b: str, seed: int, agent: str, profile: str,
              requested: int | None = None, run_id: int | None = None, played_now: int = 0,
              elapsed_s: float = 0.0, faults: Sequence[GameFault] = (), db: str | None = None) -> Summary:
    """The summary of finished games `results`; `faults` are the games the engine failed."""
    agents = agent.split(":", 1) if ":" in agent else [agent, agent]
    labels = deck_labels(deck_a, deck_b)
    per_deck = []
    for p in (0, 1):
        wins = sum(1 for r in results if r.winner == p)
        losses = sum(1 for r in results if r.winner == 1 - p)
        draws = sum(1 for r in results if r.winner is None)
        play = [r for r in results if r.starting_player == p]
        draw = [r for r in results if r.starting_player != p]
        per_deck.append(DeckStats(
            name=labels[p], agent=agents[p], wins=wins, losses=losses, draws=draws,
            overall=Rate(wins, len(results)),
            on_the_play=Rate(sum(1 for r in play if r.winner == p), len(play)),
            on_the_draw=Rate(sum(1 for r in draw if r.winner == p), len(draw))))
    turns = [r.turns for r in results]
    return Summary(
        deck_a=per_deck[0], deck_b=per_deck[1], games=len(results),
        draws=sum(1 for r in results if r.winner is None),
        starter=Rate(sum(1 for r in results if r.winner == r.starting_player), len(results)),
        mean_turns=statistics.fmean(turns) if turns else None,
        median_turns=float(statistics.median(turns)) if turns else None,
        seed=seed, agent=agent, profile=profile,
        engine_versions=tuple(sorted({r.engine_version for r in results})),
        requested=len(results) if requested is None else requested,
        run_id=run_id, played_now=played_now, elapsed_s=elapsed_s, faulted=len(faults), faults=tuple(faults),
        db=db)


def render(s: Summary) -> Group:
    """The summary as two rich tables (per deck; game lengths and totals)."""
    title = f"{s.deck_a.name} vs {s.deck_b.name}: {s.games} games"
    if s.requested != s.games:
        title += f" of {s.requested}"
    title += f" (seed {s.seed}, agent {s.agent}, {s.profile})"
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    t.add_column("deck", no_wrap=True)
    t.add_column("agent", no_wrap=True)
    for col in ("W", "L", "D"):
        t.add_column(col, justify="right", no_wrap=True)
    t.add_column("win rate", justify="right", no_wrap=True)
    t.add_column("95% CI", justify="right", no_wrap=True)
    t.add_column("on play", justify="right", no_wrap=True)
    t.add_column("on draw", justify="right", no_wrap=True)
    for d in s.decks:
        t.add_row(d.name, d.agent, str(d.wins), str(d.losses), str(d.draws), d.overall.percent(),
                  d.overall.interval(), d.on_the_play.percent(), d.on_the_draw.percent())
    g = Table(show_header=True, box=None, padding=(0, 2))
    for col in ("games", "draws", "player on the play wins", "mean turns", "median turns"):
        g.add_column(col, justify="right")
    g.add_row(str(s.games), str(s.draws), str(s.starter),
              "—" if s.mean_turns is None else f"{s.mean_turns:.2f}",
              "—" if s.median_turns is None else f"{s.median_turns:g}")
    parts: list[Any] = [t, g]
    footer = []
    if s.run_id is not None:
        footer.append(f"run {s.run_id}")
    if s.engine_versions:
        footer.append(f"engine {', '.join(s.engine_versions)}")
    if s.played_now:
        rate = s.games_per_second
        footer.append(f"played {s.played_now} now in {s.elapsed_s:.1f}s"
                      + (f" ({rate:.1f} games/s)" if rate else ""))
    if footer:
        parts.append(Text("; ".join(footer), style="dim"))
    return Group(*parts)


def fault_lines(s: Summary, limit: int = MAX_FAULT_LINES) -> list[Text]:
    """The faulted games under a summary: a count, a replay hint for the first few, then a count."""
    if not s.faulted:
        return []
    where = f"manastack report {s.db} --faults" if s.db else "the faults in the Summary"
    plural = "game" if s.faulted == 1 else "games"
    lines = [Text(f"faulted: {s.faulted} {plural}, not counted above (an engine bug; see `{where}`)",
                  style="bold red")]
    for f in s.faults[:limit]:
        error = f.error if len(f.error) <= 200 else f.error[:199] + "…"
        lines.append(Text(f"  game {f.index} (seed {f.seed}): {error}", style="red"))
        if f.replay:  # one unbroken line, to copy and paste
            lines.append(Text(f"    replay: {f.replay}", style="red"))
    if s.faulted > limit:
        lines.append(Text(f"  ... and {s.faulted - limit} more", style="red"))
    return lines

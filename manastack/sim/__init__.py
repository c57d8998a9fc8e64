"""Deck simulation: play many games between two decks, in parallel (local processes or Ray),
record every game in a SQLite database, and summarise the results (win rates with 95% Wilson
intervals, on the play / on the draw, game lengths).

    from manastack.sim import simulate, report
    summary = simulate("vanilla", "burn", games=400, seed=1, db="results.sqlite")
    report("results.sqlite", png="results.png")

Importing this package imports neither Ray nor matplotlib.
"""

from __future__ import annotations

from .errors import SimError
from .report import report
from .runner import parse_agent, simulate
from .stats import DeckStats, Rate, Summary, summarize, wilson
from .store import ResultStore
from .worker import GameResult, SimConfig, game_seed, play_one

__all__ = ["simulate", "report", "Summary", "DeckStats", "Rate", "GameResult", "SimConfig", "ResultStore",
           "SimError", "game_seed", "play_one", "parse_agent", "summarize", "wilson"]

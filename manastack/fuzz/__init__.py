"""The fuzzer (`manastack fuzz`): random decks of every compiled card, played by random and
heuristic agents, with the engine's promises checked after every action (fuzz/runner.py)."""

from .cases import FuzzCase, read_case
from .runner import FuzzOptions, FuzzReport, make_case, play_case, run_fuzz

__all__ = ["FuzzCase", "FuzzOptions", "FuzzReport", "make_case", "play_case", "read_case", "run_fuzz"]

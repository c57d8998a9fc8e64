"""The vocabulary manastack/rules/ascend.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class AscendNow(V.Effect):
    """702.131a: ascend on an instant or sorcery: "If you control ten or more permanents and you don't have the
    city's blessing, you get the city's blessing for the rest of the game"."""

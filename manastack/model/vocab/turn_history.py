"""The vocabulary manastack/rules/turn_history.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from .conditions import HistoryCondition


@dataclass(frozen=True, slots=True)
class UnlessHappened(V.Effect):
    """608.2c: "Then discard a card unless you attacked this turn" (Chart a Course): `effects` happen unless
    `condition` (this turn's history, for the controller) holds as the spell or ability resolves."""

    effects: tuple[V.Effect, ...]
    condition: HistoryCondition

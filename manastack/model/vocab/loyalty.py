"""The vocabulary manastack/rules/loyalty.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class LoyaltyAbility(V.ActivatedAbility):
    """606.1: an activated ability with a loyalty symbol in its cost. Not a mana ability (605.1a)."""


@dataclass(frozen=True, slots=True)
class LoyaltyCost(V.Cost):
    """606.4: put on (`loyalty` > 0) or remove (< 0, or "X": remove X) loyalty counters."""

    loyalty: int | str = 0



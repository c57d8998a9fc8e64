"""The vocabulary manastack/rules/ninjutsu.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class EnterAttacking(V.Effect):
    """702.49a: "Put this card onto the battlefield from your hand tapped and attacking"."""


@dataclass(frozen=True, slots=True)
class Ninjutsu(V.ActivatedAbility):
    """702.49a: an activated ability of the card in its owner's hand (rules/activation.py hand abilities:
    `zone`), whose cost is `cost` plus revealing the card and returning an unblocked attacker."""

    zone: str = "hand"



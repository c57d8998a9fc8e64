"""The vocabulary manastack/cards/templates/reflexive.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class ReflexiveTrigger(V.Effect):
    """603.12: creates `ability` if the "you may" before it was done."""

    ability: V.TriggeredAbility


@dataclass(frozen=True, slots=True)
class TriggersOnceEachTurn(V.Effect):
    """Not an effect: the "triggers only once each turn" limit of the ability it ends."""



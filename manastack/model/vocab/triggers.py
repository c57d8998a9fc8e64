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




@dataclass(frozen=True, slots=True)
class TemporaryTrigger(V.Effect):
    """603.7c-like: "Until your next turn, whenever a creature an opponent controls attacks, it gets -1/-0 until end
    of turn" (an effect that creates a triggered ability for a duration, 611.2a): `ability` triggers for the
    effect's controller until `until` ("eot", or timing_permissions.UNTIL_YOUR_NEXT_TURN) ends it."""

    ability: V.TriggeredAbility
    until: str = "eot"

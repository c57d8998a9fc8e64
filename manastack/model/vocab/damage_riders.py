"""The vocabulary manastack/rules/damage_riders.py executes (its rules are in that module's docstring):
what a damage spell does next to what it dealt "this way" (608.2c)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

CANT_BE_REGENERATED = "cant_be_regenerated"  # the ContinuousEffect kind (701.15c, until end of turn)


@dataclass(frozen=True, slots=True)
class NoRegenerationThisWay(V.Effect):
    """701.15c: "A creature dealt damage this way can't be regenerated this turn.\""""


@dataclass(frozen=True, slots=True)
class CantBeRegeneratedThisTurn(V.Effect):
    """701.15c: "If it's a creature, it can't be regenerated this turn" (Disintegrate): the object `target`
    refers to, if it is a creature as the effect happens (whether or not the damage before it was dealt)."""

    target: V.Who


@dataclass(frozen=True, slots=True)
class GainLifeDealtThisWay(V.Effect):
    """119.3: "You gain life equal to the damage dealt this way" (the damage actually dealt, 120.3)."""


@dataclass(frozen=True, slots=True)
class DamageAllExcept(V.Effect):
    """"deals 2 damage to each creature except for creatures you control with flying" (Flame Sweep): each
    permanent matching `filter` and not `exclude`, at the same time (120.3)."""

    amount: V.Amount
    filter: V.ObjectFilter
    exclude: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class DamagePlayerOrPlaneswalker(V.Effect):
    """120.3: "CARDNAME deals 1 damage to that player or a planeswalker that player controls" (Curse of the
    Pierced Heart): the source's controller chooses, as it resolves (608.2d), the player or one of their
    planeswalkers (no choice without one)."""

    amount: V.Amount
    who: V.Who



@dataclass(frozen=True, slots=True)
class EachDealsDamage(V.Effect):
    """120.3: "each Dragon you control deals 1 damage to that creature" (Sarkhan the Masterless): every permanent
    matching `filter` as it resolves is the source of `amount` damage to `to`, all dealt at the same time."""

    filter: V.ObjectFilter
    amount: V.Amount
    to: V.Who

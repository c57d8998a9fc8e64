"""The vocabulary manastack/rules/counted_effects.py executes (its rules are in that module's docstring):
effects whose size is counted as they resolve (608.2h)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PumpPer(V.Effect):
    """"Target creature gets -1/-1 until end of turn for each artifact you control": `power` / `toughness`
    times the number `per` counts as the effect resolves; "gets +X/+X until end of turn, where X is that
    creature's power": +1/+1 times that amount (an ObjectStat, GreatestAmong, ... of the amount resolvers)."""

    target: V.Who
    power: int
    toughness: int
    per: object  # a V.Count, or an amount of registry.AMOUNT_RESOLVERS


@dataclass(frozen=True, slots=True)
class HalfOf:
    """107.1a: "half their life" / "half the number of cards in their library", rounded up or down as the text
    says: of the player `who` names, counted as the effect resolves (608.2h). `of`: "life" or "library"."""

    of: str
    who: V.Who
    round_up: bool


@dataclass(frozen=True, slots=True)
class SumOf:
    """An Amount: "the number of creatures on the battlefield plus the number of artifacts on the battlefield"
    (War Report): the terms counted one by one as the effect resolves and added (608.2h; an object
    matching two terms counts twice)."""

    terms: tuple[V.Amount, ...]


@dataclass(frozen=True, slots=True)
class SacrificeAnyNumber(V.Effect):
    """701.17a: "Sacrifice any number of creatures": the controller chooses any number of their permanents
    matching `filter` (none too) and sacrifices them at once; the rest of the effect counts them ("you gain 3
    life for each creature sacrificed this way": SacrificedCount)."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class SacrificedCount:
    """An Amount: the number of permanents sacrificed by an earlier part of the effect ("for each creature
    sacrificed this way"), times `multiplier`."""

    multiplier: int = 1


@dataclass(frozen=True, slots=True)
class PayAnyLife(V.Effect):
    """119.4: "Pay any amount of life": the controller chooses a number from 0 to their life total and pays it;
    the rest of the effect reads it ("then look at that many cards": LifePaid)."""


@dataclass(frozen=True, slots=True)
class LifePaid:
    """An Amount: the life paid by an earlier "pay any amount of life" of the effect ("that many")."""

"""The vocabulary manastack/rules/counted_effects.py executes (its rules are in that module's docstring):
effects whose size is counted as they resolve (608.2h)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PumpPer(V.Effect):
    """"Target creature gets -1/-1 until end of turn for each artifact you control": `power` / `toughness`
    times the number `per` counts as the effect resolves."""

    target: V.Who
    power: int
    toughness: int
    per: V.Count


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
class GreatestPower:
    """An Amount: "where X is the greatest power among creatures you control" (Fungal Sprouting, Miming Slime):
    the greatest power of the permanents matching `filter` as the effect resolves (608.2h); 0 with none, and
    0 for a negative greatest power (107.1b: a number of tokens, damage, life)."""

    filter: V.ObjectFilter

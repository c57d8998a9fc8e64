"""The vocabulary manastack/rules/transform.py executes (its rules are in that module's docstring):
transforming double-faced cards (712, 701.28)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

TRANSFORM = "transform"  # CardDef.layout of a transforming double-faced card (712.2)


@dataclass(frozen=True, slots=True)
class Transform(V.Effect):
    """701.28a: "transform CARDNAME" / "transform it": the permanent turns over to its other face."""

    who: V.Who = V.SELF


@dataclass(frozen=True, slots=True)
class ExileReturnTransformed(V.Effect):
    """712.14a: "exile CARDNAME, then return it to the battlefield transformed under its owner's control"."""


@dataclass(frozen=True, slots=True)
class RevealTopIf(V.Effect):
    """701.16a: the top card of the controller's library (looked at before) is revealed; if it has the
    quality `filter`, `effects` follow ("You may reveal that card. If an instant or sorcery card is
    revealed this way, ...")."""

    filter: V.ObjectFilter
    effects: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class SpellsLastTurn:
    """603.4: the werewolves' intervening "if" clauses about the previous turn (500.1): "if no spells
    were cast last turn" (`none`) / "if a player cast two or more spells last turn" (`none` False)."""

    none: bool = True


@dataclass(frozen=True, slots=True)
class NoCountersOnSelf:
    """608.2c: "then if it has no ice counters on it, ...": the source has no counter of `kind` (as it is
    now on the battlefield, else as it last existed, 608.2h)."""

    kind: str


@dataclass(frozen=True, slots=True)
class ReturnAllToHand(V.Effect):
    """"return all non-Horror creatures to their owners' hands" (Awoken Horror): every permanent that has the
    quality `filter` as the effect happens is returned at once (400.7; 108.3: to its owner's hand)."""

    filter: V.ObjectFilter

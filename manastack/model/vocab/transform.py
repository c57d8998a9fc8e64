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

"""The vocabulary manastack/rules/imprint.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

EXILED_COLORS = "exiled_colors"  # ManaProduction.kind: one mana of any of the exiled cards' colors
IF_EXILED = "if_exiled"  # ManaProduction.kind: bags[0], or bags[1] instead while a card is exiled with it


@dataclass(frozen=True, slots=True)
class ExileFromHand(V.Effect):
    """"Exile a nonartifact, nonland card from your hand" (the controller chooses one as it resolves);
    the card is linked to the source (607.2a)."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class ReturnExiledToHand(V.Effect):
    """"Return the exiled card to its owner's hand", "Put all cards exiled with CARDNAME into their owners' hands"
    (607.2a: the cards exiled with the source)."""


@dataclass(frozen=True, slots=True)
class ExileTopLinked(V.Effect):
    """"Exile the top card of your library face down" (Bomat Courier; 406.3: face down, no player may look at it):
    the card is linked to the source (607.2a) for "put all cards exiled with CARDNAME into their owners' hands"."""

    face_down: bool = True




@dataclass(frozen=True, slots=True)
class ExileTopThen(V.Effect):
    """406.3 / 608.2c: "Exile the top card of your library face down and look at it." and the `effects` after it
    that refer to "the exiled card" (Ugin, the Ineffable): the card exiled is theirs (Context.looked)."""

    effects: tuple[V.Effect, ...]


@dataclass(frozen=True, slots=True)
class ExiledToHandWhenTokenLeaves(V.Effect):
    """603.7a: "When that token leaves the battlefield, put the exiled card into your hand": a delayed triggered
    ability about the token just created and the card exiled before it (Context.created / looked)."""


@dataclass(frozen=True, slots=True)
class PutCardIntoHand(V.Effect):
    """The delayed ability's effect: the card `card` (an object id as it was exiled) into its owner's hand, if it
    is still that exiled card (400.7)."""

    card: int

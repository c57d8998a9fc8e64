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
    the card is linked to the source (607.2a) for "put all cards exiled with CARDNAME into their owners' hands";
    `who`: whose library ("that player exiles the top card of their library", Nightveil Specter)."""

    face_down: bool = True
    who: V.Who = V.YOU


# StaticAbility kind: "You may play lands and cast spells from among cards exiled with CARDNAME" (607.2a, 601.3,
# 305.1; Nightveil Specter): the cards the permanent's linked ability exiled, whoever owns them.
PLAY_LINKED_EXILED = "play_linked_exiled"




@dataclass(frozen=True, slots=True)
class ExileDeadLinked(V.Effect):
    """"Whenever a nontoken creature dies, you may exile that card. If you do, return each other card exiled with
    CARDNAME to its owner's graveyard" (Mimic Vat): the card the creature became in its owner's graveyard
    (603.10a, 400.7), if it is still there, is exiled and linked to the source (607.2a); only then (`return_others`)
    the other cards linked to the source go to their owners' graveyards."""

    return_others: bool = True


@dataclass(frozen=True, slots=True)
class ExiledWithSource:
    """A referent: "a card exiled with CARDNAME" (607.2a: one of the cards linked to the source, chosen by the
    ability's controller if there are several)."""


EXILED_WITH_SOURCE = ExiledWithSource()


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

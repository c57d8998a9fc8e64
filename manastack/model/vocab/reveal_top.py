"""The vocabulary manastack/rules/reveal_top.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class RevealTopToHand(V.Effect):
    """701.16a: reveal the top card of your library, put it into your hand; it is "that card" / "its" of
    the next effect (Context.chosen)."""


@dataclass(frozen=True, slots=True)
class LoseLifeRevealedValue(V.Effect):
    """119.3: "You lose life equal to its mana value": the card the preceding RevealTopToHand revealed."""


@dataclass(frozen=True, slots=True)
class RevealTopLandOrHand(V.Effect):
    """701.16a / 608.2c: "Reveal the top card of your library. If it's a land card, put it onto the
    battlefield. Otherwise, put it into your hand." (Nissa, Sage Animist; Skyward Eye Prophets)."""



@dataclass(frozen=True, slots=True)
class RevealUntil(V.Effect):
    """701.16a: "Reveal cards from the top of your library until you reveal a basic land card. Put that card into
    your hand and all other cards revealed this way into your graveyard." (Hermit Druid; "onto the battlefield
    [tapped]", "the rest on the bottom of your library in a random order"): the first card matching `filter` goes
    to `dest` ("hand" / "battlefield"), the others revealed to `rest` ("graveyard" / "bottom_random"); with no such
    card, the whole library is revealed and goes to `rest`."""

    filter: V.ObjectFilter
    dest: str = ""
    tapped: bool = False
    rest: str = ""

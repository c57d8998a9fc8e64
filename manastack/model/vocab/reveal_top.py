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
    """701.16a / 608.2c: "Reveal cards from the top of your library until you reveal a creature card with greater
    mana value. Put that card onto the battlefield and the rest on the bottom of your library in a random
    order." (Lukka, Coppercoat Outcast), "... until you reveal a basic land card. Put that card into your hand
    and all other cards revealed this way into your graveyard." (Hermit Druid): the cards are revealed one by
    one from the top until one matches `filter` (with `above`, a mana value greater than that amount, read as it
    resolves: the exiled creature's by last known information); that card goes `to` ("battlefield" or "hand";
    "" while the compiler waits for the sentence saying so), the others revealed to `rest` ("bottom_random": the
    bottom in a random order, 401.4, or "graveyard"). With no such card, every card of the library is revealed
    and goes with the rest."""

    filter: V.ObjectFilter
    above: V.Amount | None = None
    to: str = ""
    tapped: bool = False  # "onto the battlefield tapped"
    attacking: bool = False  # "onto the battlefield tapped and attacking" (508.4)
    rest: str = "bottom_random"

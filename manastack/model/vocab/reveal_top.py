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


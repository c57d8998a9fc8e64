"""The vocabulary manastack/rules/piles.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class SeparateLookedIntoPiles(V.Effect):
    """700.3: "An opponent separates those cards into two piles. Put one pile into your hand and the other into
    your graveyard." (Fact or Fiction): the cards the V.LookAtTop before looked at are separated by `separator`
    ("opponent" or "you") into two piles, and the other player chooses the pile put into the hand; the other pile
    goes `rest` ("graveyard", or "bottom_any": on the bottom of the library in any order, 401.4)."""

    separator: str = "opponent"
    rest: str = "graveyard"

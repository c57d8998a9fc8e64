"""The vocabulary manastack/rules/graveyard_replacement.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from . import StaticAbility

GRAVEYARD_EXILE = "graveyard_exile"  # StaticAbility.kind of GraveyardToExile
GRAVEYARD_SHUFFLE = "graveyard_shuffle"  # StaticAbility.kind of GraveyardToLibrary


@dataclass(frozen=True, slots=True)
class GraveyardToExile(StaticAbility):
    """614.1a: "If a card would be put into a graveyard from anywhere, exile it instead". `whose`: "self"
    ("If CARDNAME would be put into a graveyard from anywhere", functioning in every zone), "any" (a
    graveyard), "opponents" (an opponent's graveyard), "yours" (your graveyard); `tokens`: "a card or
    token" (else only cards); `filter`: "an instant or sorcery card"."""

    whose: str = "any"
    tokens: bool = False
    dies: bool = False  # 700.4: "If a creature an opponent controls / CARDNAME would die": from the battlefield only


@dataclass(frozen=True, slots=True)
class GraveyardToLibrary(StaticAbility):
    """614.1a: "If CARDNAME would be put into a graveyard from anywhere, reveal CARDNAME and shuffle it into its
    owner's library instead" (the card's own, in every zone: Darksteel Colossus, Nexus of Fate)."""

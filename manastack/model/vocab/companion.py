"""The vocabulary manastack/rules/companion.py executes (its rules are in that module's docstring), and the
deck conditions of companion abilities (702.139a), which manastack/decks.py checks against a starting deck.

A companion's condition is one of a small family of deck predicates: every card of a kind (`scope`: any
card, permanent cards, nonland cards, creature cards) passes a test (CardTest), or a condition on the deck
as a whole (DeckSize, DistinctNames, SharedCardType).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The cards of the starting deck a condition is about ("each permanent card in your starting deck").
ANY_CARD, PERMANENT_CARDS, NONLAND_CARDS, CREATURE_CARDS = "card", "permanent", "nonland", "creature"
SCOPES = (ANY_CARD, PERMANENT_CARDS, NONLAND_CARDS, CREATURE_CARDS)


@dataclass(frozen=True, slots=True)
class CardTest:
    """What one card of the deck must be (a base class: each kind below says what it tests)."""


@dataclass(frozen=True, slots=True)
class ManaValueAtMost(CardTest):
    """"has mana value N or less" (Lurrus: 2)."""

    amount: int


@dataclass(frozen=True, slots=True)
class ManaValueAtLeast(CardTest):
    """"mana value N or greater" (Keruga: 3)."""

    amount: int


@dataclass(frozen=True, slots=True)
class ManaValueParity(CardTest):
    """"even mana values" (Gyruda) or "odd mana values" (Obosh)."""

    even: bool


@dataclass(frozen=True, slots=True)
class HasSubtype(CardTest):
    """"is a Cat, Elemental, Nightmare, Dinosaur, or Beast card" (Kaheera): at least one of them."""

    subtypes: frozenset[str]


@dataclass(frozen=True, slots=True)
class HasActivatedAbility(CardTest):
    """"has an activated ability" (Zirda): mana abilities and the intrinsic ones of basic land types (305.6)
    count."""


@dataclass(frozen=True, slots=True)
class NoRepeatedManaSymbol(CardTest):
    """"No card ... has more than one of the same mana symbol in its mana cost" (Jegantha): {R}{R},
    {W/U}{W/U} or {X}{X} break it; {2} is one symbol."""


@dataclass(frozen=True, slots=True)
class DeckCondition:
    """A companion's condition on the starting deck (702.139a, 702.139b: the sideboard set aside)."""


@dataclass(frozen=True, slots=True)
class EveryCard(DeckCondition):
    """Each card of `scope` in the starting deck passes `test` ("Each permanent card in your starting deck has
    mana value 2 or less"; "Your starting deck contains only cards with odd mana values and land cards":
    nonland cards, odd)."""

    scope: str
    test: CardTest


@dataclass(frozen=True, slots=True)
class DeckSize(DeckCondition):
    """"Your starting deck contains at least twenty cards more than the minimum deck size" (Yorion)."""

    more_than_minimum: int


@dataclass(frozen=True, slots=True)
class DistinctNames(DeckCondition):
    """"Each nonland card in your starting deck has a different name" (Lutri)."""

    scope: str = NONLAND_CARDS


@dataclass(frozen=True, slots=True)
class SharedCardType(DeckCondition):
    """"Each nonland card in your starting deck shares a card type" (Umori): one card type all of them have."""

    scope: str = NONLAND_CARDS


@dataclass(frozen=True, slots=True)
class Companion(V.Ability):
    """702.139a: "Companion — [Condition]". It functions outside the game: the deck check (manastack/decks.py)
    reads the condition; in a game the chosen companion starts outside it (rules/companion.py)."""

    condition: DeckCondition


@dataclass(frozen=True, slots=True)
class GraveyardCastEachTurn(V.Ability):
    """601.3 / 604.1: "Once during each of your turns, you may cast a permanent spell with mana value 2 or less
    from your graveyard" (Lurrus of the Dream-Den): while its source is on the battlefield, its controller
    may cast one spell of the kind (`permanent`: a permanent spell; `max_mana_value`, None: any) from their
    graveyard during each of their turns, at the time they could cast it from their hand."""

    permanent: bool = True
    max_mana_value: int | None = None

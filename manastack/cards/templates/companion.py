"""Companion (CR 702.139; deck check: manastack/decks.py; game: rules/companion.py).

- 702.139a: "Companion — [Condition]." (the reminder text in parentheses is stripped before), the ten
  conditions of the Ikoria companions as model/vocab/companion.py's deck predicates:
  "Each permanent card in your starting deck has mana value 2 or less" (Lurrus), "Your starting deck
  contains at least twenty cards more than the minimum deck size" (Yorion), "No card in your starting deck
  has more than one of the same mana symbol in its mana cost" (Jegantha), "Your starting deck contains only
  cards with even mana values" (Gyruda), "... only cards with odd mana values and land cards" (Obosh),
  "... only cards with mana value 3 or greater and land cards" (Keruga), "Each creature card in your starting
  deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast card" (Kaheera), "Each nonland card in your
  starting deck has a different name" (Lutri), "Each nonland card in your starting deck shares a card type"
  (Umori), "Each permanent card in your starting deck has an activated ability" (Zirda).
- 601.3: "Once during each of your turns, you may cast a permanent spell with mana value N or less from
  your graveyard." (Lurrus of the Dream-Den).
"""

from __future__ import annotations

import re

from ...model.vocab.companion import (
    ANY_CARD,
    CREATURE_CARDS,
    NONLAND_CARDS,
    PERMANENT_CARDS,
    CardTest,
    Companion,
    DeckCondition,
    DeckSize,
    DistinctNames,
    EveryCard,
    GraveyardCastEachTurn,
    HasActivatedAbility,
    HasSubtype,
    ManaValueAtLeast,
    ManaValueAtMost,
    ManaValueParity,
    NoRepeatedManaSymbol,
    SharedCardType,
)
from ..compiler import Unsupported, paragraph_template
from ..draft import CardDraft

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30}
_SCOPES = {"": ANY_CARD, "permanent ": PERMANENT_CARDS, "nonland ": NONLAND_CARDS, "creature ": CREATURE_CARDS}


def _number(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def _card_test(text: str) -> CardTest | None:
    """The test of "each [kind] card in your starting deck [test]" / "only cards with [test]"."""
    if m := re.fullmatch(r"(?:has |with )?(?:a )?mana value (\d+) or less", text):
        return ManaValueAtMost(int(m.group(1)))
    if m := re.fullmatch(r"(?:has |with )?(?:a )?mana value (\d+) or greater", text):
        return ManaValueAtLeast(int(m.group(1)))
    if m := re.fullmatch(r"(?:with )?(even|odd) mana values?", text):
        return ManaValueParity(m.group(1) == "even")
    if text == "has an activated ability":
        return HasActivatedAbility()
    if m := re.fullmatch(r"is an? ((?:[a-z]+, )*[a-z]+,? or [a-z]+|[a-z]+) card", text):
        names = re.split(r",? or |, ", m.group(1))
        return HasSubtype(frozenset(n.capitalize() for n in names if n))
    return None


def deck_condition(text: str) -> DeckCondition | None:
    """A companion's condition (lower case, without its final period) as a deck predicate, or None."""
    if m := re.fullmatch(r"each (permanent |nonland |creature |)card in your starting deck (.+)", text):
        scope, rest = _SCOPES[m.group(1)], m.group(2)
        if rest == "has a different name":
            return DistinctNames(scope)
        if rest == "shares a card type":
            return SharedCardType(scope)
        test = _card_test(rest)
        return EveryCard(scope, test) if test is not None else None
    if m := re.fullmatch(r"your starting deck contains only cards with (.+?)( and land cards)?", text):
        test = _card_test(m.group(1))
        return EveryCard(NONLAND_CARDS if m.group(2) else ANY_CARD, test) if test is not None else None
    if m := re.fullmatch(r"your starting deck contains at least (\w+) cards more than the minimum deck size", text):
        if m.group(1).isdigit() or m.group(1) in _NUMBERS:
            return DeckSize(_number(m.group(1)))
        return None
    if text == "no card in your starting deck has more than one of the same mana symbol in its mana cost":
        return EveryCard(ANY_CARD, NoRepeatedManaSymbol())
    return None


@paragraph_template(r"companion ?[—-] ?(.+)")
def _companion(m, para, out: CardDraft, is_spell):
    """702.139a: a keyword ability that functions outside the game; its condition is read by the deck check."""
    cond = deck_condition(m.group(1).strip())
    if cond is None:
        raise Unsupported(para)  # a condition of no printed companion (Un-cards' "nostalgic" ...)
    out.abilities.append(Companion(para, cond))


@paragraph_template(r"once during each of your turns, you may cast an? (permanent )?spell(?: with mana value (\d+) or less)? "
                    r"from your graveyard")
def _graveyard_cast_each_turn(m, para, out: CardDraft, is_spell):
    """601.3: a once-per-turn permission to cast a kind of spell from your graveyard (Lurrus)."""
    if is_spell:
        raise Unsupported(para)  # a permission of a permanent
    out.abilities.append(GraveyardCastEachTurn(para, permanent=bool(m.group(1)),
                                               max_mana_value=int(m.group(2)) if m.group(2) else None))

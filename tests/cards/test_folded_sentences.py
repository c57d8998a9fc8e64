"""Sentences that refer to the sentence before them compile only where that sentence is (the folds of
EFFECTS_CHECKS: "those creatures" after "tap all ...", "you may cast it" after "look at the top card", the
search then "shuffle and put that card on top"); a marker a fold can't reach refuses the card."""

from __future__ import annotations

from manastack.cards.compiler import compile_card
from manastack.model import vocab as V
from manastack.model.vocab.free_casting import CastOneAmong
from manastack.model.vocab.player_groups import NoUntapTheirs, TapTheirs


def _spell(text: str) -> V.CardDef:
    return compile_card({"name": "Testing Spell", "mana_cost": "{U}", "type_line": "Sorcery", "oracle_text": text})


def _creature(text: str) -> V.CardDef:
    return compile_card({"name": "Testing Beast", "mana_cost": "{3}{R}", "type_line": "Creature — Beast",
                         "oracle_text": text, "power": "3", "toughness": "3"})


def test_those_creatures_are_the_group_tapped() -> None:
    card = _spell("Tap all creatures target player controls. Those creatures don't untap during that player's next "
                  "untap step.")
    assert card.supported and card.spell is not None
    tap, hold = card.spell.effects
    assert isinstance(tap, TapTheirs) and isinstance(hold, NoUntapTheirs)
    assert hold.who == tap.ref and hold.filter == tap.filter and not hold.each_controller


def test_those_creatures_without_a_group_before_is_refused() -> None:
    assert not _spell("Draw a card. Those creatures don't untap during their controllers' next untap steps.").supported
    # another paragraph's condition: the fold never sees the tapping (Send to Sleep's spell mastery)
    assert not _spell("Tap all creatures target player controls.\nIf you control an Island, those creatures don't "
                      "untap during their controllers' next untap steps.").supported


def test_cast_it_needs_the_top_card_looked_at() -> None:
    card = _creature("At the beginning of your upkeep, you may look at the top card of your library. You may cast "
                     "it without paying its mana cost if it's an instant or sorcery spell.")
    assert card.supported
    assert any(isinstance(e, CastOneAmong) and e.among == "top"
               for ab in card.abilities if isinstance(ab, V.TriggeredAbility) for e in ab.effects)
    # "look at the top card" followed by anything else is not read
    assert not _creature("{T}: Look at the top card of your library. You may exile that card.").supported


def test_cast_from_among_a_revealed_hand() -> None:
    card = _creature("When this creature enters, target opponent reveals their hand. You may cast an instant or "
                     "sorcery spell from among those cards without paying its mana cost.")
    assert card.supported
    ab = next(a for a in card.abilities if isinstance(a, V.TriggeredAbility))
    assert isinstance(ab.effects[-1], CastOneAmong) and ab.effects[-1].among == "revealed_hand"
    assert not _spell("Draw a card. You may cast an instant or sorcery spell from among those cards without paying "
                      "its mana cost.").supported


def test_search_then_shuffle_on_top() -> None:
    card = _creature("When this creature enters, search your library for a creature card with deathtouch, hexproof, "
                     "reach, or trample and reveal it. Shuffle and put that card on top.")
    assert card.supported
    assert not _spell("Shuffle and put that card on top.").supported

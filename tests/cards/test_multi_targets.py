"""601.2c / 115.1: several targets for one instance of the word "target" ("up to two target
creatures"): how such text compiles, and the casts offered to agents."""

from __future__ import annotations

from manastack.cards.compiler import compile_card
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.rules import priority
from tests.setup_helpers import put as _put


def _card(text: str, kind: str = "Sorcery"):
    return compile_card({"name": "Test Spell", "mana_cost": "{1}{U}", "type_line": kind, "oracle_text": text})


def test_up_to_two_targets_compile_as_two_optional_targets_of_one_group() -> None:
    card = _card("Return up to two target creatures to their owners' hands.")
    assert not card.unsupported
    specs = card.spell.targets
    assert len(specs) == 2 and all(s.optional for s in specs)
    assert specs[0].group == specs[1].group > 0
    assert [e.target.index for e in card.spell.effects] == [0, 1]


def test_exactly_two_targets_are_required() -> None:
    card = _card("Tap two target creatures.", "Instant")
    assert not card.unsupported
    assert [s.optional for s in card.spell.targets] == [False, False]


def test_targets_tied_to_each_other_stay_unsupported() -> None:
    for text in ("Exile up to two target cards from a single graveyard.",):
        assert _card(text).unsupported, text


def test_cards_of_the_target_players_graveyard_name_that_player() -> None:
    """115.1 (templates/effects_graveyard.py): "their graveyard" ties each card target to the player target."""
    card = _card("Target player shuffles up to three target cards from their graveyard into their library.")
    assert not card.unsupported
    player, *cards = card.spell.targets
    assert player.kind == "player" and len(cards) == 3
    assert all(c.kind == "graveyard_card" and c.optional and c.controlled_by == 0 for c in cards)


def test_each_set_of_targets_is_offered_once_including_none() -> None:
    g = Game.empty()
    g.auto_pass = False
    g.s.active = g.s.priority = 0
    g.s.step = MAIN1
    spell = _put(g, "Abandon Reason", "hand")
    for _ in range(3):
        _put(g, "Mountain", "battlefield")
    bears = [_put(g, "Grizzly Bears", "battlefield").id for _ in range(3)]
    casts = [a for a in priority.priority_actions(g, 0) if isinstance(a, A.CastSpell) and a.card == spell.id]
    sets = [frozenset(t for t in a.targets if t is not None) for a in casts]
    # 601.2c: no target, one of three, or two of three: 1 + 3 + 3 sets, each listed once.
    assert len(sets) == len(set(sets)) == 7
    assert frozenset() in sets and frozenset(bears[:2]) in sets
    g.apply(next(a for a in casts if a.targets == (None, None)))
    assert g.s.stack[-1].targets == (None, None)

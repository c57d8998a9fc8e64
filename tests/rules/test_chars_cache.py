"""CR 613: characteristics are computed on read and cached until `Game.invalidate`.

The cache is only correct if every change that can alter an object's characteristics (a zone change
to or from the battlefield, counters, a continuous effect, an attachment, a change of control, turning
face up) invalidates it. These tests play whole games in which every cached read is compared with a
fresh computation from the same state.
"""

from __future__ import annotations

import itertools

import pytest

from manastack import Game
from manastack.agents import RandomAgent, play_game
from manastack.decks import bundled_decks
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.rules import continuous
from tests.setup_helpers import put

PAIRS = list(itertools.combinations(sorted(bundled_decks()), 2))


def _fields(c: continuous.Chars) -> tuple:
    return (c.name, c.types, c.subtypes, c.supertypes, c.colors, c.power, c.toughness, c.keywords,
            c.abilities, c.protection, c.rules)


@pytest.fixture
def checked_chars(monkeypatch):
    """Make Game.chars compare each cached value with a fresh computation; returns the mismatches."""
    stale: list[str] = []
    original = Game.chars

    def chars(self: Game, obj):
        cached = self._cache.get(obj.id)
        if cached is not None:
            fresh = continuous.characteristics(self.s, obj, {})
            if _fields(fresh) != _fields(cached):
                stale.append(f"{obj.card.name} (turn {self.s.turn}, step {self.s.step}): cached "
                             f"{_fields(cached)} but now {_fields(fresh)}")
        return original(self, obj)

    monkeypatch.setattr(Game, "chars", chars)
    return stale


@pytest.mark.parametrize("deck_a,deck_b", PAIRS[::3])
def test_cached_characteristics_are_never_stale(checked_chars, deck_a: str, deck_b: str) -> None:
    for seed in range(2):
        g = Game.new_game(deck_a, deck_b, seed=seed)
        play_game(g, (RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)))
        assert g.over
    assert not checked_chars, "\n".join(checked_chars[:5])


def test_the_check_itself_sees_a_missed_invalidation(checked_chars) -> None:
    """A +1/+1 counter put on without invalidating: the next cached read is reported."""
    g = Game.new_game("vanilla", "burn", seed=3)
    play_game(g, (RandomAgent(1), RandomAgent(2)), max_decisions=40)
    creature = next(o for o in g.permanents() if "Creature" in g.chars(o).types)
    g.chars(creature)
    creature.counters["+1/+1"] = 1  # no g.invalidate(): the cache is now stale
    g.chars(creature)
    assert checked_chars and creature.card.name in checked_chars[0]


def test_lists_built_on_a_volatile_characteristic_are_not_kept() -> None:
    """613 / Game.derived: Gobhobbler Rats has "{B}: Regenerate this creature" only while its
    controller has no cards in hand (hellbent). Drawing a card changes that without an invalidation
    (the battlefield didn't change): the listed abilities must follow (the fuzzer found the ability
    listed after a draw, then refused)."""

    g = Game.empty()
    rats = put(g, "Gobhobbler Rats", "battlefield", 0)
    put(g, "Swamp", "battlefield", 0)
    put(g, "Swamp", "library", 0)
    put(g, "Swamp", "library", 1)
    s = g.s
    s.turn, s.active, s.step, s.priority = 2, 0, MAIN1, 0
    g.auto_pass = False
    g.run()

    def regenerations() -> list:
        return [a for a in g.legal_actions() if isinstance(a, A.ActivateAbility) and a.source == rats.id]

    assert regenerations(), "hellbent: the ability is there with an empty hand"
    g.draw(0)  # a card in hand: no longer hellbent
    g._legal = None
    assert regenerations() == []
    assert g.chars(rats).power == 2  # and no +1/+0

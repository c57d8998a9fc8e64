"""CR 704.3 / 117.5: state-based actions are checked whenever a player would receive priority.

`Game.settle` skips the check when nothing a state-based action looks at changed since the last check
found nothing (no event of the door whose class marks SBA, no `log_event`, only passes and records,
`Game.record`: "step", "turn", ..., and no characteristic that changes with the turn, the step or tapped
status). These tests play whole games
and, at every skipped check, run the real check on a copy of the game: it must find nothing to do.
"""

from __future__ import annotations

import itertools

import pytest

from manastack import Game
from manastack.agents import RandomAgent, play_game
from manastack.decks import bundled_decks
from manastack.rules import sba
from manastack.scenario import run_data
from manastack.scenario.runner import Runner

PAIRS = list(itertools.combinations(sorted(bundled_decks()), 2))


@pytest.fixture
def checked_skips(monkeypatch):
    """Wrap Game.settle: when it is about to skip the check, the check on a clone must do nothing."""
    found: list[str] = []
    skipped = [0]
    original = Game.settle

    def settle(self: Game) -> bool:
        s = self.s
        if s.__dict__.get("sba_mark") == s.sba_version and not s.over and s.pending is None:
            skipped[0] += 1
            copy = self.clone()
            if sba.check(copy) or copy.s.pending is not None:
                found.append(f"turn {s.turn} step {s.step}: events since the last check "
                             f"{[e['event'] for e in s.log[-8:]]} but SBA acted: {copy.s.log[len(s.log):]}")
        return original(self)

    monkeypatch.setattr(Game, "settle", settle)
    return found, skipped


@pytest.mark.parametrize("deck_a,deck_b", PAIRS[1::3])
def test_skipped_checks_would_have_found_nothing(checked_skips, deck_a: str, deck_b: str) -> None:
    found, skipped = checked_skips
    for seed in range(2):
        g = Game.new_game(deck_a, deck_b, seed=seed)
        play_game(g, (RandomAgent(2 * seed + 1), RandomAgent(2 * seed + 2)))
    assert skipped[0] > 0
    assert not found, "\n".join(found[:5])


def test_a_characteristic_that_changes_with_tapped_status_makes_every_event_count() -> None:
    """Giant Tortoise gets +0/+3 as long as it's untapped: its toughness can change without a logged
    change to it, so once such a characteristic was computed, turn-structure events count too."""
    runner = Runner({"name": "a volatile toughness", "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
                     "players": {"alice": {"battlefield": ["Giant Tortoise"]}, "bob": {}}, "actions": []}, "<test>")
    runner.setup()
    runner.play()
    g = runner.game
    tortoise = g.s.objects[runner.find("Giant Tortoise")]
    assert g.chars(tortoise).toughness == 4
    assert g.s.volatile_chars
    before = g.s.sba_version
    g.record("step", "500.1")
    assert g.s.sba_version == before + 1
    calm = Game.new_game("vanilla", "burn", seed=1)
    before = calm.s.sba_version
    calm.record("step", "500.1")
    assert not calm.s.volatile_chars and calm.s.sba_version == before


def test_damage_marked_on_a_creature_is_never_skipped() -> None:
    """Lethal damage dealt during combat is seen at once (704.5g): the damage event counts."""
    res = run_data({
        "name": "combat damage kills a blocker",
        "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
        "players": {"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {"battlefield": ["Savannah Lions"]}},
        "actions": [{"advance": {"turn": 3, "step": "declare_attackers"}},
                    {"by": "alice", "attack": ["Grizzly Bears"]},
                    {"by": "bob", "block": {"Savannah Lions": "Grizzly Bears"}},
                    {"advance": {"turn": 3, "step": "end_of_combat"}}],
        "expect": [{"card": "Savannah Lions", "zone": "graveyard"}, {"card": "Grizzly Bears", "zone": "graveyard"}],
    })
    assert res.passed, res.failure

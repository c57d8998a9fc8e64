"""Gated hooks (engine/registry.py HookGate, registry.live): a hook registered with what can make it matter
is asked only in games with a card that has it (printed, granted, or in an effect a spell makes), and then
works as before (601.3b: Vedalken Orrery, Borne Upon a Wind)."""

from __future__ import annotations

import pytest

from manastack import Game
from manastack.engine import registry
from manastack.model import actions as A
from manastack.model.state import UPKEEP
from manastack.model.vocab.timing_permissions import FlashPermission
from manastack.rules import add_hook, block_control, player_protection, timing_permissions, x_spells
from tests.setup_helpers import put


def _in_bobs_upkeep(g: Game) -> Game:
    """alice has priority in bob's upkeep: she couldn't cast a sorcery (307.1)."""
    s = g.s
    s.pending, s.turn, s.active, s.step, s.priority, s.stack = None, 2, 1, UPKEEP, 0, []
    return g


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """A FLASH_GRANTS hook gated on FlashPermission that records its calls and grants nothing."""
    calls: list[int] = []

    def spy_grant(g: Game, p: int, o: object) -> bool:
        calls.append(p)
        return False

    monkeypatch.setattr(registry, "FLASH_GRANTS", list(registry.FLASH_GRANTS))
    monkeypatch.setitem(registry.HOOK_GATES, spy_grant, registry.HookGate())
    add_hook(registry.FLASH_GRANTS, spy_grant, classes=(FlashPermission,))
    return calls


def test_hooks_of_rarer_mechanics_are_not_asked_in_a_game_without_their_cards(spy: list[int]) -> None:
    g = _in_bobs_upkeep(Game.new_game("vanilla", "burn", seed=1))
    put(g, "Grizzly Bears", "hand", 0)
    for hooks, fn in ((registry.FLASH_GRANTS, timing_permissions.flash_granted),
                      (registry.DECLARERS, block_control.declarer),
                      (registry.PLAYER_PROTECTION, player_protection.player_protected),
                      (registry.SPELL_CAST_HOOKS, x_spells.spell_cast)):
        assert fn in hooks and fn not in registry.live(g.s, hooks)
    acts = registry.RULES.priority_actions(g, 0)
    assert not spy  # asked neither for the hand nor for "any card"
    assert not any(isinstance(a, A.CastSpell) for a in acts)  # 307.1: the Bears wait for alice's main phase


def test_a_card_with_the_gated_class_anywhere_in_the_game_opens_the_gate(spy: list[int]) -> None:
    g = _in_bobs_upkeep(Game.new_game("vanilla", "burn", seed=1))
    bears = put(g, "Grizzly Bears", "hand", 0)
    for _ in range(2):
        put(g, "Forest", "battlefield", 0)
    put(g, "Vedalken Orrery", "library", 1)  # in bob's library: the gate opens, nothing is granted yet
    assert timing_permissions.flash_granted in registry.live(g.s, registry.FLASH_GRANTS)
    assert not any(isinstance(a, A.CastSpell) for a in registry.RULES.priority_actions(g, 0))
    assert spy
    put(g, "Vedalken Orrery", "battlefield", 0)  # 601.3b: "You may cast spells as though they had flash"
    assert A.CastSpell(bears.id, (), 0) in registry.RULES.priority_actions(g, 0)


def test_an_effect_class_in_a_spells_text_opens_the_gate_of_the_effects_it_makes() -> None:
    """Borne Upon a Wind has no FlashPermission ability: its effect makes a continuous effect that
    flash_granted reads, so the effect class opens the gate (GameState.card_vocab, not card_kinds)."""
    g = _in_bobs_upkeep(Game.new_game("vanilla", "burn", seed=1))
    put(g, "Borne Upon a Wind", "library", 0)
    assert not g.may_have(FlashPermission)
    assert timing_permissions.flash_granted in registry.live(g.s, registry.FLASH_GRANTS)


def test_every_gate_names_what_opens_it() -> None:
    for fn, gate in registry.HOOK_GATES.items():
        assert gate.classes or gate.kinds or gate.events, fn

"""Static abilities at work in the engine: characteristics computed on read (rules/continuous.py),
combat restrictions and requirements offered to agents (rules/combat.py), Equipment state-based
actions (rules/sba.py)."""

from __future__ import annotations

from manastack.cards.db import get_card
from manastack.cards.templates.statics import KIND
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import Combat, player_ref
from manastack.rules import combat, continuous, sba


def put(g: Game, name: str, controller: int = 0, **attrs):
    o = g.new_object(get_card(name), controller, "battlefield")
    g.s.battlefield.append(o.id)
    for k, v in attrs.items():
        setattr(o, k, v)
    g.invalidate()
    return o


def test_no_layered_statics_means_no_combat_rule_scan() -> None:
    g = Game.empty()
    put(g, "Grizzly Bears")
    assert not continuous.any_layered(g)
    put(g, "Craven Giant")
    g.invalidate()
    assert continuous.any_layered(g)


def test_turn_condition_is_read_fresh_without_invalidation() -> None:
    """611.3a: "during your turn" is checked continuously; the cache must not keep a stale answer."""
    g = Game.empty()
    aeronaut = put(g, "Daggersail Aeronaut", 0)
    g.s.active = 0
    assert "flying" in g.chars(aeronaut).keywords
    g.s.active = 1  # the turn changes without any invalidation
    assert "flying" not in g.chars(aeronaut).keywords


def test_counting_statics_follow_the_battlefield() -> None:
    g = Game.empty()
    lasher = put(g, "Nim Lasher", 0)
    assert g.chars(lasher).power == 1
    put(g, "Ornithopter", 0)
    put(g, "Ornithopter", 1)
    assert g.chars(lasher).power == 2


def test_attack_actions_respect_requirements() -> None:
    """508.1d: the declaration offered to agents never leaves out a creature that must attack."""
    g = Game.empty()
    g.s.active = 0
    g.s.combat = Combat()
    cyclops = put(g, "Bloodrock Cyclops", 0)
    bears = put(g, "Grizzly Bears", 0)
    g.s.partial = {"attack": {}}
    acts = combat.attack_actions(g)
    assert A.DeclareAttackers(()) not in acts
    assert A.AddAttacker(cyclops.id, player_ref(1)) in acts
    g.s.partial = {"attack": {bears.id: player_ref(1)}}
    assert A.DeclareAttackers(((bears.id, player_ref(1)),)) not in combat.attack_actions(g)
    g.s.partial = {"attack": {cyclops.id: player_ref(1)}}
    assert A.DeclareAttackers(((cyclops.id, player_ref(1)),)) in combat.attack_actions(g)


def test_block_actions_respect_requirements() -> None:
    """509.1c: "blocks each combat if able" - an empty declaration isn't offered while it can block."""
    g = Game.empty()
    g.s.active = 0
    g.s.combat = Combat()
    bears = put(g, "Grizzly Bears", 0)
    g.s.combat.attackers[bears.id] = player_ref(1)
    screen = put(g, "Razorgrass Screen", 1)
    g.s.partial = {"block": {}}
    acts = combat.block_actions(g)
    assert A.DeclareBlockers(()) not in acts
    assert A.AddBlocker(screen.id, bears.id) in acts


def test_equipment_unattached_when_creature_leaves() -> None:
    """704.5n / 301.5c: the Equipment stays on the battlefield, unattached."""
    g = Game.empty()
    bears = put(g, "Grizzly Bears", 0)
    blade = put(g, "Bonesplitter", 0, attached_to=bears.id)
    assert g.chars(bears).power == 4
    g.move(bears.id, "graveyard", rule="test")
    assert sba.check(g)
    assert blade.zone == "battlefield" and blade.attached_to is None
    assert any(e["rule"] == "704.5n" for e in g.log)


def test_changeling_in_every_zone() -> None:
    g = Game.empty()
    o = g.new_object(get_card("Changeling Outcast"), 0, "hand")
    g.s.players[0].hand.append(o.id)
    subs = g.chars(o).subtypes
    assert {"Elf", "Goblin", "Time Lord", "Sliver"} <= subs


def test_devoid_is_colorless_in_every_zone() -> None:
    g = Game.empty()
    o = g.new_object(get_card("Havoc Sower"), 0, "hand")
    assert g.chars(o).colors == frozenset()
    assert get_card("Havoc Sower").colors == frozenset({"B"})  # the printed mana cost is black


def test_layered_kind_is_the_one_continuous_reads() -> None:
    assert KIND == continuous.LAYERED

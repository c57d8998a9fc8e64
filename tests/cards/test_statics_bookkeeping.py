"""cards/templates/statics_*.py and their engine side (rules/static_counts.py, control_statics.py, ...): what the scenarios can't say —
variants that must stay uncompiled, clone independence of the layer-2 bookkeeping, defaults for
players without a chooser, CDAs outside the battlefield."""

from __future__ import annotations

import pytest

from manastack.cards import compiler as C
from manastack.cards.db import get_card
from manastack.engine import registry
from manastack.engine.game import Game
from manastack.rules import control_statics, entry_choices, game_rule_statics, sba, static_counts
from manastack.rules.stack import spell_targets


def compile_text(text: str, type_line: str = "Creature — Elf", power: str = "1", toughness: str = "1",
                 name: str = "Test Card") -> C.CardDef:
    return C.compile_card({"name": name, "mana_cost": "{1}", "type_line": type_line, "oracle_text": text,
                           "power": power, "toughness": toughness})


def put(g: Game, name: str, controller: int = 0, **attrs):
    o = g.new_object(get_card(name), controller, "battlefield")
    o.controller = controller
    g.s.battlefield.append(o.id)
    for k, v in attrs.items():
        setattr(o, k, v)
    g.invalidate()
    return o


@pytest.mark.parametrize("text", [
    "CARDNAME enters tapped with three stun counters on it.",  # 122.1d stun: rules not implemented here
    "CARDNAME enters tapped unless you control a creature with flying.",  # a layer-6 quality
    "{1}, Discard a card: Draw a card. Any player may activate this ability.",  # cost from the controller's hand
    "{1}, Sacrifice a land: Draw a card. Any player may activate this ability.",
    "Partner with CARDNAME",  # a name the normaliser changed: not looked for
    "CARDNAME's power is equal to the number of creatures you control with flying.",
    "CARDNAME gains protection from artifacts or from the color of your choice until end of turn.",
])
def test_variants_stay_unsupported(text: str) -> None:
    assert compile_text(text).unsupported


def test_star_without_cda_stays_unsupported() -> None:
    cd = compile_text("Flying", power="*", toughness="*")
    assert any(u.startswith("power/toughness") for u in cd.unsupported)
    cd = compile_text("CARDNAME's power is equal to the number of cards in your hand.", power="*", toughness="*")
    assert any(u.startswith("power/toughness") for u in cd.unsupported)  # the toughness star isn't defined
    cd = compile_text("CARDNAME's power is equal to the number of cards in your hand.", power="*", toughness="3")
    assert not cd.unsupported


def test_deck_construction_abilities_compile_to_nothing() -> None:
    for text in ("Partner", "Partner—Friends forever", "Choose a Background", "Doctor's companion",
                 "CARDNAME can be your commander."):
        cd = compile_text(text)
        assert not cd.unsupported, text
        assert all(a.kind in ("deck_partner", "deck_commander") for a in cd.abilities)


def test_look_at_top_changes_nothing() -> None:
    """A hidden-information permission: no state change, no new legal action."""
    g = Game.empty()
    g.s.active = g.s.priority = 0
    sphinx = put(g, "Sphinx of Jwar Isle")
    assert any(a.kind == "look_top_any_time" for a in sphinx.card.abilities)
    before = g.s.clone()
    g.chars(sphinx)
    assert g.s.battlefield == before.battlefield and g.s.effects == before.effects


def test_cda_works_in_hand_and_graveyard() -> None:
    """604.3: Tarmogoyf's power and toughness in its owner's hand and graveyard."""
    g = Game.empty()
    goyf = g.new_object(get_card("Tarmogoyf"), 0, "hand")
    g.s.players[0].hand.append(goyf.id)
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (0, 1)
    bolt = g.new_object(get_card("Lightning Bolt"), 1, "graveyard")
    g.s.players[1].graveyard.append(bolt.id)
    g.invalidate()
    assert (g.chars(goyf).power, g.chars(goyf).toughness) == (1, 2)


def test_control_magic_bookkeeping_is_clone_independent() -> None:
    g = Game.empty()
    bears = put(g, "Grizzly Bears", 1)
    magic = put(g, "Control Magic", 0, attached_to=bears.id)
    assert control_statics.refresh_static_control(g)
    assert bears.controller == 0 and bears.sick
    clone = g.clone()
    clone.s.battlefield.remove(magic.id)
    del clone.s.objects[magic.id]
    clone.invalidate()
    assert control_statics.refresh_static_control(clone)
    assert clone.s.objects[bears.id].controller == 1
    assert g.s.objects[bears.id].controller == 0  # the original is untouched
    assert not control_statics.refresh_static_control(g)  # nothing changes twice


def test_permanent_gain_control_after_control_magic_wins() -> None:
    """613.7: a later control change (a permanent "gain control" effect) isn't undone by the
    Aura's earlier effect, and stays when the Aura leaves."""
    g = Game.empty()
    bears = put(g, "Grizzly Bears", 1)
    magic = put(g, "Control Magic", 0, attached_to=bears.id)
    control_statics.refresh_static_control(g)
    bears.controller = 1  # e.g. the owner's "gain control of target creature" (no duration)
    control_statics.refresh_static_control(g)
    assert bears.controller == 1
    g.s.battlefield.remove(magic.id)
    del g.s.objects[magic.id]
    g.invalidate()
    control_statics.refresh_static_control(g)
    assert bears.controller == 1


def test_choose_type_default_without_chooser() -> None:
    """Without a chooser (agents), stack.choose takes the first option: the most common creature
    type among the player's creature cards."""
    g = Game.empty()
    put(g, "Llanowar Elves", 0)
    put(g, "Elvish Mystic", 0)
    put(g, "Elvish Warrior", 0)
    assert entry_choices.creature_type_options(g, 0)[0] == "Elf"


def test_hand_size_and_land_plays_count_only_your_permanents() -> None:
    g = Game.empty()
    put(g, "Reliquary Tower", 1)
    put(g, "Exploration", 1)
    assert game_rule_statics._hand_size(g, 0, 7) == 7
    assert game_rule_statics._hand_size(g, 1, 7) is None
    assert game_rule_statics._land_plays(g, 0) == 0
    assert game_rule_statics._land_plays(g, 1) == 1
    assert game_rule_statics._hand_size in registry.HAND_SIZE
    assert control_statics.refresh_static_control in registry.PRE_CHECK


def test_devotion_cda() -> None:
    """700.5 in a CDA ("CARDNAME's power is equal to your devotion to red", Anax's wording): hybrid
    symbols count once; the opponent's permanents don't count."""
    cd = compile_text("CARDNAME's power is equal to your devotion to red.", power="*", toughness="3")
    assert not cd.unsupported
    g = Game.empty()
    o = g.new_object(cd, 0, "battlefield")
    o.controller = 0
    g.s.battlefield.append(o.id)
    put(g, "Goblin Piker", 0)  # {1}{R}
    put(g, "Boros Guildmage", 0)  # {R/W}{R/W}
    put(g, "Raging Goblin", 1)  # the opponent's
    assert (g.chars(o).power, g.chars(o).toughness) == (3, 3)
    assert static_counts.devotion(g.s, 0, frozenset({"R", "W"})) == 3


def test_enchant_opponent_legality() -> None:
    """702.5d / 303.4c: an "Enchant opponent" Aura targets only an opponent, and is put into the
    graveyard once its controller is the enchanted player; one attached to a permanent can't stay."""
    cd = compile_text("Enchant opponent\nAt the beginning of enchanted player's upkeep, that player loses 1 life.",
                      type_line="Enchantment — Aura Curse", power="", toughness="")
    assert not cd.unsupported
    assert spell_targets(cd)[0].kind == "opponent"
    g = Game.empty()
    curse = g.new_object(cd, 0, "battlefield")
    curse.controller = 0
    g.s.battlefield.append(curse.id)
    curse.attached_to = -1 - 1  # bob
    g.invalidate()
    assert not sba.check(g) and curse.zone == "battlefield"
    curse.controller = 1  # now its controller is the enchanted player: no longer an opponent
    g.invalidate()
    assert sba.check(g)
    assert g.s.objects[g.current_id(curse.id)].zone == "graveyard"
    bears = put(g, "Grizzly Bears", 1)
    tome = put(g, "Curse of the Bloody Tome", 0, attached_to=bears.id)
    assert sba.check(g)
    assert g.s.objects[g.current_id(tome.id)].zone == "graveyard"


def test_enters_tapped_and_doesnt_untap_compiles_to_two_abilities() -> None:
    """Leviathan's and Traxos's wording: 614.1d enters tapped and the 502.3 untap rule."""
    cd = compile_text("CARDNAME enters tapped and doesn't untap during your untap step.")
    assert not cd.unsupported
    assert [a.kind for a in cd.abilities] == ["etb_tapped", "layered"]
    assert cd.abilities[1].rules == ("doesnt_untap",)


def test_partner_with_is_a_trigger_targeting_a_player() -> None:
    """702.124j: the deck-construction part does nothing; the ETB trigger targets a player."""
    cd = compile_text("Partner with Ukkima, Stalking Shadow")
    assert not cd.unsupported
    (ab,) = cd.abilities
    assert ab.event == "etb" and ab.targets[0].kind == "player"
    assert ab.effects[0].card_name == "ukkima, stalking shadow"

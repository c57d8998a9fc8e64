"""Effect sentences and keyword actions of cards/templates/effects_*.py, executed by
rules/keyword_actions.py, referred_objects.py, zone_change_effects.py, prevention.py, library_effects.py
and hand_effects.py: what scenarios can't say (what is refused at compile time, the objects an effect
refers to, state kept on the game)."""

from __future__ import annotations

import pytest

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.model import vocab as V
from manastack.model.vocab.referred_objects import TOKENS_CREATED
from manastack.rules import effect_context
from manastack.rules import keyword_actions as KA
from manastack.rules import prevention as PV
from manastack.rules import referred_objects as RO
from manastack.rules import zone_change_effects as ZC
from manastack.rules.effect_context import Context
from manastack.rules.effects import run
from manastack.scenario import run_data
from manastack.scenario.runner import Runner


def spell(text: str, kind: str = "Sorcery") -> V.CardDef:
    return compile_card({"name": "Test Spell", "mana_cost": "{1}{B}", "type_line": kind, "oracle_text": text})


def creature(text: str) -> V.CardDef:
    return compile_card({"name": "Test Beast", "mana_cost": "{1}{G}", "type_line": "Creature — Beast",
                         "oracle_text": text, "power": "2", "toughness": "2"})


# --------------------------------------------------------------------------- compile time

@pytest.mark.parametrize("text", [
    # "that creature" is the sacrificed one: tracked only for one target player's one sacrifice (Tribute to Hunger,
    # tests/scenarios/cards/sacrificed_referents); of several players' sacrifices it is refused, not read as the source.
    "Each player sacrifices a creature. You gain life equal to that creature's toughness.",
    "Target player sacrifices a creature. Its controller loses 2 life.",
    # Variants not implemented: "its controller may ..." and counters of "up to one" targets.
    "Destroy target creature. Its controller may draw a card.",
])
def test_references_the_sentences_cannot_settle_are_refused(text):
    assert spell(text).unsupported


def test_untargeted_choice_before_that_creature_in_a_trigger_is_refused():
    cd = creature("At the beginning of your upkeep, sacrifice a creature. You gain life equal to that creature's "
                  "toughness.")
    assert cd.unsupported


def test_its_controller_becomes_the_subject_of_any_player_sentence():
    eff = spell("Destroy target creature. Its controller loses 2 life and you gain 2 life.").spell.effects
    assert eff[1] == V.LoseLife(2, RO.ControllerOf(V.Ref(0)))
    assert eff[2] == V.GainLife(2, V.YOU)
    eff = spell("Counter target spell. Its controller mills three cards.", "Instant").spell.effects
    assert eff[1] == V.Mill(3, RO.ControllerOf(V.Ref(0)))
    tok = get_card("Beast Within").spell.effects[1]
    assert tok.who == RO.ControllerOf(V.Ref(0))


def test_life_equal_to_power_refers_to_the_target():
    eff = get_card("Swords to Plowshares").spell.effects
    assert eff[1] == V.GainLife(RO.ObjectStat(V.Ref(0), "power"), RO.ControllerOf(V.Ref(0)))


def test_fight_needs_creatures():
    assert not spell("Target creature you control fights target creature you don't control.").unsupported
    assert spell("Target creature you control fights target planeswalker.").unsupported
    assert spell("Target artifact fights target creature.").unsupported


def test_amass_names_its_army_subtype_and_needs_the_plural():
    eff = get_card("Callous Dismissal").spell.effects[1]
    assert isinstance(eff, KA.Amass) and eff.subtype == "Zombie"
    assert eff.army.subtypes == frozenset({"Zombie", "Army"}) and eff.army.power == 0
    assert spell("Amass Zombie 2.").unsupported


def test_sacrifice_unless_pay_needs_a_mana_cost():
    assert not creature("At the beginning of your upkeep, sacrifice CARDNAME unless you pay {1}{G}.").unsupported
    assert creature("At the beginning of your upkeep, sacrifice CARDNAME unless you pay 2 life.").unsupported


# --------------------------------------------------------------------------- the game

def _game(actions, alice, bob, expect=(), turn=3):
    data = {"name": "t", "start": {"turn": turn, "active": "alice", "step": "precombat_main"},
            "players": {"alice": alice, "bob": bob}, "actions": list(actions), "expect": list(expect)}
    return run_data(data)


def test_monstrous_is_a_designation_of_the_object_not_the_card():
    """701.31b: it stays monstrous until it leaves the battlefield; the card that returns is a new object."""
    data = {"name": "t", "start": {"turn": 5, "active": "alice", "step": "precombat_main"},
            "players": {"alice": {"battlefield": ["Skitter Eel", "Island", "Island", "Island"],
                                  "hand": []},
                        "bob": {"battlefield": []}},
            "actions": [], "expect": []}
    r = Runner(data, "t")
    r.setup()
    r.play()
    g = r.game
    eel = next(o for o in g.permanents(0) if o.card.name == "Skitter Eel")
    ctx = Context(0, eel.id, (), (), 0, "Skitter Eel")
    KA._monstrosity(g, ctx, KA.Monstrosity(2))
    assert KA.is_monstrous(g, eel.id) and eel.counters["+1/+1"] == 2
    clone = g.clone()
    KA._monstrosity(g, ctx, KA.Monstrosity(2))  # already monstrous: nothing happens
    assert eel.counters["+1/+1"] == 2
    new = g.move(eel.id, "hand", rule="test")
    new = g.move(new, "battlefield", rule="test")
    assert not KA.is_monstrous(g, new)
    assert KA.is_monstrous(clone, eel.id)  # the clone kept its own state


def test_its_controller_of_a_stolen_creature_is_its_controller_not_its_owner():
    res = _game(
        [{"by": "alice", "cast": "Threaten", "targets": ["Hill Giant"], "pay": ["m1", "m2", "m3"]},
         {"resolve": 1},
         {"by": "alice", "cast": "Hideous End", "targets": ["Hill Giant"]},
         {"resolve": 1}],
        {"battlefield": [{"card": "Mountain", "id": "m1"}, {"card": "Mountain", "id": "m2"},
                         {"card": "Mountain", "id": "m3"}, "Swamp", "Swamp", "Swamp"],
         "hand": ["Threaten", "Hideous End"]},
        {"battlefield": ["Hill Giant"]},
        [{"card": "Hill Giant", "zone": "graveyard", "owner": "bob"},
         {"player": "alice", "life": 18}, {"player": "bob", "life": 20}])
    assert res.passed, res.failure


def test_energy_is_kept_per_player_and_cloned_independently():
    """107.14: energy counters on a player; a clone of the game doesn't share them."""
    g = Game.empty()
    ctx = effect_context.Context(0, None, (), (), 0, "Test")
    run(g, ctx, (KA.GetEnergy(3),), None)
    assert KA.energy(g, 0) == 3 and KA.energy(g, 1) == 0
    clone = g.clone()
    run(g, ctx, (KA.PayEnergy(2),), None)
    assert KA.energy(g, 0) == 1
    assert KA.energy(clone, 0) == 3
    run(g, ctx, (KA.PayEnergy(2),), None)  # can't pay more than there is: nothing happens
    assert KA.energy(g, 0) == 1


def test_energy_templates():
    eff = get_card("Glimmer of Genius").spell.effects
    assert eff[-1] == KA.GetEnergy(2)
    trig = [a for a in get_card("Aether Chaser").abilities if isinstance(a, V.TriggeredAbility)]
    assert trig[0].effects == (KA.GetEnergy(2),)
    assert trig[1].effects[0] == V.Optional((KA.PayEnergy(2),), prompt="pay {e}{e}")


def test_linked_exile_needs_exactly_one_exiling_ability():
    """607.2a: "the exiled card" is the one the linked ability exiled; nothing to link: refused."""
    assert creature("When CARDNAME leaves the battlefield, return the exiled card to the battlefield under its "
                    "owner's control.").unsupported
    cd = get_card("Journey to Nowhere")
    assert isinstance(cd.abilities[-2].effects[0], ZC.LinkedExile)


def test_counter_to_exile_folds_into_the_counter():
    assert get_card("Dissipate").spell.effects == (ZC.CounterTo(V.Ref(0), "exile"),)
    assert spell("If that spell is countered this way, exile it instead of putting it into its owner's "
                 "graveyard.", "Instant").unsupported


def test_delayed_action_on_a_token_just_created_names_the_tokens():
    """"Create a token. Sacrifice it at the beginning of the next end step": "it" is the token created (the
    effect remembers it, 111.1); "them" with no tokens created just before is refused."""
    cd = spell("Create a 1/1 red Goblin creature token. Sacrifice it at the beginning of the next end step.")
    assert not cd.unsupported and cd.spell is not None
    assert cd.spell.effects[1].of == TOKENS_CREATED
    assert spell("Draw a card. Sacrifice them at the beginning of the next end step.").unsupported


def test_attach_to_a_token_just_created_is_refused():
    """"Create a 1/1 Monk token. You may attach CARDNAME to it": "it" is the token, not the trigger's object."""
    cd = compile_card({"name": "Test Blade", "mana_cost": "{2}", "type_line": "Artifact — Equipment",
                       "oracle_text": "Whenever you cast a spell, create a 1/1 white Monk creature token. You may "
                                      "attach CARDNAME to it.\nEquip {2}"})
    assert cd.unsupported
    ok = compile_card({"name": "Test Blade", "mana_cost": "{2}", "type_line": "Artifact — Equipment",
                       "oracle_text": "Whenever a creature you control enters, you may attach CARDNAME to it."})
    assert not ok.unsupported


def test_if_its_your_turn_wraps_the_rest():
    eff = spell("Destroy target creature. If it's your turn, scry 2.", "Instant").spell.effects
    assert eff[1] == RO.IfYourTurn((V.Scry(2),))


def test_a_source_of_your_choice_of_a_color():
    ab = get_card("Circle of Protection: Red").abilities[0]
    assert ab.effects == (PV.PreventNextFromSource(V.ObjectFilter(colors=frozenset({"R"})), V.YOU),)

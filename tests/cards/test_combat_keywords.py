"""Combat keywords and combat effects (cards/templates/combat_keywords.py, rules/combat_keywords.py):
what scenarios can't express — target candidates, compiled forms and refusals, the CR text myriad
relies on, planeswalkers as attack targets (no planeswalker card compiles yet), blocking requirements
offered to agents, clone independence."""

from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.cards.templates import combat_keywords as T
from manastack.engine import registry
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.state import BATTLEFIELD, Combat, player_ref
from manastack.rules import attacking as attacking_module
from manastack.rules import blocking_requirements, combat, effect_context, effects, targeting
from manastack.rules import combat_keywords as CK

CR = Path("/work/shared/reference/comprehensive-rules-20240917.txt")


def put(g: Game, name: str, controller: int = 0, supported: bool = True, **attrs):
    o = g.new_object(get_card(name, require_supported=supported), controller, BATTLEFIELD)
    o.controller = controller
    g.s.battlefield.append(o.id)
    for k, v in attrs.items():
        setattr(o, k, v)
    g.invalidate()
    return o


def fake(text: str, type_line: str = "Creature — Test", power: str = "2", toughness: str = "2"):
    return compile_card({"name": "Test Card", "mana_cost": "{1}", "type_line": type_line, "oracle_text": text,
                         "power": power, "toughness": toughness})


def combat_with(g: Game, attackers: dict[int, int]) -> None:
    g.s.active = 0
    g.s.combat = Combat()
    g.s.combat.attackers.update(attackers)


# --------------------------------------------------------------------------- compiled forms and refusals

def test_triggered_keywords_are_not_plain_keywords() -> None:
    """Flanking, battle cry ... are triggered abilities: granting them as bare keywords would drop the
    trigger, so "gains flanking until end of turn" must stay unsupported."""
    assert fake("Flanking").supported
    assert not fake("Target creature gains flanking until end of turn.", "Instant", None, None).supported
    assert fake("Target creature gains infect until end of turn.", "Instant", None, None).supported


def test_combat_effect_refusals() -> None:
    """Variants the templates don't implement are refused, never approximated."""
    for text in ("Creatures your opponents control with power 2 or less can't block this turn.",
                 "Target creature doesn't untap during its controller's untap step for as long as you control it."):
        assert not fake(text, "Sorcery", None, None).supported, text


def test_total_toxic_value_adds_instances() -> None:
    """702.164b: the total toxic value is the sum of the N of each toxic ability."""
    cd = fake("Toxic 1\nToxic 2")
    assert cd.supported
    assert effects.total_toxic(cd) == 3


def test_backup_refuses_grants_the_engine_could_miss() -> None:
    """702.165a: a granted "whenever this creature becomes tapped" trigger is not detected on another
    creature, so such a card stays unsupported; granted keywords and attack triggers are fine."""
    assert not get_card("Hangar Scrounger", require_supported=False).supported
    assert get_card("Boon-Bringer Valkyrie").supported
    assert get_card("Bola Slinger").supported


def test_myriad_does_nothing_in_two_player_games() -> None:
    """702.116a says "for each opponent other than defending player": with two players the only
    opponent is the defending player, so the ability creates no token."""
    text = CR.read_text(encoding="utf-8")
    m = re.search(r"^702\.116a (.+)$", text, re.M)
    assert m and "for each opponent other than defending player" in m.group(1)
    g = Game.empty()
    viper = put(g, "Broodbirth Viper", 0)
    combat_with(g, {viper.id: player_ref(1)})
    ab = next(a for a in g.chars(viper).abilities if a.text == "Myriad")
    ctx = effect_context.Context(0, viper.id, (), (), 0, "Broodbirth Viper", (viper.copy(), g.chars(viper)))
    before = len(g.s.battlefield)
    effects.run(g, ctx, ab.effects, finish=None)
    assert len(g.s.battlefield) == before


# --------------------------------------------------------------------------- targets and attacks

def test_mentor_targets_only_attackers_with_lesser_power() -> None:
    """702.134a: "target attacking creature with power less than this creature's power"."""
    g = Game.empty()
    mentor = put(g, "Blade Instructor", 0)  # 3/1
    bears = put(g, "Grizzly Bears", 0)  # 2/2
    wurm = put(g, "Craw Wurm", 0)  # 6/4
    put(g, "Llanowar Elves", 0)  # 1/1, not attacking
    combat_with(g, {mentor.id: player_ref(1), bears.id: player_ref(1), wurm.id: player_ref(1)})
    assert targeting.target_candidates(g, T._MENTOR_TARGET, 0, mentor.id) == [bears.id]


def test_melee_counts_opponents_not_planeswalkers() -> None:
    """702.121a / 506.3: attacking only a planeswalker is not attacking its controller."""
    g = Game.empty()
    protester = put(g, "Deputized Protester", 0)
    jace = put(g, "Jace Beleren", 1, supported=False, counters={"loyalty": 3})
    combat_with(g, {protester.id: jace.id})
    ctx = effect_context.Context(0, protester.id, (), (), 0, "Deputized Protester", (protester.copy(), g.chars(protester)))
    effects.run(g, ctx, (CK.Melee(),), finish=None)
    assert g.chars(protester).power == 2
    g.s.combat.attackers[protester.id] = player_ref(1)
    effects.run(g, ctx, (CK.Melee(),), finish=None)
    assert g.chars(protester).power == 3


def test_dethrone_needs_a_player_with_most_life() -> None:
    g = Game.empty()
    rev = put(g, "Enraged Revolutionary", 0)
    ab = next(a for a in g.chars(rev).abilities if a.text == "Dethrone")
    combat_with(g, {rev.id: player_ref(1)})
    g.s.players[1].life = 19
    assert not registry.INTERVENING_IF[type(ab)](g, ab, rev.id, None, None)
    g.s.players[1].life = 20
    assert registry.INTERVENING_IF[type(ab)](g, ab, rev.id, None, None)


# --------------------------------------------------------------------------- blocking requirements

def test_lure_on_a_menace_creature_needs_two_blockers() -> None:
    """509.1c with 702.111b: no single creature can block it, but two can: both must."""
    g = Game.empty()
    protester = put(g, "Deputized Protester", 0)  # menace
    put(g, "Lure", 0, supported=True, attached_to=protester.id)
    combat_with(g, {protester.id: player_ref(1)})
    b1 = put(g, "Grizzly Bears", 1)
    b2 = put(g, "Grizzly Bears", 1)
    assert blocking_requirements.block_requirement_error(g, ()) is not None
    both = ((b1.id, (protester.id,)), (b2.id, (protester.id,)))
    blocking_requirements.validate_blocks(g, both)
    assert blocking_requirements.block_requirement_error(g, both) is None


def test_block_actions_offer_a_way_on_after_a_wrong_pick() -> None:
    """An agent that assigned the only blocker to the wrong attacker is offered a legal declaration."""
    g = Game.empty()
    wurm = put(g, "Craw Wurm", 0)
    put(g, "Lure", 0, attached_to=wurm.id)
    bears = put(g, "Grizzly Bears", 0)
    combat_with(g, {wurm.id: player_ref(1), bears.id: player_ref(1)})
    wall = put(g, "Wall of Stone", 1)
    g.s.partial = {"block": {wall.id: bears.id}}
    acts = combat.block_actions(g)
    assert A.DeclareBlockers(((wall.id, (wurm.id,)),)) in acts
    assert A.DeclareBlockers(((wall.id, (bears.id,)),)) not in acts


# --------------------------------------------------------------------------- untap and state

def test_next_untap_effect_ends_after_that_untap_step_only() -> None:
    """502.3: "its controller's next untap step": the other player's untap step doesn't end it."""
    g = Game.empty()
    bears = put(g, "Grizzly Bears", 1, tapped=True)
    CK.add_rules_effect(g, bears.id, CK.CombatRuleData(("doesnt_untap",)), 0, CK.NEXT_UNTAP)
    assert "doesnt_untap" in g.chars(bears).rules
    g.s.active = 0
    CK.after_untap_step(g)
    assert "doesnt_untap" in g.chars(bears).rules
    g.s.active = 1
    CK.after_untap_step(g)
    assert "doesnt_untap" not in g.chars(bears).rules


def test_clone_is_independent_of_renown_and_combat_effects() -> None:
    g = Game.empty()
    sergeant = put(g, "Akroan Sergeant", 0)
    clone = Game(g.s.clone())
    ctx = effect_context.Context(0, sergeant.id, (), (), 0, "Akroan Sergeant", None)
    effects.run(clone, ctx, (CK.Renown(1), CK.CombatRule("self", ("cant_block",))), finish=None)
    assert CK.is_renowned(clone, sergeant.id) and not CK.is_renowned(g, sergeant.id)
    assert "cant_block" in clone.chars(clone.s.objects[sergeant.id]).rules
    assert "cant_block" not in g.chars(sergeant).rules
    assert sergeant.counters.get("+1/+1", 0) == 0


def test_backup_inside_a_granted_ability_is_refused() -> None:
    """A "Backup" inside quotes has no printed abilities below it to grant: never half-compiled."""
    assert not fake('Creatures you control have "Backup 1".', "Enchantment", None, None).supported


def test_as_though_unblocked_is_offered_to_agents() -> None:
    """The controller of a blocked Thorn Elemental chooses: its blocker, or all to the player."""
    g = Game.empty()
    thorn = put(g, "Thorn Elemental", 0)
    combat_with(g, {thorn.id: player_ref(1)})
    wall = put(g, "Wall of Stone", 1)
    g.s.combat.blocked.add(thorn.id)
    g.s.combat.blockers[wall.id] = [thorn.id]
    g.s.combat.order[thorn.id] = [wall.id]
    acts = combat.assign_actions(g, thorn.id)
    assert A.AssignDamage(((thorn.id, ((player_ref(1), 7),)),)) in acts
    assert A.AssignDamage(((thorn.id, ((wall.id, 7),)),)) in acts
    assert combat.has_choice(g, thorn.id, {})


def test_exert_is_a_decision_for_agents() -> None:
    """508.1g: without a chooser, exerting is a decision of the attacking player after the declaration."""
    g = Game.empty()
    brawler = put(g, "Hooded Brawler", 0)
    combat_with(g, {brawler.id: player_ref(1)})
    g.s.queue = [("attackers", 0)]
    attacking_module.attack_costs(g, [brawler.id])
    assert g.s.queue[1][:2] == ("choice", "exert")
    g.s.queue.pop(0)
    kind, p, data, prompt = g.s.queue[0][1:5]
    acts = registry.CHOICES[kind][0](g, SimpleNamespace(player=p, data=data, prompt=prompt))
    assert A.Choose(True) in acts and A.Choose(False) in acts
    registry.CHOICES[kind][1](g, SimpleNamespace(player=p, data=data, prompt=prompt), True)
    assert not g.s.queue
    assert "doesnt_untap" in g.chars(brawler).rules
    assert g.s.pending_triggers and g.s.pending_triggers[-1][2].event == "reflexive"

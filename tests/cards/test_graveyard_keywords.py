"""Graveyard, dies and upkeep keywords (cards/templates/graveyard_keywords.py, rules/graveyard_keywords.py):
what scenarios can't express — abilities offered to agents, who may activate them, token copy values,
and variants that must stay unsupported."""

from __future__ import annotations

import pytest

from manastack.cards.db import get_card
from manastack.engine import registry
from manastack.engine.game import Game
from manastack.errors import IllegalActionError
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.rules import activation, object_abilities, priority, stack, upkeep_keywords
from manastack.rules import graveyard_keywords as R


def put(g: Game, name: str, zone: str, owner: int = 0):
    o = g.new_object(get_card(name), owner, zone)
    if zone == "battlefield":
        g.s.battlefield.append(o.id)
    else:
        g.s.players[owner].zone_list(zone).append(o.id)
    g.invalidate()
    return o


def main_phase(g: Game, p: int = 0) -> None:
    g.s.active = p
    g.s.priority = p
    g.s.step = MAIN1


def test_graveyard_ability_is_not_a_permanents_ability() -> None:
    skeleton = get_card("Reassembling Skeleton")
    assert not skeleton.unsupported
    assert [type(ab) for ab in R.graveyard_abilities(skeleton)] == [R.GraveyardAbility]
    g = Game.empty()
    on_bf = put(g, "Reassembling Skeleton", "battlefield")
    assert object_abilities.activated_abilities(g, on_bf) == []


def test_graveyard_ability_offered_to_its_owner_when_affordable() -> None:
    g = Game.empty()
    main_phase(g)
    card = put(g, "Reassembling Skeleton", "graveyard")
    act = A.ActivateAbility(card.id, 0, ())
    put(g, "Swamp", "battlefield")
    assert act not in priority.priority_actions(g, 0)  # {1}{B} needs two mana
    put(g, "Swamp", "battlefield")
    assert act in priority.priority_actions(g, 0)
    assert act not in priority.priority_actions(g, 1)


def test_opponent_cant_activate_a_graveyard_ability() -> None:
    g = Game.empty()
    main_phase(g, 1)
    card = put(g, "Reassembling Skeleton", "graveyard", owner=0)
    for _ in range(2):
        put(g, "Swamp", "battlefield", owner=1)
    with pytest.raises(IllegalActionError):
        activation.activate_ability(g, 1, A.ActivateAbility(card.id, 0, ()))
    assert card.zone == "graveyard" and not g.s.stack


def test_eternalize_token_copy_values() -> None:
    g = Game.empty()
    main_phase(g)
    card = put(g, "Adorned Pouncer", "graveyard")
    for _ in range(5):
        put(g, "Plains", "battlefield")
    g.auto_pass = False
    g.apply(A.ActivateAbility(card.id, 0, ()))
    assert g.s.objects.get(card.id) is None  # exiled as a cost (400.7: a new object)
    g.apply(A.PassPriority())
    g.apply(A.PassPriority())
    tokens = [o for o in g.permanents(0) if o.card.is_token]
    assert len(tokens) == 1
    c = g.chars(tokens[0])
    assert (c.power, c.toughness) == (4, 4)
    assert c.colors == frozenset({"B"})
    assert {"Zombie", "Cat"} <= c.subtypes
    assert "double strike" in c.keywords
    assert tokens[0].card.mana_cost.mana_value == 0


def test_embalm_token_is_white_zombie_with_printed_size() -> None:
    g = Game.empty()
    main_phase(g)
    card = put(g, "Honored Hydra", "graveyard")
    for _ in range(4):
        put(g, "Forest", "battlefield")
    g.auto_pass = False
    g.apply(A.ActivateAbility(card.id, 0, ()))
    g.apply(A.PassPriority())
    g.apply(A.PassPriority())
    token = next(o for o in g.permanents(0) if o.card.is_token)
    c = g.chars(token)
    assert (c.power, c.toughness) == (6, 6) and c.colors == frozenset({"W"})
    assert "trample" in c.keywords and "Zombie" in c.subtypes and "Snake" in c.subtypes


def test_retrace_and_escape_cast_actions_offered() -> None:
    g = Game.empty()
    main_phase(g)
    jab = put(g, "Flame Jab", "graveyard")
    put(g, "Mountain", "battlefield")
    casts = [a for a in priority.priority_actions(g, 0) if isinstance(a, A.CastSpell) and a.card == jab.id]
    assert casts == []  # no land card in hand to discard (702.81a)
    put(g, "Forest", "hand")
    casts = [a for a in priority.priority_actions(g, 0) if isinstance(a, A.CastSpell) and a.card == jab.id]
    assert casts and all(len(a.targets) == 1 for a in casts)


def test_unsupported_variants_stay_unsupported() -> None:
    # "Activate only if you gained life this turn": a restriction not modelled from a graveyard.
    assert get_card("Brackish Trudge", require_supported=False).unsupported
    # Madness with X in its cost.
    assert get_card("Avacyn's Judgment", require_supported=False).unsupported


def test_persist_intervening_if_reads_last_known_counters() -> None:
    ab = next(a for a in get_card("Kitchen Finks").abilities if isinstance(a, R.NoCounterTrigger))
    g = Game.empty()
    finks = put(g, "Kitchen Finks", "battlefield")
    lki = (finks.copy(), g.chars(finks))
    assert registry.INTERVENING_IF[type(ab)](g, ab, finks.id, lki, None)
    finks.counters["-1/-1"] = 1
    lki = (finks.copy(), g.chars(finks))
    assert not registry.INTERVENING_IF[type(ab)](g, ab, finks.id, lki, None)


def test_clone_keeps_echo_marker_independent() -> None:
    g = Game.empty()
    riders = put(g, "Avalanche Riders", "battlefield")
    riders.sick = True
    g.s.active = 0
    upkeep_keywords._mark_echo(g)
    copy = g.clone()
    ab = next(a for a in riders.card.abilities if isinstance(a, upkeep_keywords.EchoTrigger))
    assert registry.INTERVENING_IF[type(ab)](g, ab, riders.id, None, None)  # uses up the marker in g only
    assert not registry.INTERVENING_IF[type(ab)](g, ab, riders.id, None, None)
    assert registry.INTERVENING_IF[type(ab)](copy, ab, riders.id, None, None)


def test_suspend_special_action_offered_with_the_cards_timing() -> None:
    g = Game.empty()
    main_phase(g)
    bolt = put(g, "Rift Bolt", "hand")
    put(g, "Mountain", "battlefield")
    act = A.ExileFromHand(bolt.id, "suspend")
    assert act in priority.priority_actions(g, 0)
    assert A.ExileFromHand(bolt.id, "plot") not in priority.priority_actions(g, 0)
    g.s.active = 1  # the opponent's turn: a sorcery couldn't be cast (116.2f)
    assert act not in priority.priority_actions(g, 0)


def test_refused_special_action_leaves_the_game_unchanged() -> None:
    g = Game.new_game(["Rift Bolt"] * 10 + ["Mountain"] * 10, ["Island"] * 20, seed=3)
    while g.pending is not None and g.pending.kind != "priority":
        g.apply(g.legal_actions()[0])
    p = g.pending.player
    card = next((c for c in g.s.players[1 - p].hand), None)
    assert card is not None
    before = g.log_jsonl()
    with pytest.raises(IllegalActionError):
        g.apply(A.ExileFromHand(card, "suspend"))  # not the acting player's card
    assert g.log_jsonl() == before


def test_no_mana_cost_card_cant_be_cast_from_hand() -> None:
    g = Game.empty()
    main_phase(g)
    vision = put(g, "Ancestral Vision", "hand")
    assert not any(isinstance(a, A.CastSpell) and a.card == vision.id for a in priority.priority_actions(g, 0))
    with pytest.raises(IllegalActionError, match="118.6"):
        stack.cast_spell(g, 0, A.CastSpell(vision.id, (-1,)))

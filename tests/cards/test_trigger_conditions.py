"""More trigger conditions (cards/templates/triggers_*.py, rules/trigger_events.py) — what scenarios
can't express: the compiled forms, the variants refused, the 603.4 recheck on resolution, the 603.8
"doesn't trigger again while on the stack" bookkeeping and clone independence of the new state."""

from __future__ import annotations

import pytest

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.model import vocab as V
from manastack.model.state import GRAVEYARD, StackItem
from manastack.model.vocab import conditions
from manastack.rules import intervening, trigger_events
from tests.setup_helpers import put


def card(text: str, type_line: str = "Enchantment", name: str = "Test Card", **kw) -> V.CardDef:
    return compile_card({"name": name, "type_line": type_line, "oracle_text": text, "mana_cost": "{1}", **kw})


def trigger(cd: V.CardDef) -> V.TriggeredAbility:
    abs_ = [a for a in cd.abilities if isinstance(a, V.TriggeredAbility)]
    assert len(abs_) == 1, cd.unsupported
    return abs_[0]


@pytest.mark.parametrize("text,event,who,scope", [
    ("When you cycle Test Card, draw a card.", "cycle_self", "any", ""),
    ("Whenever a player cycles a card, draw a card.", "cycle", "any", ""),
    ("Whenever you cycle another card, draw a card.", "cycle", "you", "another"),
    ("Whenever you cycle or discard a card, draw a card.", "discard", "you", ""),
    ("Whenever an opponent discards a card, draw a card.", "discard", "opponent", ""),
    ("When Test Card becomes the target of a spell or ability, draw a card.", "becomes_target", "spell_or_ability",
     "self"),
    ("Whenever Test Card becomes the target of a spell an opponent controls, draw a card.", "becomes_target",
     "spell:opponent", "self"),
    ("When enchanted creature becomes the target of a spell or ability, draw a card.", "becomes_target",
     "spell_or_ability", "enchanted"),
    ("Whenever Test Card deals damage to an opponent, draw a card.", "deals_damage", "opponent", ""),
    ("Whenever equipped creature deals damage to a creature, draw a card.", "attached_deals_damage", "creature", ""),
    ("When Test Card enters or leaves the battlefield, draw a card.", "etb_or_leaves", "any", ""),
    ("When you control no Islands, sacrifice Test Card.", "state_no_subtype", "any", ""),
    ("Whenever a creature attacks you, draw a card.", "attacks_you", "any", "player"),
    ("Whenever a creature attacks you or a planeswalker you control, draw a card.", "attacks_you", "any", ""),
    ("Whenever Test Card becomes the target of a spell you control, draw a card.", "becomes_target", "spell:you",
     "self"),
    ("Whenever you scry or surveil, draw a card.", "scry_or_surveil", "any", ""),
    ("Whenever a player sacrifices a permanent, draw a card.", "sacrifice", "any", ""),
    ("Whenever you sacrifice another permanent, draw a card.", "sacrifice", "you", ""),
    ("Whenever two or more creatures attack, draw a card.", "you_attack_n", "any", ""),
    ("Whenever you attack with two or more creatures, draw a card.", "you_attack_n", "you", ""),
    ("Whenever enchanted land becomes tapped, draw a card.", "attached_becomes_tapped", "any", ""),
    ("Whenever you gain life for the first time each turn, draw a card.", "gain_life_first", "any", ""),
])
def test_compiled_events(text: str, event: str, who: str, scope: str) -> None:
    ab = trigger(card(text))
    assert (ab.event, ab.who, ab.scope) == (event, who, scope)


def test_attack_with_n_or_more_keeps_the_count_and_filter() -> None:
    ab = trigger(card("Whenever you attack with three or more creatures, draw a card."))
    assert ab.event == "you_attack_n" and ab.count == 3
    assert ab.filter is not None and ab.filter.types == frozenset({"Creature"})


def test_kicked_etb_has_an_intervening_if() -> None:
    cd = get_card("Citanul Woodreaders")
    ab = trigger(cd)
    assert ab.event == "etb" and isinstance(ab.intervening, conditions.WasKicked)
    assert ab.effects == (V.Draw(2),)


@pytest.mark.parametrize("text", [
    # "that player" (the spell's controller) is not the event object of a "whenever a creature ..." trigger
    "Whenever a creature you control becomes the target of a spell or ability an opponent controls, "
    "Test Card deals 3 damage to that player.",
    # "that creature" in an upkeep-of-enchanted-creature's-controller trigger would find the Aura itself
    "At the beginning of the upkeep of enchanted creature's controller, put a -1/-1 counter on that creature.",
    # whose graveyard it goes to (its owner's) is not modelled
    "Whenever a creature is put into your graveyard from the battlefield, draw a card.",
    # works from the graveyard (113.6): not an ability of a permanent
    "When a Dragon you control enters, return Test Card from your graveyard to your hand.",
    # "one or more cards" discarded at once: not modelled
    "Whenever you discard one or more cards, draw a card.",
])
def test_refused_variants(text: str) -> None:
    assert card(text).unsupported


def test_intervening_if_rechecked_on_resolution() -> None:
    """603.4: an ability whose "if" clause is false as it resolves is removed and does nothing."""
    g = Game.empty()
    o = put(g, "Citanul Woodreaders", "battlefield")
    ab = trigger(o.card)
    item = StackItem(g.s.next_id, "trigger", 0, o.card.name, source=o.id, ability=ab, targets=(),
                     source_lki=(o.copy(), g.chars(o)))
    assert not trigger_events.still_holds(g, item)  # never kicked
    trigger_events.remember_kicked(g, o.id)
    assert trigger_events.still_holds(g, item)


def test_kicked_memory_and_graveyard_batch_are_clone_independent() -> None:
    g = Game.empty()
    o = put(g, "Citanul Woodreaders", "battlefield")
    c = put(g, "Grizzly Bears", GRAVEYARD)
    g2 = Game(g.s.clone())
    trigger_events.remember_kicked(g2, o.id)
    g2.move(c.id, "exile", rule="test")
    assert o.id not in g.s.__dict__.get("kicked_permanents", frozenset())
    assert not g.s.__dict__.get("graveyard_leavers")
    assert g2.s.__dict__.get("graveyard_leavers")


def test_state_trigger_waits_while_pending() -> None:
    """603.8: a state trigger doesn't trigger again while it is waiting to be put on the stack."""
    g = Game.empty()
    put(g, "Dandân", "battlefield")
    trigger_events.state_triggers(g)
    trigger_events.state_triggers(g)
    assert len(g.s.pending_triggers) == 1


def test_state_trigger_not_while_an_island_is_controlled() -> None:
    g = Game.empty()
    put(g, "Dandân", "battlefield")
    put(g, "Island", "battlefield")
    put(g, "Island", "battlefield", controller=1)
    trigger_events.state_triggers(g)
    assert g.s.pending_triggers == []


def test_damage_trigger_once_per_recipient_only_for_its_own_source() -> None:
    g = Game.empty()
    specter = put(g, "Abyssal Specter", "battlefield")
    bears = put(g, "Grizzly Bears", "battlefield", controller=1)
    trigger_events.damage_dealt(g, specter.id, bears.id, 2)  # a creature: "to a player" doesn't trigger
    trigger_events.damage_dealt(g, bears.id, -1, 2)  # another source
    assert g.s.pending_triggers == []
    trigger_events.damage_dealt(g, specter.id, -2, 2)
    assert len(g.s.pending_triggers) == 1 and g.s.pending_triggers[0][6] == -2  # "that player": bob


@pytest.mark.parametrize("text,kind,at_least,at_most", [
    ("When Test Card enters, if you control two or more Gates, draw a card.", "ControlCount", 2, None),
    ("Whenever Test Card attacks, if your team controls another Warrior, draw a card.", "ControlCount", 1, None),
    ("At the beginning of your upkeep, if you control no tapped lands, draw a card.", "ControlCount", 0, 0),
    ("When Test Card enters, if an opponent controls more lands than you, draw a card.", "OpponentMoreLands", None,
     None),
])
def test_intervening_conditions(text: str, kind: str, at_least, at_most) -> None:
    ab = trigger(card(text))
    assert type(ab.intervening).__name__ == kind
    if kind == "ControlCount":
        assert (ab.intervening.at_least, ab.intervening.at_most) == (at_least, at_most)


def test_kicked_condition_only_for_enters() -> None:
    assert card("When Test Card dies, if it was kicked, draw a card.").unsupported


def test_control_count_excludes_the_source_for_another() -> None:
    g = Game.empty()
    geist = put(g, "Apothecary Geist", "battlefield")
    cond = conditions.ControlCount(V.ObjectFilter(subtypes=frozenset({"Spirit"}), other=True), 1)
    assert not intervening.holds(g, cond, geist.id, None, None)  # only itself: not "another Spirit"
    put(g, "Spectral Sailor", "battlefield", controller=1)
    assert not intervening.holds(g, cond, geist.id, None, None)  # an opponent's Spirit doesn't count
    put(g, "Spectral Sailor", "battlefield")
    assert intervening.holds(g, cond, geist.id, None, None)


@pytest.mark.parametrize("text,events", [
    ("When you cast or cycle Test Card, draw a card.", ["cast_self", "cycle_self"]),
    ("When you cycle Test Card and when Test Card dies, draw a card.", ["cycle_self", "dies"]),
    ("When Test Card enters and when you sacrifice it, draw a card.", ["etb", "sacrifice_self"]),
])
def test_two_trigger_events_make_two_abilities(text: str, events: list[str]) -> None:
    cd = card(text, type_line="Creature", power="1", toughness="1")
    assert not cd.unsupported
    assert [a.event for a in cd.abilities if isinstance(a, V.TriggeredAbility)] == events


def test_first_life_gain_counts_per_turn_and_player_and_clones_independently() -> None:
    g = Game.empty()
    put(g, "Attended Healer", "battlefield")
    trigger_events.life_gained(g, 1)  # the opponent's gain: not "you"
    assert g.s.pending_triggers == []
    g2 = Game(g.s.clone())
    trigger_events.life_gained(g, 0)
    trigger_events.life_gained(g, 0)
    assert len(g.s.pending_triggers) == 1  # only the first gain this turn
    trigger_events.life_gained(g2, 0)  # the clone hasn't seen alice's gains
    assert len(g2.s.pending_triggers) == 1
    g.s.turn += 1
    trigger_events.life_gained(g, 0)
    assert len(g.s.pending_triggers) == 2  # a new turn


@pytest.mark.parametrize("text,event,who,count", [
    ("Whenever you expend 4, draw a card.", "expend", "you", 4),
    ("Whenever an opponent plays a land, draw a card.", "play_land", "opponent", 0),
    ("Whenever you lose life during your turn, draw a card.", "lose_life_your_turn", "any", 0),
    ("Whenever a creature you control explores, draw a card.", "explores_filter", "any", 0),
    ("Whenever a creature deals combat damage to you, draw a card.", "combat_damage_to_you", "any", 0),
    ("Whenever one or more creatures you control deal combat damage to an opponent, draw a card.",
     "group_combat_damage", "opponent", 0),
])
def test_compiled_events_counted(text: str, event: str, who: str, count: int) -> None:
    ab = trigger(card(text))
    assert (ab.event, ab.who, ab.count) == (event, who, count)


@pytest.mark.parametrize("text", [
    # refers to the creatures that dealt damage / the amount: not modelled
    "Whenever one or more creatures you control deal combat damage to a player, you may return one of them "
    "to its owner's hand.",
    # works from the graveyard
    "Whenever one or more creatures you control deal combat damage to a player, you may pay {1}. If you do, "
    "return Test Card from your graveyard to your hand.",
])
def test_group_combat_damage_refused(text: str) -> None:
    assert card(text).unsupported


def test_expend_triggers_only_when_crossing() -> None:
    """700.14: before < N <= after, counted per turn."""
    g = Game.empty()
    put(g, "Junkblade Bruiser", "battlefield")
    trigger_events.mana_spent_on_spell(g, 0, 3)
    assert g.s.pending_triggers == []
    trigger_events.mana_spent_on_spell(g, 1, 5)  # the opponent's spending
    assert g.s.pending_triggers == []
    trigger_events.mana_spent_on_spell(g, 0, 2)
    assert len(g.s.pending_triggers) == 1
    trigger_events.mana_spent_on_spell(g, 0, 4)  # already past 4 this turn
    assert len(g.s.pending_triggers) == 1

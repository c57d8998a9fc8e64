"""Casting (cards/templates/casting.py, rules/casting.py): cost modifiers (601.2f), convoke / improvise /
delve (702.51, 702.126, 702.66), alternative and additional costs (601.2b), split second (702.61),
copies (707.10) — what scenarios can't express: the actions offered to agents, the solver's options,
the compiled forms, automatic payment without a chooser and clone independence."""

from __future__ import annotations

import pytest

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.cards.templates.casting import parse_spell_kind
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model.costs import Requirement, requirements
from manastack.model.state import MAIN1, STACK
from manastack.rules import casting, cost_modifiers, priority, spell_payment, stack
from tests.setup_helpers import put


def main_phase(g: Game) -> None:
    g.auto_pass = False  # no trivial passes: the tests look at the stack right after casting
    g.s.active = 0
    g.s.priority = 0
    g.s.step = MAIN1


def casts_of(g: Game, oid: int) -> list[A.CastSpell]:
    return [a for a in priority.priority_actions(g, 0) if isinstance(a, A.CastSpell) and a.card == oid]


# --------------------------------------------------------------------------- compiled forms

def test_spell_kinds() -> None:
    assert parse_spell_kind("instant and sorcery").types == {"Instant", "Sorcery"}
    k = parse_spell_kind("black creature")
    assert k.colors == {"B"} and k.types == {"Creature"}
    assert parse_spell_kind("kithkin spells and soldier").subtypes == {"Kithkin", "Soldier"}
    assert parse_spell_kind("noncreature").non_types == {"Creature"}
    assert parse_spell_kind("colorless").non_colors == {"W", "U", "B", "R", "G"}
    assert parse_spell_kind("") is None


@pytest.mark.parametrize("text", [
    "Green spells you cast cost {G}{G} more to cast.",  # colored: only a single symbol is modelled
    "This spell costs {U} less to cast if it targets a blue creature.",
    "This spell costs {X} less to cast, where X is the number of cards in your hand.",
    "This spell costs {1} less to cast for each opponent you have.",
    "Cast this spell only during your upkeep.",
    "You may pay {2}{G} and discard a card rather than pay this spell's mana cost.",
])
def test_unmodelled_cost_changes_stay_unsupported(text: str) -> None:
    card = compile_card({"name": "Test Card", "mana_cost": "{3}{G}", "type_line": "Sorcery",
                         "oracle_text": text + "\nDraw a card."})
    assert card.unsupported


def test_convoke_twice_is_one_ability_and_affinity_counts() -> None:
    assert spell_payment.payment_keywords(get_card("Stoke the Flames")) == ("convoke",)
    frog = get_card("Frogmite")
    mods = [ab for ab in frog.abilities if isinstance(ab, cost_modifiers.CostModifier)]
    assert len(mods) == 1 and mods[0].scope == "self" and mods[0].amount == -1


# --------------------------------------------------------------------------- helpers: the solver side

def test_remaining_options_colored_helper_pays_pip_or_generic() -> None:
    req = requirements(get_card("Stoke the Flames").mana_cost)[0]  # {2}{R}{R}
    # one red creature and one colorless one: {R} and {1} paid, {1}{R} left
    opts = spell_payment.remaining_options(req, [("R",)], 1)
    assert [(o.typed, o.generic) for o in opts] == [((0, 0, 0, 1, 0, 0), 1)]
    # five generic-only helpers for a cost with only two generic mana: impossible
    assert spell_payment.remaining_options(req, [], 3) == []
    # a green creature can't pay {R}: it pays generic
    assert [(o.typed, o.generic) for o in spell_payment.remaining_options(req, [("G",)], 0)] == [((0, 0, 0, 2, 0, 0), 1)]


def test_cost_reduction_never_below_zero_and_not_colored() -> None:
    req = requirements(get_card("Lightning Bolt").mana_cost, 0, -3)
    assert req == [Requirement((0, 0, 0, 1, 0, 0), 0)]


# --------------------------------------------------------------------------- actions offered to agents

def test_convoke_spell_offered_when_creatures_pay() -> None:
    g = Game.empty()
    main_phase(g)
    spell = put(g, "Stoke the Flames", "hand")
    put(g, "Mountain", "battlefield")
    put(g, "Mountain", "battlefield")
    assert casts_of(g, spell.id) == []
    put(g, "Grizzly Bears", "battlefield")
    assert casts_of(g, spell.id) == []
    put(g, "Grizzly Bears", "battlefield", tapped=True)  # a tapped creature can't convoke
    assert casts_of(g, spell.id) == []
    put(g, "Goblin Piker", "battlefield")
    acts = casts_of(g, spell.id)
    assert acts
    # Without a chooser the engine picks the helpers: lands first, creatures for the rest.
    g.apply(acts[0])
    tapped = sorted(g.s.objects[o].card.name for o in g.s.battlefield if g.s.objects[o].tapped)
    assert tapped == ["Goblin Piker", "Grizzly Bears", "Grizzly Bears", "Mountain", "Mountain"]
    assert g.s.stack and g.s.stack[-1].name == "Stoke the Flames"


def test_delve_offered_and_paid_automatically() -> None:
    g = Game.empty()
    main_phase(g)
    spell = put(g, "Treasure Cruise", "hand")
    put(g, "Island", "battlefield")
    for _ in range(6):
        put(g, "Shock", "graveyard")
    assert casts_of(g, spell.id) == []
    put(g, "Forest", "graveyard")
    acts = casts_of(g, spell.id)
    assert acts
    g.apply(acts[0])
    assert len(g.s.players[0].exile) == 7 and not g.s.players[0].graveyard


def test_explicit_convoke_choice_rejects_opponents_creature() -> None:
    g = Game.empty()
    main_phase(g)
    spell = put(g, "Stoke the Flames", "hand")
    for _ in range(4):
        put(g, "Mountain", "battlefield")
    theirs = put(g, "Goblin Piker", "battlefield", controller=1)
    before = g.s.clone()
    with pytest.raises(Exception, match="convoke"):
        g.apply(A.CastSpell(spell.id, (-2,), choices=(("convoke", (theirs.id,)),)))
    assert g.s.stack == before.stack and spell.id in g.s.players[0].hand


def test_alternative_cost_offered_when_only_it_is_affordable() -> None:
    g = Game.empty()
    main_phase(g)
    drifter = put(g, "Mulldrifter", "hand")
    for _ in range(3):
        put(g, "Island", "battlefield")
    assert [a.choices for a in casts_of(g, drifter.id)] == [(("evoke", True),)]
    put(g, "Island", "battlefield")
    put(g, "Island", "battlefield")
    assert sorted(a.choices for a in casts_of(g, drifter.id)) == [(), (("evoke", True),)]


def test_surge_needs_another_spell_this_turn() -> None:
    g = Game.empty()
    main_phase(g)
    runner = put(g, "Goblin Freerunner", "hand")
    for _ in range(2):
        put(g, "Mountain", "battlefield")
    assert casts_of(g, runner.id) == []
    g.s.players[0].spells_cast = 1
    g.invalidate()
    assert [a.choices for a in casts_of(g, runner.id)] == [(("surge", True),)]


def test_split_second_leaves_only_passing_and_mana() -> None:
    g = Game.empty()
    main_phase(g)
    shock = put(g, "Sudden Shock", "hand")
    put(g, "Mountain", "battlefield")
    put(g, "Mountain", "battlefield")
    put(g, "Lightning Bolt", "hand", controller=1)
    put(g, "Mountain", "battlefield", controller=1)
    put(g, "Mind Stone", "battlefield", controller=1)
    put(g, "Mountain", "battlefield", controller=1)
    g.apply(A.CastSpell(shock.id, (-2,)))
    assert stack.cast_block_reason(g, 1, g.s.objects[g.s.players[1].hand[0]])
    acts = priority.priority_actions(g, 1)
    assert acts == [A.PassPriority()]


def test_storm_copies_cease_to_exist_and_clone_is_independent() -> None:
    g = Game.empty()
    main_phase(g)
    warrens = put(g, "Empty the Warrens", "hand")
    for _ in range(4):
        put(g, "Mountain", "battlefield")
    g.s.players[0].spells_cast = 1
    g.s.players[1].spells_cast = 1
    g.apply(A.CastSpell(warrens.id))
    assert ("storm_count", 2) in g.s.stack[0].choices
    clone = g.clone()
    # resolve the storm trigger: two copies (not cast: the count of spells cast doesn't change)
    while len(g.s.stack) != 3:
        g.apply(A.PassPriority())
    assert g.s.players[0].spells_cast == 2
    copies = [it for it in g.s.stack if ("copy", True) in it.choices]
    assert len(copies) == 2
    while g.s.stack:
        g.apply(A.PassPriority())
    goblins = [o for o in g.s.battlefield if g.s.objects[o].card.name == "Goblin"]
    assert len(goblins) == 6
    assert all(c.obj not in g.s.objects for c in copies)  # 704.5e: no copy left anywhere
    assert len(g.s.players[0].graveyard) == 1  # the card itself
    assert len(clone.s.stack) == 2 and not [o for o in clone.s.battlefield if clone.s.objects[o].card.name == "Goblin"]


def test_offspring_token_is_a_one_one_copy() -> None:
    g = Game.empty()
    main_phase(g)
    rampager = put(g, "Rust-Shield Rampager", "hand")
    for _ in range(6):
        put(g, "Forest", "battlefield")
    g.apply(A.CastSpell(rampager.id, choices=(("offspring", True),)))
    assert g.s.objects[rampager.id].zone == STACK
    while g.s.stack or g.s.pending_triggers:
        g.apply(A.PassPriority())
    mine = [g.s.objects[o] for o in g.s.battlefield if g.s.objects[o].card.name == "Rust-Shield Rampager"]
    assert sorted((g.chars(o).power, g.chars(o).toughness, o.card.is_token) for o in mine) == [
        (1, 1, True), (4, 4, False)]


def test_sunburst_counts_nothing_when_not_cast() -> None:
    # 702.44a: only mana spent to cast it counts; put onto the battlefield otherwise, no counters.
    g = Game.empty()
    main_phase(g)
    manta = put(g, "Skyreach Manta", "hand")
    new = g.move(manta.id, "battlefield", rule="test")
    assert g.s.objects[new].counters.get("+1/+1", 0) == 0
    assert casting.mana_spent(g, manta.id) == (0,) * 6


def test_affinity_spell_offered_for_free() -> None:
    g = Game.empty()
    main_phase(g)
    frog = put(g, "Frogmite", "hand")
    for _ in range(3):
        put(g, "Ornithopter", "battlefield")
    assert casts_of(g, frog.id) == []
    put(g, "Memnite", "battlefield")
    assert casts_of(g, frog.id) == [A.CastSpell(frog.id)]


def test_party_counts_each_role_once() -> None:
    g = Game.empty()
    for name in ("Goblin Piker", "Goblin Piker", "Goblin Electromancer"):
        put(g, name, "battlefield")
    assert cost_modifiers.party_size(g, 0) == 2
    put(g, "Merfolk Looter", "battlefield")
    assert cost_modifiers.party_size(g, 0) == 3


def test_targeted_cost_increase_filters_offered_casts() -> None:
    g = Game.empty()
    main_phase(g)
    shock = put(g, "Shock", "hand")
    put(g, "Mountain", "battlefield")
    boreal = put(g, "Boreal Elemental", "battlefield", controller=1)
    casts = casts_of(g, shock.id)
    assert casts and all(boreal.id not in a.targets for a in casts)  # {R}+{2}: not payable with one Mountain
    put(g, "Mountain", "battlefield")
    put(g, "Mountain", "battlefield")
    assert any(boreal.id in a.targets for a in casts_of(g, shock.id))


def test_colored_increase_filters_offered_casts() -> None:
    g = Game.empty()
    main_phase(g)
    bears = put(g, "Grizzly Bears", "hand")
    put(g, "Jade Leech", "battlefield")
    put(g, "Forest", "battlefield")
    put(g, "Forest", "battlefield")
    assert casts_of(g, bears.id) == []  # {1}{G} + {G}: three mana needed
    put(g, "Forest", "battlefield")
    assert casts_of(g, bears.id) == [A.CastSpell(bears.id)]


def test_overloaded_spell_keeps_printed_text_after_resolving() -> None:
    g = Game.empty()
    main_phase(g)
    blast = put(g, "Vandalblast", "hand")
    for _ in range(5):
        put(g, "Mountain", "battlefield")
    put(g, "Mind Stone", "battlefield", controller=1)
    g.apply(A.CastSpell(blast.id, choices=(("overload", True),)))
    on_stack = g.s.objects[blast.id]
    assert on_stack.card.spell.targets == ()  # 702.96b: no targets while overloaded
    while g.s.stack:
        g.apply(A.PassPriority())
    gy = [g.s.objects[c] for c in g.s.players[0].graveyard if g.s.objects[c].card.name == "Vandalblast"]
    assert len(gy) == 1 and gy[0].card is get_card("Vandalblast")  # the printed text again (400.7)

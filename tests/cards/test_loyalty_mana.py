"""Loyalty abilities (606) and mana abilities beyond "Add [mana]" (605, 106.6): what the scenario files
of tests/scenarios/cards/loyalty and tests/scenarios/cards/mana_abilities can't express — a [−X] ability of
a card made for the test, the legal actions offered to agents, the compiled form of the templates and
state copies."""

from __future__ import annotations

import random

import pytest

from manastack import IllegalActionError
from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.cards.templates.effects_tokens import predefined
from manastack.cards.templates.loyalty_mana import _TokensHave
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model import vocab as V
from manastack.model.mana import TYPES, bag_of
from manastack.model.state import STEP_INDEX, player_ref
from manastack.rules import mana_abilities as MA
from manastack.rules import mana_payment, object_abilities, produce
from manastack.rules import mana_payment as mana_payment_module
from manastack.rules.loyalty import LoyaltyAbility, LoyaltyCost

X_WALKER = {"name": "Test Pyromancer", "mana_cost": "{2}{R}", "type_line": "Legendary Planeswalker — Test",
            "oracle_text": "[+1]: You gain 1 life.\n[−X]: Test Pyromancer deals X damage to any target.", "loyalty": "4"}


def main_phase(*battlefield: tuple[object, int], hand: tuple[str, ...] = ()) -> Game:
    """Alice's precombat main phase with the given permanents ((card or name, controller)) and hand."""
    g = Game.empty()
    g.auto_pass = False
    s = g.s
    for card, p in battlefield:
        cd = get_card(card) if isinstance(card, str) else card
        o = g.new_object(cd, p, "library")
        s.players[p].library.append(o.id)
        g.move(o.id, "battlefield", rule="test")
    for name in hand:
        o = g.new_object(get_card(name), 0, "hand")
        s.players[0].hand.append(o.id)
    for p in (0, 1):
        for _ in range(3):
            o = g.new_object(get_card("Island"), p, "library")
            s.players[p].library.append(o.id)
    s.turn, s.active, s.step, s.stage = 3, 0, STEP_INDEX["precombat_main"], 1
    s.priority = 0
    g.run()
    return g


def named(g: Game, name: str) -> int:
    return next(o.id for o in g.s.objects.values() if o.card.name == name and o.zone == "battlefield")


# ----------------------------------------------------------------------------- compiling

def test_loyalty_costs_compile() -> None:
    cd = compile_card(X_WALKER)
    assert not cd.unsupported
    plus, minus_x = cd.abilities
    assert isinstance(plus, LoyaltyAbility) and isinstance(plus.cost, LoyaltyCost)
    assert plus.cost.loyalty == 1 and plus.sorcery_speed
    assert minus_x.cost.loyalty == "X"
    zero = compile_card(dict(X_WALKER, oracle_text="[0]: Draw a card."))
    assert not zero.unsupported and zero.abilities[0].cost.loyalty == 0
    assert compile_card(dict(X_WALKER, oracle_text="[+X]: Draw a card.")).unsupported


def test_painland_compiles_into_a_mana_ability_with_damage() -> None:
    ab = get_card("Adarkar Wastes").abilities[1]
    assert isinstance(ab, MA.ManaAbilityPlus)
    assert ab.effects == (V.DealDamage(1, V.YOU),)


@pytest.mark.parametrize("text", [
    "{T}: Add {R}. This land deals 1 damage to each creature.",  # damage to permanents: not modelled here
    "{T}: Add {G}. You may draw a card.",  # a choice while a mana ability resolves: not modelled
    "{T}: Add {C}. Spend this mana only to cast spells with flashback from a graveyard.",
    "{T}: Add one mana of any color. Activate only as a sorcery.",  # a mana ability at sorcery speed: not modelled
])
def test_mana_ability_variants_left_unsupported(text: str) -> None:
    cd = compile_card({"name": "Test Land", "type_line": "Land", "oracle_text": text})
    assert cd.unsupported


def test_spend_restriction_compiles_into_filters() -> None:
    ab = get_card("Renowned Weaponsmith", require_supported=False).abilities[0]
    assert ab.spend.spells == V.ObjectFilter(types=frozenset({"Artifact"}))
    assert ab.spend.abilities == V.ObjectFilter(types=frozenset({"Artifact"}))
    ab = get_card("Ancient Ziggurat").abilities[0]
    assert ab.spend.spells == V.ObjectFilter(types=frozenset({"Creature"})) and ab.spend.abilities is None


# ----------------------------------------------------------------------------- 606 loyalty

def test_minus_x_removes_x_loyalty_and_deals_x_damage() -> None:
    g = main_phase((compile_card(X_WALKER), 0))
    pw = named(g, "Test Pyromancer")
    assert g.s.objects[pw].counters["loyalty"] == 4  # 306.5b
    g.apply(A.ActivateAbility(pw, 1, (player_ref(1),), x=3))
    assert g.s.objects[pw].counters["loyalty"] == 1  # 606.4: paid as the ability is activated
    while g.s.stack:
        g.apply(A.PassPriority())
    assert g.s.players[1].life == 17


def test_minus_x_more_than_loyalty_is_refused_and_changes_nothing() -> None:
    g = main_phase((compile_card(X_WALKER), 0))
    pw = named(g, "Test Pyromancer")
    before = g.s.clone()
    with pytest.raises(IllegalActionError, match="606.6"):
        g.apply(A.ActivateAbility(pw, 1, (player_ref(1),), x=5))
    assert g.s.objects[pw].counters == before.objects[pw].counters and not g.s.stack
    g.apply(A.ActivateAbility(pw, 1, (player_ref(1),), x=4))  # exactly its loyalty: allowed
    assert pw not in g.s.objects  # 704.5i: with 0 loyalty it went to the graveyard (a new object, 400.7)
    assert [g.name_of(c) for c in g.s.players[0].graveyard] == ["Test Pyromancer"]
    while g.s.stack:
        g.apply(A.PassPriority())
    assert g.s.players[1].life == 16  # 113.7a: the ability resolves without its source


def test_legal_actions_offer_loyalty_abilities_once_per_turn_at_sorcery_speed() -> None:
    g = main_phase(("Sarkhan Vol", 0))
    g.s.objects[named(g, "Sarkhan Vol")].counters["loyalty"] = 4
    sv = named(g, "Sarkhan Vol")

    def offered() -> set[int]:
        return {a.index for a in g.legal_actions() if isinstance(a, A.ActivateAbility) and a.source == sv}

    assert offered() == {0}  # +1 only: no creature to target for −2, not loyalty enough for −6 (606.6)
    g.apply(A.ActivateAbility(sv, 0))
    assert offered() == set()  # the stack isn't empty (606.3)
    while g.s.stack:
        g.apply(A.PassPriority())
    assert offered() == set()  # one loyalty ability per permanent per turn (606.3)


# ----------------------------------------------------------------------------- 106.6 restricted mana

def test_restricted_source_counts_only_for_what_it_may_pay() -> None:
    g = main_phase(("Ancient Ziggurat", 0), ("Grizzly Bears", 0), hand=("Llanowar Elves", "Giant Growth"))
    casts = {g.name_of(a.card) for a in g.legal_actions() if isinstance(a, A.CastSpell)}
    assert casts == {"Llanowar Elves"}


def test_restriction_doesnt_change_what_could_be_produced() -> None:
    g = main_phase(("Ancient Ziggurat", 0), ("Hydro-Channeler", 0))
    assert produce.could_produce(g, g.s.objects[named(g, "Ancient Ziggurat")]) == frozenset("WUBRG")  # 106.7
    assert produce.could_produce(g, g.s.objects[named(g, "Hydro-Channeler")]) == frozenset("WUBRG")


def test_restricted_mana_in_a_copy_is_independent() -> None:
    g = main_phase(("Beastcaller Savant", 0), hand=("Llanowar Elves",))
    g.apply(A.ActivateAbility(named(g, "Beastcaller Savant"), 0, choices=("G",)))
    assert g.s.restricted_mana and g.s.players[0].pool == (0, 0, 0, 0, 1, 0)
    copy = g.clone()
    elves = g.s.players[0].hand[0]
    copy.apply(A.CastSpell(elves, payment=A.Payment()))
    assert copy.s.restricted_mana == () and copy.s.players[0].pool == (0,) * 6
    assert g.s.restricted_mana and g.s.players[0].pool == (0, 0, 0, 0, 1, 0)


def test_restricted_mana_is_not_spent_on_a_payment_made_while_resolving() -> None:
    """106.6: "to cast creature spells" — a cost paid as a spell resolves is no casting."""
    g = main_phase(("Beastcaller Savant", 0))
    g.apply(A.ActivateAbility(named(g, "Beastcaller Savant"), 0, choices=("G",)))
    assert MA.usable_pool(g, 0, None) == (0,) * 6
    assert MA.usable_pool(g, 0, ("ability", named(g, "Beastcaller Savant"))) == (0,) * 6


def test_powerstone_mana_may_pay_anything_but_a_nonartifact_spell() -> None:
    """111.10h / 106.6: "This mana can't be spent to cast a nonartifact spell": abilities and other
    payments are allowed."""
    stone = predefined("powerstone")
    spend = stone.abilities[0].spend
    assert spend.other and spend.abilities == V.ANY_OBJECT
    g = main_phase((stone, 0), ("Grizzly Bears", 0), hand=("Sol Ring", "Llanowar Elves"))
    assert MA.allows(g, spend, None)
    assert MA.allows(g, spend, ("ability", named(g, "Grizzly Bears")))
    ring, elves = g.s.players[0].hand
    assert MA.allows(g, spend, ("spell", ring)) and not MA.allows(g, spend, ("spell", elves))
    casts = {g.name_of(a.card) for a in g.legal_actions() if isinstance(a, A.CastSpell)}
    assert casts == {"Sol Ring"}


def test_eldrazi_scion_token_carries_its_mana_ability() -> None:
    cd = get_card("Call the Scions")
    (create,) = cd.spell.effects
    assert isinstance(create, V.CreateTokenCard) and create.amount == 2
    (ab,) = create.card.abilities
    assert isinstance(ab, V.ManaAbility) and ab.cost.sacrifice_self
    assert not any(isinstance(e, _TokensHave) for e in cd.spell.effects)
    # Not after a sentence that creates tokens: refused, never silently dropped.
    assert compile_card({"name": "Test Spell", "type_line": "Sorcery",
                         "oracle_text": 'Draw a card. It has "Sacrifice this creature: Add {C}."'}).unsupported


# ----------------------------------------------------------------------------- random games

MANA_DECK = (["Adarkar Wastes"] * 3 + ["Battlefield Forge"] * 3 + ["Cascade Bluffs"] * 2 + ["Ancient Ziggurat"] * 2
             + ["Fountain of Cho"] * 2 + ["Tainted Field"] * 2 + ["Gloomlake Verge"] * 2 + ["Plains"] * 3
             + ["Island"] * 3 + ["Mountain"] * 3 + ["Loam Dryad"] * 2 + ["Abzan Devotee"] * 2 + ["Heronblade Elite"] * 2
             + ["Blisterpod"] * 3 + ["Call the Scions"] * 2 + ["Sarkhan Vol"] * 2 + ["Chandra, Novice Pyromancer"] * 2
             + ["Priest of Yawgmoth"] * 2 + ["Sol Ring"] * 2 + ["Mossfire Egg"] * 2 + ["Firemind Vessel"] * 2
             + ["Beastcaller Savant"] * 2 + ["Grizzly Bears"] * 3 + ["Giant Growth"] * 2 + ["Fallaji Excavation"] * 2
             + ["Millikin"] * 2 + ["Druids' Repository"])
OTHER_DECK = (["Peat Bog"] * 3 + ["Forest"] * 8 + ["Swamp"] * 6 + ["Mage-Ring Network"] * 2 + ["Black Mana Battery"] * 2
              + ["Somberwald Sage"] * 2 + ["Hydro-Channeler"] * 2 + ["Opt"] * 2 + ["Llanowar Elves"] * 4
              + ["Ob Nixilis, the Hate-Twisted"] * 2 + ["Jiang Yanggu, Wildcrafter"] * 2 + ["Holdout Settlement"] * 2
              + ["Cinder Marsh"] * 2 + ["Castle Garenbrig"] + ["Craw Wurm"] * 2 + ["Lightning Bolt"] * 4
              + ["Vedalken Engineer"] * 2 + ["Interplanar Beacon"] * 2 + ["Wirewood Channeler"] * 2 + ["Axebane Guardian"] * 2
              + ["Grizzly Bears"] * 4)


def _mana_activations(g: Game, rng) -> list[A.Action]:
    """Mana abilities `g`'s deciding player could activate on their own (605.3a), one per outcome."""
    p = g.pending.player
    out: list[A.Action] = []
    for o in g.permanents(p):
        for idx, ab in enumerate(object_abilities.activated_abilities(g, o)):
            if not isinstance(ab, V.ManaAbility) or ab.cost.sacrifice is not None or not ab.cost.mana.is_empty():
                continue
            if mana_payment_module.cost_block_reason(g, o, ab.cost) is not None:
                continue
            for bag in produce.production_outputs(g, o, ab):
                letters = "".join(t * n for t, n in zip(TYPES, bag))
                if letters:
                    out.append(A.ActivateAbility(o.id, idx, choices=(letters,)))
    return out


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_these_cards_keep_the_invariants(seed: int) -> None:
    """Every listed action is legal; restricted mana never exceeds the pool and empties with it; a
    clone replays identically."""
    rng = random.Random(seed)
    g = Game.new_game(MANA_DECK, OTHER_DECK, seed=seed, max_turns=24)
    where = (g.s.turn, g.s.step)
    for _ in range(6000):
        if g.over:
            break
        acts = g.legal_actions()
        extra = _mana_activations(g, rng) if g.pending.kind == "priority" and rng.random() < 0.2 else []
        action = rng.choice(extra) if extra else rng.choice(acts)
        if extra:
            try:
                g.apply(action)
            except IllegalActionError:
                continue  # an outcome the player can't choose now (a choice of creature to tap ...)
        else:
            g.apply(action)  # a listed action must be legal
        for p, bag, _r in g.s.restricted_mana:
            pool = g.s.players[p].pool
            assert sum(pool) and all(b <= q for b, q in zip(bag, pool)), "106.6: restricted mana not in the pool"
        if (g.s.turn, g.s.step) != where:  # 500.4: the pools emptied, restricted mana with them
            where = (g.s.turn, g.s.step)
            assert g.s.restricted_mana == ()
    events = {e["event"] for e in g.s.log}
    assert {"activate_mana", "activate"} <= events  # the cards were used


@pytest.mark.parametrize("text", [
    "Draw a card. Spend this mana only to cast creature spells.",  # no mana before it
    "Add one mana of any color. Spend this mana only to cast creature spells.",  # a choice: not modelled
])
def test_spend_restriction_of_a_spell_only_after_fixed_mana(text: str) -> None:
    assert compile_card({"name": "Test Ritual", "type_line": "Instant", "mana_cost": "{G}", "oracle_text": text}).unsupported


def test_spend_restriction_of_a_spell_compiles_into_restricted_mana() -> None:
    (e,) = get_card("Geosurge").spell.effects
    assert isinstance(e, MA.AddRestrictedMana)
    assert e.spend.spells == V.ObjectFilter(types=frozenset({"Artifact", "Creature"})) and e.spend.abilities is None


@pytest.mark.parametrize("text", [
    "Draw a card. Until end of turn, you don't lose this mana as steps and phases end.",
    "Add one mana of any color. Until end of turn, you don't lose this mana as steps and phases end.",
    "Add {C}. This mana can't be spent to cast nonartifact spells. Until end of turn, you don't lose this mana as "
    "steps and phases end.",  # kept restricted mana: not modelled
])
def test_kept_mana_only_after_fixed_unrestricted_mana(text: str) -> None:
    assert compile_card({"name": "Test Ritual", "type_line": "Instant", "mana_cost": "{G}", "oracle_text": text}).unsupported


def test_kept_mana_expires_in_the_cleanup_step() -> None:
    """514.2 / 500.4: "until end of turn" ends in the cleanup step; the pool then empties."""
    g = main_phase(("Savage Ventmaw", 0))
    s = g.s
    s.players[0].pool = (0, 0, 0, 3, 3, 0)
    s.kept_mana = ((0, (0, 0, 0, 3, 3, 0), s.turn, False),)
    copy = g.clone()
    g.empty_pools()
    assert s.players[0].pool == (0, 0, 0, 3, 3, 0)
    s.step = STEP_INDEX["cleanup"]
    g.empty_pools()
    assert s.players[0].pool == (0,) * 6 and s.kept_mana == ()
    assert copy.s.kept_mana and copy.s.players[0].pool == (0, 0, 0, 3, 3, 0)  # clone() is independent


def test_chosen_type_restriction_needs_the_choice_on_the_card() -> None:
    text = "{T}: Add one mana of any color. Spend this mana only to cast a creature spell of the chosen type."
    assert compile_card({"name": "Test Land", "type_line": "Land", "oracle_text": text}).unsupported
    with_choice = "As this land enters, choose a creature type.\n" + text
    assert not compile_card({"name": "Test Land", "type_line": "Land", "oracle_text": with_choice}).unsupported


# ----------------------------------------------------------------------------- one permanent, sacrificed once

def test_a_permanent_with_two_sacrifice_mana_abilities_is_sacrificed_once() -> None:
    """With two Basal Slivers out ("All Slivers have 'Sacrifice this permanent: Add {B}{B}'", one each
    player's), each Sliver has that ability twice. It can be sacrificed once (701.17a): the payment solver
    counts {B}{B} from it, not four. A spell that needs four mana isn't offered, and casting it anyway is
    refused with the game unchanged (the solver once planned both abilities, and the second activation
    crashed on the sacrificed Sliver)."""
    g = main_phase(("Basal Sliver", 0), ("Basal Sliver", 1), hand=("Gravedigger", "Ravenous Rats"))
    sliver = next(o.id for o in g.permanents(0) if o.card.name == "Basal Sliver")
    assert len([a for a in object_abilities.activated_abilities(g, g.s.objects[sliver])]) == 2
    sources = [src for src in mana_payment.mana_sources(g, 0) if src.key[0] == sliver]
    assert len(sources) == 1 and sources[0].outputs == (bag_of("BB"),)
    casts = {g.name_of(a.card) for a in g.legal_actions() if isinstance(a, A.CastSpell)}
    assert casts == {"Ravenous Rats"}  # {1}{B} from {B}{B}; Gravedigger's {3}{B} needs more
    digger = next(oid for oid in g.s.players[0].hand if g.name_of(oid) == "Gravedigger")
    before = g.log_jsonl()
    with pytest.raises(IllegalActionError):
        g.apply(A.CastSpell(digger))
    assert g.log_jsonl() == before and sliver in g.s.battlefield
    rats = next(oid for oid in g.s.players[0].hand if g.name_of(oid) == "Ravenous Rats")
    g.apply(A.CastSpell(rats))
    assert sliver not in g.s.battlefield and g.s.stack

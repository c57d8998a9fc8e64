"""The Oracle-text compiler (cards/compiler.py) turns the supported templates into the typed
vocabulary (model/vocab.py); anything else is recorded as unsupported and refused by get_card.

Cards come from the bundled database (get_card) where it has them, and from Scryfall-style
records written here (compile_card) for wordings it doesn't ship.
"""

from __future__ import annotations

import random
import re

import pytest

from manastack.cards import compiler, db
from manastack.cards.compiler import compile_card
from manastack.cards.db import _corpus, all_cards, card_names, from_mtgjson, get_card
from manastack.cards.templates.triggers import _is_flavor_word
from manastack.decks import bundled_decks, load_deck, parse_deck
from manastack.engine.game import Game
from manastack.errors import CardError, InputError
from manastack.model import vocab as V
from manastack.model.mana import bag_of
from manastack.rules import produce
from manastack.scenario import run_data

# --------------------------------------------------------------------------- helpers


def on_battlefield(name: str, controller: int = 0):
    """An empty game with `name` on the battlefield; returns (game, object)."""
    g = Game.empty()
    o = g.new_object(get_card(name), controller, "battlefield")
    g.s.battlefield.append(o.id)
    g.invalidate()
    return g, o


def mana_abilities(abilities) -> list[V.ManaAbility]:
    return [a for a in abilities if isinstance(a, V.ManaAbility)]


def outputs(g, o) -> set:
    """Every bag the object's mana abilities can add now."""
    return {out for ab in mana_abilities(g.chars(o).abilities) for out in produce.production_outputs(g, o, ab)}


def only_mana_ability(card: V.CardDef) -> V.ManaAbility:
    abs_ = mana_abilities(card.abilities)
    assert len(abs_) == 1, card.abilities
    return abs_[0]


def creature(name: str, text: str, pt=("2", "2")) -> V.CardDef:
    return compile_card({"name": name, "mana_cost": "{1}{G}", "type_line": "Creature — Elf",
                         "oracle_text": text, "power": pt[0], "toughness": pt[1]})


def spell(name: str, text: str, kind: str = "Instant", cost: str = "{1}{R}") -> V.CardDef:
    return compile_card({"name": name, "mana_cost": cost, "type_line": kind, "oracle_text": text})


def the_effect(card: V.CardDef):
    assert card.supported, card.unsupported
    assert card.spell is not None
    assert len(card.spell.effects) == 1, card.spell.effects
    return card.spell.effects[0]


def the_target(card: V.CardDef) -> V.TargetSpec:
    assert card.spell is not None
    assert len(card.spell.targets) == 1, card.spell.targets
    return card.spell.targets[0]


# --------------------------------------------------------------------------- lands

@pytest.mark.parametrize("land,letter", [("Plains", "W"), ("Island", "U"), ("Swamp", "B"), ("Mountain", "R"),
                                         ("Forest", "G")])
def test_basic_land_has_intrinsic_mana_ability_on_battlefield(land: str, letter: str) -> None:
    card = get_card(land)
    assert card.supported
    assert "Basic" in card.supertypes and land in card.subtypes
    g, o = on_battlefield(land)
    abs_ = mana_abilities(g.chars(o).abilities)
    assert len(abs_) == 1
    ab = abs_[0]
    assert ab.cost.tap and ab.cost.mana.is_empty() and not ab.cost.sacrifice_self
    assert ab.text == f"{{T}}: Add {{{letter}}}."
    assert outputs(g, o) == {bag_of(letter)}


def test_intrinsic_ability_only_on_battlefield() -> None:
    g = Game.empty()
    o = g.new_object(get_card("Forest"), 0, "hand")
    g.s.players[0].hand.append(o.id)
    assert not mana_abilities(g.chars(o).abilities)


@pytest.mark.parametrize("land,letters", [("Tundra", "WU"), ("Savannah", "GW")])
def test_dual_land_has_both_intrinsic_abilities(land: str, letters: str) -> None:
    card = get_card(land)
    assert card.supported
    # The text is only reminder text: no printed abilities, nothing unsupported.
    assert not card.abilities
    g, o = on_battlefield(land)
    abs_ = mana_abilities(g.chars(o).abilities)
    assert len(abs_) == 2
    assert all(ab.cost.tap for ab in abs_)
    assert outputs(g, o) == {bag_of(x) for x in letters}


def test_dual_land_record_compiles_from_type_line() -> None:
    card = compile_card({"name": "Bayou", "type_line": "Land — Swamp Forest", "oracle_text": "({T}: Add {B} or {G}.)"})
    assert card.supported
    assert card.subtypes == frozenset({"Swamp", "Forest"})


def test_guildgate_enters_the_battlefield_tapped() -> None:
    card = get_card("Selesnya Guildgate")
    kinds = [a.kind for a in card.abilities if isinstance(a, V.StaticAbility)]
    assert kinds == ["etb_tapped"]
    ab = only_mana_ability(card)
    assert ab.production.kind == "choice"
    assert set(ab.production.bags) == {bag_of("G"), bag_of("W")}


@pytest.mark.parametrize("wording", ["{name} enters the battlefield tapped.", "{name} enters tapped.",
                                     "This land enters tapped.", "This land enters the battlefield tapped."])
def test_both_enters_tapped_wordings(wording: str) -> None:
    name = "Thornwood Falls"
    card = compile_card({"name": name, "type_line": "Land",
                         "oracle_text": wording.format(name=name) + "\n{T}: Add {G} or {U}."})
    assert card.supported, card.unsupported
    statics = [a for a in card.abilities if isinstance(a, V.StaticAbility)]
    assert [a.kind for a in statics] == ["etb_tapped"]
    assert set(only_mana_ability(card).production.bags) == {bag_of("G"), bag_of("U")}


def test_enters_tapped_land_is_tapped_when_played() -> None:
    res = run_data({
        "name": "guildgate enters tapped",
        "start": {"turn": 2, "active": "alice", "step": "precombat_main"},
        "players": {"alice": {"hand": ["Selesnya Guildgate", "Forest"]}, "bob": {}},
        "actions": [{"by": "alice", "play": "Selesnya Guildgate"}],
        "expect": [{"card": "Selesnya Guildgate", "zone": "battlefield", "tapped": True}],
    })
    assert res.passed, res.failure


# --------------------------------------------------------------------------- mana creatures and rocks

def test_llanowar_elves() -> None:
    card = get_card("Llanowar Elves")
    assert "Creature" in card.types and (card.power, card.toughness) == (1, 1)
    ab = only_mana_ability(card)
    assert ab.cost.tap and ab.cost.mana.is_empty()
    assert ab.production.kind == "fixed" and ab.production.bags == (bag_of("G"),)


def test_birds_of_paradise() -> None:
    card = get_card("Birds of Paradise")
    assert "flying" in card.keywords
    ab = only_mana_ability(card)
    assert ab.cost.tap
    assert ab.production.kind == "any_color" and ab.production.amount == 1
    g, o = on_battlefield("Birds of Paradise")
    assert outputs(g, o) == {bag_of(c) for c in "WUBRG"}


def test_noble_hierarch() -> None:
    card = get_card("Noble Hierarch")
    assert "exalted" in card.keywords
    ab = only_mana_ability(card)
    assert ab.cost.tap
    assert ab.production.kind == "choice"
    assert set(ab.production.bags) == {bag_of("G"), bag_of("W"), bag_of("U")}


def test_sol_ring() -> None:
    card = get_card("Sol Ring")
    assert card.types == frozenset({"Artifact"})
    ab = only_mana_ability(card)
    assert ab.cost.tap
    assert ab.production.kind == "fixed" and ab.production.bags == (bag_of("CC"),)


def test_mind_stone() -> None:
    card = get_card("Mind Stone")
    assert len(card.abilities) == 2
    mana, draw = card.abilities
    assert isinstance(mana, V.ManaAbility)
    assert mana.cost.tap and mana.production.bags == (bag_of("C"),)
    # "{1}, {T}, Sacrifice this artifact: Draw a card." is not a mana ability (605.1a).
    assert isinstance(draw, V.ActivatedAbility)
    assert draw.cost.tap and draw.cost.sacrifice_self and draw.cost.mana.generic == 1
    assert draw.effects == (V.Draw(1),)
    assert draw.targets == ()


def test_black_lotus() -> None:
    card = get_card("Black Lotus")
    assert card.mana_cost.mana_value == 0
    ab = only_mana_ability(card)
    assert ab.cost.tap and ab.cost.sacrifice_self
    assert ab.production.kind == "any_color" and ab.production.amount == 3
    g, o = on_battlefield("Black Lotus")
    assert outputs(g, o) == {bag_of(c, 3) for c in "WUBRG"}


def test_mana_creature_record_with_this_creature_wording() -> None:
    card = creature("Fyndhorn Elves", "{T}: Add {G}.", ("1", "1"))
    assert only_mana_ability(card).production.bags == (bag_of("G"),)
    card = creature("Paradise Druid", "{T}: Add one mana of any color.", ("2", "1"))
    assert only_mana_ability(card).production.kind == "any_color"


# --------------------------------------------------------------------------- keywords

@pytest.mark.parametrize("name,keywords", [
    ("Serra Angel", {"flying", "vigilance"}),
    ("Typhoid Rats", {"deathtouch"}),
    ("Alley Strangler", {"menace"}),
    ("War Mammoth", {"trample"}),
    ("Elvish Archers", {"first strike"}),
    ("Raging Goblin", {"haste"}),
    ("Giant Spider", {"reach"}),
    ("Grizzly Bears", set()),
])
def test_keyword_creatures_in_database(name: str, keywords: set[str]) -> None:
    card = get_card(name)
    assert card.supported
    assert set(card.keywords) == keywords
    assert not card.abilities


@pytest.mark.parametrize("kw", ["Flying", "Reach", "Haste", "Vigilance", "Defender", "Lifelink", "Deathtouch",
                                "First strike", "Double strike", "Trample", "Menace", "Flash", "Hexproof",
                                "Indestructible"])
def test_each_keyword(kw: str) -> None:
    card = creature("Test Beast", kw)
    assert card.supported, card.unsupported
    assert card.keywords == frozenset({kw.lower()})


def test_keyword_line_with_reminder_text_and_several_lines() -> None:
    card = creature("Test Beast", "Flying (This creature can't be blocked except by creatures with flying or "
                                  "reach.)\nFirst strike, deathtouch\nTrample")
    assert card.supported, card.unsupported
    assert card.keywords == frozenset({"flying", "first strike", "deathtouch", "trample"})


def test_protection_keyword() -> None:
    card = creature("Test Knight", "Protection from black")
    assert card.supported
    assert card.protection == ("black",)


# --------------------------------------------------------------------------- damage

@pytest.mark.parametrize("name,amount,kind", [
    ("Lightning Bolt", 3, "any"),
    ("Shock", 2, "any"),
    ("Searing Spear", 3, "any"),
    ("Breath of Fire", 2, "permanent"),
    ("Electrify", 4, "permanent"),
    ("Lava Axe", 5, "player_or_planeswalker"),
])
def test_damage_spells_in_database(name: str, amount: int, kind: str) -> None:
    card = get_card(name)
    eff = the_effect(card)
    assert isinstance(eff, V.DealDamage)
    assert eff.amount == amount
    assert eff.to == V.Ref(0)
    spec = the_target(card)
    assert spec.kind == kind
    if kind == "permanent":
        assert spec.filter.types == frozenset({"Creature"})


@pytest.mark.parametrize("phrase,kind", [
    ("any target", "any"),
    ("target creature", "permanent"),
    ("target player or planeswalker", "player_or_planeswalker"),
    ("target player", "player"),
    ("target opponent", "opponent"),
])
def test_deals_n_damage_to(phrase: str, kind: str) -> None:
    for n_text, n in (("1", 1), ("4", 4), ("X", "X")):
        card = spell("Test Blast", f"Test Blast deals {n_text} damage to {phrase}.",
                     cost="{X}{R}" if n == "X" else "{1}{R}")
        eff = the_effect(card)
        assert eff == V.DealDamage(n, V.Ref(0))
        assert the_target(card).kind == kind


def test_damage_to_each_opponent_has_no_target() -> None:
    card = spell("Test Ping", "Test Ping deals 2 damage to each opponent.")
    eff = the_effect(card)
    assert eff == V.DealDamage(2, V.EACH_OPPONENT)
    assert card.spell.targets == ()


# --------------------------------------------------------------------------- draw, counter, destroy, pump, bounce

@pytest.mark.parametrize("name,n", [("Divination", 2), ("Concentrate", 3), ("Jace's Ingenuity", 3)])
def test_draw_n_in_database(name: str, n: int) -> None:
    assert the_effect(get_card(name)) == V.Draw(n)
    assert get_card(name).spell.targets == ()


@pytest.mark.parametrize("text,n", [("Draw a card.", 1), ("Draw two cards.", 2), ("Draw 4 cards.", 4),
                                    ("Draw X cards.", "X")])
def test_draw_n(text: str, n) -> None:
    assert the_effect(spell("Test Insight", text, "Sorcery", "{X}{U}")) == V.Draw(n)


@pytest.mark.parametrize("name,types,non_types", [
    ("Counterspell", frozenset(), frozenset()),
    ("Essence Scatter", frozenset({"Creature"}), frozenset()),
    ("Negate", frozenset(), frozenset({"Creature"})),
])
def test_counter_target_spell(name: str, types, non_types) -> None:
    card = get_card(name)
    assert the_effect(card) == V.CounterSpell(V.Ref(0))
    spec = the_target(card)
    assert spec.kind == "spell"
    assert spec.filter.types == types
    assert spec.filter.non_types == non_types


def test_destroy_target_nonblack_creature() -> None:
    card = get_card("Doom Blade")
    assert the_effect(card) == V.Destroy(V.Ref(0))
    spec = the_target(card)
    assert spec.kind == "permanent"
    assert spec.filter.types == frozenset({"Creature"})
    assert spec.filter.non_colors == frozenset({"B"})


@pytest.mark.parametrize("text,p,t", [("+3/+3", 3, 3), ("+2/+0", 2, 0), ("+1/+1", 1, 1), ("-2/-2", -2, -2)])
def test_gets_plus_n_until_end_of_turn(text: str, p: int, t: int) -> None:
    card = spell("Test Growth", f"Target creature gets {text} until end of turn.", cost="{G}")
    eff = the_effect(card)
    assert isinstance(eff, V.Pump)
    assert (eff.target, eff.power, eff.toughness, eff.keywords) == (V.Ref(0), p, t, ())
    assert the_target(card).filter.types == frozenset({"Creature"})


def test_giant_growth() -> None:
    eff = the_effect(get_card("Giant Growth"))
    assert eff == V.Pump(V.Ref(0), 3, 3, ())


def test_pump_with_keyword() -> None:
    eff = the_effect(spell("Test Charge", "Target creature gets +2/+2 and gains trample until end of turn."))
    assert eff == V.Pump(V.Ref(0), 2, 2, ("trample",))


def test_return_target_creature_to_owners_hand() -> None:
    card = get_card("Unsummon")
    assert the_effect(card) == V.ReturnToHand(V.Ref(0))
    spec = the_target(card)
    assert spec.kind == "permanent" and spec.filter.types == frozenset({"Creature"})


# --------------------------------------------------------------------------- unsupported text

def test_unknown_text_is_recorded_not_raised() -> None:
    # Made-up text: no template will ever match it.
    card = creature("Test Oddity", "{T}: Add {G}.\nWhenever you frobnicate, glorp 1.")
    assert not card.supported
    assert card.unsupported == ("Whenever you frobnicate, glorp 1.",)


def test_partly_understood_card_is_unsupported_as_a_whole() -> None:
    card = spell("Test Combo", "Draw a card.\nTest Combo frobnicates target glorp.")
    assert not card.supported
    assert card.unsupported == ("CARDNAME frobnicates target glorp.",)


def test_unknown_activated_ability_unsupported() -> None:
    card = creature("Test Elf", "{T}: Frobnicate target glorp.", ("1", "1"))
    assert card.unsupported == ("{T}: Frobnicate target glorp.",)
    card = creature("Test Elf", "{2}, {T}: Add {G}{G} for each glorp.", ("1", "1"))
    assert not card.supported


def test_spell_without_effects_and_creature_without_pt_unsupported() -> None:
    assert spell("Test Nothing", "").unsupported == ("spell without effects",)
    card = compile_card({"name": "Test Star", "type_line": "Creature — Elf", "power": "*", "toughness": "*"})
    assert not card.supported
    assert any("power/toughness" in u for u in card.unsupported)


def test_bad_mana_cost_unsupported() -> None:
    card = compile_card({"name": "Test Snow", "mana_cost": "{H}", "type_line": "Sorcery", "oracle_text": "Draw a card."})
    assert not card.supported
    assert any("mana cost" in u for u in card.unsupported)


UNSUPPORTED_RECORD = {"name": "Test Mystic", "mana_cost": "{G}", "type_line": "Creature — Elf Druid",
                      "power": "1", "toughness": "1", "oracle_text": "{T}: Add {G}.\nWhenever you frobnicate, glorp 1."}


@pytest.fixture
def db_with_unsupported_card(monkeypatch):
    """The card database plus one card whose text the compiler doesn't know."""
    records = dict(db._records())
    records[UNSUPPORTED_RECORD["name"]] = UNSUPPORTED_RECORD
    monkeypatch.setattr(db, "_records", lambda: records)
    monkeypatch.setattr(db, "_compiled", dict(db._compiled))
    return UNSUPPORTED_RECORD["name"]


def test_get_card_refuses_unsupported_card_naming_it(db_with_unsupported_card) -> None:
    name = db_with_unsupported_card
    with pytest.raises(CardError) as exc:
        get_card(name)
    msg = str(exc.value)
    assert name in msg
    assert "not supported" in msg
    assert "glorp 1" in msg  # names the text it can't compile
    # Still available for inspection, and listed as unsupported.
    assert get_card(name, require_supported=False).unsupported
    assert name in [c.name for c in all_cards() if not c.supported]


def test_unsupported_card_in_deck_is_refused(db_with_unsupported_card, tmp_path) -> None:
    with pytest.raises(InputError) as exc:
        parse_deck(f"20 Forest\n4 {db_with_unsupported_card}\n", str(tmp_path / "d.txt"))
    assert exc.value.line == 2
    assert db_with_unsupported_card in str(exc.value)


def test_database_unsupported_cards_are_refused() -> None:
    for c in all_cards():
        if not c.supported:
            with pytest.raises(CardError, match="not supported"):
                get_card(c.name)


@pytest.mark.parametrize("typo,meant", [("Llanowar Elfs", "Llanowar Elves"), ("Lightning Bolth", "Lightning Bolt"),
                                        ("Councterspell", "Counterspell"), ("Birds of Paradize", "Birds of Paradise")])
def test_get_card_unknown_suggests_nearest_name(typo: str, meant: str) -> None:
    with pytest.raises(CardError) as exc:
        get_card(typo)
    msg = str(exc.value)
    assert typo in msg
    assert f"did you mean {meant!r}" in msg


def test_get_card_unknown_without_near_name() -> None:
    with pytest.raises(CardError) as exc:
        get_card("Qqqqqqqqqqqqqqqqqqqqq")
    assert "Qqqqqqqqqqqqqqqqqqqqq" in str(exc.value)
    assert "did you mean" not in str(exc.value)


# --------------------------------------------------------------------------- the whole database

def test_every_record_compiles_without_raising() -> None:
    cards = all_cards()
    assert len(cards) == len(card_names()) > 100
    for c in cards:
        assert isinstance(c.unsupported, tuple)


@pytest.mark.parametrize("deck", sorted(bundled_decks()))
def test_bundled_deck_cards_are_supported(deck: str) -> None:
    d = load_deck(deck)
    assert len(d.main) >= 40
    for name in set(d.main):
        assert get_card(name).supported


def test_flavor_words_207_2d_are_labels_but_keywords_are_not() -> None:
    """207.2d: a flavor word has no rules meaning; a 702 keyword or a label with rules ("Power-up",
    "Max speed") is never taken for one, so those cards stay unsupported instead of losing a rule."""

    assert _is_flavor_word("natural recovery") and _is_flavor_word("acid breath")
    for word in ("power-up", "max speed", "start your engines!", "commander suspend 4", "to solve", "exhaust",
                 "visit", "choose one", "iii", "level 2-4"):
        assert not _is_flavor_word(word), word
    card = compile_card({"name": "Test Flier", "mana_cost": "{1}{U}", "type_line": "Creature — Bird",
                         "power": "1", "toughness": "1",
                         "oracle_text": "Power-up — {4}{U}: Put two +1/+1 counters on this creature."})
    assert card.unsupported


def test_enters_with_named_counters_but_not_counters_with_rules() -> None:
    """614.1c: "enters with N oil/charge counters" is a plain tally (122.1); shield, finality ... counters
    carry rules of their own (122.1c-h), so such text stays unsupported until implemented (stun, 122.1d, is)."""
    def card(text: str) -> V.CardDef:
        return compile_card({"name": "Test Relic", "mana_cost": "{2}", "type_line": "Artifact", "oracle_text": text})

    ok = card("This artifact enters with three charge counters on it.")
    assert not ok.unsupported
    assert [(a.kind, a.counter_kind, a.amount) for a in ok.abilities] == [("etb_counters", "charge", 3)]
    for kind in ("finality", "loyalty", "defense"):
        assert card(f"This artifact enters with a {kind} counter on it.").unsupported, kind
    # 122.1d stun counters and 122.1b keyword counters have their rules now (rules/counter_kinds.py)
    for kind in ("stun", "flying", "lifelink"):
        assert not card(f"This artifact enters with a {kind} counter on it.").unsupported, kind


# --------------------------------------------------------------------------- lazy template patterns

def test_lazy_template_patterns_match_exactly_as_re_does(monkeypatch) -> None:
    """Template regexes compile on first use and skip texts that can't start a match
    (compiler.match_prefixes). Compiling cards while every such test is checked against re itself
    shows the prefilter never turns a match away."""


    wrong: list[str] = []
    original = compiler.LazyPattern.fullmatch
    # re's own cache holds 512 patterns, fewer than the templates have: compile each once here
    plain: dict[str, re.Pattern[str]] = {}

    def fullmatch(self, text: str):
        got = original(self, text)
        pattern = plain.get(self.pattern) or plain.setdefault(self.pattern, re.compile(self.pattern))
        if (got is None) != (pattern.fullmatch(text) is None):
            wrong.append(f"{self.pattern!r} on {text!r}")
        return got

    monkeypatch.setattr(compiler.LazyPattern, "fullmatch", fullmatch)
    records = [from_mtgjson(c) for c in random.Random(7).sample(sorted(_corpus().values(), key=lambda c: c["name"]), 800)]
    names = set(card_names())
    for rec in records + [from_mtgjson(c) for c in _corpus().values() if c["name"] in names]:
        compile_card(rec)
    assert not wrong, wrong[:5]
    assert compiler.match_prefixes("(convoke|improvise|delve)") == ("convoke", "improvise", "delve")
    assert compiler.match_prefixes("(?:a|b)?c") == "" and compiler.match_prefixes("(a|b)c|d") == ""
    assert compiler.match_prefixes("cardname deals (\\d+) damage") == "cardname deals "

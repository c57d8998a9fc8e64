"""The effect, trigger, activated-ability and modal templates (cards/templates/effects_*.py and
triggers.py): what they compile to, that an unknown sentence still leaves a card unsupported, and
that the decisions they add are offered through the one decision pipeline (legal_actions, clone).

Behaviour in play is covered by the scenario files in tests/scenarios/cards/effects/.
"""

from __future__ import annotations

from manastack.agents import RandomAgent, play_game
from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.model import actions as A
from manastack.model import vocab as V
from manastack.scenario import run_data
from manastack.scenario.runner import Runner


def creature(text: str, name: str = "Testling") -> V.CardDef:
    return compile_card({"name": name, "mana_cost": "{1}{G}", "type_line": "Creature — Elf", "oracle_text": text,
                         "power": "2", "toughness": "2"})


def spell(text: str, name: str = "Testspell", kind: str = "Sorcery") -> V.CardDef:
    return compile_card({"name": name, "mana_cost": "{1}{B}", "type_line": kind, "oracle_text": text})


# --------------------------------------------------------------------------- compiling


def test_trigger_conditions_compile_to_events() -> None:
    cases = {
        "At the beginning of your upkeep, you gain 1 life.": ("upkeep", "you"),
        "At the beginning of each upkeep, you gain 1 life.": ("upkeep", "each"),
        "At the beginning of your end step, draw a card.": ("end", "you"),
        "At the beginning of combat on your turn, scry 1.": ("begin_combat", "you"),
        "Whenever you cast a noncreature spell, scry 1.": ("cast", "you"),
        "Whenever another creature you control enters, you gain 1 life.": ("enters", "any"),
        "Landfall — Whenever a land you control enters, you gain 1 life.": ("enters", "any"),
        "Whenever you gain life, scry 1.": ("gain_life", "you"),
        "Whenever this creature deals combat damage to a player, draw a card.": ("combat_damage_player", "any"),
        "Whenever this creature blocks, you gain 1 life.": ("blocks", "any"),
        "Whenever this creature becomes blocked, you gain 1 life.": ("becomes_blocked", "any"),
    }
    for text, (event, who) in cases.items():
        card = creature(text)
        assert card.supported, (text, card.unsupported)
        (ab,) = card.abilities
        assert isinstance(ab, V.TriggeredAbility)
        assert (ab.event, ab.who) == (event, who), text


def test_enters_filters() -> None:
    (ab,) = creature("Whenever another creature you control enters, you gain 1 life.").abilities
    assert ab.filter is not None and ab.filter.other and ab.filter.controller == "you"
    assert ab.filter.types == frozenset({"Creature"})
    (land,) = creature("Landfall — Whenever a land you control enters, scry 1.").abilities
    assert land.filter is not None and land.filter.types == frozenset({"Land"}) and not land.filter.other


def test_effect_sentences() -> None:
    card = spell("Draw a card, then discard a card.")
    assert card.spell is not None and card.spell.effects == (V.Draw(1), V.Discard(1))
    card = spell("You gain 3 life and draw a card.")
    assert card.spell is not None and card.spell.effects == (V.GainLife(3), V.Draw(1))
    card = spell("Each player sacrifices a creature of their choice.")
    assert card.spell is not None and isinstance(card.spell.effects[0], V.Sacrifice)
    card = spell("Destroy target creature with power 4 or greater.")
    assert card.spell is not None
    (spec,) = card.spell.targets
    assert isinstance(spec.filter, V.FilterPlus) and spec.filter.power_min == 4
    card = spell("Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.")
    assert card.spell is not None
    (search,) = card.spell.effects
    assert isinstance(search, V.SearchLibrary) and search.to == "battlefield" and search.tapped


def test_predefined_tokens_have_their_abilities() -> None:
    card = spell("Create a Treasure token.")
    assert card.spell is not None
    (eff,) = card.spell.effects
    assert isinstance(eff, V.CreateTokenCard) and eff.card.is_token
    assert any(isinstance(ab, V.ManaAbility) and ab.cost.sacrifice_self for ab in eff.card.abilities)
    food = spell("Create a Food token.").spell.effects[0].card  # type: ignore[union-attr]
    (gain,) = food.abilities
    assert isinstance(gain, V.ActivatedAbility) and gain.effects == (V.GainLife(3),) and gain.cost.tap


def test_modal_spell_collects_its_bullets() -> None:
    card = get_card("Light of Hope")
    assert card.spell is not None
    (modal,) = card.spell.effects
    assert isinstance(modal, V.Modal) and len(modal.modes) == 3 and (modal.min, modal.max) == (1, 1)
    assert [len(m.targets) for m in modal.modes] == [0, 1, 1]


def test_unknown_sentence_still_unsupported() -> None:
    # A trigger, an activated ability, a mode and a compound sentence with a part nobody knows.
    for text in ("When this creature enters, frobnicate the widget.",
                 "{T}: Draw a card. Frobnicate the widget.",
                 "Whenever you gain life, draw a card and frobnicate the widget."):
        assert not creature(text).supported, text
    modal = spell("Choose one —\n• Draw a card.\n• Frobnicate the widget.")
    assert not modal.supported
    assert not spell("• Draw a card.").supported  # a bullet with no "Choose one —" before it


# --------------------------------------------------------------------------- decisions

def _game_with(setup: dict) -> Game:
    """A game set up by a scenario (no script), at alice's priority."""
    data = {"name": "setup", "start": {"turn": 3, "active": "alice", "step": "precombat_main"}, "players": setup}
    r = Runner(data, "<test>")
    r.setup()
    g = r.game
    g.auto_pass = True
    g.auto_single = True
    g.chooser = None
    return g


def test_modal_spell_listed_once_per_mode() -> None:
    g = _game_with({"alice": {"battlefield": ["Plains", "Grizzly Bears"], "hand": ["Light of Hope"]},
                    "bob": {"battlefield": ["Forest"]}})
    casts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell)]
    assert {a.modes for a in casts} == {(1,), (3,)}  # mode 2 has no enchantment to target
    g.apply(next(a for a in casts if a.modes == (1,)))
    assert any(e["event"] == "cast" and e.get("modes") == [1] for e in g.log)
    assert g.s.players[0].life == 24  # mode 1: you gain 4 life


def test_scry_decision_and_clone() -> None:
    g = _game_with({"alice": {"battlefield": ["Island"], "hand": ["Preordain"],
                              "library": ["Mountain", "Forest", "Swamp"]}, "bob": {}})
    g.apply(next(a for a in g.legal_actions() if isinstance(a, A.CastSpell)))
    while g.pending is not None and g.pending.kind == "priority":
        g.apply(A.PassPriority())
    d = g.pending
    assert d is not None and d.kind == "scry"
    options = [a.value for a in g.legal_actions()]
    assert () in options and len(options) == 4  # subsets of the two cards
    copy = g.clone()
    bottom = next(o for o in options if len(o) == 2)
    g.apply(A.Choose(bottom))
    assert copy.pending is not None and copy.pending.kind == "scry"  # the clone is untouched
    copy.apply(A.Choose(()))
    names = [g.s.objects[c].card.name for c in g.s.players[0].hand]
    names_copy = [copy.s.objects[c].card.name for c in copy.s.players[0].hand]
    assert names == ["Swamp"] and names_copy == ["Mountain"]


def test_random_games_with_effect_cards_finish() -> None:
    deck = (["Opt", "Preordain", "Raise the Alarm", "Light of Hope", "Innocent Blood", "Evolving Wilds",
             "Hinterland Sanctifier", "Young Pyromancer", "Mana Leak", "Siege-Gang Commander", "Bone Splinters",
             "Impulse", "Fog", "Act of Treason", "Thrummingbird", "Riddlesmith"] * 2
            + ["Plains", "Island", "Swamp", "Mountain", "Forest"] * 6)
    for seed in range(6):
        g = Game.new_game(deck, deck, seed=seed)
        play_game(g, (RandomAgent(seed), RandomAgent(seed + 100)), max_decisions=4000)
        assert g.over


def test_scenario_answer_forms() -> None:
    res = run_data({
        "name": "you may: true then the object",
        "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
        "players": {"alice": {"battlefield": ["Riddlesmith", "Island"], "hand": ["Sol Ring", "Forest"],
                              "library": ["Mountain"]}, "bob": {}},
        "actions": [{"by": "alice", "cast": "Sol Ring"}, {"by": "alice", "choose": [True, "Forest"]},
                    {"resolve": 2}],
        "expect": [{"card": "Forest", "zone": "graveyard"}, {"card": "Mountain", "zone": "hand"}],
    })
    assert res.passed, res.failure

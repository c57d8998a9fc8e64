"""Static abilities, keywords, Auras and Equipment (cards/templates/statics.py, keywords.py): what
the compiler makes of their text, and that text it doesn't understand stays unsupported."""

from __future__ import annotations

import pytest

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.cards.templates.keywords import PROWESS, Attach, CreateAndAttach
from manastack.cards.templates.statics import Condition, LayeredStatic, PerCount
from manastack.model import vocab as V


def creature(text: str, name: str = "Test Bear", subtypes: str = "Bear") -> V.CardDef:
    return compile_card({"name": name, "mana_cost": "{1}{G}", "type_line": f"Creature — {subtypes}",
                         "oracle_text": text, "power": "2", "toughness": "2"})


def permanent(text: str, type_line: str, name: str = "Test Thing") -> V.CardDef:
    return compile_card({"name": name, "mana_cost": "{2}", "type_line": type_line, "oracle_text": text})


def layered(card: V.CardDef) -> list[LayeredStatic]:
    assert card.supported, card.unsupported
    return [a for a in card.abilities if isinstance(a, LayeredStatic)]


def only(card: V.CardDef) -> LayeredStatic:
    abs_ = layered(card)
    assert len(abs_) == 1, card.abilities
    return abs_[0]


# --------------------------------------------------------------------------- keywords

@pytest.mark.parametrize("kw", ["shroud", "swampwalk", "islandwalk", "forestwalk", "mountainwalk", "plainswalk",
                                "shadow", "fear", "intimidate", "horsemanship", "changeling", "devoid"])
def test_keyword_lines(kw: str) -> None:
    card = creature(kw.capitalize())
    assert card.supported and kw in card.keywords


def test_semicolon_keyword_line() -> None:
    card = creature("Flying; fear")
    assert card.keywords == frozenset({"flying", "fear"})
    assert not creature("First strike; banding").supported


def test_protection_from_two_colors() -> None:
    assert creature("Protection from black and from red").protection == ("black", "red")
    assert creature("First strike, protection from white and from blue").protection == ("white", "blue")


def test_prowess_is_a_cast_trigger() -> None:
    card = get_card("Monastery Swiftspear")
    assert "prowess" in card.keywords and PROWESS in card.abilities
    assert PROWESS.event == "cast" and PROWESS.who == "you"
    assert PROWESS.filter is not None and PROWESS.filter.non_types == frozenset({"Creature"})


def test_bushido_is_two_triggers() -> None:
    card = get_card("Devoted Retainer")
    events = sorted(a.event for a in card.abilities if isinstance(a, V.TriggeredAbility))
    assert events == ["becomes_blocked", "blocks"]


def test_living_weapon_and_for_mirrodin() -> None:
    for name, token in (("Flayer Husk", "Phyrexian Germ"), ("Barbed Batterfist", "Rebel")):
        trig = next(a for a in get_card(name).abilities if isinstance(a, V.TriggeredAbility))
        assert trig.event == "etb"
        eff = trig.effects[0]
        assert isinstance(eff, CreateAndAttach) and eff.token.name == token and eff.token.is_token


# --------------------------------------------------------------------------- equip

def test_equip_is_a_sorcery_speed_attach_ability() -> None:
    card = get_card("Bonesplitter")
    ab = next(a for a in card.abilities if isinstance(a, V.ActivatedAbility))
    assert ab.sorcery_speed and ab.effects == (Attach(V.Ref(0)),)
    assert ab.targets[0].filter.types == frozenset({"Creature"}) and ab.targets[0].filter.controller == "you"
    assert ab.cost.mana.mana_value == 1


def test_equip_quality_and_unknown_quality() -> None:
    card = permanent("Equip Knight {1}", "Artifact — Equipment")
    ab = card.abilities[0]
    assert isinstance(ab, V.ActivatedAbility) and ab.targets[0].filter.subtypes == frozenset({"Knight"})
    # "legendary" is a supertype, not a creature type: not understood, so not compiled.
    assert not permanent("Equip legendary creature {3}", "Artifact — Equipment").supported


# --------------------------------------------------------------------------- statics

def test_self_restrictions() -> None:
    assert only(creature("Test Bear can't block.")).rules == ("cant_block",)
    assert only(creature("This creature can't attack or block alone.")).rules == ("cant_attack_alone",
                                                                                  "cant_block_alone")
    assert only(creature("Test Bear can't block and can't be blocked.")).rules == ("cant_block", "cant_be_blocked")
    assert only(creature("Test Bear can't attack unless defending player controls an Island.")).rules == \
        ("attack_unless:Island",)
    assert only(creature("Test Bear can't be blocked except by artifact creatures and/or black creatures.")).rules == \
        ("blockable_only_by:type:Artifact|color:B",)


def test_anthem_groups() -> None:
    ab = only(creature("Other Elf creatures you control get +1/+1 and have forestwalk."))
    assert ab.affects == "group" and ab.filter.subtypes == frozenset({"Elf"}) and ab.filter.other
    assert ab.filter.controller == "you" and ab.keywords == ("forestwalk",) and (ab.power, ab.toughness) == (1, 1)
    ab = only(creature("All Sliver creatures get +1/+1."))
    assert ab.filter.subtypes == frozenset({"Sliver"}) and ab.filter.controller is None
    ab = only(creature("Other Elves you control get +1/+1."))
    assert ab.filter.subtypes == frozenset({"Elf"}) and ab.filter.types == frozenset()
    ab = only(permanent("Attacking creatures you control get +1/+0 and have menace.", "Enchantment"))
    assert ab.attacking and ab.keywords == ("menace",)
    ab = only(permanent("Creatures your opponents control get -1/-0.", "Artifact"))
    assert ab.filter.controller == "opponent" and ab.power == -1


def test_conditions_and_counts() -> None:
    ab = only(creature("Threshold — Test Bear gets +2/+2 as long as there are seven or more cards in your graveyard."))
    assert ab.condition == Condition("graveyard", 7)
    ab = only(creature("Metalcraft — As long as you control three or more artifacts, Test Bear gets +2/+2 and has "
                       "flying."))
    assert ab.condition is not None and ab.condition.kind == "control" and ab.condition.n == 3
    assert ab.keywords == ("flying",)
    ab = only(creature("During your turn, Test Bear has first strike."))
    assert ab.condition == Condition("your_turn")
    ab = only(creature("Test Bear gets +1/+0 for each artifact you control."))
    assert ab.per is not None and ab.per.kind == "control" and ab.per.filter.types == frozenset({"Artifact"})
    assert only(creature("Test Bear gets +2/+2 for each Aura attached to it.")).per == PerCount("attached", what="Aura")


def test_auras_and_equipment_bonuses() -> None:
    card = get_card("Pacifism")
    assert card.supported and only(card).rules == ("cant_attack", "cant_block") and only(card).affects == "enchanted"
    ab = only(get_card("Loxodon Warhammer"))
    assert ab.affects == "equipped" and (ab.power, ab.keywords) == (3, ("trample", "lifelink"))
    card = get_card("Cartouche of Knowledge")
    enchant = next(a for a in card.abilities if isinstance(a, V.StaticAbility) and a.kind == "enchant")
    assert enchant.filter.controller == "you"


def test_granted_quoted_ability() -> None:
    card = permanent('Enchant creature\nEnchanted creature has "{T}: This creature deals 1 damage to any target."',
                     "Enchantment — Aura")
    ab = only(card)
    assert len(ab.granted) == 1 and isinstance(ab.granted[0], V.ActivatedAbility)


@pytest.mark.parametrize("text", [
    "Test Bear can't be blocked by creatures with mana value 3 or less.",
    "Test Bear gets +1/+1 as long as you control a creature with power 4 or greater.",
    "Other creatures you control of the chosen type get +1/+1.",
    "Nonlegendary creatures you control get +1/+1.",
    "Creatures you control get +1/+1 and have ward {2}.",
    "Test Bear has indestructible as long as it has a divinity counter on it and you are the monarch.",
])
def test_unknown_statics_stay_unsupported(text: str) -> None:
    assert not creature(text).supported


def test_enchant_player_and_vehicle_unsupported() -> None:
    assert not permanent("Enchant player\nEnchanted player can't gain life.", "Enchantment — Aura").supported
    # "Enchant creature or Vehicle" is compiled by cards/templates/vehicles_facedown.py (AnyOfFilter).
    assert permanent("Enchant creature or Vehicle\nEnchanted creature gets +1/+1.", "Enchantment — Aura").supported


def test_spell_paragraphs_are_not_taken_for_statics() -> None:
    spell = compile_card({"name": "Test Rally", "mana_cost": "{1}{W}", "type_line": "Instant",
                          "oracle_text": "Creatures you control get +1/+1 until end of turn."})
    assert not any(isinstance(a, LayeredStatic) for a in spell.abilities)

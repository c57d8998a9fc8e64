"""A listed action's payment is never refused. 106.6: mana that can't be spent on a spell or ability
doesn't make it castable. Every listing
that asks "can this be paid for?" (casting from a graveyard: jump-start, flashback; casting face
down; activated abilities from a hand or a graveyard; special actions) counts only the mana that
may be spent on it (stack.can_pay), so a listed action's payment is never refused (found by the
fuzzer: Gravitic Punch's jump-start listed with Powerstone-style mana, then refused at payment)."""

from __future__ import annotations

from manastack.cards.compiler import compile_card
from manastack.engine.game import Game
from manastack.errors import IllegalActionError
from manastack.model import actions as A
from manastack.model.state import MAIN1
from tests.setup_helpers import put


def position(graveyard: list[str], hand: list[str], lands: list[str], bears: bool = True) -> tuple[Game, dict[str, int]]:
    g = Game.empty()
    ids: dict[str, int] = {}
    for name in graveyard:
        ids[name] = put(g, name, "graveyard", 0).id
    for name in hand:
        ids.setdefault(name, put(g, name, "hand", 0).id)
    for name in lands:
        if name == "Powerstone":
            o = g.new_object(POWERSTONE, 0, "battlefield")
            g.s.battlefield.append(o.id)
        else:
            put(g, name, "battlefield", 0)
    if bears:
        put(g, "Grizzly Bears", "battlefield", 0)  # a target for Gravitic Punch
    for _ in range(5):
        put(g, "Forest", "library", 0)
        put(g, "Forest", "library", 1)
    s = g.s
    s.turn, s.active, s.step, s.priority = 3, 0, MAIN1, 0
    g.auto_pass = False
    g.run()
    return g, ids


def casts(g: Game, oid: int) -> list[A.CastSpell]:
    return [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == oid]


# 111.10h: a Powerstone's mana may pay for anything but a nonartifact spell.
POWERSTONE = compile_card({"name": "Powerstone", "mana_cost": "", "type_line": "Token Artifact — Powerstone",
                           "oracle_text": "{T}: Add {C}. This mana can't be spent to cast a nonartifact spell."})
ABILITY_MANA = ["Powerstone", "Powerstone"]


def test_ability_only_mana_doesnt_pay_for_jump_start() -> None:
    # Gravitic Punch ({3}{R}, jump-start): two Mountains and two sources whose mana may pay only for
    # artifact spells and abilities.
    g, ids = position(["Gravitic Punch"], ["Forest"], ABILITY_MANA + ["Mountain", "Mountain"])
    assert casts(g, ids["Gravitic Punch"]) == []
    try:
        g.apply(A.CastSpell(ids["Gravitic Punch"], (g.s.battlefield[-1], -2)))
        raise AssertionError("the cast was accepted")
    except IllegalActionError:
        pass


def test_unrestricted_mana_pays_for_jump_start() -> None:
    g, ids = position(["Gravitic Punch"], ["Forest"], ["Mountain", "Mountain", "Mountain", "Mountain"])
    listed = casts(g, ids["Gravitic Punch"])
    assert listed
    g.apply(listed[0])
    assert g.s.stack


def test_ability_only_mana_doesnt_pay_for_flashback() -> None:
    # Firebolt's flashback {4}{R}: five sources, but two of them can't pay for it.
    g, ids = position(["Firebolt"], [], ABILITY_MANA + ["Mountain", "Mountain", "Mountain"])
    assert casts(g, ids["Firebolt"]) == []
    g2, ids2 = position(["Firebolt"], [], ["Mountain"] * 5)
    listed = casts(g2, ids2["Firebolt"])
    assert listed
    g2.apply(listed[0])


def test_every_listed_cast_is_accepted_with_restricted_mana() -> None:
    for lands in (ABILITY_MANA + ["Mountain", "Mountain"], ["Guidelight Optimizer", "Automated Artificer", "Mountain"],
                  ["Mishra's Workshop", "Mountain"], ["Pillar of the Paruns", "Mountain", "Mountain", "Mountain"],
                  ["Ancient Ziggurat"] * 4):
        g, _ = position(["Gravitic Punch", "Firebolt", "Think Twice"], ["Lightning Bolt"], lands)
        for a in g.legal_actions():
            c = g.clone()
            c.legal_actions()
            c.apply(a)  # raises if a listed action is refused


def test_convoke_doesnt_pay_a_mana_abilitys_own_cost() -> None:
    # Gather Courage ({G}, convoke) with two white creatures and Prophetic Prism ({1}, {T}: any color):
    # tapping a creature for convoke pays for the spell, never for the Prism's {1} (702.51a), so
    # there is no {G}: the spell isn't listed (the fuzzer found it listed, then refused).
    g, ids = position([], ["Gather Courage"], ["Prophetic Prism", "Savannah Lions", "Savannah Lions"], bears=False)
    assert casts(g, ids["Gather Courage"]) == []
    for a in g.legal_actions():
        g.clone().apply(a)


def test_convoke_with_a_green_creature_is_listed_and_accepted() -> None:
    g, ids = position([], ["Gather Courage"], ["Prophetic Prism", "Savannah Lions", "Llanowar Elves"], bears=False)
    listed = casts(g, ids["Gather Courage"])
    assert listed
    for a in listed:
        c = g.clone()
        c.legal_actions()
        c.apply(a)
        assert c.s.stack

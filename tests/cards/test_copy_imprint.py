"""Copy effects (707.5, rules/copy_effects.py) and imprint (607.2a, rules/imprint.py): what scenario
files can't say (compiled forms and refusals, the choices of a player without a chooser, refused
answers, clone independence)."""

from __future__ import annotations

import pytest

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.errors import IllegalActionError
from manastack.model import actions as A
from manastack.model.state import BATTLEFIELD, EXILE, MAIN1
from manastack.rules import produce
from manastack.rules.copy_effects import EntersAsCopy
from manastack.rules.imprint import EXILED_COLORS, ExileFromHand
from tests.setup_helpers import put


def main_phase(g: Game) -> None:
    g.auto_pass = False
    g.s.active = 0
    g.s.priority = 0
    g.s.step = MAIN1


def resolve_all(g: Game) -> None:
    while (g.s.stack or g.s.pending_triggers) and g.pending is not None and g.pending.kind == "priority":
        g.apply(A.PassPriority())


def copy_ability(name: str) -> EntersAsCopy:
    cd = get_card(name)
    found = [a for a in cd.abilities if isinstance(a, EntersAsCopy)]
    assert len(found) == 1, name
    return found[0]


# --------------------------------------------------------------------------- compiling

def test_copy_templates() -> None:
    assert copy_ability("Clone").of.types == {"Creature"}
    image = copy_ability("Phantasmal Image")
    assert image.exceptions.subtypes == {"Illusion"}
    assert [a.event for a in image.added] == ["becomes_target"]
    assert copy_ability("Phyrexian Metamorph").of.types == {"Artifact", "Creature"}
    assert copy_ability("Phyrexian Metamorph").exceptions.types == {"Artifact"}
    garg = copy_ability("Quicksilver Gargantuan").exceptions
    assert (garg.power, garg.toughness) == (7, 7)
    assert copy_ability("Body Double").zone == "graveyard"
    assert copy_ability("Sakashima the Impostor").exceptions.own_name


@pytest.mark.parametrize("text", [
    # an exception the template doesn't know, a conditional one, a filter it can't read
    "You may have CARDNAME enter as a copy of any creature on the battlefield, except it has vanishing 3 if that "
    "creature doesn't have vanishing.",
    "You may have CARDNAME enter as a copy of any creature on the battlefield, except its power and toughness are "
    "equal to this creature's power and toughness.",
    "You may have CARDNAME enter as a copy of any creature card in a graveyard that was put there from the "
    "battlefield this turn.",
    "You may have CARDNAME enter as a copy of any creature on the battlefield, except it has \"Whatever happens, "
    "nothing happens.\"",
])
def test_copy_exceptions_not_understood_refuse_the_card(text: str) -> None:
    rec = {"name": "Test Shapeshifter", "mana_cost": "{3}{U}", "type_line": "Creature — Shapeshifter",
           "power": "0", "toughness": "0", "oracle_text": text}
    assert compile_card(rec).unsupported


def test_exiled_card_needs_the_linked_exiling_ability() -> None:
    rec = {"name": "Test Mox", "mana_cost": "{0}", "type_line": "Artifact"}
    alone = compile_card({**rec, "oracle_text": "{T}: Add one mana of any of the exiled card's colors."})
    assert alone.unsupported  # 607.2a: nothing the exiled card can be
    linked = compile_card({**rec, "oracle_text": "When CARDNAME enters, you may exile a green card from your hand.\n"
                                                 "{T}: Add one mana of any of the exiled card's colors."})
    assert linked.supported
    assert [a.production.kind for a in linked.abilities if hasattr(a, "production")] == [EXILED_COLORS]
    mox = get_card("Chrome Mox")
    trig = mox.abilities[0]
    assert isinstance(trig.effects[0].effects[0], ExileFromHand)


# --------------------------------------------------------------------------- playing without a chooser

def test_without_a_chooser_the_copy_takes_the_largest_creature_and_clones_are_independent() -> None:
    g = Game.empty()
    main_phase(g)
    clone = put(g, "Clone", "hand")
    for _ in range(4):
        put(g, "Island", "battlefield")
    put(g, "Grizzly Bears", "battlefield", controller=1)
    angel = put(g, "Serra Angel", "battlefield", controller=1)
    g.apply(A.CastSpell(clone.id))
    before = g.clone()
    resolve_all(g)
    mine = [g.s.objects[o] for o in g.s.battlefield if g.s.objects[o].controller == 0
            and g.s.objects[o].card.name == "Serra Angel"]
    assert len(mine) == 1 and mine[0].own_card is get_card("Clone")
    assert (g.chars(mine[0]).power, g.chars(mine[0]).toughness) == (4, 4)
    assert g.s.objects[angel.id].own_card is None
    copied = g.clone()
    assert copied.s.objects[mine[0].id].own_card is get_card("Clone")
    assert [o for o in before.s.battlefield if before.s.objects[o].card.name == "Serra Angel"] == [angel.id]


def test_imprint_answers_are_checked_and_the_exiled_card_is_linked() -> None:
    g = Game.empty()
    main_phase(g)
    mox = put(g, "Chrome Mox", "hand")
    helix = put(g, "Lightning Helix", "hand")
    forest = put(g, "Forest", "hand")
    g.auto_single = False  # the lone card to exile is asked for, not taken automatically
    g.apply(A.CastSpell(mox.id))
    while g.pending.kind == "priority":
        g.apply(A.PassPriority())
    assert g.pending.kind == "may"
    g.apply(A.Choose(True))
    assert g.pending.kind == "exile_from_hand" and g.legal_actions() == [A.Choose(helix.id)]
    with pytest.raises(IllegalActionError):
        g.apply(A.Choose(forest.id))
    g.apply(A.Choose(helix.id))
    on_bf = next(g.s.objects[o] for o in g.s.battlefield if g.s.objects[o].card.name == "Chrome Mox")
    exiled = g.s.players[0].exile
    assert len(exiled) == 1 and g.s.objects[exiled[0]].zone == EXILE
    assert produce.could_produce(g, on_bf) == {"R", "W"}
    # 607.2a: a card that leaves exile is no longer the exiled card (the value isn't kept stale)
    g.move(exiled[0], "hand", rule="test")
    assert produce.could_produce(g, on_bf) == frozenset()
    assert on_bf.zone == BATTLEFIELD

"""Transforming double-faced cards (rules/transform.py, cards/compiler.py compile_card): both faces compile
from the corpus's front face and the 2019 back face (712.2, 712.8); 701.28c a permanent that isn't a
transforming double-faced card doesn't transform; 712.14a "exile it, then return it transformed" (a
planeswalker back face with its loyalty, 306.5b), and a card that can't enter transformed stays in exile; a
clone is independent. The scenario files are in tests/scenarios/cards/transform/."""

from __future__ import annotations

from setup_helpers import put

from manastack import Game
from manastack.cards.db import get_card
from manastack.model.state import BATTLEFIELD, EXILE, MAIN1
from manastack.model.vocab.transform import ExileReturnTransformed
from manastack.rules import effect_context, targeting, transform


def _game() -> Game:
    g = Game.empty(seed=1)
    for p in (0, 1):
        for _ in range(5):
            put(g, "Island", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 3, 0, MAIN1, 0
    return g


def test_712_2_both_faces_compile_with_the_back_face_color_indicator() -> None:
    cd = get_card("Delver of Secrets")
    assert cd.layout == "transform" and cd.name == "Delver of Secrets"
    (back,) = cd.faces
    assert back.name == "Insectile Aberration" and back.mana_cost.is_empty()
    assert back.colors == frozenset({"U"}) and "flying" in back.keywords  # 204: its color indicator
    bolas = get_card("Nicol Bolas, the Ravager", require_supported=False)  # a face that doesn't compile
    assert bolas.faces[0].name == "Nicol Bolas, the Arisen"
    assert bolas.unsupported and all(u.startswith("Nicol Bolas, the Arisen: ") for u in bolas.unsupported)


def test_701_28c_only_a_transforming_double_faced_permanent_transforms() -> None:
    g = _game()
    bears = put(g, "Grizzly Bears", BATTLEFIELD, 0)
    assert not transform.transform(g, bears.id) and bears.card.name == "Grizzly Bears"
    delver = put(g, "Delver of Secrets", BATTLEFIELD, 0)
    stamp = delver.timestamp
    copy = g.clone()
    assert transform.transform(g, delver.id)
    assert delver.card.name == "Insectile Aberration" and transform.is_transformed(delver)
    assert delver.timestamp > stamp and targeting.mana_value(delver) == 1  # 613.7g, 712.8e
    assert copy.s.objects[delver.id].card.name == "Delver of Secrets"  # the clone is independent
    assert transform.transform(g, delver.id) and delver.card.name == "Delver of Secrets"
    assert not transform.is_transformed(delver) and delver.own_card is None
    hand = put(g, "Delver of Secrets", "hand", 0)
    assert not transform.transform(g, hand.id)  # only a permanent transforms


def _exile_return(g: Game, oid: int) -> None:
    o = g.s.objects[oid]
    ctx = effect_context.Context(0, oid, (), (), 0, o.card.name, (o.copy(), g.chars(o)))
    transform._exile_return(g, ctx, ExileReturnTransformed())


def test_712_14a_exile_then_return_transformed() -> None:
    g = _game()
    # its back face doesn't compile yet (the card is refused in decks): its rules are all this test uses
    jace = g.new_object(get_card("Jace, Vryn's Prodigy", require_supported=False), 0, BATTLEFIELD)
    g.s.battlefield.append(jace.id)
    jace.damage = 1
    _exile_return(g, jace.id)
    assert jace.id not in g.s.objects  # 400.7: it came back as a new object
    (new,) = [g.s.objects[o] for o in g.s.battlefield]
    assert new.card.name == "Jace, Telepath Unbound" and "Planeswalker" in g.chars(new).types
    assert new.counters == {"loyalty": 5} and new.damage == 0 and new.controller == 0  # 306.5b
    assert transform.is_transformed(new) and targeting.mana_value(new) == 2  # 712.8e: {1}{U}
    # leaving the battlefield it is its front face again (712.8a)
    gone = g.move(new.id, "graveyard", rule="test")
    assert g.s.objects[gone].card.name == "Jace, Vryn's Prodigy"


def test_712_14a_a_card_that_is_not_double_faced_stays_in_exile() -> None:
    g = _game()
    bears = put(g, "Grizzly Bears", BATTLEFIELD, 0)
    _exile_return(g, bears.id)
    assert not g.s.battlefield
    (exiled,) = g.s.players[0].exile
    assert g.s.objects[exiled].zone == EXILE and g.s.objects[exiled].card.name == "Grizzly Bears"

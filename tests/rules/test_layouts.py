"""Cards of two parts (rules/layouts.py, cards/compiler.py compile_card): both parts compile or the card
is unsupported. 715 adventurer cards: the main characteristics everywhere but on the stack as an
Adventure (715.4, 715.3b), the casts agents are offered (715.3 from the hand, 715.3d from exile). 712
modal double-faced cards: either face cast or played (712.11b, 712.12), the face kept on the
battlefield (712.8f, 712.13). 709 split cards: a half cast (709.3), both combined elsewhere (709.4); 702.127a aftermath.
The scenario files
are in tests/scenarios/cards/layouts/."""

from __future__ import annotations

import pytest
from setup_helpers import put

from manastack import Game, IllegalActionError
from manastack.agents import RandomAgent, play_game
from manastack.agents.heuristic import HeuristicAgent
from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.model import actions as A
from manastack.model.state import EXILE, HAND, MAIN1, Obj


@pytest.mark.parametrize("name, part", [("Brazen Borrower", "Petty Theft"), ("Murderous Rider", "Swift End"),
                                        ("Giant Killer", "Chop Down")])
def test_715_2_both_parts_compile(name: str, part: str) -> None:
    cd = get_card(name)
    assert cd.layout == "adventure" and cd.name == name and "Creature" in cd.types  # 715.4: main characteristics
    (adv,) = cd.faces
    assert adv.name == part and "Adventure" in adv.subtypes and adv.spell is not None and adv.spell.effects


def test_715_2_a_card_is_supported_only_if_both_parts_are() -> None:
    cd = get_card("Reaper of Night", require_supported=False)  # its creature's text isn't supported
    assert cd.unsupported and cd.faces and cd.faces[0].name == "Harvest Fear" and not cd.faces[0].unsupported
    # its creature compiles, its Adventure doesn't
    giant = get_card("Beanstalk Giant", require_supported=False)
    assert giant.unsupported and all(u.startswith("Fertile Footsteps: ") for u in giant.unsupported)


def _game(islands: int, *cards: tuple[str, str, int]) -> tuple[Game, list[Obj]]:
    """A game in alice's main phase: her Islands, the (name, zone, controller) cards, libraries."""
    g = Game.empty(seed=1)
    for _ in range(islands):
        put(g, "Island", "battlefield", 0)
    objs = [put(g, name, zone, who) for name, zone, who in cards]
    for p in (0, 1):
        for _ in range(10):
            put(g, "Island", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 3, 0, MAIN1, 0
    g.run()
    return g, objs


def test_715_3_and_715_3d_agents_are_offered_both_casts() -> None:
    g, (bears, borrower) = _game(5, ("Grizzly Bears", "battlefield", 1), ("Brazen Borrower", HAND, 0))
    acts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == borrower.id]
    assert A.CastSpell(borrower.id, (bears.id,), 0, choices=(("adventure", True),)) in acts  # 715.3
    assert any(a.choices == () and a.targets == () for a in acts)  # or as the creature
    g.apply(A.CastSpell(borrower.id, (bears.id,), 0, choices=(("adventure", True),)))
    g.apply(A.PassPriority())
    g.apply(A.PassPriority())
    (exiled,) = g.s.players[0].exile
    assert g.s.objects[exiled].card.name == "Brazen Borrower"  # 715.3d: exiled, with its main characteristics
    again = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == exiled]
    assert again and all(a.choices == () for a in again)  # only as the creature (715.3d)
    with pytest.raises(IllegalActionError, match="715.3"):
        g.apply(A.CastSpell(exiled, (), 0, choices=(("adventure", True),)))
    g.apply(again[0])  # (then, with nothing left to do, the players pass and it resolves)
    assert [g.s.objects[o].card.name for o in g.s.battlefield if g.s.objects[o].controller == 0].count(
        "Brazen Borrower") == 1


def test_715_3d_only_an_adventure_that_resolved_may_be_cast_from_exile() -> None:
    g, (exiled,) = _game(3, ("Brazen Borrower", EXILE, 0))  # exiled some other way
    assert not [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == exiled.id]
    with pytest.raises(IllegalActionError):
        g.apply(A.CastSpell(exiled.id, (), 0))


# --------------------------------------------------------------------------- 712 modal double-faced cards

@pytest.mark.parametrize("name, back", [("Brightclimb Pathway", "Grimclimb Pathway"),
                                        ("Spikefield Hazard", "Spikefield Cave"),
                                        ("Kazandu Mammoth", "Kazandu Valley"),
                                        ("Skyclave Cleric", "Skyclave Basilica")])
def test_712_both_faces_compile(name: str, back: str) -> None:
    cd = get_card(name)
    assert cd.layout == "modal_dfc" and cd.name == name  # 712.8a: the front face's characteristics
    assert [f.name for f in cd.faces] == [back] and "Land" in cd.faces[0].types


def test_712_a_card_whose_back_face_is_unknown_is_unsupported() -> None:
    cd = get_card("Valki, God of Lies", require_supported=False)  # a modal double-faced card with no back face data
    assert cd.layout == "modal_dfc" and any("other face" in u for u in cd.unsupported)


def test_712_12_agents_are_offered_the_land_face_and_the_spell() -> None:
    g, (_, hazard, pathway) = _game(0, ("Mountain", "battlefield", 0), ("Spikefield Hazard", HAND, 0),
                                    ("Brightclimb Pathway", HAND, 0))
    acts = g.legal_actions()
    assert A.PlayLand(hazard.id, back_face=True) in acts  # 712.12: the land face
    assert A.PlayLand(pathway.id) in acts and A.PlayLand(pathway.id, back_face=True) in acts  # either face
    assert any(isinstance(a, A.CastSpell) and a.card == hazard.id for a in acts)  # the front face, cast
    with pytest.raises(IllegalActionError, match="played, not cast"):
        g.apply(A.CastSpell(hazard.id, (), 0, choices=(("back_face", True),)))
    g.apply(A.PlayLand(pathway.id, back_face=True))
    (land,) = [g.s.objects[o] for o in g.s.battlefield if g.s.objects[o].card.name != "Mountain"]
    assert land.card.name == "Grimclimb Pathway" and g.chars(land).name == "Grimclimb Pathway"  # 712.8f
    assert not [a for a in g.legal_actions() if isinstance(a, A.PlayLand)]  # 305.2: one land a turn


def test_712_12_a_spell_back_face_is_cast_as_itself() -> None:
    """No shipped modal double-faced card has a spell back face the compiler reads (the 20 with data are
    land-backed): a test record, in Scryfall fields, stands for one (a creature // an instant)."""
    cd = compile_card({"name": "Test Bear // Test Blast", "layout": "modal_dfc", "card_faces": [
        {"name": "Test Bear", "mana_cost": "{1}{R}", "type_line": "Creature — Bear", "oracle_text": "",
         "power": "2", "toughness": "2"},
        {"name": "Test Blast", "mana_cost": "{R}", "type_line": "Instant",
         "oracle_text": "Test Blast deals 3 damage to any target."}]})
    assert cd.supported and cd.name == "Test Bear" and cd.faces[0].name == "Test Blast"
    g = Game.empty(seed=1)
    put(g, "Mountain", "battlefield", 0)
    o = g.new_object(cd, 0, HAND)
    g.s.players[0].hand.append(o.id)
    for p in (0, 1):
        for _ in range(10):
            put(g, "Island", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 3, 0, MAIN1, 0
    g.run()
    acts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == o.id]
    assert A.CastSpell(o.id, (-2,), 0, choices=(("back_face", True),)) in acts  # 712.11b: the back face at bob
    g.apply(A.CastSpell(o.id, (-2,), 0, choices=(("back_face", True),)))  # (resolves once both pass)
    assert g.s.players[1].life == 17
    assert [g.s.objects[x].card.name for x in g.s.players[0].graveyard] == ["Test Bear"]  # 712.8a: front face


def test_712_8_a_permanent_spell_cast_as_its_back_face_enters_as_it() -> None:
    cd = compile_card({"name": "Test Blast // Test Wolf", "layout": "modal_dfc", "card_faces": [
        {"name": "Test Blast", "mana_cost": "{R}", "type_line": "Instant",
         "oracle_text": "Test Blast deals 3 damage to any target."},
        {"name": "Test Wolf", "mana_cost": "{R}", "type_line": "Creature — Wolf", "oracle_text": "",
         "power": "3", "toughness": "3"}]})
    g = Game.empty(seed=1)
    put(g, "Mountain", "battlefield", 0)
    o = g.new_object(cd, 0, HAND)
    g.s.players[0].hand.append(o.id)
    for p in (0, 1):
        for _ in range(10):
            put(g, "Island", "library", p)
    g.s.turn, g.s.active, g.s.step, g.s.priority = 3, 0, MAIN1, 0
    g.run()
    g.apply(A.CastSpell(o.id, (), 0, choices=(("back_face", True),)))  # (resolves once both pass)
    (wolf,) = [g.s.objects[x] for x in g.s.battlefield if g.s.objects[x].card.name == "Test Wolf"]
    assert g.chars(wolf).power == 3 and g.chars(wolf).types == frozenset({"Creature"})  # 712.8f, 712.13
    g.move(wolf.id, "graveyard", rule="701.8a")
    assert [g.s.objects[x].card.name for x in g.s.players[0].graveyard] == ["Test Blast"]  # the front face again


def test_712_12_a_card_without_a_back_face_has_no_back_face_to_play() -> None:
    g, (forest,) = _game(0, ("Forest", HAND, 0))
    with pytest.raises(IllegalActionError, match="712.12"):
        g.apply(A.PlayLand(forest.id, back_face=True))


# --------------------------------------------------------------------------- 709 split cards

def test_709_4_a_split_card_is_its_halves_combined() -> None:
    cd = get_card("Dead // Gone")
    assert cd.name == "Dead // Gone" and cd.spell is None and [h.name for h in cd.faces] == ["Dead", "Gone"]
    assert cd.mana_cost.mana_value == 4 and cd.colors == frozenset({"R"}) and cd.types == frozenset({"Instant"})
    assert get_card("Assault // Battery").colors == frozenset({"R", "G"})  # 709.4: both halves' colors
    assert any(u.endswith(": Fuse") for u in get_card("Wear // Tear", require_supported=False).unsupported)


def test_709_3_agents_cast_one_half_never_the_whole_card() -> None:
    g, (_, bears, split) = _game(0, ("Mountain", "battlefield", 0), ("Grizzly Bears", "battlefield", 1),
                                 ("Dead // Gone", HAND, 0))
    casts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card == split.id]
    assert casts == [A.CastSpell(split.id, (bears.id,), 0, choices=(("half", 1),))]  # Gone costs {2}{R}
    with pytest.raises(IllegalActionError, match="709.3"):
        g.apply(A.CastSpell(split.id, (bears.id,), 0, choices=(("half", 3),)))
    g.apply(casts[0])  # (then, with nothing left to do, the players pass and it resolves)
    assert [e["card"] for e in g.s.log if e.get("event") == "resolve"] == ["Dead"]  # 709.3b: only that half
    assert [g.s.objects[o].card.name for o in g.s.players[0].graveyard] == ["Dead // Gone"]  # 709.4
    assert [g.s.objects[o].card.name for o in g.s.players[1].graveyard] == ["Grizzly Bears"]


def test_702_127a_aftermath_halves_where_each_may_be_cast_from() -> None:
    g, (_, _, bears, in_hand, in_yard) = _game(0, ("Mountain", "battlefield", 0), ("Mountain", "battlefield", 0),
                                               ("Grizzly Bears", "battlefield", 0), ("Claim // Fame", HAND, 0),
                                               ("Claim // Fame", "graveyard", 0))
    casts = [a for a in g.legal_actions() if isinstance(a, A.CastSpell) and a.card in (in_hand.id, in_yard.id)]
    assert A.CastSpell(in_yard.id, (bears.id,), 0, choices=(("half", 2),)) in casts  # Fame, from the graveyard
    assert all(a.choices == (("half", 1),) for a in casts if a.card == in_hand.id)  # Claim only, from the hand
    with pytest.raises(IllegalActionError, match="702.127a"):
        g.apply(A.CastSpell(in_hand.id, (bears.id,), 0, choices=(("half", 2),)))
    with pytest.raises(IllegalActionError, match="702.127a"):
        g.apply(A.CastSpell(in_yard.id, (), 0, choices=(("half", 1),)))
    g.apply(A.CastSpell(in_yard.id, (bears.id,), 0, choices=(("half", 2),)))
    assert [g.s.objects[o].card.name for o in g.s.players[0].exile] == ["Claim // Fame"]  # exiled, not binned


def test_games_with_cards_of_two_parts_run() -> None:
    deck = (["Brazen Borrower", "Murderous Rider", "Giant Killer", "Spikefield Hazard", "Kazandu Mammoth",
             "Skyclave Cleric", "Brightclimb Pathway", "Clearwater Pathway", "Dead // Gone",
             "Assault // Battery", "Claim // Fame", "Spring // Mind"] * 4 + ["Island", "Swamp", "Plains",
                                                                              "Mountain", "Forest"] * 4)
    for seed in range(4):
        g = play_game(Game.new_game(deck, deck, seed=seed, max_turns=30), (HeuristicAgent(), RandomAgent(seed)))
        assert g.over
        names = {e.get("face") or e.get("adventure") or e.get("half") for e in g.s.log
                 if e.get("event") in ("back_face", "adventure", "half")}
        assert names - {None}, "no other part was cast or played"

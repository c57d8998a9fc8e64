"""Vehicles (702.122 crew), Mounts (702.171 saddle) and face-down spells and permanents (708, 702.37
morph, 702.168 disguise, 701.34 manifest, 701.60 manifest dread): what scenario files can't say
(a type that is gone, the API's explicit choices, legal actions, clone independence)."""

from __future__ import annotations

import pytest

from manastack.cards.compiler import compile_card
from manastack.cards.db import get_card
from manastack.errors import IllegalActionError
from manastack.model import actions as A
from manastack.rules import targeting
from manastack.rules.facedown import FaceDownCost
from manastack.rules.vehicles_facedown import CrewCost
from manastack.scenario.runner import Runner


def play(players: dict, actions: list, start: dict | None = None):
    data = {"name": "t", "start": start or {"turn": 3, "active": "alice", "step": "precombat_main"},
            "players": players, "actions": actions}
    r = Runner(data, "<test>")
    r.setup()
    r.play()
    return r


def oid(r: Runner, name: str) -> int:
    found = r.find(name)
    assert found is not None, name
    return found


# --------------------------------------------------------------------------- compiling

def test_vehicle_keeps_printed_pt_and_is_not_a_creature():
    cd = get_card("Sleek Schooner")
    assert cd.supported
    assert "Creature" not in cd.types and (cd.power, cd.toughness) == (4, 3)
    crew = [a for a in cd.abilities if isinstance(getattr(a, "cost", None), CrewCost)]
    assert len(crew) == 1 and crew[0].cost.crew == 1 and not crew[0].cost.saddle


def test_morph_costs():
    cd = get_card("Skirk Marauder")
    fd = [a for a in cd.abilities if isinstance(a, FaceDownCost)]
    assert [(a.kind, a.cost.text) for a in fd] == [("morph", "{2}{R}")]
    rec = {"name": "Test Morph", "mana_cost": "{2}{U}", "type_line": "Creature — Human", "power": "2",
           "toughness": "2"}
    assert compile_card({**rec, "oracle_text": "Morph {X}{U}"}).unsupported  # 702.37f X: not supported
    assert compile_card({**rec, "oracle_text": "Morph—Return two Islands you control to their owner's hand."}).unsupported
    reveal = compile_card({**rec, "oracle_text": "Morph—Reveal a blue card in your hand."})
    assert [a.other for a in reveal.abilities if isinstance(a, FaceDownCost)] == [("reveal", "U")]


# --------------------------------------------------------------------------- crew

def test_crew_ends_at_end_of_turn():
    r = play({"alice": {"battlefield": ["Sleek Schooner", "Grizzly Bears"], "library": ["Island"]},
              "bob": {"library": ["Island"]}},
             [{"by": "alice", "activate": "Sleek Schooner", "choose": ["Grizzly Bears"]}, {"resolve": 1}])
    g = r.game
    ship = g.s.objects[oid(r, "Sleek Schooner")]
    assert "Creature" in g.chars(ship).types
    r.do("advance", {"advance": {"turn": 4, "step": "upkeep"}}, None)
    assert "Creature" not in g.chars(ship).types and "Artifact" in g.chars(ship).types


def test_crew_with_explicit_choice_may_tap_more_than_needed():
    r = play({"alice": {"battlefield": ["Sleek Schooner", "Grizzly Bears", "Savannah Lions"]}, "bob": {}}, [])
    g = r.game
    ship, bears, lions = oid(r, "Sleek Schooner"), oid(r, "Grizzly Bears"), oid(r, "Savannah Lions")
    g.apply(A.ActivateAbility(ship, 0, choices=(("crew", (bears, lions)),)))
    assert g.s.objects[bears].tapped and g.s.objects[lions].tapped


def test_crew_explicit_choice_must_reach_the_power_and_leaves_state_unchanged():
    r = play({"alice": {"battlefield": ["Irontread Crusher", "Grizzly Bears", "Savannah Lions"]}, "bob": {}}, [])
    g = r.game
    crusher, bears = oid(r, "Irontread Crusher"), oid(r, "Grizzly Bears")
    before = g.s.clone()
    with pytest.raises(IllegalActionError, match="total power 2"):
        g.apply(A.ActivateAbility(crusher, 0, choices=(("crew", (bears,)),)))
    assert not g.s.objects[bears].tapped and g.s.stack == before.stack
    with pytest.raises(IllegalActionError):  # the Vehicle can't crew itself ("other" creatures)
        g.apply(A.ActivateAbility(crusher, 0, choices=(("crew", (crusher, bears)),)))


def test_crew_leaves_out_a_creature_with_negative_power():
    """107.1b: a negative power counts as it is in a total, so a creature with power -2 would keep the
    crew cost from being paid. Without a chooser (agents take the default choice) the legal crew action
    must still work: only creatures that can help are tapped, the ones that help first."""
    players = {"alice": {"battlefield": [{"card": "Kraken Hatchling", "counters": {"-1/-1": 2}},
                                         "Grizzly Bears", "Savannah Lions", "Irontread Crusher"]}, "bob": {}}
    r = play(players, [])
    g = r.game
    g.chooser = None
    crusher, kraken = oid(r, "Irontread Crusher"), oid(r, "Kraken Hatchling")
    assert g.chars(g.s.objects[kraken]).power == -2
    crew = next(a for a in g.legal_actions() if isinstance(a, A.ActivateAbility) and a.source == crusher)
    g.apply(crew)
    assert not g.s.objects[kraken].tapped
    assert g.s.objects[oid(r, "Grizzly Bears")].tapped and g.s.objects[oid(r, "Savannah Lions")].tapped


def test_crew_is_a_legal_action_only_with_enough_power():
    r = play({"alice": {"battlefield": ["Irontread Crusher", "Grizzly Bears"]}, "bob": {}}, [])
    g = r.game
    crusher = oid(r, "Irontread Crusher")
    assert not any(isinstance(a, A.ActivateAbility) and a.source == crusher for a in g.legal_actions())
    r2 = play({"alice": {"battlefield": ["Irontread Crusher", "Grizzly Bears", "Savannah Lions"]}, "bob": {}}, [])
    crusher2 = oid(r2, "Irontread Crusher")
    assert any(isinstance(a, A.ActivateAbility) and a.source == crusher2 for a in r2.game.legal_actions())


# --------------------------------------------------------------------------- face-down

def test_face_down_cast_is_offered_and_hides_the_card():
    r = play({"alice": {"battlefield": ["Mountain", "Mountain", "Mountain"], "hand": ["Skirk Marauder"]}, "bob": {}},
             [])
    g = r.game
    m = oid(r, "Skirk Marauder")
    fd = A.CastSpell(m, choices=(("face_down", True),))
    assert fd in g.legal_actions()
    clone = g.clone()
    g.apply(fd)
    o = g.s.objects[m]
    assert o.zone == "stack" and o.card.name == "" and o.card.mana_cost.text == ""
    assert o.face_down is not None and o.face_down[0].name == "Skirk Marauder"
    # clone() is independent: the copy still has the face-up card in hand
    assert clone.s.objects[m].face_down is None and clone.s.objects[m].zone == "hand"
    c = g.chars(o)
    assert (c.power, c.toughness, c.types, c.subtypes, c.colors) == (2, 2, frozenset({"Creature"}), frozenset(),
                                                                      frozenset())


def test_turn_face_up_legal_action_and_refusal_leaves_state():
    r = play({"alice": {"battlefield": ["Mountain"] * 4, "hand": [{"card": "Skirk Marauder", "id": "m"}]},
              "bob": {}},
             [{"by": "alice", "cast": "m", "choose": [True]}, {"resolve": 1}])
    g = r.game
    m = oid(r, "m")
    # one Mountain left: the morph cost {2}{R} can't be paid, so it isn't offered and is refused
    assert not any(isinstance(a, A.TurnFaceUp) for a in g.legal_actions())
    version = g.s.version
    with pytest.raises(IllegalActionError):
        g.apply(A.TurnFaceUp(m))
    assert g.s.objects[m].face_down is not None and g.s.version == version


def test_face_down_permanent_is_revealed_when_bounced():
    r = play({"alice": {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Skirk Marauder", "id": "m"}]},
              "bob": {"battlefield": ["Island", "Island"], "hand": ["Boomerang"]}},
             [{"by": "alice", "cast": "m", "choose": [True]}, {"resolve": 1}, {"by": "alice", "pass": True},
              {"by": "bob", "cast": "Boomerang", "targets": ["m"]}, {"resolve": 1}])
    g = r.game
    o = g.s.objects[oid(r, "m")]
    assert o.zone == "hand" and o.card.name == "Skirk Marauder" and o.face_down is None


def test_manifest_dread_with_one_card_needs_no_choice():
    r = play({"alice": {"battlefield": ["Forest", "Forest"], "hand": ["Manifest Dread"],
                        "library": [{"card": "Hill Giant", "id": "hg"}]}, "bob": {}},
             [{"by": "alice", "cast": "Manifest Dread"}, {"resolve": 1}])
    g = r.game
    o = g.s.objects[oid(r, "hg")]
    assert o.zone == "battlefield" and o.face_down is not None and o.face_down[1] == "manifest"
    assert (g.chars(o).power, g.chars(o).toughness) == (2, 2)
    assert not g.s.players[0].graveyard or all(g.s.objects[c].card.name == "Manifest Dread"
                                               for c in g.s.players[0].graveyard)


def test_disguise_face_down_has_ward_and_no_name():
    r = play({"alice": {"battlefield": ["Mountain"] * 3, "hand": [{"card": "Bolrac-Clan Basher", "id": "b"}]},
              "bob": {}},
             [{"by": "alice", "cast": "b", "choose": [True]}, {"resolve": 1}])
    g = r.game
    o = g.s.objects[oid(r, "b")]
    c = g.chars(o)
    assert c.name == "" and o.card.mana_cost.text == "" and o.face_down[1] == "disguise"
    assert any(getattr(ab, "event", "") == "ward" for ab in c.abilities)


def test_reconfigured_equipment_is_not_a_creature_and_comes_back():
    r = play({"alice": {"battlefield": ["Mountain", "Mountain", "Rabbit Battery", "Grizzly Bears"]}, "bob": {}},
             [{"by": "alice", "activate": "Rabbit Battery", "ability": 1, "targets": ["Grizzly Bears"]},
              {"resolve": 1}])
    g = r.game
    rb = g.s.objects[oid(r, "Rabbit Battery")]
    assert rb.attached_to == oid(r, "Grizzly Bears") and "Creature" not in g.chars(rb).types
    rb.attached_to = None
    g.invalidate()
    assert "Creature" in g.chars(rb).types


def test_creature_that_crewed_it_this_turn_is_the_only_legal_target():
    r = play({"alice": {"battlefield": ["Getaway Car", "Grizzly Bears", "Savannah Lions"]}, "bob": {}},
             [{"by": "alice", "activate": "Getaway Car", "choose": ["Grizzly Bears"]}, {"resolve": 1}])
    g = r.game
    car, bears, lions = oid(r, "Getaway Car"), oid(r, "Grizzly Bears"), oid(r, "Savannah Lions")
    trig = next(a for a in g.s.objects[car].card.abilities if getattr(a, "event", "") == "attacks_or_blocks")
    spec = trig.targets[0]
    assert targeting.target_candidates(g, spec, 0, car) == [bears]
    assert lions not in targeting.target_candidates(g, spec, 0, car)

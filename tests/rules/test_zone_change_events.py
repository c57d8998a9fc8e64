"""Zone changes, draws and discards through the event door (Game.perform, model/events.py ZoneChange,
Draw, Discard): replacement effects rewrite them (614.1a, 614.6), two or more with different outcomes
are ordered by the affected player (616.1: the affected object's controller, for a card in a player's
zone its owner; the drawing or discarding player), identical ones are applied without asking, the log
records the rule, and the SBA mark comes from the event (704.3: a zone change not involving the
battlefield doesn't count)."""

from __future__ import annotations

import dataclasses

import pytest

from manastack import Game
from manastack.cards.db import get_card
from manastack.engine import registry
from manastack.engine.registry import Replacement
from manastack.model import actions as A
from manastack.model.events import Discard, Draw, Dredged, Event, ZoneChange
from manastack.model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY
from manastack.scenario.runner import Runner


def _runner(players: dict, actions: list | None = None, active: str = "alice", step: str = "precombat_main") -> Runner:
    r = Runner({"name": "event door", "start": {"turn": 3, "active": active, "step": step},
                "players": players, "actions": actions or []}, "<test>")
    r.setup()
    r.play()
    return r


class _Chooser:
    """A chooser that records every call and answers with the option `pick` selects (None: the engine's)."""

    def __init__(self, pick=None) -> None:
        self.calls: list[tuple] = []
        self.pick = pick

    def __call__(self, p, kind, options, prompt, asked=True):
        self.calls.append((p, kind, options, asked))
        if kind == "dredge":
            return True
        return self.pick(options) if self.pick is not None and asked else None


def _instead(name: str, zone: str, *, bottom: bool = False):
    """A test replacement on zone changes to a graveyard: put it into `zone` instead."""
    def find(game: Game, e: Event) -> list[Replacement]:
        if not isinstance(e, ZoneChange) or e.to_zone != GRAVEYARD:
            return []
        return [Replacement((name,), name, lambda ev: dataclasses.replace(ev, to_zone=zone, bottom=bottom),
                            source=e.obj)]
    return find


# ------------------------------------------------------------------------------------------ zone changes

def test_a_zone_change_is_performed_logged_with_its_rule_and_collected_for_triggers(monkeypatch) -> None:
    r = _runner({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    seen: list[Event] = []
    monkeypatch.setitem(registry.EVENT_TRIGGERS, ZoneChange,
                        registry.EVENT_TRIGGERS[ZoneChange] + [lambda game, e: seen.append(e)])
    bears = r.find("Grizzly Bears")
    new = g.move(bears, GRAVEYARD, rule="701.7a")
    assert g.s.objects[new].zone == GRAVEYARD and g.s.successor[bears] == new
    assert seen == [ZoneChange("701.7a", bears, BATTLEFIELD, GRAVEYARD)]
    e = g.s.log[-1]
    assert (e["event"], e["rule"], e["from_zone"], e["to_zone"], e["old_id"], e["id"]) == \
        ("zone_change", "701.7a", BATTLEFIELD, GRAVEYARD, bears, new)


def test_614_1a_an_unearthed_creature_that_would_die_is_exiled_instead() -> None:
    """702.84a: "If it would leave the battlefield, exile it instead": the ZoneChange to the graveyard
    becomes one to exile; the log keeps the effect's own line (614.1a) before the zone change."""
    r = _runner({"alice": {"battlefield": ["Swamp", "Swamp", "Swamp"], "graveyard": ["Chronomancer"]}, "bob": {}},
                [{"by": "alice", "activate": "Chronomancer"}, {"resolve": 1}])
    g = r.game
    mancer = r.find("Chronomancer")
    assert g.s.objects[mancer].zone == BATTLEFIELD
    n = len(g.s.log)
    new = g.move(mancer, GRAVEYARD, rule="704.5g")
    assert g.s.objects[new].zone == EXILE
    lines = [(e["event"], e["rule"]) for e in g.s.log[n:]]
    assert lines[:2] == [("replace", "614.1a"), ("zone_change", "704.5g")]
    assert g.s.log[n]["instead"] == "exile" and g.s.log[n + 1]["to_zone"] == EXILE


def test_616_1_identical_outcomes_are_not_asked_unearth_and_lava_coil() -> None:
    """An unearthed Chronomancer hit by Lava Coil: "exile it if it would leave" and "if that creature would
    die this turn, exile it instead" both apply; either order exiles it, so nobody is asked (616.1) and
    one of them applies (614.5)."""
    r = _runner({"alice": {"battlefield": ["Swamp", "Swamp", "Swamp", "Mountain", "Mountain"],
                           "graveyard": ["Chronomancer"], "hand": ["Lava Coil"]}, "bob": {}},
                [{"by": "alice", "activate": "Chronomancer", "pay": ["Swamp", "Swamp", "Swamp"]}, {"resolve": 1},
                 {"by": "alice", "cast": "Lava Coil", "targets": ["Chronomancer"]}])
    g = r.game
    mancer = r.find("Chronomancer")
    chooser = _Chooser(pick=lambda options: options[-1])
    g.chooser = chooser
    n = len(g.s.log)
    while g.s.stack:
        g.apply(A.PassPriority())
    assert g.s.objects[g.current_id(mancer)].zone == EXILE
    assert [c[1:2] + c[3:] for c in chooser.calls] == [("replacement_order", False)]
    assert sorted(tuple(x.name for x in o) for o in chooser.calls[0][2]) == [("exile it instead",)] * 2
    assert [e["event"] for e in g.s.log[n:]].count("replace") == 1


def test_616_1_the_controller_orders_zone_change_replacements_with_different_results(monkeypatch) -> None:
    """Two effects send a dying creature elsewhere (exile / the bottom of its owner's library): the
    affected object's controller (bob controls alice's creature) chooses which applies (616.1); the other
    no longer applies to the changed event (616.1e), and the log names the one applied (614.1a)."""
    monkeypatch.setitem(registry.REPLACEMENTS, ZoneChange,
                        [_instead("exile instead", EXILE), _instead("bottom instead", LIBRARY, bottom=True)])
    r = _runner({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    bears = r.find("Grizzly Bears")
    g.s.objects[bears].controller = 1
    chooser = _Chooser(pick=lambda options: next(o for o in options if o[0].name == "bottom instead"))
    g.chooser = chooser
    new = g.move(bears, GRAVEYARD, rule="704.5g")
    assert [(c[0], c[1], c[3]) for c in chooser.calls] == [(1, "replacement_order", True)]
    assert sorted(tuple(x.name for x in o) for o in chooser.calls[0][2]) == [("bottom instead",), ("exile instead",)]
    assert g.s.objects[new].zone == LIBRARY and g.s.players[0].library[-1] == new
    rep = next(e for e in reversed(g.s.log) if e["event"] == "replacement")
    assert (rep["rule"], rep["replaced"], rep["by"]) == ("614.1a", "ZoneChange", ["bottom instead"])


def test_616_1_a_card_in_a_hand_is_ordered_by_its_owner(monkeypatch) -> None:
    monkeypatch.setitem(registry.REPLACEMENTS, ZoneChange,
                        [_instead("exile instead", EXILE), _instead("bottom instead", LIBRARY, bottom=True)])
    r = _runner({"alice": {}, "bob": {"hand": ["Grizzly Bears"]}})
    g = r.game
    chooser = _Chooser(pick=lambda options: options[0])
    g.chooser = chooser
    g.move(r.find("Grizzly Bears"), GRAVEYARD, rule="701.8")
    assert [c[0] for c in chooser.calls] == [1]


def test_a_zone_change_away_from_the_battlefield_doesnt_mark_sbas_but_one_onto_it_does() -> None:
    """704.3: a card from a library to a hand changes nothing state-based actions look at."""
    r = _runner({"alice": {"library": ["Forest", "Island"], "hand": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    assert not g.s.volatile_chars
    before = g.s.sba_version
    g.move(g.s.players[0].library[0], HAND, rule="121.1")
    assert g.s.sba_version == before
    g.move(r.find("Grizzly Bears"), BATTLEFIELD, rule="305.1")
    assert g.s.sba_version == before + 1


def test_702_96b_an_overloaded_spell_keeps_its_printed_text_as_it_leaves_the_stack() -> None:
    """registry.LEAVING_STACK_HOOKS: not a replacement effect (the destination is unchanged)."""
    r = _runner({"alice": {"battlefield": ["Mountain", "Mountain"], "hand": ["Electrickery"]},
                 "bob": {"battlefield": ["Grizzly Bears"]}},
                [{"by": "alice", "cast": "Electrickery", "choose": [True]}])
    g = r.game
    spell = r.find("Electrickery")
    overloaded = g.s.objects[spell].card
    assert g.s.objects[spell].zone == "stack"
    new = g.move(spell, GRAVEYARD, rule="608.2n")
    assert g.s.objects[new].card is not overloaded and g.s.objects[new].card.name == "Electrickery"
    assert g.s.objects[new].card is get_card("Electrickery")  # its printed text again


# ------------------------------------------------------------------------------------------ draws

def test_121_1_a_draw_is_an_event_with_its_rule_and_121_4_an_empty_library_draws_nothing(monkeypatch) -> None:
    r = _runner({"alice": {"library": ["Forest"]}, "bob": {}})
    g = r.game
    seen: list[Event] = []
    monkeypatch.setitem(registry.EVENT_TRIGGERS, Draw, registry.EVENT_TRIGGERS[Draw] + [lambda game, e: seen.append(e)])
    n = len(g.s.log)
    assert g.draw(0, 2, rule="121.1") == 1
    assert seen == [Draw("121.1", 0)]
    assert [(e["event"], e["rule"]) for e in g.s.log[n:]] == [("zone_change", "121.1"), ("draw", "121.1"),
                                                               ("draw_empty", "121.4")]
    assert g.s.players[0].drew_from_empty


def test_a_draw_doesnt_mark_sbas_but_drawing_from_an_empty_library_does() -> None:
    """704.5b: the player who drew from an empty library loses; a card drawn changes nothing SBAs see."""
    r = _runner({"alice": {"library": ["Forest"]}, "bob": {}})
    g = r.game
    before = g.s.sba_version
    g.draw(0, 1)
    assert g.s.sba_version == before
    g.draw(0, 1)
    assert g.s.sba_version == before + 1


def test_614_1a_dredge_replaces_the_draw_and_the_log_records_its_rule(monkeypatch) -> None:
    """702.52a Golgari Thug (dredge 4): the Draw becomes a Dredged event (mill 4, return it); no card is
    drawn (121.6), so "whenever you draw a card" isn't collected."""
    r = _runner({"alice": {"graveyard": ["Golgari Thug"], "library": ["Forest"] * 5}, "bob": {}})
    g = r.game
    seen: list[Event] = []
    monkeypatch.setitem(registry.EVENT_TRIGGERS, Draw, registry.EVENT_TRIGGERS[Draw] + [lambda game, e: seen.append(e)])
    chooser = _Chooser()
    g.chooser = chooser
    n = len(g.s.log)
    thug = r.find("Golgari Thug")
    assert g.draw(0, 1) == 0
    assert seen == []
    assert [c[1] for c in chooser.calls] == ["replacement_order", "dredge"] and chooser.calls[0][3] is False
    assert g.s.objects[g.current_id(thug)].zone == HAND and len(g.s.players[0].graveyard) == 4
    assert (g.s.log[n]["event"], g.s.log[n]["rule"], g.s.log[n]["amount"]) == ("dredge", "702.52a", 4)
    assert all(e["event"] != "draw" for e in g.s.log[n:])


def test_dredge_declined_draws_the_card() -> None:
    r = _runner({"alice": {"graveyard": ["Golgari Thug"], "library": ["Forest"] * 5}, "bob": {}})
    g = r.game
    g.chooser = lambda p, kind, options, prompt, asked=True: False if kind == "dredge" else None
    assert g.draw(0, 1) == 1
    assert g.s.log[-1]["event"] == "draw" and all(e["event"] != "dredge" for e in g.s.log)


def test_616_1_the_drawing_player_chooses_which_of_two_dredge_cards_applies() -> None:
    """Golgari Thug (dredge 4) and Stinkweed Imp (dredge 5): different outcomes, so the player who would
    draw chooses (616.1), then whether to dredge it."""
    r = _runner({"alice": {}, "bob": {"graveyard": ["Golgari Thug", "Stinkweed Imp"], "library": ["Island"] * 6}})
    g = r.game
    chooser = _Chooser(pick=lambda options: next(o for o in options if o[0].name == "Stinkweed Imp"))
    g.chooser = chooser
    imp = r.find("Stinkweed Imp")
    g.draw(1, 1)
    assert [(c[0], c[1], c[3]) for c in chooser.calls] == [(1, "replacement_order", True), (1, "dredge", True)]
    assert sorted(o[0].source for o in chooser.calls[0][2]) == sorted([r.find("Golgari Thug"), imp])
    assert g.s.objects[g.current_id(imp)].zone == HAND and len(g.s.players[1].library) == 1


def test_identical_draw_replacements_are_applied_without_asking(monkeypatch) -> None:
    """Two copies of one effect (one key): one order, chosen without asking (asked=False); it applies once."""
    def skip(game: Game, e: Event) -> list[Replacement]:
        if not isinstance(e, Draw):
            return []
        return [Replacement(("skip draw",), "skip the draw", lambda ev: None)]
    monkeypatch.setitem(registry.REPLACEMENTS, Draw, [skip, skip])
    r = _runner({"alice": {"library": ["Forest"]}, "bob": {}})
    g = r.game
    chooser = _Chooser()
    g.chooser = chooser
    assert g.draw(0, 1) == 0 and len(g.s.players[0].library) == 1
    assert [(c[1], c[3]) for c in chooser.calls] == [("replacement_order", False)]
    assert g.s.log[-1]["event"] == "replacement" and g.s.log[-1]["by"] == ["skip the draw"]


# ------------------------------------------------------------------------------------------ discards

def test_614_1a_madness_exiles_a_discarded_card_instead_and_its_trigger_is_collected() -> None:
    """702.35a Fiery Temper: the Discard to the graveyard becomes one to exile, and "when you exile it this
    way" triggers (collected from the Discard event)."""
    r = _runner({"alice": {"hand": ["Fiery Temper"]}, "bob": {}})
    g = r.game
    temper = r.find("Fiery Temper")
    n = len(g.s.log)
    g.perform(Discard("701.8", 0, temper))
    assert g.s.objects[g.current_id(temper)].zone == EXILE
    assert [(e["event"], e["rule"]) for e in g.s.log[n:]][:3] == [("replace", "702.35a"), ("discard", "701.8"),
                                                                   ("zone_change", "701.8")]
    assert [t for t in g.s.pending_triggers if "madness" in str(t)]


def test_616_1_the_discarding_player_orders_discard_replacements_with_different_results(monkeypatch) -> None:
    """Madness (exile) and a test effect ("put it on top of its owner's library instead"): the player who
    discards chooses (616.1)."""
    def to_library(game: Game, e: Event) -> list[Replacement]:
        if not isinstance(e, Discard) or e.to_zone != GRAVEYARD:
            return []
        return [Replacement(("top",), "on top instead", lambda ev: dataclasses.replace(ev, to_zone=LIBRARY))]
    monkeypatch.setitem(registry.REPLACEMENTS, Discard, registry.REPLACEMENTS[Discard] + [to_library])
    r = _runner({"alice": {}, "bob": {"hand": ["Fiery Temper"]}})
    g = r.game
    chooser = _Chooser(pick=lambda options: next(o for o in options if o[0].name == "on top instead"))
    g.chooser = chooser
    temper = r.find("Fiery Temper")
    g.perform(Discard("701.8", 1, temper))
    assert [(c[0], c[1], c[3]) for c in chooser.calls] == [(1, "replacement_order", True)]
    assert g.s.objects[g.current_id(temper)].zone == LIBRARY
    assert not g.s.pending_triggers  # not exiled this way: no madness trigger


def test_identical_discard_replacements_are_applied_without_asking(monkeypatch) -> None:
    def to_exile(game: Game, e: Event) -> list[Replacement]:
        if not isinstance(e, Discard) or e.to_zone != GRAVEYARD:
            return []
        return [Replacement(("exile",), "exile instead", lambda ev: dataclasses.replace(ev, to_zone=EXILE))]
    monkeypatch.setitem(registry.REPLACEMENTS, Discard, [to_exile, to_exile])
    r = _runner({"alice": {"hand": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    chooser = _Chooser()
    g.chooser = chooser
    bears = r.find("Grizzly Bears")
    g.perform(Discard("514.1", 0, bears))
    assert [(c[1], c[3]) for c in chooser.calls] == [("replacement_order", False)]
    assert g.s.objects[g.current_id(bears)].zone == EXILE
    assert [e["rule"] for e in g.s.log if e["event"] == "discard"] == ["514.1"]


def test_a_discard_without_replacement_goes_to_the_graveyard_and_triggers(monkeypatch) -> None:
    seen: list[Event] = []
    monkeypatch.setitem(registry.EVENT_TRIGGERS, Discard,
                        registry.EVENT_TRIGGERS[Discard] + [lambda game, e: seen.append(e)])
    r = _runner({"alice": {"hand": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    bears = r.find("Grizzly Bears")
    before = g.s.sba_version
    g.perform(Discard("701.8", 0, bears))
    assert seen == [Discard("701.8", 0, bears)] and g.s.objects[g.current_id(bears)].zone == GRAVEYARD
    assert g.s.sba_version == before  # 704.3: a card from a hand to a graveyard changes nothing SBAs see


def test_an_event_class_a_rules_module_performs_is_dispatched_to_it() -> None:
    """registry.EVENT_PERFORMERS: Dredged is performed by rules/graveyard_keywords.py."""
    assert Dredged in registry.EVENT_PERFORMERS
    with pytest.raises(TypeError):
        Game.empty().perform(Event("0"))

"""CR 603.3b: simultaneous triggered abilities go on the stack in the order their controller chooses,
active player first (101.4): the "order_triggers" decision (rules/triggers.py), its answers, when it is
skipped, and the agents and the scenario runner facing it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from manastack.agents import RandomAgent
from manastack.agents.heuristic import HeuristicAgent
from manastack.cards.db import get_card
from manastack.engine.game import Game
from manastack.errors import IllegalActionError
from manastack.model import actions as A
from manastack.model.state import MAIN1
from manastack.rules import triggers
from manastack.scenario.runner import run_data
from tests.setup_helpers import put


def _position(*names: str, auto_single: bool = True) -> tuple[Game, int]:
    """alice (active, in her main phase) with a Mountain, `names` on the battlefield and a Lightning Bolt."""
    g = Game.empty()
    g.auto_pass = False
    g.auto_single = auto_single
    g.s.active = 0
    g.s.priority = 0
    g.s.step = MAIN1
    g.s.turn = 3
    put(g, "Mountain", "battlefield")
    for n in names:
        put(g, n, "battlefield")
    bolt = put(g, "Lightning Bolt", "hand")
    g.run()
    return g, bolt.id


def _cast_bolt(*names: str, auto_single: bool = True) -> Game:
    g, bolt = _position(*names, auto_single=auto_single)
    g.apply(A.CastSpell(bolt, targets=(-2,)))
    return g


def test_603_3b_two_different_triggers_are_ordered_by_their_controller() -> None:
    g = _cast_bolt("Monastery Swiftspear", "Firebrand Archer")
    d = g.pending
    assert d is not None and d.kind == "order_triggers" and d.player == 0
    assert g.legal_actions() == [A.Choose((0, 1)), A.Choose((1, 0))]
    g.apply(A.Choose((1, 0)))  # the Archer's trigger first: prowess on top
    assert [it.name for it in reversed(g.s.stack)] == ["Monastery Swiftspear", "Firebrand Archer", "Lightning Bolt"]
    assert g.pending is not None and g.pending.kind == "priority"
    assert any(e["event"] == "order_triggers" and e["rule"] == "603.3b" for e in g.log)


@pytest.mark.parametrize("value", [(0, 0), (0, 1, 2), (2,), (), (True, False), ("0", "1"), 1, None, "01", (0, 1.0)])
def test_603_3b_an_answer_that_is_not_an_order_is_refused_and_the_game_unchanged(value: object) -> None:
    g = _cast_bolt("Monastery Swiftspear", "Firebrand Archer")
    before = (g.s.version, len(g.log), list(g.s.queue), len(g.s.stack))
    with pytest.raises(IllegalActionError, match="603.3b"):
        g.apply(A.Choose(value))
    assert (g.s.version, len(g.log), list(g.s.queue), len(g.s.stack)) == before
    assert g.pending is not None and g.pending.kind == "order_triggers"


def test_603_3b_a_list_or_another_action_is_refused() -> None:
    g = _cast_bolt("Monastery Swiftspear", "Firebrand Archer")
    with pytest.raises(IllegalActionError, match="tuples"):
        g.apply(A.Choose([1, 0]))
    with pytest.raises(IllegalActionError, match="order_triggers"):
        g.apply(A.PassPriority())
    assert g.pending is not None and g.pending.kind == "order_triggers"


def test_603_3b_identical_triggers_are_not_asked() -> None:
    g = _cast_bolt("Firebrand Archer", "Firebrand Archer", "Firebrand Archer")
    assert g.pending is not None and g.pending.kind == "priority"
    assert [it.name for it in g.s.stack].count("Firebrand Archer") == 3


def test_603_3b_identical_triggers_have_one_option_without_auto_single() -> None:
    g = _cast_bolt("Firebrand Archer", "Firebrand Archer", auto_single=False)
    d = g.pending
    assert d is not None and d.kind == "order_triggers"
    assert g.legal_actions() == [A.Choose((0, 1))]


def test_603_3b_the_same_source_on_two_events_not_read_is_identical() -> None:
    """Corpse Knight-like abilities: the event object is not read, so its two triggers are interchangeable;
    "that creature" is read (Kolaghan Aspirant) and "it" (Briar Patch)."""

    def ab(name: str):
        return next(a for a in get_card(name).abilities if hasattr(a, "event"))
    assert not triggers.uses_event(ab("Corpse Knight"))
    assert triggers.uses_event(ab("Kolaghan Aspirant"))
    assert triggers.uses_event(ab("Briar Patch"))


def test_603_3b_a_counter_makes_two_copies_different() -> None:
    g, bolt = _position("Firebrand Archer", "Firebrand Archer")
    archers = [o for o in g.permanents(0) if o.card.name == "Firebrand Archer"]
    archers[1].counters["+1/+1"] = 1
    g.invalidate()
    g.apply(A.CastSpell(bolt, targets=(-2,)))
    assert g.pending is not None and g.pending.kind == "order_triggers"


FIVE = ("Monastery Swiftspear", "Bloodfire Expert", "Stormchaser Mage", "Firebrand Archer", "Kessig Flamebreather")


def test_603_3b_more_than_four_triggers_are_ordered_one_at_a_time() -> None:
    g = _cast_bolt(*FIVE)
    d = g.pending
    assert d is not None and d.kind == "order_triggers" and len(d.data[0]) == 5
    assert g.legal_actions() == [A.Choose((i,)) for i in range(5)]  # 5 steps, not 120 orders
    g.apply(A.Choose((4,)))  # Kessig Flamebreather's first
    d = g.pending
    assert d is not None and d.kind == "order_triggers" and len(d.data[0]) == 4
    assert len(g.legal_actions()) == 24  # four left: the whole orders
    g.apply(A.Choose((3, 2, 1, 0)))
    assert [it.name for it in g.s.stack][1:] == ["Kessig Flamebreather", "Firebrand Archer", "Stormchaser Mage",
                                                 "Bloodfire Expert", "Monastery Swiftspear"]


def test_603_3b_a_whole_order_is_accepted_when_steps_are_listed() -> None:
    g = _cast_bolt(*FIVE)
    g.apply(A.Choose((0, 1, 2, 3, 4)))
    assert [it.name for it in g.s.stack][1:] == list(FIVE)
    assert g.pending is not None and g.pending.kind == "priority"


def test_603_3b_apnap_active_player_orders_and_puts_first() -> None:
    g = Game.empty()
    g.auto_pass = False
    g.s.active, g.s.priority, g.s.step, g.s.turn = 0, 0, MAIN1, 3
    for _ in range(3):
        put(g, "Plains", "battlefield")
    put(g, "Soul Warden", "battlefield")
    put(g, "Essence Warden", "battlefield", controller=1)
    put(g, "Soul Warden", "battlefield", controller=1)
    put(g, "Forest", "library")
    wall = put(g, "Wall of Omens", "hand")
    g.run()
    g.apply(A.CastSpell(wall.id))
    g.apply(A.PassPriority())
    g.apply(A.PassPriority())  # Wall of Omens resolves: four triggers
    d = g.pending
    assert d is not None and d.kind == "order_triggers" and d.player == 0
    g.apply(A.Choose((0, 1)))
    d = g.pending
    assert d is not None and d.kind == "order_triggers" and d.player == 1
    g.apply(A.Choose((1, 0)))
    assert [it.controller for it in g.s.stack] == [0, 0, 1, 1]


@pytest.mark.parametrize("agent", [RandomAgent(3), HeuristicAgent(3)])
def test_603_3b_agents_answer_the_order(agent) -> None:
    g = _cast_bolt(*FIVE)
    while g.pending is not None and g.pending.kind == "order_triggers":
        a = agent.act(g)
        assert a in g.legal_actions()
        g.apply(a)
    assert len(g.s.stack) == 6


SCENARIO = {
    "name": "unanswered order", "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
    "players": {"alice": {"battlefield": ["Mountain", "Monastery Swiftspear", "Firebrand Archer"],
                          "hand": ["Lightning Bolt"]}, "bob": {}},
    "actions": [{"by": "alice", "cast": "Lightning Bolt", "targets": ["bob"]}],
}


def test_603_3b_an_unanswered_order_fails_the_scenario() -> None:
    res = run_data(SCENARIO)
    assert not res.passed and "unanswered choice: 603.3b" in (res.failure or "")


def test_603_3b_every_event_object_read_is_known() -> None:
    """uses_event scans abilities for what reads the event object: every `ctx.event_obj` read in the code
    must be one it knows (V.IT / V.EVENT_PLAYER, an intervening clause, or an EVENT_READERS class)."""
    root = Path(triggers.__file__).resolve().parent.parent
    handlers = set()
    for path in root.rglob("*.py"):
        if path.name == "triggers.py" and path.parent.name == "rules":
            continue  # the scan itself (its comments name the field)
        text = path.read_text()
        for m in re.finditer(r"ctx\.event_obj", text):
            defs = re.findall(r"^\s*def (\w+)\(", text[:m.start()], re.M)
            handlers.add(defs[-1] if defs else f"{path.name}: module level")
    assert len(handlers) >= 8
    # the readers: effects.py's target resolution (V.IT, V.EVENT_PLAYER), rules/referred_objects.py's "it" refs,
    # reflexive triggers (pass it on to their nested ability), and the EVENT_READERS classes' handlers
    assert handlers <= {"resolve_who", "target_object", "_referred", "_delayed_on_object", "_reflexive",
                        "_run_ward", "_return_dead", "_enlist_bonus", "_evolve", "_double_x", "_copy_that",
                        "_search_same_total", "_gain_control_of_spell_targets", "_instead_if",
                        "_pair_with_entering", "_copy_for_each_other", "_unless_condition", "_counter_that_spell",
                        "_exile_as_it_resolves", "_exile_dead_linked"}, handlers

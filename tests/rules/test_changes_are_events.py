"""Issue 11: every change to the game is an event performed through the door (engine/door.py), which logs
it, forgets the cached characteristics when its class says so (Event.CHARS) and marks the state-based
actions from its class (704.3). Attachments (701.3a, 303.4f, 704.5n), control changes (108.4, 613.1b),
poison counters (122.1f), the counters a permanent enters with (122.6, 614.1c) and turning face down or up
(708) are events; `log_event` lines always mark SBA, `Game.record` lines (turn structure, casting, mana
paid) never: there is no list of event names (SBA_NEUTRAL_EVENTS) any more.
"""

from __future__ import annotations

import ast
from pathlib import Path

import manastack
from manastack.engine import game as game_module
from manastack.model.events import (
    AttachChange,
    ControlChange,
    CountersRemoved,
    Damage,
    DamageRemoved,
    PoisonCounters,
)
from manastack.model.state import BATTLEFIELD
from manastack.scenario.runner import Runner

RULES_DIR = Path(manastack.__file__).parent / "rules"

# Written only by the door's events (model/events.py): AttachChange, ControlChange / CastMoved, PoisonCounters.
DOOR_ONLY_FIELDS = {"attached_to", "controller", "poison"}

# The rules functions that still call Game.invalidate(), and why (a true cache concern, or a change not yet
# an event). A site that goes is fine; a new one needs a reason here.
STACK = "the stack's contents changed (601.2i, 608.2n, 707.10): characteristics and counts may read them"
INVALIDATE_SITES: dict[tuple[str, str], str] = {
    ("cast_from_zones", "_continue_cast"): "601.2h: the state was restored from a snapshot: every cached value is stale",
    ("counter_replacement", "put_counters"): "counters written on an object that is no game object (a copy being made)",
    ("copy_effects", "_enters_as_copy"): "707.5: layer 1, the copiable values it enters with (as it enters, 614.1c)",
    ("alternative_costs", "overload_swap"): "702.96a: the spell being cast becomes its overloaded version",
    ("alternative_costs", "bestow_swap"): "702.103b: the spell being cast becomes a bestowed Aura spell",
    ("alternative_costs", "splice_swap"): "702.47b: the spell being cast gets the effects of the cards spliced onto it",
    ("bestow", "_begins_resolving"): "702.103e: the bestowed Aura spell ceases to be bestowed (a creature spell again)",
    ("bestow", "_unattached"): "702.103f: the unattached bestowed Aura ceases to be bestowed (an enchantment creature)",
    ("imprint", "_return_exiled_to_hand"): "607.2a: the linked exiled cards changed (what the source could produce)",
    ("x_spells", "_double_x"): "107.3 / 202.3e: the spell's X and mana value changed on the stack",
    ("layouts", "_face_casts"): "715.3a, 712.11c, 709.3a: a listing looks at a card in hand as one of its parts and puts it back",
    ("free_casting", "cast_free"): STACK,
    ("stack", "cast_spell"): STACK,
    ("stack", "resolve_top"): STACK,
    ("spell_copies", "copy_spell"): STACK,
}


def _rules_modules() -> list[tuple[str, ast.Module]]:
    return [(p.stem, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(RULES_DIR.glob("*.py"))]


def test_no_rules_module_writes_attachments_control_or_poison_in_place() -> None:
    """701.3a, 108.4, 122.1f: only the door's events write these fields."""
    found = []
    for name, tree in _rules_modules():
        for node in ast.walk(tree):
            targets: list[ast.expr] = []
            if isinstance(node, ast.Assign):
                targets = list(node.targets)
            elif isinstance(node, ast.AugAssign | ast.AnnAssign):
                targets = [node.target]
            for t in targets:
                for sub in ast.walk(t):
                    if isinstance(sub, ast.Attribute) and sub.attr in DOOR_ONLY_FIELDS \
                            and isinstance(sub.ctx, ast.Store):
                        found.append(f"rules/{name}.py:{node.lineno} writes .{sub.attr}")
    assert not found, "\n".join(found)


def test_rules_invalidate_only_at_the_listed_sites() -> None:
    found = set()
    for name, tree in _rules_modules():
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                            and node.func.attr == "invalidate":
                        found.add((name, fn.name))
    unlisted = sorted(found - set(INVALIDATE_SITES))
    assert not unlisted, f"Game.invalidate() outside the door without a reason: {unlisted}"
    gone = sorted(set(INVALIDATE_SITES) - found)
    assert not gone, f"listed sites that no longer call Game.invalidate() (take them off the list): {gone}"


def test_sba_neutral_events_is_gone_and_records_do_not_mark() -> None:
    """704.3: a record changes nothing state-based actions look at; a log_event line marks them."""
    assert not hasattr(game_module, "SBA_NEUTRAL_EVENTS")
    g = _runner({"alice": {}, "bob": {}}).game
    g.s.volatile_chars = False
    before = g.s.sba_version
    g.record("step", "500.1", name="upkeep")
    assert g.s.sba_version == before
    g.log_event("something_changed", "704.3")
    assert g.s.sba_version == before + 1


def _runner(players: dict) -> Runner:
    r = Runner({"name": "changes are events", "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
                "players": players, "actions": []}, "<test>")
    r.setup()
    r.play()
    return r


def _settled(r: Runner) -> None:
    """Let the engine check SBA once so their mark is current, as it is when a player gets priority."""
    g = r.game
    g.settle()
    g.s.sba_mark = g.s.sba_version


def test_704_5j_a_legend_whose_control_changed_is_seen_by_the_legend_rule() -> None:
    """108.4 / 613.1b: a ControlChange marks SBA: two legends of one name under one controller (704.5j)."""
    r = _runner({"alice": {"battlefield": ["Urborg, Tomb of Yawgmoth"]},
                 "bob": {"battlefield": ["Urborg, Tomb of Yawgmoth"]}})
    g = r.game
    _settled(r)
    bobs = next(o for o in g.permanents() if o.controller == 1)
    g.perform(ControlChange("613.1b", bobs.id, 0))
    assert bobs.controller == 0 and bobs.sick  # 302.6
    assert g.log[-1]["event"] == "control_change" and g.log[-1]["previous"] == "bob"
    g.settle()
    assert g.s.pending is not None or len(g.permanents(0)) == 1  # the legend rule acts (704.5j)


def test_704_5c_poison_counters_given_through_the_door_make_the_player_lose() -> None:
    """122.1f: PoisonCounters marks SBA; ten or more and the player loses (704.5c)."""
    r = _runner({"alice": {}, "bob": {}})
    g = r.game
    _settled(r)
    g.perform(PoisonCounters("702.90b", 1, 10, "test"))
    assert g.s.players[1].poison == 10 and g.log[-1]["kind"] == "poison"
    g.settle()
    assert g.over and g.winner == 0


def test_704_5n_an_equipment_attached_to_a_noncreature_is_unattached() -> None:
    """701.3a: an AttachChange marks SBA; an Equipment attached to a permanent that isn't a creature
    becomes unattached (704.5n, 301.5c), itself an AttachChange (logged 'unattach')."""
    r = _runner({"alice": {"battlefield": ["Bonesplitter", "Forest"]}, "bob": {}})
    g = r.game
    _settled(r)
    eq, land = r.find("Bonesplitter"), r.find("Forest")
    assert eq is not None and land is not None
    stamp = g.s.objects[eq].timestamp
    g.perform(AttachChange("701.3a", eq, land))
    assert g.s.objects[eq].attached_to == land and g.s.objects[eq].timestamp > stamp  # 613.7e
    g.settle()
    assert g.s.objects[eq].attached_to is None and g.s.objects[eq].zone == BATTLEFIELD
    assert any(e["event"] == "unattach" and e["rule"] == "704.5n" for e in g.log)


def test_122_6_the_counters_a_permanent_enters_with_are_put_on_it_through_the_door() -> None:
    """614.1c / 122.6: Triskelion enters with three +1/+1 counters and a planeswalker with its loyalty
    counters (306.5b): CountersPut events of the door, logged as counters put on them."""
    r = _runner({"alice": {"hand": ["Triskelion", "Garruk Wildspeaker"]}, "bob": {}})
    g = r.game
    for name, kind, n in (("Triskelion", "+1/+1", 3), ("Garruk Wildspeaker", "loyalty", 3)):
        oid = r.find(name)
        assert oid is not None
        start = len(g.log)
        new = g.move(oid, BATTLEFIELD, rule="test")
        lines = [e for e in g.log[start:] if e["event"] == "counters"]
        assert [(e["rule"], e["kind"], e["amount"]) for e in lines] == [("614.1c", kind, n)]
        assert g.s.objects[new].counters == {kind: n}


def test_704_5g_damage_removed_through_the_door_is_seen_by_state_based_actions() -> None:
    """514.2 / 701.15a: removing damage is a DamageRemoved event, which marks SBA: a 2/2 with 1 damage
    given 1 more dies (704.5g); with the damage removed first, it lives."""
    r = _runner({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    _settled(r)
    bears = r.find("Grizzly Bears")
    assert bears is not None
    g.perform(Damage("120.3", bears, 1, "test", combat=False))
    before = g.s.sba_version
    g.perform(DamageRemoved("701.15a", (bears,)))
    assert g.s.objects[bears].damage == 0 and g.s.sba_version > before
    g.perform(Damage("120.3", bears, 1, "test", combat=False))
    g.settle()
    assert g.s.objects[bears].zone == BATTLEFIELD  # 1 damage on a 2/2


def test_122_1c_a_shield_counter_used_up_is_removed_through_the_door_with_its_own_line() -> None:
    """CountersRemoved with its own line ('shield_counter' and what the shield replaced)."""
    r = _runner({"alice": {"battlefield": ["Grizzly Bears"]}, "bob": {}})
    g = r.game
    bears = r.find("Grizzly Bears")
    assert bears is not None
    g.s.objects[bears].counters["shield"] = 1
    g.perform(CountersRemoved("122.1c", bears, "shield", 1, log="shield_counter", fields={"replaced": "damage"}))
    assert "shield" not in g.s.objects[bears].counters
    assert g.log[-1] == {**g.log[-1], "event": "shield_counter", "rule": "122.1c", "card": "Grizzly Bears",
                         "replaced": "damage"}

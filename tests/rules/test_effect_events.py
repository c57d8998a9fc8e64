"""611.2 / 514.2: the continuous-effect records (GameState.effects) change only through the event door
(EffectCreated, EffectsEnded, EffectChanged in model/events.py): it invalidates the characteristics
(613), marks the state-based actions and logs the line an effect has; no rules or cards module writes
GameState.effects itself."""

from __future__ import annotations

import ast
import pathlib

import manastack
from manastack.model.events import EffectChanged, EffectCreated, EffectsEnded
from manastack.model.state import ContinuousEffect
from manastack.scenario.runner import Runner

ROOT = pathlib.Path(manastack.__file__).parent
_MUTATORS = frozenset({"append", "extend", "insert", "remove", "pop", "clear", "sort", "reverse"})


def _is_state_effects(node: ast.AST) -> bool:
    """`s.effects`, `g.s.effects`, `state.effects`, ...: the attribute `effects` of the game state."""
    if not isinstance(node, ast.Attribute) or node.attr != "effects":
        return False
    owner = node.value
    return (isinstance(owner, ast.Name) and owner.id in ("s", "state", "gs")
            or isinstance(owner, ast.Attribute) and owner.attr in ("s", "state"))


def _writes(tree: ast.AST) -> list[int]:
    lines = []
    for node in ast.walk(tree):
        targets: list[ast.AST] = []
        if isinstance(node, ast.Assign):
            targets = list(node.targets)
        elif isinstance(node, ast.AugAssign | ast.AnnAssign):
            targets = [node.target]
        elif isinstance(node, ast.Delete):
            targets = list(node.targets)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _MUTATORS:
            targets = [node.func.value]
        for t in targets:
            if isinstance(t, ast.Subscript):
                t = t.value
            if _is_state_effects(t):
                lines.append(node.lineno)
    return lines


def test_no_rules_or_cards_module_writes_the_effects_itself() -> None:
    """Every change to GameState.effects is an event performed through the door (engine/door.py)."""
    found = []
    for package in ("rules", "cards"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for line in _writes(ast.parse(path.read_text(), str(path))):
                found.append(f"{path.relative_to(ROOT.parent)}:{line}")
    assert not found, "GameState.effects written outside the door: " + ", ".join(found)


def test_the_check_sees_a_write() -> None:
    """The check itself: each way of writing the list is found."""
    source = ("s.effects.append(e)\ng.s.effects = []\ndel s.effects[0]\ns.effects[1] = e\n"
              "g.s.effects.remove(e)\ns.effects += [e]\nx = [e for e in s.effects]\n")
    assert sorted(_writes(ast.parse(source))) == [1, 2, 3, 4, 5, 6]


def _bears_game() -> tuple[Runner, int]:
    runner = Runner({"name": "a pump", "start": {"turn": 3, "active": "alice", "step": "precombat_main"},
                     "players": {"alice": {"battlefield": ["Grizzly Bears", "Forest"], "hand": ["Giant Growth"]},
                                 "bob": {}},
                     "actions": []}, "<test>")
    runner.setup()
    runner.play()
    return runner, runner.find("Grizzly Bears")


def test_a_pump_resolved_is_seen_at_once_and_logged() -> None:
    """611.2: Giant Growth resolves: the Bears are 5/5 at once (no stale characteristics), the pump's
    line is logged with its rule, and the cleanup's EffectsEnded (514.2) makes them 2/2 again."""
    runner, bears = _bears_game()
    g = runner.game
    o = g.s.objects[bears]
    assert g.chars(o).power == 2
    runner.data["actions"] = [{"by": "alice", "cast": "Giant Growth", "targets": ["Grizzly Bears"]}, {"resolve": 1}]
    runner.play()
    assert (g.chars(o).power, g.chars(o).toughness) == (5, 5)
    line = next(e for e in reversed(g.s.log) if e["event"] == "pump")
    assert (line["rule"], line["card"], line["power"], line["toughness"]) == ("611.2", "Grizzly Bears", 3, 3)
    pumps = [e for e in g.s.effects if e.kind == "pump" and e.target == bears]
    assert len(pumps) == 1
    runner.data["actions"] = [{"advance": {"turn": 4, "step": "upkeep"}}]
    runner.play()
    assert g.chars(o).power == 2 and not any(e is pumps[0] for e in g.s.effects)


def test_the_door_invalidates_marks_and_logs_only_a_line_it_carries() -> None:
    runner, bears = _bears_game()
    g = runner.game
    s = g.s
    o = s.objects[bears]
    assert g.chars(o).power == 2  # cached
    log_len, sba = len(s.log), s.sba_version
    pump = ContinuousEffect("pump", bears, power=1, toughness=1, timestamp=s.next_timestamp)
    s.next_timestamp += 1
    assert g.perform(EffectCreated("611.2", pump)) is not None
    assert g.chars(o).power == 3  # the door invalidated the characteristics
    assert len(s.log) == log_len and s.sba_version > sba  # no line, but the SBA are marked
    # a record with the same fields is another record: effects end by identity
    twin = ContinuousEffect("pump", bears, power=1, toughness=1, timestamp=pump.timestamp)
    g.perform(EffectCreated("611.2", twin, "pump", {"card": o.card.name}))
    assert s.log[-1]["event"] == "pump" and s.log[-1]["rule"] == "611.2" and g.chars(o).power == 4
    g.perform(EffectChanged("615.7", twin, ContinuousEffect("pump", bears, power=2, toughness=2,
                                                           timestamp=twin.timestamp)))
    assert g.chars(o).power == 5 and not any(e is twin for e in s.effects)
    assert g.perform(EffectsEnded("514.2", ())) is None  # nothing ended: nothing happened
    g.perform(EffectsEnded("514.2", (pump,)))
    assert g.chars(o).power == 4 and not any(e is pump for e in s.effects)
    assert [e.power for e in s.effects if e.kind == "pump"] == [2]

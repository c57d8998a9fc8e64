"""Decisions are of a closed list of kinds (issue 11 item 1): model/decisions.py DecisionKind names every
kind the engine raises (CR 117 priority, 103.5 mulligans, 508.1 / 509.1 declarations, 603.3 trigger
order and targets, 608.2d choices made while effects resolve, 704.5j the legend rule ...), and a
queued choice of a kind it doesn't list is refused."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from manastack import Game
from manastack.agents import RandomAgent, play_game
from manastack.engine import registry
from manastack.model import decisions
from manastack.model.decisions import Decision, DecisionKind, decision_kind
from manastack.scenario import run

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(p for p in (ROOT / "tests" / "scenarios").rglob("*.yaml"))


def test_every_kind_raised_in_games_and_scenarios_is_a_member(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every Decision raised while playing random games and a third of the scenario files has a
    DecisionKind member as its kind (equal to the string scenario files and logs use)."""
    seen: list[object] = []
    original = Decision.__post_init__

    def record(self: Decision) -> None:
        seen.append(self.kind)
        original(self)

    monkeypatch.setattr(decisions.Decision, "__post_init__", record)
    for i, (a, b) in enumerate([("vanilla", "burn"), ("combat-brawl", "green-ramp")] * 3):
        g = Game.new_game(a, b, seed=100 + i)
        play_game(g, (RandomAgent(2 * i + 1), RandomAgent(2 * i + 2)))
    for path in SCENARIOS[::3]:
        run(path)
    assert all(type(k) is DecisionKind for k in seen), sorted({repr(k) for k in seen if type(k) is not DecisionKind})
    kinds = set(seen)
    assert all(k == k.value for k in kinds)  # a member compares equal to its string
    assert len(kinds) >= 25, sorted(kinds)  # the corpus reaches well beyond priority and combat


def test_every_registered_and_queued_choice_kind_is_a_member() -> None:
    """608.2d: the choice kinds rules modules register (registry.CHOICES) and queue as ("choice", kind,
    ...) items, read from their source, are all listed."""
    assert sorted(set(registry.CHOICES) - set(DecisionKind)) == []
    queued: set[str] = set()
    for path in (ROOT / "manastack" / "rules").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            first = None
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "queue_choice":
                first = node.args[0] if node.args else None
            elif isinstance(node, ast.Tuple) and len(node.elts) > 1 and isinstance(node.elts[0], ast.Constant) \
                    and node.elts[0].value == "choice":
                first = node.elts[1]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                queued.add(first.value)
    assert len(queued) > 30
    assert sorted(queued - set(DecisionKind)) == []


def test_an_unknown_kind_is_refused() -> None:
    """A queued choice whose kind DecisionKind doesn't list stops the engine with a clear error, and a
    Decision can't be made from a plain string."""
    g = Game.empty()
    g.s.queue.insert(0, ("choice", "no_such_kind", 0, (1, 2), "choose", None))
    with pytest.raises(ValueError, match="unknown decision kind 'no_such_kind'"):
        g.run()
    with pytest.raises(ValueError, match="unknown decision kind"):
        decision_kind("Priority")
    with pytest.raises(TypeError, match="must be a DecisionKind"):
        Decision("priority", 0)  # type: ignore[arg-type]
    assert decision_kind("scry") is DecisionKind.SCRY == "scry"

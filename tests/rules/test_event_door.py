"""The event door (Game.perform, model/events.py): replacement effects rewrite an event before it happens
(614.1), the affected player orders several when the order changes the result and only then (616.1),
each applies once and the others are looked at again after each (614.5, 616.1e), and the event is
logged with its rule and collected for triggers (603.2)."""

from __future__ import annotations

import dataclasses

import pytest

from manastack import Game
from manastack.engine import registry
from manastack.engine.registry import Replacement
from manastack.model.events import Event, LifeChange, TapChange
from tests.setup_helpers import put


def _game() -> Game:
    g = Game.new_game("vanilla", "vanilla", seed=3)
    return g


def _gain_finders(*effects: tuple[tuple, str, object]):
    """Replacement effects on life gained by player 0: (key, name, how the amount changes)."""
    def find(game: Game, e: Event) -> list[Replacement]:
        if not isinstance(e, LifeChange) or e.player != 0 or e.delta <= 0:
            return []
        return [Replacement(key, name, lambda ev, f=f: dataclasses.replace(ev, delta=f(ev.delta)))  # type: ignore[misc]
                for key, name, f in effects]
    return find


@pytest.fixture
def replacements(monkeypatch: pytest.MonkeyPatch):
    table: dict[type, list] = {}
    monkeypatch.setattr(registry, "REPLACEMENTS", table)
    return table


def test_life_changes_go_through_the_door_and_are_logged_with_their_rule() -> None:
    g = _game()
    g.set_life(1, -3, "120.3a", source="test")
    e = g.s.log[-1]
    assert (e["event"], e["rule"], e["delta"], e["life"], e["source"]) == ("life", "120.3a", -3, 17, "test")
    assert g.s.players[1].life == 17


def test_616_1_the_affected_player_orders_replacements_that_give_different_results(replacements) -> None:
    """"Twice that much" and "that much plus one" on a gain of 3: 7 or 8 life, the affected player's choice."""
    replacements[LifeChange] = [_gain_finders((("twice",), "twice", lambda n: 2 * n),
                                              (("plus",), "plus one", lambda n: n + 1))]
    g = _game()
    asked = []

    def chooser(p, kind, options, prompt, asked_flag=True, **kw):
        asked.append((p, kind, options, kw.get("asked", asked_flag)))
        return options[1]
    g.chooser = chooser
    g.set_life(0, 3, "119.3")
    assert asked and asked[0][0] == 0 and asked[0][1] == "replacement_order"
    # the options are orders of Replacement objects (the scenario runner names them by name or source)
    assert sorted(tuple(r.name for r in o) for o in asked[0][2]) == [("plus one", "twice"), ("twice", "plus one")]
    chosen = tuple(r.name for r in asked[0][2][1])
    assert g.s.players[0].life == 20 + (2 * 3 + 1 if chosen == ("twice", "plus one") else 2 * (3 + 1))
    assert g.s.log[-2]["event"] == "replacement" and g.s.log[-2]["rule"] == "616.1"


def test_616_1_without_a_chooser_the_first_order_applies(replacements) -> None:
    replacements[LifeChange] = [_gain_finders((("twice",), "twice", lambda n: 2 * n),
                                              (("plus",), "plus one", lambda n: n + 1))]
    g = _game()
    g.set_life(0, 3, "119.3")
    assert g.s.players[0].life in (27, 28)
    assert g.s.log[-1]["delta"] == g.s.players[0].life - 20


def test_identical_replacements_are_applied_in_one_order_without_asking(replacements) -> None:
    """Two copies of the same effect: one order; the choice is made without asking (asked=False), each
    applies once (614.5)."""
    replacements[LifeChange] = [_gain_finders((("twice",), "twice", lambda n: 2 * n)),
                                _gain_finders((("twice",), "twice", lambda n: 2 * n)),
                                _gain_finders((("twice", 2), "twice", lambda n: 2 * n))]
    g = _game()
    calls = []
    g.chooser = lambda p, kind, options, prompt, asked=True: calls.append(asked) or None
    g.set_life(0, 1, "119.3")
    assert g.s.players[0].life == 24  # 1 doubled by each of the two different effects
    assert calls == [False]


def test_a_replacement_can_make_the_event_not_happen(replacements) -> None:
    replacements[LifeChange] = [lambda game, e: [Replacement(("none",), "can't gain life", lambda ev: None)]
                                if isinstance(e, LifeChange) and e.delta > 0 else []]
    g = _game()
    n = len(g.s.log)
    g.set_life(0, 5, "119.3")
    assert g.s.players[0].life == 20
    assert all(e["event"] != "life" for e in g.s.log[n:])


def test_tapping_goes_through_the_door_and_its_triggers_are_collected(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _game()
    seen = []
    monkeypatch.setitem(registry.EVENT_TRIGGERS, TapChange,
                        registry.EVENT_TRIGGERS.get(TapChange, []) + [lambda game, e: seen.append(e)])
    land = next(o for o in g.s.objects.values() if o.zone == "library")
    land.zone = "battlefield"
    g.perform(TapChange("701.26a", land.id, True))
    assert land.tapped and seen == [TapChange("701.26a", land.id, True)]
    assert g.s.log[-1]["event"] == "tap" and g.s.log[-1]["rule"] == "701.26a"


def test_an_unknown_event_is_refused() -> None:
    @dataclasses.dataclass
    class Nothing(Event):
        pass
    with pytest.raises(TypeError, match="not an event the engine performs"):
        _game().perform(Nothing("0"))


def test_119_9_life_gain_triggers_read_the_event_that_happened(replacements) -> None:
    """"Whenever you gain life" triggers from the LifeChange performed (603.2, 119.9): a gain a
    replacement effect doubles triggers once; a gain replaced by nothing (no life gained) doesn't."""
    g = Game.empty()
    pridemate = put(g, "Ajani's Pridemate", "battlefield", controller=0)
    replacements[LifeChange] = [_gain_finders((("twice",), "twice", lambda n: 2 * n))]
    g.set_life(0, 2, "119.3")
    assert g.s.players[0].life == 24
    assert [t[1] for t in g.s.pending_triggers] == [pridemate.id]
    g.s.pending_triggers.clear()

    def prevent(game: Game, e: Event) -> list[Replacement]:
        if isinstance(e, LifeChange) and e.delta > 0:
            return [Replacement(("none",), "no life gained", lambda ev: None)]
        return []
    replacements[LifeChange] = [prevent]
    g.set_life(0, 2, "119.3")
    assert g.s.players[0].life == 24 and not g.s.pending_triggers

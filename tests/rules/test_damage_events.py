"""Damage, counters and tokens through the event door (Game.perform, model/events.py): prevention effects
are replacement effects on the Damage event (615.1), counter and token replacement effects rewrite
CountersPut and TokenCreated (614.1a); with several, the affected player or the affected object's
controller chooses the order when it changes the result, and only then (616.1); the log records the rule.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from manastack import Game
from manastack.cards.db import get_card
from manastack.engine import door, registry
from manastack.engine.registry import Replacement
from manastack.model.events import CountersPut, CountersRemoved, Damage, Event, TokenCreated
from manastack.model.state import ContinuousEffect
from manastack.rules import effects as E
from tests.setup_helpers import put


def _game() -> Game:
    g = Game.empty()
    g.s.turn = 1
    return g


def _shield(g: Game, target: int | None, amount: int | None, name: str) -> None:
    """615.1: "prevent the next `amount` damage that would be dealt to `target` this turn" (None: all)."""
    s = g.s
    s.effects.append(ContinuousEffect("prevent", target, timestamp=s.next_timestamp, controller=0,
                                      data=(amount, False, name, None)))  # no 615.5 rider
    s.next_timestamp += 1


class Chooser:
    """Records what the door asks; answers with the option at `pick` (None: the rules' own pick)."""

    def __init__(self, pick: int | None = None) -> None:
        self.pick = pick
        self.calls: list[tuple[int, str, list, bool]] = []

    def __call__(self, p: int, kind: str, options: list, prompt: str, asked: bool = True) -> Any:
        # the orders are shown as Replacement objects: recorded by their names
        shown = [tuple(getattr(r, "name", r) for r in o) for o in options] if kind == "replacement_order" else options
        self.calls.append((p, kind, shown, asked))
        if not asked or self.pick is None:
            return None if not asked else options[0]
        return options[self.pick]


def _deal(g: Game, source_name: str, target: int, n: int) -> int:
    src = put(g, source_name, "battlefield", controller=1)
    return E.deal_damage(g, src.card.name, g.chars(src), 1, target, n, "120.3", source_id=src.id)


def _events(g: Game, since: int, name: str) -> list[dict]:
    return [e for e in g.s.log[since:] if e["event"] == name]


# --------------------------------------------------------------------------- Damage (120.3, 615)

def test_615_1_a_prevention_shield_rewrites_the_damage_event_and_the_log_names_its_rule() -> None:
    g = _game()
    bear = put(g, "Grizzly Bears", "battlefield")
    _shield(g, bear.id, 2, "Healing Salve")
    n = len(g.s.log)
    assert _deal(g, "Grizzly Bears", bear.id, 3) == 1
    assert bear.damage == 1
    prevent, = _events(g, n, "prevent")
    assert (prevent["rule"], prevent["amount"], prevent["by"]) == ("615.7", 2, "Healing Salve")
    damage, = _events(g, n, "damage")
    assert (damage["rule"], damage["amount"]) == ("120.3", 1)
    assert not any(e.kind == "prevent" for e in g.s.effects)  # 615.7: used up


def test_614_1_a_damage_replacement_rewrites_the_event_and_what_follows_reads_the_result(monkeypatch) -> None:
    """"If a source would deal damage, it deals double that damage instead": the performed event carries
    the doubled amount to what damage does afterwards (120.3f lifelink: 2 life for 1 damage)."""
    def double(game: Game, e: Event) -> list[Replacement]:
        assert isinstance(e, Damage)
        return [Replacement(("double",), "double", lambda ev: dataclasses.replace(ev, amount=2 * ev.amount))]  # type: ignore[attr-defined]
    monkeypatch.setitem(registry.REPLACEMENTS, Damage, registry.REPLACEMENTS[Damage] + [double])
    g = _game()
    src = put(g, "Grizzly Bears", "battlefield", controller=1)
    chars = g.chars(src)
    lifelinker = type(chars)(chars.name, chars.types, chars.subtypes, chars.supertypes, chars.colors, chars.power,
                             chars.toughness, chars.keywords | {"lifelink"}, chars.abilities, chars.protection)
    n = len(g.s.log)
    assert E.deal_damage(g, "Grizzly Bears", lifelinker, 1, -1, 1, "120.3", source_id=src.id) == 2
    assert g.s.players[0].life == 18 and g.s.players[1].life == 22
    replacement, = _events(g, n, "replacement")
    assert (replacement["rule"], replacement["replaced"], replacement["by"]) == ("614.1a", "Damage", ["double"])


def test_616_1_two_prevention_shields_with_different_results_ask_the_damaged_permanents_controller() -> None:
    """Shields for 3 and for 2 on 4 damage: the first one applied is used up, the other keeps 1 (615.7);
    the order is the creature's controller's choice (616.1)."""
    g = _game()
    bear = put(g, "Grizzly Bears", "battlefield", controller=0)
    _shield(g, bear.id, 3, "three")
    _shield(g, bear.id, 2, "two")
    g.chooser = ch = Chooser(pick=1)
    assert _deal(g, "Grizzly Bears", bear.id, 4) == 0
    (p, kind, options, asked), = ch.calls
    assert (p, kind, asked) == (0, "replacement_order", True)
    assert options == [("three", "two"), ("two", "three")]
    left = [(e.data[2], e.data[0]) for e in g.s.effects if e.kind == "prevent"]
    assert left == [("three", 1)]  # "two" applied first: used up; "three" prevented the other 2
    assert bear.damage == 0


def test_616_1_without_a_chooser_the_shields_apply_in_the_order_they_were_made() -> None:
    g = _game()
    bear = put(g, "Grizzly Bears", "battlefield")
    _shield(g, bear.id, 3, "three")
    _shield(g, bear.id, 2, "two")
    _deal(g, "Grizzly Bears", bear.id, 4)
    assert [(e.data[2], e.data[0]) for e in g.s.effects if e.kind == "prevent"] == [("two", 1)]


def test_616_1_identical_prevention_effects_are_applied_without_asking() -> None:
    """Two "prevent all damage" shields (Fog twice): either one gives the same result, so nothing is asked
    (the chooser only hears of it, asked=False); the damage is prevented (615.1)."""
    g = _game()
    bear = put(g, "Grizzly Bears", "battlefield")
    _shield(g, None, None, "Fog")
    _shield(g, None, None, "Fog")
    g.chooser = ch = Chooser()
    n = len(g.s.log)
    assert _deal(g, "Grizzly Bears", bear.id, 2) == 0
    assert [c[3] for c in ch.calls] == [False]
    prevent, = _events(g, n, "prevent")
    assert (prevent["rule"], prevent["by"]) == ("615.1", "Fog")
    assert not _events(g, n, "damage") and bear.damage == 0


def test_702_16e_protection_prevents_and_616_1_asks_whether_a_shield_is_used_first() -> None:
    """White Knight (protection from black) dealt damage by Black Knight with a shield for 1 on it: applying
    protection first keeps the shield (616.1: the White Knight's controller chooses); without a chooser the
    shield applies first, as before the door."""
    for pick, shield_left in ((None, False), (1, True)):
        g = _game()
        knight = put(g, "White Knight", "battlefield")
        _shield(g, knight.id, 1, "Healing Salve")
        if pick is not None:
            g.chooser = ch = Chooser(pick=pick)
        n = len(g.s.log)
        assert _deal(g, "Black Knight", knight.id, 2) == 0
        rules = [e["rule"] for e in _events(g, n, "prevent")]
        assert rules == (["702.16e"] if shield_left else ["615.7", "702.16e"])
        assert any(e.kind == "prevent" for e in g.s.effects) is shield_left
        if pick is not None:
            assert ch.calls[0][2] == [("Healing Salve", "protection"), ("protection",)]


def test_120_3d_wither_damage_becomes_counters_put_through_the_door() -> None:
    """Boggart Ram-Gang's wither damage is -1/-1 counters (120.3d), put on as a CountersPut event: Vizier of
    Remedies ("that many minus one") rewrites it (614.1a), the log line before the damage line."""
    g = _game()
    put(g, "Vizier of Remedies", "battlefield")
    bear = put(g, "Grizzly Bears", "battlefield")
    n = len(g.s.log)
    assert _deal(g, "Boggart Ram-Gang", bear.id, 2) == 2
    assert bear.counters == {"-1/-1": 1} and bear.damage == 0
    names = [e["event"] for e in g.s.log[n:]]
    assert names[:3] == ["counter_replacement", "counters", "damage"]
    assert g.s.log[n]["rule"] == "614.1a" and g.s.log[n]["by"] == ["Vizier of Remedies"]


# --------------------------------------------------------------------------- counters (122.1, 122.8)

def test_616_1_hardened_scales_and_corpsejack_menace_ask_the_creatures_controller() -> None:
    g = _game()
    put(g, "Hardened Scales", "battlefield")
    put(g, "Corpsejack Menace", "battlefield")
    bear = put(g, "Grizzly Bears", "battlefield")
    g.chooser = ch = Chooser(pick=1)
    done = g.perform(CountersPut("122.1", bear.id, "+1/+1", 1))
    (p, kind, options, asked), = ch.calls
    assert (p, kind, asked) == (0, "replacement_order", True)
    # the most counters first (Scales then Menace: 4), then 3; the runner's answers name them (key, name)
    assert options == [("Hardened Scales", "Corpsejack Menace"), ("Corpsejack Menace", "Hardened Scales")]
    assert isinstance(done, CountersPut) and done.amount == 3 and bear.counters == {"+1/+1": 3}
    e = next(e for e in g.s.log if e["event"] == "counter_replacement")
    assert (e["rule"], e["would"], e["amount"]) == ("616.1", 1, 3)


def test_616_1_two_hardened_scales_apply_both_without_asking() -> None:
    g = _game()
    put(g, "Hardened Scales", "battlefield")
    put(g, "Hardened Scales", "battlefield")
    bear = put(g, "Grizzly Bears", "battlefield")
    g.chooser = ch = Chooser()
    g.perform(CountersPut("122.1", bear.id, "+1/+1", 1))
    assert bear.counters == {"+1/+1": 3}  # each applies once (614.5)
    assert [c[3] for c in ch.calls] == [False]


def test_122_8_counters_removed_go_through_the_door_up_to_those_there_are() -> None:
    g = _game()
    bear = put(g, "Grizzly Bears", "battlefield")
    bear.counters["+1/+1"] = 2
    seen: list[Event] = []
    registry.EVENT_TRIGGERS.setdefault(CountersRemoved, []).append(lambda game, e: seen.append(e))
    try:
        done = g.perform(CountersRemoved("122.8", bear.id, "+1/+1", 3))
    finally:
        registry.EVENT_TRIGGERS[CountersRemoved].pop()
    assert done == CountersRemoved("122.8", bear.id, "+1/+1", 2) and seen == [done]
    assert bear.counters == {}
    e = g.s.log[-1]
    assert (e["event"], e["rule"], e["amount"]) == ("remove_counters", "122.8", 2)
    assert g.perform(CountersRemoved("122.8", bear.id, "+1/+1", 1)) is None  # none left: nothing happens


# --------------------------------------------------------------------------- tokens (111.1)

def test_614_1a_token_multipliers_rewrite_token_created_without_asking() -> None:
    """Doubling Season and Parallel Lives: four tokens; multiplying in either order gives the same result,
    so nothing is asked (616.1); the log records the replacement (614.1a) and each token."""
    g = _game()
    put(g, "Doubling Season", "battlefield")
    put(g, "Parallel Lives", "battlefield")
    g.chooser = ch = Chooser()
    n = len(g.s.log)
    soldier = get_card("Grizzly Bears")
    done = g.perform(TokenCreated("111.1", soldier, 0))
    assert isinstance(done, TokenCreated) and done.amount == 4 and len(done.ids) == 4
    assert all(g.s.objects[i].zone == "battlefield" and g.s.objects[i].sick for i in done.ids)
    assert [c[3] for c in ch.calls] == [False]
    names = [(e["event"], e["rule"]) for e in g.s.log[n:]]
    assert names == [("token_replacement", "614.1a")] + [("create_token", "111.1")] * 4
    assert g.s.log[n]["amount"] == 4


def test_614_1a_anointed_procession_doesnt_multiply_an_opponents_tokens() -> None:
    g = _game()
    put(g, "Anointed Procession", "battlefield", controller=1)
    done = g.perform(TokenCreated("111.1", get_card("Grizzly Bears"), 0))
    assert isinstance(done, TokenCreated) and len(done.ids) == 1


@pytest.mark.parametrize("cls", [Damage, CountersPut, TokenCreated])
def test_nothing_is_walked_when_no_replacement_applies(cls, monkeypatch) -> None:
    """The hot path: no replacement effect applies, so the door doesn't walk orders (no chooser call)."""
    g = _game()
    bear = put(g, "Grizzly Bears", "battlefield")
    g.chooser = ch = Chooser()
    monkeypatch.setattr(door, "_walk", lambda *a: pytest.fail("walked"))
    if cls is Damage:
        g.perform(Damage("120.3", bear.id, 1, "x"))
        assert bear.damage == 1
    elif cls is CountersPut:
        g.perform(CountersPut("122.1", bear.id, "+1/+1", 1))
        assert bear.counters == {"+1/+1": 1}
    else:
        g.perform(TokenCreated("111.1", get_card("Grizzly Bears"), 0))
    assert ch.calls == []

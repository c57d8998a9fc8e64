"""Ascend and the city's blessing (702.131), a designation a player can have.

- 702.131a: ascend on an instant or sorcery is a spell ability (`AscendNow`, first of the spell's effects as
  its text prints it): "If you control ten or more permanents and you don't have the city's blessing, you
  get the city's blessing for the rest of the game".
- 702.131b: ascend on a permanent is a static ability (StaticAbility kind "ascend"): any time its controller
  controls ten or more permanents, they get the city's blessing. What can bring a player to ten is looked at
  as it happens: a permanent entering (registry.ENTERED_BATTLEFIELD_HOOKS, before its enters triggers are
  looked at), tokens created (after the TokenCreated event) and a control change; anything else (a permanent
  gaining ascend) just before state-based actions are checked (registry.PRE_CHECK).
- 702.131c: the designation (GameState.city_blessing, the GotCityBlessing event performed here); any number
  of players may have it; it is never lost.
- 702.131d: continuous effects are reapplied at once (the event changes characteristics: "as long as you have
  the city's blessing", the "city_blessing" Condition of rules/continuous.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import ControlChange, Event, GotCityBlessing, TokenCreated
from ..model.vocab.ascend import AscendNow
from . import add_hook, effect_context

if TYPE_CHECKING:
    from ..engine.game import Game

ASCEND_KIND = "ascend"  # the StaticAbility kind of 702.131b (cards/templates/keywords.py)


def _qualifies(g: Game, p: int) -> bool:
    """702.131a-b: `p` controls ten or more permanents and doesn't have the city's blessing yet."""
    return p not in g.s.city_blessing and len(g.permanents(p)) >= 10


def _perform(g: Game, e: Event) -> None:
    assert isinstance(e, GotCityBlessing)
    s = g.s
    s.city_blessing = s.city_blessing | {e.player}
    g._log("city_blessing", e.rule, e.SBA, {"player": s.players[e.player].name})


def _ascend_now(g: Game, ctx: effect_context.Context, e: AscendNow) -> list | None:
    if _qualifies(g, ctx.controller):
        g.perform(GotCityBlessing("702.131a", ctx.controller))
    return None


def _check_permanents(g: Game) -> bool:
    """702.131b: each controller of a permanent with ascend who now controls ten or more permanents gets the
    city's blessing. Returns whether anyone did."""
    got = False
    for p in sorted({o.controller for o, _ab in g.statics_of_kind(ASCEND_KIND)}):
        if _qualifies(g, p):
            g.perform(GotCityBlessing("702.131b", p))
            got = True
    return got


def _entered(g: Game, old_id: int, new_id: int, from_zone: str) -> None:
    _check_permanents(g)


def _after_event(g: Game, e: Event) -> None:
    _check_permanents(g)


registry.register_effect(AscendNow, _ascend_now)
registry.EVENT_PERFORMERS[GotCityBlessing] = _perform
add_hook(registry.ENTERED_BATTLEFIELD_HOOKS, _entered, kinds=(ASCEND_KIND,))
add_hook(registry.EVENT_TRIGGERS.setdefault(TokenCreated, []), _after_event, kinds=(ASCEND_KIND,))
add_hook(registry.EVENT_TRIGGERS.setdefault(ControlChange, []), _after_event, kinds=(ASCEND_KIND,))
add_hook(registry.PRE_CHECK, _check_permanents, kinds=(ASCEND_KIND,))

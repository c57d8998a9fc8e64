"""CR 603.4: intervening "if" clauses. A triggered ability with one triggers only if the condition is
true as its event happens, and does nothing unless it is still true as it resolves
(rules/triggers.py, rules/trigger_events.py still_holds). The same conditions about this turn also
gate "Activate only if [history]" (602.5b, rules/mana_payment.py). 608.2c: "[effects] unless an opponent has 10
or less life" (UnlessCondition): the effects happen unless the condition holds as the ability resolves; "[effects]
if CARDNAME is enchanted" (its `if_holds` reading): only if it holds.

`holds(g, cond, source, lki, event_obj)` reads a condition of model/vocab/conditions.py for the
source's controller (the source's last known information once it has left, 603.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.state import BATTLEFIELD
from ..model.vocab.conditions import (
    CastXAtLeast,
    ControlCount,
    CostWasPaid,
    EventObjectMatches,
    HasCounters,
    HistoryCondition,
    NoCountersOnSource,
    OpponentMoreLands,
    PlayerHasMostLife,
    SourceIsType,
    StateCondition,
    TotalPowerAtLeast,
    WasKicked,
)
from ..model.vocab.turn_history import UnlessCondition
from . import continuous, targeting, turn_history

if TYPE_CHECKING:
    from ..engine.game import Game


def _controller(g: Game, source: int, lki: Any) -> int | None:
    """The controller of the ability's source (its last known information once it has left)."""
    o = g.s.objects.get(source)
    if o is not None and o.zone == BATTLEFIELD:
        return o.controller
    return lki[0].controller if lki else (o.controller if o is not None else None)


def _was_kicked(g: Game, cond: WasKicked, source: int, lki: Any, event_obj: int | None) -> bool:
    return source in g.s.kicked_permanents


def _cost_was_paid(g: Game, cond: CostWasPaid, source: int, lki: Any, event_obj: int | None) -> bool:
    return (source, cond.kind) in g.s.costs_paid_permanents


def _control_count(g: Game, cond: ControlCount, source: int, lki: Any, event_obj: int | None) -> bool:
    p = _controller(g, source, lki)
    if p is None:
        return False
    players = [q for q in range(len(g.s.players)) if q != p] if cond.opponent else [p]
    for q in players:
        counted = [o for o in g.permanents(q) if targeting.matches_filter(g, cond.flt, o, p, source)
                   and not (cond.besides_event and o.id == event_obj)]
        # 201.2: "with different names": each name once (a face-down permanent has none, 708.2)
        n = len({g.chars(o).name for o in counted} - {""}) if cond.distinct_names else len(counted)
        if n >= cond.at_least and (cond.at_most is None or n <= cond.at_most):
            return True
    return False


def _source_is_type(g: Game, cond: SourceIsType, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if o is None or o.zone != BATTLEFIELD:
        return False
    return cond.card_type in g.chars(o).types


def _event_object_matches(g: Game, cond: EventObjectMatches, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(event_obj) if event_obj is not None and event_obj >= 0 else None
    if o is None:
        return False
    p = _controller(g, source, lki)
    return targeting.matches_filter(g, cond.flt, o, p if p is not None else o.controller, source)


def most_life_player(g: Game) -> int | None:
    """The player with more life than each other player (of those still in the game), or None on a tie."""
    lives = [(pl.life, i) for i, pl in enumerate(g.s.players) if not pl.lost]
    best = max(lives, default=None)
    if best is None or sum(1 for life, _ in lives if life == best[0]) > 1:
        return None
    return best[1]


def _player_has_most_life(g: Game, cond: PlayerHasMostLife, source: int, lki: Any, event_obj: int | None) -> bool:
    return most_life_player(g) is not None


def _has_counters(g: Game, cond: HasCounters, source: int, lki: Any, event_obj: int | None) -> bool:
    # "it" without an event object: the source itself ("whenever CARDNAME or another creature ... dies, if it had
    # counters on it": its own death, its last known information)
    oid = event_obj if cond.of_event and event_obj is not None else source
    if event_obj is None and cond.of_event:
        cond = HasCounters()
    if oid is None or oid < 0:
        return False
    o = g.s.objects.get(oid)
    if o is None or (cond.of_event and o.zone != BATTLEFIELD):
        last = g.s.lki.get(oid) if cond.of_event else lki
        o = last[0] if last else o
    return o is not None and any(n > 0 for n in o.counters.values())


def _opponent_more_lands(g: Game, cond: OpponentMoreLands, source: int, lki: Any, event_obj: int | None) -> bool:
    p = _controller(g, source, lki)
    if p is None:
        return False

    def lands(q: int) -> int:
        return sum(1 for o in g.permanents(q) if "Land" in g.chars(o).types)
    return any(lands(q) > lands(p) for q in range(len(g.s.players)) if q != p)


def _no_counters(g: Game, cond: NoCountersOnSource, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if (o is None or o.zone != BATTLEFIELD) and lki:
        o = lki[0]  # 603.10: as it last existed on the battlefield
    return o is not None and not o.counters.get(cond.kind, 0)


def _history(g: Game, cond: HistoryCondition, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if o is not None:
        controller = o.controller
    elif lki is not None:
        controller = lki[0].controller
    else:
        return False
    return turn_history.happened(g, controller, cond.kind)


def _source_or_lki(g: Game, source: int, lki: Any) -> Any:
    """The source object, or its last known information once it has left (None: neither)."""
    o = g.s.objects.get(source)
    return o if o is not None else (lki[0] if lki is not None else None)


def _cast_x_at_least(g: Game, cond: CastXAtLeast, source: int, lki: Any, event_obj: int | None) -> bool:
    """107.3m: the X of the spell the permanent was (its last known information once it has left)."""
    o = _source_or_lki(g, source, lki)
    return o is not None and (o.cast_x or 0) >= cond.n


def _state(g: Game, cond: StateCondition, source: int, lki: Any, event_obj: int | None) -> bool:
    o = _source_or_lki(g, source, lki)
    if o is None:
        return False
    if o.id in g.s.objects:
        g.chars(o)  # fills the characteristics cache of this state version
    ok, _ = continuous._condition(g.s, o, cond.condition, g._cache, continuous._statics(g.s))
    return ok


def _total_power(g: Game, cond: TotalPowerAtLeast, source: int, lki: Any, event_obj: int | None) -> bool:
    p = _controller(g, source, lki)
    if p is None:
        return False
    total = sum(g.chars(o).power or 0 for o in g.permanents(p) if "Creature" in g.chars(o).types)
    return total >= cond.n


EVALUATORS = registry.CONDITION_EVALUATORS  # (engine/registry.py)
EVALUATORS.update({
    WasKicked: _was_kicked,
    CostWasPaid: _cost_was_paid,
    ControlCount: _control_count,
    OpponentMoreLands: _opponent_more_lands,
    SourceIsType: _source_is_type,
    HasCounters: _has_counters,
    PlayerHasMostLife: _player_has_most_life,
    EventObjectMatches: _event_object_matches,
    HistoryCondition: _history,
    NoCountersOnSource: _no_counters,
    StateCondition: _state,
    CastXAtLeast: _cast_x_at_least,
    TotalPowerAtLeast: _total_power,
})


def holds(g: Game, cond: Any, source: int, lki: Any, event_obj: int | None) -> bool:
    """Whether the condition `cond` is true now for the ability of `source` (603.4)."""
    return EVALUATORS[type(cond)](g, cond, source, lki, event_obj)


def _unless_condition(g: Game, ctx: Any, e: UnlessCondition) -> list | None:
    held = ctx.source is not None and holds(g, e.condition, ctx.source, ctx.source_lki, ctx.event_obj)
    if held != e.if_holds:
        return None
    return [("resume_effects", ctx, e.effects, 0, None)]


registry.register_effect(UnlessCondition, _unless_condition)

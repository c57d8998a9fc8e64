"""Upkeep keywords (702.30a echo, 702.32a fading, 702.63a vanishing, 702.24a cumulative upkeep); the
templates are in cards/templates/graveyard_keywords.py.

- 702.30a echo: "At the beginning of your upkeep, if this came under your control since the
  beginning of your last upkeep, sacrifice it unless you pay [cost]" (registry.BEFORE_UNTAP_HOOKS marks
  the permanents whose echo is due); "Echo—Discard a card" (118.12a).
- 118.12a: "sacrifice CARDNAME unless you discard a [land] card" (Masticore's upkeep, Fallow Wurm's entering):
  the controller discards a card of that quality or sacrifices it; with none in hand, it is sacrificed.
- 702.32a fading, 702.63a vanishing: time / fade counters removed in the upkeep, sacrificed when it
  can't (or when the last is removed).
- 702.24a cumulative upkeep: an age counter, then pay the cost for each age counter or sacrifice it;
  with a life cost, 119.4: a player can pay life only up to their life total.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import state as _state_module
from ..model import vocab as V
from ..model.costs import parse_cost
from ..model.events import CountersRemoved, EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD
from ..model.vocab.upkeep_keywords import (  # noqa: F401 (the vocabulary this module executes)
    CounterTrigger,
    CumulativeUpkeep,
    CumulativeUpkeepLife,
    EchoTrigger,
    RemoveCounterOrSacrifice,
    SacrificeSource,
    SacrificeUnlessDiscard,
)
from . import add_hook, counter_replacement, effect_context, effects, targeting, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game


def _mark_echo(g: Game) -> None:
    ContinuousEffect = _state_module.ContinuousEffect
    s = g.s
    if s.effects:
        ended = tuple(e for e in s.effects if e.kind == "echo_due" and e.controller == s.active)
        if ended:
            g.perform(EffectsEnded("702.30a", ended))
    for o in g.permanents(s.active):
        if o.sick and any(isinstance(ab, EchoTrigger) for ab in g.chars(o).abilities):
            g.perform(EffectCreated("702.30a", ContinuousEffect("echo_due", o.id, until="permanent",
                                                                controller=s.active, timestamp=s.next_timestamp)))
            s.next_timestamp += 1


def _remove_or_sacrifice(g: Game, ctx: effect_context.Context, e: RemoveCounterOrSacrifice) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    n = o.counters.get(e.kind, 0)
    if n <= 0:
        if not e.vanishing:
            effects.sacrifice(g, o.id)  # 702.32a: "If you can't, sacrifice the permanent."
        return None  # 603.4: vanishing's intervening if is false on resolution
    g.perform(CountersRemoved("122.8", o.id, e.kind, 1))
    if e.vanishing and n == 1:
        # 702.63a: "When the last time counter is removed from this permanent, sacrifice it."
        ab = V.TriggeredAbility(f"{o.card.name}: when the last time counter is removed, sacrifice it", "last_counter",
                                (SacrificeSource(),))
        trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name)
    return None


def _sacrifice_source(g: Game, ctx: effect_context.Context, e: SacrificeSource) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone == BATTLEFIELD:
        effects.sacrifice(g, o.id)
    return None


registry.register_effect(RemoveCounterOrSacrifice, _remove_or_sacrifice)
registry.register_effect(SacrificeSource, _sacrifice_source)


def _install_upkeep_hooks() -> None:
    add_hook(registry.BEFORE_UNTAP_HOOKS, _mark_echo, classes=(EchoTrigger,))  # its "echo_due" effects


_install_upkeep_hooks()


def _cumulative_upkeep(g: Game, ctx: effect_context.Context, e: CumulativeUpkeep) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None  # 702.24a: "if this permanent is on the battlefield"
    counter_replacement.put_counters(g, o, "age", 1, "702.24a")
    total = parse_cost(e.cost.text * o.counters["age"])
    return [effect_context.queue_choice("pay_or_sacrifice", ctx.controller, total.text,
                            f"{ctx.name}: cumulative upkeep: pay {total.text} or sacrifice {o.card.name} "
                            f"(true to pay, false not to)", (o.id, total, ctx.name))]


registry.register_effect(CumulativeUpkeep, _cumulative_upkeep)


def _cumulative_upkeep_life(g: Game, ctx: effect_context.Context, e: CumulativeUpkeepLife) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    counter_replacement.put_counters(g, o, "age", 1, "702.24a")
    total = e.life * o.counters["age"]
    return [effect_context.queue_choice("pay_life_or_sacrifice", ctx.controller, total,
                            f"{ctx.name}: cumulative upkeep: pay {total} life or sacrifice {o.card.name} "
                            f"(true to pay, false not to)", (o.id, total, ctx.name))]


def _life_actions(g: Game, d: Any) -> list:
    _, total, _ = g.s.queue[0][5]
    if g.s.players[d.player].life < total:
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _answer_life(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, total, name = s.queue[0][5]
    if value and s.players[d.player].life < total:
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {total} life (119.4)")
    s.pending = None
    s.queue.pop(0)
    if value:
        g.set_life(d.player, -total, "119.4", source=name)
        return
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        effects.sacrifice(g, oid)


registry.register_effect(CumulativeUpkeepLife, _cumulative_upkeep_life)


def _install_life_choice() -> None:
    registry.CHOICES["pay_life_or_sacrifice"] = (_life_actions, _answer_life)


_install_life_choice()


def _sacrifice_unless_discard(g: Game, ctx: effect_context.Context, e: SacrificeUnlessDiscard) -> list | None:
    """118.12a: the permanent is sacrificed unless its controller discards a card (of the quality named) as it
    resolves; with no such card in hand, it is sacrificed. The permanent gone (400.7): nothing happens."""
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    hand = tuple(c for c in s.players[ctx.controller].hand
                 if e.filter is None or targeting.matches_filter(g, e.filter, s.objects[c], ctx.controller))
    return [effect_context.queue_choice("discard_or_sacrifice", ctx.controller, hand,
                                        f"{ctx.name}: discard a card (name it) or false to sacrifice {o.card.name}",
                                        (o.id, ctx.name, e.rule))]


def _discard_or_sacrifice_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_discard_or_sacrifice(g: Game, d: Any, value: Any) -> None:
    s = g.s
    oid, name, rule = s.queue[0][5]
    if value is not False and (isinstance(value, bool) or value not in d.data):
        raise IllegalActionError(f"{d.prompt}: answer a card in your hand of the quality named, or false")
    s.pending = None
    s.queue.pop(0)
    if value is not False:
        effects.discard(g, d.player, value, rule=rule)
        return
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        effects.sacrifice(g, oid)


registry.register_effect(SacrificeUnlessDiscard, _sacrifice_unless_discard)


def _install_echo_discard() -> None:
    registry.CHOICES["discard_or_sacrifice"] = (_discard_or_sacrifice_actions, _answer_discard_or_sacrifice)


_install_echo_discard()


def _echo_trigger_intervening_if(g: Game, ability: EchoTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    s = g.s
    due = [e for e in s.effects if e.kind == "echo_due" and e.target == source]
    if not due:
        return False
    g.perform(EffectsEnded("702.30a", tuple(due)))
    return True


registry.INTERVENING_IF[EchoTrigger] = _echo_trigger_intervening_if


def _counter_trigger_intervening_if(g: Game, ability: CounterTrigger, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    return o is not None and o.counters.get(ability.counter_kind, 0) > 0


registry.INTERVENING_IF[CounterTrigger] = _counter_trigger_intervening_if

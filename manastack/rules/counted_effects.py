"""Effects whose size is counted as they resolve (CR 608.2h, 611.2): "Target creature gets -1/-1 until end
of turn for each artifact you control" (Irradiate): the number is counted once, as the spell resolves;
the change is then an ordinary until-end-of-turn effect (611.2c: it doesn't change if the number does,
layer 7c). The templates are in cards/templates/effects_counted.py.

- 608.2h: "the number of creatures on the battlefield plus the number of artifacts on the battlefield" (War
  Report): `SumOf`, each term counted as the effect resolves.
- 701.17a: "Sacrifice any number of creatures. You gain 3 life for each creature sacrificed this way" (Plunge into
  Darkness): one choice of any number of them (none too), sacrificed at once; the life counts them.
- 119.4: "Pay any amount of life, then look at that many cards from the top of your library": a number from 0 to
  the life total (a player with 0 or less life pays only 0), paid, then read as "that many".
- 107.1a: "half your life, rounded up", "draws cards equal to half the number of cards in their library and loses
  half their life. Round up each time." (Peer into the Abyss, Cruel Bargain): `HalfOf`, counted for its player as
  each effect resolves (the life is halved after the draw; 608.2h).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.vocab.counted_effects import (
    HalfOf,
    LifePaid,
    PayAnyLife,
    PumpPer,
    SacrificeAnyNumber,
    SacrificedCount,
    SumOf,
)
from . import choice_effects, effect_context, effects, targeting

if TYPE_CHECKING:
    from ..engine.game import Game


def _pump_per(g: Game, ctx: effect_context.Context, e: PumpPer) -> list | None:
    n = effect_context.amount(g, ctx, e.per)
    return registry.EFFECT_HANDLERS[V.Pump](g, ctx, V.Pump(e.target, e.power * n, e.toughness * n))


registry.register_effect(PumpPer, _pump_per)


def _half_of(g: Game, ctx: effect_context.Context, a: HalfOf) -> int:
    players = effect_context.resolve_who(g, ctx, a.who)
    if not players:
        return 0
    pl = g.s.players[players[0]]
    n = max(0, pl.life) if a.of == "life" else len(pl.library)  # 107.1b: a negative life total has no half to lose
    return (n + 1) // 2 if a.round_up else n // 2


registry.AMOUNT_RESOLVERS[HalfOf] = _half_of


def _sum_of(g: Game, ctx: effect_context.Context, a: SumOf) -> int:
    return sum(effect_context.amount(g, ctx, t) for t in a.terms)


registry.AMOUNT_RESOLVERS[SumOf] = _sum_of




def _resume_with(g: Game, **fields: Any) -> None:
    """Tell the rest of the effect (the "resume_effects" item queued after the choice) what this part did."""
    queue = g.s.queue
    for i, it in enumerate(queue):
        if it[0] == "resume_effects":
            queue[i] = ("resume_effects", dataclasses.replace(it[1], **fields), *it[2:])
            return


def _sacrifice_any_number(g: Game, ctx: effect_context.Context, e: SacrificeAnyNumber) -> list | None:
    p = ctx.controller
    cands = tuple(o.id for o in g.permanents(p) if targeting.matches_filter(g, e.filter, o, ctx.controller, ctx.source))
    return [effect_context.queue_choice(
        "sacrifice_any", p, cands, f"701.17a: {ctx.name}: sacrifice any number of "
        f"{', '.join(g.name_of(c) for c in cands) or '(none)'} (a list; [] for none)", ctx.name)]


def _answer_sacrifice_any(g: Game, d: Any, value: Any) -> None:
    chosen = choice_effects.check_subset(g, d, value)
    s = g.s
    s.pending = None
    s.queue.pop(0)
    for oid in chosen:  # 701.17a: sacrificed at once (no trigger sees one before the others)
        effects.sacrifice(g, oid)
    g.log_event("sacrifice_any", "701.17a", player=s.players[d.player].name, count=len(chosen))
    _resume_with(g, sacrificed_now=chosen)


def _sacrificed_count(g: Game, ctx: effect_context.Context, a: SacrificedCount) -> int:
    return len(ctx.sacrificed_now) * a.multiplier


def _pay_any_life(g: Game, ctx: effect_context.Context, e: PayAnyLife) -> list | None:
    p = ctx.controller
    top = max(0, g.s.players[p].life)  # 119.4: only as much life as the life total
    return [effect_context.queue_choice("pay_any_life", p, top, f"119.4: {ctx.name}: pay any amount of life, "
                                        f"0 to {top} (a number)", ctx.name)]


def _pay_any_life_actions(g: Game, d: Any) -> list:
    top = int(d.data)  # type: ignore[call-overload]
    return [A.Choose(n) for n in range(0, min(top, 40) + 1)]  # a listing of the smaller amounts is enough


def _answer_pay_any_life(g: Game, d: Any, value: Any) -> None:
    top = int(d.data)  # type: ignore[call-overload]
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
        raise IllegalActionError(f"{d.prompt}: a number from 0 to {top}, not {value!r}")
    s = g.s
    s.pending = None
    s.queue.pop(0)
    if value:
        g.set_life(d.player, -value, "119.4")
    g.log_event("pay_life", "119.4", player=s.players[d.player].name, amount=value)
    _resume_with(g, life_paid=value)


def _life_paid(g: Game, ctx: effect_context.Context, a: LifePaid) -> int:
    return ctx.life_paid


registry.register_effect(SacrificeAnyNumber, _sacrifice_any_number)
registry.register_effect(PayAnyLife, _pay_any_life)
registry.AMOUNT_RESOLVERS[SacrificedCount] = _sacrificed_count
registry.AMOUNT_RESOLVERS[LifePaid] = _life_paid
registry.CHOICES["sacrifice_any"] = (choice_effects.subset_actions, _answer_sacrifice_any)
registry.CHOICES["pay_any_life"] = (_pay_any_life_actions, _answer_pay_any_life)

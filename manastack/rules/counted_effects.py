"""Effects whose size is counted as they resolve (CR 608.2h, 611.2): "Target creature gets -1/-1 until end
of turn for each artifact you control" (Irradiate): the number is counted once, as the spell resolves;
the change is then an ordinary until-end-of-turn effect (611.2c: it doesn't change if the number does,
layer 7c). The templates are in cards/templates/effects_counted.py.

- 608.2h: "the number of creatures on the battlefield plus the number of artifacts on the battlefield" (War
  Report): `SumOf`, each term counted as the effect resolves.
- 608.2h, 107.1b: "where X is the greatest power among creatures you control" (Fungal Sprouting): `GreatestPower`,
  read as the effect resolves; no such creature, or a negative power, gives 0.
- 107.1a: "half your life, rounded up", "draws cards equal to half the number of cards in their library and loses
  half their life. Round up each time." (Peer into the Abyss, Cruel Bargain): `HalfOf`, counted for its player as
  each effect resolves (the life is halved after the draw; 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.vocab.counted_effects import GreatestPower, HalfOf, PumpPer, SumOf
from . import effect_context, targeting

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


def _greatest_power(g: Game, ctx: effect_context.Context, a: GreatestPower) -> int:
    powers = [g.chars(g.s.objects[oid]).power or 0
              for oid in targeting.objects_matching(g, a.filter, ctx.controller, ctx.source)]
    return max([0, *powers])


registry.AMOUNT_RESOLVERS[GreatestPower] = _greatest_power

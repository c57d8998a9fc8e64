"""Effects whose size is counted as they resolve (CR 608.2h, 611.2): "Target creature gets -1/-1 until end
of turn for each artifact you control" (Irradiate): the number is counted once, as the spell resolves;
the change is then an ordinary until-end-of-turn effect (611.2c: it doesn't change if the number does,
layer 7c). The templates are in cards/templates/effects_counted.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.vocab.counted_effects import PumpPer
from . import effect_context

if TYPE_CHECKING:
    from ..engine.game import Game


def _pump_per(g: Game, ctx: effect_context.Context, e: PumpPer) -> list | None:
    n = effect_context.amount(g, ctx, e.per)
    return registry.EFFECT_HANDLERS[V.Pump](g, ctx, V.Pump(e.target, e.power * n, e.toughness * n))


registry.register_effect(PumpPer, _pump_per)

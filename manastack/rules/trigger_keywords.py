"""Keyword abilities that are triggered abilities (603), compiled by cards/templates/keywords_triggered.py:

- 702.101 extort: "Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses 1 life
  and you gain life equal to the total life lost this way" (a "cast" trigger; 702.101b: each instance
  triggers separately). `ExtortDrain` gains what was actually lost (119.3, 119.4: a player whose life
  can't change loses nothing).
- 702.115 ingest: "Whenever this creature deals combat damage to a player, that player exiles the top
  card of their library" (`ExileTopOfLibrary`; 702.115b: each instance triggers separately).
- 702.86 annihilator N: "Whenever this creature attacks, defending player sacrifices N permanents"
  (the plain Sacrifice effect, 701.21a).
- 702.149 training: "Whenever this creature attacks with another creature with greater power, put a
  +1/+1 counter on this creature" (the "attacks_with_greater_power" event of rules/triggers.py, checked
  as attackers are declared, 508.1m / 603.2).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.state import EXILE
from ..model.vocab.trigger_keywords import (  # noqa: F401 (the vocabulary this module executes)
    ExileTopOfLibrary,
    ExtortDrain,
)
from . import effect_context
from . import effects as E

if TYPE_CHECKING:
    from ..engine.game import Game


def _extort_drain(g: Game, ctx: effect_context.Context, e: ExtortDrain) -> list | None:
    s = g.s
    lost = 0
    for p in effect_context.resolve_who(g, ctx, V.EACH_OPPONENT):
        before = s.players[p].life
        g.set_life(p, -1, "702.101a", source=ctx.name)
        lost += max(0, before - s.players[p].life)
    if lost:
        E.gain_life(g, ctx.controller, lost, "702.101a", source=ctx.name)
    return None


def _exile_top(g: Game, ctx: effect_context.Context, e: ExileTopOfLibrary) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        for oid in list(g.s.players[p].library[:e.amount]):
            g.move(oid, EXILE, rule="702.115a")
    return None


registry.register_effect(ExtortDrain, _extort_drain)
registry.register_effect(ExileTopOfLibrary, _exile_top)

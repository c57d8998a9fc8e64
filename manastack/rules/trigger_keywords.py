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
- 702.110 exploit: "When this creature enters, you may sacrifice a creature" (an "etb" trigger: Optional
  Sacrifice, then `Exploits`); 702.110b: the creature "exploits a creature" when a creature is sacrificed as
  that ability resolves, and its "When CARDNAME exploits a creature" abilities ("exploits") trigger: also when
  it sacrificed itself (its last known information), not when it had left the battlefield before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.state import BATTLEFIELD, EXILE
from ..model.vocab.trigger_keywords import (  # noqa: F401 (the vocabulary this module executes)
    ExileTopOfLibrary,
    Exploits,
    ExtortDrain,
)
from . import effect_context, trigger_queue
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


def _exploits(g: Game, ctx: effect_context.Context, e: Exploits) -> list | None:
    """702.110b: the creature sacrificed by the "you may sacrifice a creature" before it (Context.sacrificed_now)."""
    if not ctx.sacrificed_now or ctx.source is None:
        return None
    victim = ctx.sacrificed_now[-1]
    s = g.s
    src = s.objects.get(ctx.source)
    if src is not None and src.zone == BATTLEFIELD:
        controller, abilities, lki = src.controller, g.chars(src).abilities, None
    elif victim == ctx.source and victim in s.lki:
        lki = s.lki[victim]  # it exploited itself: it is gone, its abilities as it last existed trigger
        controller, abilities = lki[0].controller, lki[1].abilities
    else:
        return None  # 702.110b: no longer on the battlefield as the ability resolved: it exploits nothing
    for ab in abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "exploits":
            trigger_queue.queue(g, controller, ctx.source, ab, lki, ctx.name, event_obj=victim)  # "the exploited creature"
    return None


registry.register_effect(ExtortDrain, _extort_drain)
registry.register_effect(Exploits, _exploits)
registry.register_effect(ExileTopOfLibrary, _exile_top)

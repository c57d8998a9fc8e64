"""Phasing (702.26): permanents that phase out and back in.

- 702.26a / 702.26d: a permanent that phases out is treated as though it doesn't exist: it leaves the
  battlefield's list (no rule, effect or ability sees it; a spell or ability that targets it finds its target
  gone, 608.2b), but phasing is no zone change: it is the same object, keeps its counters, its attachments and
  the effects on it, and nothing leaves or enters (no triggers, 702.26d). 506.4: it is removed from combat.
- 702.26g: each Aura, Equipment or Fortification attached to it phases out "indirectly" with it (and what is
  attached to those); 702.26h: they phase in with it.
- 702.26b / 502.1: as its controller's untap step begins (before the permanents untap), every permanent that
  phased out directly while that player controlled it phases in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import PhaseChange
from ..model.state import BATTLEFIELD, PHASED_OUT
from ..model.vocab.phasing import PhaseOut
from . import add_hook, combat, effect_context

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


def _perform(g: Game, ev: PhaseChange) -> None:
    """registry.EVENT_PERFORMERS: the permanent phases out or in, in place (702.26d)."""
    s = g.s
    o = s.objects[ev.obj]
    if not ev.phase_in:
        if o.zone != BATTLEFIELD:
            return
        if s.combat is not None:
            combat.remove_from_combat(g, o.id)  # 506.4
        s.battlefield.remove(o.id)
        o.zone = PHASED_OUT
        s.phased_out = s.phased_out + ((o.id, o.controller, ev.via),)
        g._log("phase_out", ev.rule, ev.SBA, {"card": o.card.name, "id": o.id,
                                              **({"indirectly_with": g.name_of(ev.via)} if ev.via is not None else {})})
        return
    if o.zone != PHASED_OUT:
        return
    s.phased_out = tuple(x for x in s.phased_out if x[0] != o.id)
    o.zone = BATTLEFIELD
    s.battlefield.append(o.id)
    g._log("phase_in", ev.rule, ev.SBA, {"card": o.card.name, "id": o.id})


def phase_out(g: Game, oid: int) -> None:
    """702.26a / 702.26g: `oid` phases out, and with it, indirectly, what is attached to it."""
    s = g.s
    attached = [x for x in s.battlefield if s.objects[x].attached_to == oid]
    g.perform(PhaseChange("702.26a", oid))
    for x in attached:
        _phase_out_indirectly(g, x, oid)


def _phase_out_indirectly(g: Game, oid: int, via: int) -> None:
    s = g.s
    attached = [x for x in s.battlefield if s.objects[x].attached_to == oid]
    g.perform(PhaseChange("702.26g", oid, via=via))
    for x in attached:
        _phase_out_indirectly(g, x, oid)


def _phase_in_untap_step(g: Game) -> None:
    """702.26b / 502.1: the active player's directly phased-out permanents phase in, and with each what phased
    out indirectly with it (702.26h)."""
    s = g.s
    direct = [oid for oid, who, via in s.phased_out if via is None and who == s.active]
    for oid in direct:
        _phase_in_with(g, oid)


def _phase_in_with(g: Game, oid: int) -> None:
    s = g.s
    riders = [x for x, _, via in s.phased_out if via == oid]
    g.perform(PhaseChange("702.26b" if not riders else "702.26h", oid, phase_in=True))
    for x in riders:
        _phase_in_with(g, x)


def _phase_out_effect(g: Game, ctx: Context, e: PhaseOut) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None and g.s.objects[oid].zone == BATTLEFIELD:
        phase_out(g, oid)
    return None


registry.EVENT_PERFORMERS[PhaseChange] = _perform
registry.register_effect(PhaseOut, _phase_out_effect)
add_hook(registry.BEFORE_UNTAP_HOOKS, _phase_in_untap_step, classes=(PhaseOut,))

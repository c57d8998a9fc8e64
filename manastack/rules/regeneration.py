"""Regeneration (701.15, 614.8) and umbra armor (702.89): replacement effects on destruction, consulted
inline by rules/effects.py (destroy, and deal_damage for deathtouch and lethal damage).

- 701.15a / 614.8: "regenerate it" creates a shield that lasts until used or the turn ends; it
  replaces the destruction: tap it, remove all damage, remove it from combat.
- "It can't be regenerated" (701.15c); "... can't be regenerated this turn" (a CANT_BE_REGENERATED effect
  until end of turn, rules/damage_riders.py).
- 702.89a umbra armor: "If enchanted permanent would be destroyed, instead remove all damage marked on
  it and destroy this Aura" (with several, the order 616.1 would let its controller choose is not
  asked).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import vocab as V
from ..model.events import DamageRemoved, EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab.damage_riders import CANT_BE_REGENERATED
from . import add_hook, effect_context, effects, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _regenerate(g: Game, ctx: effect_context.Context, e: V.Regenerate) -> list | None:
    """701.15a: create a regeneration shield for the permanent (it lasts until used or the turn ends); "regenerate
    each creature you control": one for each permanent the filter matches as it resolves (611.2c)."""
    if e.each is not None:
        for oid in targeting.objects_matching(g, e.each, ctx.controller, ctx.source):
            _shield(g, ctx, oid)
        return None
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None:
        _shield(g, ctx, oid)
    return None


def _shield(g: Game, ctx: effect_context.Context, oid: int) -> None:
    s = g.s
    shield = ContinuousEffect("regeneration_shield", oid, timestamp=s.next_timestamp, controller=ctx.controller)
    s.next_timestamp += 1
    g.perform(EffectCreated("701.15a", shield, "regeneration_shield", {"card": s.objects[oid].card.name, "id": oid}))


def _umbra_armor(g: Game, o: Any) -> bool:
    """702.89a: "If enchanted permanent would be destroyed, instead remove all damage marked on it and
    destroy this Aura." Applied after a regeneration shield, and with several umbra Auras the oldest
    one: the order 616.1 lets the affected permanent's controller choose is not asked."""
    s = g.s
    for aura_id in sorted(a for a, x in s.objects.items() if x.zone == BATTLEFIELD and x.attached_to == o.id):
        aura = s.objects[aura_id]
        if "umbra armor" in g.chars(aura).keywords:
            g.perform(DamageRemoved("702.89a", (o.id,)))
            g.log_event("umbra_armor", "702.89a", card=o.card.name, aura=aura.card.name)
            effects.destroy(g, aura_id, "702.89a")
            return True
    return False


def _regenerated(g: Game, o: Any) -> bool:
    """701.15a / 614.8: a shield replaces the destruction: tap it, remove all damage, remove it from combat."""
    s = g.s
    for e in s.effects:
        if e.kind == "regeneration_shield" and e.target == o.id:
            g.perform(EffectsEnded("701.15a", (e,)))  # the shield is used up
            if not o.tapped:
                g.tap(o, "701.15a")
            g.perform(DamageRemoved("701.15a", (o.id,)))
            if s.combat is not None:
                registry.RULES.remove_from_combat(g, o.id)
            g.log_event("regenerate", "701.15a", card=o.card.name, id=o.id)
            return True
    return False


def _destruction_replaced(g: Game, o: Obj, can_regenerate: bool) -> bool:
    """614.8 / 701.15a: a regeneration shield replaces the destruction (unless it can't be regenerated,
    701.15c); else 702.89a umbra armor does."""
    if can_regenerate and g.s.effects and any(e.kind == CANT_BE_REGENERATED and e.target == o.id for e in g.s.effects):
        can_regenerate = False  # 701.15c: "can't be regenerated this turn"
    return (can_regenerate and _regenerated(g, o)) or _umbra_armor(g, o)


add_hook(registry.DESTRUCTION_REPLACEMENTS, _destruction_replaced)
registry.EFFECT_HANDLERS.update({V.Regenerate: _regenerate, V.CantBeRegenerated: lambda g, ctx, e: None})

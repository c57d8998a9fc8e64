"""CR 702.95 soulbond: pairing two creatures, and the static abilities of a paired creature.

- 702.95a: soulbond is two triggered abilities: "When this creature enters, if you control both this
  creature and another creature and both are unpaired, you may pair this creature with another unpaired
  creature you control for as long as both remain creatures on the battlefield under your control" and
  "Whenever another creature you control enters, if you control both that creature and this one and both are
  unpaired, you may pair that creature with this creature ...". The conditions are checked as the ability
  resolves; the controller chooses the partner, or none (608.2d: "you may").
- 702.95b-c, 702.95e: a pair (two PAIRED effects, one per creature) lasts while both are creatures on the
  battlefield under the controller of the ability that paired them (rules/continuous.py `paired_partner`
  reads it); a creature is paired with at most one other.
- 702.95d: "As long as CARDNAME is paired with another creature, both creatures have haste" / "each of those
  creatures gets +4/+4": a LayeredStatic with affects "paired" (rules/continuous.py `_applies`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model.events import EffectCreated
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab.soulbond import PAIRED, PairWithAnother, PairWithEntering
from . import choice_effects, continuous, effect_context

if TYPE_CHECKING:
    from ..engine.game import Game


def _unpaired_creature_of(g: Game, oid: int | None, p: int) -> bool:
    s = g.s
    o = s.objects.get(oid) if oid is not None else None
    return o is not None and o.zone == BATTLEFIELD and o.controller == p and "Creature" in g.chars(o).types \
        and continuous.paired_partner(s, oid, g._cache) is None


def _pair(g: Game, a: int, b: int, p: int) -> None:
    s = g.s
    for x, y in ((a, b), (b, a)):
        g.perform(EffectCreated("702.95b", ContinuousEffect(PAIRED, x, timestamp=s.next_timestamp, until="permanent",
                                                            controller=p, data=y),
                                "paired", {"card": g.name_of(x), "with": g.name_of(y)}))
        s.next_timestamp += 1


def _pair_with_another(g: Game, ctx: effect_context.Context, e: PairWithAnother) -> list | None:
    src = ctx.source
    p = ctx.controller
    if not _unpaired_creature_of(g, src, p):
        return None
    cands = tuple(o for o in g.s.battlefield if o != src and _unpaired_creature_of(g, o, p))
    if not cands:
        return None
    return [effect_context.queue_choice("soulbond_pair", p, cands + (False,),
                                        f"{ctx.name}: pair it with another unpaired creature you control (or not)",
                                        (src, p))]


def _pair_with_entering(g: Game, ctx: effect_context.Context, e: PairWithEntering) -> list | None:
    src, other, p = ctx.source, ctx.event_obj, ctx.controller
    if other is None or other == src or not _unpaired_creature_of(g, src, p) or not _unpaired_creature_of(g, other, p):
        return None
    return [effect_context.queue_choice("soulbond_pair", p, (other, False),
                                        f"{ctx.name}: pair {g.name_of(other)} with it (or not)", (src, p))]


def _answer_pair(g: Game, d: Any, value: Any) -> None:
    if value not in d.data or (value is not False and isinstance(value, bool)):
        raise IllegalActionError(f"{d.prompt}: answer one of the creatures offered, or false")
    src, p = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value is False:
        return
    if _unpaired_creature_of(g, src, p) and _unpaired_creature_of(g, value, p):
        _pair(g, src, value, p)


registry.register_effect(PairWithAnother, _pair_with_another)
registry.register_effect(PairWithEntering, _pair_with_entering)
registry.CHOICES["soulbond_pair"] = (choice_effects.object_actions, _answer_pair)

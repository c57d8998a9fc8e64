"""Prevention effects (615): shields set up by resolving spells and abilities, and the shields against a
source chosen as the effect resolves (609.7a); rules/effects.py deal_damage consults them inline.

- 615.1: "prevent the next N damage that would be dealt to ... this turn" (V.PreventDamage, compiled by
  cards/templates/effects_core.py); 615.7: a shield for a number of damage is used up as
  it prevents.

- 609.7a: "the next time a red source of your choice would deal damage to you this turn, prevent
  that damage": the source is chosen as the effect is created.
- 615.7: the shield is used up once it prevents damage (rules/effects.py consults
  DAMAGE_PREVENTION_HOOKS inline as damage is dealt).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.state import ContinuousEffect
from ..model.vocab.prevention import (  # noqa: F401 (the vocabulary this module executes)
    PreventAllRemoveCounter,
    PreventNextFromSource,
)
from . import choice_effects, effect_context
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game




def _prevent_next_from_source(g: Game, ctx: effect_context.Context, e: PreventNextFromSource) -> list | None:
    s = g.s
    recipient: int | None = None
    if e.to == V.YOU:
        recipient = -1 - ctx.controller
    elif isinstance(e.to, V.Ref):
        if not ctx.legal[e.to.index]:
            return None
        recipient = ctx.targets[e.to.index]
    # The objects that can deal damage as the objects they are now: permanents and spells (400.7: a card
    # elsewhere becomes a new object before it could deal damage).
    cands = tuple(o.id for o in g.permanents() if _targeting_module.matches_filter(g, e.quality, o, ctx.controller)) + tuple(
        it.obj for it in s.stack if it.kind == "spell" and it.obj in s.objects
        and _targeting_module.matches_filter(g, e.quality, s.objects[it.obj], ctx.controller))
    if not cands:
        return None
    return [choice_effects.queue_choice("damage_source", ctx.controller, cands,
                      f"609.7a: {ctx.name}: choose the source whose next damage is prevented "
                      f"({', '.join(g.name_of(c) for c in cands)})", (recipient, ctx.name))]


def _answer_damage_source(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    s = g.s
    recipient, name = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    s.effects.append(ContinuousEffect("prevent_next_from", recipient, timestamp=s.next_timestamp,
                                      controller=d.player, data=(value, name)))
    s.next_timestamp += 1
    g.log_event("prevention_shield", "615.7", source=name, from_source=g.name_of(value),
                target=g.name_of(recipient) if recipient is not None else "any")


def _prevent_from_source(g: Game, source_id: int | None, source_name: str, target: int, n: int) -> int:
    s = g.s
    if source_id is None:
        return n
    for i, e in enumerate(s.effects):
        if e.kind == "prevent_next_from" and e.data[0] == source_id and (e.target is None or e.target == target):
            del s.effects[i]  # used up: "the next time"
            g.log_event("prevent", "615.7", source=source_name, target=g.name_of(target), amount=n, by=e.data[1])
            return 0
    return n


registry.CHOICES["damage_source"] = (choice_effects.object_actions, _answer_damage_source)


registry.DAMAGE_PREVENTION_HOOKS.append(_prevent_from_source)
registry.register_effect(PreventNextFromSource, _prevent_next_from_source)


def _prevent_effect(g: Game, ctx: effect_context.Context, e: V.PreventDamage) -> list | None:
    """615.1: set up a prevention shield until end of turn."""
    s = g.s
    target: int | None = None
    if e.target is not None:
        if isinstance(e.target, V.Ref):
            if not ctx.legal[e.target.index]:
                return None
            target = ctx.targets[e.target.index]
        else:
            target = effect_context.target_object(g, ctx, e.target)
            if target is None:
                return None
    s.effects.append(ContinuousEffect("prevent", target, timestamp=s.next_timestamp, controller=ctx.controller,
                                      data=(e.amount, e.combat_only, ctx.name)))
    s.next_timestamp += 1
    g.log_event("prevention_shield", "615.1", source=ctx.name, target=g.name_of(target) if target is not None else "any",
                amount=e.amount if e.amount is not None else "all", combat_only=e.combat_only)
    return None


def _prevent(g: Game, source_name: str, target: int, n: int, combat: bool) -> int:
    """615.7: shields that apply to damage about to be dealt to `target` reduce it (a shield for a
    number of damage is used up as it prevents)."""
    s = g.s
    for e in list(s.effects):
        if e.kind != "prevent" or (e.target is not None and e.target != target):
            continue
        left, combat_only, name = e.data
        if combat_only and not combat:
            continue
        k = n if left is None else min(n, left)
        if k <= 0:
            continue
        n -= k
        g.log_event("prevent", "615.7" if left is not None else "615.1", source=source_name, target=g.name_of(target),
                    amount=k, by=name)
        if left is not None:
            idx = s.effects.index(e)
            if left - k > 0:
                s.effects[idx] = ContinuousEffect("prevent", e.target, timestamp=e.timestamp, controller=e.controller,
                                                  data=(left - k, combat_only, name))
            else:
                del s.effects[idx]
        if n <= 0:
            break
    return n


registry.EFFECT_HANDLERS[V.PreventDamage] = _prevent_effect




def _prevent_remove_counter(g: Game, o: Any, c: Any, source_name: str, n: int) -> bool:
    ab = next((a for a in c.abilities if isinstance(a, PreventAllRemoveCounter)), None)
    if ab is None:
        return False
    g.log_event("prevent", "615.1", source=source_name, target=o.card.name, amount=n, by=o.card.name)
    marks = g.damage_event_marks
    if marks is not None:
        if ("remove_counter", o.id) in marks:
            return True  # the same simultaneous damage event: one counter only
        marks.add(("remove_counter", o.id))
    if o.counters.get(ab.counter_kind, 0) > 0:
        o.counters[ab.counter_kind] -= 1
        if not o.counters[ab.counter_kind]:
            del o.counters[ab.counter_kind]
        g.invalidate()
        g.log_event("remove_counters", "615.5", card=o.card.name, kind=ab.counter_kind, amount=1)
    return True


registry.STATIC_PREVENTION.append(_prevent_remove_counter)

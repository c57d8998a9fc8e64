"""Permanents kept tapped on purpose, and effects that last while they are (502.3, 611.2b); the templates are in
cards/templates/tapped_durations.py.

- 502.3: "You may choose not to untap CARDNAME during your untap step" (StaticAbility kind "may_not_untap",
  registry.UNTAP_OPTIONAL): as the untap step untaps the active player's permanents, they choose which of these
  untap (the "untap_optional" choice: the list of those that untap).
- 611.2b: "[effect] for as long as CARDNAME remains tapped" (`WhileSourceTapped`): the effects of the ability
  (pumps, "doesn't untap during its controller's untap step", gaining control) are linked to the source by a
  ContinuousEffect of kind "while_source_tapped" (its `data`: the effects' records, the control changes made,
  whether "you control CARDNAME" is part of the duration). The duration ends, and the effects with it, as soon
  as the source is untapped (TapChange; the untap step's own untapping, registry.UNTAP_STEP_DONE), leaves the
  battlefield, or, for "for as long as you control CARDNAME and CARDNAME remains tapped", changes controller; a
  permanent whose control was gained returns to the controller it had. If the duration has already ended as the
  ability resolves (the source untapped or gone), the effect does nothing (611.2b).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import actions as A
from ..model import vocab as V
from ..model.events import ControlChange, EffectCreated, EffectsEnded, TapChange
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab.tapped_durations import WhileSourceTapped
from . import add_hook, choice_effects, effect_context

if TYPE_CHECKING:
    from ..engine.game import Game

MAY_NOT_UNTAP = "may_not_untap"  # the StaticAbility kind of "You may choose not to untap CARDNAME ..."
LINK = "while_source_tapped"  # the ContinuousEffect kind linking an ability's effects to its tapped source


# ----------------------------------------------------------------------------- 502.3 the untap choice

def optional_untaps(g: Game, p: int, about_to: list[int]) -> frozenset[int]:
    """registry.UNTAP_OPTIONAL: the permanents of `about_to` with "You may choose not to untap CARDNAME"."""
    keep = {o.id for o, _ab in g.statics_of_kind(MAY_NOT_UNTAP) if o.controller == p}
    return frozenset(oid for oid in about_to if oid in keep)


def _untap_optional_actions(g: Game, d: Any) -> list:
    out = []
    for k in range(len(d.data), -1, -1):
        for combo in combinations(d.data, k):
            out.append(A.Choose(combo))
            if len(out) >= 200:
                return out  # many permanents: some of the choices are offered; any subset is accepted
    return out


def _answer_untap_optional(g: Game, d: Any, value: Any) -> None:
    chosen = frozenset(choice_effects.check_subset(g, d, value))
    s = g.s
    s.pending = None
    s.queue.pop(0)
    for c in sorted(chosen):
        o = s.objects.get(c)
        if o is not None and o.zone == BATTLEFIELD and o.tapped:
            g.untap(o, "502.3")


registry.CHOICES["untap_optional"] = (_untap_optional_actions, _answer_untap_optional)
add_hook(registry.UNTAP_OPTIONAL, optional_untaps, kinds=(MAY_NOT_UNTAP,))


# ----------------------------------------------------------------------------- 611.2b the duration

def _source_ok(g: Game, source: int | None, controller: int, controlled: bool) -> bool:
    o = g.s.objects.get(source) if source is not None else None
    return o is not None and o.zone == BATTLEFIELD and o.tapped and (not controlled or o.controller == controller)


def _while_tapped(g: Game, ctx: effect_context.Context, e: WhileSourceTapped) -> list | None:
    if not _source_ok(g, ctx.source, ctx.controller, e.controlled):
        return None  # 611.2b: the duration ended before the effect would begin: it does nothing
    s = g.s
    # the controllers of the permanents whose control the effects may change (GainControl), before they do
    controllers = {oid: s.objects[oid].controller for x in e.effects if isinstance(x, V.GainControl)
                   if (oid := effect_context.target_object(g, ctx, x.target)) is not None}
    before = frozenset(id(x) for x in s.effects)
    return [("resume_effects", ctx, e.effects, 0, None),
            ("while_source_tapped", ctx.source, ctx.controller, e.controlled, before, controllers, ctx.name)]


def _link(g: Game, item: tuple) -> None:
    """The queue item after the effects: the records they created and the control they gained, linked."""
    s = g.s
    s.queue.pop(0)
    _, source, controller, controlled, before, controllers, name = item
    made = tuple(x for x in s.effects if id(x) not in before)
    gained = tuple((oid, prev) for oid, prev in controllers.items()
                   if (o := s.objects.get(oid)) is not None and o.zone == BATTLEFIELD and o.controller == controller
                   and prev != controller)
    if not made and not gained:
        return
    link = ContinuousEffect(LINK, source, controller=controller, until="permanent", timestamp=s.next_timestamp,
                            data=(made, gained, controlled))
    s.next_timestamp += 1
    g.perform(EffectCreated("611.2b", link, "while_source_tapped", {"source": name}))
    if not _source_ok(g, source, controller, controlled):
        end_expired(g)  # the effects themselves untapped or moved the source


def end_expired(g: Game) -> None:
    """611.2b: the links whose source is no longer tapped (or gone, or, "for as long as you control", controlled
    by another player) end with their effects; the permanents whose control was gained return."""
    s = g.s
    if not s.effects:
        return
    done = [x for x in s.effects if x.kind == LINK and not _source_ok(g, x.target, x.controller, x.data[2])]
    if not done:
        return
    ended = list(done)
    for x in done:
        ended.extend(r for r in x.data[0] if any(r is y for y in s.effects))
    g.perform(EffectsEnded("611.2b", tuple(ended)))
    for x in done:
        for oid, prev in x.data[1]:
            o = s.objects.get(oid)
            if o is not None and o.zone == BATTLEFIELD and o.controller == x.controller:
                g.perform(ControlChange("611.2b", oid, prev))


def _after_event(g: Game, e: Any) -> None:
    end_expired(g)


def _left(g: Game, old_id: int, to: str) -> None:
    end_expired(g)


def _untap_step_done(g: Game) -> None:
    end_expired(g)


def _pre_check(g: Game) -> bool:
    end_expired(g)
    return False


registry.register_effect(WhileSourceTapped, _while_tapped)
registry.QUEUE_ITEMS["while_source_tapped"] = _link
add_hook(registry.EVENT_TRIGGERS.setdefault(TapChange, []), _after_event, classes=(WhileSourceTapped,))
add_hook(registry.EVENT_TRIGGERS.setdefault(ControlChange, []), _after_event, classes=(WhileSourceTapped,))
add_hook(registry.LEFT_BATTLEFIELD_HOOKS, _left, classes=(WhileSourceTapped,))
add_hook(registry.UNTAP_STEP_DONE, _untap_step_done, classes=(WhileSourceTapped,))
add_hook(registry.PRE_CHECK, _pre_check, classes=(WhileSourceTapped,))

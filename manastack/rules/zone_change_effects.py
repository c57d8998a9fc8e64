"""Effects that move an object to a zone other than the usual one, or bring it back through a link
(610.3, 614.1a, 607.2a, 701.5a); their sentences are compiled by cards/templates/effects_zone_change.py.

- 610.3: "exile ... until CARDNAME leaves the battlefield": the exiled card returns to the
  battlefield under its owner's control (610.3c) immediately after the source leaves; nothing is
  exiled if the source left before the ability resolved (610.3a-b).
- 614.1a: "if that creature would die this turn, exile it instead" (a replacement effect until end
  of turn; 700.4: "dies" means put into a graveyard from the battlefield).
- 701.5a: "counter target spell; if it's countered this way, put it ... instead of into its owner's
  graveyard", and "... unless its controller pays".
- 607.2a: linked abilities: "exile ..." and "return the exiled card ...".
- 502.3: "During your next untap step, as you untap your permanents, return CARDNAME to its owner's
  hand" (Undiscovered Paradise): remembered as an effect, carried out in that untap step.
- 201.2: "... target nonland permanent and all other permanents with the same name as that permanent"
  (Maelstrom Pulse, Detention Sphere, Echoing Truth): the target's name as the effect resolves.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import game as game_module
from ..engine import registry
from ..model import vocab as V
from ..model.events import EffectCreated, EffectsEnded, Event, ZoneChange
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, ContinuousEffect
from ..model.vocab.zone_change_effects import (  # noqa: F401 (the vocabulary this module executes)
    CounterTo,
    ExileDamagedIfWouldDie,
    ExileIfWouldDie,
    ExileUntilLeaves,
    LinkedExile,
    ReturnDeadCard,
    ReturnLinked,
    ReturnSelfAtNextUntap,
    WithSameName,
)
from . import add_hook, choice_effects, effect_context
from . import effects as E

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


def _exile_until_leaves(g: Game, ctx: Context, e: ExileUntilLeaves) -> list | None:
    s = g.s
    src = ctx.source
    if src is None or src not in s.objects or s.objects[src].zone != BATTLEFIELD:
        return None  # 610.3a-b: the source already left: the object isn't exiled
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    new = g.move(oid, EXILE, rule="610.3")
    g.perform(EffectCreated("610.3", ContinuousEffect("exiled_until_leaves", src, timestamp=s.next_timestamp,
                                                      until="permanent", controller=ctx.controller, data=new)))
    s.next_timestamp += 1
    return None


def _return_exiled(g: Game, old_id: int, to: str) -> None:
    """610.3: the exiled card returns immediately after the source leaves the battlefield (610.3c: under its
    owner's control)."""
    s = g.s
    linked = [e for e in s.effects if e.kind == "exiled_until_leaves" and e.target == old_id]
    if not linked:
        return
    g.perform(EffectsEnded("610.3", tuple(linked)))
    for e in linked:
        card = s.objects.get(e.data)
        if card is None or card.zone != EXILE or card.card.is_token:
            continue  # it left exile, or was a token (111.7: it can't return; it ceases to exist, 704.5d)
        g.log_event("return_from_exile", "610.3c", card=card.card.name)
        g.move(card.id, BATTLEFIELD, rule="610.3c", controller=card.owner)


game_module.LEFT_BATTLEFIELD_HOOKS.append(_return_exiled)


def _exile_if_would_die(g: Game, ctx: Context, e: ExileIfWouldDie) -> list | None:
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None or (e.creature_only and "Creature" not in g.chars(s.objects[oid]).types):
        return None  # "If it's a creature": a player or planeswalker target gets no shield (608.2c)
    g.perform(EffectCreated("614.1a", ContinuousEffect("exile_if_would_die", oid, timestamp=s.next_timestamp,
                                                       controller=ctx.controller)))
    s.next_timestamp += 1
    return None


def _exile_damaged_if_would_die(g: Game, ctx: Context, e: ExileDamagedIfWouldDie) -> list | None:
    s = g.s
    log = s.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("event") == "resolve"), 0)
    dealt = {ev["target_id"] for ev in log[start:] if ev.get("event") == "damage" and ev.get("source") == ctx.name
             and "target_id" in ev}
    for oid in sorted(dealt):
        o = s.objects.get(oid)
        if o is not None and o.zone == BATTLEFIELD:
            g.perform(EffectCreated("614.1a", ContinuousEffect("exile_if_would_die", oid, timestamp=s.next_timestamp,
                                                               controller=ctx.controller, data=e.kinds)))
            s.next_timestamp += 1
    return None


def _die_to_exile(g: Game, e: Event) -> list[registry.Replacement]:
    """614.1a: "if that creature would die this turn, exile it instead" (registry.REPLACEMENTS[ZoneChange])."""
    if not isinstance(e, ZoneChange) or e.from_zone != BATTLEFIELD or e.to_zone != GRAVEYARD or not g.s.effects:
        return []
    shields = [x for x in g.s.effects if x.kind == "exile_if_would_die" and x.target == e.obj]
    if not shields:
        return []
    o = g.s.objects[e.obj]
    c = g.chars(o)
    # 700.4: only a creature or planeswalker dies; "a creature dealt damage this way": a creature only.
    if not any((x.data or frozenset({"Creature", "Planeswalker"})) & c.types for x in shields):
        return []
    return [registry.Replacement(("exile_if_would_die", e.obj), "exile it instead", _to_exile, source=e.obj,
                                 log=("replace", "614.1a", {"card": o.card.name, "instead": "exile"}))]


def _to_exile(e: Event) -> Event:
    assert isinstance(e, ZoneChange)
    return dataclasses.replace(e, to_zone=EXILE)


registry.REPLACEMENTS.setdefault(ZoneChange, []).append(_die_to_exile)


def _counter_to(g: Game, ctx: Context, e: CounterTo) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    oid = ctx.targets[e.target.index]
    it = next((it for it in g.s.stack if it.kind == "spell" and it.obj == oid), None)
    if it is None:
        return None
    if e.cost is None:
        counter_to_zone(g, oid, e.to, ctx.name)
        return None
    return [effect_context.queue_choice("pay_or_counter_to", it.controller, e.cost.text,
                      f"{ctx.name}: pay {e.cost.text} or {it.name} is countered (true to pay, false not to)",
                      (oid, e.cost, ctx.name, e.to))]


def counter_to_zone(g: Game, oid: int, to: str, name: str) -> None:
    """701.5a / 614.1a: counter the spell `oid`, its card put into `to` instead of its owner's graveyard."""
    s = g.s
    if not E.can_be_countered(g, oid, name):
        return
    for i, it in enumerate(s.stack):
        if it.kind == "spell" and it.obj == oid:
            del s.stack[i]
            g.log_event("counter", "701.5a", card=it.name, by=name)
            # 702.34a: flashback exiles it anyway (an "exile it instead" of a graveyard only doesn't, 614.1a)
            if to == "exile" or E.spell_destination(it) == EXILE and ("exile_if_graveyard", True) not in it.choices:
                g.move(oid, EXILE, rule="701.5a")
            elif to == "hand":
                g.move(oid, HAND, rule="701.5a")
            else:
                g.move(oid, LIBRARY, rule="701.5a", bottom=to == "library_bottom")
            return


def _answer_pay_or_counter_to(g: Game, d: Any, value: Any) -> None:
    data = choice_effects.answer_pay_or_counter(g, d, value)
    if data is not None:
        oid, _, name, to = data
        counter_to_zone(g, oid, to, name)


def _linked_exile(g: Game, ctx: Context, e: LinkedExile) -> list | None:
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None or ctx.source is None:
        return None
    new = g.move(oid, EXILE, rule="701.11a")
    g.perform(EffectCreated("607.2a", ContinuousEffect("linked_exile", ctx.source, timestamp=s.next_timestamp,
                                                       until="permanent", controller=ctx.controller, data=new)))
    s.next_timestamp += 1
    return None


def _return_linked(g: Game, ctx: Context, e: ReturnLinked) -> list | None:
    s = g.s
    linked = [x for x in s.effects if x.kind == "linked_exile" and x.target == ctx.source]
    if not linked:
        return None  # 607.2a: nothing was exiled by this object's linked ability (yet)
    g.perform(EffectsEnded("607.2a", tuple(linked)))
    for x in linked:
        card = s.objects.get(x.data)
        if card is not None and card.zone == EXILE and not card.card.is_token:
            g.move(card.id, BATTLEFIELD, rule="610.3c", controller=card.owner)
    return None


def _with_same_name(g: Game, ctx: Context, e: WithSameName) -> list | None:
    """"... target nonland permanent and all other permanents with the same name as that permanent" (201.2: the
    name the target has as the effect resolves; each of them is destroyed, exiled or returned)."""
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None or s.objects[oid].zone != BATTLEFIELD:
        return None
    name = g.chars(s.objects[oid]).name
    victims = [oid] + [x for x in s.battlefield if x != oid and g.chars(s.objects[x]).name == name
                       and (not e.creatures_only or "Creature" in g.chars(s.objects[x]).types)]
    for x in victims:
        if s.objects[x].zone != BATTLEFIELD:
            continue
        if e.action == "destroy":
            E.destroy(g, x, "701.7a")
        elif e.action == "hand":
            g.move(x, HAND, rule="400.7")
        else:
            new = g.move(x, EXILE, rule="701.11a")
            if e.linked and ctx.source is not None:
                g.perform(EffectCreated("607.2a", ContinuousEffect("linked_exile", ctx.source, timestamp=s.next_timestamp,
                                                                   until="permanent", controller=ctx.controller,
                                                                   data=new)))
                s.next_timestamp += 1
    return None


registry.register_effect(LinkedExile, _linked_exile)
registry.register_effect(WithSameName, _with_same_name)
registry.register_effect(ReturnLinked, _return_linked)


registry.CHOICES["pay_or_counter_to"] = (choice_effects.pay_or_counter_actions, _answer_pay_or_counter_to)


registry.register_effect(CounterTo, _counter_to)
registry.register_effect(ExileUntilLeaves, _exile_until_leaves)
registry.register_effect(ExileIfWouldDie, _exile_if_would_die)
registry.register_effect(ExileDamagedIfWouldDie, _exile_damaged_if_would_die)


def _return_dead(g: Game, ctx: Context, e: ReturnDeadCard) -> list | None:
    """400.7e: an ability that triggered on a creature dying finds the card it became in the graveyard (not once
    it has left it since)."""
    s = g.s
    oid = ctx.source if e.of == V.SELF else ctx.event_obj
    if oid is None or oid < 0:
        return None
    o = s.objects.get(oid)
    if o is None:
        o = s.objects.get(s.successor.get(oid, -1))  # the dead creature's card (one zone change on)
    if o is None or o.zone != GRAVEYARD:
        return None
    if e.to == EXILE:
        g.move(o.id, EXILE, rule="701.11a")
        return None
    if e.to == HAND:
        g.move(o.id, HAND, rule="608.2c")
        return None
    g.move(o.id, BATTLEFIELD, rule="110.2a", controller=ctx.controller if e.under_yours else o.owner)
    return None


registry.register_effect(ReturnDeadCard, _return_dead)


RETURN_AT_UNTAP = "return_at_next_untap"  # ContinuousEffect.kind: target the permanent, controller "you"


def _return_self_at_next_untap(g: Game, ctx: Context, e: ReturnSelfAtNextUntap) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != BATTLEFIELD:
        return None
    g.perform(EffectCreated("502.3", ContinuousEffect(RETURN_AT_UNTAP, o.id, timestamp=s.next_timestamp,
                                                      until="permanent", controller=ctx.controller)))
    s.next_timestamp += 1
    return None


def _return_as_you_untap(g: Game) -> None:
    """502.3: the active player's untap step: each permanent to return "during your next untap step" goes to
    its owner's hand (the effect ends; one whose permanent is gone, 400.7, ends with nothing to do)."""
    s = g.s
    mine = [e for e in s.effects if e.kind == RETURN_AT_UNTAP and e.controller == s.active]
    if not mine:
        return
    g.perform(EffectsEnded("502.3", tuple(mine)))
    for e in mine:
        o = s.objects.get(e.target) if e.target is not None else None
        if o is not None and o.zone == BATTLEFIELD:
            g.move(o.id, HAND, rule="502.3")


registry.register_effect(ReturnSelfAtNextUntap, _return_self_at_next_untap)
add_hook(registry.AS_UNTAP_HOOKS, _return_as_you_untap, classes=(ReturnSelfAtNextUntap,))

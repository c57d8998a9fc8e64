"""Effects about the object an ability refers to (608.2h) and the choices made as they resolve
(118.12a, 603.7, 707.2, 701.3a); their sentences are compiled by cards/templates/effects_referred.py.

- 608.2h: "its controller" / "that creature's toughness" / "the number of counters on it" use the
  object's current information while it is where it was expected to be, else its last known
  information (a destroyed creature, a countered spell); "the sacrificed creature's power" is the
  last known information of the permanent sacrificed for the cost (601.2h, 602.2b, Context.sacrificed).
- 115.1 / 608.2h: "target player or planeswalker ... that player or that planeswalker's controller
  discards two cards" (PlayerOrController).
- 118.12a: "sacrifice CARDNAME unless you pay {2}" means "you may pay {2}; if you don't, sacrifice
  CARDNAME": the controller chooses as the ability resolves; if they don't (or can't), they
  sacrifice it (701.17a). Likewise "... unless you return a land you control to its owner's hand".
- 603.7: delayed triggered abilities about that object ("at the beginning of the next end step,
  sacrifice it"), acting on the source, removing counters from it.
- 707.2: "create a token that's a copy of CARDNAME" (copiable values now, or as it last existed).
- 701.3a: "attach CARDNAME to it"; 608.2c: "if it's your turn, ..." checked as the spell resolves.
- 608.2h domain: "the number of basic land types among lands you control" (BasicLandTypes) as it resolves.
- 701.7a / 608.2h: "destroy each nonland permanent with mana value equal to the number of charge counters on
  CARDNAME" (the counters of the source as it last existed once sacrificed).
- 701.7a: "Destroy all Equipment attached to that creature" (DestroyAttached): those attached to it as the
  effect happens.
- 608.2c: "... instead if [condition]" (metalcraft, revolt, morbid: InsteadIf) and "destroy target creature
  if it has mana value 2 or less" (IfTargetMatches), both checked as the spell or ability resolves.
- 613.1b: "Whenever you cast a spell that targets one or more permanents, gain control of those permanents"
  (GainControlOfSpellTargets): the permanents the spell (the trigger's event object) targets, as long as they
  are still those objects on the battlefield and the spell is still on the stack (a spell gone from the stack
  leaves nothing to read its targets from: then nothing happens).
- 122.1 / 608.2d: "remove up to three counters from target creature" (RemoveCounters.up_to): the controller picks
  the counters one at a time (decision "remove_counters": a kind, or false to stop).
- 608.2c / 608.2h: "If the sacrificed creature's toughness was 4 or greater, ... instead" (IfStatAtLeast).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.costs import ManaCost
from ..model.events import AttachChange, ControlChange, CountersRemoved, EffectCreated
from ..model.state import BATTLEFIELD, EXILE, HAND, STACK, ContinuousEffect
from ..model.vocab.imprint import ExiledWithSource
from ..model.vocab.referred_objects import (  # noqa: F401 (the vocabulary this module executes)
    ALL_KINDS,
    ALL_OF_KIND,
    ActOnSource,
    AttachSelfTo,
    BasicLandTypes,
    ControllerOf,
    CountersOn,
    CreateTokenCopy,
    DelayedOnObject,
    DestroyAllWithManaValue,
    DestroyAttached,
    GainControlOfAttached,
    GainControlOfSpellTargets,
    GreatestAmong,
    IfStatAtLeast,
    IfTargetMatches,
    IfYourTurn,
    InsteadIf,
    ObjectStat,
    PlayerOrController,
    RemoveCounters,
    Sacrificed,
    SacrificedThisWay,
    SacrificeUnlessPay,
    SacrificeUnlessReturn,
    TokensCreated,
)
from . import (
    choice_effects,
    counter_replacement,
    effect_context,
    hand_effects,
    imprint,
    intervening,
    targeting,
    turn_history,
)
from . import effects as E

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


# ---------------------------------------------------------------------------- vocabulary


# ---------------------------------------------------------------------------- objects referred to

def _referred(g: Game, ctx: Context, ref: Any) -> tuple[Any, Any] | None:
    """(object, its characteristics) for the object `ref` names: current information while it is in
    the zone it was in, else last known information (608.2h). None for an illegal target or a player."""
    s = g.s
    if isinstance(ref, V.Ref):
        if not ctx.legal[ref.index]:
            return None
        oid = ctx.targets[ref.index]
    elif ref in (V.IT, V.THAT_SPELL) and ctx.event_obj is not None and ctx.event_obj >= 0:
        # (a trigger event naming a player, "deals combat damage to a player": "it" is the source)
        oid = ctx.event_obj
    elif isinstance(ref, Sacrificed):
        # 608.2h: the sacrificed permanent is gone; its last known information is used.
        return s.lki.get(ctx.sacrificed[0]) if ctx.sacrificed else None
    elif isinstance(ref, SacrificedThisWay):
        # 608.2h: likewise the permanent sacrificed by an earlier part of the effect.
        return s.lki.get(ctx.sacrificed_now[0]) if ctx.sacrificed_now else None
    elif isinstance(ref, ExiledWithSource):
        oid = imprint.exiled_with_source(g, ctx)  # 607.2a: a card exiled with the source
    elif ref in (V.IT, V.SELF):
        oid = ctx.source
        if oid is None:
            return None
        o = s.objects.get(oid)
        if o is not None and o.zone in (BATTLEFIELD, STACK):
            return o, g.chars(o)
        return ctx.source_lki if ctx.source_lki else s.lki.get(oid)
    else:
        return None
    if oid is None or oid < 0:
        return None
    o = s.objects.get(oid)
    if o is not None:
        return o, g.chars(o)
    got = s.lki.get(oid)
    if got is None and isinstance(ref, V.Ref) and oid in s.successor:
        # A card that left a graveyard (or hand, library) keeps no last known information: there it had its
        # card's characteristics, which the new object has too (400.7, 608.2h; "exile target creature card
        # from a graveyard. You gain life equal to that card's toughness")
        new = s.objects.get(g.current_id(oid))
        if new is not None and new.zone not in (BATTLEFIELD, STACK):
            return new, g.chars(new)
    return got


def referred_object(g: Game, ctx: Context, ref: Any) -> tuple[Any, Any] | None:
    """(object, its characteristics) for the object an effect refers to (608.2h: last known information once it
    has left its zone), or None: for the effects of other rules modules ("the same name as that spell")."""
    return _referred(g, ctx, ref)


def _player_or_controller(g: Game, ctx: Context, who: PlayerOrController) -> list[int]:
    ref = who.of
    if not isinstance(ref, V.Ref) or not ctx.legal[ref.index]:
        return []  # 608.2b: an illegal target is not affected
    t = ctx.targets[ref.index]
    if t < 0:
        return [-1 - t]
    return _controller_of(g, ctx, ControllerOf(ref))


def _controller_of(g: Game, ctx: Context, who: ControllerOf) -> list[int]:
    got = _referred(g, ctx, who.of)
    if got is None:
        return []
    o = got[0]
    # 108.4a: a card in a graveyard, hand or library has no controller; "its controller" is its owner.
    return [o.controller if o.zone in (BATTLEFIELD, STACK) else o.owner]


def _object_stat(g: Game, ctx: Context, a: ObjectStat) -> int:
    got = _referred(g, ctx, a.of)
    if got is None:
        return 0
    chars = got[1]
    if a.stat == "mana value":
        o = got[0]
        cost = o.card.mana_cost
        if o.zone == STACK:  # 202.3e: on the stack, X is the value chosen for it
            item = next((it for it in g.s.stack if it.kind == "spell" and it.obj == o.id), None)
            if item is not None:
                return cost.mana_value_with_x(item.x)
        return cost.mana_value  # 202.3: an X in the cost is 0 off the stack
    v = chars.power if a.stat == "power" else chars.toughness
    return max(0, v or 0)  # 107.1b: a negative result counts as 0


def _counters_on(g: Game, ctx: Context, a: CountersOn) -> int:
    got = _referred(g, ctx, a.of)
    return got[0].counters.get(a.kind, 0) * a.multiplier if got is not None else 0


def _greatest_among(g: Game, ctx: Context, a: GreatestAmong) -> int:
    """608.2h: the greatest value among the permanents that match now (202.3: an X in a permanent's mana
    cost is 0; 107.1b: a negative power counts as 0)."""
    best = 0
    for o in g.permanents():
        if targeting.matches_filter(g, a.filter, o, ctx.controller, ctx.source):
            if a.stat == "mana value":
                v = targeting.mana_value(o)
            else:
                v = (g.chars(o).power if a.stat == "power" else g.chars(o).toughness) or 0
            best = max(best, v)
    return best


registry.AMOUNT_RESOLVERS[CountersOn] = _counters_on
registry.AMOUNT_RESOLVERS[GreatestAmong] = _greatest_among
registry.WHO_RESOLVERS[ControllerOf] = _controller_of
registry.WHO_RESOLVERS[PlayerOrController] = _player_or_controller
registry.AMOUNT_RESOLVERS[ObjectStat] = _object_stat


def _counters(g: Game, oid: int, n: int, rule: str) -> None:
    if n <= 0:
        return
    counter_replacement.put_counters(g, g.s.objects[oid], "+1/+1", n, rule)


# ---------------------------------------------------------------------------- sacrifice unless you pay

def _sacrifice_unless_pay(g: Game, ctx: Context, e: SacrificeUnlessPay) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None  # nothing left to sacrifice
    cost = e.cost
    if e.per is not None:
        # "{1} for each other creature you control": counted as the ability resolves (608.2h)
        n = len(targeting.objects_matching(g, e.per, ctx.controller, ctx.source)) * e.cost.generic
        cost = ManaCost(n, text=f"{{{n}}}")
    return [effect_context.queue_choice("pay_or_sacrifice", ctx.controller, cost.text,
                      f"{ctx.name}: pay {cost.text} or sacrifice {g.s.objects[oid].card.name} "
                      f"(true to pay, false not to)", (oid, cost, ctx.name))]


def _pay_or_sacrifice_actions(g: Game, d: Any) -> list:
    _, cost, _ = g.s.queue[0][5]
    if not choice_effects.can_pay_mana(g, d.player, cost):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _answer_pay_or_sacrifice(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, cost, name = s.queue[0][5]
    if value and not choice_effects.can_pay_mana(g, d.player, cost):
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {cost.text} (601.2h)")
    s.pending = None
    s.queue.pop(0)
    if value and choice_effects.pay_mana_now(g, d.player, cost, name):
        g.log_event("paid", "117.12", player=s.players[d.player].name, cost=cost.text, source=name)
        return
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        E.sacrifice(g, oid)


registry.CHOICES["pay_or_sacrifice"] = (_pay_or_sacrifice_actions, _answer_pay_or_sacrifice)


# ---------------------------------------------------------------------------- 603.7: delayed triggers on an object


def _delayed_on_object(g: Game, ctx: Context, e: DelayedOnObject) -> list | None:
    s = g.s
    if isinstance(e.of, TokensCreated):
        # "Sacrifice those tokens at the beginning of the next end step": about each token created (603.7a)
        for oid in ctx.created:
            _delayed_on_object(g, dataclasses.replace(ctx, targets=(oid,), legal=(True,)),
                               dataclasses.replace(e, of=V.Ref(0)))
        return None
    if isinstance(e.of, V.Ref):
        if not ctx.legal[e.of.index]:
            return None
        oid = ctx.targets[e.of.index]
    elif e.of == V.IT and ctx.event_obj is not None:
        oid = ctx.event_obj
    else:
        oid = ctx.source
    if oid is None or oid < 0:
        return None
    if e.action in ("return_owner", "return_you"):
        oid = g.current_id(oid)  # "that card": the card the ability exiled (400.7: followed into exile)
        if oid not in s.objects or s.objects[oid].zone != EXILE:
            return None
    elif oid not in s.objects or s.objects[oid].zone != BATTLEFIELD:
        return None  # 400.7: it left the battlefield; the delayed ability could find nothing
    ab = V.TriggeredAbility(e.text or ctx.name, "delayed", (ActOnSource(e.action, e.counter_kind, e.amount),))
    delayed = ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp, until="delayed",
                               controller=ctx.controller, data=(e.event, ab, ctx.name, oid))
    s.next_timestamp += 1
    g.perform(EffectCreated("603.7a", delayed, "delayed_trigger", {"source": ctx.name, "on": e.event,
                                                                  "card": s.objects[oid].card.name}))
    return None


def _act_on_source(g: Game, ctx: Context, e: ActOnSource) -> list | None:
    s = g.s
    oid = ctx.source
    o = s.objects.get(oid) if oid is not None else None
    if o is None:
        return None  # 400.7: it changed zones; this is a new object the ability can't find
    if e.action in ("return_owner", "return_you"):
        if o.zone == EXILE and not o.card.is_token:
            # "return that card ... with a +1/+1 counter on it": it enters with it (122.6, 614.1c)
            g.move(oid, BATTLEFIELD, rule="603.7a", controller=o.owner if e.action == "return_owner" else ctx.controller,
                   etb_choices={"counters": {e.counter_kind: e.amount}} if e.counter_kind and e.amount else None)
        return None
    if o.zone != BATTLEFIELD:
        return None
    if e.action == "destroy":
        E.destroy(g, oid, "701.7a")
    elif e.action == "sacrifice":
        if o.controller == ctx.controller:  # 701.17a: only a permanent you control can be sacrificed
            E.sacrifice(g, oid)
    elif e.action == "exile":
        g.move(oid, EXILE, rule="701.11a")
    elif e.action == "bounce":
        g.move(oid, HAND, rule="608.2c")
    elif e.action == "remove_counters":
        _remove_counters(g, oid, e.counter_kind, e.amount)
    elif e.action == "put_counters":
        counter_replacement.put_counters(g, o, e.counter_kind, e.amount, "122.1", placer=ctx.controller)
    return None


def _remove_counters(g: Game, oid: int, kind: str, n: int) -> None:
    g.perform(CountersRemoved("122.1", oid, kind, n))


def _remove_counters_effect(g: Game, ctx: Context, e: RemoveCounters) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    if e.up_to:
        return _remove_up_to(g, ctx.controller, oid, e.kind, effect_context.amount(g, ctx, e.amount), ctx.name)
    if e.kind == ALL_KINDS:
        # "Remove all counters from target permanent" (Vampire Hexmage): every kind, loyalty included.
        for kind, n in sorted(g.s.objects[oid].counters.items()):
            _remove_counters(g, oid, kind, n)
        return None
    n = g.s.objects[oid].counters.get(e.kind, 0) if e.amount == ALL_OF_KIND else effect_context.amount(g, ctx, e.amount)
    if n > 0:
        _remove_counters(g, oid, e.kind, n)
    return None


def _removable_kinds(g: Game, oid: int, kind: str) -> list[str]:
    o = g.s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        return []
    return sorted(k for k, n in o.counters.items() if n > 0 and kind in (ALL_KINDS, k))


def _remove_up_to(g: Game, player: int, oid: int, kind: str, left: int, name: str) -> list | None:
    """608.2d: "remove up to N counters from target creature": the controller picks the counters one at a
    time (their kind), and may stop (false) before N."""
    kinds = _removable_kinds(g, oid, kind)
    if left <= 0 or not kinds:
        return None
    return [effect_context.queue_choice(
        "remove_counters", player, tuple(kinds),
        f"{name}: remove a counter from {g.s.objects[oid].card.name} ({left} more at most): "
        f"{', '.join(kinds)}, or false to stop", (oid, kind, left, name))]


def _remove_up_to_actions(g: Game, d: Any) -> list:
    return [A.Choose(k) for k in d.data] + [A.Choose(False)]


def _answer_remove_up_to(g: Game, d: Any, value: Any) -> None:
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer one of {', '.join(map(repr, d.data))} or false")
    oid, kind, left, name = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value is False:
        return
    _remove_counters(g, oid, str(value), 1)
    more = _remove_up_to(g, d.player, oid, kind, left - 1, name)
    if more:
        g.s.queue[0:0] = more


registry.CHOICES["remove_counters"] = (_remove_up_to_actions, _answer_remove_up_to)


# ---------------------------------------------------------------------------- copies, unless costs, attach


def _create_token_copy(g: Game, ctx: Context, e: CreateTokenCopy) -> list | None:
    got = _referred(g, ctx, e.of)
    if got is None:
        return None
    o = got[0]
    card = dataclasses.replace(o.card, is_token=True)
    for _ in range(effect_context.amount(g, ctx, e.amount)):
        E.create_token(g, card, ctx.controller)
    return None


def _sacrifice_unless_return(g: Game, ctx: Context, e: SacrificeUnlessReturn) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    cands = tuple(x for x in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source)
                  if g.s.objects[x].controller == ctx.controller)
    if oid is None:
        return None
    if not cands:
        E.sacrifice(g, oid)
        return None
    return [effect_context.queue_choice("return_or_sacrifice", ctx.controller, cands,
                      f"{ctx.name}: return one of {', '.join(g.name_of(c) for c in cands)} to its owner's hand, "
                      f"or false to sacrifice {g.name_of(oid)}", oid)]


def _answer_return_or_sacrifice(g: Game, d: Any, value: Any) -> None:
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    oid = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value is not False:
        g.move(value, HAND, rule="118.12a")
        return
    o = g.s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        E.sacrifice(g, oid)


def _if_your_turn(g: Game, ctx: Context, e: IfYourTurn) -> list | None:
    if (g.s.active == ctx.controller) == e.yours:
        return [("resume_effects", ctx, e.effects, 0, None)]
    return None


def _attach_self_to(g: Game, ctx: Context, e: AttachSelfTo) -> list | None:
    s = g.s
    src = s.objects.get(ctx.source) if ctx.source is not None else None
    tid = effect_context.target_object(g, ctx, e.to)
    if src is None or src.zone != BATTLEFIELD or tid is None or tid == src.id:
        return None  # 701.3a: it can't be attached (it left the battlefield, or the object did)
    if "Creature" in g.chars(src).types:
        g.log_event("attach_fails", "301.5c", card=src.card.name, to=g.name_of(tid))
        return None  # 301.5c: an Equipment that's also a creature can't equip a creature
    if src.attached_to == tid:
        return None  # 701.3b
    g.perform(AttachChange("701.3a", src.id, tid))  # 613.7e: a new timestamp
    return None


registry.register_effect(AttachSelfTo, _attach_self_to)


registry.register_effect(IfYourTurn, _if_your_turn)
registry.CHOICES["return_or_sacrifice"] = (hand_effects.put_from_hand_actions, _answer_return_or_sacrifice)
registry.register_effect(SacrificeUnlessReturn, _sacrifice_unless_return)
registry.register_effect(CreateTokenCopy, _create_token_copy)
registry.register_effect(DelayedOnObject, _delayed_on_object)
registry.register_effect(ActOnSource, _act_on_source)
registry.register_effect(RemoveCounters, _remove_counters_effect)
registry.register_effect(SacrificeUnlessPay, _sacrifice_unless_pay)


def _instead_if(g: Game, ctx: Context, e: InsteadIf) -> list | None:
    """608.2c: "... instead if [condition]" (metalcraft, revolt, morbid ...): the condition is read for the
    source's controller as the spell or ability resolves."""
    holds = intervening.holds(g, e.condition, ctx.source, ctx.source_lki, ctx.event_obj) \
        if ctx.source is not None else False
    g.log_event("instead_if", "608.2c", source=ctx.name, condition=holds)
    return [("resume_effects", ctx, e.instead if holds else e.otherwise, 0, None)]


def _if_target_matches(g: Game, ctx: Context, e: IfTargetMatches) -> list | None:
    """608.2c: "destroy target creature if it has mana value 2 or less", "if that creature is a Human, ...
    instead": checked as it resolves (an object gone doesn't have the quality)."""
    tid = effect_context.target_object(g, ctx, e.target)
    if tid is None or not targeting.matches_filter(g, e.filter, g.s.objects[tid], ctx.controller, ctx.source):
        return [("resume_effects", ctx, e.otherwise, 0, None)] if e.otherwise else None
    return [("resume_effects", ctx, e.effects, 0, None)]


def _if_stat_at_least(g: Game, ctx: Context, e: IfStatAtLeast) -> list | None:
    """608.2c: "if the sacrificed creature's toughness was 4 or greater, ... instead": compared as it resolves."""
    value = _object_stat(g, ctx, e.stat)
    holds = value <= e.bound if e.at_most else value >= e.bound
    g.log_event("instead_if", "608.2c", source=ctx.name, condition=holds)
    return [("resume_effects", ctx, e.effects if holds else e.otherwise, 0, None)]


registry.register_effect(InsteadIf, _instead_if)
registry.register_effect(IfStatAtLeast, _if_stat_at_least)
registry.register_effect(IfTargetMatches, _if_target_matches)


def _destroy_all_with_mana_value(g: Game, ctx: Context, e: DestroyAllWithManaValue) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    base = {f.name: getattr(e.filter, f.name) for f in dataclasses.fields(e.filter)}
    base.update(min_mana_value=n, max_mana_value=n)
    flt = V.FilterPlus(**base)
    damaged = turn_history.players_dealt_combat_damage_by(g, ctx.source) \
        if e.controller_damaged_by_source and ctx.source is not None else None
    for oid in targeting.objects_matching(g, flt, ctx.controller, ctx.source):
        if damaged is not None and g.s.objects[oid].controller not in damaged:
            continue
        if oid in g.s.objects and g.s.objects[oid].zone == BATTLEFIELD:
            E.destroy(g, oid, "701.7a", can_regenerate=e.can_regenerate)
    return None


registry.register_effect(DestroyAllWithManaValue, _destroy_all_with_mana_value)


_BASIC_TYPES = frozenset({"Plains", "Island", "Swamp", "Mountain", "Forest"})


def _basic_land_types(g: Game, ctx: Context, a: BasicLandTypes) -> int:
    players = effect_context.resolve_who(g, ctx, a.who)
    if not players:
        return 0
    found: set[str] = set()
    for o in g.permanents(players[0]):
        c = g.chars(o)
        if "Land" in c.types:
            found |= c.subtypes & _BASIC_TYPES
    return len(found)


registry.AMOUNT_RESOLVERS[BasicLandTypes] = _basic_land_types


def _gain_control_of_spell_targets(g: Game, ctx: Context, e: GainControlOfSpellTargets) -> list | None:
    """613.1b: for the rest of the game (no duration: a control change with no end)."""
    s = g.s
    spell = ctx.event_obj
    item = next((it for it in s.stack if it.kind == "spell" and it.obj == spell), None) if spell is not None else None
    if item is None:
        return None
    for t in dict.fromkeys(item.targets):
        o = s.objects.get(t) if t >= 0 else None
        if o is not None and o.zone == BATTLEFIELD and o.controller != ctx.controller:
            g.perform(ControlChange("613.1b", o.id, ctx.controller))
    return None


registry.register_effect(GainControlOfSpellTargets, _gain_control_of_spell_targets)


def _destroy_attached(g: Game, ctx: Context, e: DestroyAttached) -> list | None:
    host = effect_context.target_object(g, ctx, e.to)
    if host is None:
        return None
    for oid in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source):
        o = g.s.objects.get(oid)
        if o is not None and o.zone == BATTLEFIELD and o.attached_to == host:
            E.destroy(g, oid, "701.7a")
    return None


registry.register_effect(DestroyAttached, _destroy_attached)


def _gain_control_of_attached(g: Game, ctx: Context, e: GainControlOfAttached) -> list | None:
    """613.1b, lasting: the Equipment still attached to the target (the destroyed creature's old object:
    704.5n unattaches them only after the spell has resolved)."""
    if not ctx.legal[e.of.index]:
        return None
    host = ctx.targets[e.of.index]
    for o in g.permanents():
        if o.attached_to == host and g.chars(o).subtypes & e.subtypes and o.controller != ctx.controller:
            g.perform(ControlChange("613.1b", o.id, ctx.controller))
    return None


registry.register_effect(GainControlOfAttached, _gain_control_of_attached)

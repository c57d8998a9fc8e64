"""Keyword actions and counters of resolving spells and abilities (701, 107.14, 120.3, 122.8); their
sentences are compiled by cards/templates/effects_keyword_actions.py.

- 701.12a-c fight: each creature deals damage equal to its power to the other; if either has left
  the battlefield, is no longer a creature or is an illegal target, neither deals damage; a creature
  fighting itself is dealt twice its power. "Deals damage equal to its power" (120.3) likewise uses
  its power as the effect is applied.
- 701.31a-b monstrosity: if the permanent isn't monstrous, put N +1/+1 counters on it and it becomes
  monstrous ("When CARDNAME becomes monstrous" triggers, 603.2).
- 701.33a bolster, 701.43a adapt, 701.47a-c connive, 701.30a-b populate, 701.44a amass, 701.63a
  endure (2026 rules).
- 107.14 energy: "you get {E}{E}", "pay {E}{E}" (only a player who has the counters can pay).
- 122.8: "put its counters on target creature you control" (last known counters once it has left).
- 701.40a explore (V.Explore).
- 122.1: "For each kind of counter on target permanent or player, give that permanent or player another
  counter of that kind"; "Choose a counter on target permanent or player. Give ... another counter of that
  kind" (the kind chosen as it resolves, 608.2d, among those it has: a player's poison and energy counters).
- 701.21a tap and untap: "[you may] tap or untap target permanent", "untap up to three lands",
  "tap all creatures your opponents control".
- 120.3: "Each creature you control deals damage equal to its power to each opponent" (PowerDamage.each): each
  creature matching as the effect happens is a source.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.events import AttachChange, CountersRemoved, EffectCreated, PoisonCounters
from ..model.state import BATTLEFIELD, GRAVEYARD, HAND, LIBRARY, ContinuousEffect
from ..model.vocab.keyword_actions import (  # noqa: F401 (the vocabulary this module executes)
    Adapt,
    Amass,
    AnotherCounter,
    Attach,
    Bolster,
    Connive,
    CreateAndAttach,
    Endure,
    Fight,
    GetEnergy,
    Monstrosity,
    PayEnergy,
    Populate,
    PowerDamage,
    PutCountersOf,
    TapAll,
    TapOrUntap,
    UntapUpTo,
)
from . import (
    choice_effects,
    counter_replacement,
    effect_context,
    referred_objects,
    targeting,
    trigger_events,
    trigger_queue,
)
from . import effects as E

if TYPE_CHECKING:
    from ..engine.game import Game


def _damage_source(g: Game, ctx: effect_context.Context, ref: Any, fighting: bool) -> tuple[Any, Any] | None:
    """The creature dealing damage: a target must still be a legal target on the battlefield; "it" /
    CARDNAME that has left the battlefield deals damage by its last known information (608.2h),
    except a creature told to fight (701.12b)."""
    if isinstance(ref, V.Ref):
        oid = effect_context.target_object(g, ctx, ref)
        if oid is None or g.s.objects[oid].zone != BATTLEFIELD:
            return None
        o = g.s.objects[oid]
        return o, g.chars(o)
    oid = effect_context.target_object(g, ctx, ref)
    if oid is not None:
        o = g.s.objects[oid]
        return o, g.chars(o)
    if fighting:
        return None
    return referred_objects._referred(g, ctx, ref)


def _damage_target(g: Game, ctx: effect_context.Context, ref: Any) -> int | None:
    if isinstance(ref, V.Ref):
        if not ctx.legal[ref.index]:
            return None
        t = ctx.targets[ref.index]
        if t < 0:
            return t
        o = g.s.objects.get(t)
        return t if o is not None and o.zone == BATTLEFIELD else None
    return effect_context.target_object(g, ctx, ref)


_PLAYER_GROUPS = (V.YOU, V.EACH_OPPONENT, V.EACH_PLAYER, V.DEFENDING, V.EVENT_PLAYER)


def _power_damage(g: Game, ctx: effect_context.Context, e: PowerDamage) -> list | None:
    if e.each is not None:
        # "Each creature you control deals damage equal to its power to each opponent": each is a source (120.3)
        for oid in targeting.objects_matching(g, e.each, ctx.controller, ctx.source):
            o = g.s.objects[oid]
            chars = g.chars(o)
            for p in effect_context.resolve_who(g, ctx, e.to):
                E.deal_damage(g, o.card.name, chars, o.controller, -1 - p, chars.power or 0, "120.3", source_id=o.id)
        return None
    src = _damage_source(g, ctx, e.source, fighting=False)
    if src is None:
        return None
    o, chars = src
    if isinstance(e.to, str) and e.to in _PLAYER_GROUPS:
        recipients = [-1 - p for p in effect_context.resolve_who(g, ctx, e.to)]  # "to each opponent" (120.3)
    else:
        to = _damage_target(g, ctx, e.to)
        recipients = [] if to is None else [to]
    for to in recipients:
        E.deal_damage(g, o.card.name, chars, o.controller, to, chars.power or 0, "120.3", source_id=o.id)
    return None


def _fight(g: Game, ctx: effect_context.Context, e: Fight) -> list | None:
    """701.12a: both deal damage at the same time (their powers are read before either is dealt)."""
    a = _damage_source(g, ctx, e.first, fighting=True)
    b = _damage_source(g, ctx, e.second, fighting=True)
    # 701.12b: neither deals damage if either is gone or is no longer a creature.
    if a is None or b is None or "Creature" not in a[1].types or "Creature" not in b[1].types:
        return None
    if a[0].id == b[0].id:
        o, c = a  # 701.12c: a creature fighting itself is dealt damage equal to twice its power
        E.deal_damage(g, o.card.name, c, o.controller, o.id, 2 * (c.power or 0), "701.12c", source_id=o.id)
        return None
    (oa, ca), (ob, cb) = a, b
    pa, pb = ca.power or 0, cb.power or 0
    g.log_event("fight", "701.12a", first=oa.card.name, second=ob.card.name)
    E.deal_damage(g, oa.card.name, ca, oa.controller, ob.id, pa, "701.12a", source_id=oa.id)
    E.deal_damage(g, ob.card.name, cb, ob.controller, oa.id, pb, "701.12a", source_id=ob.id)
    return None


def _monstrosity(g: Game, ctx: effect_context.Context, e: Monstrosity) -> list | None:
    """701.31a-b."""
    s = g.s
    oid = effect_context.target_object(g, ctx, V.SELF)
    if oid is None or is_monstrous(g, oid):
        return None
    n = effect_context.amount(g, ctx, e.amount)
    referred_objects._counters(g, oid, n, "701.31a")
    monstrous = ContinuousEffect("monstrous", oid, timestamp=s.next_timestamp, until="permanent",
                                 controller=ctx.controller)
    s.next_timestamp += 1
    o = s.objects[oid]
    g.perform(EffectCreated("701.31a", monstrous, "monstrous", {"card": o.card.name, "id": oid}))
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "becomes_monstrous":
            # 701.31a-b (701.37 in later rules); 701.37c: its X is the monstrosity's X ("create X X/X green Hydra creature tokens")
            trigger_queue.queue(g, o.controller, oid, ab, None, o.card.name, x=n)
    return None


def is_monstrous(g: Game, oid: int) -> bool:
    return any(e.kind == "monstrous" and e.target == oid for e in g.s.effects)


def _adapt(g: Game, ctx: effect_context.Context, e: Adapt) -> list | None:
    """701.43a: only if it has no +1/+1 counters on it."""
    oid = effect_context.target_object(g, ctx, V.SELF)
    if oid is None or g.s.objects[oid].counters.get("+1/+1", 0) > 0:
        return None
    referred_objects._counters(g, oid, effect_context.amount(g, ctx, e.amount), "701.43a")
    return None


def _bolster(g: Game, ctx: effect_context.Context, e: Bolster) -> list | None:
    """701.33a: a creature with the least toughness among creatures you control (chosen on a tie)."""
    n = effect_context.amount(g, ctx, e.amount)
    mine = [o for o in g.permanents(ctx.controller) if "Creature" in g.chars(o).types]
    if not mine or n <= 0:
        return None
    least = min(g.chars(o).toughness or 0 for o in mine)
    cands = tuple(o.id for o in mine if (g.chars(o).toughness or 0) == least)
    if len(cands) == 1:
        referred_objects._counters(g, cands[0], n, "701.33a")
        return None
    return [effect_context.queue_choice("bolster", ctx.controller, cands,
                      f"701.33a: bolster {n}: choose a creature with the least toughness among creatures you control "
                      f"({', '.join(g.name_of(c) for c in cands)})", n)]


def _answer_bolster(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    n = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    referred_objects._counters(g, value, n, "701.33a")


registry.CHOICES["bolster"] = (choice_effects.object_actions, _answer_bolster)


def _connive(g: Game, ctx: effect_context.Context, e: Connive) -> list | None:
    """701.47a: draw a card, then discard a card; a nonland card discarded puts a +1/+1 counter on
    the conniving permanent. 701.47c: if it left the battlefield, its last known information says who (its controller,
    by last known information, draws and discards)."""
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None:
        p = s.objects[oid].controller
    else:
        got = referred_objects._referred(g, ctx, e.target)
        if got is None:
            return None
        p = got[0].controller
    g.log_event("connive", "701.47a", player=s.players[p].name, source=ctx.name)
    E.draw(g, p, 1)
    hand = tuple(s.players[p].hand)
    if not hand:
        return None
    return [effect_context.queue_choice("connive_discard", p, hand, f"701.47a: {ctx.name} connives: choose a card to discard "
                                                  f"({', '.join(g.name_of(c) for c in hand)})", oid)]


def _answer_connive(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if value not in d.data or value not in s.players[d.player].hand:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    oid = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    land = "Land" in s.objects[value].card.types
    E.discard(g, d.player, value, "701.47a")
    if not land and oid is not None and oid in s.objects and s.objects[oid].zone == BATTLEFIELD:
        referred_objects._counters(g, oid, 1, "701.47a")


registry.CHOICES["connive_discard"] = (choice_effects.object_actions, _answer_connive)


def _populate(g: Game, ctx: effect_context.Context, e: Populate) -> list | None:
    """701.30a: choose a creature token you control, then create a token that's a copy of it (707.2:
    its copiable values are the token's own definition)."""
    cands = tuple(o.id for o in g.permanents(ctx.controller) if o.card.is_token and "Creature" in g.chars(o).types)
    if not cands:
        return None
    if len(cands) == 1:
        E.create_token(g, g.s.objects[cands[0]].card, ctx.controller)
        return None
    return [effect_context.queue_choice("populate", ctx.controller, cands,
                      f"701.30a: populate: choose a creature token you control to copy "
                      f"({', '.join(g.name_of(c) for c in cands)})", ctx.controller)]


def _answer_populate(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    p = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    E.create_token(g, g.s.objects[value].card, p)


registry.CHOICES["populate"] = (choice_effects.object_actions, _answer_populate)


def _amass(g: Game, ctx: effect_context.Context, e: Amass) -> list | None:
    """701.44a: create a 0/0 black [subtype] Army if you control no Army; choose an Army you control,
    put N +1/+1 counters on it; it becomes a [subtype] if it isn't one (an "add_subtypes" effect,
    applied in layer 4 by rules/continuous.py; it lasts as long as the permanent stays)."""
    p = ctx.controller
    armies = tuple(o.id for o in g.permanents(p) if "Army" in g.chars(o).subtypes and "Creature" in g.chars(o).types)
    if not armies:
        E.create_token(g, e.army, p)
        armies = tuple(o.id for o in g.permanents(p) if "Army" in g.chars(o).subtypes
                       and "Creature" in g.chars(o).types)
        if not armies:
            return None
    n = effect_context.amount(g, ctx, e.amount)
    if len(armies) == 1:
        _amass_onto(g, armies[0], e.subtype, n, ctx.controller)
        return None
    return [effect_context.queue_choice("amass", p, armies, f"701.44a: amass {e.subtype}s {n}: choose an Army you control "
                                          f"({', '.join(g.name_of(c) for c in armies)})", (e.subtype, n))]


def _amass_onto(g: Game, oid: int, subtype: str, n: int, controller: int) -> None:
    s = g.s
    referred_objects._counters(g, oid, n, "701.44a")
    if subtype not in g.chars(s.objects[oid]).subtypes:
        army = ContinuousEffect("add_subtypes", oid, timestamp=s.next_timestamp, until="permanent",
                                controller=controller, data=frozenset({subtype}))
        s.next_timestamp += 1
        g.perform(EffectCreated("701.44a", army, "becomes_type", {"card": s.objects[oid].card.name,
                                                                 "subtype": subtype}))


def _answer_amass(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    subtype, n = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    _amass_onto(g, value, subtype, n, d.player)


registry.CHOICES["amass"] = (choice_effects.object_actions, _answer_amass)


def energy(g: Game, p: int) -> int:
    """The energy counters player `p` has (122.1, 107.14). Kept on the state as an immutable pair, so
    a clone of the state shares nothing mutable with it."""
    return g.s.energy[p]


def _set_energy(g: Game, p: int, n: int) -> None:
    pair = list(g.s.energy)
    pair[p] = n
    g.s.energy = tuple(pair)


def _get_energy(g: Game, ctx: effect_context.Context, e: GetEnergy) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    if n <= 0:
        return None
    for p in effect_context.resolve_who(g, ctx, e.who):
        _set_energy(g, p, energy(g, p) + n)
        g.log_event("energy", "107.14", player=g.s.players[p].name, amount=n, total=energy(g, p), source=ctx.name)
    return None


def _pay_energy(g: Game, ctx: effect_context.Context, e: PayEnergy) -> list | None:
    p = ctx.controller
    if energy(g, p) >= e.amount:
        _set_energy(g, p, energy(g, p) - e.amount)
        g.log_event("pay_energy", "107.14", player=g.s.players[p].name, amount=e.amount, total=energy(g, p))
    return None


def _cant_pay_energy(g: Game, p: int, effects: tuple) -> bool:
    need = sum(x.amount for x in effects if isinstance(x, PayEnergy))
    return need > energy(g, p)


def _tap_or_untap(g: Game, ctx: effect_context.Context, e: TapOrUntap) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    return [effect_context.queue_choice("tap_or_untap", ctx.controller, oid,
                      f"{ctx.name}: tap or untap {g.s.objects[oid].card.name}"
                      + (" (or false: neither)" if e.optional else ""), (oid, e.optional))]


def _tap_or_untap_actions(g: Game, d: Any) -> list:
    _, optional = g.s.queue[0][5]
    return [A.Choose("tap"), A.Choose("untap")] + ([A.Choose(False)] if optional else [])


def _answer_tap_or_untap(g: Game, d: Any, value: Any) -> None:
    oid, optional = g.s.queue[0][5]
    if value not in ("tap", "untap") and not (optional and value is False):
        raise IllegalActionError(f"{d.prompt}: answer tap or untap" + (" or false" if optional else ""))
    g.s.pending = None
    g.s.queue.pop(0)
    o = g.s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        return
    if value == "tap" and not o.tapped:
        g.tap(o, "701.21a")
    elif value == "untap" and o.tapped:
        g.untap(o, "701.21a")


def _endure(g: Game, ctx: effect_context.Context, e: Endure) -> list | None:
    if e.amount <= 0:
        return None  # 701.63b
    oid = effect_context.target_object(g, ctx, e.of)
    if oid is None:
        got = referred_objects._referred(g, ctx, e.of)
        if got is None:
            return None
        E.create_token(g, e.spirit, got[0].controller)
        return None
    p = g.s.objects[oid].controller
    return [effect_context.queue_choice("endure", p, oid, f"701.63a: {ctx.name}: put {e.amount} +1/+1 counters on "
                                        f"{g.name_of(oid)} (counters) or create a {e.amount}/{e.amount} Spirit (token)?",
                      (oid, e))]


def _endure_actions(g: Game, d: Any) -> list:
    return [A.Choose("counters"), A.Choose("token")]


def _answer_endure(g: Game, d: Any, value: Any) -> None:
    if value not in ("counters", "token"):
        raise IllegalActionError(f"{d.prompt}: answer counters or token")
    oid, e = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    o = g.s.objects.get(oid)
    if value == "counters" and o is not None and o.zone == BATTLEFIELD:
        referred_objects._counters(g, oid, e.amount, "701.63a")
    else:
        E.create_token(g, e.spirit, d.player)


def _put_counters_of(g: Game, ctx: effect_context.Context, e: PutCountersOf) -> list | None:
    got = referred_objects._referred(g, ctx, e.of)
    to = effect_context.target_object(g, ctx, e.target)
    if got is None or to is None:
        return None
    src = got[0]
    moving = src.zone == BATTLEFIELD and src.id in g.s.objects and src.id != to
    for kind, n in sorted(dict(src.counters).items()):
        if n <= 0:
            continue
        if moving:
            g.perform(CountersRemoved("122.5", src.id, kind, n))  # 122.5: moved from one object to the other
        counter_replacement.put_counters(g, g.s.objects[to], kind, n, "122.8", placer=ctx.controller)  # 122.5: put on it
    return None


def _untap_up_to(g: Game, ctx: effect_context.Context, e: UntapUpTo) -> list | None:
    cands = tuple(x for x in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source) if g.s.objects[x].tapped)
    if not cands:
        return None
    return [effect_context.queue_choice("untap_up_to", ctx.controller, cands,
                      f"{ctx.name}: untap up to {e.amount} of {', '.join(g.name_of(c) for c in cands)} (a list)",
                      e.amount)]


def _untap_up_to_actions(g: Game, d: Any) -> list:

    n = min(g.s.queue[0][5], len(d.data))
    out = [A.Choose(())]
    for k in range(1, n + 1):
        out.extend(A.Choose(c) for c in combinations(d.data, k))
        if len(out) > 200:
            break  # many lands: the largest choices are offered to agents; any answer is accepted
    return out


def _answer_untap_up_to(g: Game, d: Any, value: Any) -> None:
    chosen = choice_effects.check_subset(g, d, value)
    n = g.s.queue[0][5]
    if len(chosen) > n:
        raise IllegalActionError(f"{d.prompt}: at most {n}")
    g.s.pending = None
    g.s.queue.pop(0)
    for c in chosen:
        o = g.s.objects.get(c)
        if o is not None and o.zone == BATTLEFIELD and o.tapped:
            g.untap(o, "701.21a")


def _tap_all(g: Game, ctx: effect_context.Context, e: TapAll) -> list | None:
    for oid in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source):
        o = g.s.objects[oid]
        if not o.tapped:
            g.tap(o, "701.21a")
    return None


registry.register_effect(TapAll, _tap_all)


registry.CHOICES["untap_up_to"] = (_untap_up_to_actions, _answer_untap_up_to)


registry.register_effect(UntapUpTo, _untap_up_to)


registry.CHOICES["endure"] = (_endure_actions, _answer_endure)


registry.register_effect(Endure, _endure)
registry.register_effect(PutCountersOf, _put_counters_of)


registry.CHOICES["tap_or_untap"] = (_tap_or_untap_actions, _answer_tap_or_untap)


registry.register_effect(TapOrUntap, _tap_or_untap)
registry.MAY_IMPOSSIBLE.append(_cant_pay_energy)
registry.register_effect(GetEnergy, _get_energy)
registry.register_effect(PayEnergy, _pay_energy)
registry.register_effect(Fight, _fight)
registry.register_effect(PowerDamage, _power_damage)
registry.register_effect(Monstrosity, _monstrosity)
registry.register_effect(Adapt, _adapt)
registry.register_effect(Bolster, _bolster)
registry.register_effect(Connive, _connive)
registry.register_effect(Populate, _populate)
registry.register_effect(Amass, _amass)


def _explore(g: Game, ctx: effect_context.Context, e: V.Explore) -> list | None:
    """701.40a."""
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is not None:
        trigger_events.explored(g, oid)  # "whenever a creature you control explores"
    who = s.objects[oid].controller if oid is not None else ctx.controller
    lib = s.players[who].library
    if not lib:
        if oid is not None:  # nothing revealed: not a land, so the counter is still put (701.40a)
            _put_counter(g, oid, "+1/+1", 1)
        return None
    top = s.objects[lib[0]]
    g.log_event("reveal", "701.40a", player=s.players[who].name, card=top.card.name)
    if "Land" in top.card.types:
        g.move(top.id, HAND, rule="701.40a")
        return None
    if oid is not None:
        _put_counter(g, oid, "+1/+1", 1)
    return [effect_context.queue_choice("explore", who, top.id, f"701.40a: put {top.card.name} into your graveyard (true) or leave it "
                                             f"on top (false)?", top.id)]


def _put_counter(g: Game, oid: int, kind: str, n: int) -> None:
    counter_replacement.put_counters(g, g.s.objects[oid], kind, n)


def _answer_explore(g: Game, d: Any, value: Any) -> None:
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    card = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    if value and card in s.objects and s.objects[card].zone == LIBRARY:
        g.move(card, GRAVEYARD, rule="701.40a")


registry.CHOICES["explore"] = (choice_effects.may_actions, _answer_explore)


registry.EFFECT_HANDLERS[V.Explore] = _explore


def _attach(g: Game, ctx: effect_context.Context, e: Attach) -> list | None:
    s = g.s
    if not ctx.legal[e.target.index]:
        return None
    src = s.objects.get(ctx.source) if ctx.source is not None else None
    tid = ctx.targets[e.target.index]
    host = s.objects.get(tid)
    if src is None or src.zone != "battlefield" or host is None or host.zone != "battlefield":
        return None  # the Equipment left the battlefield: it can't be attached (701.3a)
    c = g.chars(src)
    if "Creature" in c.types or tid == src.id:
        g.log_event("attach_fails", "301.5c", card=src.card.name, to=host.card.name)
        return None  # 301.5c: an Equipment that's also a creature can't equip; nor equip itself
    if src.attached_to == tid:
        return None  # 701.3b: already attached to it: the effect does nothing
    g.perform(AttachChange("701.3a", src.id, tid))  # 613.7e: a new timestamp when attached
    return None


registry.register_effect(Attach, _attach)
def _create_and_attach(g: Game, ctx: effect_context.Context, e: CreateAndAttach) -> list | None:
    tid = E.create_token(g, e.token, ctx.controller)
    src = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if src is None or src.zone != "battlefield" or "Creature" in g.chars(src).types:
        return None  # the Equipment left the battlefield: the token stays unequipped
    g.perform(AttachChange("701.3a", src.id, tid))
    return None


registry.register_effect(CreateAndAttach, _create_and_attach)


# ------------------------------------------------------------------------- 122.1: another counter of that kind

POISON, ENERGY = "poison", "energy"


def _counter_kinds_of(g: Game, ref: int) -> tuple[str, ...]:
    """The kinds of counter the permanent or player `ref` has now (122.1; a player's: poison 122.1f, energy
    107.14); none for a permanent that has left the battlefield."""
    if ref < 0:
        p = -1 - ref
        return tuple(k for k, n in ((POISON, g.s.players[p].poison), (ENERGY, energy(g, p))) if n > 0)
    o = g.s.objects.get(ref)
    if o is None or o.zone != BATTLEFIELD:
        return ()
    return tuple(sorted(k for k, n in o.counters.items() if n > 0))


def _give_counter(g: Game, ref: int, kind: str, placer: int, source: str) -> None:
    """Give the permanent or player `ref` one more `kind` counter (122.1)."""
    if ref < 0:
        p = -1 - ref
        if kind == POISON:
            g.perform(PoisonCounters("122.1f", p, 1, source))
        else:
            _set_energy(g, p, energy(g, p) + 1)
            g.log_event("energy", "107.14", player=g.s.players[p].name, amount=1, total=energy(g, p), source=source)
        return
    o = g.s.objects.get(ref)
    if o is not None and o.zone == BATTLEFIELD:
        counter_replacement.put_counters(g, o, kind, 1, "122.1", placer=placer)


def _another_counter(g: Game, ctx: effect_context.Context, e: AnotherCounter) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    ref = ctx.targets[e.target.index]
    kinds = _counter_kinds_of(g, ref)
    if e.each_kind or len(kinds) <= 1:
        for k in kinds:
            _give_counter(g, ref, k, ctx.controller, ctx.name)
        return None
    # 608.2d: the controller chooses one of the counters on it as the ability resolves
    return [effect_context.queue_choice("another_counter", ctx.controller, kinds,
                                        f"{ctx.name}: choose a counter on {g.name_of(ref)}: {' or '.join(kinds)}",
                                        (ref, ctx.name))]


def _another_counter_actions(g: Game, d: Any) -> list:
    return [A.Choose(k) for k in d.data]


def _answer_another_counter(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer one of {', '.join(map(repr, d.data))}")
    ref, name = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value in _counter_kinds_of(g, ref):
        _give_counter(g, ref, value, d.player, name)


registry.register_effect(AnotherCounter, _another_counter)
registry.CHOICES["another_counter"] = (_another_counter_actions, _answer_another_counter)

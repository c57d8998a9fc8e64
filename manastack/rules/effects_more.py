"""More effects of resolving spells and abilities (608.2c) and keyword actions (701).

- 608.2h: "its controller" / "that creature's toughness" use the object's current information while
  it is where it was expected to be, else its last known information (a destroyed creature, a
  countered spell).
- 118.12a: "sacrifice CARDNAME unless you pay {2}" means "you may pay {2}; if you don't, sacrifice
  CARDNAME": the controller chooses as the ability resolves; if they don't (or can't), they
  sacrifice it (701.17a).
- 701.12a-c fight: each creature deals damage equal to its power to the other; if either has left
  the battlefield, is no longer a creature or is an illegal target, neither deals damage; a creature
  fighting itself is dealt twice its power. "Deals damage equal to its power" (120.3) likewise uses
  its power as the effect is applied.
- 701.31a-b monstrosity: if the permanent isn't monstrous, put N +1/+1 counters on it and it becomes
  monstrous ("When CARDNAME becomes monstrous" triggers, 603.2).
- 701.33a bolster, 701.43a adapt, 701.47a-c connive, 701.30a-b populate, 701.44a amass.
- 610.3: "exile ... until CARDNAME leaves the battlefield": the exiled card returns to the
  battlefield under its owner's control (610.3c) immediately after the source leaves; nothing is
  exiled if the source left before the ability resolved (610.3a-b).
- 614.1a: "if that creature would die this turn, exile it instead" (a replacement effect until end
  of turn; 700.4: "dies" means put into a graveyard from the battlefield).
- 401.4: "look at the top N cards of your library, then put them back in any order".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import vocab as V
from ..game import game as game_module
from ..game.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK, ContinuousEffect
from . import effects as E

if TYPE_CHECKING:
    from ..game.game import Game
    from .effects import Context


# ---------------------------------------------------------------------------- vocabulary

@dataclass(frozen=True, slots=True)
class ControllerOf:
    """A Who: the controller of an object the ability refers to ("its controller", 608.2h)."""

    of: Any  # V.Ref or V.IT / V.SELF


@dataclass(frozen=True, slots=True)
class ObjectStat:
    """An Amount: the power or toughness of an object ("equal to that creature's toughness")."""

    of: Any  # V.Ref or V.IT / V.SELF
    stat: str  # "power" or "toughness"


@dataclass(frozen=True, slots=True)
class SacrificeUnlessPay(V.Effect):
    target: Any
    cost: Any  # ManaCost


@dataclass(frozen=True, slots=True)
class Fight(V.Effect):
    """701.12a."""

    first: Any
    second: Any


@dataclass(frozen=True, slots=True)
class PowerDamage(V.Effect):
    """"[source] deals damage equal to its power to [target]"."""

    source: Any
    to: Any


@dataclass(frozen=True, slots=True)
class Monstrosity(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class Adapt(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class Bolster(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class Connive(V.Effect):
    target: Any


@dataclass(frozen=True, slots=True)
class Populate(V.Effect):
    pass


@dataclass(frozen=True, slots=True)
class Amass(V.Effect):
    subtype: str
    amount: V.Amount
    army: Any = None  # CardDef of the 0/0 black [subtype] Army token


@dataclass(frozen=True, slots=True)
class ReorderTop(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class ExileUntilLeaves(V.Effect):
    target: Any


@dataclass(frozen=True, slots=True)
class ExileIfWouldDie(V.Effect):
    target: Any


# ---------------------------------------------------------------------------- objects referred to

def _referred(g: Game, ctx: Context, ref: Any) -> tuple[Any, Any] | None:
    """(object, its characteristics) for the object `ref` names: current information while it is in
    the zone it was in, else last known information (608.2h). None for an illegal target or a player."""
    s = g.s
    if isinstance(ref, V.Ref):
        if not ctx.legal[ref.index]:
            return None
        oid = ctx.targets[ref.index]
    elif ref == V.IT and ctx.event_obj is not None:
        oid = ctx.event_obj
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
    return s.lki.get(oid)


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
    v = chars.power if a.stat == "power" else chars.toughness
    return max(0, v or 0)  # 107.1b: a negative result counts as 0


@dataclass(frozen=True, slots=True)
class CountersOn:
    """An Amount: "for each +1/+1 counter on it" (608.2h: as it last existed if it left the battlefield)."""

    of: Any
    kind: str
    multiplier: int = 1


def _counters_on(g: Game, ctx: Context, a: CountersOn) -> int:
    got = _referred(g, ctx, a.of)
    return got[0].counters.get(a.kind, 0) * a.multiplier if got is not None else 0


E.AMOUNT_RESOLVERS[CountersOn] = _counters_on
E.WHO_RESOLVERS[ControllerOf] = _controller_of
E.AMOUNT_RESOLVERS[ObjectStat] = _object_stat


def _counters(g: Game, oid: int, n: int, rule: str) -> None:
    if n <= 0:
        return
    o = g.s.objects[oid]
    o.counters["+1/+1"] = o.counters.get("+1/+1", 0) + n
    g.invalidate()
    g.log_event("counters", rule, card=o.card.name, kind="+1/+1", amount=n)


# ---------------------------------------------------------------------------- sacrifice unless you pay

def _sacrifice_unless_pay(g: Game, ctx: Context, e: SacrificeUnlessPay) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None  # nothing left to sacrifice
    return [E._choice("pay_or_sacrifice", ctx.controller, e.cost.text,
                      f"{ctx.name}: pay {e.cost.text} or sacrifice {g.s.objects[oid].card.name} "
                      f"(true to pay, false not to)", (oid, e.cost, ctx.name))]


def _pay_or_sacrifice_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    _, cost, _ = g.s.queue[0][5]
    if not E.can_pay_mana(g, d.player, cost):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _answer_pay_or_sacrifice(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, cost, name = s.queue[0][5]
    if value and not E.can_pay_mana(g, d.player, cost):
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {cost.text} (601.2h)")
    s.pending = None
    s.queue.pop(0)
    if value and E.pay_mana_now(g, d.player, cost, name):
        g.log_event("paid", "117.12", player=s.players[d.player].name, cost=cost.text, source=name)
        return
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        E.sacrifice(g, oid)


E.CHOICES["pay_or_sacrifice"] = (_pay_or_sacrifice_actions, _answer_pay_or_sacrifice)


# ---------------------------------------------------------------------------- damage equal to power

def _damage_source(g: Game, ctx: Context, ref: Any, fighting: bool) -> tuple[Any, Any] | None:
    """The creature dealing damage: a target must still be a legal target on the battlefield; "it" /
    CARDNAME that has left the battlefield deals damage by its last known information (608.2h),
    except a creature told to fight (701.12b)."""
    if isinstance(ref, V.Ref):
        oid = E.target_object(g, ctx, ref)
        if oid is None or g.s.objects[oid].zone != BATTLEFIELD:
            return None
        o = g.s.objects[oid]
        return o, g.chars(o)
    oid = E.target_object(g, ctx, ref)
    if oid is not None:
        o = g.s.objects[oid]
        return o, g.chars(o)
    if fighting:
        return None
    return _referred(g, ctx, ref)


def _damage_target(g: Game, ctx: Context, ref: Any) -> int | None:
    if isinstance(ref, V.Ref):
        if not ctx.legal[ref.index]:
            return None
        t = ctx.targets[ref.index]
        if t < 0:
            return t
        o = g.s.objects.get(t)
        return t if o is not None and o.zone == BATTLEFIELD else None
    return E.target_object(g, ctx, ref)


_PLAYER_GROUPS = (V.YOU, V.EACH_OPPONENT, V.EACH_PLAYER, V.DEFENDING, V.EVENT_PLAYER)


def _power_damage(g: Game, ctx: Context, e: PowerDamage) -> list | None:
    src = _damage_source(g, ctx, e.source, fighting=False)
    if src is None:
        return None
    o, chars = src
    if isinstance(e.to, str) and e.to in _PLAYER_GROUPS:
        recipients = [-1 - p for p in E.resolve_who(g, ctx, e.to)]  # "to each opponent" (120.3)
    else:
        to = _damage_target(g, ctx, e.to)
        recipients = [] if to is None else [to]
    for to in recipients:
        E.deal_damage(g, o.card.name, chars, o.controller, to, chars.power or 0, "120.3", source_id=o.id)
    return None


def _fight(g: Game, ctx: Context, e: Fight) -> list | None:
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


# ---------------------------------------------------------------------------- counters keyword actions

def _monstrosity(g: Game, ctx: Context, e: Monstrosity) -> list | None:
    """701.31a-b."""
    from . import triggers
    s = g.s
    oid = E.target_object(g, ctx, V.SELF)
    if oid is None or is_monstrous(g, oid):
        return None
    _counters(g, oid, E.amount(g, ctx, e.amount), "701.31a")
    s.effects.append(ContinuousEffect("monstrous", oid, timestamp=s.next_timestamp, until="permanent",
                                      controller=ctx.controller))
    s.next_timestamp += 1
    o = s.objects[oid]
    g.log_event("monstrous", "701.31a", card=o.card.name, id=oid)
    for ab in g.chars(o).abilities:
        if isinstance(ab, V.TriggeredAbility) and ab.event == "becomes_monstrous":
            triggers._add(g, o.controller, oid, ab, None, o.card.name)  # 701.31a-b
    return None


def is_monstrous(g: Game, oid: int) -> bool:
    return any(e.kind == "monstrous" and e.target == oid for e in g.s.effects)


def _adapt(g: Game, ctx: Context, e: Adapt) -> list | None:
    """701.43a: only if it has no +1/+1 counters on it."""
    oid = E.target_object(g, ctx, V.SELF)
    if oid is None or g.s.objects[oid].counters.get("+1/+1", 0) > 0:
        return None
    _counters(g, oid, E.amount(g, ctx, e.amount), "701.43a")
    return None


def _bolster(g: Game, ctx: Context, e: Bolster) -> list | None:
    """701.33a: a creature with the least toughness among creatures you control (chosen on a tie)."""
    n = E.amount(g, ctx, e.amount)
    mine = [o for o in g.permanents(ctx.controller) if "Creature" in g.chars(o).types]
    if not mine or n <= 0:
        return None
    least = min(g.chars(o).toughness or 0 for o in mine)
    cands = tuple(o.id for o in mine if (g.chars(o).toughness or 0) == least)
    if len(cands) == 1:
        _counters(g, cands[0], n, "701.33a")
        return None
    return [E._choice("bolster", ctx.controller, cands,
                      f"701.33a: bolster {n}: choose a creature with the least toughness among creatures you control "
                      f"({', '.join(g.name_of(c) for c in cands)})", n)]


def _answer_bolster(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    n = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    _counters(g, value, n, "701.33a")


E.CHOICES["bolster"] = (E._object_actions, _answer_bolster)


# ---------------------------------------------------------------------------- connive (701.47)

def _connive(g: Game, ctx: Context, e: Connive) -> list | None:
    """701.47a: draw a card, then discard a card; a nonland card discarded puts a +1/+1 counter on
    the conniving permanent. 701.47c: if it left the battlefield, its last known information says who (its controller,
    by last known information, draws and discards)."""
    s = g.s
    oid = E.target_object(g, ctx, e.target)
    if oid is not None:
        p = s.objects[oid].controller
    else:
        got = _referred(g, ctx, e.target)
        if got is None:
            return None
        p = got[0].controller
    g.log_event("connive", "701.47a", player=s.players[p].name, source=ctx.name)
    E.draw(g, p, 1)
    hand = tuple(s.players[p].hand)
    if not hand:
        return None
    return [E._choice("connive_discard", p, hand, f"701.47a: {ctx.name} connives: choose a card to discard "
                                                  f"({', '.join(g.name_of(c) for c in hand)})", oid)]


def _answer_connive(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    s = g.s
    if value not in d.data or value not in s.players[d.player].hand:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    oid = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    land = "Land" in s.objects[value].card.types
    E.discard(g, d.player, value, "701.47a")
    if not land and oid is not None and oid in s.objects and s.objects[oid].zone == BATTLEFIELD:
        _counters(g, oid, 1, "701.47a")


E.CHOICES["connive_discard"] = (E._object_actions, _answer_connive)


# ---------------------------------------------------------------------------- populate, amass

def _populate(g: Game, ctx: Context, e: Populate) -> list | None:
    """701.30a: choose a creature token you control, then create a token that's a copy of it (707.2:
    its copiable values are the token's own definition)."""
    cands = tuple(o.id for o in g.permanents(ctx.controller) if o.card.is_token and "Creature" in g.chars(o).types)
    if not cands:
        return None
    if len(cands) == 1:
        E.create_token(g, g.s.objects[cands[0]].card, ctx.controller)
        return None
    return [E._choice("populate", ctx.controller, cands,
                      f"701.30a: populate: choose a creature token you control to copy "
                      f"({', '.join(g.name_of(c) for c in cands)})", ctx.controller)]


def _answer_populate(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    p = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    E.create_token(g, g.s.objects[value].card, p)


E.CHOICES["populate"] = (E._object_actions, _answer_populate)


def _amass(g: Game, ctx: Context, e: Amass) -> list | None:
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
    n = E.amount(g, ctx, e.amount)
    if len(armies) == 1:
        _amass_onto(g, armies[0], e.subtype, n, ctx.controller)
        return None
    return [E._choice("amass", p, armies, f"701.44a: amass {e.subtype}s {n}: choose an Army you control "
                                          f"({', '.join(g.name_of(c) for c in armies)})", (e.subtype, n))]


def _amass_onto(g: Game, oid: int, subtype: str, n: int, controller: int) -> None:
    s = g.s
    _counters(g, oid, n, "701.44a")
    if subtype not in g.chars(s.objects[oid]).subtypes:
        s.effects.append(ContinuousEffect("add_subtypes", oid, timestamp=s.next_timestamp, until="permanent",
                                          controller=controller, data=frozenset({subtype})))
        s.next_timestamp += 1
        g.invalidate()
        g.log_event("becomes_type", "701.44a", card=s.objects[oid].card.name, subtype=subtype)


def _answer_amass(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    subtype, n = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    _amass_onto(g, value, subtype, n, d.player)


E.CHOICES["amass"] = (E._object_actions, _answer_amass)


# ---------------------------------------------------------------------------- library order

def _reorder_top(g: Game, ctx: Context, e: ReorderTop) -> list | None:
    p = ctx.controller
    cards = tuple(g.s.players[p].library[:E.amount(g, ctx, e.amount)])
    g.log_event("look", "701.16", player=g.s.players[p].name, amount=len(cards), source=ctx.name)
    if len(cards) <= 1:
        return None
    return [E._choice("order_top", p, cards, f"{ctx.name}: put {', '.join(g.name_of(c) for c in cards)} back on top "
                                             f"of your library in any order (first listed ends on top)")]


def _answer_order_top(g: Game, d: Any, value: Any) -> None:
    order = E.chosen_order(g, d, value)
    s = g.s
    s.pending = None
    p = d.player
    s.queue.pop(0)
    lib = s.players[p].library
    rest = [c for c in lib if c not in order]
    lib[:] = list(order) + rest  # 401.4: the same cards, on top, in the chosen order (not new objects)
    g.log_event("order_top", "401.4", player=s.players[p].name, amount=len(order))


E.CHOICES["order_top"] = (E.order_actions, _answer_order_top)


# ---------------------------------------------------------------------------- 610.3: exile until it leaves

def _exile_until_leaves(g: Game, ctx: Context, e: ExileUntilLeaves) -> list | None:
    s = g.s
    src = ctx.source
    if src is None or src not in s.objects or s.objects[src].zone != BATTLEFIELD:
        return None  # 610.3a-b: the source already left: the object isn't exiled
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None
    new = g.move(oid, EXILE, rule="610.3")
    s.effects.append(ContinuousEffect("exiled_until_leaves", src, timestamp=s.next_timestamp, until="permanent",
                                      controller=ctx.controller, data=new))
    s.next_timestamp += 1
    return None


def _return_exiled(g: Game, old_id: int, to: str) -> None:
    """610.3: the exiled card returns immediately after the source leaves the battlefield (610.3c: under its
    owner's control)."""
    s = g.s
    linked = [e for e in s.effects if e.kind == "exiled_until_leaves" and e.target == old_id]
    if not linked:
        return
    s.effects = [e for e in s.effects if not (e.kind == "exiled_until_leaves" and e.target == old_id)]
    for e in linked:
        card = s.objects.get(e.data)
        if card is None or card.zone != EXILE or card.card.is_token:
            continue  # it left exile, or was a token (111.7: it can't return; it ceases to exist, 704.5d)
        g.log_event("return_from_exile", "610.3c", card=card.card.name)
        g.move(card.id, BATTLEFIELD, rule="610.3c", controller=card.owner)


game_module.LEFT_BATTLEFIELD_HOOKS.append(_return_exiled)


# ---------------------------------------------------------------------------- 614: exile instead of dying

def _exile_if_would_die(g: Game, ctx: Context, e: ExileIfWouldDie) -> list | None:
    s = g.s
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None
    s.effects.append(ContinuousEffect("exile_if_would_die", oid, timestamp=s.next_timestamp,
                                      controller=ctx.controller))
    s.next_timestamp += 1
    return None


@dataclass(frozen=True, slots=True)
class ExileDamagedIfWouldDie(V.Effect):
    """"If a creature dealt damage this way would die this turn, exile it instead" (614.1a): each
    permanent of `kinds` dealt damage by this spell or ability as it resolved so far."""

    kinds: frozenset[str]


def _exile_damaged_if_would_die(g: Game, ctx: Context, e: ExileDamagedIfWouldDie) -> list | None:
    s = g.s
    log = s.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("event") == "resolve"), 0)
    dealt = {ev["target_id"] for ev in log[start:] if ev.get("event") == "damage" and ev.get("source") == ctx.name
             and "target_id" in ev}
    for oid in sorted(dealt):
        o = s.objects.get(oid)
        if o is not None and o.zone == BATTLEFIELD:
            s.effects.append(ContinuousEffect("exile_if_would_die", oid, timestamp=s.next_timestamp,
                                              controller=ctx.controller, data=e.kinds))
            s.next_timestamp += 1
    return None


def _die_to_exile(g: Game, o: Any, frm: str, to: str) -> str:
    if frm != BATTLEFIELD or to != GRAVEYARD or not g.s.effects:
        return to
    shields = [e for e in g.s.effects if e.kind == "exile_if_would_die" and e.target == o.id]
    if not shields:
        return to
    c = g.chars(o)
    # 700.4: only a creature or planeswalker dies; "a creature dealt damage this way": a creature only.
    if not any((e.data or frozenset({"Creature", "Planeswalker"})) & c.types for e in shields):
        return to
    g.log_event("replace", "614.1a", card=o.card.name, instead="exile")
    return EXILE


game_module.ZONE_CHANGE_REPLACEMENTS.append(_die_to_exile)


# ---------------------------------------------------------------------------- 603.7: delayed triggers on an object

@dataclass(frozen=True, slots=True)
class DelayedOnObject(V.Effect):
    """603.7a: "destroy that creature at end of combat", "return that card to the battlefield under its
    owner's control at the beginning of the next end step": a delayed triggered ability created as this
    resolves, about the object `of` names now (603.7c: it triggers once, the next time the event happens).
    `event`: "end_combat" or "next_end"."""

    event: str
    action: str  # "destroy", "sacrifice", "exile", "bounce", "return_owner", "return_you", "remove_counters"
    of: Any
    text: str = ""
    counter_kind: str = ""
    amount: int = 0


@dataclass(frozen=True, slots=True)
class ActOnSource(V.Effect):
    """The delayed ability's action on its object (the delayed ability's source, ctx.source)."""

    action: str
    counter_kind: str = ""
    amount: int = 0


@dataclass(frozen=True, slots=True)
class RemoveCounters(V.Effect):
    """"Remove a +1/+1 counter from CARDNAME" (122.1: as many as there are, at most N)."""

    kind: str
    amount: V.Amount
    target: Any


def _delayed_on_object(g: Game, ctx: Context, e: DelayedOnObject) -> list | None:
    s = g.s
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
    s.effects.append(ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp, until="delayed",
                                      controller=ctx.controller, data=(e.event, ab, ctx.name, oid)))
    s.next_timestamp += 1
    g.log_event("delayed_trigger", "603.7a", source=ctx.name, on=e.event, card=s.objects[oid].card.name)
    return None


def _act_on_source(g: Game, ctx: Context, e: ActOnSource) -> list | None:
    s = g.s
    oid = ctx.source
    o = s.objects.get(oid) if oid is not None else None
    if o is None:
        return None  # 400.7: it changed zones; this is a new object the ability can't find
    if e.action in ("return_owner", "return_you"):
        if o.zone == EXILE and not o.card.is_token:
            g.move(oid, BATTLEFIELD, rule="603.7a", controller=o.owner if e.action == "return_owner" else ctx.controller)
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
    return None


def _remove_counters(g: Game, oid: int, kind: str, n: int) -> None:
    o = g.s.objects[oid]
    have = o.counters.get(kind, 0)
    k = min(have, n)
    if k <= 0:
        return
    if have - k:
        o.counters[kind] = have - k
    else:
        del o.counters[kind]
    g.invalidate()
    g.log_event("remove_counters", "122.1", card=o.card.name, kind=kind, amount=k)


def _remove_counters_effect(g: Game, ctx: Context, e: RemoveCounters) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is not None:
        _remove_counters(g, oid, e.kind, E.amount(g, ctx, e.amount))
    return None


# ---------------------------------------------------------------------------- 701.5a: countered to another zone

@dataclass(frozen=True, slots=True)
class CounterTo(V.Effect):
    """"Counter target spell [unless its controller pays {3}]. If that spell is countered this way, exile
    it instead of putting it into its owner's graveyard" (614.1a: the countered card goes to `to`)."""

    target: V.Ref
    to: str  # "exile", "hand", "library_top", "library_bottom"
    cost: Any = None  # ManaCost: "unless its controller pays"


def _counter_to(g: Game, ctx: Context, e: CounterTo) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    oid = ctx.targets[e.target.index]
    it = next((it for it in g.s.stack if it.kind == "spell" and it.obj == oid), None)
    if it is None:
        return None
    if e.cost is None:
        _do_counter_to(g, oid, e.to, ctx.name)
        return None
    return [E._choice("pay_or_counter_to", it.controller, e.cost.text,
                      f"{ctx.name}: pay {e.cost.text} or {it.name} is countered (true to pay, false not to)",
                      (oid, e.cost, ctx.name, e.to))]


def _do_counter_to(g: Game, oid: int, to: str, name: str) -> None:
    s = g.s
    if not E.can_be_countered(g, oid, name):
        return
    for i, it in enumerate(s.stack):
        if it.kind == "spell" and it.obj == oid:
            del s.stack[i]
            g.log_event("counter", "701.5a", card=it.name, by=name)
            if E._spell_destination(it) == EXILE or to == "exile":  # 702.34a: flashback exiles it anyway
                g.move(oid, EXILE, rule="701.5a")
            elif to == "hand":
                g.move(oid, HAND, rule="701.5a")
            else:
                g.move(oid, LIBRARY, rule="701.5a", bottom=to == "library_bottom")
            return


def _pay_or_counter_to_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    cost = g.s.queue[0][5][1]
    if not E.can_pay_mana(g, d.player, cost):
        return [A.Choose(False)]
    return [A.Choose(True), A.Choose(False)]


def _answer_pay_or_counter_to(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    s = g.s
    oid, cost, name, to = s.queue[0][5]
    if value and not E.can_pay_mana(g, d.player, cost):
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {cost.text} (601.2h)")
    s.pending = None
    s.queue.pop(0)
    if value and E.pay_mana_now(g, d.player, cost, name):
        g.log_event("paid", "701.5a", player=s.players[d.player].name, cost=cost.text, source=name)
        return
    _do_counter_to(g, oid, to, name)


@dataclass(frozen=True, slots=True)
class PutSelfInLibrary(V.Effect):
    """"Put CARDNAME on top of (the bottom of) its owner's library": the permanent, or the resolving spell
    itself (608.2n: then it doesn't go to the graveyard)."""

    bottom: bool = False


def _put_self_in_library(g: Game, ctx: Context, e: PutSelfInLibrary) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone in (BATTLEFIELD, STACK):
        g.move(o.id, LIBRARY, rule="401.4", bottom=e.bottom)
    return None


# ---------------------------------------------------------------------------- 607.2a: linked exile and return

@dataclass(frozen=True, slots=True)
class LinkedExile(V.Effect):
    """"Exile target creature" of an ability linked (607.2a) to "return the exiled card ...": the card
    exiled is remembered for this object (the source permanent)."""

    target: Any


@dataclass(frozen=True, slots=True)
class ReturnLinked(V.Effect):
    """"Return the exiled card to the battlefield under its owner's control" (607.2a)."""


def _linked_exile(g: Game, ctx: Context, e: LinkedExile) -> list | None:
    s = g.s
    oid = E.target_object(g, ctx, e.target)
    if oid is None or ctx.source is None:
        return None
    new = g.move(oid, EXILE, rule="701.11a")
    s.effects.append(ContinuousEffect("linked_exile", ctx.source, timestamp=s.next_timestamp, until="permanent",
                                      controller=ctx.controller, data=new))
    s.next_timestamp += 1
    return None


def _return_linked(g: Game, ctx: Context, e: ReturnLinked) -> list | None:
    s = g.s
    linked = [x for x in s.effects if x.kind == "linked_exile" and x.target == ctx.source]
    if not linked:
        return None  # 607.2a: nothing was exiled by this object's linked ability (yet)
    s.effects = [x for x in s.effects if not (x.kind == "linked_exile" and x.target == ctx.source)]
    for x in linked:
        card = s.objects.get(x.data)
        if card is not None and card.zone == EXILE and not card.card.is_token:
            g.move(card.id, BATTLEFIELD, rule="610.3c", controller=card.owner)
    return None


# ---------------------------------------------------------------------------- 615, 609.7a: a source of your choice

@dataclass(frozen=True, slots=True)
class PreventNextFromSource(V.Effect):
    """"The next time a red source of your choice would deal damage to you this turn, prevent that damage"
    (609.7a: the source is chosen as the effect is created; 615.7: the shield is used up once it
    prevents damage). `quality`: what the source must be; `to`: YOU, a Ref, or None (any recipient)."""

    quality: V.ObjectFilter
    to: Any = None


def _prevent_next_from_source(g: Game, ctx: Context, e: PreventNextFromSource) -> list | None:
    from .stack import matches_filter
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
    cands = tuple(o.id for o in g.permanents() if matches_filter(g, e.quality, o, ctx.controller)) + tuple(
        it.obj for it in s.stack if it.kind == "spell" and it.obj in s.objects
        and matches_filter(g, e.quality, s.objects[it.obj], ctx.controller))
    if not cands:
        return None
    return [E._choice("damage_source", ctx.controller, cands,
                      f"609.7a: {ctx.name}: choose the source whose next damage is prevented "
                      f"({', '.join(g.name_of(c) for c in cands)})", (recipient, ctx.name))]


def _answer_damage_source(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
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


# ---------------------------------------------------------------------------- 107.14: energy

def energy(g: Game, p: int) -> int:
    """The energy counters player `p` has (122.1, 107.14). Kept on the state as an immutable pair, so
    a clone of the state shares nothing mutable with it."""
    return g.s.__dict__.get("energy", (0, 0))[p]


def _set_energy(g: Game, p: int, n: int) -> None:
    pair = list(g.s.__dict__.get("energy", (0, 0)))
    pair[p] = n
    g.s.energy = tuple(pair)  # type: ignore[attr-defined]


@dataclass(frozen=True, slots=True)
class GetEnergy(V.Effect):
    """"You get {E}{E}": the player gets that many energy counters (107.14)."""

    amount: V.Amount
    who: Any = V.YOU


@dataclass(frozen=True, slots=True)
class PayEnergy(V.Effect):
    """"Pay {E}{E}" as the ability resolves (107.14: remove that many energy counters; only a player who
    has them can pay)."""

    amount: int


def _get_energy(g: Game, ctx: Context, e: GetEnergy) -> list | None:
    n = E.amount(g, ctx, e.amount)
    if n <= 0:
        return None
    for p in E.resolve_who(g, ctx, e.who):
        _set_energy(g, p, energy(g, p) + n)
        g.log_event("energy", "107.14", player=g.s.players[p].name, amount=n, total=energy(g, p), source=ctx.name)
    return None


def _pay_energy(g: Game, ctx: Context, e: PayEnergy) -> list | None:
    p = ctx.controller
    if energy(g, p) >= e.amount:
        _set_energy(g, p, energy(g, p) - e.amount)
        g.log_event("pay_energy", "107.14", player=g.s.players[p].name, amount=e.amount, total=energy(g, p))
    return None


def _cant_pay_energy(g: Game, p: int, effects: tuple) -> bool:
    need = sum(x.amount for x in effects if isinstance(x, PayEnergy))
    return need > energy(g, p)


# ---------------------------------------------------------------------------- tap or untap, copies, hands

@dataclass(frozen=True, slots=True)
class TapOrUntap(V.Effect):
    """"[You may] tap or untap target permanent" (701.21a): the controller chooses as it resolves."""

    target: Any
    optional: bool = False


def _tap_or_untap(g: Game, ctx: Context, e: TapOrUntap) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    if oid is None:
        return None
    return [E._choice("tap_or_untap", ctx.controller, oid,
                      f"{ctx.name}: tap or untap {g.s.objects[oid].card.name}"
                      + (" (or false: neither)" if e.optional else ""), (oid, e.optional))]


def _tap_or_untap_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    _, optional = g.s.queue[0][5]
    return [A.Choose("tap"), A.Choose("untap")] + ([A.Choose(False)] if optional else [])


def _answer_tap_or_untap(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    from .stack import tap, untap
    oid, optional = g.s.queue[0][5]
    if value not in ("tap", "untap") and not (optional and value is False):
        raise IllegalActionError(f"{d.prompt}: answer tap or untap" + (" or false" if optional else ""))
    g.s.pending = None
    g.s.queue.pop(0)
    o = g.s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD:
        return
    if value == "tap" and not o.tapped:
        tap(g, o, "701.21a")
    elif value == "untap" and o.tapped:
        untap(g, o, "701.21a")


@dataclass(frozen=True, slots=True)
class CreateTokenCopy(V.Effect):
    """"Create a token that's a copy of CARDNAME" (707.2: the copiable values of the object now, or as it
    last existed on the battlefield, 608.2h)."""

    of: Any
    amount: V.Amount = 1


def _create_token_copy(g: Game, ctx: Context, e: CreateTokenCopy) -> list | None:
    import dataclasses
    got = _referred(g, ctx, e.of)
    if got is None:
        return None
    o = got[0]
    card = dataclasses.replace(o.card, is_token=True)
    for _ in range(E.amount(g, ctx, e.amount)):
        E.create_token(g, card, ctx.controller)
    return None


@dataclass(frozen=True, slots=True)
class PutFromHand(V.Effect):
    """"You may put a land card from your hand onto the battlefield [tapped]" (not playing a land, 305.1)."""

    filter: V.ObjectFilter
    tapped: bool = False


def _put_from_hand(g: Game, ctx: Context, e: PutFromHand) -> list | None:
    from .stack import matches_filter
    p = ctx.controller
    cands = tuple(c for c in g.s.players[p].hand if matches_filter(g, e.filter, g.s.objects[c], p))
    if not cands:
        return None
    return [E._choice("put_from_hand", p, cands, f"{ctx.name}: you may put one of "
                                                 f"{', '.join(g.name_of(c) for c in cands)} onto the battlefield "
                                                 f"(or false)", e.tapped)]


def _put_from_hand_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_put_from_hand(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    tapped = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value is not False:
        g.move(value, BATTLEFIELD, rule="608.2c", controller=d.player, tapped=tapped)


@dataclass(frozen=True, slots=True)
class LookAtHand(V.Effect):
    """"Look at target opponent's hand": only its controller sees the cards (no change to the game)."""

    who: Any


def _look_at_hand(g: Game, ctx: Context, e: LookAtHand) -> list | None:
    for p in E.resolve_who(g, ctx, e.who):
        g.log_event("look_at_hand", "402.3", player=g.s.players[ctx.controller].name,
                    hand_of=g.s.players[p].name, cards=[g.name_of(c) for c in g.s.players[p].hand])
    return None


@dataclass(frozen=True, slots=True)
class Endure(V.Effect):
    """701.63a (2026 rules): the permanent's controller creates an N/N white Spirit token unless they put N
    +1/+1 counters on the permanent (impossible once it has left the battlefield)."""

    of: Any
    amount: int
    spirit: Any = None  # CardDef of the N/N white Spirit token


def _endure(g: Game, ctx: Context, e: Endure) -> list | None:
    if e.amount <= 0:
        return None  # 701.63b
    oid = E.target_object(g, ctx, e.of)
    if oid is None:
        got = _referred(g, ctx, e.of)
        if got is None:
            return None
        E.create_token(g, e.spirit, got[0].controller)
        return None
    p = g.s.objects[oid].controller
    return [E._choice("endure", p, oid, f"701.63a: {ctx.name}: put {e.amount} +1/+1 counters on "
                                        f"{g.name_of(oid)} (counters) or create a {e.amount}/{e.amount} Spirit (token)?",
                      (oid, e))]


def _endure_actions(g: Game, d: Any) -> list:
    from ..game import actions as A
    return [A.Choose("counters"), A.Choose("token")]


def _answer_endure(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value not in ("counters", "token"):
        raise IllegalActionError(f"{d.prompt}: answer counters or token")
    oid, e = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    o = g.s.objects.get(oid)
    if value == "counters" and o is not None and o.zone == BATTLEFIELD:
        _counters(g, oid, e.amount, "701.63a")
    else:
        E.create_token(g, e.spirit, d.player)


@dataclass(frozen=True, slots=True)
class SacrificeUnlessReturn(V.Effect):
    """"Sacrifice it unless you return a non-Lair land you control to its owner's hand" (118.12a)."""

    target: Any
    filter: V.ObjectFilter


def _sacrifice_unless_return(g: Game, ctx: Context, e: SacrificeUnlessReturn) -> list | None:
    oid = E.target_object(g, ctx, e.target)
    cands = tuple(x for x in E.objects_matching(g, e.filter, ctx.controller, ctx.source)
                  if g.s.objects[x].controller == ctx.controller)
    if oid is None:
        return None
    if not cands:
        E.sacrifice(g, oid)
        return None
    return [E._choice("return_or_sacrifice", ctx.controller, cands,
                      f"{ctx.name}: return one of {', '.join(g.name_of(c) for c in cands)} to its owner's hand, "
                      f"or false to sacrifice {g.name_of(oid)}", oid)]


def _answer_return_or_sacrifice(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
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


@dataclass(frozen=True, slots=True)
class PutCountersOf(V.Effect):
    """"Put its counters on target creature you control" (122.8: once it has left the battlefield, the same
    number of each kind of counter it had)."""

    of: Any
    target: Any


def _put_counters_of(g: Game, ctx: Context, e: PutCountersOf) -> list | None:
    got = _referred(g, ctx, e.of)
    to = E.target_object(g, ctx, e.target)
    if got is None or to is None:
        return None
    src = got[0]
    moving = src.zone == BATTLEFIELD and src.id in g.s.objects and src.id != to
    for kind, n in sorted(dict(src.counters).items()):
        if n <= 0:
            continue
        if moving:
            del src.counters[kind]  # 122.5: moved from one object to the other
        t = g.s.objects[to]
        t.counters[kind] = t.counters.get(kind, 0) + n
        g.log_event("counters", "122.8", card=t.card.name, kind=kind, amount=n)
    g.invalidate()
    return None


@dataclass(frozen=True, slots=True)
class SearchToTop(V.Effect):
    """"Search your library for a basic land card, reveal it, then shuffle and put that card on top"
    (701.19a-b: a card with a stated quality may not be found; 701.20a shuffle)."""

    filter: V.ObjectFilter


def _search_to_top(g: Game, ctx: Context, e: SearchToTop) -> list | None:
    from .stack import matches_filter
    p = ctx.controller
    cands = tuple(c for c in g.s.players[p].library if matches_filter(g, e.filter, g.s.objects[c], p))
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [E._choice("search_top", p, cands, f"701.19: {ctx.name}: search your library for a card to put on top "
                                              f"({', '.join(g.name_of(c) for c in cands) or 'none'}) or false", None)]


def _answer_search_top(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    s = g.s
    s.pending = None
    s.queue.pop(0)
    lib = s.players[d.player].library
    if value is not False:
        g.log_event("reveal", "701.16a", player=s.players[d.player].name, card=g.name_of(value))
        lib.remove(value)
    s.rng.shuffle(lib)
    g.log_event("shuffle", "701.20a", player=s.players[d.player].name)
    if value is not False:
        lib.insert(0, value)  # the same card, on top (not a new object: it stays in the library)


@dataclass(frozen=True, slots=True)
class ShuffleSelfIntoLibrary(V.Effect):
    """"Shuffle CARDNAME into its owner's library" (701.20a): the resolving spell itself (608.2n: then it
    isn't put into the graveyard), or the permanent."""


def _shuffle_self(g: Game, ctx: Context, e: ShuffleSelfIntoLibrary) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone not in (BATTLEFIELD, STACK):
        return None
    owner = o.owner
    g.move(o.id, LIBRARY, rule="701.20a")
    s.rng.shuffle(s.players[owner].library)
    g.log_event("shuffle", "701.20a", player=s.players[owner].name)
    return None


@dataclass(frozen=True, slots=True)
class DiscardAtRandom(V.Effect):
    """"That player discards a card at random" (701.8a: the card is chosen at random)."""

    amount: int
    who: Any


def _discard_at_random(g: Game, ctx: Context, e: DiscardAtRandom) -> list | None:
    s = g.s
    for p in E.resolve_who(g, ctx, e.who):
        for _ in range(e.amount):
            hand = s.players[p].hand
            if not hand:
                break
            E.discard(g, p, hand[s.rng.randrange(len(hand))], "701.8a")
    return None


@dataclass(frozen=True, slots=True)
class LookAtTopOf(V.Effect):
    """"Look at the top card of target player's library": only its controller sees it."""

    who: Any


def _look_at_top_of(g: Game, ctx: Context, e: LookAtTopOf) -> list | None:
    for p in E.resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        g.log_event("look", "701.16", player=g.s.players[ctx.controller].name, library_of=g.s.players[p].name,
                    card=g.name_of(lib[0]) if lib else None)
    return None


@dataclass(frozen=True, slots=True)
class IfYourTurn(V.Effect):
    """"If it's your turn, scry 2" (608.2c: checked as the spell resolves)."""

    effects: tuple
    yours: bool = True


def _if_your_turn(g: Game, ctx: Context, e: IfYourTurn) -> list | None:
    if (g.s.active == ctx.controller) == e.yours:
        return [("resume_effects", ctx, e.effects, 0, None)]
    return None


@dataclass(frozen=True, slots=True)
class UntapUpTo(V.Effect):
    """"Untap up to three lands" (no target: chosen as it resolves, 701.21a)."""

    filter: V.ObjectFilter
    amount: int


def _untap_up_to(g: Game, ctx: Context, e: UntapUpTo) -> list | None:
    cands = tuple(x for x in E.objects_matching(g, e.filter, ctx.controller, ctx.source) if g.s.objects[x].tapped)
    if not cands:
        return None
    return [E._choice("untap_up_to", ctx.controller, cands,
                      f"{ctx.name}: untap up to {e.amount} of {', '.join(g.name_of(c) for c in cands)} (a list)",
                      e.amount)]


def _untap_up_to_actions(g: Game, d: Any) -> list:
    from itertools import combinations

    from ..game import actions as A
    n = min(g.s.queue[0][5], len(d.data))
    out = [A.Choose(())]
    for k in range(1, n + 1):
        out.extend(A.Choose(c) for c in combinations(d.data, k))
        if len(out) > 200:
            break  # many lands: the largest choices are offered to agents; any answer is accepted
    return out


def _answer_untap_up_to(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    from .stack import untap
    chosen = E._check_subset(g, d, value)
    n = g.s.queue[0][5]
    if len(chosen) > n:
        raise IllegalActionError(f"{d.prompt}: at most {n}")
    g.s.pending = None
    g.s.queue.pop(0)
    for c in chosen:
        o = g.s.objects.get(c)
        if o is not None and o.zone == BATTLEFIELD and o.tapped:
            untap(g, o, "701.21a")


@dataclass(frozen=True, slots=True)
class SearchSameName(V.Effect):
    """"Search your library for [up to N cards] [a card] named CARDNAME, reveal it, put it into your hand,
    then shuffle" (701.19a-b: cards with a stated quality may not be found; 701.20a)."""

    amount: int = 1


def _source_name(g: Game, ctx: Context) -> str:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None:
        return o.card.name
    return ctx.source_lki[0].card.name if ctx.source_lki else ctx.name


def _search_same_name(g: Game, ctx: Context, e: SearchSameName) -> list | None:
    p = ctx.controller
    name = _source_name(g, ctx)
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [E._choice("search_named", p, _named_cands(g, p, name), f"701.19: {ctx.name}: search for up to {e.amount} card(s) named "
                                               f"{name} (a list; [] to find none)", (name, e.amount))]


def _named_cands(g: Game, p: int, name: str) -> tuple[int, ...]:
    return tuple(c for c in g.s.players[p].library if g.s.objects[c].card.name == name)


def _search_named_actions(g: Game, d: Any) -> list:
    from itertools import combinations

    from ..game import actions as A
    name, n = g.s.queue[0][5]
    cands = d.data
    out = [A.Choose(())]
    for k in range(1, min(n, len(cands)) + 1):
        out.extend(A.Choose(c) for c in combinations(cands, k))
    return out


def _answer_search_named(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    s = g.s
    name, n = s.queue[0][5]
    cands = d.data
    if value is None or value is False:
        value = ()
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,)
    chosen = tuple(value) if isinstance(value, (list, tuple)) else None
    if chosen is None or len(chosen) > n or len(set(chosen)) != len(chosen) or any(c not in cands for c in chosen):
        raise IllegalActionError(f"{d.prompt}: choose up to {n} of {', '.join(g.name_of(c) for c in cands) or 'none'}")
    s.pending = None
    s.queue.pop(0)
    for c in chosen:
        g.log_event("reveal", "701.16a", player=s.players[d.player].name, card=name)
        g.move(c, HAND, rule="701.19a")
    s.rng.shuffle(s.players[d.player].library)
    g.log_event("shuffle", "701.20a", player=s.players[d.player].name)


@dataclass(frozen=True, slots=True)
class AttachSelfTo(V.Effect):
    """"Attach CARDNAME to it" (701.3a): the source Equipment or Aura to the trigger's object."""

    to: Any


def _attach_self_to(g: Game, ctx: Context, e: AttachSelfTo) -> list | None:
    s = g.s
    src = s.objects.get(ctx.source) if ctx.source is not None else None
    tid = E.target_object(g, ctx, e.to)
    if src is None or src.zone != BATTLEFIELD or tid is None or tid == src.id:
        return None  # 701.3a: it can't be attached (it left the battlefield, or the object did)
    if "Creature" in g.chars(src).types:
        g.log_event("attach_fails", "301.5c", card=src.card.name, to=g.name_of(tid))
        return None  # 301.5c: an Equipment that's also a creature can't equip a creature
    if src.attached_to == tid:
        return None  # 701.3b
    src.attached_to = tid
    src.timestamp = s.next_timestamp  # 613.7e
    s.next_timestamp += 1
    g.invalidate()
    g.log_event("attach", "701.3a", card=src.card.name, to=g.name_of(tid), to_id=tid)
    return None


E.register_effect(AttachSelfTo, _attach_self_to)
@dataclass(frozen=True, slots=True)
class ShuffleLibrary(V.Effect):
    """"Shuffle your library" (701.20a)."""


def _shuffle_library(g: Game, ctx: Context, e: ShuffleLibrary) -> list | None:
    p = ctx.controller
    g.s.rng.shuffle(g.s.players[p].library)
    g.log_event("shuffle", "701.20a", player=g.s.players[p].name)
    return None


@dataclass(frozen=True, slots=True)
class TapAll(V.Effect):
    """"Tap all creatures your opponents control" (701.21a: each untapped matching permanent becomes tapped)."""

    filter: V.ObjectFilter


def _tap_all(g: Game, ctx: Context, e: TapAll) -> list | None:
    from .stack import tap
    for oid in E.objects_matching(g, e.filter, ctx.controller, ctx.source):
        o = g.s.objects[oid]
        if not o.tapped:
            tap(g, o, "701.21a")
    return None


E.register_effect(TapAll, _tap_all)
E.register_effect(ShuffleLibrary, _shuffle_library)
E.CHOICES["search_named"] = (_search_named_actions, _answer_search_named)
E.register_effect(SearchSameName, _search_same_name)
E.CHOICES["untap_up_to"] = (_untap_up_to_actions, _answer_untap_up_to)
E.register_effect(ShuffleSelfIntoLibrary, _shuffle_self)
E.register_effect(DiscardAtRandom, _discard_at_random)
E.register_effect(LookAtTopOf, _look_at_top_of)
E.register_effect(IfYourTurn, _if_your_turn)
E.register_effect(UntapUpTo, _untap_up_to)
E.CHOICES["endure"] = (_endure_actions, _answer_endure)
E.CHOICES["return_or_sacrifice"] = (_put_from_hand_actions, _answer_return_or_sacrifice)
E.CHOICES["search_top"] = (_put_from_hand_actions, _answer_search_top)
E.register_effect(Endure, _endure)
E.register_effect(SacrificeUnlessReturn, _sacrifice_unless_return)
E.register_effect(PutCountersOf, _put_counters_of)
E.register_effect(SearchToTop, _search_to_top)
E.CHOICES["tap_or_untap"] = (_tap_or_untap_actions, _answer_tap_or_untap)
E.CHOICES["put_from_hand"] = (_put_from_hand_actions, _answer_put_from_hand)
E.register_effect(TapOrUntap, _tap_or_untap)
E.register_effect(CreateTokenCopy, _create_token_copy)
E.register_effect(PutFromHand, _put_from_hand)
E.register_effect(LookAtHand, _look_at_hand)
E.MAY_IMPOSSIBLE.append(_cant_pay_energy)
E.register_effect(GetEnergy, _get_energy)
E.register_effect(PayEnergy, _pay_energy)
E.CHOICES["damage_source"] = (E._object_actions, _answer_damage_source)
E.DAMAGE_PREVENTION_HOOKS.append(_prevent_from_source)
E.register_effect(PreventNextFromSource, _prevent_next_from_source)
E.register_effect(LinkedExile, _linked_exile)
E.register_effect(ReturnLinked, _return_linked)
E.register_effect(PutSelfInLibrary, _put_self_in_library)
E.CHOICES["pay_or_counter_to"] = (_pay_or_counter_to_actions, _answer_pay_or_counter_to)
E.register_effect(CounterTo, _counter_to)
E.register_effect(DelayedOnObject, _delayed_on_object)
E.register_effect(ActOnSource, _act_on_source)
E.register_effect(RemoveCounters, _remove_counters_effect)
E.register_effect(SacrificeUnlessPay, _sacrifice_unless_pay)
E.register_effect(Fight, _fight)
E.register_effect(PowerDamage, _power_damage)
E.register_effect(Monstrosity, _monstrosity)
E.register_effect(Adapt, _adapt)
E.register_effect(Bolster, _bolster)
E.register_effect(Connive, _connive)
E.register_effect(Populate, _populate)
E.register_effect(Amass, _amass)
E.register_effect(ReorderTop, _reorder_top)
E.register_effect(ExileUntilLeaves, _exile_until_leaves)
E.register_effect(ExileIfWouldDie, _exile_if_would_die)
E.register_effect(ExileDamagedIfWouldDie, _exile_damaged_if_would_die)

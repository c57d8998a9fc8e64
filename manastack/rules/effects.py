"""CR 608.2c-n, 701, 120: carrying out the effects of resolving spells and abilities.

- 120.3: damage to a player causes life loss; to a creature it is marked; deathtouch (702.2b)
  and lifelink (702.15b) apply wherever the source is; protection prevents damage (702.16e).
- 121: drawing; 701.8: discard (the discarding player chooses); 701.5: counter; 701.7: destroy.
- 611.2: "until end of turn" effects (ended in cleanup, 514.2).
- 608.2b: parts of an effect that refer to an illegal target do nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import vocab as V
from ..game.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK, ContinuousEffect, player_ref

if TYPE_CHECKING:
    from ..game.game import Game


@dataclass
class Context:
    controller: int
    source: int | None
    targets: tuple[int, ...]
    legal: tuple[bool, ...]
    x: int
    name: str
    source_lki: Any = None  # (Obj copy, Chars) as the source last existed


def amount(g: Game, ctx: Context, a: V.Amount) -> int:
    if isinstance(a, int):
        return a
    if a == "X":
        return ctx.x
    if isinstance(a, V.Count):
        if a.counters_on_self:
            o = ctx.source_lki[0] if ctx.source_lki else None
            return (o.counters.get(a.counters_on_self, 0) if o else 0) * a.multiplier
        if a.filter is not None:
            from .stack import matches_filter
            return sum(1 for o in g.permanents() if matches_filter(g, a.filter, o, ctx.controller)) * a.multiplier
    return 0


def resolve_who(g: Game, ctx: Context, who: V.Who) -> list[int]:
    """Players an effect refers to, as player indexes; [] when the target became illegal."""
    if isinstance(who, V.Ref):
        if not ctx.legal[who.index]:
            return []
        t = ctx.targets[who.index]
        return [-1 - t] if t < 0 else []
    if who == V.YOU:
        return [ctx.controller]
    if who == V.EACH_OPPONENT:
        return [1 - ctx.controller]
    if who == V.EACH_PLAYER:
        s = g.s
        return [s.active, 1 - s.active]
    if who == V.DEFENDING:
        return [1 - ctx.controller]
    return []


def target_object(g: Game, ctx: Context, who: V.Who) -> int | None:
    if isinstance(who, V.Ref):
        if not ctx.legal[who.index]:
            return None
        return ctx.targets[who.index]
    if who == V.SELF:
        if ctx.source is not None and ctx.source in g.s.objects and g.s.objects[ctx.source].zone == BATTLEFIELD:
            return ctx.source
        return None
    return None


def run(g: Game, ctx: Context, effects: tuple[V.Effect, ...], finish: tuple | None, start: int = 0) -> None:
    """Run `effects[start:]`; an effect that needs a player's choice queues it and the rest."""
    s = g.s
    for i in range(start, len(effects)):
        eff = effects[i]
        needs = _HANDLERS[type(eff)](g, ctx, eff)
        if needs:
            # A choice is needed (e.g. which cards to discard): continue after it is made.
            s.queue[0:0] = [*needs, ("resume_effects", ctx, effects, i + 1, finish)]
            return
    if finish is not None:
        finish_resolution(g, finish)


def finish_resolution(g: Game, finish: tuple) -> None:
    kind, oid = finish
    if kind == "spell_to_graveyard" and oid in g.s.objects and g.s.objects[oid].zone == STACK:
        g.move(oid, GRAVEYARD, rule="608.2n")


def deal_damage(g: Game, source_name: str, source_chars: Any, source_controller: int, target: int, n: int,
                rule: str, combat: bool = False) -> int:
    """120.3: deal `n` damage from a source (given by its characteristics, or last known ones)."""
    s = g.s
    if n <= 0:
        return 0
    kws = source_chars.keywords if source_chars is not None else frozenset()
    colors = source_chars.colors if source_chars is not None else frozenset()
    if target < 0:
        p = -1 - target
        pl = s.players[p]
        g.log_event("damage", rule, source=source_name, target=pl.name, amount=n, combat=combat)
        g.set_life(p, -n, "120.3a", source=source_name)
    else:
        o = s.objects.get(target)
        if o is None or o.zone != BATTLEFIELD:
            return 0
        from .stack import protected_from
        if colors and protected_from(g, o, colors):
            g.log_event("prevent", "702.16e", source=source_name, target=o.card.name, amount=n)
            return 0
        c = g.chars(o)
        if o.counters.get("+1/+1", 0) > 0 and any(
                isinstance(ab, V.StaticAbility) and ab.kind == "prevent_damage_remove_counters" for ab in c.abilities):
            # 615: prevent that damage and remove that many +1/+1 counters (Ugin's Conjurant).
            g.log_event("prevent", "615.1", source=source_name, target=o.card.name, amount=n)
            o.counters["+1/+1"] = max(0, o.counters["+1/+1"] - n)
            if not o.counters["+1/+1"]:
                del o.counters["+1/+1"]
            g.invalidate()
            return 0
        if "Creature" in c.types:
            o.damage += n
            if "deathtouch" in kws:
                o.deathtouched = True
        if "Planeswalker" in c.types:
            o.counters["loyalty"] = o.counters.get("loyalty", 0) - n
        g.invalidate()
        g.log_event("damage", rule, source=source_name, target=o.card.name, target_id=o.id, amount=n, combat=combat)
    if "lifelink" in kws:
        g.set_life(source_controller, n, "702.15b", source=source_name)
    return n


def _deal_damage(g: Game, ctx: Context, e: V.DealDamage) -> list | None:
    n = amount(g, ctx, e.amount)
    lki = ctx.source_lki
    chars = lki[1] if lki else None
    if isinstance(e.to, V.Ref):
        if not ctx.legal[e.to.index]:
            return None
        targets = [ctx.targets[e.to.index]]
    else:
        targets = [player_ref(p) for p in resolve_who(g, ctx, e.to)]
    for t in targets:
        deal_damage(g, ctx.name, chars, ctx.controller, t, n, "120.3")
    return None


def _draw(g: Game, ctx: Context, e: V.Draw) -> list | None:
    n = amount(g, ctx, e.amount)
    for p in resolve_who(g, ctx, e.who):
        g.draw(p, n)
    return None


def _gain(g: Game, ctx: Context, e: V.GainLife) -> list | None:
    for p in resolve_who(g, ctx, e.who):
        g.set_life(p, amount(g, ctx, e.amount), "119.3")
    return None


def _lose(g: Game, ctx: Context, e: V.LoseLife) -> list | None:
    for p in resolve_who(g, ctx, e.who):
        g.set_life(p, -amount(g, ctx, e.amount), "119.3")
    return None


def _discard(g: Game, ctx: Context, e: V.Discard) -> list | None:
    needs = []
    for p in resolve_who(g, ctx, e.who):
        n = amount(g, ctx, e.amount)
        hand = g.s.players[p].hand
        if n >= len(hand):
            for oid in list(hand):
                discard(g, p, oid)
        elif n > 0:
            needs.append(("discard", p, n, "701.8"))
    return needs or None


def discard(g: Game, p: int, oid: int, rule: str = "701.8") -> None:
    o = g.s.objects[oid]
    g.log_event("discard", rule, player=g.s.players[p].name, card=o.card.name)
    g.move(oid, GRAVEYARD, rule=rule)


def _counter(g: Game, ctx: Context, e: V.CounterSpell) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    oid = ctx.targets[e.target.index]
    s = g.s
    for i, it in enumerate(s.stack):
        if it.kind == "spell" and it.obj == oid:
            del s.stack[i]
            g.log_event("counter", "701.5a", card=it.name, by=ctx.name)
            g.move(oid, GRAVEYARD, rule="701.5a")
            break
    return None


def _destroy(g: Game, ctx: Context, e: V.Destroy) -> list | None:
    oid = target_object(g, ctx, e.target)
    if oid is not None:
        destroy(g, oid, "701.7a")
    return None


def destroy(g: Game, oid: int, rule: str) -> bool:
    o = g.s.objects[oid]
    if "indestructible" in g.chars(o).keywords:
        return False
    g.log_event("destroy", rule, card=o.card.name, id=oid)
    g.move(oid, GRAVEYARD, rule=rule)
    return True


def _bounce(g: Game, ctx: Context, e: V.ReturnToHand) -> list | None:
    oid = target_object(g, ctx, e.target)
    if oid is not None:
        g.move(oid, HAND, rule="608.2c")
    return None


def _reanimate(g: Game, ctx: Context, e: V.ReturnFromGraveyard) -> list | None:
    oid = target_object(g, ctx, e.target)
    if oid is not None:
        g.move(oid, BATTLEFIELD, rule="608.2c", controller=ctx.controller)
    return None


def _pump(g: Game, ctx: Context, e: V.Pump) -> list | None:
    oid = target_object(g, ctx, e.target)
    if oid is None:
        return None
    s = g.s
    s.effects.append(ContinuousEffect("pump", oid, power=e.power, toughness=e.toughness, keywords=e.keywords,
                                      timestamp=s.next_timestamp, controller=ctx.controller))
    s.next_timestamp += 1
    g.invalidate()
    g.log_event("pump", "611.2", card=g.s.objects[oid].card.name, power=e.power, toughness=e.toughness,
                keywords=list(e.keywords))
    return None


def _counters(g: Game, ctx: Context, e: V.AddCounters) -> list | None:
    oid = target_object(g, ctx, e.target)
    if oid is None:
        return None
    o = g.s.objects[oid]
    n = amount(g, ctx, e.amount)
    if n > 0:
        o.counters[e.kind] = o.counters.get(e.kind, 0) + n
        g.invalidate()
        g.log_event("counters", "122.1", card=o.card.name, kind=e.kind, amount=n)
    return None


def _token(g: Game, ctx: Context, e: V.CreateToken) -> list | None:
    from ..cards.db import token_def
    n = amount(g, ctx, e.amount)
    for p in resolve_who(g, ctx, e.who):
        for _ in range(n):
            create_token(g, token_def(e.token), p)
    return None


def create_token(g: Game, card: V.CardDef, p: int) -> int:
    """111.1: a token is created on the battlefield."""
    from . import stack, triggers
    o = g.new_object(card, p, BATTLEFIELD)
    o.sick = True
    stack.enters_battlefield(g, o, {})
    g.s.battlefield.append(o.id)
    g.invalidate()
    g.log_event("create_token", "111.1", card=card.name, id=o.id, controller=g.s.players[p].name)
    triggers.entered_battlefield(g, o.id)
    return o.id


def _add_mana(g: Game, ctx: Context, e: V.AddMana) -> list | None:
    """Rituals (605.5a: a spell that adds mana is not a mana ability)."""
    from .stack import add_mana
    prod = e.production
    if prod.kind == "fixed":
        add_mana(g, ctx.controller, prod.bags[0], source=ctx.name)
        return None
    return [("choose_mana", ctx.controller, prod, ctx.name)]


def _reveal_land(g: Game, ctx: Context, e: V.RevealTopPutLandInHand) -> list | None:
    for p in resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        if not lib:
            continue
        top = g.s.objects[lib[0]]
        g.log_event("reveal", "701.16a", player=g.s.players[p].name, card=top.card.name)
        if "Land" in top.card.types:
            g.move(top.id, HAND, rule="608.2c")
    return None


def _continuous(g: Game, ctx: Context, e: V.CreateContinuousEffect) -> list | None:
    s = g.s
    s.effects.append(ContinuousEffect("mana_replacement", None, timestamp=s.next_timestamp, controller=ctx.controller,
                                      data=(e.replacement, ctx.name)))
    s.next_timestamp += 1
    g.invalidate()
    g.log_event("continuous_effect", "611.2a", source=ctx.name)
    return None


def _flicker(g: Game, ctx: Context, e: V.Flicker) -> list | None:
    """Exile the targets, then return those cards (new objects, 400.7) under your control."""
    exiled = []
    for ref in e.targets:
        oid = target_object(g, ctx, ref)
        if oid is not None:
            exiled.append(g.move(oid, EXILE, rule="406.2"))
    for oid in exiled:
        o = g.s.objects.get(oid)
        if o is not None and not o.card.is_token:
            g.move(oid, BATTLEFIELD, rule="608.2c", controller=ctx.controller)
    return None


def _sacrifice_unless(g: Game, ctx: Context, e: SacrificeUnless) -> list | None:
    return [("sacrifice_unless", ctx.controller, e.filter, ctx.source, ctx.name)]


@dataclass(frozen=True)
class SacrificeUnless(V.Effect):
    """"sacrifice CARDNAME unless you sacrifice a creature": the controller chooses."""

    filter: V.ObjectFilter


_HANDLERS = {
    V.CreateContinuousEffect: _continuous, V.Flicker: _flicker, SacrificeUnless: _sacrifice_unless,
    V.DealDamage: _deal_damage, V.Draw: _draw, V.GainLife: _gain, V.LoseLife: _lose, V.Discard: _discard,
    V.CounterSpell: _counter, V.Destroy: _destroy, V.ReturnToHand: _bounce, V.ReturnFromGraveyard: _reanimate,
    V.Pump: _pump, V.AddCounters: _counters, V.CreateToken: _token, V.AddMana: _add_mana,
    V.RevealTopPutLandInHand: _reveal_land,
}
_ = LIBRARY


def register_effect(cls: type, handler) -> None:
    """Register how an effect class (from a template module) is carried out. The handler takes
    (game, Context, effect) and returns None, or queue items for choices it needs."""
    _HANDLERS[cls] = handler

"""What a damage spell or ability does with the damage it dealt "this way" (CR 608.2c: the later
sentences refer to what the earlier ones did); the templates are in cards/templates/effects_damage_riders.py.

- 701.15c: "A creature dealt damage this way can't be regenerated this turn" (Incinerate): each creature
  the source dealt damage to as the spell or ability resolved (more than 0: prevented damage isn't dealt,
  615.1) can't be regenerated until the turn ends, however it is destroyed (704.5g lethal damage
  included): a ContinuousEffect CANT_BE_REGENERATED that rules/regeneration.py reads.
- 701.15c: "If it's a creature, it can't be regenerated this turn" (Disintegrate): the target, if it is a
  creature as the sentence happens, whether or not the damage was dealt.
- 120.3 / 608.2d: "deals 1 damage to that player or a planeswalker that player controls" (Curse of the Pierced
  Heart): the controller chooses as it resolves (queued choice "player_or_planeswalker"; no planeswalker: the
  player).
- 120.3: "deals 2 damage to each creature except for creatures you control with flying" (Flame Sweep):
  the permanents of the group but not of the exception, dealt damage at the same time.
- 120.3: "each Dragon you control deals 1 damage to that creature" (Sarkhan the Masterless): each such permanent
  is a source of that damage, all dealt at the same time.
- 119.3 / 120.3: "You gain life equal to the damage dealt this way" (Corrupt): the controller gains
  life equal to the total damage the source actually dealt as it resolved (after prevention).

What was dealt "this way" is read from the game log's damage events since the spell or ability began
to resolve (as rules/zone_change_effects.py does for Anger of the Gods).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model.events import EffectCreated
from ..model.state import BATTLEFIELD, ContinuousEffect, player_ref
from ..model.vocab.damage_riders import (
    CANT_BE_REGENERATED,
    CantBeRegeneratedThisTurn,
    DamageAllExcept,
    DamagePlayerOrPlaneswalker,
    EachDealsDamage,
    GainLifeDealtThisWay,
    NoRegenerationThisWay,
)
from . import choice_effects, effect_context, effects, targeting

if TYPE_CHECKING:
    from ..engine.game import Game


def dealt_this_way(g: Game, ctx: effect_context.Context) -> list[dict]:
    """The damage events of the source since its spell or ability began to resolve (608.2c)."""
    log = g.s.log
    start = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("event") == "resolve"), 0)
    return [ev for ev in log[start:] if ev.get("event") == "damage" and ev.get("source") == ctx.name
            and isinstance(n := ev.get("amount"), int) and n > 0 and not ev.get("combat")]


def _no_regeneration(g: Game, ctx: effect_context.Context, e: NoRegenerationThisWay) -> list | None:
    s = g.s
    for oid in sorted({ev["target_id"] for ev in dealt_this_way(g, ctx) if "target_id" in ev}):
        o = s.objects.get(oid)
        if o is None or o.zone != BATTLEFIELD or "Creature" not in g.chars(o).types:
            continue
        g.perform(EffectCreated("701.15c", ContinuousEffect(CANT_BE_REGENERATED, oid, timestamp=s.next_timestamp,
                                                            controller=ctx.controller),
                                CANT_BE_REGENERATED, {"card": o.card.name, "id": oid}))
        s.next_timestamp += 1
    return None


def _cant_be_regenerated(g: Game, ctx: effect_context.Context, e: CantBeRegeneratedThisTurn) -> list | None:
    """701.15c: until end of turn the creature can't be regenerated (a player target: nothing)."""
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target)
    o = s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD or "Creature" not in g.chars(o).types:
        return None
    g.perform(EffectCreated("701.15c", ContinuousEffect(CANT_BE_REGENERATED, o.id, timestamp=s.next_timestamp,
                                                        controller=ctx.controller),
                            CANT_BE_REGENERATED, {"card": o.card.name, "id": o.id}))
    s.next_timestamp += 1
    return None


def _damage_player_or_planeswalker(g: Game, ctx: effect_context.Context, e: DamagePlayerOrPlaneswalker) -> list | None:
    """120.3 / 608.2d: the controller chooses that player or one of the planeswalkers they control."""
    players = effect_context.resolve_who(g, ctx, e.who)
    n = effect_context.amount(g, ctx, e.amount)
    if not players or n <= 0:
        return None
    p = players[0]
    options = (player_ref(p),) + tuple(o.id for o in g.permanents(p) if "Planeswalker" in g.chars(o).types)
    if len(options) == 1:
        _deal(g, ctx, options[0], n)
        return None
    return [effect_context.queue_choice(
        "player_or_planeswalker", ctx.controller, options,
        f"{ctx.name}: deal {n} damage to {g.s.players[p].name} or a planeswalker they control "
        f"({', '.join(g.name_of(o) for o in options)})", (ctx, n))]


def _deal(g: Game, ctx: effect_context.Context, recipient: int, n: int) -> None:
    chars = ctx.source_lki[1] if ctx.source_lki else None
    effects.deal_damage(g, ctx.name, chars, ctx.controller, recipient, n, "120.3", source_id=ctx.source)


def _answer_player_or_planeswalker(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    s = g.s
    ctx, n = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    _deal(g, ctx, value, n)


def _gain_dealt(g: Game, ctx: effect_context.Context, e: GainLifeDealtThisWay) -> list | None:
    n = sum(ev["amount"] for ev in dealt_this_way(g, ctx))
    effects.gain_life(g, ctx.controller, n, "119.3", source=ctx.name)
    return None


def _damage_all_except(g: Game, ctx: effect_context.Context, e: DamageAllExcept) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    chars = ctx.source_lki[1] if ctx.source_lki else None
    spared = set(targeting.objects_matching(g, e.exclude, ctx.controller, ctx.source))
    hit = [oid for oid in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source) if oid not in spared]
    with effects.simultaneous_damage(g):
        for oid in hit:
            effects.deal_damage(g, ctx.name, chars, ctx.controller, oid, n, "120.3", source_id=ctx.source)
    return None


def _each_deals_damage(g: Game, ctx: effect_context.Context, e: EachDealsDamage) -> list | None:
    n = effect_context.amount(g, ctx, e.amount)
    to = effect_context.target_object(g, ctx, e.to)
    if to is None:
        return None  # 400.7: it left the battlefield (or the target is illegal, 608.2b)
    sources = targeting.objects_matching(g, e.filter, ctx.controller, ctx.source)
    with effects.simultaneous_damage(g):
        for oid in sources:
            o = g.s.objects[oid]
            effects.deal_damage(g, o.card.name, g.chars(o), o.controller, to, n, "120.3", source_id=oid)
    return None


registry.register_effect(EachDealsDamage, _each_deals_damage)
registry.register_effect(NoRegenerationThisWay, _no_regeneration)
registry.register_effect(CantBeRegeneratedThisTurn, _cant_be_regenerated)
registry.register_effect(DamagePlayerOrPlaneswalker, _damage_player_or_planeswalker)
registry.CHOICES["player_or_planeswalker"] = (choice_effects.object_actions, _answer_player_or_planeswalker)
registry.register_effect(DamageAllExcept, _damage_all_except)
registry.register_effect(GainLifeDealtThisWay, _gain_dealt)

"""Groups of permanents a targeted player controls (CR 115.1, 608.2b, 611.2c, 120.3); the templates are in
cards/templates/effects_player_groups.py.

- "Creatures target player controls get -2/-2 until end of turn" (Arms of Hadar): the creatures that
  player controls as the spell resolves, each getting the change until end of turn (611.2c: the set is
  fixed then; a creature that comes under their control later isn't affected).
- "deals 4 damage to target player or planeswalker and 1 damage to each creature that player or that
  planeswalker's controller controls" (Chandra's Fury): the player is the target, or the controller of the
  target planeswalker as the spell resolves; the damage to the target and to each creature is dealt at
  the same time (one damage event, 120.3 / 119.9 for lifelink). 608.2b: if the target is illegal, the
  spell doesn't resolve (it has no other target).
- 608.2h: "that player loses 1 life for each artifact they control" (Emissary of Despair): the permanents that
  player controls as the effect resolves.
- 608.2h, 101.4: "Each player who controls a creature with power 4 or greater draws a card" (Shatter the Sky):
  the players who control such a permanent as the effect happens, the active player first.
- 122.1, 122.6: "Put a -1/-1 counter on each creature target player controls" (Contagion Engine): on each of
  the creatures that player controls as it resolves (counter replacement effects apply to each).
- 502.3, 611.2c: "Creatures and lands target opponent controls don't untap during their next untap step"
  (Exhaustion), "Lands you control don't untap during your next untap step" (Bontu's Last Reckoning): the
  permanents that player controls as it resolves stay tapped in that player's next untap step, while that
  player still controls them (the effect on each ends after that untap step: rules/combat_keywords.py).
- 701.21a, 502.3: "Tap all creatures target player controls. Those creatures don't untap during that player's
  next untap step" (Sleep): `TapTheirs`, then `NoUntapTheirs` of the same group (tapping changes nothing of who
  is in it); "Tap all creatures your opponents control. Those creatures don't untap during their controllers'
  next untap steps" (The Savant): each during its own controller's.
- 608.2h: "Destroy target creature an opponent controls. Each other creature that player controls gets -2/-0
  until end of turn" (Public Execution): that player is the target's controller as it last existed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.events import EffectCreated
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab.combat_keywords import NEXT_UNTAP, CombatRuleData
from ..model.vocab.player_groups import (
    ControlledCount,
    CountersTheirs,
    DamageTargetAndTheirs,
    EvenOut,
    NoUntapTheirs,
    PlayersWhoControl,
    PumpTheirs,
    TapTheirs,
)
from . import combat_keywords, counter_replacement, effect_context, effects, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.vocab import ObjectFilter


def _their_player(g: Game, ctx: effect_context.Context, index: int) -> int | None:
    """The player of target `index` (a player target: that player; a permanent: its controller now)."""
    if index >= len(ctx.targets) or not ctx.legal[index]:
        return None
    t = ctx.targets[index]
    if t is None:
        return None
    if t < 0:
        return -1 - t
    o = g.s.objects.get(t)
    if o is not None and o.zone == BATTLEFIELD:
        return o.controller
    lki = g.s.lki.get(t)
    return lki[0].controller if lki is not None else None  # 608.2h: destroyed earlier in the effect


def _theirs(g: Game, ctx: effect_context.Context, flt: ObjectFilter, p: int) -> list[int]:
    return [oid for oid in targeting.objects_matching(g, flt, ctx.controller, ctx.source)
            if g.s.objects[oid].controller == p]


def _pump_theirs(g: Game, ctx: effect_context.Context, e: PumpTheirs) -> list | None:
    p = _their_player(g, ctx, e.ref.index)
    if p is None:
        return None
    s = g.s
    excluded = ctx.targets[e.ref.index] if e.other else None
    for oid in _theirs(g, ctx, e.filter, p):
        if oid == excluded:
            continue
        pump = ContinuousEffect("pump", oid, power=e.power, toughness=e.toughness, timestamp=s.next_timestamp,
                                controller=ctx.controller)
        s.next_timestamp += 1
        g.perform(EffectCreated("611.2c", pump, "pump", {"card": s.objects[oid].card.name, "power": e.power,
                                                        "toughness": e.toughness, "keywords": []}))
    return None


def _damage_target_and_theirs(g: Game, ctx: effect_context.Context, e: DamageTargetAndTheirs) -> list | None:
    p = _their_player(g, ctx, e.ref.index)
    if p is None:
        return None
    target = ctx.targets[e.ref.index]
    n, each = effect_context.amount(g, ctx, e.amount), effect_context.amount(g, ctx, e.each)
    chars = ctx.source_lki[1] if ctx.source_lki else None
    hit = [oid for oid in _theirs(g, ctx, e.filter, p) if oid != target]
    with effects.simultaneous_damage(g):
        effects.deal_damage(g, ctx.name, chars, ctx.controller, target, n, "120.3", source_id=ctx.source)
        for oid in hit:
            effects.deal_damage(g, ctx.name, chars, ctx.controller, oid, each, "120.3", source_id=ctx.source)
    return None


def _counters_theirs(g: Game, ctx: effect_context.Context, e: CountersTheirs) -> list | None:
    p = _their_player(g, ctx, e.ref.index)
    n = effect_context.amount(g, ctx, e.amount)
    if p is None or n <= 0:
        return None
    for oid in _theirs(g, ctx, e.filter, p):
        counter_replacement.put_counters(g, g.s.objects[oid], e.kind, n, placer=ctx.controller)  # the door
    return None


def _players_who_control(g: Game, ctx: effect_context.Context, who: PlayersWhoControl) -> list[int]:
    s = g.s
    return [p for p in (s.active, 1 - s.active)
            if any(targeting.matches_filter(g, who.filter, o, ctx.controller, ctx.source) for o in g.permanents(p))]


registry.WHO_RESOLVERS[PlayersWhoControl] = _players_who_control
def _even_out(g: Game, ctx: effect_context.Context, e: EvenOut) -> list | None:
    """Balance: each player down to the number of the player with the fewest (lands, cards in hand, creatures),
    the others' choices queued in APNAP order (101.4) through the sacrifice and discard effects."""
    s = g.s
    if e.what == "hand":
        counts = [len(pl.hand) for pl in s.players]
    else:
        flt = V.ObjectFilter(types=frozenset() if e.what == "permanent" else frozenset({e.what.capitalize()}))
        counts = [sum(1 for o in g.permanents(p) if targeting.matches_filter(g, flt, o, p)) for p in range(len(s.players))]
    fewest = min(counts)
    needs: list = []
    for p in sorted(range(len(s.players)), key=lambda q: q != s.active):
        extra = counts[p] - fewest
        if extra <= 0:
            continue
        who = V.YOU if p == ctx.controller else V.EACH_OPPONENT
        step = V.Discard(extra, who) if e.what == "hand" else V.Sacrifice(who, flt, extra)
        needs += registry.EFFECT_HANDLERS[type(step)](g, ctx, step) or []
    return needs or None


registry.register_effect(PumpTheirs, _pump_theirs)
registry.register_effect(EvenOut, _even_out)
registry.register_effect(CountersTheirs, _counters_theirs)
registry.register_effect(DamageTargetAndTheirs, _damage_target_and_theirs)


def _tap_theirs(g: Game, ctx: effect_context.Context, e: TapTheirs) -> list | None:
    p = _their_player(g, ctx, e.ref.index)
    if p is None:
        return None
    for oid in _theirs(g, ctx, e.filter, p):
        o = g.s.objects[oid]
        if not o.tapped:
            g.tap(o, "701.21a")
    return None


registry.register_effect(TapTheirs, _tap_theirs)


def _no_untap_theirs(g: Game, ctx: effect_context.Context, e: NoUntapTheirs) -> list | None:
    if e.who is None:
        # each during its controller's next untap step (whoever controls it then)
        for oid in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source):
            combat_keywords.add_rules_effect(g, oid, CombatRuleData(("doesnt_untap",)), ctx.controller,
                                             NEXT_UNTAP, ctx.name)
        return None
    if isinstance(e.who, V.Ref):
        p = _their_player(g, ctx, e.who.index)
        players = [p] if p is not None else []
    else:
        players = effect_context.resolve_who(g, ctx, e.who)
    for p in players:
        for oid in _theirs(g, ctx, e.filter, p):
            data = CombatRuleData(("doesnt_untap",), None, None if e.each_controller else p)
            combat_keywords.add_rules_effect(g, oid, data, ctx.controller, NEXT_UNTAP, ctx.name)
    return None


registry.register_effect(NoUntapTheirs, _no_untap_theirs)


def _controlled_count(g: Game, ctx: effect_context.Context, a: ControlledCount) -> int:
    players = effect_context.resolve_who(g, ctx, a.who)
    if not players:
        return 0  # an illegal target player (608.2b)
    p = players[0]
    return sum(1 for o in g.permanents(p) if targeting.matches_filter(g, a.filter, o, ctx.controller, ctx.source)) \
        * a.multiplier


registry.AMOUNT_RESOLVERS[ControlledCount] = _controlled_count

"""Effects that stop life gain (119.7, 119.10, 614.1a).

- 119.7: "Players can't gain life this turn" (CantGainLifeThisTurn, a continuous effect of a resolved
  spell until end of turn, 514.2) and a permanent's "Your opponents can't gain life" (NoLifeGain): the
  life gain event of such a player doesn't happen (no "whenever you gain life" trigger, 119.9; lifelink's
  gain, 120.3f, too). A life loss is unaffected.
- 119.10 / 614.1a: "If a player would gain life, that player gains no life instead" (Sulfuric Vortex): a
  replacement effect on the life gain event, with the same result.
- 614.1a: "If you would gain life, you gain that much life plus 1 instead", "... twice that much life instead"
  (LifeGainBoost): the gain event gains more; with several, the player orders them when the order changes the
  total (616.1: +1 then doubled, or doubled then +1).
All are found by this module's registry.REPLACEMENTS[LifeChange] finders, as Game.perform performs the
LifeChange event (every life gain goes through Game.set_life); 119.7's other replacement effects on the
same gain then change nothing (the event doesn't happen either way).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from ..engine import registry
from ..engine.registry import Replacement
from ..model.events import EffectCreated, Event, LifeChange
from ..model.state import ContinuousEffect
from ..model.vocab.life_gain import (
    LIFE_GAIN_BOOST,
    NO_LIFE_GAIN,
    OPPONENTS,
    YOU,
    CantGainLifeThisTurn,
    LifeGainBoost,
    NoLifeGain,
)
from . import effect_context

if TYPE_CHECKING:
    from ..engine.game import Game


def _cant_gain_this_turn(g: Game, ctx: effect_context.Context, e: CantGainLifeThisTurn) -> list | None:
    """119.7: the players, as it resolves, can't gain life until end of turn."""
    s = g.s
    players = tuple(effect_context.resolve_who(g, ctx, e.who))
    if not players:
        return None
    effect = ContinuousEffect(NO_LIFE_GAIN, None, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=(players, ctx.name))
    s.next_timestamp += 1
    g.perform(EffectCreated("119.7", effect, "cant_gain_life", {
        "source": ctx.name, "players": [s.players[p].name for p in players]}))
    return None


registry.register_effect(CantGainLifeThisTurn, _cant_gain_this_turn)


def _affects(ab: NoLifeGain, controller: int, p: int) -> bool:
    return ab.who == OPPONENTS and p != controller or ab.who == YOU and p == controller \
        or ab.who not in (OPPONENTS, YOU)


def _nothing(ev: Event) -> Event | None:
    return None


def _no_life_gain(g: Game, ev: Event) -> list[Replacement]:
    """REPLACEMENTS[LifeChange]: a life gain event of a player who can't gain life (119.7), or one that a
    permanent replaces by no life gain (614.1a), doesn't happen."""
    if not isinstance(ev, LifeChange) or ev.delta <= 0:
        return []
    p = ev.player
    name = g.s.players[p].name
    out = []
    for e in g.s.effects:
        if e.kind == NO_LIFE_GAIN and p in e.data[0]:
            out.append(Replacement((NO_LIFE_GAIN, e.timestamp), e.data[1], _nothing, same=(NO_LIFE_GAIN,),
                                   log=("no_life_gain", "119.7", {"player": name, "amount": ev.delta,
                                                                  "by": e.data[1]})))
    for src, ab in g.statics_of_kind(NO_LIFE_GAIN):
        if isinstance(ab, NoLifeGain) and _affects(ab, src.controller, p):
            out.append(Replacement((NO_LIFE_GAIN, src.id, ab.text), src.card.name, _nothing, same=(NO_LIFE_GAIN,),
                                   source=src.id,
                                   log=("no_life_gain", "614.1a" if ab.instead else "119.7",
                                        {"player": name, "amount": ev.delta, "by": src.card.name})))
    return out


registry.REPLACEMENTS.setdefault(LifeChange, []).append(_no_life_gain)


def _boosted(plus: int, times: int):
    def apply(ev: Event) -> Event | None:
        assert isinstance(ev, LifeChange)
        return dataclasses.replace(ev, delta=ev.delta * times + plus)
    return apply


def _life_gain_boost(g: Game, ev: Event) -> list[Replacement]:
    """REPLACEMENTS[LifeChange]: a life gain event of the controller of a LifeGainBoost gains more (614.1a)."""
    if not isinstance(ev, LifeChange) or ev.delta <= 0:
        return []
    out = []
    for src, ab in g.statics_of_kind(LIFE_GAIN_BOOST):
        if isinstance(ab, LifeGainBoost) and src.controller == ev.player:
            out.append(Replacement((LIFE_GAIN_BOOST, src.id, ab.text), src.card.name, _boosted(ab.plus, ab.times),
                                   same=(LIFE_GAIN_BOOST, ab.plus, ab.times), source=src.id,
                                   log=("life_gain_replacement", "614.1a",
                                        {"player": g.s.players[ev.player].name, "amount": ev.delta,
                                         "by": src.card.name})))
    return out


registry.REPLACEMENTS.setdefault(LifeChange, []).append(_life_gain_boost)

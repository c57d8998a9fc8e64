"""Replacement effects that change how much damage is dealt (614.1a, 616.1; 120.8).

- 614.1a: "If a source [you control] would deal damage to a permanent or player, it deals double / triple
  that damage to that permanent or player instead", "... it deals that much damage plus 2 instead"
  (DamageReplacement, a static ability of a permanent): this module's registry.REPLACEMENTS[Damage]
  finder, beside the prevention effects of rules/prevention.py (615.1: also replacement effects on the
  Damage event); the affected player (or the affected permanent's controller) chooses their order when it
  changes the result (616.1: a shield for 3 damage before or after doubling).
- 614.1a: "If a source you control would deal noncombat damage to a creature an opponent controls, put that
  many -1/-1 counters on that creature instead" (Soul-Scar Mage): the Damage event becomes a CountersPut (no
  damage is dealt: no lifelink, no "dealt damage" triggers); prevention can still apply first (616.1).
- 614.1a: "If a red instant or sorcery spell you control would deal damage, it deals double that damage instead"
  (Fire Servant): the source is such a spell on the stack (a spell deals damage as it resolves, 608.2), any
  recipient.
- 120.8: a source that would deal 0 damage deals none: nothing is left to replace (deal_damage performs no
  such event).
- 609.7: the source's characteristics and controller are those the Damage event carries (its last known
  information if it has left).
- 614.9: "The next time CARDNAME would deal combat damage to an opponent this turn, it deals that damage to target
  creature instead" (RedirectNextDamage: a REDIRECT_NEXT record until end of turn, used up as it applies; it does
  nothing while the new recipient is not a creature, planeswalker or battle on the battlefield).
"""

from __future__ import annotations

import dataclasses
from functools import partial
from typing import TYPE_CHECKING

from ..engine import registry
from ..engine.registry import Replacement
from ..model import vocab as V
from ..model.events import CountersPut, Damage, EffectCreated, EffectsEnded, Event
from ..model.state import BATTLEFIELD, STACK, ContinuousEffect, player_ref
from ..model.vocab.damage_replacement import (
    DAMAGE_REPLACEMENT,
    ITSELF,
    OPPONENTS,
    REDIRECT_NEXT,
    TO_OPPONENT,
    DamageReplacement,
    RedirectNextDamage,
)
from . import effect_context

if TYPE_CHECKING:
    from ..engine.game import Game

def _changed(ab: DamageReplacement, ev: Event) -> Event:
    assert isinstance(ev, Damage)
    if ab.op == "counters":  # "put that many -1/-1 counters on that creature instead": no damage is dealt
        return CountersPut("614.1a", ev.recipient, "-1/-1", ev.amount, placer=ev.source_controller)
    n = ev.amount * ab.n if ab.op == "times" else ev.amount + ab.n
    return dataclasses.replace(ev, amount=n)


def _applies(g: Game, controller: int, ab: DamageReplacement, ev: Damage) -> bool:
    if ab.noncombat and ev.combat:
        return False
    if ab.yours and ev.source_controller != controller:
        return False
    if ab.color:
        chars = ev.source_chars
        if chars is None or ab.color not in chars.colors:
            return False
    if ab.spell_types:
        # a spell: the source is on the stack as it deals the damage (its resolution), of one of those types
        src = g.s.objects.get(ev.source_id) if ev.source_id is not None else None
        if src is None or src.zone != STACK or ev.source_chars is None or not (ab.spell_types & ev.source_chars.types):
            return False
    if ab.creatures_only and (ev.recipient < 0 or "Creature" not in g.chars(g.s.objects[ev.recipient]).types):
        return False
    if ab.to == OPPONENTS:
        r = ev.recipient
        owner = -1 - r if r < 0 else g.s.objects[r].controller
        return owner != controller
    return True


def _replacements(g: Game, ev: Event) -> list[Replacement]:
    """REPLACEMENTS[Damage]: the damage replacements of the permanents on the battlefield that apply."""
    statics = g.statics_of_kind(DAMAGE_REPLACEMENT)
    if not statics or not isinstance(ev, Damage) or ev.amount <= 0:
        return []
    return [Replacement((DAMAGE_REPLACEMENT, src.id, ab.text), src.card.name, partial(_changed, ab), source=src.id,
                        same=(DAMAGE_REPLACEMENT, ab.op, ab.n, src.card.name))
            for src, ab in statics if isinstance(ab, DamageReplacement) and _applies(g, src.controller, ab, ev)]


registry.REPLACEMENTS.setdefault(Damage, []).append(_replacements)


def _redirect_next(g: Game, ctx: effect_context.Context, e: RedirectNextDamage) -> list | None:
    """614.9: the redirection, set up until end of turn; nothing if a named object is gone (400.7)."""
    s = g.s
    source = effect_context.target_object(g, ctx, e.source) if e.source != V.SELF else ctx.source
    if source is None or source not in s.objects or s.objects[source].zone != BATTLEFIELD:
        return None
    if e.to == V.SELF:
        to: int | str | None = ctx.source
    elif e.to == V.YOU:
        to = player_ref(ctx.controller)
    else:
        to = TO_OPPONENT
    if e.new == ITSELF:
        new: int | None = source
    elif e.new == V.YOU:
        new = player_ref(ctx.controller)
    else:
        new = effect_context.target_object(g, ctx, e.new)
    if new is None or to is None:
        return None
    record = ContinuousEffect(REDIRECT_NEXT, source, timestamp=s.next_timestamp, controller=ctx.controller,
                              data=(to, new, e.combat_only, ctx.name))
    s.next_timestamp += 1
    g.perform(EffectCreated("614.9", record, "redirection", {
        "source": ctx.name, "from_source": g.name_of(source), "to": g.name_of(new), "combat_only": e.combat_only}))
    return None


def _redirect_applies(g: Game, e: ContinuousEffect, ev: Damage) -> bool:
    to, new, combat_only, _ = e.data
    if ev.source_id != e.target or (combat_only and not ev.combat):
        return False
    r = ev.recipient
    if to == TO_OPPONENT:
        if r >= 0 or -1 - r == e.controller:
            return False
    elif r != to:
        return False
    if new < 0:
        return not g.s.players[-1 - new].lost  # 614.9: not to a player who has left the game
    o = g.s.objects.get(new)
    return o is not None and o.zone == BATTLEFIELD and bool(g.chars(o).types & {"Creature", "Planeswalker", "Battle"})


def _redirected(new: int, ev: Event) -> Event:
    assert isinstance(ev, Damage)
    return dataclasses.replace(ev, recipient=new)


def _used_redirect(e: ContinuousEffect, g: Game, ev: Event, after: Event | None) -> None:
    g.perform(EffectsEnded("614.9", (e,)))  # "the next time": used up


def _redirections(g: Game, ev: Event) -> list[Replacement]:
    """REPLACEMENTS[Damage]: the redirections set up that apply to this damage (614.9)."""
    if not isinstance(ev, Damage) or not g.s.effects:
        return []
    return [Replacement((REDIRECT_NEXT, e.timestamp), e.data[3], partial(_redirected, e.data[1]),
                        then=partial(_used_redirect, e), uses=True)
            for e in g.s.effects if e.kind == REDIRECT_NEXT and _redirect_applies(g, e, ev)]


registry.register_effect(RedirectNextDamage, _redirect_next)
registry.REPLACEMENTS.setdefault(Damage, []).append(_redirections)

"""CR 116.2c: special actions that end a continuous effect ("You may pay {G} to end this effect"), and the
effect of the Licids they end.

- "CARDNAME loses this ability and becomes an Aura enchantment with enchant creature. Attach it to target
  creature. You may pay {G} to end this effect." (BecomeAuraUntilPaid): as it resolves the source becomes an
  Aura enchantment, no longer a creature (an "animate" record replacing its card types and subtypes, 613.1d,
  205.1a), gains enchant creature and loses that ability (layer 6, 613.1f: `licid_grants`), and is attached to
  the target (701.3a); the effect has no duration (611.2a: it lasts while the permanent stays).
- 116.2c: its controller may end it any time they have priority, paying the cost (`EndEffect`, listed by
  `end_effect_actions`; 116.3: they keep priority). It is a creature again and becomes unattached (704.5p: a
  creature can't stay attached), with its ability back; it has stayed on the battlefield, so 302.6 reads its
  control since the turn began as before.
- While it is an Aura, 704.5m puts it into its owner's graveyard once attached to an illegal object or nothing
  (rules/sba.py reads the enchant restriction it gained).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import parse_cost, requirements
from ..model.events import AttachChange, EffectCreated, EffectsEnded
from ..model.state import BATTLEFIELD, ContinuousEffect
from ..model.vocab import ActivatedAbility, StaticAbility
from ..model.vocab.animate import ANIMATE, Animation
from ..model.vocab.ending_effects import (  # noqa: F401 (the vocabulary this module executes)
    LICID_AURA,
    BecomeAuraUntilPaid,
    LicidAura,
)
from . import add_hook, effect_context, mana_payment

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import GameState, Obj

RULE = "116.2c"
_AURA = Animation(frozenset({"Enchantment"}), frozenset({"Aura"}), replace_types=True)


def _become_aura(g: Game, ctx: effect_context.Context, e: BecomeAuraUntilPaid) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    host = effect_context.target_object(g, ctx, e.target)
    if o is None or o.zone != BATTLEFIELD or host is None:
        return None  # 400.7: it left the battlefield (a new object); 608.2b: the target is gone
    t = s.next_timestamp
    s.next_timestamp += 1
    g.perform(EffectCreated("613.1d", ContinuousEffect(ANIMATE, o.id, timestamp=t, until="permanent",
                                                       controller=ctx.controller, data=_AURA),
                            "becomes", {"card": o.card.name, "id": o.id, "types": ["Enchantment"], "subtypes": ["Aura"]}))
    g.perform(EffectCreated("613.1f", ContinuousEffect(LICID_AURA, o.id, timestamp=t, until="permanent",
                                                       controller=ctx.controller, data=LicidAura(e.end_cost, e.enchant)),
                            "licid_aura", {"card": o.card.name, "id": o.id, "end_cost": e.end_cost}))
    g.perform(AttachChange("701.3a", o.id, host))
    return None


def licid_grants(s: GameState, obj: Obj, abilities: tuple, protection: tuple) -> tuple[tuple, tuple]:
    """Layer 6 (613.1f): the Aura it became has enchant [quality] and no longer the ability that made it one."""
    for e in s.effects:
        if e.kind == LICID_AURA and e.target == obj.id:
            kept = tuple(a for a in abilities if not (isinstance(a, ActivatedAbility)
                                                      and any(isinstance(x, BecomeAuraUntilPaid) for x in a.effects)))
            return kept + (StaticAbility("Enchant creature", "enchant", e.data.enchant),), protection
    return abilities, protection


def _records(g: Game, oid: int) -> tuple[ContinuousEffect, ...]:
    """The LICID_AURA record on `oid` and the "animate" one made with it (same timestamp)."""
    mine = [e for e in g.s.effects if e.kind == LICID_AURA and e.target == oid]
    if not mine:
        return ()
    t = mine[0].timestamp
    return tuple(mine) + tuple(e for e in g.s.effects if e.kind == ANIMATE and e.target == oid and e.timestamp == t)


def _block_reason(g: Game, p: int, oid: int) -> str | None:
    s = g.s
    o = s.objects.get(oid)
    records = _records(g, oid) if o is not None and o.zone == BATTLEFIELD else ()
    if not records:
        return f"{g.name_of(oid)} is under no effect its controller may end (116.2c)"
    if records[0].controller != p:
        return f"only {s.players[records[0].controller].name} may end the effect on {o.card.name} (116.2c)"
    if s.priority != p:
        return f"{s.players[p].name} doesn't have priority (116.2c)"
    return None


def end_effect_actions(g: Game, p: int) -> list[A.Action]:
    """116.2c: the special action, listed while the player may take it and can pay its cost."""
    out: list[A.Action] = []
    for e in g.s.effects:
        if e.kind == LICID_AURA and e.controller == p and _block_reason(g, p, e.target) is None \
                and mana_payment.can_pay(g, p, requirements(parse_cost(e.data.end_cost), 0), None):
            out.append(A.EndEffect(e.target))
    return out


def end_effect(g: Game, p: int, action: A.EndEffect) -> None:
    """116.2c: pay the cost, and the effect ends; 116.3: the player keeps priority."""
    s = g.s
    why = _block_reason(g, p, action.card)
    if why:
        raise IllegalActionError(why)
    o = s.objects[action.card]
    records = _records(g, o.id)
    cost = parse_cost(records[0].data.end_cost)
    mana_payment.pay_mana(g, p, requirements(cost, 0), action.payment, f"{o.card.name} (to end its effect)")
    g.perform(EffectsEnded(RULE, records, "effect_ended", {"card": o.card.name, "id": o.id, "paid": cost.text}))
    if s.objects[o.id].attached_to is not None:
        g.perform(AttachChange("704.5p", o.id, None, restamp=False))  # a creature again: it can't stay attached
    s.passes = 0


def ending_cost(g: Game, oid: int):
    """The mana cost of the special action ending the effect on `oid` (for the scenario runner's payment), or None."""
    records = _records(g, oid)
    return parse_cost(records[0].data.end_cost) if records else None


registry.register_effect(BecomeAuraUntilPaid, _become_aura)
add_hook(registry.EFFECT_GRANTS, licid_grants)

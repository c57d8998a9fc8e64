"""Replacement effects that modify how a permanent enters tapped (614.1c-d, 614.12); the templates are
in cards/templates/statics_entering.py.

- 614.12 / 614.1c-d: "CARDNAME enters tapped unless [condition]" (the condition is checked as the
  permanent would enter: 614.12 looks at it as it would exist on the battlefield; it is not on the
  battlefield yet, so "other lands" never counts it), "As CARDNAME enters, you may pay N life. If
  you don't, it enters tapped" (119.4: life can be paid only if the life total is at least the
  amount), "As CARDNAME enters, you may reveal a [quality] card from your hand. If you don't, it
  enters tapped" (614.12a: the choice is made before it enters; 701.16a reveal).
- 614.12: "Creatures your opponents control enter tapped" (a replacement effect of another
  permanent, applied to the entering object).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model.state import BATTLEFIELD
from . import static_counts

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def condition_holds(g: Game, o: Obj, cond: Any) -> bool:
    """The condition of "enters tapped unless ..." for permanent `o`, about to enter under
    `o.controller` (`cond` is a templates.statics_entering.EntryCondition)."""
    s = g.s
    me = o.controller
    k = cond.kind
    if k == "control":
        n = static_counts.count_permanents(s, cond.filter, me, g._cache, source=o.id, exclude=o.id)
        return n <= cond.n if cond.at_most else n >= cond.n
    if k == "control_any":
        # "a Plains or an Island": one permanent matching any of the alternatives
        statics = static_counts._statics(s, g._cache)
        return any(static_counts.layer4_match(s, f, s.objects[oid], me, g._cache, statics, o.id)
                   for oid in s.battlefield if oid != o.id for f in cond.alternatives)
    if k == "opponents_control":
        n = static_counts.count_permanents(s, cond.filter, me, g._cache, exclude=o.id)
        return n >= cond.n
    if k == "player_life_le":
        return any(pl.life <= cond.n for pl in s.players if not pl.lost)
    if k == "opponents":
        # 102.2 / 102.3: in a two-player game each player has exactly one opponent.
        return sum(1 for pl in s.players if pl.index != me and not pl.lost) >= cond.n
    if k == "your_turn":
        return s.active == me
    raise AssertionError(f"unknown entry condition {k}")


def _etb_tapped_unless(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.1d / 614.12: "CARDNAME enters tapped unless ..." (and "If ..., CARDNAME enters tapped")."""
    holds = condition_holds(g, o, ab.condition)
    if holds == ab.tapped_if:
        o.tapped = True
        g.log_event("enters_tapped", "614.1d", card=o.card.name, reason=ab.text)


def _etb_pay_life(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12 / 614.12a: "As CARDNAME enters, you may pay N life. If you don't, it enters tapped."
    119.4: a player can pay life only if their life total is at least the amount."""
    p = o.controller
    pl = g.s.players[p]
    n = int(ab.amount)
    options = [True, False] if pl.life >= n else [False]
    paid = g.choose(p, "pay_life", options, f"614.12: as {o.card.name} enters, pay {n} life (true) or "
                                              f"it enters tapped (false)")
    if paid is True and pl.life >= n:
        g.set_life(p, -n, "119.4", source=o.card.name)
        g.log_event("pay_life", "119.4", player=pl.name, amount=n, card=o.card.name)
    else:
        o.tapped = True
        g.log_event("enters_tapped", "614.12", card=o.card.name, reason="life not paid")


def _etb_reveal(g: Game, o: Obj, ab: Any, choices: dict) -> None:
    """614.12a: "As CARDNAME enters, you may reveal a [quality] card from your hand. If you don't,
    CARDNAME enters tapped." (701.16a: the revealed card stays in the hand.)"""
    s = g.s
    p = o.controller
    pl = s.players[p]
    cands = [c for c in pl.hand if c != o.id and static_counts.card_matches(ab.filter, s.objects[c].card)]
    revealed = None
    if cands:
        prompt = f"614.12: as {o.card.name} enters, reveal a card from your hand (true, then the card) or not (false)"
        if g.choose(p, "may", [True, False], prompt) is True:
            revealed = g.choose(p, "reveal", cands, f"{o.card.name}: the card to reveal")
    if revealed in cands:
        g.log_event("reveal", "701.16a", player=pl.name, card=s.objects[revealed].card.name, source=o.card.name)
    else:
        o.tapped = True
        g.log_event("enters_tapped", "614.12", card=o.card.name, reason="no card revealed")


registry.ETB_REPLACEMENTS["etb_tapped_unless"] = _etb_tapped_unless
registry.ETB_REPLACEMENTS["etb_pay_life_or_tapped"] = _etb_pay_life
registry.ETB_REPLACEMENTS["etb_reveal_or_tapped"] = _etb_reveal


def _others_enter_tapped(g: Game, o: Obj, choices: dict) -> None:
    """614.12: "Creatures your opponents control enter tapped" (a replacement effect of another
    permanent; the entering object is looked at as it would exist on the battlefield)."""
    c = None
    for src, ab in g.statics_of_kind("others_enter_tapped"):
        if src.id == o.id or src.zone != BATTLEFIELD or src.id not in g.s.objects:
            continue
        c = c or g.chars(o)
        flt = ab.filter
        if flt.types and not (flt.types & c.types):
            continue
        if flt.controller == "opponent" and o.controller == src.controller:
            continue
        if flt.controller == "you" and o.controller != src.controller:
            continue
        if getattr(flt, "nonbasic_lands", False) and "Land" in c.types and "Creature" not in c.types \
                and "Basic" in c.supertypes:
            continue
        if flt.nonbasic and "Basic" in c.supertypes:
            continue
        o.tapped = True
        g.log_event("enters_tapped", "614.12", card=o.card.name, reason=f"{src.card.name}: {ab.text}")
        return


registry.ETB_FROM_OTHERS.append(_others_enter_tapped)

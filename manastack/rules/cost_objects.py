"""CR 601.2h, 602.2b, 107.5, 302.6, 701.17a: the objects a cost uses: which permanents a cost may tap
("tap an untapped creature you control"), sacrifice, or which cards it discards or exiles; whether a
{T} cost can be paid (summoning sickness); and the player's choice among them (read from the action's
answers). The payment itself is rules/mana_payment.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model.vocab import Cost, CostPlus, ObjectFilter
from . import targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def summoning_sick(g: Game, o: Obj, c: Any) -> bool:
    """302.6 / 602.5a: whether `o` (characteristics `c`) can't use {T} or {Q} abilities yet: not controlled
    continuously since its controller's most recent turn began, without haste, and no effect lets them
    activate its abilities as though it had haste (registry.HASTE_PERMISSIONS)."""
    return o.sick and "haste" not in c.keywords and not any(f(g, o) for f in registry.live(g.s, registry.HASTE_PERMISSIONS))


def tap_block_reason(g: Game, o: Obj, cost: Cost) -> str | None:
    """Why {T}/{Q} of `cost` can't be paid by `o`, or None (107.5, 107.6, 302.6)."""
    if cost.tap or cost.untap:
        c = g.chars(o)
        if "Creature" in c.types and summoning_sick(g, o, c):
            sym = "{T}" if cost.tap else "{Q}"
            return (f"302.6: {o.card.name} has not been under its controller's control continuously since "
                    f"their most recent turn began, so its {sym} ability can't be activated")
        if cost.tap and o.tapped:
            return f"107.5: {o.card.name} is already tapped and can't pay {{T}}"
        if cost.untap and not o.tapped:
            return f"107.6: {o.card.name} is untapped and can't pay {{Q}}"
    return None


def sacrifice_candidates(g: Game, o: Obj, flt: ObjectFilter) -> list[int]:
    """Permanents `o`'s controller could sacrifice for a "Sacrifice a creature" cost (701.17a)."""
    return [x.id for x in g.permanents(o.controller) if targeting.matches_filter(g, flt, x, o.controller, o.id)]


def discard_candidates(g: Game, o: Obj, cost: CostPlus) -> list[int]:
    hand = g.s.players[o.controller].hand
    if cost.discard_filter is None:
        return list(hand)
    return [c for c in hand if targeting.matches_filter(g, cost.discard_filter, g.s.objects[c], o.controller)]


def tap_candidates(g: Game, o: Obj, cost: CostPlus) -> list[int]:
    assert cost.tap_untapped is not None
    out = []
    for x in g.permanents(o.controller):
        # 302.6 restricts only a creature's own {T}/{Q} abilities: a summoning-sick creature may be tapped
        # to pay "tap an untapped creature you control".
        if x.tapped or (cost.tap and x.id == o.id) or not targeting.matches_filter(g, cost.tap_untapped, x, o.controller, o.id):
            continue
        out.append(x.id)
    return out


def return_candidates(g: Game, p: int, o: Obj, cost: CostPlus) -> list[int]:
    """601.2b / 602.2b: the permanents a "return a land you control to its owner's hand" cost may return (of
    a spell `o` player `p` casts, or of an ability of permanent `o`, which may return itself if it matches)."""
    assert cost.return_to_hand is not None
    return [x.id for x in g.permanents(p) if targeting.matches_filter(g, cost.return_to_hand, x, p, o.id)]


def exile_candidates(g: Game, o: Obj, cost: CostPlus) -> list[int]:
    assert cost.exile_from_graveyard is not None
    return [c for c in g.s.players[o.controller].graveyard
            if targeting.matches_filter(g, cost.exile_from_graveyard, g.s.objects[c], o.controller)]


def choose_cost_objects(g: Game, p: int, cands: list[int], n: int, what: str, name: str) -> list[int]:
    """601.2h / 602.2b: the player chooses the objects a cost uses (read from the activation's answers)."""
    chosen: list[int] = []
    for _ in range(n):
        left = [c for c in cands if c not in chosen]
        if not left:
            raise IllegalActionError(f"{name}: nothing left to {what} for this cost")
        pick = g.choose(p, what, left, f"{name}: choose a card or permanent to {what} ({', '.join(g.name_of(c) for c in left)})")
        if pick not in left:
            raise IllegalActionError(f"{name}: {g.name_of(pick) if isinstance(pick, int) else pick!r} can't be used "
                                     f"to {what} for this cost")
        chosen.append(pick)
    return chosen

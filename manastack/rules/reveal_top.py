""""Reveal the top card of your library and put that card into your hand. You lose life equal to its mana
value." (Dark Confidant, Pain Seer, Dark Tutelage; 701.16a reveal, 202.3 mana value, 119.3 life loss);
compiled by cards/templates/effects_library.py.

- 202.3e: the card's mana value is read in the hand (X counts as 0).
- "Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put it
  into your hand." (Nissa, Sage Animist): the revealed card goes to one zone or the other (608.2c).
- An empty library: nothing is revealed and no life is lost.
- "Reveal cards from the top of your library until you reveal a creature card with greater mana value. Put
  that card onto the battlefield and the rest on the bottom of your library in a random order." (RevealUntil;
  701.16a, 202.3, 401.4): the found card moves, the other revealed cards go to the bottom in a random order.
- "Reveal cards from the top of your library until you reveal a basic land card. Put that card into your hand and
  all other cards revealed this way into your graveyard." (RevealUntil.rest: Hermit Druid).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.state import BATTLEFIELD, GRAVEYARD, HAND, LIBRARY
from ..model.vocab.reveal_top import (  # noqa: F401 (the vocabulary this module executes)
    LoseLifeRevealedValue,
    RevealTopLandOrHand,
    RevealTopToHand,
    RevealUntil,
)
from . import attacking, effect_context, targeting

if TYPE_CHECKING:
    from ..engine.game import Game


def _reveal_top_to_hand(g: Game, ctx: effect_context.Context, e: RevealTopToHand) -> list | None:
    s = g.s
    lib = s.players[ctx.controller].library
    ctx.chosen = None
    if not lib:
        return None
    top = lib[0]
    g.log_event("reveal", "701.16a", player=s.players[ctx.controller].name, card=g.name_of(top), source=ctx.name)
    ctx.chosen = g.move(top, HAND, rule="701.16a")
    return None


def _reveal_top_land_or_hand(g: Game, ctx: effect_context.Context, e: RevealTopLandOrHand) -> list | None:
    s = g.s
    lib = s.players[ctx.controller].library
    if not lib:
        return None
    top = lib[0]
    g.log_event("reveal", "701.16a", player=s.players[ctx.controller].name, card=g.name_of(top), source=ctx.name)
    if "Land" in s.objects[top].card.types:
        g.move(top, BATTLEFIELD, rule="608.2c", controller=ctx.controller)
    else:
        g.move(top, HAND, rule="608.2c")
    return None


def _lose_life_revealed(g: Game, ctx: effect_context.Context, e: LoseLifeRevealedValue) -> list | None:
    o = g.s.objects.get(ctx.chosen) if ctx.chosen is not None else None
    if o is None:
        return None
    n = o.card.mana_cost.mana_value  # 202.3e: in the hand, X is 0
    if n > 0:
        g.set_life(ctx.controller, -n, "119.3", source=ctx.name)
    return None


registry.register_effect(RevealTopToHand, _reveal_top_to_hand)
registry.register_effect(LoseLifeRevealedValue, _lose_life_revealed)
registry.register_effect(RevealTopLandOrHand, _reveal_top_land_or_hand)


def _reveal_until(g: Game, ctx: effect_context.Context, e: RevealUntil) -> list | None:
    s = g.s
    p = ctx.controller
    lib = s.players[p].library
    bound = effect_context.amount(g, ctx, e.above) if e.above is not None else None
    revealed: list[int] = []
    found: int | None = None
    for c in list(lib):
        revealed.append(c)
        o = s.objects[c]
        g.log_event("reveal", "701.16a", player=s.players[p].name, card=o.card.name, source=ctx.name)
        if targeting.matches_filter(g, e.filter, o, p) and (bound is None or targeting.mana_value(o) > bound):
            found = c
            break
    if found is not None:
        new = g.move(found, BATTLEFIELD if e.to == "battlefield" else HAND, rule="608.2c", controller=p,
                     tapped=e.tapped)
        o = s.objects.get(new)
        if e.attacking and o is not None and o.zone == BATTLEFIELD:
            attacking.enter_attacking(g, [new], p)  # 508.4: "tapped and attacking"
    rest = [c for c in revealed if c != found and c in lib]
    if e.rest == "graveyard":
        for c in rest:  # "all other cards revealed this way into your graveyard"
            g.move(c, GRAVEYARD, rule="608.2c")
        return None
    s.rng.shuffle(rest)  # 401.4: "in a random order"
    for c in rest:
        g.move(c, LIBRARY, rule="401.4", bottom=True)
    return None


registry.register_effect(RevealUntil, _reveal_until)

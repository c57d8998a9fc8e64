""""Reveal the top card of your library and put that card into your hand. You lose life equal to its mana
value." (Dark Confidant, Pain Seer, Dark Tutelage; 701.16a reveal, 202.3 mana value, 119.3 life loss);
compiled by cards/templates/effects_library.py.

- 202.3e: the card's mana value is read in the hand (X counts as 0).
- "Reveal the top card of your library. If it's a land card, put it onto the battlefield. Otherwise, put it
  into your hand." (Nissa, Sage Animist): the revealed card goes to one zone or the other (608.2c).
- An empty library: nothing is revealed and no life is lost.
- "Reveal cards from the top of your library until you reveal a basic land card. Put that card into your hand and
  all other cards revealed this way into your graveyard." (RevealUntil: Hermit Druid; onto the battlefield, the rest
  on the bottom in a random order with the game's RNG); no such card: every card is revealed and goes with the rest.
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
from . import effect_context, targeting

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


def _reveal_until(g: Game, ctx: effect_context.Context, e: RevealUntil) -> list | None:
    s = g.s
    p = ctx.controller
    lib = s.players[p].library
    revealed: list[int] = []
    found = None
    for c in list(lib):
        g.log_event("reveal", "701.16a", player=s.players[p].name, card=g.name_of(c), source=ctx.name)
        if targeting.matches_filter(g, e.filter, s.objects[c], p):
            found = c
            break
        revealed.append(c)
    if found is not None:
        if e.dest == "battlefield":
            g.move(found, BATTLEFIELD, rule="608.2c", controller=p, tapped=e.tapped)
        else:
            g.move(found, HAND, rule="608.2c")
    if e.rest == "bottom_random":
        s.rng.shuffle(revealed)  # "in a random order": the game's seeded RNG
        for c in revealed:
            g.move(c, LIBRARY, rule="401.4", bottom=True)
    else:
        for c in revealed:
            g.move(c, GRAVEYARD, rule="608.2c")
    return None


registry.register_effect(RevealUntil, _reveal_until)
registry.register_effect(RevealTopToHand, _reveal_top_to_hand)
registry.register_effect(LoseLifeRevealedValue, _lose_life_revealed)
registry.register_effect(RevealTopLandOrHand, _reveal_top_land_or_hand)

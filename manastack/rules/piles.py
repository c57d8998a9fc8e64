"""700.3: piles. "Reveal the top five cards of your library. An opponent separates those cards into two piles. Put
one pile into your hand and the other into your graveyard." (Fact or Fiction, Sphinx of Uthuun; Jace, Architect of
Thought: "... and the other on the bottom of your library in any order"); "reveal the top five cards of your library
and separate them into two piles. An opponent chooses one of those piles. Put that pile into your hand and the other
into your graveyard." (Steam Augury). Compiled by cards/templates/effects_piles.py.

- 700.3a: each card looked at is put into exactly one pile; 700.3d: a pile may be empty; 700.3c: the cards stay in
  the library while they are separated. The separator answers the "separate_piles" decision with the cards of one
  pile (the others are the second pile), then the other player ("choose_pile") answers with the cards of the pile
  put into the hand ([] for an empty one; the decision's data are all the cards, the piles are its payload).
- The other pile goes to the graveyard, or to the bottom of the library in the order its owner chooses (401.4).
- "An opponent": the one opponent of a two-player game.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.state import GRAVEYARD, HAND, LIBRARY
from ..model.vocab.piles import SeparateLookedIntoPiles
from . import effect_context

if TYPE_CHECKING:
    from ..engine.game import Game


def _separate(g: Game, ctx: effect_context.Context, e: SeparateLookedIntoPiles) -> list | None:
    s = g.s
    p = ctx.controller
    cards = tuple(c for c in ctx.looked if c in s.players[p].library)
    if not cards:
        return None
    separator = 1 - p if e.separator == "opponent" else p
    return [effect_context.queue_choice("separate_piles", separator, cards, f"{ctx.name}: separate "
                                        f"{', '.join(g.name_of(c) for c in cards)} into two piles (700.3): list the "
                                        f"cards of one pile (the others are the second; a pile may be empty)", (e, ctx))]


def _separate_actions(g: Game, d: Any) -> list:
    cards = d.data
    # one of each pair of complementary splits (which pile is "first" doesn't matter)
    return [A.Choose(x) for k in range(len(cards) // 2 + 1) for x in combinations(cards, k)]


def _answer_separate(g: Game, d: Any, value: Any) -> None:
    s = g.s
    e, ctx = s.queue[0][5]
    first = tuple(value) if isinstance(value, (list, tuple)) else (value,) if isinstance(value, int) \
        and not isinstance(value, bool) else None
    if first is None or len(set(first)) != len(first) or any(c not in d.data for c in first):
        raise IllegalActionError(f"{d.prompt}: list some of {', '.join(g.name_of(c) for c in d.data)}")
    second = tuple(c for c in d.data if c not in first)
    s.pending = None
    s.queue.pop(0)
    g.log_event("separate_piles", "700.3", player=s.players[d.player].name,
                piles=[[g.name_of(c) for c in first], [g.name_of(c) for c in second]], source=ctx.name)
    chooser = ctx.controller if d.player != ctx.controller else 1 - ctx.controller
    s.queue.insert(0, effect_context.queue_choice(
        "choose_pile", chooser, d.data, f"{ctx.name}: choose the pile to put into the hand: "
        f"[{', '.join(g.name_of(c) for c in first)}] or [{', '.join(g.name_of(c) for c in second)}] (its cards)",
        (e, ctx, (first, second))))


def _choose_pile_actions(g: Game, d: Any) -> list:
    return [A.Choose(pile) for pile in g.s.queue[0][5][2]]


def _answer_choose_pile(g: Game, d: Any, value: Any) -> None:
    s = g.s
    e, ctx, piles = s.queue[0][5]
    chosen = tuple(value) if isinstance(value, (list, tuple)) else (value,) if isinstance(value, int) \
        and not isinstance(value, bool) else None
    match = next((i for i, pile in enumerate(piles) if chosen is not None and sorted(pile) == sorted(chosen)), None)
    if match is None:
        raise IllegalActionError(f"{d.prompt}: answer the cards of one of the two piles")
    s.pending = None
    s.queue.pop(0)
    p = ctx.controller
    g.log_event("choose_pile", "700.3", player=s.players[d.player].name,
                pile=[g.name_of(c) for c in piles[match]], source=ctx.name)
    for c in piles[match]:
        g.move(c, HAND, rule="700.3")
    rest = piles[1 - match]
    if e.rest == "graveyard":
        for c in rest:
            g.move(c, GRAVEYARD, rule="700.3")
    elif len(rest) > 1:  # 401.4: on the bottom in the order its owner chooses
        s.queue.insert(0, effect_context.queue_choice(
            "order_bottom", p, tuple(rest), f"{ctx.name}: put {', '.join(g.name_of(c) for c in rest)} on the bottom "
            f"of your library in the order you choose (first listed is put on the bottom first)"))
    else:
        for c in rest:
            g.move(c, LIBRARY, rule="401.4", bottom=True)


registry.register_effect(SeparateLookedIntoPiles, _separate)
registry.CHOICES["separate_piles"] = (_separate_actions, _answer_separate)
registry.CHOICES["choose_pile"] = (_choose_pile_actions, _answer_choose_pile)

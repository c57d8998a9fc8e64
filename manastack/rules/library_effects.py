"""Effects on libraries (401.4, 701.19, 701.20, 608.2n); their sentences are compiled by
cards/templates/effects_library.py.

- 401.4: "look at the top N cards of your library, then put them back in any order"; "look at the
  top card of target player's library" (only its controller sees it).
- 701.19a-b search (a card with a stated quality may not be found), 701.20a shuffle: "search your
  library for a basic land card, reveal it, then shuffle and put that card on top", "search your
  library for [up to N cards] named CARDNAME ...", "shuffle your library".
- 608.2n: "put CARDNAME on top of (the bottom of) its owner's library", "shuffle CARDNAME into its
  owner's library": the permanent, or the resolving spell itself (then it isn't put into the
  graveyard).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cards import vocab as V
from ..game.state import BATTLEFIELD, HAND, LIBRARY, STACK
from . import effects as E
from .hand_effects import _put_from_hand_actions

if TYPE_CHECKING:
    from ..game.game import Game
    from .effects import Context


@dataclass(frozen=True, slots=True)
class ReorderTop(V.Effect):
    amount: V.Amount


def _reorder_top(g: Game, ctx: Context, e: ReorderTop) -> list | None:
    p = ctx.controller
    cards = tuple(g.s.players[p].library[:E.amount(g, ctx, e.amount)])
    g.log_event("look", "701.16", player=g.s.players[p].name, amount=len(cards), source=ctx.name)
    if len(cards) <= 1:
        return None
    return [E._choice("order_top", p, cards, f"{ctx.name}: put {', '.join(g.name_of(c) for c in cards)} back on top "
                                             f"of your library in any order (first listed ends on top)")]


def _answer_order_top(g: Game, d: Any, value: Any) -> None:
    order = E.chosen_order(g, d, value)
    s = g.s
    s.pending = None
    p = d.player
    s.queue.pop(0)
    lib = s.players[p].library
    rest = [c for c in lib if c not in order]
    lib[:] = list(order) + rest  # 401.4: the same cards, on top, in the chosen order (not new objects)
    g.log_event("order_top", "401.4", player=s.players[p].name, amount=len(order))


E.CHOICES["order_top"] = (E.order_actions, _answer_order_top)


@dataclass(frozen=True, slots=True)
class PutSelfInLibrary(V.Effect):
    """"Put CARDNAME on top of (the bottom of) its owner's library": the permanent, or the resolving spell
    itself (608.2n: then it doesn't go to the graveyard)."""

    bottom: bool = False


def _put_self_in_library(g: Game, ctx: Context, e: PutSelfInLibrary) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone in (BATTLEFIELD, STACK):
        g.move(o.id, LIBRARY, rule="401.4", bottom=e.bottom)
    return None


@dataclass(frozen=True, slots=True)
class SearchToTop(V.Effect):
    """"Search your library for a basic land card, reveal it, then shuffle and put that card on top"
    (701.19a-b: a card with a stated quality may not be found; 701.20a shuffle)."""

    filter: V.ObjectFilter


def _search_to_top(g: Game, ctx: Context, e: SearchToTop) -> list | None:
    from .stack import matches_filter
    p = ctx.controller
    cands = tuple(c for c in g.s.players[p].library if matches_filter(g, e.filter, g.s.objects[c], p))
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [E._choice("search_top", p, cands, f"701.19: {ctx.name}: search your library for a card to put on top "
                                              f"({', '.join(g.name_of(c) for c in cands) or 'none'}) or false", None)]


def _answer_search_top(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    s = g.s
    s.pending = None
    s.queue.pop(0)
    lib = s.players[d.player].library
    if value is not False:
        g.log_event("reveal", "701.16a", player=s.players[d.player].name, card=g.name_of(value))
        lib.remove(value)
    s.rng.shuffle(lib)
    g.log_event("shuffle", "701.20a", player=s.players[d.player].name)
    if value is not False:
        lib.insert(0, value)  # the same card, on top (not a new object: it stays in the library)


@dataclass(frozen=True, slots=True)
class ShuffleSelfIntoLibrary(V.Effect):
    """"Shuffle CARDNAME into its owner's library" (701.20a): the resolving spell itself (608.2n: then it
    isn't put into the graveyard), or the permanent."""


def _shuffle_self(g: Game, ctx: Context, e: ShuffleSelfIntoLibrary) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone not in (BATTLEFIELD, STACK):
        return None
    owner = o.owner
    g.move(o.id, LIBRARY, rule="701.20a")
    s.rng.shuffle(s.players[owner].library)
    g.log_event("shuffle", "701.20a", player=s.players[owner].name)
    return None


@dataclass(frozen=True, slots=True)
class LookAtTopOf(V.Effect):
    """"Look at the top card of target player's library": only its controller sees it."""

    who: Any


def _look_at_top_of(g: Game, ctx: Context, e: LookAtTopOf) -> list | None:
    for p in E.resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        g.log_event("look", "701.16", player=g.s.players[ctx.controller].name, library_of=g.s.players[p].name,
                    card=g.name_of(lib[0]) if lib else None)
    return None


@dataclass(frozen=True, slots=True)
class SearchSameName(V.Effect):
    """"Search your library for [up to N cards] [a card] named CARDNAME, reveal it, put it into your hand,
    then shuffle" (701.19a-b: cards with a stated quality may not be found; 701.20a)."""

    amount: int = 1


def _source_name(g: Game, ctx: Context) -> str:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None:
        return o.card.name
    return ctx.source_lki[0].card.name if ctx.source_lki else ctx.name


def _search_same_name(g: Game, ctx: Context, e: SearchSameName) -> list | None:
    p = ctx.controller
    name = _source_name(g, ctx)
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [E._choice("search_named", p, _named_cands(g, p, name), f"701.19: {ctx.name}: search for up to {e.amount} card(s) named "
                                               f"{name} (a list; [] to find none)", (name, e.amount))]


def _named_cands(g: Game, p: int, name: str) -> tuple[int, ...]:
    return tuple(c for c in g.s.players[p].library if g.s.objects[c].card.name == name)


def _search_named_actions(g: Game, d: Any) -> list:
    from itertools import combinations

    from ..game import actions as A
    name, n = g.s.queue[0][5]
    cands = d.data
    out = [A.Choose(())]
    for k in range(1, min(n, len(cands)) + 1):
        out.extend(A.Choose(c) for c in combinations(cands, k))
    return out


def _answer_search_named(g: Game, d: Any, value: Any) -> None:
    from ..errors import IllegalActionError
    s = g.s
    name, n = s.queue[0][5]
    cands = d.data
    if value is None or value is False:
        value = ()
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,)
    chosen = tuple(value) if isinstance(value, (list, tuple)) else None
    if chosen is None or len(chosen) > n or len(set(chosen)) != len(chosen) or any(c not in cands for c in chosen):
        raise IllegalActionError(f"{d.prompt}: choose up to {n} of {', '.join(g.name_of(c) for c in cands) or 'none'}")
    s.pending = None
    s.queue.pop(0)
    for c in chosen:
        g.log_event("reveal", "701.16a", player=s.players[d.player].name, card=name)
        g.move(c, HAND, rule="701.19a")
    s.rng.shuffle(s.players[d.player].library)
    g.log_event("shuffle", "701.20a", player=s.players[d.player].name)


@dataclass(frozen=True, slots=True)
class ShuffleLibrary(V.Effect):
    """"Shuffle your library" (701.20a)."""


def _shuffle_library(g: Game, ctx: Context, e: ShuffleLibrary) -> list | None:
    p = ctx.controller
    g.s.rng.shuffle(g.s.players[p].library)
    g.log_event("shuffle", "701.20a", player=g.s.players[p].name)
    return None


E.register_effect(ShuffleLibrary, _shuffle_library)


E.CHOICES["search_named"] = (_search_named_actions, _answer_search_named)


E.register_effect(SearchSameName, _search_same_name)
E.register_effect(ShuffleSelfIntoLibrary, _shuffle_self)
E.register_effect(LookAtTopOf, _look_at_top_of)


E.CHOICES["search_top"] = (_put_from_hand_actions, _answer_search_top)


E.register_effect(SearchToTop, _search_to_top)
E.register_effect(PutSelfInLibrary, _put_self_in_library)
E.register_effect(ReorderTop, _reorder_top)

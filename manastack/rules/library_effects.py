"""Effects on libraries (401.4, 701.13, 701.18, 701.19, 701.20, 701.42, 608.2n); their sentences are
compiled by cards/templates/effects_library.py (and, for the core ones, effects_core.py).

- 701.18a scry, 701.42a surveil, 701.13a mill, 701.19a "search your library for ..." (the choices
  made as they resolve: registry.CHOICES "scry", "surveil", "search"); "put one onto the battlefield tapped and the
  other into your hand" (Cultivate: SearchLibrary.other_to, the "search_split" decision); 608.2d "you
  may put that card onto the battlefield instead of putting it into your hand if a creature died this turn" (Caravan
  Vigil: the "battlefield_instead" decision once the card is found).
- 401.4: "look at the top N cards of your library; put one into your hand and the rest on the bottom
  in any order" ("... and exile the rest") (V.DigPut, V.PutRest; the order is chosen, `order_actions` / `chosen_order`); "put one of them
  into your hand, put one of them on the bottom of your library, and exile one of them" (a DigPut each), "put
  target card on top of / on the bottom of its owner's library" (V.PutInLibrary), "... on your choice of the top or
  bottom of its owner's library" (PutInLibraryTopOrBottom: the "top_or_bottom" decision).
- 401.4: "look at the top N cards of your library, then put them back in any order"; "look at the
  top card of target player's library" (only its controller sees it).
- 701.16a: "target player reveals the top card of their library" (Aven Windreader): every player sees it and
  it stays where it is; an empty library reveals nothing.
- 701.19a-b search (a card with a stated quality may not be found), 701.20a shuffle: "search your
  library for a basic land card, reveal it, then shuffle and put that card on top", "search your
  library for [up to N cards] named CARDNAME ...", "shuffle your library"; 702.53a transmute: "search your
  library for a card with the same mana value as the discarded card" (SearchSameManaValue); "search target player's
  library for up to three cards with flashback and put them into that player's graveyard. Then the player shuffles."
  (SearchPlayerLibrary: the controller searches, the "search_to_graveyard" decision); "search target opponent's
  library for an artifact card and put that card onto the battlefield under your control" (Acquire), "... for up to
  seven cards and exile them" (SearchPlayerLibrary.to).
- 701.19a, 701.16a: "search your library for up to two basic land cards, reveal those cards, put one onto the
  battlefield tapped and the other into your hand, then shuffle" (SearchLibrary.other_to): the cards are found one
  by one ("search"), revealed, then the "search_split" decision names the one put in the first place (with a lone
  card found, false puts it in the second).
- 608.2h: "Mill X cards. Target player loses 2 life for each creature card put into your graveyard this way"
  (MilledCount: the cards milled still in a graveyard).
- 700.5 / 104.2b: "look at the top X cards of your library, where X is your devotion to blue", "if X is greater
  than or equal to the number of cards in your library, you win the game" (Thassa's Oracle); "then if your
  library has no cards in it, you win the game" (the same check with X = 0).
- 406.3: "exile all cards from your library [face down]" (ExileLibrary).
- 701.19b / 701.20a: "search its controller's graveyard, hand, and library for all (any number of) cards with the same
  name as that spell and exile them. Then that player shuffles." (ExileSameNameEverywhere: the controller of the
  effect searches, the "search_exile_same_name" decision; cards in the hand and library may be left unfound).
- 701.13a / 608.2c: "mill three cards. You may put a noncreature, nonland card from among the cards milled this
  way into your hand. If you don't, ..." (MillThenDig, IfYouDont: the cards milled are new objects, 400.7).
- 608.2n: "put CARDNAME on top of (the bottom of) its owner's library", "shuffle CARDNAME into its
  owner's library": the permanent, or the resolving spell itself (then it isn't put into the
  graveyard).
- 508.4: "put a Human creature card from among them onto the battlefield tapped and attacking" (DigPut.attacking;
  rules/attacking.py enter_attacking); "it" after such a put is that card (V.ENTERED, Context.entered).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, STACK
from ..model.vocab.library_effects import (  # noqa: F401 (the vocabulary this module executes)
    Devotion,
    ExileLibrary,
    ExileSameNameEverywhere,
    IfYouDont,
    LookAtTopOf,
    MilledCount,
    MillThenDig,
    PutInLibraryTopOrBottom,
    PutSelfInLibrary,
    ReorderTop,
    RevealTopOf,
    SearchPlayerLibrary,
    SearchSameManaValue,
    SearchSameName,
    SearchToTop,
    ShuffleLibrary,
    ShuffleSelfIntoLibrary,
    WinIfLibraryAtMost,
    WithFlashbackFilter,
)
from . import (
    attacking,
    choice_effects,
    effect_context,
    hand_effects,
    referred_objects,
    static_counts,
    trigger_events,
    turn_history,
)
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


def _reorder_top(g: Game, ctx: effect_context.Context, e: ReorderTop) -> list | None:
    p = ctx.controller
    cards = tuple(g.s.players[p].library[:effect_context.amount(g, ctx, e.amount)])
    g.log_event("look", "701.16", player=g.s.players[p].name, amount=len(cards), source=ctx.name)
    if len(cards) <= 1:
        return None
    return [effect_context.queue_choice("order_top", p, cards, f"{ctx.name}: put {', '.join(g.name_of(c) for c in cards)} back on top "
                                             f"of your library in any order (first listed ends on top)")]


def _answer_order_top(g: Game, d: Any, value: Any) -> None:
    order = chosen_order(g, d, value)
    s = g.s
    s.pending = None
    p = d.player
    s.queue.pop(0)
    lib = s.players[p].library
    rest = [c for c in lib if c not in order]
    lib[:] = list(order) + rest  # 401.4: the same cards, on top, in the chosen order (not new objects)
    g.log_event("order_top", "401.4", player=s.players[p].name, amount=len(order))


def _put_self_in_library(g: Game, ctx: effect_context.Context, e: PutSelfInLibrary) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None and o.zone in (BATTLEFIELD, STACK):
        g.move(o.id, LIBRARY, rule="401.4", bottom=e.bottom)
    return None


def _search_to_top(g: Game, ctx: effect_context.Context, e: SearchToTop) -> list | None:
    p = ctx.controller
    cands = tuple(c for c in g.s.players[p].library if _targeting_module.matches_filter(g, e.filter, g.s.objects[c], p))
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [effect_context.queue_choice("search_top", p, cands, f"701.19: {ctx.name}: search your library for a card to put on top "
                                              f"({', '.join(g.name_of(c) for c in cands) or 'none'}) or false", None)]


def _answer_search_top(g: Game, d: Any, value: Any) -> None:
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    s = g.s
    s.pending = None
    s.queue.pop(0)
    lib = s.players[d.player].library
    if value is not False:
        g.log_event("reveal", "701.16a", player=s.players[d.player].name, card=g.name_of(value))
        lib.remove(value)
    effect_context.shuffle_library(g, d.player)
    if value is not False:
        lib.insert(0, value)  # the same card, on top (not a new object: it stays in the library)


def _shuffle_self(g: Game, ctx: effect_context.Context, e: ShuffleSelfIntoLibrary) -> list | None:
    s = g.s
    o = s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone not in (BATTLEFIELD, STACK):
        return None
    owner = o.owner
    g.move(o.id, LIBRARY, rule="701.20a")
    effect_context.shuffle_library(g, owner)
    return None


def _look_at_top_of(g: Game, ctx: effect_context.Context, e: LookAtTopOf) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        g.log_event("look", "701.16", player=g.s.players[ctx.controller].name, library_of=g.s.players[p].name,
                    card=g.name_of(lib[0]) if lib else None)
    return None


def _reveal_top_of(g: Game, ctx: effect_context.Context, e: RevealTopOf) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        if lib:  # 701.16a: an empty library has no card to reveal
            g.log_event("reveal", "701.16a", player=g.s.players[p].name, card=g.name_of(lib[0]), source=ctx.name)
    return None


def _source_name(g: Game, ctx: effect_context.Context) -> str:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None:
        return o.card.name
    return ctx.source_lki[0].card.name if ctx.source_lki else ctx.name


def _search_same_name(g: Game, ctx: effect_context.Context, e: SearchSameName) -> list | None:
    p = ctx.controller
    name = _source_name(g, ctx)
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [effect_context.queue_choice("search_named", p, _named_cands(g, p, name), f"701.19: {ctx.name}: search for up to {e.amount} card(s) named "
                                               f"{name} (a list; [] to find none)", (name, e.amount))]


def _named_cands(g: Game, p: int, name: str) -> tuple[int, ...]:
    return tuple(c for c in g.s.players[p].library if g.s.objects[c].card.name == name)


def _search_named_actions(g: Game, d: Any) -> list:

    name, n = g.s.queue[0][5]
    cands = d.data
    out = [A.Choose(())]
    for k in range(1, min(n, len(cands)) + 1):
        out.extend(A.Choose(c) for c in combinations(cands, k))
    return out


def _answer_search_named(g: Game, d: Any, value: Any) -> None:
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
    effect_context.shuffle_library(g, d.player)


def _shuffle_library(g: Game, ctx: effect_context.Context, e: ShuffleLibrary) -> list | None:
    p = ctx.controller
    effect_context.shuffle_library(g, p)
    return None


registry.register_effect(ShuffleLibrary, _shuffle_library)


registry.CHOICES["search_named"] = (_search_named_actions, _answer_search_named)


registry.register_effect(SearchSameName, _search_same_name)
registry.register_effect(ShuffleSelfIntoLibrary, _shuffle_self)
registry.register_effect(LookAtTopOf, _look_at_top_of)
registry.register_effect(RevealTopOf, _reveal_top_of)


registry.CHOICES["search_top"] = (hand_effects.put_from_hand_actions, _answer_search_top)


registry.register_effect(SearchToTop, _search_to_top)
registry.register_effect(PutSelfInLibrary, _put_self_in_library)
registry.register_effect(ReorderTop, _reorder_top)


def _dig(g: Game, ctx: effect_context.Context, e: V.DigPut) -> list | None:
    """401.4 / 608.2c: some of the cards looked at (still in the library) go to `e.to`."""
    s = g.s
    p = ctx.controller
    lib = s.players[p].graveyard if e.milled else s.players[p].library
    cards = tuple(c for c in ctx.looked if c in lib)
    cands = tuple(c for c in cards if e.filter is None or _targeting_module.matches_filter(g, e.filter, s.objects[c], p))
    if e.every:
        _dig_move(g, p, e, cands)  # "put all Elf cards revealed this way into your hand": no choice
        return None
    if not cands:
        return None
    where = {"hand": "into your hand", "battlefield": "onto the battlefield", "graveyard": "into your graveyard",
             "top": "on top of your library", "bottom": "on the bottom of your library", "exile": "into exile"}[e.to]
    return [effect_context.queue_choice("dig", p, cands, f"{ctx.name}: choose {'up to ' if e.upto else ''}"
                                        f"{'any number' if e.count >= 99 else e.count} card(s) to put {where} "
                                        f"({', '.join(g.name_of(c) for c in cands)})", (e, ctx))]


def _dig_move(g: Game, p: int, e: V.DigPut, chosen: tuple[int, ...]) -> list[int]:
    """Returns the new ids of the cards exiled ("you may play the exiled card this turn") or put onto the
    battlefield ("it gains indestructible until end of turn")."""
    s = g.s
    chosen_exiled: list[int] = []
    for c in chosen:
        if e.reveal:
            g.log_event("reveal", "701.16a", player=s.players[p].name, card=s.objects[c].card.name)
        if e.to == "battlefield":
            new = g.move(c, BATTLEFIELD, rule="608.2c", controller=p, tapped=e.tapped)
            o = s.objects.get(new)
            if o is not None and o.zone == BATTLEFIELD:
                chosen_exiled.append(new)
                if e.attacking:
                    attacking.enter_attacking(g, [new], p)  # 508.4: "tapped and attacking"
        elif e.to == "graveyard":
            g.move(c, GRAVEYARD, rule="608.2c")
        elif e.to == "top":
            lib = s.players[p].library
            lib.remove(c)
            lib.insert(0, c)  # the same card, on top (it stays in the library: not a new object)
        elif e.to == "bottom":
            lib = s.players[p].library
            lib.remove(c)
            lib.append(c)  # the same card, at the bottom (401.4)
        elif e.to == "exile":
            chosen_exiled.append(g.move(c, EXILE, rule="608.2c"))
        else:
            g.move(c, HAND, rule="608.2c")
    return chosen_exiled


def _dig_actions(g: Game, d: Any) -> list:
    e, _ = g.s.queue[0][5]
    n = min(e.count, len(d.data))
    if e.upto:
        if len(d.data) > 6:  # too many subsets to list: each card alone, or as many as allowed
            out = [A.Choose(c) for c in d.data] + ([A.Choose(tuple(d.data[:n]))] if n > 1 else [])
        else:
            out = [A.Choose(x) for k in range(1, n + 1) for x in combinations(d.data, k)]
        return out + [A.Choose(False)]
    if n == 1:
        return [A.Choose(c) for c in d.data]
    return [A.Choose(x) for x in combinations(d.data, n)]


def _answer_dig(g: Game, d: Any, value: Any) -> None:
    s = g.s
    e, ctx = s.queue[0][5]
    n = min(e.count, len(d.data))
    if value is False or value == () or value == []:
        chosen: tuple = ()
        if not e.upto:
            raise IllegalActionError(f"{d.prompt}: {n} card(s) must be chosen")
    else:
        chosen = (value,) if isinstance(value, int) else tuple(value) if isinstance(value, (list, tuple)) else (None,)
        if (len(chosen) > n if e.upto else len(chosen) != n) or len(set(chosen)) != len(chosen) \
                or any(c not in d.data for c in chosen):
            raise IllegalActionError(f"{d.prompt}: choose {'up to ' if e.upto else ''}{n} of "
                                     f"{', '.join(g.name_of(c) for c in d.data)}")
    s.pending = None
    s.queue.pop(0)
    exiled = _dig_move(g, d.player, e, chosen)
    # The rest of the resolution: a card left on top or put on the bottom is no longer among "the rest"
    # (608.2c); "if you don't" asks whether a card was put; "the exiled card" is the one exiled.
    entered = tuple(exiled) if e.to == "battlefield" else ()
    if entered:
        exiled = []
    new_ctx = dataclasses.replace(ctx, looked=tuple(c for c in ctx.looked if c not in chosen)
                                  if e.to in ("top", "bottom") else ctx.looked, did=bool(chosen),
                                  chosen=exiled[0] if exiled else ctx.chosen, entered=entered or ctx.entered)
    for i, it in enumerate(s.queue):  # every level of it ("you may ..." runs its part in the same context)
        if it[0] == "resume_effects" and it[1] is ctx:
            s.queue[i] = ("resume_effects", new_ctx, *it[2:])


def _put_rest(g: Game, ctx: effect_context.Context, e: V.PutRest) -> list | None:
    s = g.s
    lib = s.players[ctx.controller].library
    rest = [c for c in ctx.looked if c in lib]
    if e.to in ("graveyard", "exile"):
        for c in rest:
            g.move(c, GRAVEYARD if e.to == "graveyard" else EXILE, rule="608.2c")
    elif e.to in ("bottom_any", "top_any"):
        if len(rest) > 1:
            if e.to == "top_any":
                return [effect_context.queue_choice("order_top", ctx.controller, tuple(rest),
                                f"{ctx.name}: put {', '.join(g.name_of(c) for c in rest)} back on top of your library "
                                f"in any order (first listed ends on top)")]
            return [effect_context.queue_choice("order_bottom", ctx.controller, tuple(rest),
                            f"{ctx.name}: put {', '.join(g.name_of(c) for c in rest)} on the bottom of your library in "
                            f"the order you choose (first listed is put on the bottom first)")]
        if e.to == "bottom_any":
            for c in rest:
                g.move(c, LIBRARY, rule="608.2c", bottom=True)
    else:
        s.rng.shuffle(rest)  # "in a random order"
        for c in rest:
            g.move(c, LIBRARY, rule="608.2c", bottom=True)
    return None


registry.CHOICES["dig"] = (_dig_actions, _answer_dig)


registry.EFFECT_HANDLERS.update({V.DigPut: _dig, V.PutRest: _put_rest, V.LookAtTop: lambda g, ctx, e: None})


def order_actions(g: Game, d: Any) -> list:
    """The orders an agent may choose for the cards of decision `d` (all of them up to four cards)."""

    if len(d.data) > 4:
        return [A.Choose(tuple(d.data)), A.Choose(tuple(reversed(d.data)))]
    return [A.Choose(x) for x in permutations(d.data)]


def chosen_order(g: Game, d: Any, value: Any) -> tuple[int, ...]:
    """The order answered for the cards of decision `d`: each of them once, or IllegalActionError."""
    order = tuple(value) if isinstance(value, (list, tuple)) else ()
    if sorted(order) != sorted(d.data):
        raise IllegalActionError(f"{d.prompt}: list each of {', '.join(g.name_of(c) for c in d.data)} once")
    return order


def _answer_order(g: Game, d: Any, value: Any) -> None:
    order = chosen_order(g, d, value)
    g.s.pending = None
    g.s.queue.pop(0)
    for c in order:
        g.move(c, LIBRARY, rule="608.2c", bottom=True)


registry.CHOICES["order_bottom"] = (order_actions, _answer_order)


def _put_in_library(g: Game, ctx: effect_context.Context, e: V.PutInLibrary) -> list | None:
    oid = choice_effects.target_anywhere(g, ctx, e.target)
    if oid is not None:
        g.move(oid, LIBRARY, rule="401.4", bottom=e.bottom and e.index is None, index=e.index)
    return None


registry.EFFECT_HANDLERS[V.PutInLibrary] = _put_in_library


def _put_top_or_bottom(g: Game, ctx: effect_context.Context, e: PutInLibraryTopOrBottom) -> list | None:
    oid = choice_effects.target_anywhere(g, ctx, e.target)
    if oid is None:
        return None
    chooser = g.s.objects[oid].owner if e.owner_chooses else ctx.controller
    return [effect_context.queue_choice("top_or_bottom", chooser, ("top", "bottom"),
                                        f"{ctx.name}: put {g.name_of(oid)} on the top or the bottom of its owner's library "
                                        f"(top or bottom)", oid)]


def _top_or_bottom_actions(g: Game, d: Any) -> list:
    return [A.Choose("top"), A.Choose("bottom")]


def _answer_top_or_bottom(g: Game, d: Any, value: Any) -> None:
    if value not in ("top", "bottom"):
        raise IllegalActionError(f"{d.prompt}: answer top or bottom")
    s = g.s
    oid = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    if oid in s.objects:
        g.move(oid, LIBRARY, rule="401.4", bottom=value == "bottom")


registry.register_effect(PutInLibraryTopOrBottom, _put_top_or_bottom)
registry.CHOICES["top_or_bottom"] = (_top_or_bottom_actions, _answer_top_or_bottom)
registry.CHOICES["order_top"] = (order_actions, _answer_order_top)


def _scry(g: Game, ctx: effect_context.Context, e: V.Scry) -> list | None:
    """701.18a."""
    needs = []
    for p in effect_context.resolve_who(g, ctx, e.who):
        n = min(effect_context.amount(g, ctx, e.amount), len(g.s.players[p].library))
        if n <= 0:
            continue  # 701.18b: scry 0 is no scry event
        cards = tuple(g.s.players[p].library[:n])
        g.log_event("scry", "701.18a", player=g.s.players[p].name, amount=n, source=ctx.name)
        trigger_events.looked_at_top(g, p, "scry")  # "whenever you scry" (701.18b: not for scry 0)
        needs.append(effect_context.queue_choice("scry", p, cards, f"701.18a: scry {n}: choose the cards to put on the bottom "
                                               f"(the rest stay on top in their order)"))
    return needs or None


def _surveil(g: Game, ctx: effect_context.Context, e: V.Surveil) -> list | None:
    """701.42a."""
    needs = []
    for p in effect_context.resolve_who(g, ctx, e.who):
        n = min(effect_context.amount(g, ctx, e.amount), len(g.s.players[p].library))
        if n <= 0:
            continue
        cards = tuple(g.s.players[p].library[:n])
        g.log_event("surveil", "701.42a", player=g.s.players[p].name, amount=n, source=ctx.name)
        trigger_events.looked_at_top(g, p, "surveil")  # "whenever you surveil"
        needs.append(effect_context.queue_choice("surveil", p, cards, f"701.42a: surveil {n}: choose the cards to put into your "
                                                  f"graveyard (the rest stay on top in their order)"))
    return needs or None


def _answer_scry(g: Game, d: Any, value: Any) -> None:
    chosen = choice_effects.check_subset(g, d, value)
    g.s.pending = None
    g.s.queue.pop(0)
    for oid in chosen:
        g.move(oid, LIBRARY, rule="701.18a", bottom=True)
    g.log_event("scry_bottom", "701.18a", player=g.s.players[d.player].name, bottom=len(chosen),
                top=len(d.data) - len(chosen))


def _answer_surveil(g: Game, d: Any, value: Any) -> None:
    chosen = choice_effects.check_subset(g, d, value)
    g.s.pending = None
    g.s.queue.pop(0)
    for oid in chosen:
        g.move(oid, GRAVEYARD, rule="701.42a")
    g.log_event("surveil_graveyard", "701.42a", player=g.s.players[d.player].name, graveyard=len(chosen),
                top=len(d.data) - len(chosen))


def _mill(g: Game, ctx: effect_context.Context, e: V.Mill) -> list | None:
    """701.13a-b: as many as possible."""
    for p in effect_context.resolve_who(g, ctx, e.who):
        lib = g.s.players[p].library
        for oid in list(lib[:effect_context.amount(g, ctx, e.amount)]):
            g.move(oid, GRAVEYARD, rule="701.13a")
    return None


def _search(g: Game, ctx: effect_context.Context, e: V.SearchLibrary) -> list | None:
    """701.19a-b: the player may fail to find a card with a stated quality; then shuffle (701.20a)."""
    players = effect_context.resolve_who(g, ctx, e.who) if e.who != V.YOU else [ctx.controller]
    if not players:
        return None
    p = players[0]  # "its controller may search their library" (Path to Exile): that player searches
    g.log_event("search", "701.19a", player=g.s.players[p].name, source=ctx.name)
    return [effect_context.queue_choice("search", p, None, "", (e, e.amount))]


def _search_same_mana_value(g: Game, ctx: effect_context.Context, e: SearchSameManaValue) -> list | None:
    """702.53a: the mana value of the discarded card, as it last existed in the hand (608.2h)."""
    card = ctx.source_lki[0] if ctx.source_lki else None
    mv = _targeting_module.mana_value(card) if card is not None else 0
    return _search(g, ctx, V.SearchLibrary(V.FilterPlus(max_mana_value=mv, min_mana_value=mv), "hand"))


registry.register_effect(SearchSameManaValue, _search_same_mana_value)


def _search_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_search(g: Game, d: Any, value: Any) -> None:
    s = g.s
    item = s.queue[0]
    e, left = item[5][:2]
    found: tuple[int, ...] = item[5][2] if len(item[5]) > 2 else ()
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false "
                                 f"(701.19b)")
    s.pending = None
    p = d.player
    if e.other_to:
        # "put one onto the battlefield tapped and the other into your hand": the cards are found first
        if value is not False:
            found = found + (value,)
            if left > 1 and any(c not in found for c in choice_effects.search_candidates(g, p, e.filter)):
                s.queue[0] = item[:5] + ((e, left - 1, found),)
                return
        if found:
            g.log_event("reveal", "701.16a", player=s.players[p].name, cards=[g.name_of(c) for c in found])
            s.queue[0] = effect_context.queue_choice(
                "search_split", p, found, f"701.19a: put one of {', '.join(g.name_of(c) for c in found)} "
                f"{_SPLIT_DEST[e.to]} and the other {_SPLIT_DEST[e.other_to]}: the card put {_SPLIT_DEST[e.to]}"
                + (f" (false: {_SPLIT_DEST[e.other_to]})" if len(found) == 1 else ""), e)
            return
        _search_done(g, p, e, value)
        return
    if value is not False and e.to == "hand" and e.battlefield_instead_if is not None \
            and turn_history.happened(g, p, e.battlefield_instead_if.kind):
        # 608.2d: "you may put that card onto the battlefield instead of putting it into your hand if ...": asked
        # once the card is found
        s.queue[0] = effect_context.queue_choice(
            "battlefield_instead", p, None, f"put {g.name_of(value)} onto the battlefield instead of into your hand "
            f"(true or false)", (value, e, left))
        return
    if value is not False:
        _put_found(g, p, value, e.to, e.tapped)
    _next_or_done(g, p, e, left, value)


def _next_or_done(g: Game, p: int, e: V.SearchLibrary, left: int, value: Any) -> None:
    """After a card found (or none, `value` False): the next card of an "up to N" search, else the end."""
    if value is not False and left > 1 and choice_effects.search_candidates(g, p, e.filter):
        g.s.queue[0] = ("choice", "search", p, None, "", (e, left - 1))
        return
    _search_done(g, p, e, value)


def _search_done(g: Game, p: int, e: V.SearchLibrary, value: Any) -> None:
    """The second quality of "a Forest card and a Plains card" (SearchLibrary.also), else the shuffle (701.20a)."""
    s = g.s
    if e.also is not None:
        # "a Forest card and a Plains card": then the second card, in the same search (701.19a)
        s.queue[0] = ("choice", "search", p, None, "", (dataclasses.replace(e, filter=e.also, also=None, amount=1), 1))
        return
    s.queue.pop(0)
    effect_context.shuffle_library(g, p)
    if e.untap_if_lands and value is not False:
        _untap_found(g, p, value, e.untap_if_lands)


_SPLIT_DEST = {"hand": "into your hand", "battlefield": "onto the battlefield", "graveyard": "into your graveyard"}


def _search_split_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data] + ([A.Choose(False)] if len(d.data) == 1 else [])


def _put_found(g: Game, p: int, oid: int, to: str, tapped: bool) -> None:
    if to == "battlefield":
        g.move(oid, BATTLEFIELD, rule="701.19a", controller=p, tapped=tapped)
    else:
        g.move(oid, HAND if to == "hand" else GRAVEYARD, rule="701.19a")


def _answer_search_split(g: Game, d: Any, value: Any) -> None:
    """"Put one [there] and the other [elsewhere]": the card named goes to the first place, the other to the
    second; a lone card found goes to the first place, or with false to the second. Then shuffle (701.20a)."""
    s = g.s
    e = s.queue[0][5]
    found: tuple[int, ...] = tuple(d.data)
    if not (value in found or (value is False and len(found) == 1)):
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in found)}"
                                 + (" or false" if len(found) == 1 else ""))
    s.pending = None
    s.queue.pop(0)
    p = d.player
    for c in found:
        if c == value:
            _put_found(g, p, c, e.to, e.tapped)
        else:
            _put_found(g, p, c, e.other_to, False)
    effect_context.shuffle_library(g, p)


def _untap_found(g: Game, p: int, old_id: int, lands: int) -> None:
    """"Then if you control four or more lands, untap that land" (608.2c: checked after the shuffle; the
    land is the object the found card became on the battlefield, 400.7)."""
    s = g.s
    oid = s.successor.get(old_id, old_id)
    o = s.objects.get(oid)
    if o is None or o.zone != BATTLEFIELD or o.controller != p or not o.tapped:
        return
    if sum(1 for q in g.permanents(p) if "Land" in g.chars(q).types) >= lands:
        g.untap(o, "608.2c")


registry.EFFECT_HANDLERS.update({V.Scry: _scry, V.Surveil: _surveil, V.Mill: _mill, V.SearchLibrary: _search})
registry.CHOICES["scry"] = (choice_effects.subset_actions, _answer_scry)
registry.CHOICES["surveil"] = (choice_effects.subset_actions, _answer_surveil)
registry.CHOICES["search"] = (_search_actions, _answer_search)
registry.CHOICES["search_split"] = (_search_split_actions, _answer_search_split)


def _answer_battlefield_instead(g: Game, d: Any, value: Any) -> None:
    """608.2d: true puts the card found onto the battlefield, false into the hand."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    card, e, left = g.s.queue[0][5]
    g.s.pending = None
    g.log_event("may", "608.2d", player=g.s.players[d.player].name, choice=value, text=d.prompt)
    _put_found(g, d.player, card, "battlefield" if value else "hand", e.tapped)
    _next_or_done(g, d.player, e, left, card)


registry.CHOICES["battlefield_instead"] = (lambda g, d: [A.Choose(True), A.Choose(False)], _answer_battlefield_instead)


def _devotion(g: Game, ctx: effect_context.Context, a: Devotion) -> int:
    return static_counts.devotion(g.s, ctx.controller, a.colors)


def _win_if_library_at_most(g: Game, ctx: effect_context.Context, e: WinIfLibraryAtMost) -> list | None:
    p = ctx.controller
    x = effect_context.amount(g, ctx, e.amount)  # type: ignore[arg-type]
    n = len(g.s.players[p].library)
    if x >= n:
        g.end_game(p, f"104.2b: {ctx.name}: X ({x}) is at least the {n} card(s) in "
                      f"{g.s.players[p].name}'s library")
    return None


def _exile_library(g: Game, ctx: effect_context.Context, e: ExileLibrary) -> list | None:
    """406.3: every card of the controller's library is exiled, one zone change each (400.7), top card first.
    Face down, a card in exile is one no player may look at (406.3); the engine keeps no hidden information
    from its players, so it is logged as exiled face down and remembered as such (a face-up card in exile is
    another, effect_context.face_down_in_exile), otherwise an exiled card."""
    s = g.s
    p = ctx.controller
    cards = list(s.players[p].library)
    exiled = tuple(g.move(c, EXILE, rule="406.3") for c in cards)
    g.log_event("exile_library", "406.3", player=s.players[p].name, count=len(cards), face_down=e.face_down,
                source=ctx.name)
    if e.face_down:
        effect_context.mark_exiled_face_down(g, exiled, "406.3", ctx.name)
    return None


registry.AMOUNT_RESOLVERS[Devotion] = _devotion
registry.register_effect(ExileLibrary, _exile_library)
registry.register_effect(WinIfLibraryAtMost, _win_if_library_at_most)


def _mill_then_dig(g: Game, ctx: effect_context.Context, e: MillThenDig) -> list | None:
    p = ctx.controller
    milled = tuple(g.move(oid, GRAVEYARD, rule="701.13a")
                   for oid in list(g.s.players[p].library[:effect_context.amount(g, ctx, e.amount)]))
    return [("resume_effects", dataclasses.replace(ctx, looked=milled, did=None), e.effects, 0, None)]


def _milled_count(g: Game, ctx: effect_context.Context, a: MilledCount) -> int:
    """608.2h: the cards milled this way (ctx.looked, the objects they became, 400.7) still in a graveyard."""
    s = g.s
    n = 0
    for c in ctx.looked:
        o = s.objects.get(g.current_id(c))
        if o is not None and o.zone == GRAVEYARD and _targeting_module.matches_filter(g, a.filter, o, ctx.controller):
            n += 1
    return n * a.multiplier


registry.AMOUNT_RESOLVERS[MilledCount] = _milled_count


def _if_you_dont(g: Game, ctx: effect_context.Context, e: IfYouDont) -> list | None:
    """Whether a card was put into the hand this way: one of the cards looked at (or milled) is now in it
    (400.7: as the new object it became)."""
    hand = g.s.players[ctx.controller].hand
    if any(g.current_id(c) in hand for c in ctx.looked):
        return None
    return [("resume_effects", ctx, e.effects, 0, None)]


registry.register_effect(MillThenDig, _mill_then_dig)
registry.register_effect(IfYouDont, _if_you_dont)


def _with_flashback_matches(g: Game, flt: WithFlashbackFilter, o: Any, c: Any, controller: int, source: int | None) -> bool:
    """702.34a: a card with a flashback ability (as printed: the card in a library has no granted abilities)."""
    return any(type(ab).__name__ == "Flashback" or getattr(ab, "keyword", None) == "flashback"  # a non-mana cost
               for ab in o.card.abilities)


def _search_to_graveyard(g: Game, ctx: effect_context.Context, e: SearchPlayerLibrary) -> list | None:
    s = g.s
    needs = []
    for p in effect_context.resolve_who(g, ctx, e.who):
        lib = s.players[p].library
        cands = tuple(c for c in lib if _targeting_module.matches_filter(g, e.filter, s.objects[c], ctx.controller))
        g.log_event("search", "701.19a", player=s.players[ctx.controller].name, library_of=s.players[p].name,
                    source=ctx.name)
        needs.append(effect_context.queue_choice(
            "search_to_graveyard", ctx.controller, cands, f"701.19: {ctx.name}: search {s.players[p].name}'s library for "
            f"up to {e.amount} card(s) ({', '.join(g.name_of(c) for c in cands) or 'none'}), a list; [] to find none",
            (e.amount, p, e.to)))
    return needs or None


def _search_to_graveyard_actions(g: Game, d: Any) -> list:
    n = g.s.queue[0][5][0]
    cands = d.data
    out = [A.Choose(())]
    if len(cands) > 8:  # too many sets to list: each card alone, or the first ones
        return out + [A.Choose((c,)) for c in cands] + [A.Choose(tuple(cands[:n]))]
    for k in range(1, min(n, len(cands)) + 1):
        out.extend(A.Choose(x) for x in combinations(cands, k))
    return out


def _answer_search_to_graveyard(g: Game, d: Any, value: Any) -> None:
    s = g.s
    n, p, to = s.queue[0][5]
    chosen = choice_effects.check_subset(g, d, value)
    if len(chosen) > n:
        raise IllegalActionError(f"{d.prompt}: choose up to {n}")
    s.pending = None
    s.queue.pop(0)
    for c in chosen:
        if to == "battlefield":
            g.move(c, BATTLEFIELD, rule="701.19a", controller=d.player)  # "under your control" (110.2a)
        else:
            g.move(c, EXILE if to == "exile" else GRAVEYARD, rule="701.19a")
    effect_context.shuffle_library(g, p)  # 701.20a: "then the player shuffles"


def _exile_same_name_everywhere(g: Game, ctx: effect_context.Context, e: ExileSameNameEverywhere) -> list | None:
    """608.2h: the name and the player of the object as it last existed; 701.19b: every card of that name in the
    graveyard is found for "all"; the answer chooses the others (any of the hand's and library's, and for "any
    number" the graveyard's too)."""
    got = referred_objects.referred_object(g, ctx, e.of)
    if got is None:
        return None
    o, chars = got
    name = chars.name if chars is not None else o.card.name
    p = o.controller if e.whose == "controller" and o.zone in (BATTLEFIELD, STACK) else o.owner
    s = g.s
    pl = s.players[p]
    g.log_event("search", "701.19a", player=s.players[ctx.controller].name, zones_of=pl.name, source=ctx.name)

    def named(zone: list[int]) -> tuple[int, ...]:
        return tuple(c for c in zone if s.objects[c].card.name == name)
    required = () if e.any_number else named(pl.graveyard)
    optional = (named(pl.graveyard) if e.any_number else ()) + named(pl.hand) + named(pl.library)
    if not optional:
        _exile_found(g, required, p)
        return None
    return [effect_context.queue_choice(
        "search_exile_same_name", ctx.controller, optional,
        f"701.19b: {ctx.name}: the cards named {name} of {pl.name}'s "
        f"{'graveyard, ' if e.any_number else ''}hand and library found and exiled "
        f"({', '.join(g.name_of(c) for c in optional)}), a list; [] to find none", (required, p))]


def _exile_found(g: Game, cards: tuple[int, ...], p: int) -> None:
    for c in cards:
        g.move(c, EXILE, rule="701.19a")
    effect_context.shuffle_library(g, p)  # 701.20a: "then that player shuffles"


def _search_exile_same_name_actions(g: Game, d: Any) -> list:
    """Cards of one name in one zone are alike: one set per number of them found in each zone."""
    s = g.s
    by_zone: dict[str, list[int]] = {}
    for c in d.data:
        by_zone.setdefault(s.objects[c].zone, []).append(c)
    sets: list[tuple[int, ...]] = [()]
    for cards in by_zone.values():
        sets = [x + tuple(cards[:k]) for x in sets for k in range(len(cards) + 1)]
    return [A.Choose(x) for x in sets]


def _answer_search_exile_same_name(g: Game, d: Any, value: Any) -> None:
    s = g.s
    required, p = s.queue[0][5]
    chosen = choice_effects.check_subset(g, d, value)
    s.pending = None
    s.queue.pop(0)
    _exile_found(g, tuple(required) + chosen, p)


registry.register_effect(ExileSameNameEverywhere, _exile_same_name_everywhere)
registry.CHOICES["search_exile_same_name"] = (_search_exile_same_name_actions, _answer_search_exile_same_name)
registry.FILTER_TESTS[WithFlashbackFilter] = _with_flashback_matches
registry.register_effect(SearchPlayerLibrary, _search_to_graveyard)
registry.CHOICES["search_to_graveyard"] = (_search_to_graveyard_actions, _answer_search_to_graveyard)

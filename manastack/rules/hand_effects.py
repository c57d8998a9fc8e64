"""Effects on hands; their sentences are compiled by cards/templates/effects_hand.py.

- "You may put a land card from your hand onto the battlefield [tapped]" (not playing a land, 305.1),
  chosen as the effect resolves.
- "Look at target opponent's hand": only its controller sees the cards.
- 701.8a: "that player discards a card at random".
- 701.8a / 608.2c: "then discard two cards unless you discard an artifact card" (Thirst for Knowledge): one
  card of the quality, or two cards (V.DiscardUnless: one choice among both ways).
- 608.2c: "each opponent discards a card, then each opponent who didn't discard a nonland card this way loses 3
  life" (LoseLifeUnlessDiscarded: the cards discarded since this resolution began, from the log); "each opponent
  who discarded a card that shares a card type with the card you discarded loses 3 life" (Creeping Dread).
- 701.8a, 121.1: "Discard any number of cards, then draw that many cards [plus one]" (Cavalier of Flame): any
  number of the cards in the hand, none too, then as many draws (plus one).
- "Target opponent reveals their hand. You choose a nonland card from it. That player discards that
  card" (V.ChooseCard, V.ActOnChosen: the choice among the revealed cards).
- 400.11a-b: "You may reveal a sorcery card you own from outside the game and put it into your hand" (the
  wishes): one of the controller's cards outside the game (their sideboard, which Game.new_game puts there,
  or their companion) of the stated quality, chosen as it resolves (the "from_outside" decision) and
  revealed; once it is in the hand it stays in the game (400.11b), and a companion put there this way is no
  longer one its owner can put into their hand for {3} (116.2g).
- 701.45a: learn. The player may discard a card (the "learn_discard" decision: a card of their hand, or
  false); if they do, they draw a card; if they didn't, they may reveal a Lesson card they own from outside
  the game and put it into their hand (the "from_outside" decision above).
- 603.12: "Draw a card, then you may discard a card. When you discard a nonland card this way, [effect]"
  (DiscardThenReflexive): the discards are recorded as they happen (GameState.discards, from the Discard
  events, in games with such an ability); once the discard is done, a discarded card that matches triggers
  the reflexive ability, with that card as its event object ("that card's mana value", 608.2h).
- 121.1, 119.4, 401.4: "Choose two cards in your hand drawn this turn. For each of those cards, pay 4 life or put
  the card on top of your library." (Sylvan Library, DrawnPayLifeOrTop): the cards drawn this turn are recorded
  as they are drawn (GameState.drawn_cards, their ids in the hand: a card that left the hand since is a new
  object, 400.7, and no longer one of them). The controller chooses that many of them still in their hand
  (the "choose_drawn" decision; all of them, unasked, when there are no more), then for each in the order
  chosen pays the life (true; only with that much life, 119.4) or puts it on top of their library (false), so
  that of two cards put back the second ends on top (the "pay_life_or_top" decision).
- 701.8a / 608.2c: "Discard X cards, then return a card from your graveyard to your hand for each card discarded
  this way" (Recall, DiscardThenReturnEach): the "discard_then_return" then "return_from_graveyard" decisions (the
  cards just discarded may be returned).
- 201.4 / 701.16a: "Choose a card name, then reveal a card at random from your hand. If that card has the chosen
  name, [effect]" (Cursed Scroll, NameThenRevealAtRandom; the name as rules/entry_choices.py offers names).
- 701.16a: "You choose a nonland card from that player's graveyard or hand and exile it" (ChooseCard.graveyard_filter).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations, permutations
from math import perm
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.events import Discard, Event
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, OUTSIDE
from ..model.vocab.hand_effects import (  # noqa: F401 (the vocabulary this module executes)
    DiscardAnyThenDraw,
    DiscardAtRandom,
    DiscardedThisWay,
    DiscardThenReflexive,
    DiscardThenReturnEach,
    DiscardUnless,
    DrawnPayLifeOrTop,
    Learn,
    LookAtHand,
    LoseLifeIfSharesTypeWithYours,
    LoseLifeUnlessDiscarded,
    NameThenRevealAtRandom,
    PutFromHand,
    PutFromHandOnTop,
    PutFromOutside,
)
from . import add_hook, choice_effects, effect_context, entry_choices, trigger_queue
from . import effects as E
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


def _put_from_hand(g: Game, ctx: effect_context.Context, e: PutFromHand) -> list | None:
    p = ctx.controller
    cands = tuple(c for c in g.s.players[p].hand if _targeting_module.matches_filter(g, e.filter, g.s.objects[c], p))
    if not cands:
        return None
    return [effect_context.queue_choice("put_from_hand", p, cands, f"{ctx.name}: you may put one of "
                                                 f"{', '.join(g.name_of(c) for c in cands)} onto the battlefield "
                                                 f"(or false)", e.tapped)]


def put_from_hand_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_put_from_hand(g: Game, d: Any, value: Any) -> None:
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    tapped = g.s.queue[0][5]
    g.s.pending = None
    g.s.queue.pop(0)
    if value is not False:
        g.move(value, BATTLEFIELD, rule="608.2c", controller=d.player, tapped=tapped)


def _look_at_hand(g: Game, ctx: effect_context.Context, e: LookAtHand) -> list | None:
    for p in effect_context.resolve_who(g, ctx, e.who):
        hand = g.s.players[p].hand
        # "a card at random": the game's seeded RNG picks it (none in an empty hand)
        cards = ([g.s.rng.choice(hand)] if hand else []) if e.at_random else list(hand)
        g.log_event("look_at_hand", "402.3", player=g.s.players[ctx.controller].name,
                    hand_of=g.s.players[p].name, cards=[g.name_of(c) for c in cards], at_random=e.at_random)
    return None


def _discard_at_random(g: Game, ctx: effect_context.Context, e: DiscardAtRandom) -> list | None:
    s = g.s
    for p in effect_context.resolve_who(g, ctx, e.who):
        for _ in range(e.amount):
            hand = s.players[p].hand
            if not hand:
                break
            E.discard(g, p, hand[s.rng.randrange(len(hand))], "701.8a")
    return None


registry.register_effect(DiscardAtRandom, _discard_at_random)


registry.CHOICES["put_from_hand"] = (put_from_hand_actions, _answer_put_from_hand)


registry.register_effect(PutFromHand, _put_from_hand)


def _put_from_outside(g: Game, ctx: effect_context.Context, e: PutFromOutside) -> list | None:
    return _from_outside_choice(g, ctx.controller, ctx.name, e)


def _from_outside_choice(g: Game, p: int, name: str, e: PutFromOutside) -> list | None:
    s = g.s
    cands = tuple(c for c in s.players[p].outside
                  if _targeting_module.matches_filter(g, e.filter, s.objects[c], p))
    if e.or_exile:  # "or choose a face-up artifact card you own in exile" (406.3)
        cands += tuple(c for c in s.players[p].exile if not effect_context.face_down_in_exile(g, c)
                       and _targeting_module.matches_filter(g, e.filter, s.objects[c], p))
    if not cands:
        g.log_event("nothing_outside", "400.11b", player=s.players[p].name, source=name)
        return None
    names = ", ".join(dict.fromkeys(g.name_of(c) for c in cands))
    return [effect_context.queue_choice("from_outside", p, cands,
                                        f"400.11b: {name}: choose a card you own from outside the game to put into "
                                        f"your hand ({names})" + (" or false" if e.optional else ""), e.optional)]


def from_outside_actions(g: Game, d: Any) -> list:
    # Copies of one card outside the game are the same choice: one action for each name.
    firsts = {g.name_of(c): c for c in reversed(d.data)}
    acts: list = [A.Choose(c) for c in d.data if firsts[g.name_of(c)] == c]
    return acts + [A.Choose(False)] if g.s.queue[0][5] else acts


def _answer_from_outside(g: Game, d: Any, value: Any) -> None:
    s = g.s
    optional = s.queue[0][5]
    if (value is False and not optional) or (value is not False and value not in d.data):
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}"
                                 + (" or false" if optional else ""))
    s.pending = None
    s.queue.pop(0)
    if value is False:
        return
    pl = s.players[d.player]
    if pl.companion == value:
        pl.companion = None  # 116.2g: it is no longer outside the game to be put into the hand for {3}
    assert s.objects[value].zone in (OUTSIDE, EXILE)
    g.log_event("reveal", "400.11b", player=pl.name, card=g.name_of(value))
    g.move(value, HAND, rule="400.11b")


registry.CHOICES["from_outside"] = (from_outside_actions, _answer_from_outside)
registry.register_effect(PutFromOutside, _put_from_outside)

_LESSON = PutFromOutside(V.ObjectFilter(subtypes=frozenset({"Lesson"})), optional=True)


def _learn(g: Game, ctx: effect_context.Context, e: Learn) -> list | None:
    p = ctx.controller
    hand = tuple(g.s.players[p].hand)
    if not hand:  # nothing to discard: only the Lesson is left (701.45a "if you didn't discard a card")
        return _from_outside_choice(g, p, ctx.name, _LESSON)
    return [effect_context.queue_choice("learn_discard", p, hand,
                                        f"701.45a: {ctx.name}: learn: discard a card to draw a card (one of "
                                        f"{', '.join(g.name_of(c) for c in hand)}), or false", ctx.name)]


def _answer_learn_discard(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    name = s.queue[0][5]
    p = d.player
    s.pending = None
    s.queue.pop(0)
    if value is False:
        for i, item in enumerate(_from_outside_choice(g, p, name, _LESSON) or ()):
            s.queue.insert(i, item)
        return
    E.discard(g, p, value, "701.45a")
    g.draw(p, 1, rule="701.45a")


registry.CHOICES["learn_discard"] = (put_from_hand_actions, _answer_learn_discard)
registry.register_effect(Learn, _learn)
registry.register_effect(LookAtHand, _look_at_hand)


def _choose_card(g: Game, ctx: effect_context.Context, e: V.ChooseCard) -> list | None:
    if ctx.hand_of is None:
        return None
    s = g.s
    cands = tuple(c for c in s.players[ctx.hand_of].hand
                  if e.filter is None or _targeting_module.matches_filter(g, e.filter, s.objects[c], ctx.controller))
    where = "hand"
    if e.graveyard_filter is not None:
        # "... from that player's graveyard or hand": the cards of either zone (701.16a: the hand revealed)
        where = "hand or graveyard"
        cands += tuple(c for c in s.players[ctx.hand_of].graveyard
                       if _targeting_module.matches_filter(g, e.graveyard_filter, s.objects[c], ctx.controller))
    if not cands:
        return None
    return [effect_context.queue_choice("choose_card", ctx.controller, cands,
                    f"{ctx.name}: choose a card from {s.players[ctx.hand_of].name}'s {where} "
                    f"({', '.join(g.name_of(c) for c in cands)})", ctx)]


def _answer_choose_card(g: Game, d: Any, value: Any) -> None:

    s = g.s
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    ctx = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    g.log_event("choose_card", "608.2c", player=s.players[d.player].name, card=g.name_of(value))
    new_ctx = dataclasses.replace(ctx, chosen=value)
    for i, it in enumerate(s.queue):
        if it[0] == "resume_effects" and it[1] is ctx:
            s.queue[i] = ("resume_effects", new_ctx, *it[2:])
            break


def _act_on_chosen(g: Game, ctx: effect_context.Context, e: V.ActOnChosen) -> list | None:
    c = ctx.chosen
    if c is None or c not in g.s.objects or g.s.objects[c].zone not in (HAND, GRAVEYARD):
        return None
    if g.s.objects[c].zone == GRAVEYARD and e.action != "exile":
        return None  # only "exile that card" may take a card chosen from a graveyard
    if e.action == "discard":
        E.discard(g, g.s.objects[c].owner, c)
    else:
        g.move(c, EXILE, rule="701.11a")
    return None


registry.CHOICES["choose_card"] = (choice_effects.object_actions, _answer_choose_card)


registry.EFFECT_HANDLERS.update({V.ChooseCard: _choose_card, V.ActOnChosen: _act_on_chosen, V.RevealHand: lambda g, ctx, e: None})


def _put_from_hand_on_top(g: Game, ctx: effect_context.Context, e: PutFromHandOnTop) -> list | None:
    """401.4: the cards are chosen from the hand as it is now (after the draws written before)."""
    p = ctx.controller
    hand = tuple(g.s.players[p].hand)
    n = min(e.amount, len(hand))
    if n == 0:
        return None
    if n == len(hand) == 1:
        _put_on_top(g, p, hand)  # a single option: no choice to make
        return None
    return [effect_context.queue_choice("hand_to_top", p, hand, f"{ctx.name}: put {n} card(s) from your hand on top of "
                                        f"your library, as a list (first listed ends on top)", n)]


def _hand_to_top_actions(g: Game, d: Any) -> list:
    n = g.s.queue[0][5]
    if n == 1:
        return [A.Choose(c) for c in d.data]
    if perm(len(d.data), n) <= 120:
        return [A.Choose(x) for x in permutations(d.data, n)]
    return [A.Choose(x) for x in combinations(d.data, n)]  # a large hand: every set, in one order each


def _answer_hand_to_top(g: Game, d: Any, value: Any) -> None:
    n = g.s.queue[0][5]
    chosen = (value,) if isinstance(value, int) and not isinstance(value, bool) else \
        tuple(value) if isinstance(value, (list, tuple)) else ()
    if len(chosen) != n or len(set(chosen)) != n or any(c not in d.data for c in chosen):
        raise IllegalActionError(f"{d.prompt}: choose {n} of {', '.join(g.name_of(c) for c in d.data)}")
    g.s.pending = None
    g.s.queue.pop(0)
    _put_on_top(g, d.player, chosen)


def _put_on_top(g: Game, p: int, cards: tuple[int, ...]) -> None:
    """The last one put on top first, so that the first listed ends on top (401.4)."""
    for c in reversed(cards):
        g.move(c, LIBRARY, rule="401.4")
    g.log_event("hand_to_top", "401.4", player=g.s.players[p].name, amount=len(cards))


registry.CHOICES["hand_to_top"] = (_hand_to_top_actions, _answer_hand_to_top)
registry.register_effect(PutFromHandOnTop, _put_from_hand_on_top)


def _discard_unless(g: Game, ctx: effect_context.Context, e: DiscardUnless) -> list | None:
    needs = []
    for p in effect_context.resolve_who(g, ctx, e.who):
        hand = tuple(g.s.players[p].hand)
        if hand:
            needs.append(effect_context.queue_choice(
                "discard_unless", p, hand, f"{ctx.name}: discard {e.amount} cards, or one card of the quality "
                f"named (a list of the cards discarded)", e))
    return needs or None


def _unless_options(g: Game, d: Any) -> tuple[tuple[int, ...], ...]:
    """The sets of cards the player may discard: one card of the quality, or `amount` cards."""
    e = g.s.queue[0][5]
    n = min(e.amount, len(d.data))
    ones = tuple((c,) for c in d.data if _targeting_module.matches_filter(g, e.filter, g.s.objects[c], d.player))
    return ones + tuple(x for x in combinations(d.data, n) if x not in ones)


def _discard_unless_actions(g: Game, d: Any) -> list:
    return [A.Choose(x[0] if len(x) == 1 else x) for x in _unless_options(g, d)]


def _answer_discard_unless(g: Game, d: Any, value: Any) -> None:
    chosen = (value,) if isinstance(value, int) and not isinstance(value, bool) else \
        tuple(value) if isinstance(value, (list, tuple)) else ()
    options = _unless_options(g, d)
    if not any(sorted(chosen) == sorted(x) for x in options):
        raise IllegalActionError(f"{d.prompt}: choose one of {'; '.join(', '.join(g.name_of(c) for c in x) for x in options)}")
    g.s.pending = None
    g.s.queue.pop(0)
    for c in chosen:
        E.discard(g, d.player, c, "701.8a")


registry.CHOICES["discard_unless"] = (_discard_unless_actions, _answer_discard_unless)
registry.register_effect(DiscardUnless, _discard_unless)


def _discarded_this_resolution(g: Game) -> list[tuple[str, Any]]:
    """(player name, the card's object in its new zone) for each card discarded since the spell or ability now
    resolving began to resolve (608.2: its "resolve" line), read back from the log."""
    log = g.s.log
    start = len(log)
    while start > 0 and log[start - 1].get("event") != "resolve":
        start -= 1
    out = []
    pending: str | None = None
    for e in log[start:]:
        ev = e.get("event")
        if ev == "discard":
            pending = e.get("player")
        elif ev == "zone_change" and pending is not None:
            o = g.s.objects.get(e.get("id"))
            if o is not None:
                out.append((pending, o))
            pending = None
    return out


def _lose_life_unless_discarded(g: Game, ctx: effect_context.Context, e: LoseLifeUnlessDiscarded) -> list | None:
    discarded = _discarded_this_resolution(g)
    n = effect_context.amount(g, ctx, e.amount)
    for p in effect_context.resolve_who(g, ctx, e.who):
        name = g.s.players[p].name
        # the discarded card as it is now (a card in a graveyard or exile: its printed characteristics)
        if any(who == name and _targeting_module.matches_filter(g, e.filter, o, ctx.controller, ctx.source)
               for who, o in discarded):
            continue
        g.set_life(p, -n, "608.2c", source=ctx.name)
    return None


registry.register_effect(LoseLifeUnlessDiscarded, _lose_life_unless_discarded)


# ---------------------------------------------------------------------------- 603.12: "when you discard ... this way"


def _discard_then_reflexive(g: Game, ctx: effect_context.Context, e: DiscardThenReflexive) -> list | None:
    """The discard (a choice when the hand holds more cards than it discards), then the reflexive check."""
    check = DiscardedThisWay(len(g.s.discards), e.filter, e.ability)
    needs = registry.EFFECT_HANDLERS[V.Discard](g, ctx, e.discard)
    if needs:
        return [*needs, ("resume_effects", ctx, (check,), 0, None)]
    return _discarded_this_way(g, ctx, check)


def _discarded_this_way(g: Game, ctx: effect_context.Context, e: DiscardedThisWay) -> list | None:
    s = g.s
    for oid in s.discards[e.before:]:
        o = s.objects.get(oid)
        if o is None or not _targeting_module.matches_filter(g, e.filter, o, ctx.controller):
            continue
        trigger_queue.queue(g, ctx.controller, ctx.source if ctx.source is not None else -1, e.ability,
                            ctx.source_lki, ctx.name, event_obj=oid)
        g.log_event("reflexive_trigger", "603.12", card=ctx.name, ability=e.ability.text, discarded=o.card.name)
    return None


def _note_discard(g: Game, e: Event) -> None:
    """registry.EVENT_TRIGGERS[Discard]: the id the discarded card got where it went (400.7)."""
    s = g.s
    if isinstance(e, Discard) and s.card_vocab is not None and DiscardThenReflexive in s.card_vocab:
        s.discards = s.discards + (s.successor.get(e.obj, e.obj),)


registry.register_effect(DiscardThenReflexive, _discard_then_reflexive)
registry.register_effect(DiscardedThisWay, _discarded_this_way)
add_hook(registry.EVENT_TRIGGERS.setdefault(Discard, []), _note_discard, classes=(DiscardThenReflexive,))


def _discard_any_then_draw(g: Game, ctx: effect_context.Context, e: DiscardAnyThenDraw) -> list | None:
    p = ctx.controller
    hand = tuple(g.s.players[p].hand)
    if not hand:
        E.draw(g, p, e.plus)
        return None
    if e.whole_hand:  # 701.8a: all of them, at once; then that many are drawn (121.1)
        for oid in hand:
            E.discard(g, p, oid)
        E.draw(g, p, len(hand) + e.plus)
        return None
    return [effect_context.queue_choice("discard_any", p, hand,
                                        f"{ctx.name}: discard any number of cards, then draw that many"
                                        f"{' plus ' + str(e.plus) if e.plus else ''} (a list: "
                                        f"{', '.join(g.name_of(c) for c in hand)})", e)]


def _answer_discard_any(g: Game, d: Any, value: Any) -> None:
    chosen = choice_effects.check_subset(g, d, value)
    s = g.s
    e = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    for oid in chosen:
        E.discard(g, d.player, oid)
    E.draw(g, d.player, len(chosen) + e.plus)


registry.register_effect(DiscardAnyThenDraw, _discard_any_then_draw)
registry.CHOICES["discard_any"] = (choice_effects.subset_actions, _answer_discard_any)


def _lose_life_if_shares_type(g: Game, ctx: effect_context.Context, e: LoseLifeIfSharesTypeWithYours) -> list | None:
    discarded = _discarded_this_resolution(g)
    s = g.s
    me = s.players[ctx.controller].name
    mine = frozenset().union(*(g.chars(o).types for who, o in discarded if who == me))
    n = effect_context.amount(g, ctx, e.amount)
    for p in range(len(s.players)):
        if p == ctx.controller or s.players[p].lost:
            continue
        name = s.players[p].name
        if any(who == name and g.chars(o).types & mine for who, o in discarded):
            g.set_life(p, -n, "608.2c", source=ctx.name)
    return None


registry.register_effect(LoseLifeIfSharesTypeWithYours, _lose_life_if_shares_type)


def _drawn_pay_life_or_top(g: Game, ctx: effect_context.Context, e: DrawnPayLifeOrTop) -> list | None:
    s = g.s
    p = ctx.controller
    turn, ids = s.drawn_cards
    drawn = tuple(c for c in s.players[p].hand if turn == s.turn and c in ids)
    if len(drawn) <= e.count:
        return _pay_or_top_choices(g, ctx, e, drawn)  # 608.2c: all of them (no choice to make)
    return [effect_context.queue_choice("choose_drawn", p, drawn, f"{ctx.name}: choose {e.count} cards in your hand "
                                        f"drawn this turn ({', '.join(g.name_of(c) for c in drawn)}), as a list",
                                        (e, ctx))]


def _pay_or_top_choices(g: Game, ctx: effect_context.Context, e: DrawnPayLifeOrTop, cards: tuple[int, ...]) -> list:
    return [effect_context.queue_choice("pay_life_or_top", ctx.controller, (c,), f"{ctx.name}: pay {e.life} life "
                                        f"(true) or put {g.name_of(c)} on top of your library (false)", (e, ctx))
            for c in cards]


def _choose_drawn_actions(g: Game, d: Any) -> list:
    e, _ = g.s.queue[0][5]
    return [A.Choose(x) for x in combinations(d.data, e.count)]


def _answer_choose_drawn(g: Game, d: Any, value: Any) -> None:
    s = g.s
    e, ctx = s.queue[0][5]
    chosen = tuple(value) if isinstance(value, (list, tuple)) else ()
    if len(chosen) != e.count or len(set(chosen)) != len(chosen) or any(c not in d.data for c in chosen):
        raise IllegalActionError(f"{d.prompt}: choose {e.count} of {', '.join(g.name_of(c) for c in d.data)}")
    s.pending = None
    s.queue.pop(0)
    s.queue[0:0] = _pay_or_top_choices(g, ctx, e, chosen)


def _pay_life_or_top_actions(g: Game, d: Any) -> list:
    e, _ = g.s.queue[0][5]
    if g.s.players[d.player].life < e.life:
        return [A.Choose(False)]  # 119.4: a player can pay life only with at least that much life
    return [A.Choose(True), A.Choose(False)]


def _answer_pay_life_or_top(g: Game, d: Any, value: Any) -> None:
    s = g.s
    e, ctx = s.queue[0][5]
    if value not in (True, False):
        raise IllegalActionError(f"{d.prompt}: answer true or false")
    if value is True and s.players[d.player].life < e.life:
        raise IllegalActionError(f"{s.players[d.player].name} can't pay {e.life} life (119.4)")
    s.pending = None
    s.queue.pop(0)
    card = d.data[0]
    if value is True:
        g.set_life(d.player, -e.life, "119.4", source=ctx.name)
    elif card in s.players[d.player].hand:
        g.move(card, LIBRARY, rule="401.4")
        g.log_event("hand_to_top", "401.4", player=s.players[d.player].name, amount=1)


registry.register_effect(DrawnPayLifeOrTop, _drawn_pay_life_or_top)
registry.CHOICES["choose_drawn"] = (_choose_drawn_actions, _answer_choose_drawn)
registry.CHOICES["pay_life_or_top"] = (_pay_life_or_top_actions, _answer_pay_life_or_top)


def _name_then_reveal(g: Game, ctx: effect_context.Context, e: NameThenRevealAtRandom) -> list | None:
    s = g.s
    p = ctx.controller
    name = entry_choices.choose_card_name(g, p, f"201.4: {ctx.name}: choose a card name")
    hand = s.players[p].hand
    card = s.rng.choice(hand) if hand else None  # an empty hand reveals nothing: no card has the name
    g.log_event("reveal", "701.16a", player=s.players[p].name, named=name,
                card=g.name_of(card) if card is not None else None, source=ctx.name)
    if card is None or name not in s.objects[card].card.name.split(" // "):  # 709.4a: either name of a split card
        return None
    return [("resume_effects", ctx, e.effects, 0, None)]


registry.register_effect(NameThenRevealAtRandom, _name_then_reveal)


def _discard_then_return(g: Game, ctx: effect_context.Context, e: DiscardThenReturnEach) -> list | None:
    p = ctx.controller
    hand = tuple(g.s.players[p].hand)
    n = min(effect_context.amount(g, ctx, e.amount), len(hand))
    if n <= 0:
        return None
    if n == len(hand):
        return _discard_and_offer_return(g, p, hand, ctx.name) or None  # all of them: no choice to make
    return [effect_context.queue_choice("discard_then_return", p, hand, f"{ctx.name}: discard {n} card(s) (a list)",
                                        (n, ctx.name))]


def _discard_and_offer_return(g: Game, p: int, cards: tuple[int, ...], name: str) -> list:
    """The discards, then the choice of the cards returned (none to queue when every card there returns)."""
    for c in cards:
        E.discard(g, p, c, rule="701.8a")
    grave = tuple(g.s.players[p].graveyard)
    n = min(len(cards), len(grave))
    if n == len(grave):
        for c in grave:
            g.move(c, HAND, rule="608.2c")  # every card there: no choice to make
        return []
    return [effect_context.queue_choice("return_from_graveyard", p, grave, f"{name}: return {n} card(s) from your "
                                        f"graveyard to your hand (a list)", (n, name))]


def _exact_subset_actions(g: Game, d: Any) -> list:
    n = g.s.queue[0][5][0]
    if len(d.data) > 8:
        return [A.Choose(tuple(d.data[:n])), A.Choose(tuple(d.data[-n:]))]
    return [A.Choose(x) for x in combinations(d.data, n)]


def _exact_subset(g: Game, d: Any, value: Any) -> tuple[int, ...]:
    n = g.s.queue[0][5][0]
    chosen = (value,) if isinstance(value, int) and not isinstance(value, bool) else \
        tuple(value) if isinstance(value, (list, tuple)) else ()
    if len(chosen) != n or len(set(chosen)) != n or any(c not in d.data for c in chosen):
        raise IllegalActionError(f"{d.prompt}: choose {n} of {', '.join(g.name_of(c) for c in d.data)}")
    return chosen


def _answer_discard_then_return(g: Game, d: Any, value: Any) -> None:
    chosen = _exact_subset(g, d, value)
    name = g.s.queue[0][5][1]
    g.s.pending = None
    g.s.queue.pop(0)
    g.s.queue[0:0] = _discard_and_offer_return(g, d.player, chosen, name)


def _answer_return_from_graveyard(g: Game, d: Any, value: Any) -> None:
    chosen = _exact_subset(g, d, value)
    g.s.pending = None
    g.s.queue.pop(0)
    for c in chosen:
        g.move(c, HAND, rule="608.2c")


registry.register_effect(DiscardThenReturnEach, _discard_then_return)
registry.CHOICES["discard_then_return"] = (_exact_subset_actions, _answer_discard_then_return)
registry.CHOICES["return_from_graveyard"] = (_exact_subset_actions, _answer_return_from_graveyard)

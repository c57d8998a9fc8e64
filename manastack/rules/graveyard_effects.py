"""Effects on a player's graveyard as a whole, and exiling the source as a cost (701.20a, 602.2b, 118.3).

- 701.20a: "Shuffle your graveyard into your library" (Feldon's Cane): every card in the graveyard is
  put into the library (each a new object, 400.7), then the library is shuffled; "Shuffle CARDNAME and
  your graveyard into their owner's library" (Elixir of Immortality): the source too, if it is still on
  the battlefield (400.7: otherwise it is a new object the ability doesn't find), into its owner's
  library (404.1 / 401.1), which is shuffled as well.
- 603.10a, 701.20a: "When CARDNAME is put into a graveyard from the battlefield, its owner shuffles it
  into their library" (Lembas): the card it became in the graveyard is put into the library, which is
  shuffled even if the card has left the graveyard since (the ability then finds no card, 400.7).
- "Return to your hand all [creature] cards in your graveyard that were put there from the battlefield
  this turn" (Twilight Shepherd): the cards still in the graveyard since they were put there from the
  battlefield this turn (400.7; rules/turn_history.py reads the turn's zone changes).
- 608.2h: "Exile target card from a graveyard. If it was a creature card, put a +1/+1 counter on CARDNAME
  and you gain 1 life" (Scavenging Ooze): the card as it last existed in the graveyard decides, and
  nothing more happens if it wasn't exiled (an illegal target, 608.2b); "... If it was a creature card, you gain 3
  life. Otherwise, you draw a card." (Cling to Dust): the other effects when the exiled card wasn't one.
- "Return a Zombie card at random from your graveyard to your hand" (Ghoulraiser): chosen with the game's seeded RNG
  among the cards of that quality there as it resolves.
- 608.2h: "for each creature card in your graveyard" (Gnaw to the Bone, Grim Flowering): the cards of that
  kind in the controller's graveyard as the effect happens.
- 608.2d, 101.4: "Each player chooses a creature type. Each player returns all creature cards of a type
  chosen this way from their graveyard to the battlefield" (Patriarch's Bidding: the choices in turn order,
  then every player's cards of any type chosen, 702.73a changelings included, under their owners' control);
  "Choose a creature type. Return all creature cards of the chosen type from your graveyard to the
  battlefield" (Bloodline Bidding).
- 602.2b, 118.3: "{1}, Exile CARDNAME: ..." (Relic of Progenitus, Feldon's Cane): the permanent is exiled
  as the cost is paid; it can't be paid once the permanent has left the battlefield.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND, LIBRARY, Obj
from ..model.vocab.graveyard_effects import (  # noqa: F401 (the vocabulary this module executes)
    ChooseCreatureType,
    ExileIfItWas,
    ExileSelfCost,
    GraveyardCardCount,
    ReturnAtRandom,
    ReturnChosenTypes,
    ReturnPutThereThisTurn,
    ShuffleCardsIntoLibrary,
    ShuffleDeadIntoLibrary,
    ShuffleGraveyardIntoLibrary,
)
from . import effect_context, entry_choices, graveyard_keywords, targeting, turn_history

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


CHOOSE_CREATURE_TYPE = "choose_creature_type"  # a DecisionKind


def _shuffle_graveyard(g: Game, ctx: Context, e: ShuffleGraveyardIntoLibrary) -> list | None:
    s = g.s
    players = effect_context.resolve_who(g, ctx, e.who)  # "target player shuffles their graveyard ..."
    shuffled = set(players)
    if e.with_self and ctx.source is not None:
        o = s.objects.get(ctx.source)
        if o is not None and o.zone == BATTLEFIELD:
            shuffled.add(o.owner)
            g.move(o.id, LIBRARY, rule="701.20a")
    for p in players:
        for c in list(s.players[p].graveyard):
            g.move(c, LIBRARY, rule="701.20a")
    for q in sorted(shuffled):
        effect_context.shuffle_library(g, q)
    return None


def _shuffle_cards(g: Game, ctx: Context, e: ShuffleCardsIntoLibrary) -> list | None:
    """701.20a: the target cards still in a graveyard (608.2b: the others are left alone) go to their owner's
    library; each library that got cards, and the player's (a legal target), is shuffled."""
    s = g.s
    shuffled = set(effect_context.resolve_who(g, ctx, e.player))
    for ref in e.cards:
        oid = ctx.targets[ref.index] if ref.index < len(ctx.targets) else None
        if oid is None or not ctx.legal[ref.index]:
            continue
        o = s.objects.get(oid)
        if o is None or o.zone != GRAVEYARD:
            continue
        shuffled.add(o.owner)
        g.move(oid, LIBRARY, rule="701.20a")
    for q in sorted(shuffled):
        effect_context.shuffle_library(g, q)
    return None


def _shuffle_dead(g: Game, ctx: Context, e: ShuffleDeadIntoLibrary) -> list | None:
    s = g.s
    lki = s.lki.get(ctx.source) if ctx.source is not None else None
    owner = lki[0].owner if lki is not None else ctx.controller
    card = graveyard_keywords.graveyard_successor(g, ctx.source)
    if card is not None:
        g.move(card, LIBRARY, rule="701.20a")
    effect_context.shuffle_library(g, owner)
    return None


def _return_put_there(g: Game, ctx: Context, e: ReturnPutThereThisTurn) -> list | None:
    s = g.s
    p = ctx.controller
    died = turn_history.put_into_graveyards_from_battlefield_this_turn(g)
    for c in [c for c in s.players[p].graveyard if c in died]:
        if targeting.matches_filter(g, e.filter, s.objects[c], p, ctx.source):
            g.move(c, HAND, rule="608.2c")
    return None


def _exile_if_it_was(g: Game, ctx: Context, e: ExileIfItWas) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    if oid is None:
        return None
    was = targeting.matches_filter(g, e.filter, g.s.objects[oid], ctx.controller, ctx.source)
    new = g.move(oid, EXILE, rule="406.2")
    if g.s.objects[new].zone != EXILE:
        return None
    then = e.effects if was else e.otherwise
    return [("resume_effects", ctx, then, 0, None)] if then else None


def _choose_creature_type(g: Game, ctx: Context, e: ChooseCreatureType) -> list | None:
    """608.2d: each player who chooses does so in turn order (101.4), the controller alone for "choose"."""
    s = g.s
    players = [s.active, 1 - s.active] if e.each_player else [ctx.controller]
    return [effect_context.queue_choice(CHOOSE_CREATURE_TYPE, p, tuple(entry_choices.creature_type_options(g, p)),
                                        f"{ctx.name}: choose a creature type (205.3m)", ctx.name)
            for p in players]


def _creature_type_actions(g: Game, d: Any) -> list:
    return [A.Choose(t) for t in d.data]


def _answer_creature_type(g: Game, d: Any, value: object) -> None:
    """The type chosen goes to the rest of the resolution (the next resume_effects item of the queue:
    the choices of all the players come before it)."""
    if not isinstance(value, str) or value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer a creature type (205.3m), not {value!r}")
    s = g.s
    source = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    g.log_event("choose_type", "608.2d", player=s.players[d.player].name, type=value, source=source)
    for i, it in enumerate(s.queue):
        if it[0] == "resume_effects":
            ctx = it[1]
            s.queue[i] = ("resume_effects", dataclasses.replace(ctx, creature_types=(*ctx.creature_types, value)),
                          *it[2:])
            break


def _return_chosen_types(g: Game, ctx: Context, e: ReturnChosenTypes) -> list | None:
    """Each player's cards of a type chosen this way (a changeling card is each of them, 702.73a, in every
    zone) come back together, under their owners' control (110.2a: each player puts their own cards)."""
    s = g.s
    chosen = set(ctx.creature_types)
    players = [s.active, 1 - s.active] if e.each_player else [ctx.controller]
    cards = [c for p in players for c in s.players[p].graveyard
             if targeting.matches_filter(g, e.filter, s.objects[c], ctx.controller, ctx.source)
             and chosen & g.chars(s.objects[c]).subtypes]
    for c in cards:
        o = s.objects.get(c)
        if o is not None and o.zone == GRAVEYARD:
            g.move(c, BATTLEFIELD, rule="608.2c", controller=o.owner)
    return None


def _graveyard_card_count(g: Game, ctx: Context, a: GraveyardCardCount) -> int:
    s = g.s
    players = range(len(s.players)) if a.all_graveyards else (ctx.controller,)
    name = _source_name(g, ctx) if a.named_as_source else None
    n = sum(1 for p in players for oid in s.players[p].graveyard
            if (name is None or s.objects[oid].card.name == name)
            and targeting.matches_filter(g, a.filter, s.objects[oid], ctx.controller))
    return n * a.multiplier + a.plus


def _source_name(g: Game, ctx: Context) -> str:
    """The name of the spell or ability's source (201.2), as it last existed once it has left."""
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is not None:
        return o.card.name
    return ctx.source_lki[0].card.name if ctx.source_lki else ctx.name


def _exile_self_block_reason(g: Game, cost: ExileSelfCost, o: Obj) -> str | None:
    if o.zone != BATTLEFIELD:
        return f"{o.card.name}: it must be on the battlefield to be exiled for this cost (602.2b)"
    return None


def _exile_self_choose(g: Game, cost: ExileSelfCost, p: int, o: Obj, action: object) -> list[int]:
    return []  # nothing to choose: the permanent itself


def _exile_self_pay(g: Game, cost: ExileSelfCost, p: int, o: Obj, paid: list[int]) -> None:
    if o.id in g.s.objects and o.zone == BATTLEFIELD:
        g.move(o.id, EXILE, rule="602.2b")


def _return_at_random(g: Game, ctx: Context, e: ReturnAtRandom) -> list | None:
    s = g.s
    p = ctx.controller
    cands = [c for c in s.players[p].graveyard if targeting.matches_filter(g, e.filter, s.objects[c], p, ctx.source)]
    n = effect_context.amount(g, ctx, e.amount)
    if not cands or n <= 0:
        return None
    # one draw of the seeded RNG for one card (as before), a sample of distinct cards for more
    chosen = [s.rng.choice(cands)] if n == 1 else (list(cands) if n >= len(cands) else s.rng.sample(cands, n))
    for card in chosen:
        g.log_event("at_random", "608.2c", player=s.players[p].name, card=g.name_of(card), source=ctx.name)
    for card in chosen:
        if e.to == BATTLEFIELD:
            g.move(card, BATTLEFIELD, rule="608.2c", controller=s.objects[card].owner)
        else:
            g.move(card, HAND, rule="608.2c")
    return None


registry.register_effect(ReturnAtRandom, _return_at_random)
registry.register_effect(ShuffleGraveyardIntoLibrary, _shuffle_graveyard)
registry.register_effect(ShuffleDeadIntoLibrary, _shuffle_dead)
registry.register_effect(ShuffleCardsIntoLibrary, _shuffle_cards)
registry.register_effect(ReturnPutThereThisTurn, _return_put_there)
registry.register_effect(ExileIfItWas, _exile_if_it_was)
registry.register_effect(ChooseCreatureType, _choose_creature_type)
registry.register_effect(ReturnChosenTypes, _return_chosen_types)
registry.CHOICES[CHOOSE_CREATURE_TYPE] = (_creature_type_actions, _answer_creature_type)
registry.AMOUNT_RESOLVERS[GraveyardCardCount] = _graveyard_card_count
registry.EXTRA_COSTS[ExileSelfCost] = registry.ExtraCost(_exile_self_block_reason, _exile_self_choose, _exile_self_pay)

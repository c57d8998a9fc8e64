"""Imprint and other abilities linked to "the exiled card" (607.2a, 106.5, 106.7); the templates are
in cards/templates/effects_imprint.py.

- 607.2a: an ability that exiles cards ("Imprint — When CARDNAME enters, you may exile a nonartifact,
  nonland card from your hand", or "exile target card from a graveyard") and an ability of the same
  object that refers to "the exiled card" are linked: the second refers only to the cards in exile
  that the first exiled, recorded for that object (a ContinuousEffect "linked_exile", as
  rules/zone_change_effects.py records them). 400.7: a permanent that leaves the battlefield and
  comes back is a new object with no exiled card; a card that leaves exile is no longer "the exiled
  card".
- The card exiled from a hand is chosen as the ability resolves (608.2c): one matching the phrase, or
  none when there is none ("you may": only "no" then).
- 106.1a / 106.7: "{T}: Add one mana of any of the exiled card's colors" (Chrome Mox): one mana of a
  color the exiled card has now; no exiled card or a colorless one: the ability adds no mana (106.5)
  and the permanent could produce none.
- "{T}: Add {C}. If a card is exiled with CARDNAME, add {C}{C} instead." and "{T}: Return the exiled
  card to its owner's hand." (Ugin's Labyrinth).
- 603.10a / 607.2a: "Whenever a nontoken creature dies, you may exile that card. If you do, return each other
  card exiled with CARDNAME to its owner's graveyard" and "Create a token that's a copy of a card exiled with
  CARDNAME" (Mimic Vat; 707.2: the copiable values of the card in exile).
- 406.3: "Whenever CARDNAME attacks, exile the top card of your library face down." and "{R}, Discard your hand,
  Sacrifice CARDNAME: Put all cards exiled with CARDNAME into their owners' hands." (Bomat Courier): the ability
  sacrificing its source still finds the cards linked to the permanent it was (the ability's source id).
- 406.3 / 603.7a: "Exile the top card of your library face down and look at it. Create a 2/2 colorless Spirit
  creature token. When that token leaves the battlefield, put the exiled card into your hand." (Ugin, the
  Ineffable; ExileTopThen): a delayed triggered ability about that token (LEFT_BATTLEFIELD_HOOKS: it triggers
  once, as the token leaves, whatever zone it goes to) puts that card into its owner's hand if it is still in exile.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import game as game_module
from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.costs import single
from ..model.events import EffectCreated, EffectsEnded
from ..model.mana import COLORS
from ..model.state import EXILE, GRAVEYARD, HAND, ContinuousEffect
from ..model.vocab.imprint import (  # noqa: F401 (the vocabulary this module executes)
    EXILED_COLORS,
    IF_EXILED,
    ExileDeadLinked,
    ExiledToHandWhenTokenLeaves,
    ExiledWithSource,
    ExileFromHand,
    ExileTopLinked,
    ExileTopThen,
    PutCardIntoHand,
    ReturnExiledToHand,
)
from . import add_hook, choice_effects, continuous, effect_context, targeting, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj
    from .effect_context import Context

LINKED_EXILE = "linked_exile"  # ContinuousEffect kind: `target` the object whose ability exiled `data`


def linked_cards(g: Game, source: int) -> list[int]:
    """607.2a: the cards in exile that the abilities of `source` (this object) exiled."""
    s = g.s
    out = []
    for e in s.effects:
        if e.kind == LINKED_EXILE and e.target == source:
            o = s.objects.get(e.data)
            if o is not None and o.zone == EXILE:
                out.append(e.data)
    return out


def link(g: Game, source: int, card: int, controller: int) -> None:
    """Remember that `source`'s ability exiled `card` (607.2a)."""
    s = g.s
    # the door invalidates the characteristics and what was derived from them: what the source could
    # produce changed (106.7)
    g.perform(EffectCreated("607.2a", ContinuousEffect(LINKED_EXILE, source, timestamp=s.next_timestamp,
                                                       until="permanent", controller=controller, data=card)))
    s.next_timestamp += 1


def _hand_cards(g: Game, p: int, flt: V.ObjectFilter) -> tuple[int, ...]:
    s = g.s
    return tuple(c for c in s.players[p].hand if targeting.matches_filter(g, flt, s.objects[c], p))


def _exile_from_hand(g: Game, ctx: Context, e: ExileFromHand) -> list | None:
    cands = _hand_cards(g, ctx.controller, e.filter)
    if not cands:
        return None
    return [effect_context.queue_choice("exile_from_hand", ctx.controller, cands,
                      f"{ctx.name}: choose a card to exile from your hand ({', '.join(g.name_of(c) for c in cands)})",
                      ctx.source)]


def _answer_exile_from_hand(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    source = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    new = g.move(value, EXILE, rule="701.11a")
    if source is not None:
        link(g, source, new, d.player)


def _cannot_exile(g: Game, p: int, effects: tuple) -> bool:
    """"You may exile a ... card from your hand" with no such card: only "no" (608.2d)."""
    return bool(effects) and isinstance(effects[0], ExileFromHand) and not _hand_cards(g, p, effects[0].filter)


def _return_exiled_to_hand(g: Game, ctx: Context, e: ReturnExiledToHand) -> list | None:
    if ctx.source is None:
        return None
    for c in linked_cards(g, ctx.source):
        g.move(c, HAND, rule="607.2a")
    g.invalidate()
    return None


def _linked_volatile(g: Game) -> None:
    """A value read from the exile zone: it can change without an invalidation (a linked card leaving
    exile), so nothing built on it is kept (Game.derived)."""
    cache = g._cache
    cache[continuous.VOLATILE_READS] = cache.get(continuous.VOLATILE_READS, 0) + 1


def _exiled_colors(g: Game, o: Obj, ab: V.ManaAbility, any_cost: bool) -> tuple:
    """106.7 / 106.5: one mana of a color of a card exiled with `o`; none without one."""
    cards = linked_cards(g, o.id)
    if not cards:
        return ()
    _linked_volatile(g)
    colors: set[str] = set()
    for c in cards:
        colors |= g.chars(g.s.objects[c]).colors
    return tuple(single(c) for c in COLORS if c in colors)


def _if_exiled(g: Game, o: Obj, ab: V.ManaAbility, any_cost: bool) -> tuple:
    prod = ab.production
    if not any(e.kind == LINKED_EXILE and e.target == o.id for e in g.s.effects):
        return (prod.bags[0],)
    _linked_volatile(g)
    return (prod.bags[1] if linked_cards(g, o.id) else prod.bags[0],)


def _exile_top_linked(g: Game, ctx: Context, e: ExileTopLinked) -> list | None:
    """406.3: the engine keeps no hidden information from its players, so a card exiled face down is logged as
    such and otherwise an exiled card (like ExileLibrary's)."""
    s = g.s
    for p in effect_context.resolve_who(g, ctx, e.who):
        lib = s.players[p].library
        if not lib:
            continue
        new = g.move(lib[0], EXILE, rule="406.3" if e.face_down else "701.11a")
        g.log_event("exile_top", "406.3" if e.face_down else "701.11a", player=s.players[p].name,
                    face_down=e.face_down, source=ctx.name)
        if e.face_down:
            effect_context.mark_exiled_face_down(g, (new,), "406.3", ctx.name)
        if ctx.source is not None:
            link(g, ctx.source, new, ctx.controller)
    return None


def _exile_dead_linked(g: Game, ctx: Context, e: ExileDeadLinked) -> list | None:
    s = g.s
    if ctx.source is None:
        return None
    new_id = s.successor.get(ctx.event_obj) if ctx.event_obj is not None else None
    card = s.objects.get(new_id) if new_id is not None else None
    if card is None or card.zone != GRAVEYARD:
        return None  # 400.7: the card left the graveyard: it can't be exiled, and "if you do" is false
    others = linked_cards(g, ctx.source)
    exiled = g.move(card.id, EXILE, rule="607.2a")
    link(g, ctx.source, exiled, ctx.controller)
    if e.return_others:
        for c in others:
            g.move(c, GRAVEYARD, rule="607.2a")
    return None


def exiled_with_source(g: Game, ctx: Context) -> int | None:
    """"A card exiled with CARDNAME": the one linked card, or the one its controller chooses among several."""
    cards = linked_cards(g, ctx.source) if ctx.source is not None else []
    if len(cards) <= 1:
        return cards[0] if cards else None
    return g.choose(ctx.controller, "exiled_card", cards, f"{ctx.name}: choose a card exiled with it (607.2a)")


registry.register_effect(ExileDeadLinked, _exile_dead_linked)


def _exile_top_then(g: Game, ctx: Context, e: ExileTopThen) -> list | None:
    s = g.s
    lib = s.players[ctx.controller].library
    exiled: tuple[int, ...] = ()
    if lib:
        exiled = (g.move(lib[0], EXILE, rule="406.3"),)
        g.log_event("exile_top", "406.3", player=s.players[ctx.controller].name, face_down=True, source=ctx.name)
    return [("resume_effects", dataclasses.replace(ctx, looked=exiled), e.effects, 0, None)]


_TOKEN_LEAVES = "token_leaves"  # the delayed trigger's event: its object leaves the battlefield


def _exiled_to_hand_when_token_leaves(g: Game, ctx: Context, e: ExiledToHandWhenTokenLeaves) -> list | None:
    if not ctx.created or not ctx.looked:
        return None  # no token, or no card was exiled (an empty library): nothing to return
    ab = V.TriggeredAbility("When that token leaves the battlefield, put the exiled card into your hand.", "delayed",
                            (PutCardIntoHand(ctx.looked[0]),))
    effect_context.create_delayed_trigger(g, _TOKEN_LEAVES, ab, ctx.name, ctx.created[0], ctx.controller)
    return None


def _token_left(g: Game, oid: int, to: str) -> None:
    """603.7a / 603.7c: the delayed abilities about `oid` trigger once as it leaves the battlefield."""
    s = g.s
    fired = [e for e in s.effects if e.kind == "delayed_trigger" and e.data[0] == _TOKEN_LEAVES and e.data[3] == oid]
    for e in fired:
        _, ab, name, _obj = e.data
        trigger_queue.queue(g, e.controller, -1, ab, None, name)
    if fired:
        g.perform(EffectsEnded("603.7c", tuple(fired)))


def _put_card_into_hand(g: Game, ctx: Context, e: PutCardIntoHand) -> list | None:
    o = g.s.objects.get(e.card)
    if o is not None and o.zone == EXILE:
        g.move(o.id, HAND, rule="603.7a")
    return None


registry.register_effect(ExileTopThen, _exile_top_then)
registry.register_effect(ExiledToHandWhenTokenLeaves, _exiled_to_hand_when_token_leaves)
registry.register_effect(PutCardIntoHand, _put_card_into_hand)
add_hook(game_module.LEFT_BATTLEFIELD_HOOKS, _token_left)
registry.register_effect(ExileTopLinked, _exile_top_linked)
registry.register_effect(ExileFromHand, _exile_from_hand)
registry.register_effect(ReturnExiledToHand, _return_exiled_to_hand)
registry.CHOICES["exile_from_hand"] = (choice_effects.object_actions, _answer_exile_from_hand)
registry.MAY_IMPOSSIBLE.append(_cannot_exile)
registry.PRODUCTION_KINDS[EXILED_COLORS] = _exiled_colors
registry.PRODUCTION_KINDS[IF_EXILED] = _if_exiled
registry.CHOICE_KINDS.add(EXILED_COLORS)

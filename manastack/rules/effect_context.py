"""CR 608.2: what a resolving spell or ability's words refer to. Its `Context`: its controller and
source (with the source's last known information, 608.2h), its targets and which are still legal
(608.2b), X (107.3), its modes (700.2), and what earlier parts of its effect did ("if you do",
608.2c; the cards looked at; the coin flip). `target_object` and `resolve_who` turn its Who words
("target creature", "you", "each opponent") into objects and players, `amount` its Amount words into
numbers. The effects themselves are rules/effects.py and the other areas' handlers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.events import EffectCreated
from ..model.mana import is_color
from ..model.state import BATTLEFIELD, ContinuousEffect
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


def create_delayed_trigger(g: Game, on: str, ability: V.TriggeredAbility, source: str, obj: int | None,
                           controller: int) -> None:
    """603.7a: a delayed triggered ability (`ability`, named after `source`, about object `obj`) that triggers
    the next time `on` happens ("next_end", "your_next_upkeep", ...; 603.7c: once)."""
    s = g.s
    delayed = ContinuousEffect("delayed_trigger", None, timestamp=s.next_timestamp, until="delayed",
                               controller=controller, data=(on, ability, source, obj))
    s.next_timestamp += 1
    g.perform(EffectCreated("603.7a", delayed, "delayed_trigger", {"source": source, "on": on}))


EXILED_FACE_DOWN = "exiled_face_down"  # ContinuousEffect.kind; data: the ids of the cards exiled face down


def mark_exiled_face_down(g: Game, cards: tuple[int, ...], rule: str, source: str) -> None:
    """406.3: cards exiled face down (Bomat Courier, "exile all cards from your library face down") are
    remembered as such while they stay in exile, so "a face-up card in exile" leaves them out."""
    if not cards:
        return
    s = g.s
    mark = ContinuousEffect(EXILED_FACE_DOWN, None, timestamp=s.next_timestamp, until="permanent",
                            data=frozenset(cards))
    s.next_timestamp += 1
    g.perform(EffectCreated(rule, mark, EXILED_FACE_DOWN, {"source": source, "count": len(cards)}))


def face_down_in_exile(g: Game, oid: int) -> bool:
    """406.3: whether the card in exile `oid` is face down (exiled face down, or foretold, 702.143a)."""
    return any((e.kind == EXILED_FACE_DOWN and oid in e.data) or (e.kind == "foretold" and e.target == oid)
               for e in g.s.effects)


def shuffle_library(g: Game, p: int) -> None:
    """701.20a: player `p` shuffles their library (the game's seeded RNG), logged."""
    g.s.rng.shuffle(g.s.players[p].library)
    g.log_event("shuffle", "701.20a", player=g.s.players[p].name)


def queue_choice(kind: str, p: int, data: Any, prompt: str, payload: Any = None) -> tuple:
    """A choice an effect asks for as it resolves (608.2d), queued for the engine to ask: registry.CHOICES[kind]
    lists its answers and takes the one given (`data`: the options, `payload`: what the answer acts on)."""
    return ("choice", kind, p, data, prompt, payload)


def color_actions(g: Game, d: Any) -> list:
    """The answers to a color choice an effect queued: each of its colors."""
    return [A.Choose(c) for c in d.data]


def take_color_answer(g: Game, d: Any, value: object) -> tuple[str, Any]:
    """The answer to a color choice an effect queued (608.2c): one of the decision's colors (105.1), else
    refused. The choice leaves the queue and is logged (its payload's last item names the source); returns the
    color's letter and the payload."""
    if not is_color(value) or value not in d.data:
        raise IllegalActionError(f"{d.prompt}: answer one color, W, U, B, R or G (105.1), not {value!r}")
    s = g.s
    payload = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    g.log_event("choose_color", "608.2c", player=s.players[d.player].name, color=value, source=payload[-1])
    return str(value), payload


@dataclass
class Context:
    controller: int
    source: int | None
    targets: tuple[int, ...]
    legal: tuple[bool, ...]
    x: int
    name: str
    source_lki: Any = None  # (Obj copy, Chars) as the source last existed
    event_obj: int | None = None  # the object the trigger event refers to ("put a +1/+1 counter on it")
    modes: tuple[int, ...] = ()  # chosen modes (700.2), in the order chosen
    did: bool | None = None  # the answer to the last "you may" ("if you do", 608.2c)
    looked: tuple[int, ...] = ()  # the cards "looked at" ("put one of them into your hand")
    flip: bool | None = None  # the last coin flip was won (705)
    hand_of: int | None = None  # the player whose hand was revealed ("you choose a card from it")
    chosen: int | None = None  # the card chosen from it ("that player discards that card")
    kicked: bool = False  # 702.33d: the spell was kicked ("if this spell was kicked")
    # 601.2h / 602.2b: the ids the permanents sacrificed to pay its costs had on the battlefield; their
    # last known information is in GameState.lki ("the sacrificed creature's power", 608.2h).
    sacrificed: tuple[int, ...] = ()
    # The ids the permanents sacrificed by an earlier part of the effect had on the battlefield ("target
    # player sacrifices a creature. you gain life equal to that creature's toughness", 608.2h).
    sacrificed_now: tuple[int, ...] = ()
    # The life paid by an earlier "pay any amount of life" of the effect ("look at that many cards", 119.4).
    life_paid: int = 0
    # The tokens the last token-creating part of the effect created ("sacrifice those tokens at ...", 111.1).
    created: tuple[int, ...] = ()
    # The permanent the last "put ... from among them onto the battlefield" put there ("It gains indestructible
    # until end of turn", Winota, Joiner of Forces: 608.2c, the card chosen, now a new object, 400.7).
    entered: tuple[int, ...] = ()
    # The choices announced as the spell was cast (601.2b-d: the division of its damage, rules/divided.py).
    choices: tuple = ()
    # The creature types chosen by an earlier part of the effect ("each player chooses a creature type.
    # ... of a type chosen this way", 608.2d).
    creature_types: tuple[str, ...] = ()


def amount(g: Game, ctx: Context, a: V.Amount) -> int:
    if isinstance(a, int):
        return a
    if a == "X":
        return ctx.x
    if isinstance(a, V.Count):
        if a.counters_on_self and a.grantor is not None:
            # the permanent that grants the ability, or as it last existed (608.2h)
            got = g.s.objects.get(a.grantor)
            if got is None or got.zone != BATTLEFIELD:
                lki = g.s.lki.get(a.grantor)
                got = lki[0] if lki else None
            return (got.counters.get(a.counters_on_self, 0) if got else 0) * a.multiplier
        if a.counters_on_self:
            # 608.2h: counted as the effect happens: on the source now, or as it last existed once it has left
            # (Magmasaur sacrificed before it deals damage equal to the counters on it)
            o = g.s.objects.get(ctx.source) if ctx.source is not None else None
            if o is None or o.zone != BATTLEFIELD:
                last = g.s.lki.get(ctx.source) if ctx.source is not None else None
                o = last[0] if last else (ctx.source_lki[0] if ctx.source_lki else None)
            return (o.counters.get(a.counters_on_self, 0) if o else 0) * a.multiplier
        if a.filter is not None:
            # "for each other creature you control": not the source itself (109.1, 608.2h)
            return sum(1 for o in g.permanents()
                       if _targeting_module.matches_filter(g, a.filter, o, ctx.controller, ctx.source)) * a.multiplier
    resolver = registry.AMOUNT_RESOLVERS.get(type(a))
    if resolver is not None:
        return resolver(g, ctx, a)  # "equal to that creature's toughness" (rules/referred_objects.py)
    return 0


def resolve_who(g: Game, ctx: Context, who: V.Who) -> list[int]:
    """Players an effect refers to, as player indexes; [] when the target became illegal."""
    if isinstance(who, V.Ref):
        if not ctx.legal[who.index]:
            return []
        t = ctx.targets[who.index]
        return [-1 - t] if t < 0 else []
    if who == V.YOU:
        return [ctx.controller]
    if who == V.EACH_OPPONENT:
        return [1 - ctx.controller]
    if who == V.EACH_PLAYER:
        s = g.s
        return [s.active, 1 - s.active]
    if who == V.DEFENDING:
        return [1 - ctx.controller]
    if who == V.EVENT_PLAYER:
        # The event names a player, or an object ("whenever a creature an opponent controls dies, that player
        # ..."): that player is its controller, as it last existed if it has left (608.2h, 603.10a).
        p = _targeting_module.event_player(g, ctx.event_obj)
        return [] if p is None else [p]
    resolver = registry.WHO_RESOLVERS.get(type(who))
    if resolver is not None:
        return resolver(g, ctx, who)  # "its controller" (rules/referred_objects.py)
    return []


def target_object(g: Game, ctx: Context, who: V.Who) -> int | None:
    if isinstance(who, V.Ref):
        if not ctx.legal[who.index]:
            return None
        t = ctx.targets[who.index]
        # A player chosen for "any target" is no object; an object that has left its zone since the
        # resolution began is a new object (400.7) the effect no longer finds.
        return t if t >= 0 and t in g.s.objects else None
    if who == V.ENTERED:
        o = g.s.objects.get(ctx.entered[0]) if ctx.entered else None
        return o.id if o is not None and o.zone == BATTLEFIELD else None
    if who == V.IT and ctx.created:
        # "Create a 0/0 Fractal creature token. Put three +1/+1 counters on it": the token just created (111.1)
        o = g.s.objects.get(ctx.created[0])
        return ctx.created[0] if o is not None and o.zone == BATTLEFIELD else None
    if who == V.IT and ctx.event_obj is not None and ctx.event_obj >= 0:
        o = g.s.objects.get(ctx.event_obj)
        return ctx.event_obj if o is not None and o.zone == BATTLEFIELD else None
    if who in (V.SELF, V.IT):
        if ctx.source is not None and ctx.source in g.s.objects and g.s.objects[ctx.source].zone == BATTLEFIELD:
            return ctx.source
        return None
    if who == V.ATTACHED:
        src = g.s.objects.get(ctx.source) if ctx.source is not None else None
        host = src.attached_to if src is not None and src.zone == BATTLEFIELD else (
            ctx.source_lki[0].attached_to if ctx.source_lki else None)
        o = g.s.objects.get(host) if host is not None else None
        return host if o is not None and o.zone == BATTLEFIELD else None
    return None

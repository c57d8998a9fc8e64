"""CR 712 transforming double-faced cards and 701.28 transform (layout "transform": the CardDef is the
front face, `faces[0]` the back face; cards/data/card-faces.json holds the back faces of the 2019 data).

- 712.8a / 712.8c / 712.11: anywhere but the battlefield a transforming double-faced card has only its
  front face's characteristics, and it is cast with its front face up: its back face is never cast
  (rules/stack.py casts the object's card, which is its front face off the battlefield).
- 712.8d / 712.8e: a permanent has only the characteristics of the face that's up: with its back face up
  `Obj.card` is the back face and `Obj.own_card` the whole card; its mana value is then its front face's
  (rules/targeting.py mana_value; a copy of a back face has mana value 0).
- 701.28a / 712.18: to transform a permanent is to turn it over to its other face (the Transformed event,
  performed here): it is the same object, so its counters, damage, attachments, tapped status and the
  effects that apply to it stay. 613.7g: it gets a new timestamp.
- 101.2: a permanent with the rule "can't transform" (Bound by Moonsilver's enchanted creature) doesn't.
- 701.28c / 712.9 / 712.15a: a permanent that isn't a transforming double-faced card, or is face down,
  doesn't transform; 701.28d / 712.10: nor one whose other face is an instant or sorcery.
- 701.28f: an activated or triggered ability of a permanent that tries to transform it does so only if the
  permanent hasn't transformed since the ability was put on the stack (GameState.transforms: the timestamp
  it got as it last transformed, against the one of its last known information taken as the ability was
  put on the stack).
- 712.14a: "exile CARDNAME, then return it to the battlefield transformed under its owner's control": it
  enters with its back face up (registry.ENTERS_AS, the entry choice "transformed"; 306.5b: a planeswalker
  back face enters with its loyalty); a card that isn't a transforming double-faced card stays in exile.
- 400.7 / 712.8a: leaving the battlefield it becomes a new object, its front face up (engine/door.py: the
  object is its own card again).
- 603.4: the werewolves' intervening "if" clauses "if no spells were cast last turn" and "if a player cast
  two or more spells last turn" (SpellsLastTurn): the spells cast (the 601.2i "cast" lines of the log)
  during the previous turn (500.1; before the game's first turn, none).
- 701.28e: "When(ever) CARDNAME transforms into CARDNAME" triggers as the permanent transforms into the face
  that has it (registry.EVENT_TRIGGERS[Transformed]).
- 608.2c: "Then if it has no ice counters on it, transform it" (NoCountersOnSelf); "return all non-Horror
  creatures to their owners' hands" (ReturnAllToHand: the permanents that have the quality as it resolves, each to its owner's
  hand, 400.7/108.3; the mass bounce Awoken Horror needs).
- 701.16a: "look at the top card of your library. You may reveal that card. If an instant or sorcery card
  is revealed this way, ..." (RevealTopIf, inside a "you may": the card revealed decides the rest); 701.13a
  "mill a card. If an instant or sorcery card was milled this way, ..." (MillOneIf).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model import vocab as V
from ..model.events import Event, Transformed
from ..model.state import BATTLEFIELD, EXILE, GRAVEYARD, HAND
from ..model.vocab.transform import (
    TRANSFORM,
    ExileReturnTransformed,
    MillOneIf,
    NoCountersOnSelf,
    ReturnAllToHand,
    RevealTopIf,
    SpellsLastTurn,
    Transform,
)
from . import add_hook, effect_context, targeting, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj
    from ..model.vocab import CardDef

CANT_TRANSFORM = "cant_transform"  # a static's rule (Chars.rules): the permanent doesn't transform
TRANSFORMED_INTO = "transformed_into"  # the trigger event of "when CARDNAME transforms into CARDNAME" (701.28e)
TRANSFORMED = "transformed"  # the entry choice of a permanent put onto the battlefield transformed (712.14a)


def whole_card(card: CardDef | None) -> CardDef | None:
    """The transforming double-faced card (its front face, holding the back face), or None."""
    return card if card is not None and card.layout == TRANSFORM and len(card.faces) == 1 else None


def is_transformed(o: Obj) -> bool:
    """701.28g: a permanent with its back face up that is a transforming double-faced card."""
    whole = whole_card(o.own_card)
    return o.zone == BATTLEFIELD and whole is not None and o.card is whole.faces[0]


def other_face(o: Obj) -> CardDef | None:
    """The face the permanent `o` would transform into, or None when it can't transform (701.28c-d,
    712.9-712.10, 712.15a)."""
    if o.zone != BATTLEFIELD or o.face_down is not None:
        return None
    whole = whole_card(o.own_card) or whole_card(o.card)
    if whole is None:
        return None
    if o.card is whole:
        to = whole.faces[0]
    elif o.card is whole.faces[0]:
        to = whole
    else:
        return None  # a copy of something else (707.5): not the face of a double-faced card
    return None if {"Instant", "Sorcery"} & to.types else to


def transform(g: Game, oid: int, rule: str = "701.28a") -> bool:
    """701.28a: transform the permanent `oid` (through the event door). False: it can't (nothing happens)."""
    o = g.s.objects.get(oid)
    if o is None or other_face(o) is None:
        return False
    if CANT_TRANSFORM in g.chars(o).rules:
        return False  # "Enchanted creature can't attack, block, or transform" (Bound by Moonsilver; 101.2)
    g.perform(Transformed(rule, oid))
    return True


def _perform(g: Game, e: Event) -> None:
    """registry.EVENT_PERFORMERS[Transformed]: 701.28a, the other face up; 712.18 the same object;
    613.7g a new timestamp."""
    assert isinstance(e, Transformed)
    s = g.s
    o = s.objects[e.obj]
    to = other_face(o)
    assert to is not None
    before = o.card.name
    whole = whole_card(o.own_card) or whole_card(o.card)
    o.own_card = whole if to is not whole else None
    o.card = to
    o.timestamp = s.next_timestamp
    s.next_timestamp += 1
    s.transforms = tuple(t for t in s.transforms if t[0] != o.id and t[0] in s.objects) + ((o.id, o.timestamp),)
    s.trigger_watch = None  # rules/triggers.py caches permanents' triggers by id: its abilities changed
    g._log("transform", e.rule, e.SBA, {"card": before, "into": to.name, "id": o.id})


def _transformed_since(g: Game, ctx: effect_context.Context, oid: int) -> bool:
    """701.28f: the source transformed after its last known information was taken, as its ability was put
    on the stack."""
    if oid != ctx.source or not ctx.source_lki:
        return False
    then = ctx.source_lki[0].timestamp
    return any(k == oid and stamp > then for k, stamp in g.s.transforms)


def _transform(g: Game, ctx: effect_context.Context, e: Transform) -> list | None:
    oid = effect_context.target_object(g, ctx, e.who)
    if oid is None or _transformed_since(g, ctx, oid):
        return None
    transform(g, oid)
    return None


def _exile_return(g: Game, ctx: effect_context.Context, e: ExileReturnTransformed) -> list | None:
    """712.14a: exile the source, then return it transformed under its owner's control; a card that isn't
    a transforming double-faced card (or whose back face is an instant or sorcery) stays in exile."""
    s = g.s
    oid = effect_context.target_object(g, ctx, V.SELF)
    if oid is None:
        return None
    new = g.move(oid, EXILE, rule="406.2")
    o = s.objects.get(new)
    if o is None or o.zone != EXILE:
        return None  # a replacement effect put it elsewhere: the effect doesn't find it (400.7)
    whole = whole_card(o.card)
    if whole is None or {"Instant", "Sorcery"} & whole.faces[0].types:
        return None
    g.move(new, BATTLEFIELD, rule="712.14a", etb_choices={TRANSFORMED: True})
    return None


def _enters_transformed(g: Game, o: Obj, choices: dict) -> None:
    """registry.ENTERS_AS: 712.14a, a transforming double-faced card put onto the battlefield transformed
    enters with its back face up; 306.5b: a planeswalker with its loyalty."""
    if not choices.get(TRANSFORMED):
        return
    whole = whole_card(o.card)
    if whole is None:
        return
    back = whole.faces[0]
    o.own_card = whole
    o.card = back
    g.log_event("enters_transformed", "712.14a", card=back.name, id=o.id)
    if back.loyalty is not None and "Planeswalker" in back.types and "loyalty" not in o.counters:
        o.counters["loyalty"] = back.loyalty  # 306.5b


def _reveal_top_if(g: Game, ctx: effect_context.Context, e: RevealTopIf) -> list | None:
    """701.16a: reveal the top card of the library; if it has the quality, the rest of the sentence runs."""
    s = g.s
    lib = s.players[ctx.controller].library
    if not lib:
        return None
    top = s.objects[lib[0]]
    g.log_event("reveal", "701.16a", player=s.players[ctx.controller].name, card=top.card.name, source=ctx.name)
    if not targeting.matches_filter(g, e.filter, top, ctx.controller):
        return None
    return [("resume_effects", ctx, e.effects, 0, None)]


def _mill_one_if(g: Game, ctx: effect_context.Context, e: MillOneIf) -> list | None:
    """701.13a: mill a card; only a card put into the graveyard this way counts as milled."""
    lib = g.s.players[ctx.controller].library
    if not lib:
        return None
    new = g.move(lib[0], GRAVEYARD, rule="701.13a")
    o = g.s.objects.get(new)
    if o is None or o.zone != GRAVEYARD or not targeting.matches_filter(g, e.filter, o, ctx.controller):
        return None
    return [("resume_effects", ctx, e.effects, 0, None)]


def spells_cast_last_turn(g: Game) -> dict[str, int]:
    """How many spells each player (by name) cast during the previous turn: the 601.2i "cast" lines of the
    log, read back from the newest (the log is the game's history, rules/turn_history.py)."""
    s = g.s
    last = s.turn - 1
    out: dict[str, int] = {}
    for entry in reversed(s.log):
        turn = entry.get("turn")
        if turn == s.turn:
            continue
        if turn != last:
            break
        if entry.get("event") == "cast":
            who = str(entry.get("player"))
            out[who] = out.get(who, 0) + 1
    return out


def _spells_last_turn(g: Game, cond: SpellsLastTurn, source: int, lki: object, event_obj: int | None) -> bool:
    counts = spells_cast_last_turn(g)
    if cond.none:
        return not counts
    return any(n >= 2 for n in counts.values())


def _transformed_into(g: Game, e: Event) -> None:
    """registry.EVENT_TRIGGERS[Transformed]: 701.28e, "When(ever) CARDNAME transforms into CARDNAME": the
    face now up has the ability, and it is that face (its own name) the permanent transformed into."""
    assert isinstance(e, Transformed)
    o = g.s.objects.get(e.obj)
    if o is None or o.zone != BATTLEFIELD:
        return
    for ab in trigger_queue.own_triggered(g, o, (TRANSFORMED_INTO,)):
        trigger_queue.queue(g, o.controller, o.id, ab, None, o.card.name)


def _no_counters(g: Game, cond: NoCountersOnSelf, source: int, lki: object, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if o is None or o.zone != BATTLEFIELD:
        o = lki[0] if isinstance(lki, tuple) and lki else None  # 608.2h: as it last existed
    return o is None or not o.counters.get(cond.kind, 0)


def _return_all(g: Game, ctx: effect_context.Context, e: ReturnAllToHand) -> list | None:
    """400.7: the permanents with the quality as the effect happens, each to its owner's hand."""
    for oid in targeting.objects_matching(g, e.filter, ctx.controller, ctx.source):  # as DestroyAll (701.8)
        if oid in g.s.objects and g.s.objects[oid].zone == BATTLEFIELD:
            g.move(oid, HAND, rule="400.7")
    return None


def _install() -> None:
    registry.EVENT_PERFORMERS[Transformed] = _perform
    registry.register_effect(Transform, _transform)
    registry.register_effect(ExileReturnTransformed, _exile_return)
    registry.register_effect(RevealTopIf, _reveal_top_if)
    registry.register_effect(MillOneIf, _mill_one_if)
    registry.CONDITION_EVALUATORS[SpellsLastTurn] = _spells_last_turn
    add_hook(registry.ENTERS_AS, _enters_transformed)
    registry.register_effect(ReturnAllToHand, _return_all)
    registry.CONDITION_EVALUATORS[NoCountersOnSelf] = _no_counters
    add_hook(registry.EVENT_TRIGGERS.setdefault(Transformed, []), _transformed_into)


_install()

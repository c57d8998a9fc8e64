"""Face-down spells and permanents (708); the templates are in cards/templates/vehicles_facedown.py.

- 708.2 / 708.2a: a face-down object's characteristics are only those listed by the ability or rule
  that made it face down, and they are its copiable values (layer 1, 613.2): a 2/2 creature with no
  text, no name, no subtypes and no mana cost (morph 702.37a, megamorph 702.37b, manifest 701.34a,
  manifest dread 701.60a); with ward {2} for disguise (702.168a) and cloak (701.56a). The object's
  `card` *is* those values while it's face down (so every reader, layers included, sees them) and
  `Obj.face_down` keeps (the real card, how it was turned face down).
- 702.37c / 702.168b / 708.4: casting a card face down is announced as the spell is cast (601.2b; the
  cast's choice ("face_down", True), asked like kicker when not given) and the card is turned face down
  before it's put on the stack; {3} is paid instead of its mana cost (an alternative cost, 118.9);
  effects that care about the spell see the face-down spell.
- 708.3: objects put onto the battlefield face down are turned face down first: their ETB abilities and
  replacement effects don't apply. 708.9: a face-down permanent or spell that moves to any zone other
  than the battlefield is revealed (it is its real card there).
- 116.2b / 702.37e / 702.168d / 701.34b: turning a face-down permanent face up is a special action
  (action TurnFaceUp, any time its controller has priority; no stack): pay its morph or disguise cost,
  or, for a manifested or cloaked creature card, its mana cost. 708.8: it keeps the effects applied to
  it; ETB abilities don't trigger. 702.37b: megamorph puts a +1/+1 counter on it as it's turned face
  up (708.11). "When CARDNAME is turned face up" (event "turned_face_up") and "Whenever a permanent is
  turned face up" (event "turned_face_up_any") trigger (603.2). 701.34g: a manifested instant or
  sorcery can't be turned face up. 702.37a "Morph—[cost]" with a cost that isn't mana: reveal a card of
  a color, pay life, discard a card. "Turn CARDNAME face down" (708.2a, 708.2b), "Turn target face-down
  creature face up" (708.8, no cost), "Look at target face-down creature" (708.5).

Reconfigure (702.151a-b): attach to another target creature you control / unattach, both at sorcery
speed; attached, the Equipment isn't a creature (layer 4, `vehicle_equipment_types`); 301.5c.

Filters (rules/stack.py matches_filter calls `extra_match`): `AnyOfFilter` ("Enchant creature or
Vehicle", "target face-down creature") and `CrewedItFilter` ("target creature that crewed it this turn").
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..cards.compiler import compile_card
from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.costs import ManaCost, parse_cost, requirements
from ..model.events import AttachChange, TurnedFaceDown, TurnedFaceUp
from ..model.state import BATTLEFIELD, GRAVEYARD, HAND
from ..model.vocab import CardDef, StaticAbility, TriggeredAbility
from ..model.vocab.facedown import (  # noqa: F401 (the vocabulary this module executes)
    FaceDownCost,
    LookAtFaceDown,
    Manifest,
    ManifestDread,
    ReturnFaceDown,
    TurnFaceDown,
    TurnFaceUpEffect,
    WithMorphFilter,
)
from . import choice_effects, counter_replacement, effect_context, timing, total_cost, trigger_queue
from . import effects as _effects_module
from . import keyword_actions as _keyword_actions_module
from . import mana_payment as _mana_payment_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model import actions as A
    from ..model.state import Obj
    from .effect_context import Context


def _face_down_def(ward: bool) -> CardDef:
    base = compile_card({"name": "Face-down", "mana_cost": "", "type_line": "Creature",
                         "oracle_text": "Ward {2}" if ward else "", "power": "2", "toughness": "2"})
    assert not base.unsupported, base.unsupported
    # 708.2a: no name (the text above names it only to compile it), no subtypes, no mana cost, colorless.
    return dataclasses.replace(base, name="", colors=frozenset(), oracle_text="", type_line="Creature")


_DEFS: dict[bool, CardDef] = {}


def face_down_def(ward: bool = False) -> CardDef:
    """708.2a: a 2/2 creature with no text, no name, no subtypes and no mana cost; with ward {2} for
    disguise (702.168a) and cloak (701.56a)."""
    d = _DEFS.get(ward)
    if d is None:
        d = _DEFS[ward] = _face_down_def(ward)
    return d


def face_down_ability(card: CardDef) -> FaceDownCost | None:
    for ab in card.abilities:
        if isinstance(ab, FaceDownCost):
            return ab
    return None


THREE = parse_cost("{3}")


def turn_face_down(g: Game, o: Obj, how: str, rule: str, player: int | None = None) -> None:
    """708.2a / 708.3 / 708.4: turn a card face down (before it moves to the stack or battlefield), a
    TurnedFaceDown event through the door. `how`: "morph", "megamorph", "disguise", "manifest", "cloak",
    "effect"; `player`: who casts it or puts it onto the battlefield face down."""
    g.perform(TurnedFaceDown(rule, o.id, how, player))


# The log line of turning a card face down, by the rule that does it (708.2a otherwise).
_FACE_DOWN_LINES = {"702.37c": "cast_face_down", "702.168b": "cast_face_down", "701.34a": "manifest",
                    "701.56a": "cloak"}


def _perform_face_down(g: Game, event: TurnedFaceDown) -> None:
    """registry.EVENT_PERFORMERS[TurnedFaceDown]: 708.2a, its characteristics become those of 708.2a (ward
    {2} for disguise and cloak, 702.168a, 701.56a). 708.2b: a face-down object stays as it is."""
    s = g.s
    s.face_down_seen = True  # rules/priority.py then offers turning face up
    o = s.objects[event.obj]
    if o.face_down is not None:
        return
    o.face_down = (o.card, event.how)
    o.card = face_down_def(ward=event.how in ("disguise", "cloak"))
    s.trigger_watch = None  # its card changed under the same id (rules/triggers.py cache)
    fields: dict[str, object] = {"id": o.id}
    if event.player is not None:
        fields = {"player": s.players[event.player].name, "id": o.id}
    g._log(_FACE_DOWN_LINES.get(event.rule, "turn_face_down"), event.rule, event.SBA, fields)


def _perform_face_up(g: Game, event: TurnedFaceUp) -> None:
    """registry.EVENT_PERFORMERS[TurnedFaceUp]: 708.8, its copiable values are its card's again (effects on
    it still apply)."""
    s = g.s
    o = s.objects[event.obj]
    assert o.face_down is not None
    real, _how = o.face_down
    o.face_down = None
    o.card = real
    s.trigger_watch = None  # rules/triggers.py caches permanents' triggers by id
    g._log("turn_face_up", event.rule, event.SBA, {"card": real.name, "id": o.id})


registry.EVENT_PERFORMERS[TurnedFaceDown] = _perform_face_down
registry.EVENT_PERFORMERS[TurnedFaceUp] = _perform_face_up


def moved(g: Game, old: Obj, new: Obj, frm: str, to: str) -> None:
    """Called by Game.move for a face-down object: it stays face down onto the battlefield (708.3, 708.4:
    a face-down spell becomes a face-down permanent); anywhere else it is revealed (708.9)."""
    assert old.face_down is not None
    if to == BATTLEFIELD:
        new.face_down = old.face_down
        new.card = old.card
        return
    real = old.face_down[0]
    new.card = real
    g.log_event("reveal", "708.9", card=real.name, id=new.id, from_zone=frm, to_zone=to)


def face_down_cast_wanted(g: Game, p: int, o: Obj, action: A.CastSpell) -> bool:
    """601.2b / 702.37c / 702.168b: whether the player casts the card face down: the action's choice
    ("face_down", bool), else asked (scenario answer true/false) when the card could be."""
    if o.zone != HAND or face_down_ability(o.card) is None:
        if ("face_down", True) in action.choices:
            raise IllegalActionError(f"{g.name_of(o.id)} can't be cast face down (702.37d)")
        return False
    for c in action.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == "face_down":
            return bool(c[1])
    ans = g.choose(p, "face_down", [False, True],
                 f"702.37c: cast {o.card.name} face down as a 2/2 creature for {{3}}? (true or false)")
    if not isinstance(ans, bool):
        raise IllegalActionError(f"{o.card.name}: answer true or false for casting it face down (702.37c)")
    return ans


def face_down_block_reason(g: Game, p: int, o: Obj) -> str | None:
    """Why `o` can't be cast face down now (708.4: the face-down spell's characteristics decide: a
    creature spell without flash, cast at sorcery speed, 307.1)."""
    if o.zone != HAND or o.owner != p:
        return f"{g.name_of(o.id)} is not in {g.s.players[p].name}'s hand"
    if o.card.unsupported:
        return f"{o.card.name} is not supported by the card compiler"
    if face_down_ability(o.card) is None:
        return f"{o.card.name} can't be cast face down (702.37d)"
    if not timing.sorcery_timing_ok(g, p):
        return "307.1/117.1a: a face-down creature spell can be cast only at sorcery speed: your main phase, stack empty"
    return None


def cast_face_down(g: Game, p: int, o: Obj) -> CardDef:
    """702.37c / 702.168b: turn the card face down before it's put on the stack; returns the face-down
    characteristics the rest of casting uses (708.4)."""
    ab = face_down_ability(o.card)
    assert ab is not None
    turn_face_down(g, o, ab.kind, "702.168b" if ab.kind == "disguise" else "702.37c", p)
    return o.card


def face_down_reqs(g: Game, p: int, card: CardDef) -> list:
    """601.2f / 118.9: {3} instead of the mana cost, with the cost increases that apply."""
    extra = total_cost.total_cost_reqs(g, p, card, 0)[0].total  # the face-down spell has no mana cost (708.2a)
    # "Face-down creature spells you cast cost {1} less to cast" (601.2f; 118.7d: not below {0})
    for o in g.permanents(p):
        for ab in g.chars(o).abilities:
            if isinstance(ab, StaticAbility) and ab.kind == "face_down_cost_reduction":
                extra -= int(ab.amount)  # type: ignore[arg-type]
    return requirements(THREE, 0, extra)


def face_down_cast_actions(g: Game, p: int, o: Obj) -> list:
    """Legal actions: casting `o` face down (for agents)."""
    if face_down_ability(o.card) is None or face_down_block_reason(g, p, o) is not None:
        return []
    if not _mana_payment_module.can_pay(g, p, face_down_reqs(g, p, face_down_def(False)), ("spell", o.id)):
        return []
    return [A.CastSpell(o.id, choices=(("face_down", True),))]


def face_up_cost(o: Obj) -> tuple[ManaCost, str] | None:
    """The cost to turn `o` face up and the rule that allows it, or None (it can't be)."""
    if o.face_down is None:
        return None
    real, how = o.face_down
    ab = face_down_ability(real)
    if ab is not None:
        return ab.cost, ("702.168d" if ab.kind == "disguise" else "702.37e")  # 701.34c-d too
    if how in ("manifest", "cloak") and "Creature" in real.types and real.mana_cost.text:
        return real.mana_cost, ("701.34b" if how == "manifest" else "701.56b")
    return None


def _other_cost_candidates(g: Game, p: int, other: tuple[str, Any]) -> list[int]:
    """The cards in `p`'s hand that a non-mana morph cost may reveal or discard."""
    kind, what = other
    hand = g.s.players[p].hand
    if kind == "reveal":
        return [c for c in hand if what in g.chars(g.s.objects[c]).colors]
    if kind == "discard":
        return list(hand)
    return []


def _other_cost_reason(g: Game, p: int, other: tuple[str, Any]) -> str | None:
    kind, what = other
    if kind == "life":
        if g.s.players[p].life < what:
            return f"{g.s.players[p].name} can't pay {what} life (119.4)"
        return None
    if not _other_cost_candidates(g, p, other):
        return "there is no card in hand to " + ("reveal" if kind == "reveal" else "discard") + " for its morph cost"
    return None


def turn_face_up_block_reason(g: Game, p: int, o: Obj | None) -> str | None:
    if o is None or o.zone != BATTLEFIELD:
        return "only a face-down permanent can be turned face up (708.7)"
    if o.controller != p:
        return f"{g.s.players[p].name} doesn't control that permanent (116.2b)"
    if o.face_down is None:
        return f"{o.card.name} is not face down (708.7)"
    if g.s.priority != p:
        return f"{g.s.players[p].name} doesn't have priority (116.2b)"
    if {"Instant", "Sorcery"} & o.face_down[0].types:
        return "701.34g: a manifested instant or sorcery card can't be turned face up"
    if face_up_cost(o) is None:
        return ("it has no morph or disguise cost, and isn't a manifested or cloaked creature card with a mana "
                "cost: it can't be turned face up (702.37e, 701.34b)")
    other = _morph_other(o)
    if other is not None:
        return _other_cost_reason(g, p, other)
    return None


def _morph_other(o: Obj) -> tuple[str, Any] | None:
    """The non-mana morph cost that turning `o` face up uses, if any."""
    if o.face_down is None:
        return None
    ab = face_down_ability(o.face_down[0])
    return ab.other if ab is not None else None


def turn_face_up(g: Game, p: int, action: A.TurnFaceUp) -> None:
    """116.2b: the special action. Pay the cost, then the permanent is turned face up (708.8)."""
    s = g.s
    o = s.objects.get(action.card)
    why = turn_face_up_block_reason(g, p, o)
    if why:
        raise IllegalActionError(why)
    assert o is not None and o.face_down is not None
    cost, rule = face_up_cost(o)  # type: ignore[misc]
    if cost.x_count:
        raise IllegalActionError("a face-up cost with X is not supported")
    other = _morph_other(o)
    if other is None:
        _mana_payment_module.pay_mana(g, p, requirements(cost, 0), action.payment, "turning a permanent face up")
    else:
        _pay_other(g, p, other)
    real, _how = o.face_down
    ab = face_down_ability(real)
    if ab is not None and ab.kind == "megamorph":
        counter_replacement.put_counters(g, o, "+1/+1", 1, "702.37b")  # 702.37b, 708.11: as it's turned face up
    g.log_event("pay_face_up_cost", rule, player=s.players[p].name, card=real.name, id=o.id, cost=cost.text)
    turn_up(g, o, rule)
    s.passes = 0  # 116.2b: a special action; the player keeps priority (117.3c)


def _pay_other(g: Game, p: int, other: tuple[str, Any]) -> None:
    """702.37e: pay a non-mana morph cost (601.2h: the player chooses the card)."""
    kind, what = other
    if kind == "life":
        g.set_life(p, -what, "119.4", source="morph cost")
        return
    cands = _other_cost_candidates(g, p, other)
    verb = "reveal" if kind == "reveal" else "discard"
    pick = g.choose(p, verb, cands, f"702.37e: choose a card to {verb} for the morph cost "
                                     f"({', '.join(g.name_of(c) for c in cands)})")
    if pick not in cands:
        raise IllegalActionError(f"{g.name_of(pick) if isinstance(pick, int) else pick!r} can't be used to {verb} "
                                 f"for the morph cost")
    if kind == "reveal":
        g.log_event("reveal", "701.16a", player=g.s.players[p].name, card=g.s.objects[pick].card.name)
    else:
        _effects_module.discard(g, p, pick, rule="701.8a")


def turn_face_up_actions(g: Game, p: int) -> list:
    """Legal actions: turning a face-down permanent face up (116.2b), when its cost can be paid."""
    face_down = [o for o in g.permanents(p) if o.face_down is not None]
    if not face_down:
        return []
    out: list = []
    for o in face_down:
        if turn_face_up_block_reason(g, p, o) is not None:
            continue
        cost, _ = face_up_cost(o)  # type: ignore[misc]
        if cost.x_count:
            continue
        if _morph_other(o) is not None:
            out.append(A.TurnFaceUp(o.id))  # its other cost was checked by the block reason
            continue
        if not _mana_payment_module.can_pay(g, p, requirements(cost, 0), None):  # 116.2b: a special action, not a spell
            continue
        out.append(A.TurnFaceUp(o.id))
    return out


def manifest(g: Game, p: int, oid: int, how: str = "manifest") -> int:
    """701.34a / 701.56a: turn the card face down and put it onto the battlefield under `p`'s control
    (708.3: turned face down first). Returns the permanent's id."""
    o = g.s.objects[oid]
    turn_face_down(g, o, how, "701.34a" if how == "manifest" else "701.56a", p)
    return g.move(oid, BATTLEFIELD, rule="701.34a" if how == "manifest" else "701.56a", controller=p)


def _manifest_top(g: Game, ctx: Context, e: Manifest) -> list | None:
    lib = g.s.players[ctx.controller].library
    if lib:
        new = manifest(g, ctx.controller, lib[0], "cloak" if e.cloak else "manifest")
        if e.counters and new in g.s.objects:  # "..., then put two +1/+1 counters on it"
            _keyword_actions_module._put_counter(g, new, "+1/+1", e.counters)
    return None


def _manifest_dread(g: Game, ctx: Context, e: ManifestDread) -> list | None:
    p = ctx.controller
    cards = tuple(g.s.players[p].library[:2])
    if not cards:
        return None
    g.log_event("manifest_dread", "701.60a", player=g.s.players[p].name, looked=len(cards))
    attach_source = ctx.source if e.attach else None
    if len(cards) == 1:
        _attach_to_manifested(g, attach_source, manifest(g, p, cards[0]))
        return None
    return [effect_context.queue_choice("manifest_dread", p, cards, f"701.60a: {ctx.name}: manifest dread: choose the card to manifest "
                                                f"({', '.join(g.name_of(c) for c in cards)}); the other goes to "
                                                f"your graveyard", attach_source)]


def _attach_to_manifested(g: Game, source: int | None, new: int) -> None:
    """701.3a: attach the source (an Equipment still on the battlefield) to the manifested creature."""
    s = g.s
    src = s.objects.get(source) if source is not None else None
    host = s.objects.get(new)
    if src is None or src.zone != BATTLEFIELD or host is None or host.zone != BATTLEFIELD:
        return
    if "Creature" in g.chars(src).types or not g.chars(host).is_creature:
        return  # 301.5c
    g.perform(AttachChange("701.3a", src.id, new))  # 613.7e: a new timestamp


def _answer_manifest_dread(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    attach_source = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    p = d.player
    _attach_to_manifested(g, attach_source, manifest(g, p, value))
    for c in d.data:
        if c != value and c in s.players[p].library:
            g.move(c, "graveyard", rule="701.60a")


def _turn_face_down_effect(g: Game, ctx: Context, e: TurnFaceDown) -> list | None:
    s = g.s
    oid = effect_context.target_object(g, ctx, e.target) if e.target is not None else ctx.source
    o = s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != BATTLEFIELD or o.face_down is not None or o.card.is_token:
        return None  # 708.2b; a token has no card to turn face down
    turn_face_down(g, o, "effect", "708.2a")
    return None


def _register_face_down() -> None:
    registry.register_effect(Manifest, _manifest_top)
    registry.register_effect(ManifestDread, _manifest_dread)
    registry.register_effect(TurnFaceDown, _turn_face_down_effect)
    registry.CHOICES["manifest_dread"] = (choice_effects.object_actions, _answer_manifest_dread)


_register_face_down()


def _look_at(g: Game, ctx: Context, e: LookAtFaceDown) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    o = g.s.objects.get(oid) if oid is not None else None
    if o is not None and o.face_down is not None:
        g.log_event("look", "708.5", player=g.s.players[ctx.controller].name, id=o.id, card=o.face_down[0].name)
    return None


def turn_up(g: Game, o: Obj, rule: str) -> None:
    """708.8: turn `o` face up (its copiable values revert; effects on it still apply), with the
    "as it is turned face up" counters (702.37b megamorph only when its cost was paid: not here) and the
    triggers of 603.2."""
    assert o.face_down is not None
    real, _how = o.face_down
    g.perform(TurnedFaceUp(rule, o.id))  # face up: the counters below are put on the creature it now is (122.6)
    for sab in real.abilities:
        if isinstance(sab, StaticAbility) and sab.kind == "face_up_counters":  # 708.11
            counter_replacement.put_counters(g, o, sab.counter_kind, int(sab.amount), "708.11")  # type: ignore[arg-type]
    for tab in g.chars(o).abilities:
        if isinstance(tab, TriggeredAbility) and tab.event == "turned_face_up":
            trigger_queue.queue(g, o.controller, o.id, tab, None, real.name)
    for w, tab in trigger_queue.watchers(g, ("turned_face_up_any",)):
        if tab.who == "you" and w.controller != o.controller:
            continue
        if tab.filter is not None and not _targeting_module.matches_filter(g, tab.filter, o, w.controller, w.id):
            continue
        trigger_queue.queue(g, w.controller, w.id, tab, None, w.card.name, event_obj=o.id)


def _turn_up_effect(g: Game, ctx: Context, e: TurnFaceUpEffect) -> list | None:
    oid = effect_context.target_object(g, ctx, e.target)
    o = g.s.objects.get(oid) if oid is not None else None
    if o is None or o.face_down is None:
        return None
    if {"Instant", "Sorcery"} & o.face_down[0].types:
        g.log_event("reveal", "701.34g", card=o.face_down[0].name, id=o.id)  # it stays face down
        return None
    turn_up(g, o, "708.8")
    return None


registry.register_effect(LookAtFaceDown, _look_at)
registry.register_effect(TurnFaceUpEffect, _turn_up_effect)


def _return_face_down(g: Game, ctx: Context, e: ReturnFaceDown) -> list | None:
    s = g.s
    if ctx.source is None:
        return None
    oid = g.current_id(ctx.source)
    o = s.objects.get(oid)
    if o is None or o.zone != GRAVEYARD:
        return None
    turn_face_down(g, o, "effect", "708.3")  # 708.3: turned face down, then put onto the battlefield
    g.move(oid, BATTLEFIELD, rule="708.3", controller=ctx.controller)
    return None


def _register_return() -> None:
    registry.register_effect(ReturnFaceDown, _return_face_down)


_register_return()


def _with_morph_filter_matches(g: Game, flt: WithMorphFilter, o: Obj, c: Any, controller: int, source: int | None) -> bool:
    ab = face_down_ability(o.card) if o.face_down is None else None
    return "Creature" in c.types and ab is not None and ab.kind in ("morph", "megamorph")


registry.FILTER_TESTS[WithMorphFilter] = _with_morph_filter_matches

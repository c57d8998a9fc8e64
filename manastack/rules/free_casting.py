"""Casting a card while a spell or ability resolves, without paying its mana cost (608.2g): cascade
702.85, ripple 702.60, "you may cast it from exile" (rebound 702.88), "you may cast target instant or
sorcery card from your graveyard without paying its mana cost. If that spell would be put into your
graveyard, exile it instead" (614.1a: the spell carries the replacement, `EXILE_IF_GRAVEYARD`), "you may cast an
instant or sorcery spell from among those cards [a revealed hand, the cards looked at] without paying its mana
cost" and "you may cast it [the top card of your library] without paying its mana cost if it's an instant or
sorcery spell" (`CastOneAmong`: each castable card offered in turn until one is cast; at most one is). The vocabulary is compiled by
cards/templates/casting.py, the hooks are registered by rules/casting.py.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.costs import ManaCost, Requirement, requirements
from ..model.events import CastMoved
from ..model.state import EXILE, GRAVEYARD, HAND, LIBRARY, StackItem
from ..model.vocab.free_casting import (  # noqa: F401 (the vocabulary this module executes)
    CascadeEffect,
    CastFromExile,
    CastOneAmong,
    CastTargetCard,
    ExileTopCopyCast,
    RippleReveal,
    SearchEachLibraryExile,
)
from . import (
    cast_origin,
    cast_restrictions,
    choice_effects,
    cost_modifiers,
    effect_context,
    targeting,
    total_cost,
    trigger_events,
    triggers,
)
from . import divided as _divided_module
from . import mana_payment as _mana_payment_module
from . import stack as _stack_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


def free_cast_reqs(g: Game, p: int, card: V.CardDef, targets: tuple[int, ...]) -> list[Requirement] | None:
    """601.2f: a spell cast without paying its mana cost has a total cost of {0} plus cost increases
    (reductions can't take it below {0}); None when it has a mandatory additional cost we don't ask
    for while resolving (sacrifice, discard) or is modal (modes are chosen as it's cast)."""
    if _stack_module.additional_costs(card) or _stack_module.additional_cost_choices(card) or card.spell is not None and _is_modal(card):
        return None
    return cost_modifiers._with_pips(requirements(ManaCost(), 0, total_cost.cost_adjustment(g, p, card, targets)), cost_modifiers.colored_increase(g, p, card))


def _is_modal(card: V.CardDef) -> bool:
    return card.spell is not None and choice_effects.modal_of(card.spell.effects) is not None


def free_cast_options(g: Game, p: int, oid: int) -> list[tuple[int, ...]]:
    """The target choices with which `p` can cast the card `oid` without paying its mana cost now
    ([()] for a spell without targets; [] when it can't be cast)."""
    s = g.s
    o = s.objects.get(oid)
    if o is None or "Land" in o.card.types or o.card.unsupported:
        return []
    if cast_restrictions.static_cast_restriction(g, p, o.card) or (s.stack and cast_restrictions.split_second_on_stack(g)):
        return []  # 101.2 / 702.61a still apply to a spell cast while resolving
    specs = _stack_module.spell_targets(o.card)
    combos: list[tuple[int, ...]] = [()]
    for spec in specs:
        cands = _targeting_module.target_candidates(g, spec, p, oid, g.chars(o).colors)
        combos = [c + (t,) for c in combos for t in cands if t not in c]
    out = []
    for targets in combos[:64]:
        reqs = free_cast_reqs(g, p, o.card, targets)
        if reqs is None:
            return []
        if reqs[0].total and not _mana_payment_module.can_pay(g, p, reqs, ("spell", oid)):
            continue
        out.append(targets)
    return out


# 614.1a: "If that spell would be put into your graveyard, exile it instead" (a choice of the spell's
# stack item, read by rules/effects.py spell_destination: only where the spell would go to a graveyard).
EXILE_IF_GRAVEYARD = ("exile_if_graveyard", True)


def cast_free(g: Game, p: int, oid: int, targets: tuple[int, ...], rule: str,
              extra: tuple[object, ...] = ()) -> None:
    """608.2g / 601.2a-i: cast a card without paying its mana cost while a spell or ability resolves
    (no timing restrictions; X is 0, 107.3b); it becomes the topmost object of the stack. `extra`: more
    choices of the spell (EXILE_IF_GRAVEYARD)."""
    s = g.s
    o = s.objects[oid]
    card = o.card
    _targeting_module.check_targets(g, _stack_module.spell_targets(card), targets, p, oid, card.name, g.chars(o).colors)
    reqs = free_cast_reqs(g, p, card, targets)
    if reqs is None:
        raise IllegalActionError(f"{card.name} can't be cast this way")
    cast_origin.remember(g, oid, p, o.zone)  # "if you cast it from your hand" (603.4)
    g.perform(CastMoved("601.2a", oid, p))
    o.x = 0
    if reqs[0].total or reqs[0].life:
        _mana_payment_module.pay_mana(g, p, reqs, None, card.name, purpose=("spell", oid))  # 601.2f: cost increases still apply
    cost_modifiers.use_discounts(g, p, o, None, reqs, False, False)  # "the next spell you cast" is this one
    division = _divided_module.division_choice(g, p, card, targets, 0)  # 601.2d, asked after the targets
    item = StackItem(oid, "spell", p, card.name, obj=oid, source=oid, targets=targets, x=0,
                     choices=(("free", True),) + extra + division)
    s.stack.append(item)
    trigger_events.targets_chosen(g, p, item)
    s.players[p].spells_cast += 1
    g.record("cast", "601.2", player=s.players[p].name, card=card.name, id=oid,
                targets=[g.name_of(t) for t in targets], x=0, without_paying=rule)
    g.invalidate()
    triggers.spell_cast(g, p, oid)


def _cast_from_exile(g: Game, ctx: Any, e: CastFromExile) -> list | None:
    o = g.s.objects.get(ctx.source) if ctx.source is not None else None
    if o is None or o.zone != EXILE:
        return None
    cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, ctx.controller, o.id) for t in opt))
    return [effect_context.queue_choice("cast_free", ctx.controller, cands, f"{o.card.name}: cast it from exile without paying its mana "
                    f"cost? (false, or true / its targets)", (ctx, o.id, "702.88a", None))]


def _cast_target_card(g: Game, ctx: Any, e: CastTargetCard) -> list | None:
    """608.2g: the target card, still in the graveyard (608.2b checked it), may be cast now."""
    oid = effect_context.target_object(g, ctx, e.target)
    o = g.s.objects.get(oid) if oid is not None else None
    if o is None or o.zone != GRAVEYARD:
        return None
    cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, ctx.controller, o.id) for t in opt))
    extra = (EXILE_IF_GRAVEYARD,) if e.exile_instead else ()
    return [effect_context.queue_choice("cast_free", ctx.controller, cands, f"{ctx.name}: cast {o.card.name} from your "
                    f"graveyard without paying its mana cost? (false, or true / its targets)",
                    (ctx, o.id, "608.2g", None, extra))]


def _cast_one_among(g: Game, ctx: Any, e: CastOneAmong) -> list | None:
    """608.2g: the cards the effect refers to that match the filter, where they still are."""
    s = g.s
    p = ctx.controller
    if e.among == "revealed_hand":
        cards, zone = (tuple(s.players[ctx.hand_of].hand) if ctx.hand_of is not None else ()), HAND
    elif e.among == "looked":
        cards, zone = ctx.looked, LIBRARY
    else:
        cards, zone = tuple(s.players[p].library[:1]), LIBRARY
    cands = [c for c in cards if c in s.objects and s.objects[c].zone == zone
             and _targeting_module.matches_filter(g, e.filter, s.objects[c], p)]
    return _offer_next(g, ctx, cands)


def _offer_next(g: Game, ctx: Any, left: list[int]) -> list:
    """Offer the next card that can be cast (declining one offers the next; casting one ends the offers)."""
    p = ctx.controller
    while left:
        oid = left.pop(0)
        options = free_cast_options(g, p, oid)
        if not options:
            continue  # 608.2g: it can't be cast now (no legal targets, an additional cost not asked for)
        cands = tuple(dict.fromkeys(t for opt in options for t in opt))
        rest = list(left)

        def after(g2: Game, c2: Any, cast: bool, rest: list[int] = rest) -> None:
            if not cast:
                g2.s.queue[0:0] = _offer_next(g2, c2, rest)
        return [effect_context.queue_choice("cast_free", p, cands, f"{ctx.name}: cast {g.name_of(oid)} without paying its "
                                            f"mana cost? (false, or true / its targets)", (ctx, oid, "608.2g", after))]
    return []


def _cast_free_actions(g: Game, d: Any) -> list:
    item: Any = g.s.queue[0]
    oid = item[5][1]
    out = [A.Choose(False)]
    for targets in free_cast_options(g, d.player, oid):
        out.append(A.Choose(True) if not targets else A.Choose(targets))
    return out


def _answer_cast_free(g: Game, d: Any, value: Any) -> None:
    s = g.s
    item: Any = s.queue[0]
    data: tuple[Any, ...] = item[5]
    ctx, oid, rule, after = data[:4]
    extra: tuple[object, ...] = data[4] if len(data) > 4 else ()  # more choices of the spell (EXILE_IF_GRAVEYARD)
    options = free_cast_options(g, d.player, oid)
    if value is True:
        value = ()
    if value is not False and (not isinstance(value, tuple) or value not in options):
        raise IllegalActionError(f"{d.prompt}: answer false, or the spell's targets (one of "
                                 f"{[[g.name_of(t) for t in o] for o in options] or 'none: it cannot be cast'})")
    s.pending = None
    s.queue.pop(0)
    g.log_event("may", "608.2d", player=s.players[d.player].name, source=ctx.name, choice=value is not False,
                text="cast without paying its mana cost")
    if value is not False:
        cast_free(g, d.player, oid, value, rule, extra)
    if after is not None:
        after(g, ctx, value is not False)


def _spell_mana_value(g: Game, oid: int | None) -> int:
    """202.3: the mana value of the spell (X included on the stack), or as it last existed there."""
    s = g.s
    o = s.objects.get(oid) if oid is not None else None
    if o is None and oid is not None and oid in s.lki:
        o = s.lki[oid][0]
    if o is None:
        return 0
    return targeting.mana_value(o)


def _cascade(g: Game, ctx: Any, e: CascadeEffect) -> list | None:
    s = g.s
    p = ctx.controller
    mv = _spell_mana_value(g, ctx.source)
    exiled: list[int] = []
    hit = None
    lib = s.players[p].library
    while lib:
        new = g.move(lib[0], EXILE, rule="702.85a")
        exiled.append(new)
        c = s.objects[new].card
        if "Land" not in c.types and c.mana_cost.mana_value < mv:
            hit = new
            break
    g.log_event("cascade", "702.85a", card=ctx.name, exiled=[g.name_of(x) for x in exiled],
                hit=g.name_of(hit) if hit is not None else None)
    if hit is None:
        _cascade_bottom(g, ctx, exiled, None)
        return None
    cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, p, hit) for t in opt))
    return [effect_context.queue_choice("cast_free", p, cands, f"{ctx.name}: cascade into {g.name_of(hit)}: cast it without paying its "
                    f"mana cost? (false, or true / its targets)", (ctx, hit, "702.85a",
                                                                   lambda g2, c2, cast: _cascade_bottom(
                                                                       g2, c2, exiled, hit if cast else None)))]


def _ripple(g: Game, ctx: Any, e: RippleReveal) -> list | None:
    s = g.s
    p = ctx.controller
    top = tuple(s.players[p].library[:e.n])
    g.log_event("reveal", "702.60a", player=s.players[p].name, cards=[g.name_of(c) for c in top], source=ctx.name)
    ctx = dataclasses.replace(ctx, looked=top)
    same = [c for c in top if s.objects[c].card.name == ctx.name]
    return _ripple_next(g, ctx, same)


def _ripple_next(g: Game, ctx: Any, left: list[int]) -> list:
    """Offer the next revealed card of the same name (608.2g), then put the rest on the bottom in the
    order the player chooses (rules/effects.py PutRest "bottom_any")."""
    p = ctx.controller
    while left:
        oid = left.pop(0)
        if oid in g.s.objects and g.s.objects[oid].zone == LIBRARY:
            cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, p, oid) for t in opt))
            rest = list(left)

            def after(g2: Game, c2: Any, cast: bool, rest: list[int] = rest) -> None:
                g2.s.queue[0:0] = _ripple_next(g2, c2, rest)
            return [effect_context.queue_choice("cast_free", p, cands, f"{ctx.name}: ripple: cast the revealed {g.name_of(oid)} without "
                            f"paying its mana cost? (false, or true / its targets)", (ctx, oid, "702.60a", after))]
    return [("resume_effects", ctx, (V.PutRest("bottom_any"),), 0, None)]


def _cascade_bottom(g: Game, ctx: Any, exiled: list[int], cast: int | None) -> None:
    """702.85a: the exiled cards that weren't cast go to the bottom of the library in a random order."""
    s = g.s
    rest = [x for x in exiled if x != cast and x in s.objects and s.objects[x].zone == EXILE]
    s.rng.shuffle(rest)
    for x in rest:
        g.move(x, LIBRARY, rule="702.85a", bottom=True)


def _exile_top_copy_cast(g: Game, ctx: Any, e: ExileTopCopyCast) -> list | None:
    """406.3: exile the top cards; the controller chooses a matching card among them (one: not asked)."""
    s = g.s
    p = ctx.controller
    exiled = [g.move(oid, EXILE, rule="406.3") for oid in list(s.players[p].library[:e.n])]
    cands = tuple(oid for oid in exiled if oid in s.objects and s.objects[oid].zone == EXILE
                  and _targeting_module.matches_filter(g, e.filter, s.objects[oid], p))
    if not cands:
        return None
    if len(cands) == 1:
        return _copies_to_cast(g, ctx, cands[0], e.copies)
    return [effect_context.queue_choice("copy_exiled_card", p, cands, f"{ctx.name}: choose the card exiled this way to "
                                        f"copy ({', '.join(g.name_of(c) for c in cands)})", (ctx, e.copies))]


def _copies_to_cast(g: Game, ctx: Any, oid: int, copies: int) -> list:
    """707.12: the copies of the card, created in exile, each offered to be cast without paying its mana cost."""
    s = g.s
    card = s.objects[oid].card
    out = []
    for _ in range(copies):
        copy = g.new_object(dataclasses.replace(card, is_token=True), ctx.controller, EXILE, controller=ctx.controller)
        s.players[ctx.controller].exile.append(copy.id)  # 707.12: created in the zone the card is in
        g.log_event("copy_card", "707.12", card=card.name, id=copy.id)
        cands = tuple(dict.fromkeys(t for opt in free_cast_options(g, ctx.controller, copy.id) for t in opt))
        out.append(effect_context.queue_choice(
            "cast_free", ctx.controller, cands, f"{ctx.name}: cast a copy of {card.name} without paying its mana cost? "
            f"(false, or true / its targets)", (ctx, copy.id, "707.12", None, (("copy", True),))))
    return out


def _copy_exiled_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data]


def _answer_copy_exiled(g: Game, d: Any, value: Any) -> None:
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    s = g.s
    ctx, copies = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    s.queue[0:0] = _copies_to_cast(g, ctx, value, copies)



# ----------------------------------------------------------------------------- 701.19a, 608.2g: search each library


def _library_cards(g: Game, p: int, flt: V.ObjectFilter, searcher: int) -> tuple[int, ...]:
    s = g.s
    return tuple(c for c in s.players[p].library if _targeting_module.matches_filter(g, flt, s.objects[c], searcher))


def _search_each_library(g: Game, ctx: Any, e: SearchEachLibraryExile) -> list | None:
    """701.19a: the controller searches each player's library in turn (theirs first)."""
    return [_search_next(g, ctx, e, (ctx.controller, 1 - ctx.controller), ())]


def _search_next(g: Game, ctx: Any, e: SearchEachLibraryExile, players: tuple[int, ...], exiled: tuple[int, ...]) -> tuple:
    p = players[0]
    cands = _library_cards(g, p, e.filter, ctx.controller)
    g.log_event("search", "701.19a", player=g.s.players[ctx.controller].name, library=g.s.players[p].name,
                source=ctx.name)
    return effect_context.queue_choice("search_library_exile", ctx.controller, cands,
                                       f"{ctx.name}: exile a card from {g.s.players[p].name}'s library, or false (701.19b)",
                                       (ctx, e, players, exiled))


def _object_or_false_actions(g: Game, d: Any) -> list:
    return [A.Choose(c) for c in d.data] + [A.Choose(False)]


def _answer_search_exile(g: Game, d: Any, value: Any) -> None:
    s = g.s
    ctx, e, players, exiled = s.queue[0][5]
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    s.pending = None
    p = players[0]
    if value is not False:
        exiled = exiled + (g.move(value, EXILE, rule="701.19a"),)
    effect_context.shuffle_library(g, p)
    if len(players) > 1:
        s.queue[0] = _search_next(g, ctx, e, players[1:], exiled)
    elif e.cast_free:
        s.queue[0:1] = _offer_cast(g, ctx, exiled)
    else:
        s.queue.pop(0)


def _offer_cast(g: Game, ctx: Any, left: tuple[int, ...]) -> list:
    """608.2g: which of the cards exiled this way (still in exile, castable now) to cast next, or none."""
    s = g.s
    cands = tuple(c for c in left if c in s.objects and s.objects[c].zone == EXILE
                  and free_cast_options(g, ctx.controller, c))
    if not cands:
        return []
    return [effect_context.queue_choice("cast_exiled_free", ctx.controller, cands,
                                        f"{ctx.name}: cast one of {', '.join(g.name_of(c) for c in cands)} without paying "
                                        f"its mana cost, or false", (ctx, cands))]


def _answer_cast_exiled(g: Game, d: Any, value: Any) -> None:
    s = g.s
    ctx, left = s.queue[0][5]
    if value is not False and value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)} or false")
    s.pending = None
    if value is False:
        s.queue.pop(0)
        return
    rest = tuple(c for c in left if c != value)

    def after(g2: Game, c2: Any, cast: bool, rest: tuple[int, ...] = rest) -> None:
        g2.s.queue[0:0] = _offer_cast(g2, c2, rest)
    targets = tuple(dict.fromkeys(t for opt in free_cast_options(g, ctx.controller, value) for t in opt))
    s.queue[0] = effect_context.queue_choice("cast_free", ctx.controller, targets,
                                             f"{ctx.name}: cast {g.name_of(value)} without paying its mana cost? (false, "
                                             f"or true / its targets)", (ctx, value, "608.2g", after))


registry.register_effect(SearchEachLibraryExile, _search_each_library)
registry.CHOICES["search_library_exile"] = (_object_or_false_actions, _answer_search_exile)
registry.CHOICES["cast_exiled_free"] = (_object_or_false_actions, _answer_cast_exiled)

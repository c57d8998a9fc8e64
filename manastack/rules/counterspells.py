"""Counterspells whose cost or target depends on a number the game determines, and targets restricted by
what they target; their sentences are compiled by cards/templates/effects_counterspells.py.

- 701.5a / 608.2h: "Counter target spell unless its controller pays {X}" (Logic Knot), "... twice {X}"
  (Thassa's Intervention), "... {1} for each card in your graveyard" (Circular Logic): the amount is
  determined as the spell resolves, then that spell's controller chooses whether to pay it (118.3: only
  if they can). Power Sink: "If that player doesn't, they tap all lands with mana abilities they control
  (605.1a, 701.26a) and lose all unspent mana (106.4)" — whether or not the spell could be countered.
- 115.1 / 601.2c / 608.2b: a target "with mana value X or less, where X is the number of Faeries you
  control" (Spellstutter Sprite) or "with mana value less than or equal to the number of cards in its
  controller's graveyard" (Drown in the Loch): the number is determined when the target is chosen and
  again as the spell or ability resolves; a target no longer within it is illegal then (202.3e: the X of
  a spell on the stack counts in its mana value); "counter target spell with mana value X" (Spell Blast): the X
  announced for the spell (601.2b, before its targets; rules/priority.py lists the targets for each X).
- 115.1 / 608.2b: "target spell that targets a creature" (Confound): a spell with a target that is a
  creature on the battlefield now, checked again as it resolves.
- 108.3 / 608.2h: "Its owner gains 4 life" (Path of Peace): the owner of the object referred to.
- 701.5a: "Whenever a player casts a spell with mana value equal to the number of charge counters on CARDNAME,
  counter that spell." (Chalice of the Void): the counters as the spell becomes cast (601.2i), the spell the
  trigger's event object; a spell that can't be countered isn't.
- 115.7 / 115.7d: "Change the target of target spell with a single target" (Deflection): a spell with one
  target chosen (checked when targeted and as this resolves); its controller chooses another target legal
  for that spell (its controller's view: hexproof, protection, 115.1) other than the current one, and the spell
  becomes targeting it ("becomes the target" abilities and ward trigger, 702.21a); with no other legal target
  the target is unchanged.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import vocab as V
from ..model.costs import parse_cost
from ..model.mana import EMPTY, format_bag
from ..model.state import BATTLEFIELD, STACK, Obj
from ..model.vocab import ManaAbility
from ..model.vocab.counterspells import (  # the vocabulary this module executes
    CardsInGraveyard,
    ChangeTarget,
    CounterThatSpell,
    CounterUnlessPaysAmount,
    ManaValueBound,
    OwnerOf,
    SingleTarget,
    TargetsMatching,
)
from . import (
    choice_effects,
    effect_context,
    effects,
    mana_abilities,
    targeting,
    trigger_events,
    zone_change_effects,
)
from . import stack as _stack_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from .effect_context import Context


# ---------------------------------------------------------------------------- counter unless pays a number


def _cards_in_graveyard(g: Game, ctx: Context, a: CardsInGraveyard) -> int:
    return len(g.s.players[ctx.controller].graveyard)


registry.AMOUNT_RESOLVERS[CardsInGraveyard] = _cards_in_graveyard


def _counter_unless_amount(g: Game, ctx: Context, e: CounterUnlessPaysAmount) -> list | None:
    if not ctx.legal[e.target.index]:
        return None  # 608.2b: an illegal target is not affected
    oid = ctx.targets[e.target.index]
    it = next((it for it in g.s.stack if it.kind == "spell" and it.obj == oid), None)
    if it is None or it.controller is None:
        return None
    a = e.amount
    base = _cards_in_graveyard(g, ctx, a) if isinstance(a, CardsInGraveyard) else effect_context.amount(g, ctx, a)
    n = max(0, base) * e.multiplier  # 107.1b: never less than 0
    cost = parse_cost(f"{{{n}}}")
    return [effect_context.queue_choice(
        "pay_or_counter_then", it.controller, cost.text,
        f"{ctx.name}: pay {cost.text} or {it.name} is countered (true to pay, false not to)",
        (oid, cost, ctx.name, e.declined, e.countered_to))]


def _answer_pay_or_counter_then(g: Game, d: Any, value: Any) -> None:
    data = choice_effects.answer_pay_or_counter(g, d, value, "118.3, 601.2h")
    if data is None:
        return
    oid, _, name, declined, countered_to = data
    if countered_to is None:
        choice_effects.counter_on_stack(g, oid, name)
    else:  # 614.1a: "exile it instead of putting it into its owner's graveyard" (Syncopate)
        zone_change_effects.counter_to_zone(g, oid, countered_to, name)
    for what in declined:
        if what == "tap_mana_lands":
            _tap_mana_lands(g, d.player)
        elif what == "lose_unspent_mana":
            _lose_unspent_mana(g, d.player, name)


def _tap_mana_lands(g: Game, p: int) -> None:
    """"They tap all lands with mana abilities they control" (605.1a: a land's mana abilities, including the
    intrinsic ones of its basic land types, 305.6)."""
    for oid in list(g.s.battlefield):
        o = g.s.objects[oid]
        if o.controller != p or o.tapped:
            continue
        c = g.chars(o)
        if "Land" in c.types and any(isinstance(ab, ManaAbility) for ab in c.abilities):
            g.tap(o, "701.26a")


def _lose_unspent_mana(g: Game, p: int, name: str) -> None:
    """106.4: "lose all unspent mana": the player's mana pool empties (restricted mana with it, 106.6)."""
    pl = g.s.players[p]
    if pl.pool != EMPTY:
        g.record("mana_empties", "106.4", player=pl.name, mana=format_bag(pl.pool), source=name)
        pl.pool = EMPTY
        pl.snow_pool = EMPTY
    mana_abilities.clear(g, p)


registry.register_effect(CounterUnlessPaysAmount, _counter_unless_amount)
registry.CHOICES["pay_or_counter_then"] = (choice_effects.pay_or_counter_actions, _answer_pay_or_counter_then)


# ---------------------------------------------------------------------------- targets bounded by a number


def _bound(g: Game, flt: ManaValueBound, o: Obj, controller: int, source: int | None) -> int:
    if flt.counters_on_source:
        src = g.s.objects.get(source) if source is not None else None
        return src.counters.get(flt.counters_on_source, 0) if src is not None else 0
    if flt.x:
        # 601.2b: the X announced for the spell (its source), before its targets were chosen (601.2c)
        src = g.s.objects.get(source) if source is not None else None
        return src.x if src is not None else 0
    if flt.controllers_graveyard:
        # "its controller's graveyard": the graveyard of the player who controls the object now (108.4)
        who = o.controller if o.zone in (BATTLEFIELD, STACK) and o.controller is not None else o.owner
        return len(g.s.players[who].graveyard)
    assert flt.count is not None
    return sum(1 for x in g.permanents() if targeting.matches_filter(g, flt.count, x, controller, source))


def _mana_value_bound_matches(g: Game, flt: ManaValueBound, o: Obj, c: Any, controller: int,
                              source: int | None) -> bool:
    if not targeting.matches_filter_lki(g, flt.base, o, c, controller, source):
        return False
    mv, n = targeting.mana_value(o), _bound(g, flt, o, controller, source)
    return mv == n if flt.exact else mv <= n


def _targets_matching_matches(g: Game, flt: TargetsMatching, o: Obj, c: Any, controller: int,
                              source: int | None) -> bool:
    if not targeting.matches_filter_lki(g, flt.base, o, c, controller, source):
        return False
    it = next((it for it in g.s.stack if it.kind == "spell" and it.obj == o.id), None)
    if it is None:
        return False
    for t in it.targets:
        x = g.s.objects.get(t) if t is not None and t >= 0 else None
        if x is not None and x.zone == BATTLEFIELD and targeting.matches_filter(g, flt.what, x, controller, source):
            return True
    return False


def _single_target_matches(g: Game, flt: SingleTarget, o: Obj, c: Any, controller: int, source: int | None) -> bool:
    if not targeting.matches_filter_lki(g, flt.base, o, c, controller, source):
        return False
    it = next((it for it in g.s.stack if it.kind == "spell" and it.obj == o.id), None)
    return it is not None and sum(1 for t in it.targets if t is not None) == 1


def _change_target(g: Game, ctx: Context, e: ChangeTarget) -> list | None:
    """115.7: the new target is chosen now, among the targets legal for the spell other than its current one."""
    if not ctx.legal[e.target.index]:
        return None
    s = g.s
    spell = ctx.targets[e.target.index]
    item = next((it for it in s.stack if it.kind == "spell" and it.obj == spell), None)
    if item is None:
        return None
    chosen = [i for i, t in enumerate(item.targets) if t is not None]
    if len(chosen) != 1:
        return None
    i = chosen[0]
    o = s.objects[spell]
    spec = targeting.fitted_specs(_stack_module.spell_targets(o.card, item.modes), len(item.targets))[i]
    cands = tuple(t for t in targeting.target_candidates(g, spec, item.controller, o.id, g.chars(o).colors)
                  if t != item.targets[i])
    if not cands:
        g.log_event("change_target", "115.7d", card=o.card.name, source=ctx.name, changed=False)
        return None
    prompt = (f"115.7: choose the new target of {o.card.name} (now {g.name_of(item.targets[i])}): "
              f"{', '.join(g.name_of(t) for t in cands)}")
    # the spell's object id, not its stack item: a clone of the game (search, listings) shares this queue entry
    return [effect_context.queue_choice("change_target", ctx.controller, cands, prompt, (spell, i, ctx.name))]


def _answer_change_target(g: Game, d: Any, value: Any) -> None:
    s = g.s
    if value not in d.data:
        raise IllegalActionError(f"{d.prompt}: choose one of {', '.join(g.name_of(c) for c in d.data)}")
    spell, i, source = s.queue[0][5]
    s.pending = None
    s.queue.pop(0)
    item = next((it for it in s.stack if it.kind == "spell" and it.obj == spell), None)
    if item is None:
        return
    old = item.targets[i]
    at = s.stack.index(item)
    item = s.stack[at] = item.replaced(targets=item.targets[:i] + (value,) + item.targets[i + 1:])
    g.log_event("change_target", "115.7", card=item.name, source=source, old=g.name_of(old), new=g.name_of(value))
    trigger_events.targets_chosen(g, item.controller, item)  # it becomes the target of the spell (115.7)


def _counter_that_spell(g: Game, ctx: Context, e: CounterThatSpell) -> list | None:
    """701.5a: the spell the trigger's event is, if it is still on the stack (a copy of it is another spell)."""
    spell = ctx.event_obj
    if spell is None or spell < 0 or not any(it.kind == "spell" and it.obj == spell for it in g.s.stack):
        return None
    effects.counter_spell(g, spell, ctx.name)
    return None


registry.register_effect(CounterThatSpell, _counter_that_spell)
registry.register_effect(ChangeTarget, _change_target)
registry.CHOICES["change_target"] = (choice_effects.object_actions, _answer_change_target)
registry.FILTER_TESTS[SingleTarget] = _single_target_matches
registry.FILTER_TESTS[ManaValueBound] = _mana_value_bound_matches
registry.FILTER_TESTS[TargetsMatching] = _targets_matching_matches


# ---------------------------------------------------------------------------- its owner


def _owner_of(g: Game, ctx: Context, who: OwnerOf) -> list[int]:
    """The owner of the target `who.of` names: the object now, or as it last existed once it has left its
    zone (a destroyed creature, 608.2h); nobody for a target that was illegal (608.2b)."""
    if not isinstance(who.of, V.Ref) or not ctx.legal[who.of.index]:
        return []
    oid = ctx.targets[who.of.index]
    if oid is None or oid < 0:
        return []
    o = g.s.objects.get(oid)
    if o is None:
        lki = g.s.lki.get(oid)
        o = lki[0] if lki else None
    return [o.owner] if o is not None else []


registry.WHO_RESOLVERS[OwnerOf] = _owner_of

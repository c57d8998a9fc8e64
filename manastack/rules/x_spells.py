"""Spells and abilities with {X} in their costs (107.3), and the triggered abilities that watch for them
(compiled by cards/templates/triggers_x_spells.py).

- 601.2i / 603.2: "Whenever you cast a [kind] spell with {X} in its mana cost" ("with a mana cost that
  contains {X}"): TriggeredAbility event "cast_x"; its event object is that spell (its object id), so
  "that spell" and "it" refer to it.
- 602.2i / 603.2 / 603.4: "Whenever you cast an instant or sorcery spell or activate an ability, if that
  spell's mana cost or that ability's activation cost contains {X}, ..." (scope "or_ability"): the event
  object of an activated ability is its stack object.
- 107.3 / 107.3a: "double the value of X" (Unbound Flourishing): the spell's X becomes twice the announced
  value while it is on the stack; its mana value follows it (202.3e) and the permanent it becomes enters
  with that X (107.3m).
- 707.10 / 707.10c: "copy that spell or ability. You may choose new targets for the copy.": a copy of a
  spell (rules/spell_copies.py) or of an activated ability (it copies the ability, its targets, X and the
  choices made for it; it is controlled by the player who copies it, and its source is the original's).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..errors import IllegalActionError
from ..model import actions as A
from ..model.state import StackItem
from ..model.vocab.x_spells import (  # noqa: F401 (the vocabulary this module executes)
    EVENT,  # noqa: F401 (the vocabulary this module executes)
    CopyThat,
    DoubleX,
)
from . import add_hook, effect_context, spell_copies, targeting, trigger_events, trigger_queue

if TYPE_CHECKING:
    from ..engine.game import Game


def _spell_has_x(g: Game, spell: int) -> bool:
    o = g.s.objects.get(spell)
    return o is not None and o.card.mana_cost.x_count > 0


def spell_cast(g: Game, p: int, spell: int) -> None:
    """registry.SPELL_CAST_HOOKS: a spell with {X} in its mana cost became cast (601.2i)."""
    if not _spell_has_x(g, spell):
        return
    o = g.s.objects[spell]
    for w, ab in trigger_queue.watchers(g, (EVENT,)):
        if ab.who == "you" and w.controller != p or ab.who == "opponent" and w.controller == p:
            continue
        if ab.filter is None or targeting.matches_filter(g, ab.filter, o, w.controller, w.id):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=spell)


def ability_activated(g: Game, p: int, item: StackItem) -> None:
    """registry.ABILITY_ACTIVATED_HOOKS: an ability whose activation cost contains {X} was activated
    (602.2i)."""
    cost = getattr(getattr(item.ability, "cost", None), "mana", None)
    if cost is None or not getattr(cost, "x_count", 0):
        return
    for w, ab in trigger_queue.watchers(g, (EVENT,)):
        if ab.scope == "or_ability" and not (ab.who == "you" and w.controller != p):
            trigger_queue.queue(g, w.controller, w.id, ab, None, w.card.name, event_obj=item.id)


def _item(g: Game, ref: int | None) -> StackItem | None:
    """The spell (by its object) or activated ability (by its stack object) `ref` names, if still on the stack."""
    if ref is None:
        return None
    for it in g.s.stack:
        if it.kind == "spell" and it.obj == ref or it.kind == "ability" and it.id == ref:
            return it
    return None


def _double_x(g: Game, ctx: effect_context.Context, e: DoubleX) -> list | None:
    s = g.s
    item = _item(g, ctx.event_obj)
    if item is None or item.kind != "spell":
        return None  # 608.2b: the spell left the stack
    x = item.x * 2
    s.stack[s.stack.index(item)] = item.replaced(x=x)
    if item.obj in s.objects:
        s.objects[item.obj].x = x  # 202.3e: its mana value on the stack counts the new X
    g.invalidate()
    g.log_event("double_x", "107.3", card=item.name, source=ctx.name, x=x, was=item.x)
    return None


def _copy_that(g: Game, ctx: effect_context.Context, e: CopyThat) -> list | None:
    item = _item(g, ctx.event_obj)
    if item is None:
        g.log_event("copy_spell", "707.10", card=ctx.name, copies=0, reason="it is no longer on the stack")
        return None
    if item.kind == "spell":
        if e.new_targets:
            return spell_copies._copies(g, ctx.controller, item, 1, "707.10c")
        spell_copies.copy_spell(g, item, ctx.controller, item.targets, "707.10")
        return None
    specs = getattr(item.ability, "targets", ())
    if not specs or not e.new_targets:
        copy_ability(g, item, ctx.controller, item.targets, "707.10")
        return None
    cands = tuple(dict.fromkeys(t for opt in ability_target_options(g, ctx.controller, item) for t in opt
                                if t is not None))
    return [effect_context.queue_choice("copy_ability_targets", ctx.controller, cands,
                      f"{item.name}: choose the targets of the copy of its ability (the original's: "
                      f"{[g.name_of(t) for t in item.targets]})", item)]


def copy_ability(g: Game, item: StackItem, controller: int, targets: tuple, rule: str) -> None:
    """707.10: put a copy of the activated ability `item` on the stack (not activated: no costs are paid
    and "whenever you activate" doesn't trigger), with the original's X and choices."""
    s = g.s
    new = StackItem(s.next_id, "ability", controller, item.name, source=item.source, ability=item.ability,
                    targets=targets, x=item.x, source_lki=item.source_lki, modes=item.modes, choices=item.choices)
    s.next_id += 1
    s.stack.append(new)
    trigger_events.targets_chosen(g, controller, new)
    g.log_event("copy_ability", rule, card=item.name, targets=[g.name_of(t) for t in targets])


def ability_target_options(g: Game, p: int, item: StackItem) -> list[tuple]:
    """707.10c: the targets the copy may have: the original's (if still legal) first, then the others."""
    src = g.s.objects.get(item.source) if item.source is not None else None
    colors = g.chars(src).colors if src is not None else frozenset()
    specs = item.ability.targets
    combos: list[tuple] = [()]
    for spec in specs:
        cands = targeting.target_candidates(g, spec, p, item.source, colors)
        combos = [c + (t,) for c in combos for t in cands if t not in c][:200]
    orig = item.targets
    if len(orig) == len(specs) and all(t is not None and targeting.target_legal(g, sp, t, p, item.source, colors)
                                       for sp, t in zip(specs, orig)):
        combos = [orig] + [c for c in combos if c != orig]
    return combos


def _copy_ability_target_actions(g: Game, d: Any) -> list:
    item = g.s.queue[0][5]
    return [A.Choose(t) for t in ability_target_options(g, d.player, item)] or [A.Choose(())]


def _answer_copy_ability_targets(g: Game, d: Any, value: Any) -> None:
    s = g.s
    item = s.queue[0][5]
    opts = ability_target_options(g, d.player, item)
    if isinstance(value, list):
        value = tuple(value)
    if not isinstance(value, tuple) or (value not in opts and not (value == () and not opts)):
        raise IllegalActionError(f"{d.prompt}: choose legal targets for the copy (707.10c)")
    s.pending = None
    s.queue.pop(0)
    if value == () and not opts:
        g.log_event("copy_ability", "707.10c", card=item.name, copies=0, reason="no legal targets")
        return
    copy_ability(g, item, d.player, value, "707.10c")


registry.register_effect(DoubleX, _double_x)
registry.register_effect(CopyThat, _copy_that)
registry.CHOICES["copy_ability_targets"] = (_copy_ability_target_actions, _answer_copy_ability_targets)
add_hook(registry.SPELL_CAST_HOOKS, spell_cast, events=(EVENT,))  # its watchers
add_hook(registry.ABILITY_ACTIVATED_HOOKS, ability_activated, events=(EVENT,))

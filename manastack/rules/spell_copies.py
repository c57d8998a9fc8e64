"""Copies of a spell (707.10): storm 702.40, gravestorm 702.69, replicate 702.56, conspire 702.78,
casualty 702.153, squad 702.157, "copy target instant or sorcery spell"; a copy ceases to exist when
it leaves the stack (704.5e). The vocabulary is compiled by cards/templates/casting.py, the hooks are
registered by rules/casting.py.

- 707.10c: the controller of a copy may choose new targets for it.
- "Whenever a player casts an instant or sorcery spell that targets only a single Golem, that player copies that
  spell for each other Golem that spell could target. Each copy targets a different one of those Golems."
  (Precursor Golem): as the ability resolves, one copy per other such permanent the spell could target
  (115.1, 608.2b: a legal target for the copy's controller), each with that permanent in place of the
  original's target; nothing if the spell has left the stack or no longer targets a single object.
- The chain spells (Chain Lightning): "Then that player or that permanent's controller may pay {R}{R}. If the
  player does, they may copy this spell and may choose a new target for that copy.": that player (608.2h: the
  permanent's controller as it last existed) chooses (608.2d), pays, and controls the copy of the resolving
  spell (608.2n: it is still on the stack), which goes on the stack above it and resolves after it; 707.10c
  they choose its target (the original's or another). Offered only to a player able to do what it asks (a
  card to discard, a land to sacrifice).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..errors import IllegalActionError
from ..model import actions as A
from ..model import vocab as V
from ..model.state import STACK, StackItem
from ..model.vocab.spell_copies import (  # noqa: F401 (the vocabulary this module executes)
    CopyForEachOtherTarget,
    CopyResolvingSpell,
    CopyTargetSpell,
    CopyThisSpell,
    StormCopies,
)
from . import effect_context, trigger_events
from . import stack as _stack_module
from . import targeting as _targeting_module

if TYPE_CHECKING:
    from ..engine.game import Game


def _copy_target_spell(g: Game, ctx: Any, e: CopyTargetSpell) -> list | None:
    if not ctx.legal[e.target.index]:
        return None
    oid = ctx.targets[e.target.index]
    item = _stack_module.item_for(g, oid)
    if item is None or item.kind != "spell" or item.obj != oid:
        return None
    if e.new_targets:
        return _copies(g, ctx.controller, item, 1, "707.10c")
    copy_spell(g, item, ctx.controller, item.targets, "707.10")
    return None


def _copy_this_spell(g: Game, ctx: Any, e: CopyThisSpell) -> list | None:
    item = _stack_module.item_for(g, ctx.source) if ctx.source is not None else None
    if item is None or item.kind != "spell" or item.obj != ctx.source:
        g.log_event("copy_spell", e.rule, card=ctx.name, copies=0, reason="the spell is no longer on the stack")
        return None
    return _copies(g, ctx.controller, item, e.count, e.rule)


def _copy_for_each_other(g: Game, ctx: Any, e: CopyForEachOtherTarget) -> list | None:
    """707.10: a copy per other permanent the spell could target, each targeting a different one of them."""
    s = g.s
    spell = ctx.event_obj
    item = _stack_module.item_for(g, spell) if spell is not None and spell >= 0 else None
    if item is None or item.kind != "spell" or item.obj != spell:
        return None
    chosen = {t for t in item.targets if t is not None}
    if len(chosen) != 1:
        return None
    (original,) = chosen
    copier = item.controller if e.by_caster else ctx.controller
    o = s.objects[spell]
    specs = _targeting_module.fitted_specs(_stack_module.spell_targets(o.card, item.modes), len(item.targets))
    colors = g.chars(o).colors
    for perm in g.permanents():
        if perm.id == original or not _targeting_module.matches_filter(g, e.filter, perm, copier):
            continue
        targets = tuple(perm.id if t == original else t for t in item.targets)
        if all(t is None or _targeting_module.target_legal(g, sp, t, copier, o.id, colors)
               for sp, t in zip(specs, targets)):
            copy_spell(g, item, copier, targets, "707.10")
    return None


def _copy_resolving_spell(g: Game, ctx: Any, e: CopyResolvingSpell) -> list | None:
    """707.10c: the player copies the spell that is resolving, choosing the copy's targets."""
    item = _stack_module.item_for(g, ctx.source) if ctx.source is not None else None
    players = effect_context.resolve_who(g, ctx, e.who)
    if item is None or item.kind != "spell" or item.obj != ctx.source or not players:
        return None
    return _copies(g, players[0], item, 1, "707.10c")


def cannot_do_for_copy(g: Game, p: int, effects: tuple) -> bool:
    """608.2d: "that player may discard a card / sacrifice a land of their choice. If the player does, ...":
    impossible for a player with no card in hand / no such permanent (registry.MAY_IMPOSSIBLE)."""
    if len(effects) != 2 or not isinstance(effects[1], V.Optional) or not any(
            isinstance(x, CopyResolvingSpell) for x in effects[1].effects):
        return False
    first = effects[0]
    if isinstance(first, V.Discard):
        return not g.s.players[p].hand
    if isinstance(first, V.Sacrifice):
        return not any(o.controller == p and _targeting_module.matches_filter(g, first.filter, o, p)
                       for o in g.permanents())
    return False


def copy_spell(g: Game, item: StackItem, controller: int, targets: tuple[int, ...], rule: str) -> int:
    """707.10: put a copy of the spell `item` on the stack (not cast, 707.10; its controller
    `controller`; the choices made for the original, 707.10: modes, X, kicker ..., with `targets`).
    A copy is a token-like object: in any other zone it ceases to exist (704.5e, via 704.5d), and it
    leaves the game as it finishes resolving (resolved_spell)."""
    s = g.s
    src = s.objects[item.obj]
    card = dataclasses.replace(src.card, is_token=True)
    o = g.new_object(card, controller, STACK, controller=controller)
    o.x = item.x
    skip = ("rebound", "storm_count", "gravestorm_count", "flashback")
    choices = tuple(c for c in item.choices if not (isinstance(c, tuple) and c[:1] and c[0] in skip)) + (("copy", True),)
    new = StackItem(o.id, "spell", controller, card.name, obj=o.id, source=o.id, targets=targets, x=item.x,
                    modes=item.modes, choices=choices)
    s.stack.append(new)
    trigger_events.targets_chosen(g, controller, new)
    g.invalidate()
    g.log_event("copy_spell", rule, card=card.name, id=o.id, targets=[g.name_of(t) for t in targets])
    return o.id


def target_options(g: Game, p: int, item: StackItem) -> list[tuple[int, ...]]:
    """707.10c: the targets a copy of `item` may have: the original's (if still legal) first, then every
    other legal choice."""
    o = g.s.objects[item.obj]
    specs = _targeting_module.fitted_specs(_stack_module.spell_targets(o.card, item.modes), len(item.targets))
    combos: list[tuple[int, ...]] = [()]
    for i, spec in enumerate(specs):
        # 601.2c / 707.10: a copy has the original's number of targets (an "up to" target left unchosen
        # stays so; the division of its damage, 115.7f, is copied with it)
        cands = [None] if i < len(item.targets) and item.targets[i] is None else \
            _targeting_module.target_candidates(g, spec, p, o.id, g.chars(o).colors)
        combos = [c + (t,) for c in combos for t in cands if t is None or t not in c]
        if len(combos) > 200:
            combos = combos[:200]
    orig = item.targets
    if orig and all(_targeting_module.target_legal(g, sp, t, p, o.id, g.chars(o).colors) for sp, t in zip(specs, orig)) \
            and len(orig) == len(specs):
        combos = [orig] + [c for c in combos if c != orig]
    return combos


def _storm_count(item: StackItem, kind: str = "storm") -> int:
    for c in item.choices:
        if isinstance(c, tuple) and len(c) == 2 and c[0] == f"{kind}_count":
            return int(c[1])
    return 0


def _storm(g: Game, ctx: Any, e: StormCopies) -> list | None:
    item = _stack_module.item_for(g, ctx.source) if ctx.source is not None else None
    if item is None or item.kind != "spell" or item.obj != ctx.source:
        # 702.40c would copy the spell as it last existed on the stack: not modelled once it left.
        g.log_event("storm", "702.40a", card=ctx.name, copies=0, reason="the spell is no longer on the stack")
        return None
    n = _storm_count(item, e.kind)
    rule = "702.40a" if e.kind == "storm" else "702.69a"
    g.log_event(e.kind, rule, card=ctx.name, copies=n)
    return _copies(g, ctx.controller, item, n, rule)


def _copies(g: Game, p: int, item: StackItem, n: int, rule: str) -> list | None:
    """Make `n` copies of `item`, asking for each copy's targets when it has any (707.10c)."""
    if n <= 0:
        return None
    if not _stack_module.spell_targets(g.s.objects[item.obj].card, item.modes):
        for _ in range(n):
            copy_spell(g, item, p, (), rule)
        return None
    return [_copy_choice(g, p, item, n, rule, effect_context.queue_choice)]


def _copy_choice(g: Game, p: int, item: StackItem, n: int, rule: str, make) -> tuple:
    opts = target_options(g, p, item)
    cands = tuple(dict.fromkeys(t for opt in opts for t in opt))
    return make("copy_targets", p, cands, f"{item.name}: choose the targets of a copy ({n} left; the original's: "
                f"{[g.name_of(t) for t in item.targets]})", (item, n, rule))


def _copy_target_actions(g: Game, d: Any) -> list:
    item, _, _ = g.s.queue[0][5]
    if item.obj not in g.s.objects:
        return [A.Choose(())]
    return [A.Choose(t) for t in target_options(g, d.player, item)] or [A.Choose(())]


def _answer_copy_targets(g: Game, d: Any, value: Any) -> None:
    s = g.s
    item, n, rule = s.queue[0][5]
    if item.obj not in s.objects:
        s.pending = None
        s.queue.pop(0)
        return
    opts = target_options(g, d.player, item)
    if isinstance(value, list):
        value = tuple(value)
    if not isinstance(value, tuple) or (value not in opts and not (value == () and not opts)):
        raise IllegalActionError(f"{d.prompt}: choose legal targets for the copy (707.10c)")
    s.pending = None
    if value == () and not opts:
        s.queue.pop(0)  # no legal targets: the copy would have none (it can't be put on the stack with them)
        g.log_event("copy_spell", rule, card=item.name, copies=0, reason="no legal targets")
        return
    copy_spell(g, item, d.player, value, rule)
    if n > 1:
        s.queue[0] = _copy_choice(g, d.player, item, n - 1, rule, effect_context.queue_choice)
    else:
        s.queue.pop(0)

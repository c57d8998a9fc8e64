"""702.103 bestow, once the spell is cast (compiled by cards/templates/keywords_bestow.py; the alternative
cost and the bestowed characteristics, 702.103a-b, are in rules/alternative_costs.py):

- 702.103b / 303.4f: a bestowed Aura spell resolves into a bestowed Aura attached to its target; the
  permanent keeps the card's own characteristics as `Obj.own_card`, which it has again in any other zone
  (400.7: a card that leaves the battlefield is no longer bestowed).
- 702.103e / 608.3b: as a bestowed Aura spell begins resolving, if its target is illegal, it ceases to be
  bestowed and resolves as an enchantment creature spell (it doesn't fizzle, 608.2b).
- 702.103f: a bestowed Aura that becomes unattached, or is attached to an illegal object, becomes
  unattached and ceases to be bestowed: an enchantment creature again, staying on the battlefield (an
  exception to 704.5m), checked just before state-based actions (registry.PRE_CHECK).
- Leaving the stack for any zone but the battlefield (countered, 701.5a), the card is its own again.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..engine import registry
from ..model.events import AttachChange
from ..model.state import BATTLEFIELD, StackItem
from ..model.vocab.alternative_costs import Bestow
from . import add_hook, alternative_costs, targeting
from . import stack as _stack_module

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _begins_resolving(g: Game, item: StackItem) -> None:
    """702.103e: an illegal target as it begins resolving: it resolves as a creature spell."""
    o = g.s.objects.get(item.obj) if item.obj is not None else None
    base = alternative_costs.unbestowed(o.card) if o is not None else None
    if o is None or base is None:
        return
    specs = _stack_module.spell_targets(o.card)
    if specs and item.targets and targeting.target_legal(g, specs[0], item.targets[0], item.controller, o.id,
                                                         g.chars(o).colors):
        return
    o.card = base
    g.invalidate()
    g.log_event("bestow_ends", "702.103e", card=base.name, reason="its target is illegal: it resolves as a creature")


def _leaving_stack(g: Game, o: Obj, to: str) -> None:
    """Countered or otherwise put anywhere but the battlefield: the card is its own (400.7)."""
    base = alternative_costs.unbestowed(o.card)
    if base is not None and to != BATTLEFIELD:
        o.card = base


def _entered(g: Game, item: StackItem, new: int) -> None:
    """303.4f: the bestowed Aura entered attached to its target; it remembers its own card (400.7)."""
    o = g.s.objects.get(new)
    if o is not None:
        base = alternative_costs.unbestowed(o.card)
        if base is not None:
            o.own_card = base


def _attached_legally(g: Game, o: Obj) -> bool:
    host = g.s.objects.get(o.attached_to) if o.attached_to is not None and o.attached_to >= 0 else None
    if host is None or host.zone != BATTLEFIELD or "Creature" not in g.chars(host).types:
        return False
    c = g.chars(o)
    return not targeting.protected_from(g, host, c.colors, c)  # 702.16c


def _unattached(g: Game) -> bool:
    """registry.PRE_CHECK: 702.103f, before 704.5m would put the Aura into its owner's graveyard."""
    if not g.may_have(Bestow):
        return False
    s = g.s
    changed = False
    for oid in list(s.battlefield):
        o = s.objects[oid]
        base = alternative_costs.unbestowed(o.card)
        if base is None or _attached_legally(g, o):
            continue
        if o.attached_to is not None:
            g.perform(AttachChange("702.103f", oid, None))
        o.card = base
        o.own_card = None
        g.invalidate()
        g.log_event("bestow_ends", "702.103f", card=base.name, reason="unattached: it is an enchantment creature")
        changed = True
    return changed


# (bestow_swap, 702.103a, is registered by rules/casting.py after the other card swaps of alternative_costs: one
# module registers them all, so their order doesn't depend on which module is imported first)
add_hook(registry.SPELL_BEGINS_RESOLVING, _begins_resolving, classes=(Bestow,))
add_hook(registry.LEAVING_STACK_HOOKS, _leaving_stack, classes=(Bestow,))
add_hook(registry.PERMANENT_SPELL_HOOKS, _entered, classes=(Bestow,))
add_hook(registry.PRE_CHECK, _unattached)

"""CR 602.1, 605.1a, 113.6b, 602.5d: the activated abilities an object has now, in printed order after
the effects that add or remove abilities (613.1f), which of them are mana abilities, and "activate
only as a sorcery" written among an ability's effects becoming its timing. Remembered per abilities
tuple, since every object with the same abilities shares them.
"""

from __future__ import annotations

import functools
from dataclasses import replace
from typing import TYPE_CHECKING

from ..model import actions as A
from ..model.costs import ANY_COLOR_OUTPUTS
from ..model.memo import by_identity
from ..model.state import BATTLEFIELD
from ..model.vocab import ActivatedAbility, ActivationRestriction, Cost, CostPlus, ManaAbility

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def activated_abilities(g: Game, o: Obj) -> list[ManaAbility | ActivatedAbility]:
    """Activated abilities in printed order, after effects that add or remove abilities (a list the
    caller must not change: it is shared by every object with the same abilities)."""
    return activated_entry(g.chars(o).abilities)[1]


def nonmana_abilities(g: Game, o: Obj) -> list[tuple[int, ActivatedAbility]]:
    """(index in `activated_abilities`, ability) for the activated abilities that aren't mana abilities
    (most permanents have none: priority skips them at once)."""
    return activated_entry(g.chars(o).abilities)[2]


@functools.partial(by_identity, limit=20_000)
def activated_entry(abilities: tuple) -> tuple:
    """(the abilities tuple, its activated abilities, the non-mana ones with their indices,
    _plain_tap_mana of them), remembered per abilities tuple."""
    # 113.6b: abilities that work only from a hand (cycling, `zone == "hand"`) are not a permanent's.
    out = [_timed(ab) if type(ab) is ActivatedAbility else ab for ab in abilities
           if isinstance(ab, (ManaAbility, ActivatedAbility)) and getattr(ab, "zone", "") not in ("hand", "graveyard")]
    return (abilities, out, [(i, ab) for i, ab in enumerate(out) if isinstance(ab, ActivatedAbility)],
            _plain_tap_mana(out))


def _plain_tap_mana(activated: list) -> tuple | None:
    """For a permanent whose every mana ability is a plain "{T}: Add ..." of fixed outputs (basic lands,
    dual lands, mana creatures): (((index, outputs), ...), their outputs merged, solver rank if it isn't
    a creature, rank if it is) — what `mana_sources` would compute for it, so that it needn't; None for
    anything else (its abilities then go through the general path)."""
    group: list[tuple[int, tuple]] = []
    ranks: list[int] = []
    for idx, ab in enumerate(activated):
        if not isinstance(ab, ManaAbility):
            continue
        cost, prod = ab.cost, ab.production
        if type(ab) is not ManaAbility or type(cost) is not Cost or not cost.tap or cost.untap \
                or not cost.mana.is_empty() or cost.mana.x_count or cost.sacrifice is not None or cost.life \
                or cost.sacrifice_self:
            return None
        if prod.kind in ("fixed", "choice"):
            outs = tuple(dict.fromkeys(prod.bags))
        elif prod.kind == "any_color" and prod.amount == 1:
            outs = ANY_COLOR_OUTPUTS
        else:
            return None
        if not outs:
            return None
        group.append((idx, outs))
        ranks.append(1 if len(outs) > 1 else 0)
    if not group:
        return ((), (), 0, 0)
    merged = tuple(dict.fromkeys(x for _, outs in group for x in outs))
    rank = max(ranks)
    noncreature = max(rank, 1) if len(group) > 1 and len(merged) > 1 else rank
    return (tuple(group), merged, noncreature, rank + 2)


@by_identity
def _timed(ab: ActivatedAbility) -> ActivatedAbility:
    """602.5d: "Activate only as a sorcery", compiled among the effects (ActivationRestriction),
    becomes the ability's timing."""
    new = ab
    restr = [e for e in ab.effects if isinstance(e, ActivationRestriction)]
    if restr:
        new = replace(ab, effects=tuple(e for e in ab.effects if not isinstance(e, ActivationRestriction)),
                      sorcery_speed=ab.sorcery_speed or any(r.kind == "sorcery" for r in restr))
        others = [r.kind for r in restr if r.kind not in ("sorcery", "instant", "if")]
        conditions = [r.condition for r in restr if r.kind == "if"]
        if others or conditions:
            # 602.5b: the other restrictions are checked with the cost (cost_block_reason).
            cost = ab.cost
            fields = {f: getattr(cost, f) for f in cost.__dataclass_fields__}
            fields["restriction"] = others[0] if others else ""
            fields["restriction_condition"] = conditions[0] if conditions else None
            new = replace(new, cost=CostPlus(**fields))
    return new


def is_mana_ability_action(g: Game, action: A.ActivateAbility) -> bool:
    o = g.s.objects.get(action.source)
    if o is None or o.zone != BATTLEFIELD:
        return False
    abs_ = activated_abilities(g, o)
    return 0 <= action.index < len(abs_) and isinstance(abs_[action.index], ManaAbility)

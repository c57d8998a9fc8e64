"""Searching a library for a card that matches another object (701.19a-b): "you may search your library
for a creature card with the same total power and toughness, put it onto the battlefield, then shuffle"
(Wild Pair: the same total as the creature the trigger's event refers to, 208.1; compiled by
cards/templates/effects_library.py).

- 608.2h: the creature's power and toughness as they are now, or as it last existed on the battlefield.
- 701.19b: a search for a card with a stated quality may fail to find one; then the library is shuffled
  (the "search" choice of rules/library_effects.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import vocab as V
from ..model.state import BATTLEFIELD
from ..model.vocab.library_matching import (  # noqa: F401 (the vocabulary this module executes)
    SearchSameTotal,
)
from . import effect_context, targeting

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


@dataclass(frozen=True, slots=True)
class TotalPowerToughness(V.ObjectFilter):
    """A card whose power plus toughness is `total` (and that matches `base`): read through the
    `extra_match` door of rules/targeting.py matches_filter."""

    base: V.ObjectFilter = V.ANY_OBJECT
    total: int = 0

    def extra_match(self, g: Game, o: Obj, c: Any, controller: int, source: int | None) -> bool:
        if c.power is None or c.toughness is None or c.power + c.toughness != self.total:
            return False
        return targeting.matches_filter_lki(g, self.base, o, c, controller, source)


def _total_of(g: Game, oid: int | None) -> int | None:
    s = g.s
    if oid is None or oid < 0:
        return None
    o = s.objects.get(oid)
    if o is not None and o.zone == BATTLEFIELD:
        c = g.chars(o)
    elif oid in s.lki:
        c = s.lki[oid][1]  # 608.2h: as it last existed on the battlefield
    else:
        return None
    if c.power is None or c.toughness is None:
        return None
    return c.power + c.toughness


def _search_same_total(g: Game, ctx: effect_context.Context, e: SearchSameTotal) -> list | None:
    total = _total_of(g, ctx.event_obj if ctx.event_obj is not None else ctx.source)
    if total is None:
        return None
    flt = TotalPowerToughness(base=e.filter, total=total)
    return registry.EFFECT_HANDLERS[V.SearchLibrary](g, ctx, V.SearchLibrary(flt, e.to))


registry.register_effect(SearchSameTotal, _search_same_total)

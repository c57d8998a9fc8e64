"""CR 106.1, 700.5, 106.5, 106.7: mana abilities whose amount or kind of mana the game works out as
they resolve (templates: cards/templates/mana_amounts.py).

- 700.5: devotion. "Add an amount of {G} equal to your devotion to green" and "Choose a color. Add an
  amount of mana of that color equal to your devotion to that color" (DEVOTION: one output per color
  of the production's bags, that many mana of it; 700.5: the mana symbols of that color, hybrid ones
  included, among the mana costs of permanents you control, rules/static_counts.py devotion).
- "Add {C}. If you control an Urza's Power-Plant and an Urza's Tower, add {C}{C} instead." (the Urza
  lands), "Add {C}. If CARDNAME has a luck counter on it, instead add one mana of any color." (Gemstone
  Caverns), "Add {G}. If you control four or more creatures, add {G}{G} instead." (INSTEAD: a
  ConditionalProduction; the condition is read as the ability resolves, 608.2h).
- 106.5 / 107.1b: an amount of 0 (no devotion to the chosen color) adds no mana; a permanent that would
  add no mana now could produce no type of mana (106.7).
- 106.7: what a permanent could produce follows from these outputs now (rules/produce.py could_produce):
  a Gemstone Caverns with a luck counter could produce the five colors and not colorless.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from ..engine import registry
from ..model import vocab as V
from ..model.mana import COLORS, TYPES, Bag
from ..model.vocab.mana_amounts import (  # noqa: F401 (the vocabulary this module executes)
    DEVOTION,
    INSTEAD,
    ConditionalProduction,
    ControlsEach,
)
from . import intervening, produce, static_counts

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..model.state import Obj


def _devotion_outputs(g: Game, o: Obj, ab: V.ManaAbility, any_cost: bool) -> tuple[Bag, ...]:
    out = []
    for bag in ab.production.bags:
        color = next(t for t, n in zip(TYPES, bag) if n)
        n = static_counts.devotion(g.s, o.controller, frozenset({color})) if color in COLORS else 0
        if n > 0:  # 106.5 / 107.1b: no devotion to that color, no mana of it
            out.append(tuple(v * n for v in bag))
    return tuple(out)  # type: ignore[return-value]


def _instead_outputs(g: Game, o: Obj, ab: V.ManaAbility, any_cost: bool) -> tuple[Bag, ...]:
    prod = ab.production
    assert isinstance(prod, ConditionalProduction)
    chosen = prod.alternative if intervening.holds(g, prod.condition, o.id, None, None) else prod.base
    return produce.production_outputs(g, o, dataclasses.replace(ab, production=chosen), any_cost)


registry.PRODUCTION_KINDS[DEVOTION] = _devotion_outputs
registry.PRODUCTION_KINDS[INSTEAD] = _instead_outputs
# "Choose a color" is a choice; "an amount of {G}" is none. "If ..., add ... instead": either may be one.
registry.CHOICE_TESTS[DEVOTION] = lambda prod: len(prod.bags) > 1
registry.CHOICE_TESTS[INSTEAD] = lambda prod: produce.is_choice(prod.base) or produce.is_choice(prod.alternative)


def _controls_each(g: Game, cond: ControlsEach, source: int, lki: Any, event_obj: int | None) -> bool:
    o = g.s.objects.get(source)
    if o is None:
        return False
    perms = [g.chars(x) for x in g.permanents(o.controller)]
    return all(any((not types or types & c.types) and subtypes <= c.subtypes for c in perms)
               for types, subtypes in cond.each)


registry.CONDITION_EVALUATORS[ControlsEach] = _controls_each

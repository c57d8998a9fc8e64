"""Damage spells with riders (CR 608.2c, 701.15c, 119.3, 120.3): "CARDNAME deals damage to target creature
equal to the number of snow permanents you control" (Skred: the number counted as it resolves, 608.2h),
"A creature dealt damage this way can't be regenerated this turn" (Incinerate), "deals 2 damage to each
creature except for creatures you control with flying" (Flame Sweep), "You gain life equal to
the damage dealt this way" (Corrupt). Executed by rules/damage_riders.py. A rider is accepted only after a
sentence of the same ability that deals damage (EFFECTS_CHECKS).
"""

from __future__ import annotations

import re

from ...model import vocab as V
from ...model.vocab.damage_riders import DamageAllExcept, GainLifeDealtThisWay, NoRegenerationThisWay
from ...model.vocab.divided import DividedDamage
from ..compiler import EFFECTS_CHECKS, Unsupported
from .effects_common import N, amount, parse_filter, sub_effects, template


@template(r"(cardname|it) deals damage to (.+?) equal to the number of (.+)")
def _damage_equal_to_count(m: re.Match, targets: list) -> list:
    """"deals damage to X equal to the number of Y" is "deals X damage to ..., where X is the number of Y"."""
    return sub_effects(f"{m.group(1)} deals x damage to {m.group(2)}, where x is the number of {m.group(3)}", targets)


@template(rf"cardname deals {N} damage to each (creature|creature and each planeswalker) except for (.+)")
def _damage_all_except(m: re.Match, targets: list) -> list:
    """120.3: damage to each creature but those of the exception (Flame Sweep)."""
    types = frozenset({"Creature"} | ({"Planeswalker"} if "planeswalker" in m.group(2) else set()))
    return [DamageAllExcept(amount(m.group(1)), V.ObjectFilter(types=types), parse_filter(m.group(3)))]


@template(r"a creature dealt damage this way can't be regenerated this turn")
def _no_regeneration(m: re.Match, targets: list) -> list:
    """701.15c, until end of turn, for each creature the damage before it was dealt to."""
    return [NoRegenerationThisWay()]


@template(r"you gain life equal to the damage dealt this way")
def _gain_dealt(m: re.Match, targets: list) -> list:
    """119.3: the damage the sentence before it dealt."""
    return [GainLifeDealtThisWay()]


_DAMAGE = (V.DealDamage, V.DamageAll, DividedDamage, DamageAllExcept)


def _check(effects: list, targets: list) -> None:
    """A rider refers to the damage an earlier effect of the same ability dealt (608.2c)."""
    for i, e in enumerate(effects):
        if isinstance(e, NoRegenerationThisWay | GainLifeDealtThisWay) and not any(
                isinstance(x, _DAMAGE) for x in effects[:i]):
            raise Unsupported("'dealt damage this way' without damage dealt before it")


EFFECTS_CHECKS.append(_check)

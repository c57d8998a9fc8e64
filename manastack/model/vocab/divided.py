"""The vocabulary manastack/rules/divided.py executes (its rules are in that module's docstring): damage
divided among targets (601.2d, 608.2b)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

DIVIDE = "divide"  # the CastSpell choice ("divide", (n1, n2, ...)): the announced division (601.2d)


@dataclass(frozen=True, slots=True)
class DividedDamage(V.Effect):
    """"CARDNAME deals N damage divided as you choose among one, two, or three targets" / "... among any
    number of target creatures": `amount` damage divided among the targets `first` to `first + count - 1`
    (count 0: `first` to the last, a repeating target spec, 601.2c). As you choose: the division is
    announced as the spell is cast, each chosen target getting at least 1 (601.2d). `even`: "divided
    evenly, rounded down" (107.1a): each target is dealt amount // number of targets, no division asked."""

    amount: V.Amount
    first: int
    count: int = 0
    even: bool = False

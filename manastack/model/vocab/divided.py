"""The vocabulary manastack/rules/divided.py executes (its rules are in that module's docstring): damage
divided among targets (601.2d, 608.2b)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

DIVIDE = "divide"  # the CastSpell choice ("divide", (n1, n2, ...)): the announced division (601.2d)


@dataclass(frozen=True, slots=True)
class Divided(V.Effect):
    """Something divided among targets (601.2d): `amount` among the targets `first` to
    `first + count - 1` (count 0: `first` to the last, a repeating target spec, 601.2c)."""

    amount: V.Amount
    first: int
    count: int = 0
    even: bool = False


@dataclass(frozen=True, slots=True)
class DividedDamage(Divided):
    """"CARDNAME deals N damage divided as you choose among one, two, or three targets" / "... among any
    number of target creatures": `amount` damage divided among the targets `first` to `first + count - 1`
    (count 0: `first` to the last, a repeating target spec, 601.2c). As you choose: the division is
    announced as the spell is cast, each chosen target getting at least 1 (601.2d). `even`: "divided
    evenly, rounded down" (107.1a): each target is dealt amount // number of targets, no division asked."""


@dataclass(frozen=True, slots=True)
class DividedCounters(Divided):
    """"Distribute two +1/+1 counters among one or two target creatures": `amount` counters of `kind`
    divided as the controller chooses as the spell is cast (601.2d)."""

    kind: str = "+1/+1"


@dataclass(frozen=True, slots=True)
class DividedPrevention(Divided):
    """615.7 / 601.2d: "Prevent the next 4 damage that would be dealt this turn to any number of targets,
    divided as you choose": a prevention shield on each target for the amount announced for it as the
    spell is cast (each at least 1)."""


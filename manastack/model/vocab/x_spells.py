"""The vocabulary manastack/rules/x_spells.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

EVENT = "cast_x"


@dataclass(frozen=True, slots=True)
class DoubleX(V.Effect):
    """107.3: "double the value of X" of the spell the trigger's event refers to."""


@dataclass(frozen=True, slots=True)
class CopyThat(V.Effect):
    """707.10 / 707.10c: "copy that spell [or ability]. You may choose new targets for the copy.": the spell a
    "whenever you cast" trigger's event refers to (`spell` names it so the trigger carries it, rules/triggers.py
    reads_the_spell)."""

    new_targets: bool = True
    spell: str = V.THAT_SPELL



"""The vocabulary manastack/rules/cast_origin.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class WasCast:
    """603.4: "if you cast it" (`by_you`), "if you cast it from your hand" (`zone` "hand"), "if it was cast",
    negated by `negate` ("if you didn't cast it from your hand", "if it wasn't cast"). "It" is the permanent
    that entered: the source itself for "when CARDNAME enters" (`of_event` False), else the trigger's event
    object."""

    by_you: bool = True
    zone: str = ""
    negate: bool = False
    of_event: bool = False



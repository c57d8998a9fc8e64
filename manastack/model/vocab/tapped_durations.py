"""The vocabulary manastack/rules/tapped_durations.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class WhileSourceTapped(V.Effect):
    """611.2b: "[effects] for as long as CARDNAME remains tapped" (`controlled`: "for as long as you control CARDNAME
    and CARDNAME remains tapped"). The effects are ones with no end of their own (a pump, "doesn't untap during its
    controller's untap step", a control change); they end when the duration does."""

    effects: tuple[V.Effect, ...]
    controlled: bool = False

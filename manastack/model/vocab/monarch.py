"""The vocabulary manastack/rules/monarch.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class BecomeMonarch(V.Effect):
    """722.1: "[you / target player] become(s) the monarch"."""

    who: V.Who = V.YOU

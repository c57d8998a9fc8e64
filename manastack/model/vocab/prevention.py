"""The vocabulary manastack/rules/prevention.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PreventNextFromSource(V.Effect):
    """"The next time a red source of your choice would deal damage to you this turn, prevent that damage"
    (609.7a: the source is chosen as the effect is created; 615.7: the shield is used up once it
    prevents damage). `quality`: what the source must be; `to`: YOU, a Ref, or None (any recipient)."""

    quality: V.ObjectFilter
    to: Any = None



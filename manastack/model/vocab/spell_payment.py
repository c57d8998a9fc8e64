"""The vocabulary manastack/rules/spell_payment.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PaymentKeyword(V.Ability):
    """702.51 convoke, 702.126 improvise, 702.66 delve (`kind`)."""

    kind: str



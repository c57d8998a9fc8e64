"""The vocabulary manastack/rules/phasing.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PhaseOut(V.Effect):
    """702.26a: "CARDNAME phases out", "Target creature you control phases out": the permanent, and what is
    attached to it (702.26g), phases out until its controller's next untap step (702.26b)."""

    target: V.Who

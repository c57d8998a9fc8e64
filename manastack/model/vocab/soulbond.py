"""The vocabulary manastack/rules/soulbond.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V

# The ContinuousEffect kind recording one creature of a pair (target) and its partner (data), 702.95b
PAIRED = "soulbond_paired"


@dataclass(frozen=True, slots=True)
class PairWithAnother(V.Effect):
    """702.95a, the first trigger: "you may pair this creature with another unpaired creature you control"
    (the ability's source, when both it and a candidate are unpaired creatures you control)."""


@dataclass(frozen=True, slots=True)
class PairWithEntering(V.Effect):
    """702.95a, the second trigger: "you may pair that creature [the one that entered] with this creature"."""

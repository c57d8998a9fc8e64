"""The vocabulary manastack/rules/blocking_requirements.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class MustBlock(V.Effect):
    """"target creature blocks CARDNAME this turn if able" (509.1c), provoke (702.39a): a blocking
    requirement of `target` toward the source."""

    target: V.Who



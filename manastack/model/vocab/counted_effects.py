"""The vocabulary manastack/rules/counted_effects.py executes (its rules are in that module's docstring):
effects whose size is counted as they resolve (608.2h)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PumpPer(V.Effect):
    """"Target creature gets -1/-1 until end of turn for each artifact you control": `power` / `toughness`
    times the number `per` counts as the effect resolves."""

    target: V.Who
    power: int
    toughness: int
    per: V.Count

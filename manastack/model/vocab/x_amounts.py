"""The vocabulary manastack/cards/templates/x_amounts.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class PumpX(V.Effect):
    """"gets +X/+0 until end of turn": `power` / `toughness` are signed terms, "+x", "-x" or "+2"."""

    target: V.Who
    power: str
    toughness: str



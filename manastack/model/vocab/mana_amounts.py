"""The vocabulary manastack/rules/mana_amounts.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import vocab as V

if TYPE_CHECKING:
    pass

DEVOTION = "devotion"  # ManaProduction.kind: for each one-color bag, that color times your devotion to it
INSTEAD = "instead"  # ConditionalProduction


@dataclass(frozen=True, slots=True)
class ConditionalProduction(V.ManaProduction):
    """"Add [base]. If [condition], add [alternative] instead": `condition` has holds(game, source id,
    lki, event object) (rules/turn_history.py HistoryCondition, templates/conditions.py StateCondition,
    ControlsEach)."""

    base: V.ManaProduction | None = None
    alternative: V.ManaProduction | None = None
    condition: object = None  # a condition family member: registry.CONDITION_EVALUATORS[type] reads it


@dataclass(frozen=True, slots=True)
class ControlsEach:
    """"If you control an Urza's Power-Plant and an Urza's Tower": for each entry (card types, subtypes),
    the source's controller controls a permanent with one of those card types (none given: any) and
    every one of those subtypes (205.3i: an Urza's Power-Plant has both land types Urza's and
    Power-Plant), by its current characteristics."""

    each: tuple[tuple[frozenset[str], frozenset[str]], ...]



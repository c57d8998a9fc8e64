"""The vocabulary manastack/rules/library_matching.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class SearchSameTotal(V.Effect):
    """701.19a: search your library for a `filter` card with the same total power and toughness as the
    trigger's event object, put it onto the battlefield (`to`) or into your hand."""

    filter: V.ObjectFilter
    to: str = "battlefield"



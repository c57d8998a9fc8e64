"""The characteristics of an object as they are now (613): what rules/continuous.py computes from the
printed card and the continuous effects, layer by layer."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .vocab import Ability

# The key under which a characteristics cache counts the reads of volatile characteristics (ones that
# change without an invalidation, GameState.volatile_chars): Game.derived keeps nothing computed
# while one was read.
VOLATILE_READS = "_volatile_reads"


class Chars:
    """The characteristics of an object as they are now."""

    __slots__ = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness", "keywords",
                 "abilities", "protection", "rules")

    def __init__(self, name: str, types: frozenset[str], subtypes: frozenset[str], supertypes: frozenset[str],
                 colors: frozenset[str], power: int | None, toughness: int | None, keywords: frozenset[str],
                 abilities: tuple[Ability, ...], protection: tuple[str, ...],
                 rules: frozenset[str] = frozenset()) -> None:
        self.name = name
        self.types = types
        self.subtypes = subtypes
        self.supertypes = supertypes
        self.colors = colors
        self.power = power
        self.toughness = toughness
        self.keywords = keywords
        self.abilities = abilities
        self.protection = protection
        self.rules = rules  # combat and untap rules from static abilities ("cant_block", ...)

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.types


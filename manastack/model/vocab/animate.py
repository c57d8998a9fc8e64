"""The vocabulary manastack/rules/animate.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from . import Effect, StaticAbility, Who


@dataclass(frozen=True, slots=True)
class Animation:
    """What an "animate" effect does, by layer: types/subtypes added (4), colors set or None (5),
    base power/toughness set (7b). Keywords (layer 6) travel in ContinuousEffect.keywords."""

    types: frozenset[str]
    subtypes: frozenset[str] = frozenset()
    all_creature_types: bool = False
    colors: frozenset[str] | None = None
    power: int = 0
    toughness: int = 0


@dataclass(frozen=True, slots=True)
class BecomeCreature(Effect):
    """"`target` becomes a P/T [colors] [subtypes] [artifact] creature [with keywords] until end of
    turn. It's still a land." (613.1d-f, 613.4b; 205.1b: it keeps its other types)."""

    target: Who
    animation: Animation
    keywords: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class AnimateStatic(StaticAbility):
    """"Forests you control are 1/1 green Elf creatures that are still lands" (Ambush Commander): a
    static ability (kind "animate", 604.1) animating the permanents its filter matches, in the same
    layers as `BecomeCreature` (4, 5, 7b) with the source's timestamp (613.7a)."""

    animation: Animation | None = None


ANIMATE = "animate"  # ContinuousEffect.kind read by rules/continuous.py

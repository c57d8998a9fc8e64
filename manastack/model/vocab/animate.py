"""The vocabulary manastack/rules/animate.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from . import Effect, ObjectFilter, StaticAbility, Who
from .statics import Condition


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
    # 205.1a: "becomes a blue Frog": the new creature type replaces its creature types (not "in addition")
    replaces_creature_types: bool = False
    # 205.1a: the new card types and subtypes replace the old ones (no "It's still a land" / "in addition")
    replace_types: bool = False
    # 613.4b: "... and gains "This creature's power and toughness are each equal to the number of lore counters
    # on it."" (Myth Realized; 604.3a: a granted ability defining P/T is no CDA, it sets the base P/T in layer
    # 7b): the base power and toughness are the counters of this kind on it
    pt_counters: str = ""
    # "becomes an artifact creature with power and toughness each equal to its mana value" (Karn, the Great
    # Creator; 613.4b): the base power and toughness are its mana value, read as the layers apply (202.3)
    pt_mana_value: bool = False


@dataclass(frozen=True, slots=True)
class BecomeCreature(Effect):
    """"`target` becomes a P/T [colors] [subtypes] [artifact] creature [with keywords] until end of
    turn. It's still a land." (613.1d-f, 613.4b; 205.1b: it keeps its other types). `until` "permanent": no
    duration ("CARDNAME becomes a 3/3 Knight creature with first strike", 611.2a: for as long as it stays on
    the battlefield)."""

    target: Who
    animation: Animation
    keywords: tuple[str, ...] = ()
    until: str = "eot"  # "permanent": no duration given (611.2a: it lasts as long as the permanent stays)
    # (or "while_source": "for as long as CARDNAME remains on the battlefield", 611.2b)


# ContinuousEffect.until of a "while_source" BecomeCreature: this prefix and the source's id (rules/animate.py ends it
# when that permanent leaves the battlefield)
WHILE_SOURCE = "while_source:"


@dataclass(frozen=True, slots=True)
class BecomeCreatureEach(Effect):
    """"Until end of turn, each planeswalker you control becomes a 4/4 red Dragon creature and gains flying"
    (Sarkhan the Masterless): a BecomeCreature of each permanent matching `filter` as it resolves (611.2c: the
    set is fixed then); 205.1a: its card types and subtypes are replaced (an "artifact creature" keeps them,
    205.1b)."""

    filter: ObjectFilter
    animation: Animation
    keywords: tuple[str, ...] = ()
    until: str = "eot"


@dataclass(frozen=True, slots=True)
class AnimateStatic(StaticAbility):
    """"Forests you control are 1/1 green Elf creatures that are still lands" (Ambush Commander): a
    static ability (kind "animate", 604.1) animating the permanents its filter matches, in the same
    layers as `BecomeCreature` (4, 5, 7b) with the source's timestamp (613.7a)."""

    animation: Animation | None = None


@dataclass(frozen=True, slots=True)
class ConditionalSelfAnimation(StaticAbility):
    """"Metalcraft — CARDNAME is a 5/5 Golem artifact creature as long as you control three or more
    artifacts" (Rusted Relic): while `condition` holds (611.3a), the permanent itself has the
    `animation`'s card types and subtypes (613.1d layer 4) and base power and toughness (613.4b layer
    7b; rules/static_counts.py). Kind SELF_ANIMATE."""

    animation: Animation | None = None
    condition: Condition | None = None


SELF_ANIMATE = "self_animate"


@dataclass(frozen=True, slots=True)
class LoseAllAbilities(Effect):
    """"Until end of turn, `target` loses all abilities [and has base power and toughness P/T]" (Humble):
    613.1f layer 6, with the base power and toughness `base_pt` set in layer 7b (613.4b), both with
    the effect's timestamp (613.7). "... and becomes a blue Frog with base power and toughness 1/1" (Turn
    to Frog): also its color set to `colors` (layer 5) and its creature types replaced by `subtypes`
    (layer 4, 205.1a)."""

    target: Who
    base_pt: tuple[int, int] | None = None
    colors: frozenset[str] | None = None
    subtypes: frozenset[str] = frozenset()
    # "... and becomes a green Elk creature with base power and toughness 3/3" (Oko, Thief of Crowns): its card
    # types and subtypes replaced by Creature and `subtypes` (205.1a: a Food is no longer an artifact)
    becomes_creature: bool = False
    until: str = "eot"  # "permanent": no duration (611.2a: as long as it stays on the battlefield)


@dataclass(frozen=True, slots=True)
class SwitchPowerToughness(Effect):
    """"Switch target creature's power and toughness until end of turn" (613.4d layer 7d)."""

    target: Who


ANIMATE = "animate"  # ContinuousEffect.kind read by rules/continuous.py
SET_COLORS = "set_colors"  # ContinuousEffect.kind: `target`'s colors are `data` (613.1e, layer 5)
LOSE_ALL = "lose_all_abilities"  # ContinuousEffect.kind: `target` loses all abilities (613.1f)
SWITCH_PT = "switch_pt"  # ContinuousEffect.kind: `target`'s power and toughness are switched (613.4d)


@dataclass(frozen=True, slots=True)
class BecomeColor(Effect):
    """"Target creature becomes blue until end of turn", "CARDNAME becomes colorless until end of turn":
    `target`'s colors are `colors` (an empty set: colorless) until end of turn (613.1e, layer 5; 105.2c)."""

    target: Who
    colors: frozenset[str]


@dataclass(frozen=True, slots=True)
class BecomeChosenColor(Effect):
    """"CARDNAME becomes the color of your choice until end of turn" (Caldera Kavu, Wild Mongrel): the
    ability's controller chooses one color as it resolves (608.2c); `target`'s colors are that color until
    end of turn (613.1e, layer 5)."""

    target: Who

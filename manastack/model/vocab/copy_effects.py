"""The vocabulary manastack/rules/copy_effects.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from ..zones import BATTLEFIELD
from . import ANY_OBJECT, Ability, Amount, Effect, ObjectFilter, StaticAbility, Who

ENTERS_AS_COPY = "enters_as_copy"  # StaticAbility.kind of EntersAsCopy


@dataclass(frozen=True, slots=True)
class CopyExceptions:
    """707.9: the modifications an "except ..." makes to the copiable values, and 707.9e the effect
    it adds as the permanent enters."""

    types: frozenset[str] = frozenset()  # "it's an artifact in addition to its other types"
    subtypes: frozenset[str] = frozenset()  # "it's an Illusion in addition to its other types"
    supertypes: frozenset[str] = frozenset()  # "it's legendary in addition to its other types"
    not_supertypes: frozenset[str] = frozenset()  # "it isn't legendary"
    colors: frozenset[str] = frozenset()  # "it's black in addition to its other colors"
    keywords: frozenset[str] = frozenset()  # "it has flying"
    power: int | None = None  # "it's 7/7"
    toughness: int | None = None
    own_name: bool = False  # "its name is CARDNAME"
    own_abilities: bool = False  # "it has CARDNAME's other abilities"
    counters: tuple[tuple[str, Amount], ...] = ()  # 707.9e "it enters with an additional +1/+1 counter on it"
    this_ability: bool = False  # "it has this ability": the ability whose effect makes the copy (707.9a)


@dataclass(frozen=True, slots=True)
class EntersAsCopy(StaticAbility):
    """"You may have CARDNAME enter as a copy of [an object] [, except ...]" (707.5, 614.1c): which
    objects may be copied (`of`, among the permanents on the battlefield or, with `zone` "graveyard",
    the cards in graveyards), the abilities the exceptions give the copy (`added`, with the
    modifications in `exceptions`), and whether the copy enters tapped (`tapped`)."""

    of: ObjectFilter = ANY_OBJECT
    zone: str = BATTLEFIELD
    added: tuple[Ability, ...] = ()
    exceptions: CopyExceptions = CopyExceptions()
    tapped: bool = False  # "enter tapped as a copy of" (Vesuva): tapped only if it does enter as a copy




@dataclass(frozen=True, slots=True)
class BecomeCopy(Effect):
    """"CARDNAME becomes a copy of target land, except it has this ability" (707.1, 613.2a layer 1; with
    no duration it lasts for as long as the permanent stays on the battlefield, 611.2b): `subject` becomes a copy of `of`, with
    the abilities the exceptions give it (`added`) and their modifications (`exceptions`)."""

    subject: Who
    of: Who
    added: tuple[Ability, ...] = ()
    exceptions: CopyExceptions = CopyExceptions()
    until_eot: bool = False  # "until end of turn" (514.2)

"""The vocabulary manastack/rules/vehicles_facedown.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import Cost, Effect, ObjectFilter, StaticAbility, Who

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class CrewBonus(StaticAbility):
    """"CARDNAME crews Vehicles as though its power were N greater" (`saddle`: "saddles Mounts and
    crews Vehicles ..."). Only the crew (and saddle) cost's total power sees it."""

    saddle: bool = False


@dataclass(frozen=True, slots=True)
class BecomeCrewed(Effect):
    """The effect of a crew ability (702.122a: the source becomes an artifact creature until end of
    turn) or, with `saddle`, of a saddle ability (702.171a: it becomes saddled until end of turn);
    with `target` (saddle only), "it / target Mount you control becomes saddled until end of turn"."""

    saddle: bool = False
    target: Who | None = None


@dataclass(frozen=True, slots=True)
class BecomeArtifactCreature(Effect):
    """"CARDNAME / it / target Vehicle becomes an artifact creature until end of turn" (`target`), or
    "Vehicles you control become artifact creatures until end of turn" (`filter`, the set fixed as it
    resolves, 611.2c): a layer-4 type-adding effect (613.1d); printed power and toughness apply."""

    target: Who | None = None
    filter: ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class ReconfigureAttach(Effect):
    """702.151a: "Attach this permanent to another target creature you control" (301.5c: an Equipment
    with reconfigure may equip though it's a creature; 702.151b: attached, it stops being a creature)."""

    target: Who | None = None  # a Ref


@dataclass(frozen=True, slots=True)
class ReconfigureUnattach(Effect):
    """702.151a: "Unattach this permanent"."""


@dataclass(frozen=True, slots=True)
class AttachedToCreatureCost(Cost):
    """702.151a: "Activate only if this permanent is attached to a creature" (checked with the cost, 602.5b)."""

@dataclass(frozen=True, slots=True)
class CrewedItFilter(ObjectFilter):
    """"target creature that crewed it this turn" / "... that saddled it this turn" (702.122b, 702.171c):
    a creature tapped to pay a crew (saddle) cost of the source this turn, still the same object (400.7)."""

    saddled: bool = False


@dataclass(frozen=True, slots=True)
class CrewCost(Cost):
    """702.122a / 702.171a: "Tap any number of other untapped creatures you control with total power N
    or greater". `saddle`: the cost of a saddle ability (702.171c) rather than crew (702.122b)."""

    crew: int = 0
    saddle: bool = False


@dataclass(frozen=True, slots=True)
class AnyOfFilter(ObjectFilter):
    """An object matching any of `options` ("Enchant creature or Vehicle": a card type or a subtype),
    and, when `face_down` is set, face down or not ("target face-down creature", 708). Read by
    rules/stack.py matches_filter through `extra_match`; the inherited fields stay empty."""

    options: tuple[ObjectFilter, ...] = ()
    face_down: bool | None = None



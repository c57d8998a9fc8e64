"""The vocabulary manastack/rules/vehicles_facedown.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..state import BATTLEFIELD, Obj
from . import Cost, Effect, ObjectFilter, StaticAbility

if TYPE_CHECKING:
    from ...engine.game import Game


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
    target: Any = None


@dataclass(frozen=True, slots=True)
class BecomeArtifactCreature(Effect):
    """"CARDNAME / it / target Vehicle becomes an artifact creature until end of turn" (`target`), or
    "Vehicles you control become artifact creatures until end of turn" (`filter`, the set fixed as it
    resolves, 611.2c): a layer-4 type-adding effect (613.1d); printed power and toughness apply."""

    target: Any = None
    filter: Any = None


@dataclass(frozen=True, slots=True)
class ReconfigureAttach(Effect):
    """702.151a: "Attach this permanent to another target creature you control" (301.5c: an Equipment
    with reconfigure may equip though it's a creature; 702.151b: attached, it stops being a creature)."""

    target: Any = None  # a Ref


@dataclass(frozen=True, slots=True)
class ReconfigureUnattach(Effect):
    """702.151a: "Unattach this permanent"."""


@dataclass(frozen=True, slots=True)
class AttachedToCreatureCost(Cost):
    """702.151a: "Activate only if this permanent is attached to a creature" (checked with the cost, 602.5b)."""

    def extra_block_reason(self, g: Game, o: Obj) -> str | None:
        host = g.s.objects.get(o.attached_to) if o.attached_to is not None else None
        if host is None or host.zone != BATTLEFIELD or not g.chars(host).is_creature:
            return f"{o.card.name}: activate only if it is attached to a creature (702.151a)"
        return None


@dataclass(frozen=True, slots=True)
class CrewedItFilter(ObjectFilter):
    """"target creature that crewed it this turn" / "... that saddled it this turn" (702.122b, 702.171c):
    a creature tapped to pay a crew (saddle) cost of the source this turn, still the same object (400.7)."""

    saddled: bool = False

    def extra_match(self, g: Game, o: Obj, c: Any, controller: int, source: int | None) -> bool:
        if "Creature" not in c.types or source is None:
            return False
        kind = "saddled_by" if self.saddled else "crewed_by"
        return any(e.kind == kind and e.target == source and o.id in e.data for e in g.s.effects)



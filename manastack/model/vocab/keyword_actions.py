"""The vocabulary manastack/rules/keyword_actions.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from . import CardDef, Effect, Ref


@dataclass(frozen=True, slots=True)
class Fight(V.Effect):
    """701.12a."""

    first: V.Who
    second: V.Who


@dataclass(frozen=True, slots=True)
class PowerDamage(V.Effect):
    """"[source] deals damage equal to its power to [target]"; with `each`, every permanent matching it as the
    effect happens is a source ("Each creature you control deals damage equal to its power to each opponent",
    Lukka, Coppercoat Outcast; 120.3)."""

    source: V.Who
    to: V.Who
    each: V.ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class Monstrosity(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class Adapt(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class Bolster(V.Effect):
    amount: V.Amount


@dataclass(frozen=True, slots=True)
class Connive(V.Effect):
    target: V.Who


@dataclass(frozen=True, slots=True)
class Populate(V.Effect):
    pass


@dataclass(frozen=True, slots=True)
class Amass(V.Effect):
    subtype: str
    amount: V.Amount
    army: CardDef | None = None  # CardDef of the 0/0 black [subtype] Army token


@dataclass(frozen=True, slots=True)
class GetEnergy(V.Effect):
    """"You get {E}{E}": the player gets that many energy counters (107.14)."""

    amount: V.Amount
    who: V.Who = V.YOU


@dataclass(frozen=True, slots=True)
class PayEnergy(V.Effect):
    """"Pay {E}{E}" as the ability resolves (107.14: remove that many energy counters; only a player who
    has them can pay)."""

    amount: int


@dataclass(frozen=True, slots=True)
class TapOrUntap(V.Effect):
    """"[You may] tap or untap target permanent" (701.21a): the controller chooses as it resolves."""

    target: V.Who
    optional: bool = False


@dataclass(frozen=True, slots=True)
class Endure(V.Effect):
    """701.63a (2026 rules): the permanent's controller creates an N/N white Spirit token unless they put N
    +1/+1 counters on the permanent (impossible once it has left the battlefield)."""

    of: V.Who
    amount: int
    spirit: CardDef | None = None  # CardDef of the N/N white Spirit token


@dataclass(frozen=True, slots=True)
class PutCountersOf(V.Effect):
    """"Put its counters on target creature you control" (122.8: once it has left the battlefield, the same
    number of each kind of counter it had)."""

    of: V.Who
    target: V.Who


@dataclass(frozen=True, slots=True)
class UntapUpTo(V.Effect):
    """"Untap up to three lands" (no target: chosen as it resolves, 701.21a)."""

    filter: V.ObjectFilter
    amount: int


@dataclass(frozen=True, slots=True)
class TapAll(V.Effect):
    """"Tap all creatures your opponents control" (701.21a: each untapped matching permanent becomes tapped)."""

    filter: V.ObjectFilter


@dataclass(frozen=True, slots=True)
class Attach(Effect):
    """701.3a: attach the source (an Equipment, 301.5) to the target object."""

    target: Ref


@dataclass(frozen=True, slots=True)
class CreateAndAttach(Effect):
    """702.92a living weapon / 702.163a For Mirrodin! / "create a 1/1 white Soldier creature token,
    then attach this Equipment to it": create the token, then attach the source to it (701.3a)."""

    token: CardDef




@dataclass(frozen=True, slots=True)
class AnotherCounter(Effect):
    """122.1: "For each kind of counter on target permanent or player, give that permanent or player another
    counter of that kind" (`each_kind`), or "Choose a counter on target permanent or player. Give that
    permanent or player another counter of that kind" (one kind, chosen among those it has)."""

    target: Ref
    each_kind: bool = True

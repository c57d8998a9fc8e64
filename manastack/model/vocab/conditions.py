"""The conditions abilities check about a source's controller and this turn: 603.4 intervening "if"
clauses, "enters with ... counters if [history]" (614.1c) and "Activate only if [history]" (602.5b).
Pure data; rules/intervening.py says whether one holds (`holds`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import ObjectFilter, StaticAbility

if TYPE_CHECKING:
    from .statics import Condition


@dataclass(frozen=True, slots=True)
class WasKicked:
    """603.4 / 702.33d: "When CARDNAME enters, if it was kicked, ..." — the permanent remembers that
    the spell it was had its kicker cost paid (rules/trigger_events.py remember_kicked)."""


@dataclass(frozen=True, slots=True)
class CostWasPaid:
    """603.4: "When CARDNAME enters, if its surge cost was paid, ..." (702.117a surge, 702.137a spectacle,
    702.35a madness, 702.119a emerge): the permanent remembers the alternative cost its spell was cast for
    (rules/trigger_events.py remember_costs_paid)."""

    kind: str


@dataclass(frozen=True, slots=True)
class CastXAtLeast:
    """603.4 / 107.3m: "When this permanent enters, if X is 5 or more, ..." (702.156a ravenous): the X paid for the
    spell the permanent was."""

    n: int


@dataclass(frozen=True, slots=True)
class TributeNotPaid:
    """603.4 / 702.104b: "When CARDNAME enters, if tribute wasn't paid, ..." — the opponent chosen for its tribute
    didn't have it enter with the +1/+1 counters (rules/enters_keywords.py, GameState.tribute_unpaid)."""


@dataclass(frozen=True, slots=True)
class ControlCount:
    """603.4: "if you control two or more Gates" (at_least 2), "if you control another Spirit" (1),
    "if you control no tapped lands" (at_most 0). `flt.other` leaves the source itself out. `opponent`: "if an
    opponent controls three or more creatures" (some opponent's permanents are counted)."""

    flt: ObjectFilter
    at_least: int = 0
    at_most: int | None = None
    opponent: bool = False
    besides_event: bool = False  # "at least five other Mountains": other than the trigger's event object
    distinct_names: bool = False  # "lands with different names": how many names among them (201.2)


@dataclass(frozen=True, slots=True)
class NoCountersOnSource:
    """603.4: "if there are no arrowhead counters on CARDNAME" — the source (its last known
    information once it has left, 603.10) has no counters of `kind`."""

    kind: str


@dataclass(frozen=True, slots=True)
class OpponentMoreLands:
    """603.4: "if an opponent (defending player) controls more lands than you"."""


@dataclass(frozen=True, slots=True)
class HistoryCondition:
    """A condition about this turn for the controller of the source (rules/turn_history.py KINDS): an
    intervening "if" (603.4) of a triggered ability, or the condition of "enters with ... counters
    if ..." (614.1c) and of "Activate only if ..." (602.5b)."""

    kind: str


# HistoryCondition.kind "you_sacrificed:N:Type": the controller sacrificed N or more permanents of that card type or
# subtype this turn (701.17a; "" for any permanent)
SACRIFICED = "you_sacrificed"


@dataclass(frozen=True, slots=True)
class StateCondition:
    """603.4: an intervening "if" clause that is a static-ability condition ("if you control a Swamp",
    "if you have 10 or more life"), read for the source (or its last known information)."""

    condition: Condition


@dataclass(frozen=True, slots=True)
class CountersIfHappened(StaticAbility):
    """614.1c: "CARDNAME enters with N [kind] counters on it if [history]"."""

    condition: HistoryCondition | None = None



@dataclass(frozen=True, slots=True)
class SourceIsType:
    """603.4: "if CARDNAME is an enchantment" — the source has the card type `card_type` now (rules/intervening.py)."""

    card_type: str


@dataclass(frozen=True, slots=True)
class EventObjectMatches:
    """608.2c: "If that land is a Forest, ... instead" — the object the trigger event refers to (the land that
    entered) matches `flt` as the ability resolves (rules/intervening.py)."""

    flt: ObjectFilter


@dataclass(frozen=True, slots=True)
class PlayerHasMostLife:
    """603.4: "if a player has more life than each other player" (rules/intervening.py)."""


@dataclass(frozen=True, slots=True)
class HasCounters:
    """603.4: "if it had counters on it" (`of_event`: the object the trigger event refers to, as it last existed,
    603.10a) / "if CARDNAME has counters on it" (the source): any kind of counter (rules/intervening.py)."""

    of_event: bool = False


@dataclass(frozen=True, slots=True)
class TotalPowerAtLeast:
    """207.2c formidable: "if creatures you control have total power 8 or greater" (an intervening "if", 603.4, or
    "Activate only if ...", 602.5b): the powers of the creatures the source's controller controls, added."""

    n: int

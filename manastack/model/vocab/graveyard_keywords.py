"""The vocabulary manastack/rules/graveyard_keywords.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import vocab as V

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class ReturnWithCounter(V.Effect):
    """702.79a / 702.93a: "return it to the battlefield under its owner's control with a `kind`
    counter on it", if it had no `kind` counter on it (the intervening if, 603.4)."""

    kind: str


@dataclass(frozen=True, slots=True)
class NoCounterTrigger(V.TriggeredAbility):
    """A "when this is put into a graveyard from the battlefield, if it had no `counter_kind`
    counters on it, ..." trigger (persist, undying): the intervening if reads last known
    information (603.10a)."""

    counter_kind: str = ""

@dataclass(frozen=True, slots=True)
class GraveyardAbility(V.ActivatedAbility):
    """An activated ability that functions only while its card is in its owner's graveyard (113.6m:
    its cost or effect moves the card out of the graveyard; 702.84a unearth, 702.97a scavenge,
    702.128a embalm, 702.129a eternalize). `exile_self`: "Exile this card from your graveyard" is part
    of the cost. rules/stack.py never lists it among a permanent's abilities; it is activated from the
    graveyard (activate_from_graveyard) by the card's owner."""

    zone: str = "graveyard"
    exile_self: bool = False


@dataclass(frozen=True, slots=True)
class ReturnSelf(V.Effect):
    """"Return this card from your graveyard to your hand / to the battlefield [tapped]" (113.6m): the
    card that is the source of the ability, if it is still in the graveyard (400.7)."""

    to: str  # "hand" or "battlefield"
    tapped: bool = False


@dataclass(frozen=True, slots=True)
class Unearth(V.Effect):
    """702.84a: "Return this card from your graveyard to the battlefield. It gains haste. Exile it at
    the beginning of the next end step. If it would leave the battlefield, exile it instead of putting
    it anywhere else." The haste lasts indefinitely (611.2a), the exile is a delayed triggered ability
    (603.7) and the last sentence a replacement effect (614.1a) on that permanent."""


@dataclass(frozen=True, slots=True)
class ExileSource(V.Effect):
    """"Exile it": the permanent the delayed trigger refers to, if it is still on the battlefield."""


@dataclass(frozen=True, slots=True)
class ScavengeCounters(V.Effect):
    """702.97a: "Put a number of +1/+1 counters equal to the power of the card you exiled on target
    creature": the power of the card as it last existed in the graveyard (its source's last known
    information)."""

    target: V.Ref


@dataclass(frozen=True, slots=True)
class CreateCopyToken(V.Effect):
    """702.128a embalm / 702.129a eternalize: "Create a token that's a copy of this card, except it's
    white (black, 4/4), it has no mana cost, and it's a Zombie in addition to its other types." The
    copiable values are the card's printed ones (707.2) with the exceptions (707.9b)."""

    color: str  # "W" or "B"
    power_toughness: tuple[int, int] | None = None


@dataclass(frozen=True, slots=True)
class Dredge(V.Ability):
    """702.52a: "Dredge N" functions while the card is in its owner's graveyard: "As long as you have at
    least N cards in your library, if you would draw a card, you may instead mill N cards and return this
    card from your graveyard to your hand." (702.52b: not with fewer than N cards in the library.)"""

    amount: int


@dataclass(frozen=True, slots=True)
class GraveyardTrigger(V.TriggeredAbility):
    """A triggered ability that functions only while its card is in its owner's graveyard (113.6m: its
    effect moves the card out of the graveyard: "Whenever an artifact you control enters, you may return
    this card from your graveyard to your hand"). Its `event` is "graveyard" so that nothing on the
    battlefield matches it; `graveyard_event` is the real one, given to rules/triggers.py by `_watch`."""

    graveyard_event: str = ""



"""The vocabulary manastack/rules/upkeep_keywords.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .. import vocab as V
from ..costs import ManaCost

if TYPE_CHECKING:
    pass


@dataclass(frozen=True, slots=True)
class EchoTrigger(V.TriggeredAbility):
    """702.30a: "At the beginning of your upkeep, if this permanent came under your control since the
    beginning of your last upkeep, sacrifice it unless you pay [cost]." A permanent came under its
    controller's control since the beginning of their last upkeep exactly when it was "summoning sick"
    (302.6: not continuously controlled since their most recent turn began) as their untap step began
    — nothing can enter during an untap step (502.4: no player gets priority). `_mark_echo` records
    that before the untap step ends the sickness; the trigger uses the record up (603.4)."""

@dataclass(frozen=True, slots=True)
class RemoveCounterOrSacrifice(V.Effect):
    """702.32a fading: "remove a fade counter from this permanent. If you can't, sacrifice the
    permanent." 702.63a vanishing (`kind` "time", `sacrifice_on_last`): "remove a time counter from
    it" and, when the last is removed, the linked trigger "sacrifice it" (LastCounterRemoved)."""

    kind: str
    vanishing: bool = False


@dataclass(frozen=True, slots=True)
class CounterTrigger(V.TriggeredAbility):
    """702.63a vanishing's upkeep trigger: "if this permanent has a time counter on it" (603.4)."""

    counter_kind: str = ""

@dataclass(frozen=True, slots=True)
class SacrificeSource(V.Effect):
    """"Sacrifice it": the source permanent, if it is still on the battlefield (701.17a)."""


@dataclass(frozen=True, slots=True)
class CumulativeUpkeep(V.Effect):
    """702.24a: "put an age counter on this permanent. Then you may pay [cost] for each age counter on
    it. If you don't, sacrifice it." (the choice and the payment: rules/referred_objects.py
    "pay_or_sacrifice", 118.12a)."""

    cost: ManaCost


@dataclass(frozen=True, slots=True)
class CumulativeUpkeepLife(V.Effect):
    """702.24a with a life cost: "put an age counter on this permanent. Then you may pay N life for each
    age counter on it. If you don't, sacrifice it." (119.4: a player can pay life only up to their life
    total; 0 life can always be paid.)"""

    life: int


@dataclass(frozen=True, slots=True)
class SacrificeUnlessDiscard(V.Effect):
    """118.12a: "sacrifice it unless you discard a card": 702.30a with a discard cost ("Echo—Discard a card"),
    Masticore's upkeep ("At the beginning of your upkeep, sacrifice CARDNAME unless you discard a card"), "When
    CARDNAME enters, sacrifice it unless you discard a land card" (`filter`: the quality of the card). The
    controller answers with the card to discard, or false to sacrifice it. `rule`: the rule the discard cites."""

    filter: V.ObjectFilter | None = None
    rule: str = "118.12a"



"""The vocabulary manastack/rules/enters_keywords.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class Fabricate(V.Effect):
    """702.123a: "you may put N +1/+1 counters on it. If you don't, create N 1/1 colorless Servo
    artifact creature tokens." The controller answers true (counters) or false (Servos); a permanent
    no longer on the battlefield can't get counters, so the Servos are created (702.123a rulings)."""

    amount: int
    servos: tuple[V.Effect, ...]  # the "create N 1/1 colorless Servo artifact creature tokens" effect


@dataclass(frozen=True, slots=True)
class Evolve(V.Effect):
    """702.100a's effect, with the intervening if rechecked (603.4)."""


@dataclass(frozen=True, slots=True)
class EvolveTrigger(V.TriggeredAbility):
    """702.100a: "Whenever a creature you control enters, if that creature's power is greater than this
    creature's power and/or that creature's toughness is greater than this creature's toughness, put a
    +1/+1 counter on this creature." Checked as it enters (603.4) and again on resolution (Evolve)."""


@dataclass(frozen=True, slots=True)
class GraftTrigger(V.TriggeredAbility):
    """702.58a graft's triggered ability: "Whenever another creature enters, if this permanent has a +1/+1
    counter on it, you may move a +1/+1 counter from this permanent onto that creature" (the "if" is an
    intervening clause, 603.4: checked as it triggers and as it resolves)."""


@dataclass(frozen=True, slots=True)
class GraftMove(V.Effect):
    """702.58a / 122.5: move a +1/+1 counter from the source onto the creature that entered (the trigger's
    event object): one counter is removed from the source and one is put on it."""

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



"""Events: changes to the game as values (DESIGN.md). Each carries the rule that causes it; the engine
performs it through one door, `Game.perform` (engine/game.py): replacement effects rewrite it first
(614, 616.1), then it changes the state, is logged, marks what state-based actions look at (704.3)
from its own type, and the triggered abilities that watch for it are collected (603.2).

Life changes, tapping and untapping, and mana added go through the door today; the other changes
(zone changes, damage, counters, tokens) still have their own code (docs/architecture.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .mana import Bag


@dataclass(frozen=True, slots=True)
class Event:
    """A change to the game, caused by `rule`. `SBA`: whether a state-based action may care (704.5:
    life, the permanents and their characteristics, ...); events that don't are not checked for."""

    rule: str
    SBA: ClassVar[bool] = True


@dataclass(frozen=True, slots=True)
class LifeChange(Event):
    """119.3: `player` gains (`delta` > 0) or loses (< 0) life; `source` names what caused it."""

    player: int = 0
    delta: int = 0
    source: str = ""


@dataclass(frozen=True, slots=True)
class TapChange(Event):
    """701.26: the permanent `obj` becomes tapped (`tapped`) or untapped."""

    obj: int = 0
    tapped: bool = True
    SBA: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class ManaAdded(Event):
    """106.3: `mana` is added to `player`'s mana pool by `source` (106.12: `tapped_for_mana`)."""

    player: int = 0
    mana: Bag = (0, 0, 0, 0, 0, 0)
    source: str = ""
    tapped_for_mana: bool = False
    SBA: ClassVar[bool] = False

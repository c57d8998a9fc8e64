"""The vocabulary manastack/rules/turn_history.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V
from .conditions import HistoryCondition, StateCondition


@dataclass(frozen=True, slots=True)
class UnlessHappened(V.Effect):
    """608.2c: "Then discard a card unless you attacked this turn" (Chart a Course): `effects` happen unless
    `condition` (this turn's history, for the controller) holds as the spell or ability resolves."""

    effects: tuple[V.Effect, ...]
    condition: HistoryCondition


@dataclass(frozen=True, slots=True)
class SpellsCastThisTurn:
    """603.4: "if you've cast three or more instant and sorcery spells this turn": at least `minimum` spells
    the source's controller cast this turn (601.2i; copies aren't cast, 707.10) matching `filter` (None:
    any spell), an intervening "if" clause (rules/turn_history.py)."""

    minimum: int
    filter: V.ObjectFilter | None = None


@dataclass(frozen=True, slots=True)
class UnlessCondition(V.Effect):
    """608.2c: "At the beginning of your upkeep, you lose 1 life unless an opponent has 10 or less life" (Vampire
    Lacerator), "sacrifice a creature unless an opponent has three or more poison counters" (Ravenous
    Necrotitan): `effects` happen unless `condition` (a StateCondition, for the source's controller) holds as
    the ability resolves."""

    effects: tuple[V.Effect, ...]
    condition: StateCondition
    # 608.2c: "You may draw an additional card if CARDNAME is enchanted" (Rayne): the effects happen only if the
    # condition holds as the ability resolves (the "if" reading of the same check)
    if_holds: bool = False

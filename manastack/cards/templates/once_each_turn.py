""""This ability triggers only once each turn." (a limit on a triggered ability, CR 603.2: once it has
triggered this turn, further trigger events this turn are ignored; it may trigger again next turn).

The sentence compiles to a marker among the ability's effects (it does nothing as the ability
resolves); rules/triggers.py asks TRIGGER_GATES before an ability triggers, and the gate here
remembers, per turn, which source's ability has triggered. The record lives in the state's
dictionary as a frozenset, so `clone()` copies it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...model import vocab as V
from ...rules import triggers
from ...rules.effects import register_effect
from ..compiler import sentence_template

if TYPE_CHECKING:
    from ...engine.game import Game


@dataclass(frozen=True, slots=True)
class TriggersOnceEachTurn(V.Effect):
    """Not an effect: the "triggers only once each turn" limit of the ability it ends."""


register_effect(TriggersOnceEachTurn, lambda g, ctx, e: None)


@sentence_template(r"this ability triggers only once each turn")
def _once_each_turn(m: re.Match, targets: list) -> list:
    return [TriggersOnceEachTurn()]


def _gate(g: Game, source: int, ability: Any) -> bool:
    if not any(isinstance(e, TriggersOnceEachTurn) for e in getattr(ability, "effects", ())):
        return True
    s = g.s
    key = (source, ability.text, s.turn)
    done = s.__dict__.get("triggered_once", frozenset())
    if key in done:
        return False
    s.triggered_once = frozenset(k for k in done if k[2] == s.turn) | {key}  # type: ignore[attr-defined]
    return True


triggers.TRIGGER_GATES.append(_gate)

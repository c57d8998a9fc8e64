""""This ability triggers only once each turn." (a limit on a triggered ability, CR 603.2: once it has
triggered this turn, further trigger events this turn are ignored; it may trigger again next turn).

The sentence compiles to a marker among the ability's effects (it does nothing as the ability
resolves); rules/triggers.py asks TRIGGER_GATES before an ability triggers, and the gate here
remembers, per turn, which source's ability has triggered. The record lives in the state's
dictionary as a frozenset, so `clone()` copies it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ...model.vocab.triggers import (  # noqa: F401 (the vocabulary this module executes)
    TriggersOnceEachTurn,
)
from ..compiler import sentence_template

if TYPE_CHECKING:
    pass


@sentence_template(r"this ability triggers only once each turn")
def _once_each_turn(m: re.Match, targets: list) -> list:
    return [TriggersOnceEachTurn()]



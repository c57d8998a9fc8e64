"""The vocabulary manastack/rules/trigger_keywords.py executes (its rules are in that module's docstring)."""

from __future__ import annotations

from dataclasses import dataclass

from .. import vocab as V


@dataclass(frozen=True, slots=True)
class ExtortDrain(V.Effect):
    """702.101a: "each opponent loses 1 life and you gain life equal to the total life lost this way"."""


@dataclass(frozen=True, slots=True)
class ExileTopOfLibrary(V.Effect):
    """702.115a ingest: "that player exiles the top card of their library" (`amount` cards of the library
    of each player `who` refers to)."""

    who: V.Who = V.EVENT_PLAYER
    amount: int = 1


@dataclass(frozen=True, slots=True)
class Exploits(V.Effect):
    """702.110b: after exploit's "you may sacrifice a creature", the creature with exploit "exploits a creature"
    when a creature was sacrificed this way: its "When CARDNAME exploits a creature" abilities trigger."""
